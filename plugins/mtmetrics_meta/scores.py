"""The metric side of meta-evaluation: per metric and table, the engine's statistics and the
sign-applied segment scores (:class:`MetricScores`), from which every level re-aggregates instead
of rescoring. Error rates (``higher_is_better = False``) are negated and marked as flipped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mtmetrics.api import Scorer
from mtmetrics.engine import tables
from mtmetrics.engine.gate import bare_metric
from mtmetrics.engine.results import score_statistics, signature
from mtmetrics.engine.tables import TableStatistics
from mtmetrics.io.tables import Columns, Table
from mtmetrics.metric import Metric, Statistics, finish_totals
from mtmetrics.stats.bootweights import SystemWeights, weighted_sums


@dataclass(frozen=True)
class MetricScores:
    """One metric's statistics and (sign-applied) segment scores over every row of a table."""

    spec: str
    metric: Metric
    stats: Statistics
    segment_scores: np.ndarray  # already sign-flipped for error rates
    flipped: bool
    seconds: float = 0.0  # CPU seconds spent computing the statistics (all processes)
    #: official system scores ``(group, system) → score`` (group ``""``: any), e.g. a precomputed
    #: metric's system-level scores file; ``None``: the corpus score of the system's rows
    system_scores: Mapping[tuple[str, str], float] | None = None
    #: ``(group, metric)`` where the table's groups were scored with different parameters (each
    #: language pair's defaults, e.g. ``srctok:zh`` for zh-en, ``srctok:none`` for de-en); empty
    #: when one metric scored every row
    group_metrics: tuple[tuple[str, Metric], ...] = ()

    @classmethod
    def of(cls, scored: TableStatistics) -> MetricScores:
        """The scores of a metric's statistics over a table (the engine's :class:`TableStatistics`)."""
        flipped = not type(scored.metric).higher_is_better
        seg = scored.metric.score_rows(scored.stats.array)
        return cls(
            scored.spec, scored.metric, scored.stats, -seg if flipped else seg, flipped, scored.seconds,
            group_metrics=scored.group_metrics,
        )  # fmt: skip

    @property
    def signature(self) -> str:
        """The metric's full signature for this table's references; with groups scored by different
        parameters, each group's (``"zh-en: SIG; de-en: SIG"``), so no score is signed wrongly."""
        if not self.group_metrics:
            return str(signature(self.metric, self.stats.nrefs))
        return "; ".join(f"{group}: {signature(m, self.stats.nrefs)}" for group, m in self.group_metrics)

    def system_score(self, rows: np.ndarray) -> float:
        """The metric's corpus score of the given rows, sign-applied."""
        sub = Statistics(self.stats.names, self.stats.array[rows], self.stats.aggregation, self.stats.nrefs)
        value = score_statistics(self.metric, sub).score
        return -value if self.flipped else value

    def resampled_system_scores(self, rows: np.ndarray, weights: SystemWeights | np.ndarray) -> np.ndarray:
        """Corpus scores of ``rows`` re-weighted by each row of ``weights`` (compact
        :class:`~mtmetrics.stats.bootweights.SystemWeights` or a ``(B, n_s)`` matrix): the weighted
        sums (:func:`~mtmetrics.stats.bootweights.weighted_sums`), then the score formula on all rows."""
        totals, sizes = weighted_sums(weights, self.stats.array[rows])
        totals = finish_totals(self.stats.aggregation, totals, sizes)
        with np.errstate(invalid="ignore", divide="ignore"):
            values = self.metric.score_rows(totals)
        values = np.where(sizes > 0, values, np.nan)  # a system none of whose items was drawn
        return -values if self.flipped else values


def score_table(
    table: Table,
    columns: Columns,
    specs: Sequence[tuple[str, Metric | Scorer]],
    jobs: int = 1,
    annotations: Mapping[str, Sequence[Any]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MetricScores]:
    """Every metric's scores of every row of one table, scored by :func:`mtmetrics.engine.tables.score_tables`
    (``progress`` gets the rows of each finished task); a metric that cannot score a group's target
    language is refused."""
    bare = [(spec, bare_metric(metric)) for spec, metric in specs]
    scored, _ = tables.score_tables(
        [(table, columns)], bare, jobs, annotations=[annotations], progress=progress, refuse_languages=True
    )
    return [MetricScores.of(s) for s in scored[0]]


__all__ = ["MetricScores", "score_table"]
