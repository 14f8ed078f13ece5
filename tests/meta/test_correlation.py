"""Correlation coefficients against scipy (a test dependency only) to 1e-12, and WMT's tau-like by brute force."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from mtmetrics.stats.correlation import (
    kendall,
    kendall_rows,
    pearson,
    pearson_rows,
    rank_rows,
    spearman,
    spearman_rows,
)


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-12


def _scipy(kind: str, x: np.ndarray, y: np.ndarray) -> float:
    with np.errstate(all="ignore"), pytest.warns(None) if False else _quiet():
        if kind == "pearson":
            return float(scipy.stats.pearsonr(x, y).statistic) if len(x) > 2 else float("nan")
        if kind == "spearman":
            return float(scipy.stats.spearmanr(x, y).statistic)
        return float(scipy.stats.kendalltau(x, y).statistic)


class _quiet:
    def __enter__(self) -> None:
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc: Any) -> None:
        self._w.__exit__(*exc)


OURS = {"pearson": pearson, "spearman": spearman, "kendall": kendall}


@pytest.mark.parametrize("n", [3, 5, 17, 64, 65, 300, 2800])
@pytest.mark.parametrize("ties", [False, True])
def test_equal_to_scipy(n: int, ties: bool) -> None:
    rng = np.random.default_rng(n)
    for _ in range(5):
        x = rng.integers(0, 6, n).astype(float) if ties else rng.normal(size=n)
        y = rng.integers(0, 4, n).astype(float) if ties else rng.normal(size=n) + 0.5 * x
        for kind, fn in OURS.items():
            assert _same(fn(x, y), _scipy(kind, x, y)), (kind, n)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.floats(-1e6, 1e6, allow_nan=False)), min_size=3, max_size=80))
def test_property_equal_to_scipy(pairs: list[tuple[int, float]]) -> None:
    x = np.array([float(a) for a, _ in pairs])
    y = np.array([b for _, b in pairs])
    for kind, fn in OURS.items():
        assert _same(fn(x, y), _scipy(kind, x, y)), kind


def test_rows_equal_single_and_both_kendall_paths() -> None:
    rng = np.random.default_rng(1)
    for n in (10, 64, 65, 200):
        x = rng.integers(0, 5, (40, n)).astype(float)
        y = rng.normal(size=(40, n))
        k = kendall_rows(x, y)
        s = spearman_rows(x, y)
        p = pearson_rows(x, y)
        for i in range(40):
            assert _same(k[i], _scipy("kendall", x[i], y[i]))
            assert _same(s[i], _scipy("spearman", x[i], y[i]))
            assert _same(p[i], _scipy("pearson", x[i], y[i]))


def test_rank_rows_is_rankdata() -> None:
    x = np.array([[3.0, 1.0, 3.0, 2.0, 3.0], [0.0, 0.0, 0.0, 0.0, 0.0]])
    assert rank_rows(x).tolist() == [[4.0, 1.0, 4.0, 2.0, 4.0], [3.0] * 5]
    assert np.array_equal(rank_rows(x), scipy.stats.rankdata(x, axis=1))


def test_undefined_is_nan() -> None:
    assert math.isnan(pearson(np.ones(5), np.arange(5.0)))
    assert math.isnan(kendall(np.ones(5), np.arange(5.0)))
    assert math.isnan(spearman(np.ones(5), np.arange(5.0)))
    assert math.isnan(kendall(np.array([1.0]), np.array([2.0])))


def test_perfect_and_reversed() -> None:
    x = np.arange(10.0)
    for fn in OURS.values():
        assert fn(x, 2 * x + 1) == pytest.approx(1.0)
        assert fn(x, -x) == pytest.approx(-1.0)
