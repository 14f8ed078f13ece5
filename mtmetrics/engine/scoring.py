"""The one entry point into scoring: :func:`run`, which every road calls.

Every road (:func:`statistics_of` for the Scorer, the CLI's streams, meta's tables, ORANGE, Dask)
hands :func:`run` its metrics and its work: chunks of segments, lines that become segments where
they are scored, or :class:`Part` s of shared segment lists. :func:`score_chunk` computes and
shape-checks every metric's statistics; at most ``2 × jobs`` chunks are in flight, rows come back
in order and sums are exact (:mod:`.accumulate`), so every result is byte-identical to the
single-process one. Workers start only when the waiting work would take :data:`POOL_AFTER` seconds
at the pace measured so far (small inputs never pay for them), by the fork policy of :mod:`.pool`.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from ..errors import InputError
from ..metric import Metric, Segment, Statistics, references_of
from ..params import number
from ..signature import nrefs_value
from . import gate, pool

#: segments per chunk: large enough to amortise pickling, small enough to bound batch memory
CHUNK = 2000
#: seconds of scoring in the calling process before ``-j`` workers are started: an input that
#: takes less is scored without them (starting and feeding workers costs more than it saves)
POOL_AFTER = 0.5
#: chunks read ahead (never scored ahead) to judge how much work is waiting: a few MB of lines
LOOKAHEAD = 8
#: size of the first chunk when it warms the calling process up before the fork: enough to load
#: what a metric loads on first use, small so the other cores do not wait long
WARM_CHUNK = 200


class Chunk(Protocol):
    """Something that becomes segments where it is scored (lines read in lockstep, for instance).

    Shipping raw lines to a worker and building the segments there keeps the parent process,
    which reads the input, from becoming the bottleneck.
    """

    def segments(self) -> Sequence[Segment]:
        """The chunk's segments, checked."""
        ...

    def __len__(self) -> int:
        """The number of segments (known before they are built)."""
        ...


@dataclass(frozen=True)
class Part:
    """Segments ``start:stop`` of list ``source`` of those the run shares, scored by metric
    ``metric`` of the run alone (``None``: by every one): forked workers inherit the lists, a fresh
    worker receives the part with its ``rows`` (:func:`_shippable`)."""

    start: int
    stop: int
    source: int = 0
    metric: int | None = None
    rows: Sequence[Segment] | None = None

    def __len__(self) -> int:
        return self.stop - self.start


Work = Sequence[Segment] | Chunk | Part

#: what each chunk gives back: its number of segments, their reference counts, one statistics array
#: per metric that scored it, and the CPU seconds its scoring took
ChunkRows = tuple[int, set[int], list["np.ndarray"], float]


def first_chunk(jobs: int, chunk: int = CHUNK) -> int:
    """Size of the first chunk to cut: small with ``-j``, since this process scores it alone.

    It loads what the metrics load lazily (before a fork) and measures the pace that decides when
    workers start (:func:`_worth_workers`), so a large input reaches them after a fraction of a
    second, not after a whole chunk on one core.
    """
    return min(chunk, WARM_CHUNK) if jobs > 1 else chunk


def score_chunk(metrics: Sequence[Metric], segments: Sequence[Segment]) -> list[np.ndarray]:
    """The engine's unit of work: each metric's statistics of ``segments``, their shape checked.

    Everything scored ends here (through :func:`run`, or ``sentence_score``'s one segment), so
    each metric's batch statistics are always computed, and checked, the same way.
    """
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


def _score(metrics: Sequence[Metric], shared: Sequence[Sequence[Segment]], item: Work) -> ChunkRows:
    """:func:`score_chunk` of a work item, with its size, reference counts and CPU seconds."""
    t0 = time.process_time()
    if isinstance(item, Part):
        segments = item.rows if item.rows is not None else shared[item.source][item.start : item.stop]
        metrics = metrics if item.metric is None else [metrics[item.metric]]
    else:
        segments = item.segments() if hasattr(item, "segments") else item
    rows = score_chunk(metrics, segments)
    return len(segments), {len(s.refs) for s in segments}, rows, time.process_time() - t0


@dataclass(frozen=True)
class _Run:
    """What the workers of a run share: its metrics, and the segment lists its parts refer to.

    A forked worker inherits both; a fresh one receives the metrics alone (the lists would be
    pickled to every worker), and each part then travels with its own segments (:func:`_shippable`).
    """

    metrics: list[Metric]
    shared: Sequence[Sequence[Segment]]

    def __reduce__(self) -> tuple[type[_Run], tuple[list[Metric], tuple[()]]]:
        return _Run, (self.metrics, ())


def _work(run: _Run, item: Work) -> ChunkRows:
    """A work item in a worker."""
    return _score(run.metrics, run.shared, item)


@contextmanager
def _frozen() -> Iterator[None]:
    """Leave the objects alive now (the metrics' loaded resources) out of garbage collection.

    Scoring allocates many short-lived objects, and each full collection would walk every
    resource object again: about a tenth of hLEPOR's time on 4·10⁵ segments. A forked child's
    collector would also write to every inherited object and copy its memory page. If someone
    else froze objects already, their choice is left alone. A nested call (a combination scoring
    its components) sees its caller's freeze by a counter: ``gc.get_freeze_count()`` walks every
    frozen object (tens of milliseconds once WordNet is loaded), so it is asked only when nothing
    of ours is frozen, when the frozen list is empty unless someone else froze objects.
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
    """Whether the chunks waiting in ``ahead`` repay starting workers, at the pace measured so far.

    Forked workers (:func:`forks_warm`) start in milliseconds, so they are worth it as soon as the
    waiting work would take :data:`POOL_AFTER` seconds here. A forkserver worker rebuilds its
    metrics from scratch (imports, tables, compiled code), so it waits until this process has
    itself spent :data:`POOL_AFTER` seconds and two chunks are still waiting.
    """
    if len(ahead) < 2:
        return False
    if spent >= POOL_AFTER:
        return True
    waiting = sum(len(chunk) for chunk in ahead)
    return scored > 0 and spent / scored * waiting >= POOL_AFTER and pool.forks_warm(metrics)


def run(
    metrics: Sequence[Metric], work: Iterable[Work], jobs: int = 1, shared: Sequence[Sequence[Segment]] = ()
) -> Iterator[ChunkRows]:
    """For each work item, in order: its size, its reference counts, its statistics arrays, its CPU seconds.

    ``shared`` are the segment lists :class:`Part` items refer to. Items are scored in this process
    until starting workers pays (:func:`_worth_workers`, judged on up to :data:`LOOKAHEAD` items read
    ahead); then ``jobs`` workers score the rest (:func:`mtmetrics.engine.pool.stream`). A small input
    never pays for workers, so ``-j`` is never slower than ``-j 1`` by more than a worker start. The
    first item loads what the metrics load lazily, before any fork; the objects alive after it are
    then left out of garbage collection until the last item (:func:`_frozen`).
    """
    for metric in metrics:
        gate.require_ready(metric)
    items = iter(work)
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
            rows = _score(metrics, shared, item)
            spent += rows[3]
            scored += rows[0]
            yield rows
        state = _Run(list(metrics), shared)
        yield from pool.stream(_work, itertools.chain(ahead, items), jobs, metrics, state, _shippable(shared))


def _shippable(shared: Sequence[Sequence[Segment]]) -> Callable[[Work, bool], Work]:
    """How an item reaches a worker: a fresh worker has not inherited the shared lists, so a part
    travels with its segments."""

    def ship(item: Work, forked: bool) -> Work:
        if forked or not isinstance(item, Part):
            return item
        return replace(item, rows=list(shared[item.source][item.start : item.stop]))

    return ship


def statistics_of(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> Statistics:
    """Statistics of already built segments, through :func:`run` (``progress`` gets each chunk's size).

    Segments are scored in chunks of ``chunk`` (bounding the memory of batch implementations), by
    ``jobs`` worker processes when ``jobs > 1``; the rows are the same either way. A metric that
    needs corpus state and was not prepared is prepared from these segments' references; a
    prepared one keeps its state (so a corpus can be scored in parts with the whole corpus's state).
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
    parts = []
    for size, _, (rows,), _ in run([prepared], [Part(a, b) for a, b in bounds], jobs, (segments,)):
        parts.append(rows)
        if progress is not None:
            progress(size)
    array = np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
    nrefs = nrefs_value(len(s.refs) for s in segments) if segments else "0"
    return Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs)


__all__ = ["CHUNK", "Chunk", "ChunkRows", "Part", "Work", "first_chunk", "run", "score_chunk", "statistics_of"]
