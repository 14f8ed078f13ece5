"""MCT (analytic gradient vs finite differences, never worse than the best single feature),
stepwise regression (against a brute-force OLS/F transcription) and the combo metric."""

from __future__ import annotations

import io
import json
import math
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.stats.mct import f_p_value, leave_one_system_out, mct, pearson_and_gradient, stepwise


def test_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(80, 4))
    h = x @ np.array([1.0, -0.5, 0.2, 0.0]) + rng.normal(size=80)
    xc, hc = x - x.mean(axis=0), h - h.mean()
    for _ in range(5):
        w = rng.normal(size=4)
        r, g = pearson_and_gradient(w, xc, hc)
        assert r == pytest.approx(scipy.stats.pearsonr(x @ w, h).statistic, abs=1e-12)
        eps = 1e-6
        fd = np.array(
            [
                (pearson_and_gradient(w + eps * e, xc, hc)[0] - pearson_and_gradient(w - eps * e, xc, hc)[0])
                / (2 * eps)
                for e in np.eye(4)
            ]
        )
        assert np.allclose(g, fd, atol=1e-7)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_never_worse_than_best_single_feature(seed: int, d: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(40, d)) * rng.uniform(0.1, 100, size=d)
    h = rng.normal(size=40) + x[:, 0] / x[:, 0].std()
    res = mct(x, h, restarts=3, seed=seed)
    best = max(scipy.stats.pearsonr(x[:, j], h).statistic for j in range(d))
    assert res.r >= best - 1e-12
    assert res.r == pytest.approx(scipy.stats.pearsonr(x @ np.array(res.weights), h).statistic, abs=1e-9)


def test_mct_finds_the_generating_weights() -> None:
    rng = np.random.default_rng(5)
    x = rng.normal(size=(500, 3))
    h = x @ np.array([2.0, 1.0, 0.0])  # noiseless: r = 1 reachable
    res = mct(x, h, restarts=5, seed=1)
    assert res.r == pytest.approx(1.0, abs=1e-6)
    w = np.array(res.weights) / res.weights[0]
    assert w == pytest.approx([1.0, 0.5, 0.0], abs=1e-3)


def test_leave_one_system_out() -> None:
    rng = np.random.default_rng(2)
    x = rng.normal(size=(120, 2))
    h = x[:, 0] + 0.3 * rng.normal(size=120)
    systems = [f"s{i % 4}" for i in range(120)]
    out = leave_one_system_out(x, h, systems, restarts=2)
    assert len(out["systems"]) == 4  # type: ignore[arg-type]
    assert 0.8 < float(out["mean_r"]) <= 1.0  # type: ignore[arg-type]


def _ols_rss(x: np.ndarray, h: np.ndarray, cols: list[int]) -> float:
    a = np.column_stack([np.ones(len(h))] + [x[:, c] for c in cols])
    beta = np.linalg.solve(a.T @ a, a.T @ h)  # normal equations, not lstsq
    return float(np.sum((h - a @ beta) ** 2))


def test_stepwise_against_brute_force() -> None:
    rng = np.random.default_rng(4)
    n = 200
    x = rng.normal(size=(n, 4))
    h = 1.5 * x[:, 2] + 0.4 * x[:, 0] + rng.normal(size=n)
    res = stepwise(x, h)
    assert res.features[:2] == [2, 0]
    # first step: the F of feature 2 alone, by hand: (RSS0 - RSS1) / (RSS1 / (n - 2))
    rss0 = float(np.sum((h - h.mean()) ** 2))
    f2 = (rss0 - _ols_rss(x, h, [2])) / (_ols_rss(x, h, [2]) / (n - 2))
    assert res.steps[0]["F"] == pytest.approx(f2, rel=1e-9)
    assert f_p_value(f2, n - 2) == pytest.approx(scipy.stats.f.sf(f2, 1, n - 2), rel=1e-6, abs=1e-300)
    assert res.r == pytest.approx(
        scipy.stats.pearsonr(res.intercept + x[:, res.features] @ np.array(res.coefficients), h).statistic, abs=1e-12
    )


def test_cli_mct_model_and_combo(wmt17_small: Path, tmp_path: Path) -> None:
    model = tmp_path / "model.json"
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(
            [
                "meta",
                "mct",
                str(wmt17_small),
                "-m",
                "chrf",
                "bleus",
                "rouge-l",
                "--human",
                "z",
                "--only-group",
                "cs-en",
                "--restarts",
                "2",
                "-o",
                str(model),
                "-f",
                "json",
            ]
        )
    assert code == 0
    doc = json.loads(model.read_text())
    assert doc == json.loads(buf.getvalue())
    assert doc["training"]["rows"] == 560 and len(doc["training"]["sha256"]) == 64
    assert doc["training_r"] >= doc["best_single_r"] - 1e-12
    assert [f["spec"] for f in doc["features"]] == ["chrf", "bleus", "rouge-l"]
    assert doc["features"][0]["signature"].startswith("chrF2|")
    metric = mtmetrics.load_metric("combo", model=str(model))
    hyps, refs = ["the cat sat on the mat", "a b c d"], ["the cat sat on a mat", "a b d c"]
    result = metric.corpus_score(hyps, [refs])
    want = np.mean(
        [
            sum(
                w * mtmetrics.load_metric(n).sentence_score(hy, [rf]).score
                for n, w in zip(["chrf", "bleus", "rouge-l"], doc["weights"], strict=True)
            )
            for hy, rf in zip(hyps, refs, strict=True)
        ]
    )
    assert result.score == pytest.approx(want, abs=1e-9)
    import hashlib

    assert result.signature.get("model") == hashlib.sha256(model.read_bytes()).hexdigest()[:16]
    assert not math.isnan(result.score)


def test_combo_rejects_changed_feature(tmp_path: Path) -> None:
    model = tmp_path / "m.json"
    sig = str(mtmetrics.load_metric("chrf").signature("1")).replace("nc:6", "nc:5")
    model.write_text(
        json.dumps(
            {
                "format": "mtmetrics-combo/1",
                "features": [{"spec": "chrf", "signature": sig, "sign": 1}],
                "weights": [1.0],
                "intercept": 0.0,
            }
        )
    )
    with pytest.raises(mtmetrics.MtmetricsError, match="signature"):
        mtmetrics.load_metric("combo", model=str(model))
    with pytest.raises(mtmetrics.MtmetricsError, match="needs a model"):
        mtmetrics.load_metric("combo")
