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

import numpy as np

from .metric import Metric, Segment

#: segments per chunk: large enough to amortise pickling, small enough to bound batch memory
CHUNK = 2000

_worker_metrics: list[Metric] = []


def _init(metrics: list[Metric]) -> None:
    global _worker_metrics
    _worker_metrics = metrics


def _rows(metrics: Sequence[Metric], segments: Sequence[Segment]) -> list[np.ndarray]:
    return [np.asarray(m.corpus_statistics(segments), dtype=np.float64) for m in metrics]


def _work(segments: Sequence[Segment]) -> list[np.ndarray]:
    return _rows(_worker_metrics, segments)


def stream_statistics(
    metrics: Sequence[Metric], chunks: Iterable[Sequence[Segment]], jobs: int = 1
) -> Iterator[tuple[Sequence[Segment], list[np.ndarray]]]:
    """For each chunk, in order: the chunk and one statistics array per metric."""
    if jobs <= 1:
        for chunk in chunks:
            yield chunk, _rows(metrics, chunk)
        return
    # forkserver, not fork: a forked child shares open file offsets with its parent (NLTK reads
    # WordNet lazily from open files) and would read corrupted data; workers rebuild the metrics
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init, initargs=(list(metrics),)) as pool:
        pending: deque[tuple[Sequence[Segment], Future[list[np.ndarray]]]] = deque()
        for chunk in chunks:
            pending.append((chunk, pool.submit(_work, chunk)))
            if len(pending) >= 2 * jobs:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()


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
    for part, (rows,) in stream_statistics([metric], chunks, jobs if len(chunks) > 1 else 1):
        parts.append(rows)
        if progress is not None:
            progress(len(part))
    return np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
