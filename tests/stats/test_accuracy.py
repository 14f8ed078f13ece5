"""Pairwise accuracy, pairwise permutation p-values and soft pairwise accuracy against literal
transcriptions of Kocmi et al. (2021) and Thompson et al. (2024), and PERM-BOTH (Deutsch et al.
2021) against a loop over the same documented random draws with scipy's Pearson and z-scores.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import scipy.stats

from mtmetrics.stats.accuracy import (
    accuracy_counts,
    accuracy_rows,
    pairwise_p_values,
    permutation_signs,
    soft_pairwise_accuracy,
)
from mtmetrics.stats.agreement import Value, pooled
from mtmetrics.stats.correlation import pearson_rows
from mtmetrics.stats.permutation import perm_both


def brute_accuracy(metric: list[float], human: list[float]) -> tuple[int, int]:
    agree = pairs = 0
    for i, j in itertools.combinations(range(len(metric)), 2):
        dm, dh = metric[i] - metric[j], human[i] - human[j]
        same = (dm > 0 and dh > 0) or (dm < 0 and dh < 0) or (dm == 0 and dh == 0)
        agree += same
        pairs += 1
    return agree, pairs


@pytest.mark.parametrize("seed", range(10))
def test_pairwise_accuracy_equals_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 15))
    m = rng.integers(0, 5, n).astype(float)
    h = rng.integers(0, 5, n).astype(float)
    assert accuracy_counts(m, h) == brute_accuracy(m.tolist(), h.tolist())
    a, p = brute_accuracy(m.tolist(), h.tolist())
    assert accuracy_rows(np.vstack([m, h]), np.vstack([h, h]))[0] == a / p


def test_pooled_accuracy_is_micro_average() -> None:
    # 3 systems (3 pairs, 2 agree) and 5 systems (10 pairs, 10 agree): 12 / 13, not (2/3 + 1) / 2
    parts = [Value(2 / 3, np.zeros(0), 3, pool=(2.0, 3)), Value(1.0, np.zeros(0), 5, pool=(10.0, 10))]
    assert pooled(parts)[0] == 12 / 13
    assert math.isnan(accuracy_rows(np.array([1.0]), np.array([2.0]))[0])


def exact_p(x: list[float], y: list[float]) -> float:
    """Every one of the 2^L swaps of the common items, p = share with null difference >= observed."""
    common = [t for t in range(len(x)) if not (math.isnan(x[t]) or math.isnan(y[t]))]
    observed = sum(x[t] - y[t] for t in common)
    hits = 0
    for keep in itertools.product([1, -1], repeat=len(common)):
        null = sum(s * (x[t] - y[t]) for s, t in zip(keep, common, strict=True))
        hits += null >= observed - 1e-9
    return hits / 2 ** len(common)


def test_pairwise_p_values_with_every_permutation_equal_the_exact_test() -> None:
    rng = np.random.default_rng(3)
    scores = rng.integers(0, 10, (4, 7)).astype(float)
    scores[0, 2] = scores[3, 5] = scores[3, 6] = np.nan
    signs = np.array(list(itertools.product([1.0, -1.0], repeat=7)))
    p = pairwise_p_values(scores, signs)
    for i, j in itertools.combinations(range(4), 2):
        assert p[i, j] == pytest.approx(exact_p(scores[i].tolist(), scores[j].tolist()), abs=1e-12)
    assert np.isnan(p[1, 0]) and np.isnan(p[0, 0])


def test_random_signs_match_a_loop_over_the_same_draws() -> None:
    rng = np.random.default_rng(5)
    scores = rng.normal(size=(5, 30))
    signs = permutation_signs(200, 30, 11)
    assert set(np.unique(signs)) == {-1.0, 1.0}
    p = pairwise_p_values(scores, signs)
    for i, j in itertools.combinations(range(5), 2):
        obs = float(np.sum(scores[i] - scores[j]))
        hits = sum(float(np.dot(s, scores[i] - scores[j])) >= obs - 1e-9 for s in signs)
        assert p[i, j] == hits / 200


def test_soft_pairwise_accuracy_transcription() -> None:
    ph = np.full((3, 3), np.nan)
    pm = np.full((3, 3), np.nan)
    ph[0, 1], ph[0, 2], ph[1, 2] = 0.01, 0.5, 0.9
    pm[0, 1], pm[0, 2], pm[1, 2] = 0.03, 0.2, np.nan
    spa, total, pairs = soft_pairwise_accuracy(ph, pm)
    assert pairs == 2
    assert spa == pytest.approx(1 - (0.02 + 0.3) / 2)
    assert total == pytest.approx(2 - 0.32)
    assert soft_pairwise_accuracy(ph, ph)[0] == 1.0


def perm_oracle(h: list[float], a: list[float], b: list[float], k: int, seed: int) -> float:
    za, zb = scipy.stats.zscore(a), scipy.stats.zscore(b)
    delta = scipy.stats.pearsonr(za, h)[0] - scipy.stats.pearsonr(zb, h)[0]
    draws = np.random.default_rng(seed).random((k, len(h)))
    hits = 0
    for row in draws:
        pa = [zb[t] if row[t] < 0.5 else za[t] for t in range(len(h))]
        pb = [za[t] if row[t] < 0.5 else zb[t] for t in range(len(h))]
        hits += scipy.stats.pearsonr(pa, h)[0] - scipy.stats.pearsonr(pb, h)[0] >= delta - 1e-12
    return hits / k


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_perm_both_matches_a_loop_with_scipy(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(seed)
    h = rng.normal(size=25)
    a = h + rng.normal(size=25)
    b = 10 * (h + 2 * rng.normal(size=25))  # another scale: the z-scores matter
    expected = perm_oracle(h.tolist(), a.tolist(), b.tolist(), 300, seed)
    p, delta = perm_both(pearson_rows, h, a, b, 300, seed)
    assert p == expected
    assert delta == pytest.approx(scipy.stats.pearsonr(a, h)[0] - scipy.stats.pearsonr(b, h)[0])
    monkeypatch.setattr("mtmetrics.stats.permutation.CHUNK_CELLS", 40)  # several chunks, same stream
    assert perm_both(pearson_rows, h, a, b, 300, seed)[0] == expected


def test_perm_both_properties() -> None:
    rng = np.random.default_rng(9)
    h = rng.normal(size=200)
    good, bad = h + 0.3 * rng.normal(size=200), h + 3 * rng.normal(size=200)
    assert perm_both(pearson_rows, h, good, good, 100, 1)[0] == 1.0
    assert perm_both(pearson_rows, h, good, bad, 500, 1)[0] < 0.01
    assert perm_both(pearson_rows, h, bad, good, 500, 1)[0] > 0.99
