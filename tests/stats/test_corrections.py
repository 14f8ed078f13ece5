"""Multiple-comparison corrections, significance clusters, detectable differences, p-value text.

Oracles: hand-computed cases, scipy's Benjamini–Hochberg (``scipy.stats.false_discovery_control``),
and a brute-force reference that runs each procedure's rejection rule at a level α and checks that
"adjusted p ≤ α" rejects exactly the same tests, at every level where the answer can change.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtmetrics.errors import ParameterError
from mtmetrics.stats.corrections import (
    adjust,
    at_floor,
    better_matrix,
    clusters,
    floor,
    min_detectable,
    p_text,
    ranking,
)


def test_holm_by_hand() -> None:
    # sorted 0.01, 0.02, 0.03, 0.5 -> 4*0.01, 3*0.02, 2*0.03, 1*0.5, running max
    assert adjust([0.03, 0.01, 0.5, 0.02], "holm") == pytest.approx([0.06, 0.04, 0.5, 0.06])
    # the running maximum lifts a later, smaller product
    assert adjust([0.01, 0.04, 0.045], "holm") == pytest.approx([0.03, 0.08, 0.08])
    assert adjust([0.4, 0.5], "holm") == pytest.approx([0.8, 0.8])  # capped at 1 only above it
    assert adjust([0.6, 0.7], "holm") == pytest.approx([1.0, 1.0])


def test_bh_by_hand() -> None:
    # m=4, sorted 0.01, 0.02, 0.03, 0.5 -> 0.04, 0.04, 0.04, 0.5 (running min from the top)
    assert adjust([0.03, 0.01, 0.5, 0.02], "bh") == pytest.approx([0.04, 0.04, 0.5, 0.04])
    assert adjust([0.01, 0.04, 0.045], "bh") == pytest.approx([0.03, 0.045, 0.045])


def test_none_empty_and_single() -> None:
    assert list(adjust([0.3, 0.01], "none")) == [0.3, 0.01]
    assert adjust([], "holm").size == 0
    assert list(adjust([0.02], "holm")) == [0.02] and list(adjust([0.02], "bh")) == [0.02]


@pytest.mark.parametrize("bad", [[1.5], [-0.1], [float("nan")]])
def test_refuses_what_is_not_a_p_value(bad: list[float]) -> None:
    with pytest.raises(ParameterError):
        adjust(bad, "holm")
    with pytest.raises(ParameterError, match="choose from holm, bh, none"):
        adjust([0.1], "bonferroni")


def _holm_rejects(p: np.ndarray, alpha: float) -> set[int]:
    """Holm's step-down procedure at level alpha, as the paper states it."""
    m = len(p)
    out: set[int] = set()
    for k, i in enumerate(sorted(range(m), key=lambda i: (p[i], i))):
        if p[i] > alpha / (m - k):
            break
        out.add(i)
    return out


def _bh_rejects(p: np.ndarray, alpha: float) -> set[int]:
    """Benjamini–Hochberg at level alpha: the largest k with p_(k) <= k alpha / m, and all below it."""
    m = len(p)
    ordered = sorted(p)
    k_star = max((k for k in range(1, m + 1) if ordered[k - 1] <= k * alpha / m), default=0)
    return {i for i in range(m) if k_star and p[i] <= ordered[k_star - 1]}


p_vectors = st.lists(st.sampled_from([0.001, 0.004, 0.01, 0.02, 0.025, 0.03, 0.2, 0.5, 1.0]), min_size=1, max_size=8)


@settings(max_examples=200, deadline=None)
@given(p_vectors)
def test_adjusted_p_rejects_what_the_procedure_rejects(values: list[float]) -> None:
    p = np.array(values)
    for method, rejects in (("holm", _holm_rejects), ("bh", _bh_rejects)):
        q = adjust(p, method)
        # just above and just below every adjusted value: where the answer changes (the boundary
        # itself is a matter of rounding k*alpha/m against m*p/k)
        levels = sorted({*(q * (1 + 1e-9)).tolist(), *(q * (1 - 1e-9)).tolist()})
        for alpha in levels:
            if 0 < alpha <= 1:
                assert {i for i in range(len(p)) if q[i] <= alpha} == rejects(p, alpha), (method, alpha)


def test_bh_equals_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(3)
    for _ in range(20):
        p = rng.uniform(0, 0.2, size=int(rng.integers(1, 40)))
        assert adjust(p, "bh") == pytest.approx(stats.false_discovery_control(p, method="bh"), rel=1e-12)


def _clusters_brute(scores: list[float], names: list[str], sig: np.ndarray) -> dict[str, int]:
    """The rule as written: best first; a new cluster when any member of the current one beats the next."""
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], names[i]))
    out: dict[str, int] = {}
    members: list[int] = []
    number = 0
    for k in order:
        if not members or any(sig[i, k] and scores[i] > scores[k] for i in members):
            number, members = number + 1, []
        members.append(k)
        out[names[k]] = number
    return out


def test_clusters_by_hand() -> None:
    scores = [30.0, 29.5, 29.0, 25.0]
    sig = np.zeros((4, 4), dtype=bool)
    # 0 beats 2 but not 1; 1 does not beat 2: the any-member rule still opens a cluster at 2
    sig[0, 2] = sig[2, 0] = True
    sig[0, 3] = sig[3, 0] = sig[1, 3] = sig[3, 1] = sig[2, 3] = sig[3, 2] = True
    order = ranking(scores, ["a", "b", "c", "d"], True)
    assert order == [0, 1, 2, 3]
    assert clusters(order, better_matrix(scores, sig, True)) == [1, 1, 2, 3]
    # lower is better (TER): the same matrix, the order reversed
    order = ranking(scores, ["a", "b", "c", "d"], False)
    assert order == [3, 2, 1, 0]
    assert clusters(order, better_matrix(scores, sig, False)) == [3, 2, 2, 1]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([10.0, 11.0, 12.5, 12.5, 20.0]), min_size=2, max_size=7),
    st.data(),
)
def test_clusters_equal_brute_force_and_ignore_input_order(scores: list[float], data: st.DataObject) -> None:
    n = len(scores)
    names = [f"s{k}" for k in range(n)]
    upper = data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    sig = np.array(upper, dtype=bool).reshape(n, n)
    sig = sig | sig.T
    np.fill_diagonal(sig, False)
    got = clusters(ranking(scores, names, True), better_matrix(scores, sig, True))
    expected = _clusters_brute(scores, names, sig)
    assert {names[i]: got[i] for i in range(n)} == expected
    perm = data.draw(st.permutations(range(n)))
    p_scores, p_names = [scores[i] for i in perm], [names[i] for i in perm]
    p_sig = sig[np.ix_(perm, perm)]
    p_got = clusters(ranking(p_scores, p_names, True), better_matrix(p_scores, p_sig, True))
    assert {p_names[i]: p_got[i] for i in range(n)} == expected
    # clusters are consecutive from 1 along the ranking, and tied scores are never "better"
    order = ranking(scores, names, True)
    assert [got[i] for i in order] == sorted(got[i] for i in order) and got[order[0]] == 1
    assert not better_matrix([1.0, 1.0], np.ones((2, 2), dtype=bool), True).any()


def test_ties_are_ordered_by_name() -> None:
    assert ranking([5.0, 7.0, 5.0], ["zeta", "x", "alpha"], True) == [1, 2, 0]


def test_min_detectable() -> None:
    # z(0.975) + z(0.8) = 1.959964 + 0.841621
    assert min_detectable(1.0) == pytest.approx(2.801585, abs=1e-6)
    assert min_detectable(np.array([0.5, 2.0])) == pytest.approx([1.4007925, 5.60317], abs=1e-5)
    with pytest.raises(ParameterError):
        min_detectable(1.0, alpha=0.0)


def test_p_values_are_never_printed_as_zero() -> None:
    assert floor(1000) == 1 / 1001
    assert at_floor(1 / 1001, 1000) and not at_floor(2 / 1001, 1000)
    assert p_text(1 / 1001, 1000) == "<0.0010"
    assert p_text(1 / 10001, 10000) == "<0.0001"
    assert p_text(1 / 1_000_001, 1_000_000) == "<0.0001"
    assert p_text(3 / 1_000_001, 1_000_000) == "<0.0001"  # above the floor, below the printed precision
    assert p_text(0.0479, 1000) == "0.0479"
    assert p_text(1.0, 1000) == "1.0000"


def test_resampled_shares_enter_holm_as_c_plus_one_over_n_plus_one() -> None:
    # shares 0/9 and 4.5/9 of 9 permutations: (0 + 1) / 10 = 0.1 and (4.5 + 1) / 10 = 0.55 before
    # Holm; by hand: 2 x 0.1 = 0.2, then max(0.2, 0.55)
    assert adjust([0.0, 0.5], "holm", resamples=9) == pytest.approx([0.2, 0.55])
    assert adjust([0.0], "none", resamples=99)[0] == pytest.approx(0.01)  # never 0
    assert list(adjust([0.0, 0.5], "holm")) == [0.0, 0.5]  # analytic p-values (the default) as given
