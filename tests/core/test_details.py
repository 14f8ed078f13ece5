"""The per-segment detail channel (:meth:`Metric.segment_details`) with a toy metric: API results,
statistics, the streaming store behind ``-sl -f json``, and the conformance check."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from mtmetrics import Metric, Scorer, Segment, load_metric
from mtmetrics.engine.streaming import score_sources
from mtmetrics.metric import build_segments
from mtmetrics.testing import check_details, default_corpus

CORPUS = default_corpus()


class Words(Metric):
    """Hypothesis words per segment; its detail names the words no reference has."""

    name = "words-detail"
    aggregation = "mean"
    score_range = (0.0, float("inf"))
    perfect_on_identity = False

    def stat_names(self) -> tuple[str, ...]:
        return ("words",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.array([len(segment.hyp.split())], dtype=np.float64)

    def segment_details(self, segments: Sequence[Segment]) -> Sequence[Any] | None:
        return [{"unmatched": sorted(set(s.hyp.split()) - {w for r in s.refs for w in r.split()})} for s in segments]


class Short(Words):
    """A broken detail: one fewer than the segments."""

    name = "short-detail"

    def segment_details(self, segments: Sequence[Segment]) -> Sequence[Any] | None:
        return [{}] * (len(segments) - 1)


def test_api_results_and_statistics_carry_details() -> None:
    scorer = Scorer(Words())
    expected = Words().segment_details(build_segments(CORPUS.hyps, CORPUS.refs))
    stats = scorer.statistics(CORPUS.hyps, CORPUS.refs)
    assert stats.details == tuple(expected or ())
    results = scorer.segment_scores(CORPUS.hyps, CORPUS.refs)
    assert [r.detail for r in results] == list(expected or ())
    assert results[2].to_dict()["detail"] == expected[2]  # type: ignore[index]
    one = scorer.sentence_score(CORPUS.hyps[2], [r[2] for r in CORPUS.refs])
    assert one.detail == expected[2] and one.score == results[2].score  # type: ignore[index]
    assert "detail" not in scorer.corpus_score(CORPUS.hyps, CORPUS.refs).to_dict()
    chrf = load_metric("chrf")
    assert chrf.statistics(CORPUS.hyps, CORPUS.refs).details is None
    assert chrf.segment_scores(CORPUS.hyps, CORPUS.refs)[0].detail is None
    assert "detail" not in chrf.sentence_score(CORPUS.hyps[0], [CORPUS.refs[0][0]]).to_dict()


def test_streamed_store_spools_details_as_json_lines() -> None:
    segments = build_segments(CORPUS.hyps, CORPUS.refs)
    ((outcome,),) = score_sources([Words()], [lambda _f, _n: [segments[:4], segments[4:]]], 1, keep_segments=True)
    assert outcome.segments is not None
    details = outcome.segments.details()
    assert details is not None
    assert [json.loads(line) for line in details] == list(Words().segment_details(segments) or ())
    outcome.segments.close()


def test_conformance_check_and_engine_refuse_bad_details() -> None:
    check_details(Words, CORPUS)
    with pytest.raises(RuntimeError, match="segment_details returned no sequence of 10 details"):
        Scorer(Short()).statistics(CORPUS.hyps, CORPUS.refs)
