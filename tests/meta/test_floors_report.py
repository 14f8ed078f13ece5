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
