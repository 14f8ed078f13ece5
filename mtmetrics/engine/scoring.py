"""The one entry point into scoring: :func:`run`, which every road calls.

Work items (segment lists, :class:`Chunk` s of lines, :class:`Part` s of shared lists) are scored in
order by :func:`score_chunk`, in this process until ``-j`` workers pay (:data:`POOL_AFTER`), so
every result is byte-identical to the single-process one.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np

from ..errors import InputError
from ..metric import Metric, Segment, Statistics, references_of
from ..params import number
from ..signature import nrefs_value
from . import gate, pool

#: segments per chunk: large enough to amortise pickling, small enough to bound batch memory
CHUNK = 2000
#: seconds of scoring here before ``-j`` workers are started (a shorter input is not worth them)
POOL_AFTER = 0.5
#: chunks read ahead (never scored ahead) to judge how much work is waiting: a few MB of lines
LOOKAHEAD = 8
#: size of the first chunk, which warms this process up before a fork
WARM_CHUNK = 200


class Chunk(Protocol):
    """Something that becomes segments where it is scored (raw lines: the reading process stays light)."""

    def segments(self) -> Sequence[Segment]:
        """The chunk's segments, checked."""
        ...

    def __len__(self) -> int:
        """The number of segments (known before they are built)."""
        ...


@dataclass(frozen=True)
class Part:
    """Segments ``start:stop`` of shared list ``source``, for the run's metric ``metric`` (``None``: all);
    a fresh worker receives them as ``rows``."""

    start: int
    stop: int
    source: int = 0
    metric: int | None = None
    rows: Sequence[Segment] | None = None

    def __len__(self) -> int:
        return self.stop - self.start


Work = Sequence[Segment] | Chunk | Part

#: per chunk: its size, its reference counts, one statistics array per metric, its CPU seconds, and
#: per metric its :meth:`~mtmetrics.Metric.segment_details` (``None``: it has none)
ChunkRows = tuple[int, set[int], list["np.ndarray"], float, list[Sequence[Any] | None]]


def first_chunk(jobs: int, chunk: int = CHUNK) -> int:
    """Size of the first chunk: small with ``-j`` (it loads resources before a fork and measures the pace)."""
    return min(chunk, WARM_CHUNK) if jobs > 1 else chunk


def score_chunk(metrics: Sequence[Metric], segments: Sequence[Segment]) -> list[np.ndarray]:
    """The engine's unit of work: each metric's statistics of ``segments``, their shape checked."""
    out = []
    for metric in metrics:
        rows = np.asarray(metric.corpus_statistics(segments), dtype=np.float64)
        expected = (len(segments), len(metric.stat_names()))
        if rows.shape != expected:
            raise RuntimeError(
                f"{type(metric).__name__}.corpus_statistics returned shape {rows.shape}, expected {expected}"
            )
        out.append(rows)
    return out


def _score(run: _Run, item: Work) -> ChunkRows:
    """:func:`score_chunk` of a work item (here or in a worker), with its size, reference counts and CPU seconds."""
    t0 = time.process_time()
    metrics: Sequence[Metric] = run.metrics
    if isinstance(item, Part):
        segments = item.rows if item.rows is not None else run.shared[item.source][item.start : item.stop]
        metrics = metrics if item.metric is None else [metrics[item.metric]]
    else:
        segments = item.segments() if hasattr(item, "segments") else item
    rows = score_chunk(metrics, segments)
    details = [_details(metric, segments) for metric in metrics]
    return len(segments), {len(s.refs) for s in segments}, rows, time.process_time() - t0, details


def _details(metric: Metric, segments: Sequence[Segment]) -> Sequence[Any] | None:
    """``metric``'s detail per segment, right after its statistics; one per segment or ``None``."""
    details = metric.segment_details(segments)
    if details is not None and (isinstance(details, (str, bytes)) or len(details) != len(segments)):
        raise RuntimeError(f"{type(metric).__name__}.segment_details returned no sequence of {len(segments)} details")
    return details


@dataclass(frozen=True)
class _Run:
    """What a run's workers share: its metrics and segment lists (a fresh worker gets the metrics alone)."""

    metrics: list[Metric]
    shared: Sequence[Sequence[Segment]]

    def __reduce__(self) -> tuple[type[_Run], tuple[list[Metric], tuple[()]]]:
        return _Run, (self.metrics, ())

    def ship(self, item: Work, forked: bool) -> Work:
        """How an item reaches a worker: to a fresh one, a part travels with its segments."""
        if forked or not isinstance(item, Part):
            return item
        return replace(item, rows=list(self.shared[item.source][item.start : item.stop]))


@contextmanager
def _frozen() -> Iterator[None]:
    """Leave the objects alive now (loaded resources) out of garbage collection while scoring.

    Full collections would walk them again and again (a tenth of hLEPOR's time), and a forked
    child's would copy their pages. Nested calls see the caller's freeze by a counter (asking
    ``gc.get_freeze_count()`` walks every frozen object); someone else's freeze is left alone.
    """
    global _freeze_depth
    if _freeze_depth or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    _freeze_depth += 1
    try:
        yield
    finally:
        _freeze_depth -= 1
        gc.unfreeze()


#: How many :func:`_frozen` blocks that froze the objects are open (0 or 1).
_freeze_depth = 0


def _worth_workers(metrics: Sequence[Metric], spent: float, scored: int, ahead: Sequence[Work]) -> bool:
    """Whether the chunks waiting in ``ahead`` repay starting workers, at the pace measured so far: forked
    ones once the waiting work would take :data:`POOL_AFTER` seconds, fresh ones (slow to start) once
    this process spent that long."""
    if len(ahead) < 2:
        return False
    if spent >= POOL_AFTER:
        return True
    waiting = sum(len(chunk) for chunk in ahead)
    return scored > 0 and spent / scored * waiting >= POOL_AFTER and pool.forks_warm(metrics)


def run(
    metrics: Sequence[Metric], work: Iterable[Work], jobs: int = 1, shared: Sequence[Sequence[Segment]] = ()
) -> Iterator[ChunkRows]:
    """:data:`ChunkRows` of each work item, in order (``shared``: the lists :class:`Part` s refer to).

    Items are scored here until workers pay (:func:`_worth_workers`, on up to :data:`LOOKAHEAD`
    items read ahead); then ``jobs`` workers score the rest.
    """
    for metric in metrics:
        gate.require_ready(metric)
    items = iter(work)
    state = _Run(list(metrics), shared)
    spent, scored = 0.0, 0
    ahead: deque[Work] = deque()
    with _frozen():
        while True:
            if jobs > 1 and scored:
                ahead.extend(itertools.islice(items, LOOKAHEAD - len(ahead)))
                if _worth_workers(metrics, spent, scored, ahead):
                    break
            item = ahead.popleft() if ahead else next(items, None)
            if item is None:
                return
            rows = _score(state, item)
            spent += rows[3]
            scored += rows[0]
            yield rows
        yield from pool.stream(_score, itertools.chain(ahead, items), jobs, metrics, state, state.ship)


def statistics_of(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> Statistics:
    """Statistics of built segments, in chunks of ``chunk`` through :func:`run` (``progress``: each chunk's size).

    An unprepared metric needing corpus state is prepared from these segments; a prepared one keeps its state.
    """
    jobs = number(jobs, "jobs", int, (1, None))
    if not all(isinstance(s, Segment) for s in segments):
        raise InputError("statistics_of takes Segments (mtmetrics.build_segments); for text, call statistics().")
    prepared = metric if gate.ready(metric) else gate.prepare(metric, references_of(segments))
    metric.observe(segments)
    if prepared is not metric:
        prepared.observe(segments)
    n = len(segments)
    jobs = jobs if n > chunk else 1
    first = first_chunk(jobs, chunk)
    bounds = [(0, min(first, n))] + [(i, min(i + chunk, n)) for i in range(first, n, chunk)] if n else []
    parts, details = [], []
    for size, _, (rows,), _, (found,) in run([prepared], [Part(a, b) for a, b in bounds], jobs, (segments,)):
        parts.append(rows)
        details.append(found)
        if progress is not None:
            progress(size)
    array = np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
    nrefs = nrefs_value(len(s.refs) for s in segments) if segments else "0"
    kept = None if None in details or not details else tuple(d for found in details for d in found or ())
    return Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs, kept)


__all__ = ["CHUNK", "Chunk", "ChunkRows", "Part", "Work", "first_chunk", "run", "score_chunk", "statistics_of"]
