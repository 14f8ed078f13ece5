"""WER and PER: hand-computed cases, NLTK's edit distance and the Tillmann formula as oracles."""

from __future__ import annotations

import math
from collections import Counter

import nltk
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.resources import Preprocessor
from mtmetrics_baselines.error_rates import position_independent_errors, word_edit_distance

from .conftest import wmt21_de_en

words = st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=0, max_size=8)


def _sentence(metric: str, hyp: str, refs: list[str], **params: object) -> float:
    return mtmetrics.load_metric(metric, **params).sentence_score(hyp, refs).score


@pytest.mark.parametrize(
    ("hyp", "ref", "wer", "per"),
    [
        # three deletions against six reference words
        ("the cat sat", "the cat sat on the mat", 3 / 6, 3 / 6),
        # "cat the": two substitutions (or a deletion and an insertion); as bags nothing is wrong
        ("cat the sat", "the cat sat", 2 / 3, 0.0),
        # hyp longer than ref: 2 insertions; PER = max(4, 2) - 2 matches = 2 errors
        ("a a b c", "a b", 2 / 2, 2 / 2),
        # nothing in common: 3 substitutions + 1 insertion; PER max(4,3) - 0
        ("w x y z", "a b c", 4 / 3, 4 / 3),
        ("", "a b c", 1.0, 1.0),
        ("a b c", "a b c", 0.0, 0.0),
    ],
)
def test_hand_computed(hyp: str, ref: str, wer: float, per: float) -> None:
    assert math.isclose(_sentence("wer", hyp, [ref], tokenize="none"), wer)
    assert math.isclose(_sentence("per", hyp, [ref], tokenize="none"), per)


def test_best_reference_and_corpus_sums() -> None:
    # ref 1: 2 errors / 3 words; ref 2: 1 error / 4 words -> ref 2 is the best (lowest rate)
    wer = mtmetrics.load_metric("wer", tokenize="none")
    seg = wer.statistics(["a b c d"], [["x y c"], ["a b c e"]]).array[0]
    assert list(seg) == [1.0, 4.0]
    res = wer.corpus_score(["a b c d", "p q"], [["x y c", "p q r"], ["a b c e", "z"]])
    # segment 2: ref "p q r" 1/3 beats "z" 2/1 -> corpus (1 + 1) / (4 + 3)
    assert math.isclose(res.score, 2 / 7)
    assert not res.higher_is_better
    assert res.signature.format().startswith("WER|nrefs:2|case:mixed|tok:none")


def test_lower_is_better_metadata() -> None:
    for name in ("wer", "per"):
        cls = type(mtmetrics.load_metric(name))
        assert cls.higher_is_better is False
        assert cls.score_range == (0.0, math.inf)


def _tillmann_per(hyp: list[str], ref: list[str]) -> float:
    """Tillmann et al. (1997): PER = 1 - (matches - max(0, c - r)) / r."""
    matches = sum(min(n, ref.count(w)) for w, n in Counter(hyp).items())
    return 1 - (matches - max(0, len(hyp) - len(ref))) / len(ref)


def test_oracles_on_wmt21() -> None:
    hyps, ref_a, ref_b = wmt21_de_en(150)
    prep = Preprocessor("13a", False)
    wer = mtmetrics.load_metric("wer")
    per = mtmetrics.load_metric("per")
    wer_rows = wer.statistics(hyps, [ref_a, ref_b]).array
    per_rows = per.statistics(hyps, [ref_a, ref_b]).array
    num = den = pnum = pden = 0.0
    for i, hyp in enumerate(hyps):
        h = prep(hyp)
        refs = [prep(ref_a[i]), prep(ref_b[i])]
        # WER oracle: NLTK's Levenshtein distance on token lists, best rate over the references
        rates = [nltk.edit_distance(h, r) / len(r) for r in refs]
        k = rates.index(min(rates))
        assert wer_rows[i][0] == nltk.edit_distance(h, refs[k]) and wer_rows[i][1] == len(refs[k])
        num += nltk.edit_distance(h, refs[k])
        den += len(refs[k])
        prates = [_tillmann_per(h, r) for r in refs]
        pk = prates.index(min(prates))
        assert math.isclose(per_rows[i][0] / per_rows[i][1], prates[pk], abs_tol=1e-12)
        pnum += prates[pk] * len(refs[pk])
        pden += len(refs[pk])
    assert math.isclose(wer.corpus_score(hyps, [ref_a, ref_b]).score, num / den, rel_tol=1e-12)
    assert math.isclose(per.corpus_score(hyps, [ref_a, ref_b]).score, pnum / pden, rel_tol=1e-9)


@settings(max_examples=200, deadline=None)
@given(words, words)
def test_edit_distance_properties(hyp: list[str], ref: list[str]) -> None:
    d = word_edit_distance(hyp, ref)
    assert d == nltk.edit_distance(hyp, ref)
    assert d == word_edit_distance(ref, hyp)  # unit costs: symmetric
    assert abs(len(hyp) - len(ref)) <= d <= max(len(hyp), len(ref))
    # order-free errors never exceed the edit distance (PER is a lower bound of WER)
    assert position_independent_errors(hyp, ref) <= d
    assert position_independent_errors(hyp, ref) == position_independent_errors(list(reversed(hyp)), ref)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=8))
def test_identity_is_zero(ref: list[str]) -> None:
    text = " ".join(ref)
    assert _sentence("wer", text, [text]) == 0.0
    assert _sentence("per", text, [text]) == 0.0
