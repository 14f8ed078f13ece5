"""The Python API: load_metric, corpus/sentence/segment scores, results, statistics, errors."""

from __future__ import annotations

import json
import math
import pickle
from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics import InputError, ParameterError, UnknownMetricError


def test_load_metric_and_result_shape() -> None:
    bleu = mtmetrics.load_metric("bleu", max_ngram_order=2)
    res = bleu.corpus_score(["the cat sat on the mat"], [["the cat is on the mat"]])
    # by hand: p1 = 5/6, p2 = 3/5, BP = 1 -> 100 * sqrt(5/6 * 3/5)
    assert res.score == pytest.approx(100 * math.sqrt(5 / 6 * 3 / 5))
    assert res.precision_1 == pytest.approx(100 * 5 / 6)  # sub-scores are attributes
    assert res.sub_scores["bp"] == 1.0
    d = res.to_dict()
    assert d["score"] == res.score and isinstance(d["score"], float)
    assert d["params"]["max_ngram_order"] == 2
    assert json.loads(json.dumps(d)) == d
    with pytest.raises(AttributeError):
        _ = res.no_such_sub_score


def test_bleus_hand_computed() -> None:
    # hyp/ref of 6 tokens: p1 = 5/6, p2 = 3/5 -> 4/6, p3 = 1/4 -> 2/5, p4 = 0/3 -> 1/4 (add one for n > 1)
    res = mtmetrics.load_metric("bleus").sentence_score("the cat sat on the mat", ["the cat is on the mat"])
    assert res.score == pytest.approx(100 * (5 / 6 * 4 / 6 * 2 / 5 * 1 / 4) ** 0.25)
    assert res.name == "BLEUS4"


def test_segment_scores_equal_sentence_scores() -> None:
    chrf = mtmetrics.load_metric("chrf")
    hyps = ["a b c", "hello world", ""]
    refs = [["a b d", "hello there world", "something"]]
    segs = chrf.segment_scores(hyps, refs)
    assert [s.score for s in segs] == [chrf.sentence_score(h, [r]).score for h, r in zip(hyps, refs[0], strict=True)]
    assert all(s.n_segments == 1 for s in segs)


def test_statistics_reaggregate_to_the_corpus_score_and_accept_weights() -> None:
    bleu = mtmetrics.load_metric("bleu")
    hyps = ["the cat sat on the mat", "a dog barked loudly at night"]
    refs = [["the cat is on the mat", "the dog barked at night"]]
    stats = bleu.statistics(hyps, refs)
    assert stats.names[:2] == ("hyp_len", "ref_len")
    assert bleu.score_statistics(stats).score == bleu.corpus_score(hyps, refs).score
    doubled = bleu.score_statistics(stats, weights=np.array([2, 0]))
    assert doubled.score == pytest.approx(bleu.corpus_score([hyps[0]] * 2, [[refs[0][0]] * 2]).score)
    assert stats.column("hyp_len").tolist() == [6.0, 6.0]


def test_variable_references_skip_missing_and_say_var() -> None:
    bleu = mtmetrics.load_metric("bleu")
    res = bleu.corpus_score(["a b c d", "e f g h"], [["a b c d", "e f g h"], [None, None]])
    assert res.signature.get("nrefs") == "1"  # both segments lost their second reference
    res = bleu.corpus_score(["a b c d", "e f g h"], [["a b c d", "e f g h"], [None, "  "]])
    assert res.signature.get("nrefs") == "var"  # a blank line is a reference of length 0, as in sacrebleu
    res = bleu.corpus_score(["a b c d", "e f g h"], [["a b c d", "e f g h"], [None, "e f g x"]])
    assert res.signature.get("nrefs") == "var"
    assert res.score == pytest.approx(100.0)


def test_length_mismatch_raises_instead_of_truncating() -> None:
    bleu = mtmetrics.load_metric("bleu")
    with pytest.raises(InputError, match="reference stream 2 has 1 segments but the hypotheses have 2"):
        bleu.corpus_score(["a", "b"], [["a", "b"], ["a"]])
    with pytest.raises(InputError, match="sources have 1 segments"):
        bleu.corpus_score(["a", "b"], [["a", "b"]], sources=["x"])


@pytest.mark.parametrize(
    ("hyps", "refs", "message"),
    [
        ([], [[]], "empty input"),
        (["a"], [], "no references"),
        (["a"], [[None]], "segment 1 has no reference"),
        ("a b", [["a b"]], "list of strings"),
        (["a"], ["a"], "list of strings"),
        ([None], [["a"]], "segment 1 is NoneType"),
    ],
)
def test_bad_input_is_a_clear_error(hyps: Any, refs: Any, message: str) -> None:
    with pytest.raises(InputError, match=message):
        mtmetrics.load_metric("bleu").corpus_score(hyps, refs)


def test_sentence_score_rejects_a_bare_string() -> None:
    with pytest.raises(InputError, match="not one string"):
        mtmetrics.load_metric("bleu").sentence_score("a", "a")


def test_unknown_metric_suggests_close_names() -> None:
    with pytest.raises(UnknownMetricError, match=r"unknown metric 'blue'. Did you mean: bleu"):
        mtmetrics.load_metric("blue")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"max_ngram_oder": 3}, "unknown parameter 'max_ngram_oder'. Did you mean: max_ngram_order"),
        ({"max_ngram_order": "four"}, r"expects an integer in \[1, 9\]"),
        ({"max_ngram_order": 12}, r"must be in \[1, 9\]"),
        ({"smooth_method": "exponential"}, "must be one of none, floor, add-k, exp"),
        ({"lowercase": "perhaps"}, "expects yes or no"),
        ({"tokenize": "13b"}, "Did you mean: 13a"),
    ],
)
def test_bad_parameters(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        mtmetrics.load_metric("bleu", **params)


def test_string_values_are_converted_like_cli_values() -> None:
    m = mtmetrics.load_metric("bleu", lowercase="yes", max_ngram_order="3", smooth_value="0.5")
    assert (
        m.metric.values["lowercase"] is True
        and m.metric.values["max_ngram_order"] == 3
        and m.metric.values["smooth_value"] == 0.5
    )


def test_metrics_pickle_and_repr() -> None:
    m = mtmetrics.load_metric("chrf", word_order=2)
    clone = pickle.loads(pickle.dumps(m))
    assert clone.metric.values == m.metric.values and repr(clone) == repr(m)
    assert "word_order=2" in repr(m)


def test_list_metrics() -> None:
    assert {"bleu", "bleus", "chrf", "ter"} <= set(mtmetrics.list_metrics())


def test_result_format_like_sacrebleu() -> None:
    res = mtmetrics.load_metric("ter").corpus_score(["a b c"], [["a b d"]])
    assert res.format(width=1, score_only=True) == "33.3"
    assert res.format(width=2).startswith("TER|nrefs:1|case:lc|") and " = 33.33 " in res.format(width=2)
    assert not res.higher_is_better


def test_result_of_equals_the_constructor_and_needs_every_other_field() -> None:
    """The per-segment fast path builds the same (frozen) result as the dataclass constructor."""
    from dataclasses import FrozenInstanceError
    from types import MappingProxyType

    from mtmetrics import Result, Score

    score = Score(0.5, {"p": 1.0}, "verbose", {"counts": [1, 2]})
    common: dict[str, Any] = {
        "metric": "x",
        "name": "X",
        "signature": mtmetrics.load_metric("chrf").signature("1"),
        "params": {},
        "higher_is_better": True,
        "n_segments": 1,
        "decimals": 4,
    }
    fast = Result.of(score, common)
    sub_scores, attributes = MappingProxyType({"p": 1.0}), MappingProxyType({"counts": [1, 2]})
    slow = Result(score=0.5, sub_scores=sub_scores, verbose="verbose", attributes=attributes, **common)
    assert fast == slow and repr(fast) == repr(slow) and fast.counts == [1, 2] and fast.p == 1.0
    with pytest.raises(FrozenInstanceError):
        fast.score = 1.0  # type: ignore[misc]
    del common["decimals"]
    with pytest.raises(TypeError, match="decimals"):
        Result.of(score, common)
