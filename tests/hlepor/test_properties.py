"""Property tests of hLEPOR: range, identity, best-of-references, segment order, factor limits."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics

from . import oracle

# small vocabulary so that words repeat and the context rules of the alignment are exercised
WORDS = st.lists(st.sampled_from(["a", "b", "c", "the", "x", ",", "."]), min_size=0, max_size=14)
NONEMPTY = st.lists(st.sampled_from(["a", "b", "c", "the", "x", ",", "."]), min_size=1, max_size=14)
IMPL = st.sampled_from(["paper", "hlepor-pypi"])


def _metric(impl: str, n: int = 2) -> mtmetrics.Scorer:
    return mtmetrics.load_metric("hlepor", tokenize="none", impl=impl, n=n)


@settings(max_examples=300, deadline=None)
@given(hyp=WORDS, ref=NONEMPTY, n=st.integers(0, 4))
def test_paper_impl_equals_oracle_on_random_token_lists(hyp: list[str], ref: list[str], n: int) -> None:
    got = _metric("paper", n).sentence_score(" ".join(hyp), [" ".join(ref)]).score
    assert got == pytest.approx(oracle.hlepor(hyp, ref, n=n), abs=1e-12)


@settings(max_examples=300, deadline=None)
@given(hyp=WORDS, ref=NONEMPTY, n=st.integers(0, 4))
def test_pypi_impl_equals_flagged_oracle_on_random_token_lists(hyp: list[str], ref: list[str], n: int) -> None:
    got = _metric("hlepor-pypi", n).sentence_score(" ".join(hyp), [" ".join(ref)]).score
    want = oracle.hlepor(hyp, ref, n=n, wrap_left=True, index_confusion=True, identity_shortcut=True)
    assert got == pytest.approx(want, abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(hyp=WORDS, ref=NONEMPTY, impl=IMPL)
def test_range_and_factor_bounds(hyp: list[str], ref: list[str], impl: str) -> None:
    res = _metric(impl).sentence_score(" ".join(hyp), [" ".join(ref)])
    assert 0.0 <= res.score <= 1.0
    for name in ("elp", "npp", "hpr", "precision", "recall"):
        assert 0.0 <= res.sub_scores[name] <= 1.0
    if res.score > 0:  # the weighted harmonic mean lies between its smallest and largest factor
        factors = [res.sub_scores[k] for k in ("elp", "npp", "hpr")]
        assert min(factors) - 1e-12 <= res.score <= max(factors) + 1e-12


@settings(max_examples=100, deadline=None)
@given(ref=NONEMPTY, impl=IMPL, n=st.integers(0, 3))
def test_identity_scores_one(ref: list[str], impl: str, n: int) -> None:
    text = " ".join(ref)
    assert _metric(impl, n).sentence_score(text, [text]).score == pytest.approx(1.0, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(hyp=WORDS, refs=st.lists(NONEMPTY, min_size=2, max_size=3), impl=IMPL)
def test_multiref_is_the_best_single_reference(hyp: list[str], refs: list[list[str]], impl: str) -> None:
    m = _metric(impl)
    h = " ".join(hyp)
    best = max(m.sentence_score(h, [" ".join(r)]).score for r in refs)
    assert m.sentence_score(h, [" ".join(r) for r in refs]).score == best
    # and the order of the references does not matter
    assert m.sentence_score(h, [" ".join(r) for r in reversed(refs)]).score == best


@settings(max_examples=50, deadline=None)
@given(pairs=st.lists(st.tuples(WORDS, NONEMPTY), min_size=2, max_size=6), seed=st.randoms())
def test_segment_order_does_not_change_scores(pairs: list[tuple[list[str], list[str]]], seed: object) -> None:
    m = _metric("paper")
    hyps = [" ".join(h) for h, _ in pairs]
    refs = [" ".join(r) for _, r in pairs]
    base = m.statistics(hyps, [refs]).array
    order = list(range(len(pairs)))
    seed.shuffle(order)  # type: ignore[attr-defined]
    shuffled = m.statistics([hyps[i] for i in order], [[refs[i] for i in order]]).array
    assert (shuffled == base[order]).all()
    assert math.isclose(m.corpus_score(hyps, [refs]).score, sum(base[:, 0]) / len(pairs), abs_tol=1e-12)


def test_length_penalty_is_symmetric_and_empty_hypothesis_scores_zero() -> None:
    m = _metric("paper")
    short = m.sentence_score("a b", ["a b c d"]).sub_scores["elp"]
    long = m.sentence_score("a b c d", ["a b"]).sub_scores["elp"]
    assert short == pytest.approx(math.exp(1 - 4 / 2)) and long == pytest.approx(math.exp(1 - 4 / 2))
    assert m.sentence_score("", ["a b"]).score == 0.0
    assert m.sentence_score("q r", ["a b"]).score == 0.0  # nothing aligned: HPR = 0


@settings(max_examples=200, deadline=None)
@given(hyp=NONEMPTY, ref=NONEMPTY, n=st.integers(1, 3))
def test_pypi_impl_equals_the_package_on_random_token_lists(
    hlepor_pkg: object, hyp: list[str], ref: list[str], n: int
) -> None:
    want = hlepor_pkg.single_hlepor_score(  # type: ignore[attr-defined]
        " ".join(ref), " ".join(hyp), n=n, preprocess=lambda s: s, separate_punctuation=False
    )
    got = _metric("hlepor-pypi", n).sentence_score(" ".join(hyp), [" ".join(ref)]).score
    assert got == pytest.approx(want, abs=1e-12)


def test_extreme_length_ratio_underflows_to_zero_without_error() -> None:
    m = _metric("paper")
    long = " ".join(["a"] + ["b"] * 800)
    assert m.sentence_score("a", [long]).score == 0.0  # ELP = exp(1 - 801) underflows to 0
    assert m.sentence_score(long, ["a"]).score == 0.0
