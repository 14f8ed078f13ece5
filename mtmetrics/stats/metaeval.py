"""Correlation of metrics with human judgments over a table of judged segments (META.md section 1).

:func:`score_table` scores every row of a :class:`~mtmetrics.io.tables.Table` with each metric
(one worker process per metric with ``jobs > 1``) and keeps the per-segment statistics.
:func:`correlate` then computes, for each group (language pair) and human column:

* ``segment``: Pearson, Spearman and Kendall tau-b over all judged segments pooled;
* ``item`` (optional): the same within each source segment (rows sharing a segment id), averaged
  over the source segments where it is defined;
* ``system``: over systems, the metric's *own corpus score* of each system's judged segments
  (``sum`` metrics re-aggregate statistics: system BLEU, not mean sentence BLEU) against the mean
  human score of those segments.

Intervals are seeded bootstrap 95 % percentile intervals (as sacrebleu's): ``segment`` resamples
rows; ``item`` resamples source segments; ``system`` resamples each system's segments (stratified,
so every system keeps its number of judged segments) and re-scores from the statistics. The draws
depend only on the seed, the group and the row layout — never on the metric — so every metric sees
the same resamples and differences between metrics can be bootstrapped pairwise (:mod:`.corrtests`).
Error rates (``higher_is_better = False``) are negated before correlating and marked as flipped.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..io.tables import Columns, Table
from ..metric import Metric, Statistics, build_segments
from .correlation import FUNCTIONS, KINDS, ROW_FUNCTIONS
from .significance import interval

LEVELS = ("segment", "item", "system")


@dataclass(frozen=True)
class MetricScores:
    """One metric's statistics and (sign-applied) segment scores over every row of a table."""

    spec: str
    metric: Metric
    stats: Statistics
    segment_scores: np.ndarray  # already sign-flipped for error rates
    flipped: bool

    @property
    def signature(self) -> str:
        """The metric's full signature for this table's references."""
        return str(self.metric.signature(self.stats.nrefs))

    def system_score(self, rows: np.ndarray) -> float:
        """The metric's corpus score of the given rows, sign-applied."""
        sub = Statistics(self.stats.names, self.stats.array[rows], self.stats.aggregation, self.stats.nrefs)
        value = self.metric.score_statistics(sub).score
        return -value if self.flipped else value

    def resampled_system_scores(self, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """Corpus scores of ``rows`` re-weighted by each row of ``weights`` (bootstrap counts)."""
        totals = weights @ self.stats.array[rows]
        if self.stats.aggregation == "mean":
            totals = totals / weights.sum(axis=1, keepdims=True)
        values = self.metric.score_rows(totals)
        return -values if self.flipped else values


def _score_one(spec: str, metric: Metric, hyps: list[str], refs: list[list[str]], src: list[str] | None) -> Statistics:
    segments = build_segments(hyps, refs, src if metric.inputs.source else None, None, metric.inputs)
    return metric.statistics_of(segments)


def score_table(
    table: Table, columns: Columns, specs: Sequence[tuple[str, Metric]], jobs: int = 1
) -> list[MetricScores]:
    """Score every row with every metric; ``jobs > 1`` scores metrics in parallel processes."""
    hyps = table.columns[columns.hyp]
    refs = [table.columns[c] for c in columns.refs]
    src = table.columns[columns.source] if columns.source else None
    args = [(spec, metric, hyps, refs, src) for spec, metric in specs]
    if jobs > 1 and len(args) > 1:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(jobs, len(args)), mp_context=ctx) as pool:
            futures = [pool.submit(_score_one, *a) for a in args]
            all_stats = [f.result() for f in futures]
    else:
        all_stats = [_score_one(*a) for a in args]
    out = []
    for (spec, metric), stats in zip(specs, all_stats, strict=True):
        flipped = not type(metric).higher_is_better
        seg = metric.score_rows(stats.array)
        out.append(MetricScores(spec, metric, stats, -seg if flipped else seg, flipped))
    return out


@dataclass(frozen=True)
class Estimate:
    """A correlation, its bootstrap interval and how many points / valid resamples it rests on."""

    group: str
    human: str
    level: str
    metric: str
    kind: str
    value: float
    lower: float
    upper: float
    n: int
    resamples: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``nan`` becomes ``None``)."""
        d: dict[str, Any] = dict(self.__dict__)
        for k in ("value", "lower", "upper"):
            if isinstance(d[k], float) and math.isnan(d[k]):
                d[k] = None
        return d


@dataclass
class GroupDraws:
    """The resampling draws of one group, shared by every metric."""

    rows: np.ndarray  # row indices of the group in the table
    segment_idx: np.ndarray  # (B, n) resampled positions for the pooled segment level
    item_ids: np.ndarray  # item (source segment) index of each row of the group
    item_idx: np.ndarray  # (B, n_items) resampled items
    systems: list[str]
    system_rows: list[np.ndarray]  # positions (within the group) of each system's rows
    system_weights: list[np.ndarray]  # (B, n_s) bootstrap counts per system


def system_membership(names: Sequence[str], split: str | None = "+") -> tuple[list[str], list[np.ndarray]]:
    """Systems and the positions of their rows.

    WMT DA files name a segment that several systems translated identically ``A+B``; with
    ``split`` such a row counts for each of A and B at the system level, but only when every part
    is also a system on its own (so a system whose real name contains ``+`` is left alone).
    """
    plain = set(names)
    members: dict[str, list[int]] = {}
    for pos, name in enumerate(names):
        parts = name.split(split) if split and split in name else [name]
        if len(parts) > 1 and not all(p in plain for p in parts):
            parts = [name]
        for p in parts:
            members.setdefault(p, []).append(pos)
    return list(members), [np.array(v, dtype=np.int64) for v in members.values()]


def group_draws(
    rows: np.ndarray,
    systems: np.ndarray,
    items: np.ndarray,
    n_boot: int,
    seed: int,
    group_index: int,
    split: str | None = "+",
) -> GroupDraws:
    """Draw the resamples of one group from ``default_rng([seed, group_index])``."""
    rng = np.random.default_rng([seed, group_index])
    n = len(rows)
    segment_idx = rng.integers(0, n, size=(n_boot, n)) if n_boot else np.zeros((0, n), dtype=np.int64)
    item_names, item_ids = np.unique(items[rows], return_inverse=True)
    item_idx = rng.integers(0, len(item_names), size=(n_boot, len(item_names)))
    sys_names, sys_rows = system_membership(systems[rows].tolist(), split)
    weights = []
    for pos in sys_rows:
        m = len(pos)
        draws = rng.integers(0, m, size=(n_boot, m))
        flat = draws + np.arange(n_boot)[:, None] * m
        counts = np.bincount(flat.ravel(), minlength=n_boot * m).reshape(n_boot, m).astype(np.float64)
        weights.append(counts)
    return GroupDraws(rows, segment_idx, item_ids.reshape(-1), item_idx, sys_names, sys_rows, weights)


@dataclass
class Points:
    """The points a correlation is computed on, and their bootstrap replicates."""

    metric: np.ndarray
    human: np.ndarray
    metric_boot: np.ndarray | None = None  # (B, n)
    human_boot: np.ndarray | None = None


@dataclass
class Correlations:
    """Everything :func:`correlate` computed: estimates, system-level points, bootstrap samples."""

    estimates: list[Estimate] = field(default_factory=list)
    system_points: list[dict[str, Any]] = field(default_factory=list)
    samples: dict[tuple[str, str, str, str, str], np.ndarray] = field(default_factory=dict)
    points: dict[tuple[str, str, str, str], Points] = field(default_factory=dict)


def _interval(value: float, boot: np.ndarray, seed: int) -> tuple[float, float, int]:
    finite = boot[np.isfinite(boot)]
    if not len(finite) or math.isnan(value):
        return math.nan, math.nan, len(finite)
    iv = interval(finite, seed)
    return iv.lower, iv.upper, len(finite)


def _item_correlations(kind: str, x: np.ndarray, y: np.ndarray, item_ids: np.ndarray, n_items: int) -> np.ndarray:
    """The correlation within each item (``nan`` where undefined: fewer than 3 rows or constant)."""
    out = np.full(n_items, np.nan)
    order = np.argsort(item_ids, kind="mergesort")
    ids = item_ids[order]
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    ends = np.r_[starts[1:], len(ids)]
    fn = FUNCTIONS[kind]
    for s, e in zip(starts, ends, strict=True):
        if e - s >= 3:
            pos = order[s:e]
            out[ids[s]] = fn(x[pos], y[pos])
    return out


def correlate(
    table: Table,
    columns: Columns,
    scores: Sequence[MetricScores],
    humans: Sequence[str],
    levels: Sequence[str] = ("segment", "system"),
    kinds: Sequence[str] = KINDS,
    n_boot: int = 1000,
    seed: int = 12345,
    keep_samples: bool = False,
    split_systems: str | None = "+",
) -> Correlations:
    """Correlations of every metric with every human column, per group, at the chosen levels."""
    n_rows = len(table)
    groups = np.array(table.columns[columns.group]) if columns.group else np.array(["all"] * n_rows)
    systems = np.array(table.columns[columns.system])
    items = np.array(table.columns[columns.segment])
    human_values = {h: table.numbers(h) for h in humans}
    out = Correlations()
    for gi, group in enumerate(dict.fromkeys(groups.tolist())):
        rows = np.flatnonzero(groups == group)
        draws = group_draws(rows, systems, items, n_boot, seed, gi, split_systems)
        for human in humans:
            h_all = human_values[human][rows]
            h_sys = np.array([h_all[pos].mean() for pos in draws.system_rows])
            h_sys_boot = None
            if n_boot:
                h_sys_boot = np.column_stack(
                    [w @ h_all[pos] / len(pos) for w, pos in zip(draws.system_weights, draws.system_rows, strict=True)]
                )
            for ms in scores:
                m_all = ms.segment_scores[rows]
                for level in levels:
                    pts = _points(level, ms, m_all, h_all, h_sys, h_sys_boot, draws, n_boot)
                    out.points[(group, human, level, ms.spec)] = pts
                    for kind in kinds:
                        est, boot = _estimate(level, kind, pts, draws, n_boot, seed)
                        lo, hi, valid = _interval(est, boot, seed) if n_boot else (math.nan, math.nan, 0)
                        npts = len(draws.systems) if level == "system" else len(rows)
                        if level == "item":
                            npts = int(np.count_nonzero(np.bincount(draws.item_ids) >= 3))
                        out.estimates.append(Estimate(group, human, level, ms.spec, kind, est, lo, hi, npts, valid))
                        if keep_samples:
                            out.samples[(group, human, level, ms.spec, kind)] = boot
                if "system" in levels:
                    sys_scores = out.points[(group, human, "system", ms.spec)].metric
                    for name, score, hval, pos in zip(draws.systems, sys_scores, h_sys, draws.system_rows, strict=True):
                        out.system_points.append(
                            {
                                "group": group,
                                "human": human,
                                "metric": ms.spec,
                                "system": name,
                                "metric_score": float(score),
                                "human_score": float(hval),
                                "segments": len(pos),
                            }
                        )
    return out


def _points(
    level: str,
    ms: MetricScores,
    m_all: np.ndarray,
    h_all: np.ndarray,
    h_sys: np.ndarray,
    h_sys_boot: np.ndarray | None,
    draws: GroupDraws,
    n_boot: int,
) -> Points:
    if level == "system":
        m_sys = np.array([ms.system_score(draws.rows[pos]) for pos in draws.system_rows])
        m_boot = None
        if n_boot:
            m_boot = np.column_stack(
                [
                    ms.resampled_system_scores(draws.rows[pos], w)
                    for w, pos in zip(draws.system_weights, draws.system_rows, strict=True)
                ]
            )
        return Points(m_sys, h_sys, m_boot, h_sys_boot)
    return Points(m_all, h_all)


def _estimate(
    level: str, kind: str, pts: Points, draws: GroupDraws, n_boot: int, seed: int
) -> tuple[float, np.ndarray]:
    fn = FUNCTIONS[kind]
    rows_fn = ROW_FUNCTIONS[kind]
    if level == "segment":
        value = fn(pts.metric, pts.human)
        boot = rows_fn(pts.metric[draws.segment_idx], pts.human[draws.segment_idx]) if n_boot else np.zeros(0)
        return value, boot
    if level == "item":
        n_items = int(draws.item_ids.max()) + 1 if len(draws.item_ids) else 0
        per_item = _item_correlations(kind, pts.metric, pts.human, draws.item_ids, n_items)
        value = float(np.nanmean(per_item)) if np.any(np.isfinite(per_item)) else math.nan
        boot = np.zeros(0)
        if n_boot:
            sampled = per_item[draws.item_idx]
            with np.errstate(invalid="ignore"):
                counts = np.sum(np.isfinite(sampled), axis=1)
                sums = np.nansum(sampled, axis=1)
                boot = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)
        return value, boot
    value = fn(pts.metric, pts.human) if len(pts.metric) >= 2 else math.nan
    boot = np.zeros(0)
    if n_boot and pts.metric_boot is not None and pts.human_boot is not None and len(pts.metric) >= 2:
        boot = rows_fn(pts.metric_boot, pts.human_boot)
    return value, boot
