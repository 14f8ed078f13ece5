"""Hostile calls of the Python API: every one raises an :class:`~mtmetrics.MtmetricsError` subclass.

The table below calls the public API (``mtmetrics``'s exports: :func:`~mtmetrics.load_metric`,
:class:`~mtmetrics.Scorer` and its methods, :class:`~mtmetrics.Param`; the significance tests of
:mod:`mtmetrics.stats`) with wrong types,
NaN and infinities, out-of-range numbers, runaway sizes and mismatched inputs. Each call must raise
an ``MtmetricsError`` whose message names what is wrong, never a ``TypeError``, an ``IndexError``,
a huge allocation or silence. sacrebleu's drop-in classes (:mod:`mtmetrics.metrics`) are not in
the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pytest

from mtmetrics import MtmetricsError, Param, Scorer, load_metric
from mtmetrics.engine import significance as _tests
from mtmetrics.metric import Statistics
from mtmetrics.stats import MAX_RESAMPLES
from mtmetrics.stats.significance import interval

# typed as Any: the cases below pass wrong types on purpose
bootstrap_ci: Any = _tests.bootstrap_ci
bootstrap_scores: Any = _tests.bootstrap_scores
paired_ar: Any = _tests.paired_ar
paired_bootstrap: Any = _tests.paired_bootstrap

HYPS = ["the cat sat on the mat", "a dog went home"]
REFS = [["the cat sat on a mat", "the dog went home"]]
NAN, INF = math.nan, math.inf


@cache
def bleu() -> Scorer:
    """A BLEU scorer (made once; the calls below never change it for the others)."""
    return load_metric("bleu")


@cache
def stats() -> Statistics:
    """BLEU statistics of two segments."""
    return load_metric("bleu").statistics(HYPS, REFS)


@cache
def chrf_stats() -> Statistics:
    """chrF statistics of the same two segments (another metric's statistics)."""
    return load_metric("chrf").statistics(HYPS, REFS)


def _set_limit(value: Any) -> None:
    load_metric("bleu").max_segment_tokens = value


Call = Callable[[], Any]

LOAD: dict[str, Call] = {
    "load-none": lambda: load_metric(None),  # type: ignore[arg-type]
    "load-int": lambda: load_metric(3),  # type: ignore[arg-type]
    "load-bytes": lambda: load_metric(b"bleu"),  # type: ignore[arg-type]
    "load-list": lambda: load_metric(["bleu"]),  # type: ignore[arg-type]
    "load-empty": lambda: load_metric(""),
    "load-unknown": lambda: load_metric("bleuu"),
    "load-inline-spec": lambda: load_metric("bleu:max_ngram_order=3"),
    "load-unknown-param": lambda: load_metric("bleu", max_order=3),
    "load-order-str": lambda: load_metric("bleu", max_ngram_order="x"),
    "load-order-nan": lambda: load_metric("bleu", max_ngram_order=NAN),
    "load-order-inf": lambda: load_metric("bleu", max_ngram_order=INF),
    "load-order-negative": lambda: load_metric("bleu", max_ngram_order=-1),
    "load-order-huge": lambda: load_metric("bleu", max_ngram_order=10**100),
    "load-order-fraction": lambda: load_metric("bleu", max_ngram_order=2.5),
    "load-order-bool": lambda: load_metric("bleu", max_ngram_order=True),
    "load-order-list": lambda: load_metric("bleu", max_ngram_order=[4]),
    "load-tokenize-int": lambda: load_metric("bleu", tokenize=3),
    "load-tokenize-unknown": lambda: load_metric("bleu", tokenize="13b"),
    "load-tokenize-none": lambda: load_metric("bleu", tokenize=None),
    "load-smooth-unknown": lambda: load_metric("bleu", smooth_method="floo"),
    "load-smooth-value-nan": lambda: load_metric("bleu", smooth_method="floor", smooth_value=NAN),
    "load-lowercase-str": lambda: load_metric("bleu", lowercase="maybe"),
    "load-chrf-beta-negative": lambda: load_metric("chrf", beta=-1),
    "load-chrf-order-nan": lambda: load_metric("chrf", char_order=NAN),
    "load-chrf-order-zero": lambda: load_metric("chrf", char_order=0),
    "load-ter-shift-str": lambda: load_metric("ter", max_shift_size="ten"),
    "load-pair-int": lambda: load_metric("bleu", language_pair=3),  # type: ignore[arg-type]
    "load-pair-words": lambda: load_metric("bleu", language_pair="english-german"),
    "load-pair-underscore": lambda: load_metric("bleu", language_pair="en_de"),
    "load-pair-empty": lambda: load_metric("bleu", language_pair=""),
    "load-pair-unknown-codes": lambda: load_metric("bleu", language_pair="xx-yy"),
    "load-pair-upper": lambda: load_metric("bleu", language_pair="EN-DE"),
    "load-meteor-german": lambda: load_metric("meteor", language_pair="en-de"),
}

SCORER: dict[str, Call] = {
    "scorer-object": lambda: Scorer(object()),  # type: ignore[arg-type]
    "scorer-none": lambda: Scorer(None),  # type: ignore[arg-type]
    "scorer-name": lambda: Scorer("bleu"),  # type: ignore[arg-type]
    "scorer-class": lambda: Scorer(type(bleu().metric)),  # type: ignore[arg-type]
}

CORPUS: dict[str, Call] = {
    "corpus-no-hyps": lambda: bleu().corpus_score(None, REFS),
    "corpus-no-refs": lambda: bleu().corpus_score(HYPS),
    "corpus-hyps-str": lambda: bleu().corpus_score("the cat", REFS),
    "corpus-hyps-int": lambda: bleu().corpus_score(3, REFS),  # type: ignore[arg-type]
    "corpus-hyps-bytes": lambda: bleu().corpus_score([b"the cat", b"a dog"], REFS),  # type: ignore[list-item]
    "corpus-hyp-int": lambda: bleu().corpus_score([1, 2], REFS),  # type: ignore[list-item]
    "corpus-hyp-none": lambda: bleu().corpus_score([None, "a"], REFS),  # type: ignore[list-item]
    "corpus-refs-str": lambda: bleu().corpus_score(HYPS, "the cat"),
    "corpus-refs-flat": lambda: bleu().corpus_score(HYPS, ["the cat sat", "a dog"]),
    "corpus-refs-int": lambda: bleu().corpus_score(HYPS, [[1, 2]]),  # type: ignore[list-item]
    "corpus-refs-short": lambda: bleu().corpus_score(HYPS, [["one"]]),
    "corpus-refs-long": lambda: bleu().corpus_score(HYPS, [["a", "b", "c"]]),
    "corpus-refs-empty-list": lambda: bleu().corpus_score(HYPS, []),
    "corpus-empty": lambda: bleu().corpus_score([], [[]]),
    "corpus-all-refs-missing": lambda: bleu().corpus_score(HYPS, [[None, None]]),
    "corpus-both-spellings": lambda: bleu().corpus_score(HYPS, REFS, hypotheses=HYPS),
    "corpus-sources-int": lambda: bleu().corpus_score(HYPS, REFS, sources=3),  # type: ignore[arg-type]
    "corpus-annotations-list": lambda: bleu().corpus_score(HYPS, REFS, annotations=[1]),  # type: ignore[arg-type]
    "corpus-jobs-zero": lambda: bleu().corpus_score(HYPS, REFS, jobs=0),
    "corpus-jobs-negative": lambda: bleu().corpus_score(HYPS, REFS, jobs=-3),
    "corpus-jobs-nan": lambda: bleu().corpus_score(HYPS, REFS, jobs=NAN),  # type: ignore[arg-type]
    "corpus-jobs-inf": lambda: bleu().corpus_score(HYPS, REFS, jobs=INF),  # type: ignore[arg-type]
    "corpus-jobs-str": lambda: bleu().corpus_score(HYPS, REFS, jobs="2"),  # type: ignore[arg-type]
    "corpus-jobs-fraction": lambda: bleu().corpus_score(HYPS, REFS, jobs=1.5),  # type: ignore[arg-type]
    "corpus-jobs-bool": lambda: bleu().corpus_score(HYPS, REFS, jobs=True),
    "corpus-jobs-none": lambda: bleu().corpus_score(HYPS, REFS, jobs=None),  # type: ignore[arg-type]
    "statistics-jobs-zero": lambda: bleu().statistics(HYPS, REFS, jobs=0),
    "statistics-jobs-nan": lambda: bleu().statistics(HYPS, REFS, jobs=NAN),  # type: ignore[arg-type]
    "statistics-refs-short": lambda: bleu().statistics(HYPS, [["one"]]),
    "segments-jobs-zero": lambda: bleu().segment_scores(HYPS, REFS, jobs=0),
    "segments-jobs-negative": lambda: bleu().segment_scores(HYPS, REFS, jobs=-1),
    "segments-refs-str": lambda: bleu().segment_scores(HYPS, "x"),
    "statistics-of-jobs-zero": lambda: bleu().statistics_of([], jobs=0),
    "statistics-of-not-segments": lambda: bleu().statistics_of(["the cat"]),  # type: ignore[list-item]
}

SENTENCE: dict[str, Call] = {
    "sentence-no-hyp": lambda: bleu().sentence_score(None, ["a"]),
    "sentence-no-refs": lambda: bleu().sentence_score("a"),
    "sentence-hyp-int": lambda: bleu().sentence_score(3, ["a"]),  # type: ignore[arg-type]
    "sentence-hyp-list": lambda: bleu().sentence_score(["a"], ["a"]),  # type: ignore[arg-type]
    "sentence-refs-str": lambda: bleu().sentence_score("a", "a"),
    "sentence-refs-int": lambda: bleu().sentence_score("a", [3]),  # type: ignore[list-item]
    "sentence-refs-empty": lambda: bleu().sentence_score("a", []),
    "sentence-refs-none-only": lambda: bleu().sentence_score("a", [None]),
    "sentence-refs-nested": lambda: bleu().sentence_score("a", [["a"]]),  # type: ignore[list-item]
    "sentence-refs-int-iterable": lambda: bleu().sentence_score("a", 5),  # type: ignore[arg-type]
    "sentence-both-spellings": lambda: bleu().sentence_score("a", ["a"], hypothesis="a"),
    "sentence-annotations-list": lambda: bleu().sentence_score("a", ["a"], annotations=[1]),  # type: ignore[arg-type]
}

RESULTS: dict[str, Call] = {
    "signature-before-scoring": lambda: load_metric("bleu").get_signature(),
    "weights-str": lambda: bleu().score_statistics(stats(), "x"),  # type: ignore[arg-type]
    "weights-short": lambda: bleu().score_statistics(stats(), np.ones(1)),
    "weights-nan": lambda: bleu().score_statistics(stats(), np.array([NAN, 1.0])),
    "weights-negative": lambda: bleu().score_statistics(stats(), np.array([-1.0, 1.0])),
    "score-statistics-str": lambda: bleu().score_statistics("x"),  # type: ignore[arg-type]
    "score-statistics-other-metric": lambda: bleu().score_statistics(chrf_stats()),
    "aggregate-str": lambda: bleu().score_aggregate("x", 1, "1"),  # type: ignore[arg-type]
    "aggregate-short": lambda: bleu().score_aggregate(np.ones(2), 1, "1"),
    "aggregate-n-negative": lambda: bleu().score_aggregate(stats().aggregate(), -1, "1"),
    "segment-results-str": lambda: bleu().segment_results("x"),  # type: ignore[arg-type]
    "segment-results-other-metric": lambda: bleu().segment_results(chrf_stats()),
    "limit-negative": lambda: _set_limit(-1),
    "limit-str": lambda: _set_limit("10"),
    "limit-nan": lambda: _set_limit(NAN),
    "limit-fraction": lambda: _set_limit(1.5),
    "limit-bool": lambda: _set_limit(True),
    "prepare-int": lambda: load_metric("nist").prepare(3),  # type: ignore[arg-type]
    "prepare-str": lambda: load_metric("nist").prepare("the cat"),
}

PARAM: dict[str, Call] = {
    "param-int-str": lambda: Param("n", int, 1, "n", None, range=(1, 9)).convert("x"),
    "param-int-nan": lambda: Param("n", int, 1, "n", None, range=(1, 9)).convert(NAN),
    "param-int-above": lambda: Param("n", int, 1, "n", None, range=(1, 9)).convert(10),
    "param-float-inf": lambda: Param("x", float, 1.0, "x", None, range=(0, None)).convert(INF),
    "param-bool-word": lambda: Param("b", bool, False, "b", None).convert("maybe"),
    "param-choice": lambda: Param("c", str, "a", "c", None, choices=("a", "b")).convert("z"),
    "param-none": lambda: Param("c", str, "a", "c", None).convert(None),
}

SIGNIFICANCE: dict[str, Call] = {
    "ci-n-zero": lambda: bootstrap_ci(bleu(), stats(), 0),
    "ci-n-negative": lambda: bootstrap_ci(bleu(), stats(), -5),
    "ci-n-nan": lambda: bootstrap_ci(bleu(), stats(), NAN),
    "ci-n-inf": lambda: bootstrap_ci(bleu(), stats(), INF),
    "ci-n-str": lambda: bootstrap_ci(bleu(), stats(), "5"),
    "ci-n-fraction": lambda: bootstrap_ci(bleu(), stats(), 2.5),
    "ci-n-bool": lambda: bootstrap_ci(bleu(), stats(), True),
    "ci-n-huge": lambda: bootstrap_ci(bleu(), stats(), 10**9),
    "ci-n-above-cap": lambda: bootstrap_ci(bleu(), stats(), MAX_RESAMPLES + 1),
    "ci-seed-negative": lambda: bootstrap_ci(bleu(), stats(), 10, -1),
    "ci-seed-nan": lambda: bootstrap_ci(bleu(), stats(), 10, NAN),
    "ci-seed-str": lambda: bootstrap_ci(bleu(), stats(), 10, "1"),
    "ci-seed-fraction": lambda: bootstrap_ci(bleu(), stats(), 10, 1.5),
    "ci-metric-object": lambda: bootstrap_ci(object(), stats(), 10),
    "ci-metric-name": lambda: bootstrap_ci("bleu", stats(), 10),
    "ci-stats-str": lambda: bootstrap_ci(bleu(), "x", 10),
    "ci-stats-other-metric": lambda: bootstrap_ci(bleu(), chrf_stats(), 10),
    "scores-n-zero": lambda: bootstrap_scores(bleu(), stats(), 0),
    "scores-n-str": lambda: bootstrap_scores(bleu(), stats(), "5"),
    "scores-n-huge": lambda: bootstrap_scores(bleu(), stats(), 10**9),
    "interval-empty": lambda: interval(np.array([]), 1),
    "pbs-other-metric": lambda: paired_bootstrap(bleu(), stats(), chrf_stats(), 10),
    "pbs-lengths": lambda: paired_bootstrap(bleu(), stats(), load_metric("bleu").statistics(["a"], [["a"]]), 10),
    "pbs-n-zero": lambda: paired_bootstrap(bleu(), stats(), stats(), 0),
    "pbs-n-nan": lambda: paired_bootstrap(bleu(), stats(), stats(), NAN),
    "pbs-n-huge": lambda: paired_bootstrap(bleu(), stats(), stats(), 10**9),
    "pbs-seed-negative": lambda: paired_bootstrap(bleu(), stats(), stats(), 10, -3),
    "pbs-precomputed-short": lambda: paired_bootstrap(
        bleu(), stats(), stats(), 10, baseline_scores=np.ones(3), system_scores=np.ones(10)
    ),
    "par-n-zero": lambda: paired_ar(bleu(), stats(), stats(), 0),
    "par-n-negative": lambda: paired_ar(bleu(), stats(), stats(), -10),
    "par-n-nan": lambda: paired_ar(bleu(), stats(), stats(), NAN),
    "par-n-str": lambda: paired_ar(bleu(), stats(), stats(), "10"),
    "par-n-huge": lambda: paired_ar(bleu(), stats(), stats(), 10**12),
    "par-seed-nan": lambda: paired_ar(bleu(), stats(), stats(), 10, NAN),
    "par-lengths": lambda: paired_ar(bleu(), stats(), load_metric("bleu").statistics(["a"], [["a"]]), 10),
    "par-other-metric": lambda: paired_ar(bleu(), stats(), chrf_stats(), 10),
}

CALLS: dict[str, Call] = {**LOAD, **SCORER, **CORPUS, **SENTENCE, **RESULTS, **PARAM, **SIGNIFICANCE}


def test_the_table_is_large() -> None:
    assert len(CALLS) >= 120


@pytest.mark.parametrize("name", list(CALLS))
def test_hostile_call_raises_an_mtmetrics_error(name: str) -> None:
    with pytest.raises(MtmetricsError) as info:
        CALLS[name]()
    message = str(info.value)
    assert message and "\n" not in message.strip(), message
    assert "Traceback" not in message


def test_resamples_are_capped_and_documented() -> None:
    """The cap is a documented constant, and the largest allowed count still runs in bounded memory
    (weights are drawn in chunks): the cap exists for time, not for memory."""
    assert MAX_RESAMPLES >= 10**5
    from mtmetrics.stats import significance

    assert "MAX_RESAMPLES" in (significance.__doc__ or "")
