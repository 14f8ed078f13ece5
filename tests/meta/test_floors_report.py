"""meta correlate's reports carry the agreement measures' floors and say where intervals are."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from mtmetrics.cli import main


def _run(*args: str) -> str:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(list(args)) == 0
    return buf.getvalue()


def test_reports_print_the_floors(wmt21_small: Path) -> None:
    """meta correlate's JSON and Markdown carry the floors; headers claim intervals only where printed."""
    args = ["meta", "correlate", str(wmt21_small), "-m", "chrf", "bleu", "--human", "z"]
    args += ["--kinds", "accuracy", "soft-accuracy", "acc-eq", "--levels", "item", "system"]
    args += ["--bootstrap-n", "50", "--permutations", "100"]
    doc = json.loads(_run(*args, "-f", "json"))
    got = {(e["level"], e["kind"], e["metric"]): e["value"] for e in doc["floors"]}
    assert {m for _, _, m in got} == {"constant metric", "random metric"}
    assert ("item", "acc-eq", "random metric") not in got
    assert all(e["metric"] not in ("constant metric", "random metric") for e in doc["correlations"])
    md = _run(*args, "-f", "markdown")
    assert "| accuracy [95 % CI] | soft-accuracy (no interval) |" in md
    assert "| acc-eq (no interval) |" in md and "| *constant metric* |" in md
    assert "system-level human scores: the mean of each system's judged rows" in md.lower()


def test_header_says_whether_system_humans_were_held_fixed(wmt21_small: Path) -> None:
    from tests.datapaths import DATA, require

    official = require(DATA / "test" / "wmt21-news" / "humaneval" / "newstest2021-toen" / "ad-sys-scores-ru-en.csv")
    args = ["meta", "correlate", str(wmt21_small), "-m", "chrf", "--human", "z", "--levels", "system"]
    args += ["--bootstrap-n", "20"]
    fixed = _run(*args, "--system-human", str(official))
    assert "official (ad-sys-scores-ru-en.csv, --system-human), held fixed in every resample" in fixed
    resampled = _run(*args)
    assert "the mean of each system's judged rows, resampled with the segments" in resampled
    assert "held fixed in every resample" not in resampled
