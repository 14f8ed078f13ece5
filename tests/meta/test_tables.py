"""Reading TSV/JSONL tables and detecting their columns (real WMT joins and small hand-made files)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtmetrics.errors import InputError
from mtmetrics.io.tables import default_human, detect_columns, read_table
from mtmetrics_meta.nbest import read_nbest
from tests.meta.conftest import JOSHUA, WMT17_JOINED, WMT21_RUEN


def test_wmt17_join_detection() -> None:
    t = read_table(WMT17_JOINED)
    assert len(t) == 2800
    c = detect_columns(t)
    assert (c.system, c.segment, c.hyp, c.refs, c.source, c.group) == ("system", "sid", "hyp", ("ref",), None, "lp")
    assert default_human(t) == "z"


def test_wmt21_join_detection() -> None:
    t = read_table(WMT21_RUEN)
    c = detect_columns(t)
    assert (c.system, c.segment, c.source, c.refs) == ("da_system", "sid", "source", ("ref_A", "ref_B"))


def test_jsonl_equals_tsv(tmp_path: Path) -> None:
    rows = [
        {"system": "a", "sid": 1, "hyp": "x y", "ref": "x y", "z": 0.5},
        {"system": "b", "sid": 1, "hyp": "x", "ref": "x y", "z": -0.5},
    ]
    j = tmp_path / "t.jsonl.gz"
    j.write_bytes(gzip.compress("\n".join(json.dumps(r) for r in rows).encode()))
    tsv = tmp_path / "t.tsv"
    tsv.write_text("system\tsid\thyp\tref\tz\na\t1\tx y\tx y\t0.5\nb\t1\tx\tx y\t-0.5\n", encoding="utf-8")
    a, b = read_table(j), read_table(tsv)
    assert a.columns == b.columns
    assert a.numbers("z").tolist() == [0.5, -0.5]


def test_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("system\tsid\thyp\tref\tz\na\t1\tx\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.tsv:2: 3 tab-separated fields"):
        read_table(bad)
    nohyp = tmp_path / "nohyp.tsv"
    nohyp.write_text("system\tsid\tref\tz\na\t1\tx\t1\n", encoding="utf-8")
    with pytest.raises(InputError, match="hyp"):
        detect_columns(read_table(nohyp))
    text = tmp_path / "num.tsv"
    text.write_text("system\tsid\thyp\tref\tz\na\t1\tx\tx\toops\n", encoding="utf-8")
    with pytest.raises(InputError, match="row 1, column 'z'"):
        read_table(text).numbers("z")


def test_nbest_reader() -> None:
    nb = read_nbest(JOSHUA / "output.gold", 100)
    assert len(nb) == 100
    assert sum(len(x) for x in nb) == 805
    assert sum(len(x) == 10 for x in nb) == 56
    assert nb[0][0].hyp.startswith("rabindranath was born in kolkata")
    assert nb[0][0].score is not None
