"""Segment statistics computed chunk by chunk, optionally by worker processes.

Segments arrive in chunks (from a list, or streamed from files) and at most ``2 × jobs`` chunks
are in flight, so memory stays bounded on endless input. Rows come back in the original order
and corpus sums are exact (:mod:`mtmetrics.accumulate`), so every result is byte-identical to the
single-process one.

Workers start only when the input has shown it is worth them: chunks are scored in the calling
process until the work still waiting (up to :data:`LOOKAHEAD` chunks, read ahead) would take
:data:`POOL_AFTER` seconds at the pace measured so far, so a small input never pays for starting
workers and a large one reaches them after its first small chunk. Pools come from :func:`mtmetrics.workers.pool`
(Ctrl-C ends them at once). Workers start in one of two ways:

* **warm fork** (Linux, every metric :attr:`~mtmetrics.metric.Resources.fork_safe`, one thread in this
  process): the calling process has scored the first chunks itself (the first one small,
  :data:`WARM_CHUNK` segments, cut by :func:`first_chunk`), which loaded compiled kernels, tables
  and taggers; it then forks the workers, which inherit all of it. Resources load once in all,
  and a list of segments (the Python API) is inherited too, so only chunk bounds travel.
* **forkserver** otherwise: each worker starts from a clean interpreter and rebuilds the metrics
  once from their parameters (:meth:`Metric.__reduce__`), then scores chunk after chunk. A
  forked child would share open file offsets with its parent (NLTK reads WordNet lazily through
  open files), so metrics that keep such handles are not fork-safe.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from .engine import hooks, pool
from .engine.pool import forks_warm
from .metric import Metric, Segment

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

_worker_metrics: list[Metric] = []
#: the segment list of :func:`score_segments`, inherited by forked workers
_inherited: Sequence[Segment] = ()


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


Work = Sequence[Segment] | Chunk

#: what each chunk gives back: its number of segments, their reference counts, one array per metric
ChunkRows = tuple[int, set[int], list["np.ndarray"]]


@dataclass(frozen=True)
class _Slice:
    """Segments ``start:stop`` of the list a forked worker inherited from its parent."""

    start: int
    stop: int

    def segments(self) -> Sequence[Segment]:
        return _inherited[self.start : self.stop]

    def __len__(self) -> int:
        return self.stop - self.start


def segments_of(item: Work) -> Sequence[Segment]:
    """The segments of a chunk of work."""
    return item.segments() if hasattr(item, "segments") else item


def first_chunk(jobs: int, chunk: int = CHUNK) -> int:
    """Size of the first chunk to cut: small with ``-j``, since this process scores it alone.

    It loads what the metrics load lazily (before a fork) and measures the pace that decides when
    workers start (:func:`_worth_workers`), so a large input reaches them after a fraction of a
    second, not after a whole chunk on one core.
    """
    return min(chunk, WARM_CHUNK) if jobs > 1 else chunk


def _init(metrics: list[Metric]) -> None:
    global _worker_metrics
    _worker_metrics = metrics


def score_chunk(metrics: Sequence[Metric], item: Work) -> ChunkRows:
    """The engine's unit of work: one chunk's size, reference counts and statistics per metric.

    Every path that scores segments (the API, the CLI's streams, ``-j`` workers, ``meta``, Dask)
    ends here, so each metric's batch statistics are always computed the same way.
    """
    segments = segments_of(item)
    rows = [np.asarray(m.corpus_statistics(segments), dtype=np.float64) for m in metrics]
    return len(segments), {len(s.refs) for s in segments}, rows


def _work(item: Work) -> ChunkRows:
    return score_chunk(_worker_metrics, item)


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
    return scored > 0 and spent / scored * waiting >= POOL_AFTER and forks_warm(metrics)


def stream_statistics(metrics: Sequence[Metric], chunks: Iterable[Work], jobs: int = 1) -> Iterator[ChunkRows]:
    """For each chunk, in order: its size, its reference counts and one statistics array per metric.

    Chunks are scored in this process until starting workers pays (:func:`_worth_workers`, judged
    on up to :data:`LOOKAHEAD` chunks read ahead); then ``jobs`` workers score the rest
    (:func:`mtmetrics.workers.pool`). A small input never pays for workers, so ``-j`` is never
    slower than ``-j 1`` by more than a worker start. The first chunk loads what the metrics load
    lazily, before any fork; the objects alive after it are then left out of garbage collection
    until the last chunk (:func:`_frozen`).
    """
    for metric in metrics:
        hooks.require_ready(metric)
    chunks = iter(chunks)
    spent, scored = 0.0, 0
    ahead: deque[Work] = deque()
    with _frozen():
        while True:
            if jobs > 1 and scored:
                ahead.extend(itertools.islice(chunks, LOOKAHEAD - len(ahead)))
                if _worth_workers(metrics, spent, scored, ahead):
                    break
            item = ahead.popleft() if ahead else next(chunks, None)
            if item is None:
                return
            t0 = time.perf_counter()
            rows = score_chunk(metrics, item)
            spent += time.perf_counter() - t0
            scored += rows[0]
            yield rows
        # with fork, initargs are inherited (not pickled): the workers use the warmed metrics
        yield from pool.stream(
            _work, itertools.chain(ahead, chunks), jobs, metrics, _init, (list(metrics),), _shippable
        )


def _shippable(chunk: Work, forked: bool) -> Work:
    """A chunk as a worker can receive it: a fresh worker has not inherited the segment list."""
    if not forked and isinstance(chunk, _Slice):
        return list(chunk.segments())
    return chunk


def score_segments(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """``metric.corpus_statistics(segments)`` in chunks, over ``jobs`` processes when ``jobs > 1``.

    Forked workers inherit ``segments`` and receive only chunk bounds; forkserver workers
    receive the segments of each chunk.
    """
    global _inherited
    n = len(segments)
    jobs = jobs if n > chunk else 1
    fork = jobs > 1 and forks_warm([metric])
    first = first_chunk(jobs, chunk)
    bounds = [(0, min(first, n))] + [(i, min(i + chunk, n)) for i in range(first, n, chunk)] if n else []
    work: list[Work]
    if fork:
        _inherited = segments
        work = [_Slice(a, b) for a, b in bounds]
    else:
        work = [segments[a:b] for a, b in bounds]
    parts = []
    try:
        for size, _, (rows,) in stream_statistics([metric], work, jobs):
            parts.append(rows)
            if progress is not None:
                progress(size)
    finally:
        _inherited = ()
    return np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
