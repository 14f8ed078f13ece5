"""impl=rouge-score against Google's rouge-score package (a test dependency only), per segment.

1,000 untouched WMT21 de-en lines (Facebook-AI, references A and B): every segment's [F, P, R] equals
``rouge_scorer.RougeScorer`` for rouge1, rouge2, rougeL and rougeLsum, with and without stemming,
exactly (same floating-point operations), with one reference (``score``) and two (``score_multi``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer, scoring

import mtmetrics
from mtmetrics_rouge.rougescore_text import rougescore_tokens

from .sentences import wmt21_raw

pytestmark = pytest.mark.data

TYPES: dict[str, tuple[str, dict[str, Any]]] = {
    "rouge1": ("rouge-n", {"n": 1, "impl": "rouge-score"}),
    "rouge2": ("rouge-n", {"n": 2, "impl": "rouge-score"}),
    "rougeL": ("rouge-l", {"impl": "rouge-score"}),
    "rougeLsum": ("rouge-lsum", {}),
}
N = 1000


def _expected(rouge_type: str, stem: bool, hyps: list[str], refs: list[list[str]]) -> np.ndarray:
    scorer = rouge_scorer.RougeScorer([rouge_type], use_stemmer=stem)
    rows = []
    for hyp, rs in zip(hyps, refs, strict=True):
        s = scorer.score_multi(rs, hyp)[rouge_type] if len(rs) > 1 else scorer.score(rs[0], hyp)[rouge_type]
        rows.append([s.fmeasure, s.precision, s.recall])
    return np.array(rows)


@pytest.mark.parametrize("stem", [False, True], ids=["nostem", "stem"])
@pytest.mark.parametrize("rouge_type", list(TYPES))
@pytest.mark.parametrize("nrefs", [1, 2])
def test_equals_rouge_score_per_segment(rouge_type: str, stem: bool, nrefs: int) -> None:
    hyps, ref_a, ref_b = wmt21_raw(N)
    refs = [[a, b][:nrefs] for a, b in zip(ref_a, ref_b, strict=True)]
    name, params = TYPES[rouge_type]
    metric = mtmetrics.load_metric(name, stem=stem, **params)
    got = metric.statistics(hyps, [ref_a, ref_b][:nrefs]).array
    np.testing.assert_array_equal(got, _expected(rouge_type, stem, hyps, refs), err_msg=rouge_type)


def test_lsum_splits_sentences_on_newlines_as_rouge_score() -> None:
    """Multi-sentence texts (the Python API keeps newlines): WMT21 lines joined four by four."""
    hyps, ref_a, _ = wmt21_raw(400)
    docs_h = ["\n".join(hyps[i : i + 4]) for i in range(0, 400, 4)]
    docs_r = ["\n".join(ref_a[i : i + 4]) for i in range(0, 400, 4)]
    # shuffled sentence order in the hypothesis: only the summary-level LCS is order-free by sentence
    docs_h = ["\n".join(reversed(d.split("\n"))) for d in docs_h]
    for stem in (False, True):
        got = mtmetrics.load_metric("rouge-lsum", stem=stem).statistics(docs_h, [docs_r]).array
        expected = _expected("rougeLsum", stem, docs_h, [[r] for r in docs_r])
        np.testing.assert_array_equal(got, expected)
        rouge_l = mtmetrics.load_metric("rouge-l", impl="rouge-score", stem=stem).statistics(docs_h, [docs_r]).array
        assert (got[:, 0] > rouge_l[:, 0]).sum() > 50  # Lsum is not L on reordered sentences


def test_corpus_score_is_the_mean_rouge_scores_aggregator_estimates() -> None:
    """The corpus score is the mean of per-segment scores; BootstrapAggregator's mid estimates it."""
    hyps, ref_a, _ = wmt21_raw(N)
    metric = mtmetrics.load_metric("rouge-n", n=1, impl="rouge-score")
    corpus = metric.corpus_score(hyps, [ref_a])
    expected = _expected("rouge1", False, hyps, [[r] for r in ref_a])
    assert corpus.score == pytest.approx(float(np.mean(expected[:, 0])), rel=1e-12)
    np.random.seed(0)
    aggregator = scoring.BootstrapAggregator()
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    for hyp, ref in zip(hyps, ref_a, strict=True):
        aggregator.add_scores(scorer.score(ref, hyp))
    mid = aggregator.aggregate()["rouge1"].mid.fmeasure
    assert abs(mid - float(np.mean(expected[:, 0]))) < 0.005


def test_signature_says_which_implementation() -> None:
    sig = mtmetrics.load_metric("rouge-l", impl="rouge-score", stem=True).signature()
    assert sig.get("impl") == "rouge-score"
    assert sig.get("tok") == "rouge-score"
    assert sig.get("case") == "lc"
    assert str(sig.get("stemmer")).startswith("porter-nltk")
    assert mtmetrics.load_metric("rouge-l").metric.values["impl"] == "paper"  # the default stays
    assert mtmetrics.load_metric("rouge-lsum").signature().get("impl") == "rouge-score"


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("rouge-n", {"n": 10, "impl": "rouge-score"}),
        ("rouge-w", {"impl": "rouge-score"}),
        ("rouge-s", {"impl": "rouge-score"}),
        ("rouge-su", {"impl": "rouge-score"}),
        ("rouge-lsum", {"impl": "paper"}),
    ],
)
def test_what_rouge_score_does_not_have_is_refused(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(mtmetrics.ParameterError, match="rouge"):
        mtmetrics.load_metric(name, **params)


WORDS = st.sampled_from(["a", "The", "cats", "sat", "running", "runs", "Day", "days", "ß", "İt", "1990s", ",", "\n"])
TEXT = st.lists(WORDS, min_size=0, max_size=15).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(TYPES)), st.booleans(), TEXT, TEXT, TEXT)
def test_properties_range_and_agreement(rouge_type: str, stem: bool, hyp: str, ref1: str, ref2: str) -> None:
    """Any text (empty, punctuation only, non-ASCII, newlines): scores in [0, 1] and equal to rouge-score."""
    name, params = TYPES[rouge_type]
    metric = mtmetrics.load_metric(name, stem=stem, **params)
    got = metric.statistics([hyp], [[ref1], [ref2]]).array
    assert np.all((got >= 0) & (got <= 1))
    np.testing.assert_array_equal(got, _expected(rouge_type, stem, [hyp], [[ref1, ref2]]))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(TYPES)), st.booleans(), TEXT)
def test_identity_scores_one_when_there_is_a_unit(rouge_type: str, stem: bool, text: str) -> None:
    name, params = TYPES[rouge_type]
    metric = mtmetrics.load_metric(name, stem=stem, **params)
    f, p, r = metric.statistics([text], [[text]]).array[0]
    n = params.get("n", 1)
    has_unit = len(rougescore_tokens(text)) >= n
    assert (f, p, r) == ((1.0, 1.0, 1.0) if has_unit else (0.0, 0.0, 0.0))
