"""Names, parameters, signatures and the documented special behaviours."""

from __future__ import annotations

from typing import Any

import pytest

import mtmetrics


@pytest.mark.parametrize(
    ("name", "params", "display"),
    [
        ("rouge-n", {}, "ROUGE-2"),
        ("rouge-n", {"n": 1}, "ROUGE-1"),
        ("rouge-l", {}, "ROUGE-L"),
        ("rouge-w", {}, "ROUGE-W-1.2"),
        ("rouge-s", {}, "ROUGE-S4"),
        ("rouge-s", {"skip": -1}, "ROUGE-S*"),
        ("rouge-su", {"skip": 9}, "ROUGE-SU9"),
    ],
)
def test_names(name: str, params: dict[str, Any], display: str) -> None:
    metric = mtmetrics.load_metric(name, **params)
    assert metric.metric.display_name == display
    res = metric.sentence_score("a b c", ["a b d"])
    assert set(res.sub_scores) == {"precision", "recall"}
    assert res.signature.format().startswith(display + "|")


def test_signature_lists_every_parameter() -> None:
    sig = mtmetrics.load_metric("rouge-s", skip=-1).signature().format()
    for part in ("skip:*", "tok:13a", "case:mixed", "stem:no", "stop:no", "beta:1.0", "impl:paper", "multiref:best"):
        assert part in sig


def test_rouge155_signature_names_the_scripts_text_handling() -> None:
    """Under impl=rouge155 the script's readText replaces tokenize and lowercase, whatever they are,
    and its own stemmer replaces PyStemmer: the signature says so, so numbers of the earlier
    rouge155 (which used the tokenizer, tok:13a or tok:none) cannot be mistaken for these."""
    for extra in ({}, {"tokenize": "none"}, {"tokenize": "intl", "lowercase": True}):
        metric = mtmetrics.load_metric("rouge-l", impl="rouge155", stem=True, stopwords=True, **extra)
        fields = metric.signature().as_dict()
        assert fields["tok"] == "rouge155" and fields["case"] == "lc"
        assert fields["stem"] == "len>3" and fields["stop"] == "yes"
        assert fields["stemmer"] == "rouge155-porter+wn2.0exc"
        assert metric.sentence_score("Well-known “café” isn’t 42!", ["well known caf isn t 42"]).score == 1.0


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("rouge-n", {"n": 0}),
        ("rouge-w", {"weight": 0.5}),
        ("rouge-s", {"skip": -2}),
        ("rouge-l", {"beta": -1.0}),
        ("rouge-l", {"impl": "perl"}),
        ("rouge-l", {"multiref": "max"}),
    ],
)
def test_bad_parameters(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(mtmetrics.ParameterError):
        mtmetrics.load_metric(name, **params)


def test_beta_weights_recall() -> None:
    # P = 1, R = 0.5: F1 = 2/3, F(beta=2) = 5 * 0.5 / (0.5 + 4) = 0.5556
    hyp, ref = "a b", "a b c d"
    assert mtmetrics.load_metric("rouge-n", n=1).sentence_score(hyp, [ref]).score == pytest.approx(2 / 3)
    assert mtmetrics.load_metric("rouge-n", n=1, beta=2.0).sentence_score(hyp, [ref]).score == pytest.approx(2.5 / 4.5)


def test_rouge155_su_leaves_out_last_unigram() -> None:
    """SU4 of 'a b' vs 'b a': paper counts unigrams a, b (2 hits of 3 units each side);
    ROUGE-1.5.5 only counts the first token's unigram: 'a' vs 'b' -> no hit at all."""
    paper = mtmetrics.load_metric("rouge-su")
    script = mtmetrics.load_metric("rouge-su", impl="rouge155")
    assert paper.sentence_score("a b", ["b a"]).score == pytest.approx(2 / 3)
    assert script.sentence_score("a b", ["b a"]).score == 0.0


def test_rouge155_best_picks_by_recall_paper_by_f() -> None:
    # ref 0: R = 1/1, P = 1/4 (F = 0.4); ref 1: R = 3/6, P = 3/4 (F = 0.6)
    hyp, refs = "a b c d", ["a", "a b c x y z"]
    paper = mtmetrics.load_metric("rouge-n", n=1).sentence_score(hyp, refs)
    script = mtmetrics.load_metric("rouge-n", n=1, impl="rouge155", multiref="best").sentence_score(hyp, refs)
    assert paper.score == pytest.approx(0.6)
    assert script.score == pytest.approx(0.4)


@pytest.mark.parametrize("name", ["rouge-s", "rouge-su"])
@pytest.mark.parametrize("skip", [-1, 0, 4])
def test_skip_signature_runs_again(name: str, skip: int) -> None:
    """ROUGE-S*'s ``skip:*`` (skip=-1) reads back, as every other skip value does."""
    scorer = mtmetrics.load_metric(name, skip=skip)
    for short in (False, True):
        text = scorer.signature("1").format(short)
        again = mtmetrics.load_metric(text)
        assert again.metric.values["skip"] == skip
        assert again.signature("1").format(short) == text
