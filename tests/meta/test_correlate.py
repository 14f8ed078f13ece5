"""``meta correlate`` / ``meta compare`` on real WMT data against an independent oracle.

Oracle: sacrebleu's own sentence_chrf / corpus_chrf / corpus_ter computed directly from the table's
columns, correlated with scipy; the system membership of WMT's ``A+B`` rows is rebuilt here.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from mtmetrics import load_metric
from mtmetrics.cli import main
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.scores import score_table


def _run(*args: str) -> tuple[int, str]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


def _chrf_bleu(table: Path, *extra: str) -> list[str]:
    """``meta compare`` of chrF against BLEU on ``table``'s z column, as JSON."""
    options = ["-m", "chrf", "bleu", "--human", "z", "-f", "json", "--bootstrap-n", "100"]
    return ["meta", "compare", str(table), *options, *extra]


def _rows(path: Path) -> list[dict[str, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def _get(doc: dict, group: str, level: str, metric: str, kind: str) -> dict:
    return next(
        e
        for e in doc["correlations"]
        if (e["group"], e["level"], e["metric"], e["kind"]) == (group, level, metric, kind)
    )


@pytest.fixture(scope="module")
def wmt17_doc(wmt17_small: Path) -> dict:
    code, out = _run(
        "meta", "correlate", str(wmt17_small), "-m", "chrf", "ter", "--human", "z", "-f", "json", "--bootstrap-n", "200"
    )
    assert code == 0
    return json.loads(out)


def test_segment_level_equals_oracle(wmt17_small: Path, wmt17_doc: dict) -> None:
    rows = [r for r in _rows(wmt17_small) if r["lp"] == "cs-en"]
    chrf = np.array([sacrebleu.sentence_chrf(r["hyp"], [r["ref"]]).score for r in rows])
    z = np.array([float(r["z"]) for r in rows])
    assert _get(wmt17_doc, "cs-en", "segment", "chrf", "pearson")["value"] == pytest.approx(
        scipy.stats.pearsonr(chrf, z).statistic, abs=1e-12
    )
    assert _get(wmt17_doc, "cs-en", "segment", "chrf", "spearman")["value"] == pytest.approx(
        scipy.stats.spearmanr(chrf, z).statistic, abs=1e-12
    )
    assert _get(wmt17_doc, "cs-en", "segment", "chrf", "kendall")["value"] == pytest.approx(
        scipy.stats.kendalltau(chrf, z).statistic, abs=1e-12
    )
    # the README of the data: Pearson(sentence chrF, DA) cs .512
    assert round(_get(wmt17_doc, "cs-en", "segment", "chrf", "pearson")["value"], 3) == 0.512


def test_system_level_equals_oracle(wmt17_small: Path, wmt17_doc: dict) -> None:
    rows = [r for r in _rows(wmt17_small) if r["lp"] == "cs-en"]
    plain = {r["system"] for r in rows if "+" not in r["system"]}
    assert len(plain) == 4
    systems = sorted(plain)
    chrf, ter, human = [], [], []
    for s in systems:
        mine = [r for r in rows if s in r["system"].split("+")]
        chrf.append(sacrebleu.corpus_chrf([r["hyp"] for r in mine], [[r["ref"] for r in mine]]).score)
        ter.append(-sacrebleu.corpus_ter([r["hyp"] for r in mine], [[r["ref"] for r in mine]]).score)
        human.append(np.mean([float(r["z"]) for r in mine]))
    for kind, fn in (("pearson", scipy.stats.pearsonr), ("kendall", scipy.stats.kendalltau)):
        assert _get(wmt17_doc, "cs-en", "system", "chrf", kind)["value"] == pytest.approx(
            fn(chrf, human).statistic, abs=1e-12
        )
        assert _get(wmt17_doc, "cs-en", "system", "ter", kind)["value"] == pytest.approx(
            fn(ter, human).statistic, abs=1e-12
        )
    pts = {(p["metric"], p["system"]): p for p in wmt17_doc["system_points"] if p["group"] == "cs-en"}
    for s, c, t in zip(systems, chrf, ter, strict=True):
        assert pts[("chrf", s)]["metric_score"] == pytest.approx(c, abs=1e-9)
        assert pts[("ter", s)]["metric_score"] == pytest.approx(t, abs=1e-9)


def test_error_rate_flipped_and_signatures(wmt17_doc: dict) -> None:
    info = {m["spec"]: m for m in wmt17_doc["metrics"]}
    assert info["ter"]["sign_flipped"] and not info["chrf"]["sign_flipped"]
    assert info["chrf"]["signature"].startswith("chrF2|nrefs:1|")
    assert _get(wmt17_doc, "cs-en", "segment", "ter", "pearson")["value"] > 0.3  # negated TER correlates positively
    assert wmt17_doc["sha256"] and wmt17_doc["bootstrap"] == {
        "n": 200,
        "seed": 12345,
        "level": 0.95,
        "interval": "percentile",
        "system_resampling": "joint",
    }


def test_intervals_contain_estimate_and_are_seeded(wmt17_small: Path, wmt17_doc: dict) -> None:
    for e in wmt17_doc["correlations"]:
        if e["level"] == "segment":
            assert e["lower"] <= e["value"] <= e["upper"]
            assert e["resamples"] == 200
    _, again = _run(
        "meta",
        "correlate",
        str(wmt17_small),
        "-m",
        "chrf",
        "ter",
        "--human",
        "z",
        "-f",
        "json",
        "--bootstrap-n",
        "200",
        "-j",
        "2",
    )
    assert json.loads(again) == wmt17_doc  # same seed, any -j: same output
    _code, other = _run(
        "meta",
        "correlate",
        str(wmt17_small),
        "-m",
        "chrf",
        "--human",
        "z",
        "-f",
        "json",
        "--bootstrap-n",
        "200",
        "--seed",
        "0",
    )
    o = json.loads(other)
    assert o["bootstrap"]["seed"] == 0
    assert (
        _get(o, "cs-en", "segment", "chrf", "pearson")["lower"]
        != _get(wmt17_doc, "cs-en", "segment", "chrf", "pearson")["lower"]
    )


def test_bootstrap_interval_oracle(wmt17_small: Path) -> None:
    """The segment-level interval equals a direct loop: resample rows, correlate with scipy."""
    table = read_table(wmt17_small)
    cols = detect_columns(table)
    scores = score_table(table, cols, [("chrf", load_metric("chrf"))])
    res = correlate(
        table,
        cols,
        scores,
        CorrelationSettings(humans=("z",), levels=("segment",), kinds=("pearson",), n_boot=50, seed=7),
    )
    rows = np.flatnonzero(np.array(table.columns["lp"]) == "cs-en")
    x, y = scores[0].segment_scores[rows], table.numbers("z")[rows]
    rng = np.random.default_rng([7, 0])
    idx = rng.integers(0, len(rows), size=(50, len(rows)))
    boot = np.sort([scipy.stats.pearsonr(x[i], y[i]).statistic for i in idx])
    est = res.estimates[0]
    assert (est.lower, est.upper) == (pytest.approx(boot[1], abs=1e-12), pytest.approx(boot[48], abs=1e-12))


def test_item_level_and_multi_reference(wmt21_small: Path) -> None:
    _code, out = _run(
        "meta",
        "correlate",
        str(wmt21_small),
        "-m",
        "chrf",
        "--human",
        "z",
        "raw",
        "--levels",
        "segment",
        "item",
        "-f",
        "json",
        "--bootstrap-n",
        "50",
    )
    doc = json.loads(out)
    assert doc["columns"]["refs"] == ["ref_A", "ref_B"]
    rows = _rows(wmt21_small)
    chrf = np.array([sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows])
    z = np.array([float(r["z"]) for r in rows])
    assert _get(doc, "ru-en", "segment", "chrf", "pearson")["value"] == pytest.approx(
        scipy.stats.pearsonr(chrf, z).statistic, abs=1e-12
    )
    per_item = []
    for sid in dict.fromkeys(r["sid"] for r in rows):
        pos = [i for i, r in enumerate(rows) if r["sid"] == sid]
        if len(pos) >= 3 and np.ptp(chrf[pos]) > 0 and np.ptp(z[pos]) > 0:
            per_item.append(scipy.stats.pearsonr(chrf[pos], z[pos]).statistic)
    item = next(e for e in doc["correlations"] if e["level"] == "item" and e["kind"] == "pearson" and e["human"] == "z")
    assert item["value"] == pytest.approx(np.mean(per_item), abs=1e-12)
    assert {e["human"] for e in doc["correlations"]} == {"z", "raw"}


def test_text_output_and_compare(wmt17_small: Path) -> None:
    code, out = _run("meta", "correlate", str(wmt17_small), "-m", "chrf", "ter", "--human", "z", "--bootstrap-n", "20")
    assert code == 0
    assert (
        "ter (-)" in out
        and "error rate" in out
        and "signatures:" in out
        and "[cs-en] human=z  system level, n=4" in out
    )
    code, out = _run(*_chrf_bleu(wmt17_small))
    doc = json.loads(out)
    c = doc["comparisons"][0]
    rows = [r for r in _rows(wmt17_small) if r["lp"] == "cs-en"]
    chrf = [sacrebleu.sentence_chrf(r["hyp"], [r["ref"]]).score for r in rows]
    bleu = [
        sacrebleu.sentence_bleu(r["hyp"], [r["ref"]], smooth_method="exp", use_effective_order=False).score
        for r in rows
    ]
    assert c["r_ab"] == pytest.approx(scipy.stats.pearsonr(chrf, bleu).statistic, abs=1e-9)
    assert set(c["tests"]) == {"williams", "mrr", "fisher", "paired_bootstrap", "perm_both"}
    assert c["tests"]["williams"]["df"] == 557


def test_compare_passes_jobs_to_the_correlations(wmt17_small: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """-j shares the correlations' bootstrap among processes as in ``meta correlate``: the same bytes."""
    from mtmetrics_meta.cli import compare

    seen: list[int] = []
    real = compare.correlate

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("jobs", 1))
        return real(*args, **kwargs)

    monkeypatch.setattr(compare, "correlate", spy)
    one, two = _run(*_chrf_bleu(wmt17_small))[1], _run(*_chrf_bleu(wmt17_small, "-j", "2"))[1]
    assert seen == [1, 2] and one == two


def test_perm_both_p_below_one_over_k_is_not_printed_as_zero(wmt17_small: Path) -> None:
    """No permutation reached chrF's lead over BLEU on cs-en: p is below 1/20, not 0."""
    args = ["meta", "compare", str(wmt17_small), "-m", "chrf", "bleu", "--human", "z", "--level", "segment"]
    code, out = _run(*args, "--permutations", "20", "--bootstrap-n", "0")
    lines = [line for line in out.splitlines() if "PERM-BOTH" in line]
    assert code == 0 and len(lines) == 2  # cs-en and de-en
    assert any("p (A > B) <0.0477 (20 permutations" in line for line in lines)  # < 1/(N+1), rounded up
    assert not any("p (A > B) = 0 " in line for line in lines)


def test_compare_values_and_errors() -> None:
    _code, out = _run("meta", "compare", "--values", "0.6", "0.4", "0.5", "30", "-f", "json")
    doc = json.loads(out)
    assert doc["values"]["tests"]["williams"]["statistic"] == pytest.approx(1.29292809, abs=1e-8)
    assert _run("meta", "compare")[0] == 2
    assert _run("meta", "nonsense")[0] == 2
