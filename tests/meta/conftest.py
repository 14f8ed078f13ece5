"""Small subsets of the real judged-segment tables, written once per session."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tests.datapaths import DATA, WMT17, require

WMT17_JOINED = WMT17 / "derived" / "newstest2017.da-seg.joined.tsv.gz"
WMT21_RUEN = DATA / "test" / "wmt21-news" / "derived" / "newstest2021.ru-en.da-seg.joined.tsv.gz"
JOSHUA = DATA / "nbest" / "joshua-bn-en" / "test" / "bn-en" / "hiero"


def _subset(src: Path, dst: Path, keep: int, lps: tuple[str, ...] | None = None, max_sid: int | None = None) -> Path:
    with gzip.open(require(src), "rt", encoding="utf-8") as fh:
        lines = fh.read().split("\n")[:-1]
    sid = lines[0].split("\t").index("sid")
    rows = [ln for ln in lines[1:] if lps is None or ln.split("\t", 1)[0] in lps]
    if max_sid is not None:
        rows = [ln for ln in rows if int(ln.split("\t")[sid]) <= max_sid]
    dst.write_text("\n".join([lines[0], *rows[:keep]]) + "\n", encoding="utf-8")
    return dst


@pytest.fixture(scope="session")
def wmt17_small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """cs-en (all 560 rows) and the first 300 de-en rows of the WMT17 DA join, as plain TSV."""
    d = tmp_path_factory.mktemp("wmt17")
    a = _subset(WMT17_JOINED, d / "cs.tsv", 560, ("cs-en",)).read_text(encoding="utf-8").split("\n")
    b = _subset(WMT17_JOINED, d / "de.tsv", 300, ("de-en",)).read_text(encoding="utf-8").split("\n")
    out = d / "small.tsv"
    out.write_text("\n".join(a[:-1] + b[1:]), encoding="utf-8")
    return out


@pytest.fixture(scope="session")
def wmt21_small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """WMT21 ru-en join rows of source segments 1-40 (two references, a source column), gzipped."""
    d = tmp_path_factory.mktemp("wmt21")
    plain = _subset(WMT21_RUEN, d / "ruen.tsv", 10**6, max_sid=40)
    out = d / "ruen.tsv.gz"
    out.write_bytes(gzip.compress(plain.read_bytes()))
    return out
