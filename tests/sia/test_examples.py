"""SIA on the paper's worked examples and on small cases computed by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

import mtmetrics
from mtmetrics_sia.metric import Sia


def _sia(hyp: str, refs: list[str], **params: Any) -> float:
    return mtmetrics.load_metric("sia", tokenize="none", **params).sentence_score(hyp, refs).score


def test_worked_example_2(backend: str) -> None:
    """Paper eq. (2): pairs at gaps (1,1), (1,1), (1,5), (2,3) over an 8-word output gives 0.357.

    The paper's Figure 1 sentences are not in the text; these sentences realise exactly the
    gaps of eq. (2): hyp positions 1, 2, 3, 5 and ref positions 1, 2, 7, 10. A second,
    non-matching 6-word reference brings the mean reference length to 8, so LP = 1 as in the paper.
    """
    hyp = "life is of x1 chocolate x2 x3 x4"
    ref = "life is y1 y2 y3 y4 of y5 y6 chocolate"
    other = "z1 z2 z3 z4 z5 z6"
    expected = (1 / 1 + 1 / 1 + 1 / math.sqrt(1 * 5) + 1 / math.sqrt(2 * 3)) / 8
    assert round(expected, 3) == 0.357
    for incs in (True, False):
        assert _sia(hyp, [ref, other], incs=incs) == pytest.approx(expected, abs=1e-12)
    # with the long reference alone, the length penalty 8/10 applies
    assert _sia(hyp, [ref]) == pytest.approx(expected * 8 / 10, abs=1e-12)


def test_worked_example_1_formula_not_misprint() -> None:
    """Eq. (1) gaps (1,1), (1,1), (1,2), (2,5): the formula gives 0.378 (the paper prints 0.399)."""
    hyp = "life is like x1 box x2 x3 x4"
    ref = "life is y1 like y2 y3 y4 y5 box"
    value = _sia(hyp, [ref, "z"])  # mean ref length 5 <= 8: LP = 1
    assert value == pytest.approx((2 + 1 / math.sqrt(2) + 1 / math.sqrt(10)) / 8, abs=1e-12)
    assert round(value, 3) == 0.378


def test_gap_weighting_prefers_tighter_sequence() -> None:
    """Section 3.1: with one word missing, the closer continuation wins (box over chocolate)."""
    ref = "life is like a box of chocolate"
    tight = _sia("life is like box chocolate", [ref], incs=False)
    loose = _sia("life is of chocolate box", [ref], incs=False)
    assert tight > loose


def test_identity_is_one(backend: str) -> None:
    assert _sia("the cat sat on the mat", ["the cat sat on the mat"]) == 1.0
    assert _sia("a b a b a", ["a b a b a", "a b a b a"], alpha=0.1) == 1.0


def test_iterative_rounds_by_hand(backend: str) -> None:
    """Round 1: ref1 aligns 'a b' (2/3); round 2: ref2 aligns 'c' at (3, 1): 1/sqrt(3*1)/3."""
    alpha = 0.4
    want = 2 / 3 + alpha * (1 / math.sqrt(3)) / 3
    assert _sia("a b c", ["a b", "c"], alpha=alpha) == pytest.approx(want, abs=1e-12)
    assert _sia("a b c", ["a b", "c"], alpha=alpha, incs=False) == pytest.approx(2 / 3, abs=1e-12)


def test_crossing_words_need_a_second_round(backend: str) -> None:
    """'b a' against 'a b': the single pairs (1, 2) and (2, 1) both score 1/sqrt(2); the tie goes to
    the lexicographically first, (1, 2), and round 2 aligns (2, 1) with the same gap weight."""
    alpha = 0.5
    want = (1 / math.sqrt(2)) / 2 + alpha * (1 / math.sqrt(2)) / 2
    assert _sia("b a", ["a b"], alpha=alpha) == pytest.approx(want, abs=1e-12)


def test_empty_cases() -> None:
    m = Sia(tokenize="none")
    assert m.score_tokens([], [["a"]])[0] == 0.0
    assert m.score_tokens(["a"], [[]])[0] == 0.0
    assert m.score_tokens(["a"], [[], ["a"]])[0] == 1.0
    assert _sia("", ["a b"]) == 0.0


def test_signature_and_table7_configurations() -> None:
    m = mtmetrics.load_metric("sia")
    sig = m.corpus_score(["a b"], [["a b"]]).signature.format()
    assert "alpha:" in sig and "incs:yes" in sig and "sim:none" in sig and "top:100" in sig
    off = mtmetrics.load_metric("sia", incs=False).corpus_score(["a b"], [["a b"]]).signature.format()
    assert "incs:no" in off
    with pytest.raises(mtmetrics.ParameterError):
        mtmetrics.load_metric("sia", alpha=1.5)
