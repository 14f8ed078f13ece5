"""WER and PER: hand-computed cases; NLTK's edit distance, jiwer, a plain dynamic programme and the
Tillmann formula as oracles."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import jiwer
import nltk
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.resources import Preprocessor
from mtmetrics_baselines.error_rates import position_independent_errors, word_edit_distance

from .conftest import wmt21_de_en

words = st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=0, max_size=8)
#: one-character and longer tokens, non-ASCII ones, and tokens that differ only in case or accent
mixed_words = st.lists(
    st.sampled_from(["a", "b", "the", "The", "cat", "café", "cafe", "猫", ",", ".", "ab", "ba"]), max_size=40
)


def _dynamic_programme(hyp: Sequence[str], ref: Sequence[str]) -> int:
    """Levenshtein distance by the Wagner-Fischer table, one row at a time: the brute-force oracle."""
    prev = list(range(len(ref) + 1))
    for i, h in enumerate(hyp, start=1):
        cur = [i]
        for j, r in enumerate(ref, start=1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (h != r)))
        prev = cur
    return prev[-1]


def _sentence(metric: str, hyp: str, refs: list[str], **params: Any) -> float:
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
        cls = type(mtmetrics.load_metric(name).metric)
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
    assert d == nltk.edit_distance(hyp, ref) == _dynamic_programme(hyp, ref)
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


@settings(max_examples=300, deadline=None)
@given(mixed_words, mixed_words)
def test_edit_distance_equals_the_dynamic_programme(hyp: list[str], ref: list[str]) -> None:
    assert word_edit_distance(hyp, ref) == _dynamic_programme(hyp, ref)


def test_edit_distance_equals_the_dynamic_programme_on_wmt21() -> None:
    hyps, ref_a, ref_b = wmt21_de_en(400)
    prep = Preprocessor("13a", False)
    for i, hyp in enumerate(hyps):
        h = prep(hyp)
        for ref in (ref_a[i], ref_b[i]):
            r = prep(ref)
            assert word_edit_distance(h, r) == _dynamic_programme(h, r), i


@pytest.mark.parametrize("ref_index", [1, 2])
def test_wer_equals_jiwer_on_wmt21(ref_index: int) -> None:
    """Every WMT21 de-en segment, each reference alone: jiwer (on the same 13a tokens) gives the same
    errors per segment and the same corpus WER, to the last bit."""
    data = wmt21_de_en(1000)
    keep = [i for i, ref in enumerate(data[ref_index]) if ref.strip()]  # jiwer refuses empty references
    assert len(keep) > 990
    hyps, refs = [data[0][i] for i in keep], [data[ref_index][i] for i in keep]
    prep = Preprocessor("13a", False)
    h_tok, r_tok = [" ".join(prep(x)) for x in hyps], [" ".join(prep(x)) for x in refs]
    wer = mtmetrics.load_metric("wer")  # 13a on the raw lines: the road a user takes
    rows = wer.statistics(hyps, [refs]).array
    for i, (h, r) in enumerate(zip(h_tok, r_tok, strict=True)):
        out = jiwer.process_words(r, h)
        assert (rows[i][0], rows[i][1]) == (out.substitutions + out.deletions + out.insertions, len(r.split())), i
    assert wer.corpus_score(hyps, [refs]).score == jiwer.wer(r_tok, h_tok)
    assert mtmetrics.load_metric("wer", tokenize="none").corpus_score(h_tok, [r_tok]).score == jiwer.wer(r_tok, h_tok)


def test_a_long_segment_is_scored_quickly() -> None:
    """The compiled distance makes 50,000-token segments affordable (about 0.3 s), so that is the limit."""
    wer = mtmetrics.load_metric("wer")
    assert wer.max_segment_tokens == 50000
    vocab = ["the", "ministry", "said", "prices", "rose", "sharply", "in", "march", ",", "officials", "."]
    hyp = " ".join(vocab[i % len(vocab)] for i in range(50000))
    ref = " ".join(vocab[(i * 7) % len(vocab)] for i in range(49000))
    start = time.perf_counter()
    score = wer.sentence_score(hyp, [ref]).score
    assert time.perf_counter() - start < 10  # loose: a shared machine
    assert 0 < score < 2
