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


SYSTEM_ROW = re.compile(r"^\| (hlepor|bleu|ter|meteor|hlepor:pos=nltk) \(mtmetrics, 3 lines\) \| [-0-9.]* \| (.*) \|$")


@pytest.mark.slow
def test_all_driver_on_a_slice(tmp_path: Path) -> None:
    """``claims.py all`` with the segment and system parts on a slice (3 source segments / lines
    per pair): the parts' files, then claims.md's generated blocks, whose numbers are the files'."""
    for t in TABLES:
        require(t)
    require(DATA / "test" / "wmt21-news" / "scores" / "automatic-scores.tsv")
    out = tmp_path / "out"
    doc = tmp_path / "claims.md"
    doc.write_text("# before\n\nhand-written prose stays\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    args = [sys.executable, str(ROOT / "bench" / "claims.py"), "all", "--slice", "3", "--parts", "segment", "system"]
    args += ["--only", "sia-bleu", "--permutations", "20", "--bootstrap", "20", "-j", "2"]
    args += ["--out", str(out), "--cache", str(tmp_path / "cache"), "--doc", str(doc)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "claims: system features [" in done.stderr and "claims all: [2/2] system done in" in done.stderr
    sysj = json.loads((out / "claims-system.json").read_text(encoding="utf-8"))
    assert sysj["lines"] == "3" and len(sysj["pairs"]) == 7 and sum(sysj["systems"].values()) == 100
    # claims-system.md's per-pair cells are the JSON's
    by = {r["name"]: r for r in sysj["rows"]}
    md = (out / "claims-system.md").read_text(encoding="utf-8").splitlines()
    rows = [m for m in map(SYSTEM_ROW.match, md) if m]
    assert len(rows) == 5
    for m in rows:
        r = by[f"{m.group(1)} (mtmetrics, 3 lines)"]
        cells = [c.strip() for c in m.group(2).split("|")]
        assert [float(c) for c in cells[:7]] == pytest.approx(list(r["r"].values()), abs=5e-4)
        assert cells[7] == f"{r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]"
    # claims.md: prose kept, the generated blocks written from the files
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# before\n\nhand-written prose stays\n")
    summary = text.split("all: summary -->\n")[1].split("\n<!-- end of generated")[0].splitlines()
    assert summary[0] == "| # | claim | data | measure | result | test | verdict | part |"
    assert [x.split(" | ")[0] for x in summary[2:]] == [f"| {k}" for k in range(1, 12)]
    row1, row5, row6, row11 = summary[2], summary[6], summary[7], summary[12]
    seg = json.loads((out / "claims-seg-sia-bleu.json").read_text(encoding="utf-8"))
    mean_sia = sum(_pearson(seg, g, "sia")[0] for g in ("is-en", "ja-en", "ru-en", "zh-en")) / 4
    assert f"SIA {mean_sia:.3f} vs BLEU" in row1 and "sampled" in row1
    for spec, label in (("hlepor", "hLEPOR"), ("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR")):
        r = by[f"{spec} (mtmetrics, 3 lines)"]
        assert f"{label} {r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]" in row5
    verdicts = {(w["a"], w["b"]): w["verdict"] for w in sysj["williams"]}
    assert f"vs BLEU: {verdicts[('hlepor', 'bleu')]} (ahead on" in row5
    assert f"**{verdicts[('hlepor:pos=nltk', 'hlepor')]}**" in row6
    chosen = next(r for r in sysj["rows"] if r["name"].endswith("chosen on dev"))
    assert f": {chosen['mean']:.3f} [{chosen['lower']:.3f}, {chosen['upper']:.3f}]; chrF" in row11
    assert f"not above chrF {chosen['p_not_above_chrf']:.3f}" in row11
    for k in (2, 3, 4, 7, 8, 9, 10):  # parts not run say so instead of carrying numbers
        assert "not run (part `" in summary[k + 1]
    run = json.loads((out / "claims-run.json").read_text(encoding="utf-8"))
    assert set(run["parts"]) == {"segment", "system"}
    assert f"{run['seconds'] / 60:.1f} min in all with `-j 2`" in text


def test_render_before_any_part(tmp_path: Path) -> None:
    """``all --render`` where no part has run: every row says which part to run, and the timing
    block says that nothing ran (it used to fail on the missing command of claims-run.json)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    doc = tmp_path / "claims.md"
    args = [sys.executable, str(ROOT / "bench" / "claims.py"), "all", "--render", "--out", str(tmp_path / "out")]
    done = subprocess.run([*args, "--doc", str(doc)], env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    text = doc.read_text(encoding="utf-8")
    assert "all: timing -->\n(no part run by `all` yet)\n<!-- end of generated: timing -->" in text
    summary = text.split("all: summary -->\n")[1].split("\n<!-- end of generated")[0].splitlines()
    assert len(summary) == 13 and all("| not run (part `" in row for row in summary[2:])
    assert "(part `floors` not run)" in text
