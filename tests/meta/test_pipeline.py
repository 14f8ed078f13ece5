"""The meta-evaluation library without the command line: the report pipeline and compare.

Each is called from Python and must give the document the command prints (the command only parses
its options and renders): same JSON apart from the command line and the timing.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from mtmetrics import load_metric
from mtmetrics.cli import main
from mtmetrics.engine import tables as engine_tables
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.cli.common import _dump
from mtmetrics_meta.compare import CompareDocument, ValuesComparison, compare_metrics, correlation_tests
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.pipeline import ReportSettings, build_report
from mtmetrics_meta.scores import score_table
from tests.cli import run_cli
from tests.datapaths import ROOT

HYPS = [
    ("the cat sat on the mat", "a cat sat on a mat", "cat mat the on sat"),
    ("it is raining today", "today it rains", "rain today is"),
    ("good morning to you", "morning good you to", "good day to you"),
    ("we went home early", "we left home early", "home we early went"),
]
REFS = ["the cat sat on the mat", "it is raining today", "good morning to you all", "we went home early"]


def _table(tmp_path: Path) -> Path:
    rng = np.random.default_rng(0)
    lines = ["system\tsid\thyp\tref\tz"]
    for sid, (hyps, ref) in enumerate(zip(HYPS, REFS, strict=True)):
        for system, hyp in zip("ABC", hyps, strict=True):
            lines.append(f"{system}\t{sid}\t{hyp}\t{ref}\t{rng.normal():.4f}")
    path = tmp_path / "toy.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cli(argv: list[str]) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def test_build_report_is_what_meta_report_writes(tmp_path: Path) -> None:
    path = _table(tmp_path)
    options = ["-m", "chrf", "bleus", "--bootstrap-n", "30", "--permutations", "10", "--seed", "3"]
    _cli(["meta", "report", str(path), *options, "-o", str(tmp_path / "r.md"), "--json", str(tmp_path / "r.json")])
    cli_doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    settings = ReportSettings(tables=[str(path)], metrics=["chrf", "bleus"], bootstrap_n=30, permutations=10, seed=3)
    report = build_report(settings, [("chrf", load_metric("chrf")), ("bleus", load_metric("bleus"))])
    doc = json.loads(_dump(report.to_json()))
    for d in (doc, cli_doc):
        for key in ("command", "timing", "scoring_cpu_seconds"):
            d.pop(key)
    assert doc == cli_doc
    assert {c["metric"] for c in doc["tables"][0]["correlations"]} == {"chrf", "bleus"}


def test_compare_from_python_is_what_meta_compare_prints(tmp_path: Path) -> None:
    path = _table(tmp_path)
    argv = ["meta", "compare", str(path), "-m", "chrf", "bleus", "--bootstrap-n", "40", "--permutations", "20"]
    cli_doc = json.loads(_cli([*argv, "-f", "json"]))
    table = read_table(path)
    columns = detect_columns(table)
    scores = score_table(table, columns, [("chrf", load_metric("chrf")), ("bleus", load_metric("bleus"))])
    settings = CorrelationSettings(humans=("z",), levels=("segment",), kinds=("pearson",), n_boot=40, keep_samples=True)
    res = correlate(table, columns, scores, settings)
    comparisons = compare_metrics(res, scores, "segment", "pearson", (table, columns, 20, 12345))
    assert [c.to_dict() for c in comparisons] == cli_doc["comparisons"]
    assert comparisons[0].tests.perm_both is not None and comparisons[0].tests.paired_bootstrap is not None


def test_values_comparison_document() -> None:
    doc = CompareDocument(values=ValuesComparison(0.5, 0.4, 0.3, 100, correlation_tests(0.5, 0.4, 0.3, 100)))
    cli_doc = json.loads(_cli(["meta", "compare", "--values", "0.5", "0.4", "0.3", "100", "-f", "json"]))
    assert json.loads(_dump(doc.to_dict())) == cli_doc
    assert list(cli_doc["values"]["tests"]) == ["williams", "mrr", "fisher"]


def test_missing_scipy_stops_meta_before_scoring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _table(tmp_path)
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    scored: list[int] = []
    real = engine_tables.score_tables
    monkeypatch.setattr(engine_tables, "score_tables", lambda *a, **k: scored.append(1))
    for argv in (
        ["meta", "correlate", str(path), "-m", "chrf"],
        ["meta", "report", str(path), "-m", "chrf"],
        ["meta", "compare", str(path), "-m", "chrf", "bleus", "--kind", "kendall"],
    ):
        code, out, err = run_cli(*argv)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and "pip install 'mtmetrics[meta]'" in err
    assert not scored
    monkeypatch.setattr(engine_tables, "score_tables", real)  # without Kendall's tau scipy is not needed
    assert run_cli("meta", "correlate", str(path), "-m", "chrf", "--kinds", "pearson", "--bootstrap-n", "5")[0] == 0


def test_precomputed_scores_only_in_a_fresh_process(tmp_path: Path) -> None:
    """No registered metric is loaded when every ``-m`` is precomputed; the signature must still work."""
    path = tmp_path / "pre.tsv"
    rows = [f"{s}\t{i}\th\tr\t{(i * 7 + ord(s)) % 5}\t{i % 3}" for i in range(4) for s in "ABC"]
    path.write_text("system\tsid\thyp\tref\tz\tm\n" + "\n".join(rows) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}
    for command in ("correlate", "compare"):
        metrics = ["col:m"] if command == "correlate" else ["col:m", "col:z"]
        argv = [sys.executable, "-m", "mtmetrics", "meta", command, str(path), "-m", *metrics, "--bootstrap-n", "5"]
        proc = subprocess.run([*argv, "-f", "json"], capture_output=True, text=True, env=env, cwd=ROOT)
        assert proc.returncode == 0, proc.stderr
        assert "plugin:unregistered" in json.loads(proc.stdout)["metrics"][0]["signature"]
