"""Segment statistics computed by worker processes.

Segments are cut into chunks in order; each worker builds the metric once (from its parameters,
see :meth:`Metric.__reduce__`) and then scores chunk after chunk, so tokenizers, tables and
taggers load once per worker, not once per chunk. Rows come back in the original order and
corpus sums are exactly rounded, so every result is byte-identical to the single-process one.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from .metric import Metric, Segment

#: segments per task: large enough to amortise pickling, small enough to balance two workers
CHUNK = 2000

_worker_metric: Metric | None = None


def _init(metric: Metric) -> None:
    global _worker_metric
    _worker_metric = metric


def _work(segments: Sequence[Segment]) -> np.ndarray:
    assert _worker_metric is not None
    return np.asarray(_worker_metric.corpus_statistics(segments), dtype=np.float64)


def corpus_statistics(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """``metric.corpus_statistics(segments)``, spread over ``jobs`` processes when ``jobs > 1``."""
    chunks = [segments[i : i + chunk] for i in range(0, len(segments), chunk)]
    if jobs <= 1 or len(chunks) <= 1:
        parts = []
        for part in chunks:
            parts.append(np.asarray(metric.corpus_statistics(part), dtype=np.float64))
            if progress is not None:
                progress(len(part))
        return np.concatenate(parts) if parts else np.empty((0, len(metric.stat_names())))
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init, initargs=(metric,)) as pool:
        results = []
        for part, rows in zip(chunks, pool.map(_work, chunks), strict=True):
            results.append(rows)
            if progress is not None:
                progress(len(part))
    return np.concatenate(results)
