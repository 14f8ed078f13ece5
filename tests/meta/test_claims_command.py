"""``python bench/claims.py segment`` (the command at the top of docs/results/claims.md) on a slice.

The slice (a few source segments per pair, few resamples) is scored for real; the test checks the
generated table's layout and that its numbers are the ones the reports it ran computed, and that
another slice gives other numbers (nothing typed in)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.datapaths import DATA, require

ROOT = Path(__file__).resolve().parents[2]
TABLES = [
    DATA / "test" / "wmt21-news" / "derived" / f"newstest2021.{lp}.da-seg.joined.tsv.gz"
    for lp in ("is-en", "ja-en", "ru-en")
] + [DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz"]
ROW = re.compile(
    r"^\| 1 \| SIA > BLEU \| (\w\w-en) \((DA|MQM)\) \| (-?\d\.\d{3}) \[(-?\d\.\d{3}), (-?\d\.\d{3})\] \| "
    r"(-?\d\.\d{3}) \[(-?\d\.\d{3}), (-?\d\.\d{3})\] \| (SIA|BLEU) ((?:< )?\d\.\d+) \|$"
)


def _run(out: Path, segments: int) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    args = [sys.executable, str(ROOT / "bench" / "claims.py"), "segment", "--segments", str(segments)]
    args += ["--permutations", "20", "--bootstrap", "20", "--only", "sia-bleu", "--out", str(out)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "claims: segment level [" in done.stderr  # the progress bar
    return (out / "claims-segment.md").read_text(encoding="utf-8")


def _pearson(doc: dict, group: str, metric: str) -> tuple[float, float, float]:
    for tb in doc["tables"]:
        for e in tb["correlations"]:
            if (e["group"], e["metric"], e["kind"], e["level"]) == (group, metric, "pearson", "segment"):
                return e["value"], e["lower"], e["upper"]
    raise AssertionError(f"no Pearson for {metric} on {group}")


@pytest.mark.slow
def test_segment_claims_on_a_slice(tmp_path: Path) -> None:
    for t in TABLES:
        require(t)
    text = _run(tmp_path / "a", 5)
    lines = text.splitlines()
    assert lines[0] == "# Segment-level claims (rows 1-4 of claims.md), generated"
    assert "| row | claim (A better than B) | pair | A | B | p (leader) |" in lines
    rows = [m for m in map(ROW.match, lines) if m]
    assert [m.group(1) for m in rows] == ["is-en", "ja-en", "ru-en", "zh-en"]
    doc = json.loads((tmp_path / "a" / "claims-seg-sia-bleu.json").read_text(encoding="utf-8"))
    for m in rows:
        for metric, first in (("sia", 3), ("bleu", 6)):
            want = _pearson(doc, m.group(1), metric)
            got = tuple(float(m.group(i)) for i in range(first, first + 3))
            assert got == pytest.approx(want, abs=5e-4)
    summary = [x for x in lines if x.startswith("| 1 | SIA > BLEU | ") and " vs " in x]
    assert len(summary) == 1 and re.search(r"\*\*(supported|reversed|not supported)\*\* \|$", summary[0])
    other = _run(tmp_path / "b", 7)
    assert [x for x in other.splitlines() if ROW.match(x)] != [m.group(0) for m in rows]
