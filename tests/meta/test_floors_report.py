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
    assert "| accuracy [95 % CI]" in md and "| soft-accuracy (no interval)" in md and "| acc-eq (no interval)" in md
    assert "| *constant metric* |" in md
    # BLEU on 40 segments is too coarse to clear the constant metric's acc-eq by 0.01 at item level
    eq = next(x for x in md.splitlines() if x.startswith("| metric | acc-eq"))
    bleu = next(x for x in md.splitlines()[md.splitlines().index(eq) :] if x.startswith("| bleu |"))
    floor = next(x for x in md.splitlines()[md.splitlines().index(eq) :] if x.startswith("| *constant metric* |"))
    chrf = next(x for x in md.splitlines()[md.splitlines().index(eq) :] if x.startswith("| chrf |"))
    values = [float(x.split("|")[2].split()[0]) for x in (chrf, bleu, floor)]
    assert eq.endswith("†") == (max(values[:2]) <= values[2] + 0.01)
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
