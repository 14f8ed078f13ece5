"""Property tests of SIA (hypothesis): range, identity, monotonicity in alpha, INCS and PROB."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtmetrics.resources.similarity import SimilarityTable
from mtmetrics_sia.metric import Sia

WORDS = st.lists(st.sampled_from(list("abcde")), min_size=0, max_size=9)
REFS = st.lists(st.lists(st.sampled_from(list("abcdef")), min_size=1, max_size=9), min_size=1, max_size=3)
ALPHA = st.floats(min_value=0.0, max_value=1.0)


def _m(**kw: object) -> Sia:
    return Sia(tokenize="none", **kw)


@settings(max_examples=150, deadline=None)
@given(WORDS, REFS, ALPHA, st.booleans())
def test_range(hyp: list[str], refs: list[list[str]], alpha: float, incs: bool) -> None:
    score, _total, lp, rounds = _m(alpha=alpha, incs=incs).score_tokens(hyp, refs)
    assert 0.0 <= score <= 1.0 + 1e-12
    assert 0.0 <= lp <= 1.0
    assert rounds <= len(hyp)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(list("abc")), min_size=1, max_size=10), st.integers(1, 3), ALPHA)
def test_identity(hyp: list[str], n: int, alpha: float) -> None:
    assert _m(alpha=alpha).score_tokens(hyp, [hyp] * n)[0] == 1.0


@settings(max_examples=100, deadline=None)
@given(WORDS, REFS, ALPHA, ALPHA)
def test_monotone_in_alpha(hyp: list[str], refs: list[list[str]], a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    assert _m(alpha=lo).score_tokens(hyp, refs)[0] <= _m(alpha=hi).score_tokens(hyp, refs)[0] + 1e-12


@settings(max_examples=100, deadline=None)
@given(WORDS, REFS, ALPHA)
def test_incs_only_adds(hyp: list[str], refs: list[list[str]], alpha: float) -> None:
    one = _m(alpha=alpha, incs=False).score_tokens(hyp, refs)[0]
    assert one <= _m(alpha=alpha, incs=True).score_tokens(hyp, refs)[0] + 1e-12


@settings(max_examples=100, deadline=None)
@given(
    WORDS,
    REFS,
    st.dictionaries(
        st.sampled_from(list("abcde")),
        st.dictionaries(st.sampled_from(list("abcdef")), st.floats(0.01, 1.0), min_size=1),
    ),
)
def test_prob_never_lowers_one_round(hyp: list[str], refs: list[list[str]], raw: dict[str, dict[str, float]]) -> None:
    """Without INCS, soft matches only add candidate pairs, so the best alignment cannot get worse."""
    table = {w: {o: v / sum(row.values()) for o, v in row.items()} for w, row in raw.items()}
    exact = _m(incs=False)
    prob = _m(incs=False)
    prob._table = SimilarityTable("t", "0" * 64, 100, table)
    assert exact.score_tokens(hyp, refs)[0] <= prob.score_tokens(hyp, refs)[0] + 1e-12


@settings(max_examples=60, deadline=None)
@given(WORDS, REFS)
def test_reference_order_without_ties_in_one_round(hyp: list[str], refs: list[list[str]]) -> None:
    """Without INCS the best reference's score does not depend on the order of references."""
    a = _m(incs=False).score_tokens(hyp, refs)[0]
    b = _m(incs=False).score_tokens(hyp, refs[::-1])[0]
    assert a == b
