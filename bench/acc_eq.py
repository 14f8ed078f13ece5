"""Time acc-eq's tie-threshold search on the WMT21 DA tables (sentence chrF vs DA z).

For each of is-en, ja-en, ru-en (``../shared/data/test/wmt21-news/derived/``): all rows pooled
("no grouping", mtme ``average_by="none"``) and grouped by source segment ("group by item",
``average_by="item"``), both exact (every pair; mtme ``sample_rate=1.0``). The search is
``O(P log P)`` in the pairs ``P``; the table prints the pairs, the seconds and the rate. Scoring
chrF is not timed. Settings are fixed (no tuning on this test data).

    python bench/acc_eq.py [--lps ru-en ...]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import time
from pathlib import Path

import numpy as np
import sacrebleu

from mtmetrics.stats.ties import acc_eq

DERIVED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "test" / "wmt21-news" / "derived"


def load(lp: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sentence chrF (all references), DA z and item ids of one pair's joined DA table."""
    with gzip.open(DERIVED / f"newstest2021.{lp}.da-seg.joined.tsv.gz", "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    refs = [c for c in rows[0] if c.startswith("ref_")]
    metric = np.array([sacrebleu.sentence_chrf(r["hyp"], [r[c] for c in refs]).score for r in rows])
    human = np.array([float(r["z"]) for r in rows])
    items = np.array([int(r["sid"]) for r in rows])
    return metric, human, items


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lps", nargs="+", default=["is-en", "ja-en", "ru-en"])
    ns = ap.parse_args()
    print("| pair | rows | grouping | pairs | acc-eq | ε | seconds | pairs/s |")
    print("|---|---|---|---|---|---|---|---|")
    for lp in ns.lps:
        metric, human, items = load(lp)
        for name, groups in (("none", None), ("item", items)):
            t0 = time.perf_counter()
            res = acc_eq(metric, human, groups)
            dt = time.perf_counter() - t0
            print(
                f"| {lp} | {len(metric)} | {name} | {res.pairs:,} | {res.value:.4f} | {res.epsilon:.4g} | "
                f"{dt:.2f} | {res.pairs / dt:,.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
