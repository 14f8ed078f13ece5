"""GTM: hand-computed runs, a brute-force maximum matching as the oracle, corpus aggregation."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics_baselines.gtm import greedy_matching, match_weight

words = st.lists(st.sampled_from(["a", "b", "c"]), min_size=0, max_size=6)


def _brute_force_weight(hyp: list[str], ref: list[str], e: float) -> float:
    """Max over *all* matchings of Σ run^e, runs being maximal diagonals (the paper's definition).

    Enumerates every matching: each hypothesis position is left out or paired with a free equal
    reference position.
    """
    best = 0.0

    def weight(cells: set[tuple[int, int]]) -> float:
        total = 0.0
        for i, j in cells:
            if (i - 1, j - 1) not in cells:
                n = 1
                while (i + n, j + n) in cells:
                    n += 1
                total += n**e
        return total

    def extend(i: int, cells: set[tuple[int, int]], used: frozenset[int]) -> None:
        nonlocal best
        if i == len(hyp):
            best = max(best, weight(cells))
            return
        extend(i + 1, cells, used)
        for j, word in enumerate(ref):
            if word == hyp[i] and j not in used:
                extend(i + 1, cells | {(i, j)}, used | {j})

    extend(0, set(), frozenset())
    return best


def _f(mms: float, c: int, r: int) -> float:
    p, rec = mms / c, mms / r
    return 2 * p * rec / (p + rec)


@pytest.mark.parametrize(
    ("hyp", "e", "expected"),
    [
        # ORANGE's example, ref "police killed the gunman": 3 of 4 words match in both
        ("police kill the gunman", 1.0, _f(3, 4, 4)),
        # runs "police" (1) and "the gunman" (2): MMS = sqrt(1 + 4)
        ("police kill the gunman", 2.0, _f(math.sqrt(5), 4, 4)),
        ("police kill the gunman", 3.0, _f(9 ** (1 / 3), 4, 4)),
        # "the gunman kill police": same runs, in another order
        ("the gunman kill police", 2.0, _f(math.sqrt(5), 4, 4)),
        # one run of four
        ("police killed the gunman", 2.0, 1.0),
        # runs "the gunman" (2) and "police killed" (2): MMS = sqrt(4 + 4)
        ("the gunman police killed", 2.0, _f(math.sqrt(2**2 + 2**2), 4, 4)),
    ],
)
def test_hand_computed(hyp: str, e: float, expected: float) -> None:
    gtm = mtmetrics.load_metric("gtm", exponent=e)
    assert math.isclose(gtm.sentence_score(hyp, ["police killed the gunman"]).score, expected, rel_tol=1e-12)


def test_signature_and_presets() -> None:
    sig = mtmetrics.load_metric("gtm", exponent=3).sentence_score("a", ["a"]).signature.format()
    assert sig.startswith("GTM|nrefs:1|case:mixed|tok:13a|e:3|")


def test_corpus_aggregation_sums_run_weights() -> None:
    gtm = mtmetrics.load_metric("gtm", exponent=2.0, tokenize="none")
    # segment 1: run of 2 (weight 4), c=2, r=3; segment 2: two runs of 1 (weight 2), c=3, r=2
    res = gtm.corpus_score(["a b", "x q y"], [["a b c", "y x"]])
    mms = math.sqrt(4 + 2)
    assert math.isclose(res.score, _f(mms, 5, 5), rel_tol=1e-12)


@settings(max_examples=150, deadline=None)
@given(words, words)
def test_e1_equals_brute_force(hyp: list[str], ref: list[str]) -> None:
    assert match_weight(hyp, ref, 1.0) == _brute_force_weight(hyp, ref, 1.0)


@settings(max_examples=150, deadline=None)
@given(words, words, st.sampled_from([2.0, 3.0]))
def test_greedy_is_a_matching_never_above_the_optimum(hyp: list[str], ref: list[str], e: float) -> None:
    matching = greedy_matching(hyp, ref)
    assert len({i for i, _ in matching}) == len(matching) == len({j for _, j in matching})
    assert all(hyp[i] == ref[j] for i, j in matching)
    # greedy is maximal: no free hit is left
    rows = {i for i, _ in matching}
    cols = {j for _, j in matching}
    assert not any(
        hyp[i] == ref[j] and i not in rows and j not in cols for i in range(len(hyp)) for j in range(len(ref))
    )
    assert match_weight(hyp, ref, e) <= _brute_force_weight(hyp, ref, e) + 1e-9


def test_greedy_is_optimal_on_most_small_cases() -> None:
    """Measured agreement of the greedy approximation with the exact maximum (e = 2)."""
    cases = list(itertools.product("ab", repeat=4))
    same = sum(
        math.isclose(match_weight(list(h), list(r), 2.0), _brute_force_weight(list(h), list(r), 2.0))
        for h in cases
        for r in cases
    )
    assert same / len(cases) ** 2 > 0.9


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=8), st.sampled_from([1.0, 2.0, 3.0]))
def test_range_and_identity(ref: list[str], e: float) -> None:
    gtm = mtmetrics.load_metric("gtm", exponent=e, tokenize="none")
    text = " ".join(ref)
    assert math.isclose(gtm.sentence_score(text, [text]).score, 1.0)
    score = gtm.sentence_score(" ".join(reversed(ref)), [text]).score
    assert 0.0 <= score <= 1.0 + 1e-12
