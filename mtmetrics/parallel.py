"""Segment statistics computed chunk by chunk, optionally by worker processes.

Segments arrive in chunks (from a list, or streamed from files); each worker builds the metrics
once (from their parameters, see :meth:`Metric.__reduce__`) and then scores chunk after chunk, so
tokenizers, tables and taggers load once per worker, not once per chunk. At most ``2 × jobs``
chunks are in flight, so memory stays bounded on endless input. Rows come back in the original
order and corpus sums are exact (:mod:`mtmetrics.accumulate`), so every result is byte-identical
to the single-process one.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Protocol

import numpy as np

from .metric import Metric, Segment

#: segments per chunk: large enough to amortise pickling, small enough to bound batch memory
CHUNK = 2000

_worker_metrics: list[Metric] = []


class Chunk(Protocol):
    """Something that becomes segments where it is scored (lines read in lockstep, for instance).

    Shipping raw lines to a worker and building the segments there keeps the parent process,
    which reads the input, from becoming the bottleneck.
    """

    def segments(self) -> Sequence[Segment]:
        """The chunk's segments, checked."""
        ...


Work = Sequence[Segment] | Chunk


def segments_of(item: Work) -> Sequence[Segment]:
    """The segments of a chunk of work."""
    return item.segments() if hasattr(item, "segments") else item


def _init(metrics: list[Metric]) -> None:
    global _worker_metrics
    _worker_metrics = metrics


def _rows(metrics: Sequence[Metric], item: Work) -> Scored:
    segments = segments_of(item)
    rows = [np.asarray(m.corpus_statistics(segments), dtype=np.float64) for m in metrics]
    return len(segments), {len(s.refs) for s in segments}, rows


def _work(item: Work) -> Scored:
    return _rows(_worker_metrics, item)


#: what each chunk gives back: its number of segments, their reference counts, one array per metric
Scored = tuple[int, set[int], list[np.ndarray]]


def stream_statistics(metrics: Sequence[Metric], chunks: Iterable[Work], jobs: int = 1) -> Iterator[Scored]:
    """For each chunk, in order: its size, its reference counts and one statistics array per metric."""
    if jobs <= 1:
        for chunk in chunks:
            yield _rows(metrics, chunk)
        return
    # forkserver, not fork: a forked child shares open file offsets with its parent (NLTK reads
    # WordNet lazily from open files) and would read corrupted data; workers rebuild the metrics
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init, initargs=(list(metrics),)) as pool:
        pending: deque[Future[Scored]] = deque()
        for chunk in chunks:
            pending.append(pool.submit(_work, chunk))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def corpus_statistics(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """``metric.corpus_statistics(segments)`` in chunks, over ``jobs`` processes when ``jobs > 1``."""
    chunks = [segments[i : i + chunk] for i in range(0, len(segments), chunk)]
    parts = []
    for size, _, (rows,) in stream_statistics([metric], chunks, jobs if len(chunks) > 1 else 1):
        parts.append(rows)
        if progress is not None:
            progress(size)
    return np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
