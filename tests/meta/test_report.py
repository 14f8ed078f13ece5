"""``meta report``: default metric set, subsampling, significance clusters and the report itself.

Oracles: Williams' test transcribed here from Graham & Baldwin (2014, eq. 1) with scipy's t
distribution; clusters rebuilt by a literal loop over that oracle; segment-level correlations
recomputed with sacrebleu's own sentence_chrf / TER and scipy.
"""

from __future__ import annotations

import io
import json
import math
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from mtmetrics import load_metric, plugins
from mtmetrics.cli import main
from mtmetrics.engine.tables import score_tables
from mtmetrics.io.tables import Columns, Table, detect_columns, read_table
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.report import (
    clusters,
    default_metric_names,
    drop_systems,
    reference_systems,
    sample_table,
)
from mtmetrics_meta.scores import MetricScores, score_table


def _run(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


def williams_oracle(r12: float, r13: float, r23: float, n: int) -> float:
    """One-sided p of r12 > r13 (Graham & Baldwin 2014, eq. 1), t with n - 3 df from scipy."""
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23))
    t /= math.sqrt(2 * k * (n - 1) / (n - 3) + ((r12 + r13) ** 2 / 4) * (1 - r23) ** 3)
    return float(scipy.stats.t.sf(t, n - 3))


def clusters_oracle(
    values: dict[str, float], cross: dict[tuple[str, str], float], n: int
) -> list[tuple[str, int, bool]]:
    def rx(a: str, b: str) -> float:
        return cross[(a, b)] if (a, b) in cross else cross[(b, a)]

    ranked = sorted(values, key=lambda m: -values[m])
    out = []
    leader = ranked[0]
    cluster = 1
    for i, m in enumerate(ranked):
        if i and williams_oracle(values[leader], values[m], rx(leader, m), n) < 0.05:
            leader, cluster = m, cluster + 1
        beaten = any(williams_oracle(values[o], values[m], rx(o, m), n) < 0.05 for o in ranked[:i])
        out.append((m, cluster, not beaten))
    return out


# ------------------------------------------------------------------------------ clusters
def test_clusters_hand_example() -> None:
    # a and b are close and highly correlated with each other; c is far below; d just below c.
    values = {"a": 0.60, "b": 0.59, "c": 0.45, "d": 0.44}
    cross = {("a", "b"): 0.9, ("a", "c"): 0.7, ("a", "d"): 0.7, ("b", "c"): 0.7, ("b", "d"): 0.7, ("c", "d"): 0.95}
    got = clusters(values, cross, 500)
    assert [(r.metric, r.cluster, r.winner) for r in got] == clusters_oracle(values, cross, 500)
    # by hand: the Williams p of a > b is large, of a > c tiny: clusters {a, b}, {c, d}
    assert [r.cluster for r in got] == [1, 1, 2, 2]
    assert [r.winner for r in got] == [True, True, False, False]
    assert math.isnan(got[0].p_vs_leader)
    assert got[2].p_vs_leader == pytest.approx(williams_oracle(0.60, 0.45, 0.7, 500), rel=1e-9)


def test_clusters_random_against_oracle() -> None:
    rng = np.random.default_rng(3)
    for _ in range(30):
        k = int(rng.integers(2, 7))
        n = int(rng.integers(10, 400))
        h = rng.normal(size=n)
        xs = {f"m{i}": h * rng.uniform(0, 1) + rng.normal(size=n) for i in range(k)}
        values = {m: float(scipy.stats.pearsonr(x, h)[0]) for m, x in xs.items()}
        cross = {(a, b): float(scipy.stats.pearsonr(xs[a], xs[b])[0]) for a in xs for b in xs if a < b}
        got = [(r.metric, r.cluster, r.winner) for r in clusters(values, cross, n)]
        assert got == clusters_oracle(values, cross, n)


def test_clusters_need_four_points_and_skip_nan() -> None:
    assert clusters({"a": 0.9, "b": 0.1}, {("a", "b"): 0.0}, 3) == []
    got = clusters({"a": 0.5, "b": math.nan, "c": 0.4}, {("a", "c"): 0.5}, 50)
    assert [r.metric for r in got] == ["a", "c"]


# ------------------------------------------------------------------------------ metric set, sampling
def test_default_metric_names() -> None:
    names = default_metric_names(plugins.REGISTRY.metric_registry())
    for needed in ("bleu", "chrf", "ter", "sia", "meteor", "rouge-l", "hlepor"):
        assert needed in names
    for left_out in ("combo", "mpr", "prs", "sscn", "hlepor-e"):
        assert left_out not in names
    for name in names:
        cls = plugins.REGISTRY.metric_class(name)
        assert not cls.inputs.source and not cls.inputs.annotations


def test_sample_table_is_deterministic_and_keeps_whole_segments(wmt17_small: Path) -> None:
    table = read_table(wmt17_small)
    cols = detect_columns(table)
    a, info = sample_table(table, cols, 50, 7)
    b, _ = sample_table(table, cols, 50, 7)
    c, _ = sample_table(table, cols, 50, 8)
    assert a.columns == b.columns and a.columns != c.columns
    keys = set(zip(a.columns["lp"], a.columns["sid"], strict=True))
    assert len({k for k in keys if k[0] == "cs-en"}) == 50 and len({k for k in keys if k[0] == "de-en"}) == 50
    # every row of a chosen segment is kept (all systems), and nothing else
    full = list(zip(table.columns["lp"], table.columns["sid"], strict=True))
    assert len(a) == sum(1 for k in full if k in keys) == info["rows"]
    # the oracle: the documented draw
    ids = list(dict.fromkeys(s for g, s in full if g == "cs-en"))
    chosen = {ids[k] for k in np.random.default_rng([7, 0]).choice(len(ids), 50, replace=False)}
    assert {s for g, s in keys if g == "cs-en"} == chosen
    whole, info2 = sample_table(table, cols, 10**6, 7)
    assert whole.columns == table.columns and info2["rows"] == len(table)


# ------------------------------------------------------------------------------ parallel scoring
def test_parallel_scoring_and_correlation_equal_serial(wmt17_small: Path) -> None:
    table = read_table(wmt17_small)
    cols = detect_columns(table)
    specs = [(n, load_metric(n)) for n in ("chrf", "wer", "sia")]
    serial = score_table(table, cols, specs, 1)
    (scored,), skipped = score_tables([(table, cols)], [(n, m.metric) for n, m in specs], 2, task_rows=200)
    assert skipped == []
    parallel = [MetricScores.of(s) for s in scored]
    for s, p in zip(serial, parallel, strict=True):
        assert np.array_equal(s.stats.array, p.stats.array) and s.stats.nrefs == p.stats.nrefs
    settings = CorrelationSettings(humans=("z",), n_boot=50, kinds=("pearson", "accuracy", "acc-eq"))
    a = correlate(table, cols, serial, settings)
    b = correlate(table, cols, parallel, settings, jobs=2)
    assert _same(a.estimates, b.estimates) and a.system_points == b.system_points
    assert list(a.points) == list(b.points)
    assert a.floors and _same(a.floors, b.floors)  # the constant/random floors survive the processes


def _same(a: list, b: list) -> bool:
    """Estimate lists equal, NaN fields (the floors' missing intervals) included."""
    return len(a) == len(b) and all(
        all(
            x == y or (isinstance(x, float) and x != x and y != y)
            for x, y in zip(vars(p).values(), vars(q).values(), strict=True)
        )
        for p, q in zip(a, b, strict=True)
    )


# ------------------------------------------------------------------------------ the report
@pytest.fixture(scope="module")
def report(wmt17_small: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict, Path]:
    d = tmp_path_factory.mktemp("report")
    md, js = d / "r.md", d / "r.json"
    args = ["meta", "report", str(wmt17_small), "-m", "chrf", "ter", "--bootstrap-n", "200"]
    args += ["--seed", "5", "-o", str(md), "--json", str(js), "--note", "defaults"]
    assert _run(*args)[0] == 0
    return md.read_text(encoding="utf-8"), json.loads(js.read_text(encoding="utf-8")), wmt17_small


def test_report_correlations_equal_oracle(report: tuple[str, dict, Path]) -> None:
    _, doc, path = report
    table = read_table(path)
    rows = [i for i, lp in enumerate(table.columns["lp"]) if lp == "de-en"]
    hyp = [table.columns["hyp"][i] for i in rows]
    ref = [table.columns["ref"][i] for i in rows]
    z = np.array([float(table.columns["z"][i]) for i in rows])
    chrf = np.array([sacrebleu.sentence_chrf(h, [r]).score for h, r in zip(hyp, ref, strict=True)])
    ter = -np.array([sacrebleu.sentence_ter(h, [r]).score for h, r in zip(hyp, ref, strict=True)])
    tb = doc["tables"][0]

    def get(metric: str, kind: str) -> float:
        return next(
            e["value"]
            for e in tb["correlations"]
            if (e["group"], e["level"], e["metric"], e["kind"]) == ("de-en", "segment", metric, kind)
        )

    assert get("chrf", "pearson") == pytest.approx(scipy.stats.pearsonr(chrf, z)[0], abs=1e-12)
    assert get("ter", "spearman") == pytest.approx(scipy.stats.spearmanr(ter, z)[0], abs=1e-12)
    assert get("chrf", "kendall") == pytest.approx(scipy.stats.kendalltau(chrf, z)[0], abs=1e-12)
    # the system-level clusters of this group follow from the reported system points by the oracle
    cell = next(c for c in tb["clusters"] if (c["group"], c["level"]) == ("cs-en", "system"))
    assert cell["test"] == "williams"
    pts = {m: [p for p in tb["system_points"] if (p["group"], p["metric"]) == ("cs-en", m)] for m in ("chrf", "ter")}
    sys_h = [p["human_score"] for p in pts["chrf"]]
    sys_m = {m: [p["metric_score"] for p in pts[m]] for m in pts}
    assert len(sys_h) == 4
    values_s = {m: float(scipy.stats.pearsonr(sys_m[m], sys_h)[0]) for m in sys_m}
    cross_s = {("chrf", "ter"): float(scipy.stats.pearsonr(sys_m["chrf"], sys_m["ter"])[0])}
    got_s = [(r["metric"], r["cluster"], r["winner"]) for r in cell["ranking"]]
    assert got_s == clusters_oracle(values_s, cross_s, 4)
    # segment level: Williams' test over all rows only on request (tests/meta/test_grouped_significance.py)
    cell = next(c for c in tb["clusters"] if (c["group"], c["level"]) == ("de-en", "segment"))
    assert cell["test"] == "perm-both-items"
    values = {"chrf": float(scipy.stats.pearsonr(chrf, z)[0]), "ter": float(scipy.stats.pearsonr(ter, z)[0])}
    assert [r["metric"] for r in cell["ranking"]] == sorted(values, key=lambda m: -values[m])
    assert cell["n"] == len(rows)


def test_report_markdown_has_provenance(report: tuple[str, dict, Path]) -> None:
    md, doc, path = report
    table = read_table(path)
    assert table.sha256 in md
    assert "mtmetrics meta report " in md and "--seed 5" in md
    assert "seed 5" in md and "200 resamples" in md
    assert "**Settings.** defaults" in md
    assert re.search(r"\d+\.\d s wall-clock on 1 process", md)
    slowest = max(doc["scoring_cpu_seconds"], key=lambda k: doc["scoring_cpu_seconds"][k])
    assert f"slowest metric, `{slowest}`" in md  # (TER is compiled with numba since 7a32df5: not always TER)
    assert "| ter ↓ |" in md
    for m in doc["tables"][0]["metrics"]:
        assert m["signature"].replace("|", "\\|") in md  # escaped inside the Markdown table
    assert "## cs-en (human: z)" in md and "### System level (4 systems)" in md
    assert doc["bootstrap"] == {
        "n": 200,
        "seed": 5,
        "level": 0.95,
        "interval": "percentile",
        "system_resampling": "joint",
    }
    assert "resamples the source segments the systems share, jointly" in md
    assert doc["command"].startswith("mtmetrics meta report ")


def test_report_default_metrics_tiny(tmp_path: Path, wmt17_small: Path) -> None:
    lines = wmt17_small.read_text(encoding="utf-8").split("\n")
    tiny = tmp_path / "tiny.tsv"
    tiny.write_text("\n".join(lines[:41]) + "\n", encoding="utf-8")
    code, out = _run("meta", "report", str(tiny), "--bootstrap-n", "20", "--levels", "segment")
    assert code == 0
    registry = plugins.REGISTRY.metric_registry()
    for name in default_metric_names(registry):
        assert f"| {name} |" in out or f"| {name} ↓ |" in out
    assert "combo" not in out.split("## Signatures")[1]


def test_report_rejects_bad_options(wmt17_small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("meta", "report", str(wmt17_small), "-m", "chrf", "--sample-segments", "0")[0] != 0
    assert "--sample-segments: the value must be in [1, " in capsys.readouterr().err
    assert _run("meta", "report", str(wmt17_small), "-m", "chrf", "--human", "nope")[0] != 0
    assert "no column 'nope'" in capsys.readouterr().err


# ------------------------------------------------------------------------------ reference systems
def _toy_table() -> tuple[Table, Columns]:
    rows = [
        # system, sid, hyp, ref_A, ref_B
        ("HUMAN", "1", "a cat sat", "a cat sat", "the cat sat"),
        ("HUMAN", "2", "dogs run", "dogs run", "dogs are running"),
        ("HUMAN", "3", "x", "y", "z"),
        ("mt1", "1", "a cat sat", "a cat sat", "the cat sat"),  # identical on one of three rows
        ("mt1", "2", "dog runs", "dogs run", "dogs are running"),
        ("mt1", "3", "w", "y", "z"),
        ("mt2+HUMAN", "3", "z", "y", "z"),
        ("mt2", "1", "cat", "a cat sat", "the cat sat"),
    ]
    names = ("system", "sid", "hyp", "ref_A", "ref_B")
    table = Table("toy", "0" * 64, {n: [r[k] for r in rows] for k, n in enumerate(names)})
    return table, detect_columns(table)


def test_reference_systems_found_and_dropped() -> None:
    table, cols = _toy_table()
    # HUMAN: 2 of its 3 own rows + the mt2+HUMAN row (equal to ref_B) -> 3 of 4
    assert reference_systems(table, cols) == {"HUMAN": 0.75}
    assert reference_systems(table, cols, share=0.8) == {}
    out = drop_systems(table, cols, {"HUMAN"})
    assert out.columns["system"] == ["mt1", "mt1", "mt1", "mt2", "mt2"]
    assert out.columns["hyp"] == ["a cat sat", "dog runs", "w", "z", "cat"]


def test_wmt21_ruen_human_system_is_a_reference(wmt21_small: Path) -> None:
    table = read_table(wmt21_small)
    cols = detect_columns(table)
    found = reference_systems(table, cols)
    assert list(found) == ["HUMAN.0"] and found["HUMAN.0"] == 1.0
    # by hand from the file: HUMAN.0's output is reference B, row by row
    rows = [i for i, s in enumerate(table.columns["da_system"]) if s == "HUMAN.0"]
    assert rows and all(table.columns["hyp"][i] == table.columns["ref_B"][i] for i in rows)


def test_report_names_dropped_systems(wmt21_small: Path, tmp_path: Path) -> None:
    md = tmp_path / "r.md"
    js = tmp_path / "r.json"
    assert (
        _run("meta", "report", str(wmt21_small), "-m", "chrf", "--bootstrap-n", "10", "-o", str(md), "--json", str(js))[
            0
        ]
        == 0
    )
    text = md.read_text(encoding="utf-8")
    assert "`HUMAN.0` (100 % of its rows)" in text
    doc = json.loads(js.read_text(encoding="utf-8"))
    assert "HUMAN.0" not in {p["system"] for p in doc["tables"][0]["system_points"]}
    assert _run("meta", "report", str(wmt21_small), "-m", "chrf", "--bootstrap-n", "10", "--keep-reference-systems",
                "--json", str(js), "-o", str(md))[0] == 0  # fmt: skip
    doc = json.loads(js.read_text(encoding="utf-8"))
    assert "HUMAN.0" in {p["system"] for p in doc["tables"][0]["system_points"]}


def test_a_metric_left_out_does_not_shift_the_rows_of_the_others(
    wmt17_small: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A metric whose resources are missing is left out; the metrics after it, scored per language
    pair (NIST: one corpus per group), keep their own rows."""
    from mtmetrics import ResourceError

    table = read_table(wmt17_small)
    cols = detect_columns(table)

    def missing(segments: Any) -> Any:
        raise ResourceError("chrF's resource is missing")

    (alone,), _ = score_tables([(table, cols)], [("nist", load_metric("nist").metric)])
    chrf = load_metric("chrf").metric
    monkeypatch.setattr(chrf, "corpus_statistics", missing)
    specs = [("chrf", chrf), ("nist", load_metric("nist").metric)]
    (after,), skipped = score_tables([(table, cols)], specs, skip_unavailable=True)
    assert [s.spec for s in skipped] == ["chrf"]
    assert [s.spec for s in after] == ["nist"]
    assert np.array_equal(after[0].stats.array, alone[0].stats.array)
