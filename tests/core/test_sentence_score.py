"""``sentence_score``: one segment scored without the corpus road, with the corpus road's numbers."""

from __future__ import annotations

from typing import Any

import pytest

import mtmetrics
from mtmetrics import InputError, api
from mtmetrics.engine import scoring

PAIRS = [
    ("the cat sat on the mat", ["the cat is on the mat", "a cat sat on a mat"]),
    ("", ["an empty hypothesis"]),
    ("a a a a b", ["a b a"]),
]


@pytest.mark.parametrize("name", ["hlepor", "bleu", "chrf", "ter", "wer", "nist"])
def test_sentence_score_is_the_one_segment_corpus(name: str) -> None:
    metric = mtmetrics.load_metric(name)
    for hyp, refs in PAIRS:
        one = metric.sentence_score(hyp, refs)
        corpus = metric.corpus_score([hyp], [[r] for r in refs])
        assert one == corpus
        assert metric.get_signature() == corpus.signature


def test_one_segment_skips_the_corpus_road(monkeypatch: pytest.MonkeyPatch) -> None:
    metric = mtmetrics.load_metric("hlepor")
    expected = metric.corpus_score(["a b c d"], [["a b d c"]])

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the corpus road was taken for one segment")

    monkeypatch.setattr(api, "statistics_of", refuse)
    assert metric.sentence_score("a b c d", ["a b d c"]) == expected


def test_metrics_with_corpus_state_take_the_corpus_road(monkeypatch: pytest.MonkeyPatch) -> None:
    metric = mtmetrics.load_metric("nist")
    seen = []
    original = api.statistics_of

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(api, "statistics_of", spy)
    metric.sentence_score("a b c d", ["a b d c"])
    assert seen


def test_the_signature_is_built_once_per_number_of_references() -> None:
    metric = mtmetrics.load_metric("hlepor")
    assert metric.signature("1") is metric.signature("1")
    assert metric.signature("2") is not metric.signature("1")
    assert metric.signature("2").format() != metric.signature("1").format()


def test_the_gate_still_refuses_one_segment_over_the_limit() -> None:
    metric = mtmetrics.load_metric("hlepor")
    metric.max_segment_tokens = 3
    with pytest.raises(InputError, match="segment 1"):
        metric.sentence_score("a b c d e", ["a b"])


ODD_INPUTS: list[tuple[Any, Any]] = [
    ("a b c", ("a b", "a c")),  # a tuple of references
    ("a b c", ["a b", None]),  # a missing reference is dropped
    ("a b c", [None]),  # no reference left: refused
    ("a b c", []),  # no reference: refused
    (3, ["a b"]),  # not a string: refused
    ("a b c", ["a b", 3]),  # a reference that is not a string: refused
    ("a b c d e", ["a b"]),  # over the limit set below: refused
]


@pytest.mark.parametrize("hyp, refs", ODD_INPUTS)
@pytest.mark.parametrize("name", ["hlepor", "chrf", "sia"])
def test_the_one_segment_shortcut_equals_the_streams_checks(name: str, hyp: Any, refs: Any) -> None:
    """A string and a list of strings give what the streams' full checks (a generator of
    references) give: the same result, or the same error message."""
    metric = mtmetrics.load_metric(name)
    metric.max_segment_tokens = 4

    def outcome(references: Any) -> Any:
        try:
            return metric.sentence_score(hyp, references)
        except InputError as exc:
            return str(exc)

    shortcut = outcome(list(refs) if isinstance(refs, tuple) else refs)
    streams = outcome(r for r in refs)
    assert shortcut == streams
    assert outcome(refs) == streams


def test_one_segment_is_scored_without_the_corpus_road(monkeypatch: pytest.MonkeyPatch) -> None:
    """sentence_score's one-segment road (kept: a third of chrF's and TER's per-segment time) scores
    through the gate and ``score_chunk``, never the corpus road's ``run``, with the same result."""
    metric = mtmetrics.load_metric("hlepor")
    expected = metric.corpus_score(["a b c d"], [["a b d c"]])

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the corpus road was taken for one segment")

    monkeypatch.setattr(scoring, "run", refuse)
    assert metric.sentence_score("a b c d", ["a b d c"]).score == expected.score
