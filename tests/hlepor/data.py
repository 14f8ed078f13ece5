"""Real sentences for the hLEPOR tests (WMT17 DA joins and WMT21 news), read once per process."""

from __future__ import annotations

import csv
import gzip
from functools import lru_cache

from tests.datapaths import WMT17, WMT21, read_text, require


@lru_cache(maxsize=1)
def wmt17_pairs() -> list[tuple[str, str, str, float]]:
    """(lp, ref, hyp, DA z-score) of the 2,800 judged WMT17 segments (already lowercased and tokenised)."""
    path = require(WMT17 / "derived" / "newstest2017.da-seg.joined.tsv.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    return [(r["lp"], r["ref"], r["hyp"], float(r["z"])) for r in rows]


@lru_cache(maxsize=1)
def wmt21_de_en(limit: int = 400) -> tuple[list[str], list[str], list[str]]:
    """Hypotheses (Online-A) and references A and B of WMT21 de-en (raw, cased, untokenised)."""
    base = WMT21 / "txt"
    hyps = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:limit]
    ref_a = read_text(require(base / "references" / "newstest2021.de-en.ref.A.en"))[:limit]
    ref_b = read_text(require(base / "references" / "newstest2021.de-en.ref.B.en"))[:limit]
    return hyps, ref_a, ref_b
