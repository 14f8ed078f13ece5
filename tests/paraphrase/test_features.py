"""The feature arithmetic against brute-force transcriptions of the definitions (no resources needed)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from mtmetrics_paraphrase.features import (
    FEATURES,
    Analysis,
    composite_counts,
    equal_key_matches,
    feature_vector,
    max_matching,
    raw_counts,
)


# ------------------------------------------------------------------ oracles (literal definitions)
def oracle_composite(matches: set[tuple[int, int]]) -> tuple[int, ...]:
    """Order and D2..D5 by enumerating every unordered pair of matches."""
    order = 0
    windows = [0, 0, 0, 0]
    for (i1, j1), (i2, j2) in itertools.combinations(sorted(matches), 2):
        if i1 == i2 or j1 == j2:
            continue
        if (i1 < i2) == (j1 < j2):
            order += 1
        for n, k in enumerate((2, 3, 4, 5)):
            # both words fit in a window of k consecutive positions, in both sentences
            if abs(i1 - i2) < k and abs(j1 - j2) < k:
                windows[n] += 1
    return (order, *windows)


def oracle_max_matching(hyp: list[frozenset[str]], ref: list[frozenset[str]]) -> int:
    """Size of the largest one-to-one matching, by trying every injection of the smaller side."""
    small, large = (hyp, ref) if len(hyp) <= len(ref) else (ref, hyp)
    best = 0
    for k in range(len(small), 0, -1):
        for subset in itertools.combinations(range(len(small)), k):
            for image in itertools.permutations(range(len(large)), k):
                if all(small[a] & large[b] for a, b in zip(subset, image, strict=True)):
                    return k
    return best


labels = st.frozensets(st.sampled_from("abcde"), max_size=2)
keys = st.lists(st.sampled_from(["x", "y", "z", "w"]), max_size=8)
match_sets = st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=14)


@given(keys, keys)
def test_equal_key_matches_is_one_to_one_and_maximal(h: list[str], r: list[str]) -> None:
    pairs = equal_key_matches(list(enumerate(h)), list(enumerate(r)))
    assert len(pairs) == sum((Counter(h) & Counter(r)).values())
    assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
    assert all(h[i] == r[j] for i, j in pairs)


@settings(max_examples=60, deadline=None)
@given(st.lists(labels, max_size=5), st.lists(labels, max_size=5))
def test_max_matching_against_brute_force(h: list[frozenset[str]], r: list[frozenset[str]]) -> None:
    pairs = max_matching(list(enumerate(h)), list(enumerate(r)))
    assert len(pairs) == oracle_max_matching(h, r)
    assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
    assert all(h[i] & r[j] for i, j in pairs)


def test_max_matching_needs_augmenting_path() -> None:
    # greedy would give hyp 0 -> ref 0 and leave hyp 1 unmatched; the maximum is 2
    hyp = [(0, frozenset("ab")), (1, frozenset("a"))]
    ref = [(0, frozenset("a")), (1, frozenset("b"))]
    assert max_matching(hyp, ref) == [(0, 1), (1, 0)]


@given(match_sets)
def test_composite_against_brute_force(matches: set[tuple[int, int]]) -> None:
    assert composite_counts(matches) == oracle_composite(matches)


@given(match_sets)
def test_windows_are_nested_and_bounded(matches: set[tuple[int, int]]) -> None:
    order, *d = composite_counts(matches)
    pairs = math.comb(len(matches), 2)
    assert 0 <= order <= pairs
    assert d == sorted(d) and d[-1] <= pairs


def _analysis(words: list[str]) -> Analysis:
    return Analysis(
        words=tuple(words),
        stems=tuple(words),
        np_heads=(),
        proper=(),
        verbs=(),
        synsets=tuple(frozenset() for _ in words),
    )


@given(st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=9))
def test_identity_counts(words: list[str]) -> None:
    a = _analysis(words)
    counts = raw_counts(a, a)
    n = len(words)
    assert counts[0] == n  # every word matches itself, k-th occurrence with k-th: the diagonal
    assert counts[FEATURES.index("Order")] == math.comb(n, 2)
    for k in (2, 3, 4, 5):  # pairs of positions at most k - 1 apart
        assert counts[FEATURES.index(f"D{k}")] == sum(n - d for d in range(1, min(k, n)))
    vec = feature_vector(a, a)
    assert math.isclose(vec[0], 1.0)


def test_normalisation_and_empty() -> None:
    h = _analysis(["a", "b"])
    r = _analysis(["a", "c", "d", "e", "f", "g", "h", "b"])
    vec = feature_vector(h, r)
    assert math.isclose(vec[0], 2 / math.sqrt(2 * 8))
    # a (0,0) and b (1,7): same order; not within a window of 5 in the reference
    assert list(vec[5:]) == [1 / 4, 0.0, 0.0, 0.0, 0.0]
    assert not feature_vector(_analysis([]), r).any()
