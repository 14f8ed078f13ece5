"""Scoring a table of judged segments for meta-evaluation (docs/meta.md §1).

:func:`score_table` / :func:`score_tables` score every row of one or more
:class:`~mtmetrics.io.tables.Table` with each metric (with ``jobs > 1`` the work is cut into tasks of a
few hundred rows of one metric, handed to worker processes longest first) and keep the per-segment
statistics (:class:`MetricScores`), from which every level re-aggregates instead of rescoring.
Error rates (``higher_is_better = False``) are negated before correlating and marked as flipped.
The correlations themselves are :func:`mtmetrics.meta.correlate.correlate` (also importable from here)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import api
from ..api import Scorer
from ..engine import gate, hooks, pool
from ..errors import ParameterError
from ..io.tables import Columns, Table
from ..metric import Metric, Segment, Statistics, finish_totals
from ..parallel import score_chunk
from ..signature import nrefs_value
from . import agreement as agr
from .bootweights import SystemWeights, weighted_sums
from .correlation import KINDS

LEVELS = ("segment", "item", "system")
#: every measure ``correlate`` knows: the correlation coefficients, then the agreement measures
ALL_KINDS = KINDS + agr.KINDS


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

    @property
    def signature(self) -> str:
        """The metric's full signature for this table's references; with groups scored by different
        parameters, each group's (``"zh-en: SIG; de-en: SIG"``), so no score is signed wrongly."""
        if not self.group_metrics:
            return str(api.signature(self.metric, self.stats.nrefs))
        return "; ".join(f"{group}: {api.signature(m, self.stats.nrefs)}" for group, m in self.group_metrics)

    def system_score(self, rows: np.ndarray) -> float:
        """The metric's corpus score of the given rows, sign-applied."""
        sub = Statistics(self.stats.names, self.stats.array[rows], self.stats.aggregation, self.stats.nrefs)
        value = api.score_statistics(self.metric, sub).score
        return -value if self.flipped else value

    def resampled_system_scores(self, rows: np.ndarray, weights: SystemWeights | np.ndarray) -> np.ndarray:
        """Corpus scores of ``rows`` re-weighted by each row of ``weights`` (bootstrap counts: compact
        :class:`~mtmetrics.stats.bootweights.SystemWeights`, or the ``(B, n_s)`` float matrix).

        The weighted statistics come from :func:`~mtmetrics.stats.bootweights.weighted_sums`: block
        by block of resamples where that is exact, else from the whole matrix — the same bits
        either way; the score formula then runs once on all ``B`` rows of sums, as before.
        """
        totals, sizes = weighted_sums(weights, self.stats.array[rows])
        totals = finish_totals(self.stats.aggregation, totals, sizes)
        with np.errstate(invalid="ignore", divide="ignore"):
            values = hooks.score_rows(self.metric, totals)
        values = np.where(sizes > 0, values, np.nan)  # a system none of whose items was drawn
        return -values if self.flipped else values


#: rows per scoring task: small enough that two workers share the work of one slow metric evenly
TASK_ROWS = 500
#: segments scored in the calling process first, to load resources and estimate each metric's cost
PROBE_ROWS = 20

_work: list[tuple[Metric, list[Segment]]] = []


def _init_work(work: list[tuple[Metric, list[Segment]]]) -> None:
    global _work
    _work = work


def _score_chunk(k: int, start: int, end: int) -> tuple[np.ndarray, float]:
    metric, segments = _work[k]
    t0 = time.process_time()
    rows = score_chunk([metric], segments[start:end])[2][0]
    return rows, time.process_time() - t0


def _probe(k: int) -> float | str:
    """Score the first segments of work item ``k``: CPU seconds, or the missing resource's message."""
    from ..errors import ResourceError

    metric, segments = _work[k]
    t0 = time.process_time()
    try:
        score_chunk([metric], segments[:PROBE_ROWS])
    except ResourceError as exc:
        return str(exc)
    return time.process_time() - t0


def _probe_all(n: int) -> list[float | str]:
    return [_probe(k) for k in range(n)]


def _run_probes(work: list[tuple[Metric, list[Segment]]]) -> list[float | str]:
    _init_work(work)
    try:
        return _probe_all(len(work))
    finally:
        _init_work([])


@dataclass(frozen=True)
class Unavailable:
    """A metric that could not run on a table (a missing resource), and why."""

    spec: str
    reason: str


def score_tables(
    tables: Sequence[tuple[Table, Columns]],
    specs: Sequence[tuple[str, Metric | Scorer]],
    jobs: int = 1,
    skip_unavailable: bool = False,
    task_rows: int = TASK_ROWS,
    annotations: Sequence[Mapping[str, Sequence[Any]] | None] | None = None,
    progress: Callable[[int], None] | None = None,
    refuse_languages: bool = False,
) -> tuple[list[list[MetricScores]], list[Unavailable]]:
    """Score every row of every table with every metric, balancing the work over ``jobs`` processes.

    The work is cut into tasks of ``task_rows`` rows of one metric on one table, and the tasks are
    handed out longest first (cost estimated by scoring the first :data:`PROBE_ROWS` segments, which
    also checks that each metric's resources are there): one slow
    metric (TER) is then shared by all workers instead of keeping one busy while the others idle.
    Statistics are per segment, so the rows are the same as scoring in one piece. When every
    metric is :attr:`~mtmetrics.metric.Resources.fork_safe` the workers are forked after the probes and
    inherit the loaded resources and the segments; otherwise they are *spawned* and rebuild the
    metrics from their parameters: a forked worker would share the file offsets of resources this
    process already opened (NLTK's WordNet reads its data files lazily through one handle per
    file, and concurrent readers corrupt each other's reads). With
    ``skip_unavailable`` a metric whose probe raises :class:`~mtmetrics.ResourceError` is left out
    and reported; otherwise the error propagates. ``annotations`` (one mapping or ``None`` per
    table, e.g. :func:`~mtmetrics.resources.table_alignments.table_annotations`) reach the metrics
    that declare them in :attr:`~mtmetrics.Metric.inputs`. In a group named like a language pair the
    parameters the user did not set follow the pair (:meth:`~mtmetrics.metric.Languages.language_defaults`);
    a metric whose resources do not cover its target language is refused with ``refuse_languages``
    (one line), and otherwise scored as it is for a report that leaves it out of the group.
    """
    from ..errors import ResourceError

    bare = [(spec, api.metric_of(metric)) for spec, metric in specs]
    work: list[tuple[Metric, list[Segment]]] = []
    owners: list[tuple[int, int]] = []  # (table index, spec index) of each work item
    places: list[np.ndarray | None] = []  # the table rows of each work item (None: all, in order)
    table_segments: dict[tuple[int, int], list[Segment]] = {}
    unavailable: dict[str, Unavailable] = {}
    for ti, (table, columns) in enumerate(tables):
        hyps = table.columns[columns.hyp]
        refs = [table.columns[c] for c in columns.refs]
        src = table.columns[columns.source] if columns.source else None
        ann = annotations[ti] if annotations else None
        built: dict[tuple[bool, bool], list[Segment]] = {}
        for si, (spec, metric) in enumerate(bare):
            use = (bool(metric.inputs.source), bool(metric.inputs.annotations) and ann is not None)
            if use not in built:
                built[use] = gate.admit([], hyps, refs, src if use[0] else None, ann if use[1] else None)
            segments = built[use]
            per_group = _per_group(spec, metric, table, columns, segments, refuse_languages)
            for prepared, rows in per_group:
                # the gate: the limit each group's metric implies, on the rows it scores
                limit = gate.strictest([prepared])
                if limit is not None:
                    _check_rows(limit, segments, rows)
            hooks.observe(metric, segments)
            for prepared, rows in per_group:
                if prepared is not metric:  # a group's own variant signs its scores: it sees its inputs too
                    hooks.observe(prepared, segments if rows is None else [segments[i] for i in rows])
            table_segments[(ti, si)] = segments
            for prepared, rows in per_group:
                work.append((prepared, segments if rows is None else [segments[i] for i in rows]))
                owners.append((ti, si))
                places.append(rows)
    probes = _run_probes(work)
    keep = []
    for k, probe in enumerate(probes):
        spec = bare[owners[k][1]][0]
        if isinstance(probe, str):
            if not skip_unavailable:
                raise ResourceError(probe)
            unavailable.setdefault(spec, Unavailable(spec, probe))
        elif spec not in unavailable:
            keep.append(k)
    work = [work[k] for k in keep]
    owners = [owners[k] for k in keep]
    places = [places[k] for k in keep]
    probe_seconds = [float(probes[k]) for k in keep]
    costs = [probe_seconds[i] / max(1, min(PROBE_ROWS, len(work[i][1]))) for i in range(len(keep))]
    tasks = [
        (k, start, min(start + task_rows, len(segs)))
        for k, (_, segs) in enumerate(work)
        for start in range(0, len(segs), task_rows)
    ]
    tasks.sort(key=lambda t: -costs[t[0]] * (t[2] - t[1]))

    def finished(i: int, result: tuple[np.ndarray, float]) -> None:
        if progress is not None:
            progress(tasks[i][2] - tasks[i][1])

    # the probes loaded the resources: forked workers inherit them and the segments (nothing
    # pickled); otherwise fresh workers rebuild the metrics from their parameters
    done = pool.map(_score_chunk, tasks, jobs, [m for m, _ in work], _init_work, (work,), finished)
    _init_work([])
    results = dict(zip(tasks, done, strict=True))
    out: list[list[MetricScores]] = [[] for _ in tables]
    arrays: dict[tuple[int, int], list[tuple[np.ndarray | None, np.ndarray]]] = {}
    seconds_of: dict[tuple[int, int], float] = {}
    scored_by: dict[tuple[int, int], list[Metric]] = {}
    groups_of: dict[tuple[int, int], list[str]] = {}
    for k, ((metric, segments), owner) in enumerate(zip(work, owners, strict=True)):
        mine = sorted((t for t in tasks if t[0] == k), key=lambda t: t[1])
        array = np.concatenate([results[t][0] for t in mine])
        names = metric.stat_names()
        if array.shape != (len(segments), len(names)):
            raise RuntimeError(
                f"{type(metric).__name__}.corpus_statistics returned shape {array.shape}, "
                f"expected {(len(segments), len(names))}"
            )
        arrays.setdefault(owner, []).append((places[k], array))
        scored_by.setdefault(owner, []).append(metric)
        groups_of.setdefault(owner, []).append(_group_of(tables[owner[0]], places[k]))
        seconds_of[owner] = seconds_of.get(owner, 0.0) + probe_seconds[k] + sum(results[t][1] for t in mine)
    for (ti, si), parts in arrays.items():
        spec, metric = bare[si]
        # a table whose groups all scored with one language pair's parameters is signed with them
        variants = scored_by[(ti, si)]
        first = dict(variants[0].values)
        signers: tuple[tuple[str, Metric], ...] = ()
        if first != dict(metric.values) and all(dict(v.values) == first for v in variants):
            metric = variants[0]
        elif any(dict(v.values) != first for v in variants):
            # groups scored with different parameters (each language pair's defaults): each is signed
            signers = tuple(zip(groups_of[(ti, si)], variants, strict=True))
        table, columns = tables[ti]
        array = _assemble(parts, len(table.columns[columns.hyp]))
        nrefs = nrefs_value(len(s.refs) for s in table_segments[(ti, si)])
        stats = Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs)
        flipped = not type(metric).higher_is_better
        seg = hooks.score_rows(metric, stats.array)
        out[ti].append(
            MetricScores(
                spec, metric, stats, -seg if flipped else seg, flipped, seconds_of[(ti, si)], group_metrics=signers
            )
        )
    return out, list(unavailable.values())


def _check_rows(limit: gate.Limit, segments: Sequence[Segment], rows: np.ndarray | None) -> None:
    """The gate's limit on the segments of ``rows`` (``None``: all), each named by its table row.

    Only a segment with a text longer than the limit in characters can have more tokens than it,
    so the others are passed over without a call each.
    """
    tokens = limit.tokens
    for i in range(len(segments)) if rows is None else rows.tolist():
        segment = segments[i]
        if len(segment.hyp) > tokens or any(len(r) > tokens for r in segment.refs):
            limit.check_segments([segment], i + 1)


def _per_group(
    spec: str, metric: Metric, table: Table, columns: Columns, segments: Sequence[Segment], refuse: bool = True
) -> list[tuple[Metric, np.ndarray | None]]:
    """The metric as it scores each group's rows: one corpus per group (language pair).

    In a group named like a language pair (``en-de``), a metric whose resources do not cover the
    target language is refused (one line; with ``refuse`` False it is scored as it is, for a report
    that leaves it out of the group and says why), and the parameters the user did not set follow
    the pair (:meth:`~mtmetrics.metric.Languages.language_defaults`, as ``-l`` on the command line). A metric
    that needs corpus state (NIST's information weights) is prepared from the group's references,
    each judged source segment's once (rows of several systems share them), in table order.
    Returns ``(metric, rows)`` per group, or ``[(metric, None)]`` when every row is scored alike.
    """
    groups = table.columns[columns.group] if columns.group else [""] * len(segments)
    rows_of: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        rows_of.setdefault(g, []).append(i)
    variants: list[Metric] = []
    for g in rows_of:
        pair = gate.language_pair(g)
        if pair is None:
            variants.append(metric)
            continue
        reason = gate.language_refusal(metric, pair[1])
        if reason is not None and not refuse:
            variants.append(metric)
            continue
        if reason is not None:
            raise ParameterError(f"-m {spec}: {reason} (group {g} of {table.name}); leave it out of -m.")
        variants.append(gate.for_language(metric, pair[1], pair[0]))
    if not hooks.needs_corpus(metric) and all(v is metric for v in variants):
        return [(metric, None)]
    ids = table.columns[columns.segment]
    out: list[tuple[Metric, np.ndarray | None]] = []
    for variant, rows in zip(variants, rows_of.values(), strict=True):
        if hooks.needs_corpus(variant):
            seen: dict[str, tuple[str, ...]] = {}
            for i in rows:
                seen.setdefault(ids[i], segments[i].refs)
            variant = hooks.prepare(variant, seen.values())
        out.append((variant, np.asarray(rows, dtype=np.intp)))
    return out


def _group_of(table_columns: tuple[Table, Columns], rows: np.ndarray | None) -> str:
    """The group (language pair) of a work item's rows (``""`` for a whole table)."""
    table, columns = table_columns
    if rows is None or not len(rows) or not columns.group:
        return ""
    return str(table.columns[columns.group][int(rows[0])])


def _assemble(parts: list[tuple[np.ndarray | None, np.ndarray]], n: int) -> np.ndarray:
    """One statistics array in table order from the arrays of work items and their rows."""
    if len(parts) == 1 and parts[0][0] is None:
        return parts[0][1]
    width = parts[0][1].shape[1]
    array = np.empty((n, width), dtype=np.float64)
    for rows, part in parts:
        array[rows if rows is not None else slice(None)] = part
    return array


def score_table(
    table: Table,
    columns: Columns,
    specs: Sequence[tuple[str, Metric | Scorer]],
    jobs: int = 1,
    annotations: Mapping[str, Sequence[Any]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MetricScores]:
    """Score every row with every metric; ``jobs > 1`` shares the work among processes (:func:`score_tables`).

    ``progress`` is called with the number of rows of each finished task (rows × metrics in all).
    A metric that cannot score a group's target language is refused.
    """
    return score_tables(
        [(table, columns)], specs, jobs, annotations=[annotations], progress=progress, refuse_languages=True
    )[0][0]


#: the correlation half's names, kept importable from here (:mod:`mtmetrics.meta.correlate`)
_MOVED = (
    "SYSTEM_RESAMPLING",
    "CorrelationSettings",
    "Correlations",
    "Estimate",
    "GroupDraws",
    "Points",
    "SystemPoint",
    "correlate",
    "group_draws",
    "system_membership",
)


def __getattr__(name: str) -> Any:
    """The correlation names, from :mod:`mtmetrics.meta.correlate` (which imports this module)."""
    if name in _MOVED:
        from ..meta import correlate

        return getattr(correlate, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
