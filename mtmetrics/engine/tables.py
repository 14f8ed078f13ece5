"""Scoring every row of judged tables for meta-evaluation (docs/meta.md §1), keeping per-segment statistics."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InputError, ParameterError, ResourceError
from ..io.tables import Columns, Table
from ..metric import Inputs, Metric, Segment, Statistics, build_segments
from ..params import language_pair
from ..signature import nrefs_value
from . import gate
from .scoring import Part, run


@dataclass(frozen=True)
class TableStatistics:
    """One metric's statistics over every row of a table."""

    spec: str
    #: the metric that signs the statistics (a group's variant when every group scored with it)
    metric: Metric
    stats: Statistics
    #: CPU seconds spent computing the statistics (all processes)
    seconds: float
    #: ``(group, metric)`` where the table's groups were scored with different parameters (each
    #: language pair's defaults); empty when one metric scored every row
    group_metrics: tuple[tuple[str, Metric], ...] = ()


#: rows per scoring task: small enough that two workers share the work of one slow metric evenly
TASK_ROWS = 500
#: segments scored in the calling process first, to load resources and estimate each metric's cost
PROBE_ROWS = 20


@dataclass(frozen=True)
class Unavailable:
    """A metric that could not run on a table (a missing resource), and why."""

    spec: str
    reason: str


@dataclass
class _Item:
    """One metric's rows of one table (all, or a group's): probed, cut into tasks, assembled."""

    owner: tuple[int, int]  # (table, spec)
    metric: Metric
    segments: list[Segment]
    rows: np.ndarray | None  # the table rows (None: all, in order)
    seconds: float = 0.0
    parts: list[tuple[int, np.ndarray]] = field(default_factory=list)

    def array(self) -> np.ndarray:
        """The statistics of :attr:`segments`, in order."""
        if not self.parts:
            return np.empty((0, len(self.metric.stat_names())))
        return np.concatenate([rows for _, rows in sorted(self.parts, key=lambda p: p[0])])


def score_tables(
    tables: Sequence[tuple[Table, Columns]],
    specs: Sequence[tuple[str, Metric]],
    jobs: int = 1,
    skip_unavailable: bool = False,
    task_rows: int = TASK_ROWS,
    annotations: Sequence[Mapping[str, Sequence[Any]] | None] | None = None,
    progress: Callable[[int], None] | None = None,
    refuse_languages: bool = False,
) -> tuple[list[list[TableStatistics]], list[Unavailable]]:
    """Score every row of every table with every metric over ``jobs`` processes.

    Tasks of ``task_rows`` rows of one metric go longest first (costs from probing :data:`PROBE_ROWS`
    segments here, which also finds missing resources: left out with ``skip_unavailable``).
    ``annotations``: one mapping or ``None`` per table. Groups named like a language pair score with
    that pair's defaults; an uncovered target is refused with ``refuse_languages``, else scored as is.
    """
    items: list[_Item] = []
    table_segments: dict[tuple[int, int], list[Segment]] = {}
    for ti, (table, columns) in enumerate(tables):
        hyps = table.columns[columns.hyp]
        refs = [table.columns[c] for c in columns.refs]
        src = table.columns[columns.source] if columns.source else None
        ann = annotations[ti] if annotations else None
        built: dict[tuple[bool, bool], list[Segment]] = {}
        for si, (spec, metric) in enumerate(specs):
            if not refs and metric.inputs.references:
                raise InputError(
                    f"{table.name}: -m {spec} reads references, but the table has no reference column; name "
                    f"them with --ref-cols COL (only reference-free metrics score without); columns: "
                    f"{', '.join(table.columns)}."
                )
            use = (bool(metric.inputs.source), bool(metric.inputs.annotations) and ann is not None)
            if use not in built:
                inputs = Inputs(references=bool(refs))  # none: every metric here is reference-free
                built[use] = build_segments(hyps, refs, src if use[0] else None, ann if use[1] else None, inputs)
            segments = table_segments[(ti, si)] = built[use]
            per_group = _per_group(spec, metric, table, columns, segments, refuse_languages)
            for prepared, rows in per_group:  # the gate: each group's metric's limit, on the rows it scores
                gate.check([prepared], segments, rows=None if rows is None else rows.tolist())
            metric.observe(segments)
            for prepared, rows in per_group:
                mine = segments if rows is None else [segments[i] for i in rows]
                if prepared is not metric:  # a group's own variant signs its scores: it sees its inputs too
                    prepared.observe(mine)
                items.append(_Item((ti, si), prepared, mine, rows))
    unavailable: dict[str, Unavailable] = {}
    for item in items:  # the first segments scored here: CPU seconds, or a missing resource
        spec = specs[item.owner[1]][0]
        try:
            item.seconds = next(run([item.metric], [item.segments[:PROBE_ROWS]]))[3]
        except ResourceError as exc:
            if not skip_unavailable:
                raise
            unavailable.setdefault(spec, Unavailable(spec, str(exc)))
    items = [item for item in items if specs[item.owner[1]][0] not in unavailable]
    costs = [item.seconds / max(1, min(PROBE_ROWS, len(item.segments))) for item in items]
    tasks = [
        Part(start, min(start + task_rows, len(item.segments)), k, k)
        for k, item in enumerate(items)
        for start in range(0, len(item.segments), task_rows)
    ]
    tasks.sort(key=lambda t: -costs[t.source] * len(t))
    scored = run([item.metric for item in items], tasks, jobs, [item.segments for item in items])
    for task, (size, _, (rows,), spent, _) in zip(tasks, scored, strict=True):
        items[task.source].parts.append((task.start, rows))
        items[task.source].seconds += spent
        if progress is not None:
            progress(size)
    by_owner: dict[tuple[int, int], list[_Item]] = {}
    for item in items:
        by_owner.setdefault(item.owner, []).append(item)
    out: list[list[TableStatistics]] = [[] for _ in tables]
    for (ti, si), group in by_owner.items():
        spec, metric = specs[si]
        # a table whose groups all scored with one language pair's parameters is signed with them
        first = dict(group[0].metric.values)
        signers: tuple[tuple[str, Metric], ...] = ()
        if first != dict(metric.values) and all(dict(i.metric.values) == first for i in group):
            metric = group[0].metric
        elif any(dict(i.metric.values) != first for i in group):  # each group signed by its own variant
            signers = tuple((_group_of(tables[ti], i.rows), i.metric) for i in group)
        table, columns = tables[ti]
        array = _assemble([(i.rows, i.array()) for i in group], len(table.columns[columns.hyp]))
        nrefs = nrefs_value(len(s.refs) for s in table_segments[(ti, si)])
        stats = Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs)
        out[ti].append(TableStatistics(spec, metric, stats, sum(i.seconds for i in group), signers))
    return out, list(unavailable.values())


def _per_group(
    spec: str, metric: Metric, table: Table, columns: Columns, segments: Sequence[Segment], refuse: bool = True
) -> list[tuple[Metric, np.ndarray | None]]:
    """``(metric, rows)`` per group (language pair), or ``[(metric, None)]`` when every row is scored alike.

    A group's metric follows its pair (or is refused with ``refuse``), and one needing corpus state
    is prepared from the group's references, each source segment's once, in table order.
    """
    groups = table.columns[columns.group] if columns.group else [""] * len(segments)
    rows_of: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        rows_of.setdefault(g, []).append(i)
    variants: list[Metric] = []
    for g in rows_of:
        pair = language_pair(g)
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
    if not metric.needs_corpus() and all(v is metric for v in variants):
        return [(metric, None)]
    ids = table.columns[columns.segment]
    out: list[tuple[Metric, np.ndarray | None]] = []
    for variant, rows in zip(variants, rows_of.values(), strict=True):
        if variant.needs_corpus():
            seen: dict[str, tuple[str, ...]] = {}
            for i in rows:
                seen.setdefault(ids[i], segments[i].refs)
            variant = gate.prepare(variant, seen.values())
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


__all__ = ["PROBE_ROWS", "TASK_ROWS", "TableStatistics", "Unavailable", "score_tables"]
