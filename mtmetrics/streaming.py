"""Scoring a stream of segment chunks with flat memory.

:func:`score_stream` consumes chunks of :class:`~mtmetrics.Segment` (read from files line by line,
or produced by any generator), computes every metric's statistics for each chunk (in worker
processes with ``jobs > 1``), and keeps only exact running sums — a few floats per statistic —
so memory does not grow with the corpus. Per-segment statistics are kept only when asked (they
are what significance tests resample), and per-segment scores (``-sl``) are spooled to a
temporary file, not held in memory.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from .accumulate import ExactSum
from .metric import Metric, Statistics, finish_totals
from .parallel import Work, segments_of, stream_statistics
from .result import Result, Score
from .signature import nrefs_value


class SegmentStore:
    """Per-segment scores of one metric, spooled to a temporary file (iterable, re-readable)."""

    def __init__(self) -> None:
        # lives as long as the store (closed by close()), so no context manager
        self._file = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.count = 0

    def add(self, scores: Iterable[Score]) -> None:
        """Append scores (one per segment, in order)."""
        for s in scores:
            self._file.write(json.dumps([s.score, dict(s.sub_scores), s.verbose]) + "\n")
            self.count += 1

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Score]:
        self._file.flush()
        self._file.seek(0)
        for line in self._file:
            score, subs, verbose = json.loads(line)
            yield Score(float(score), subs, verbose)
        self._file.seek(0, 2)

    def close(self) -> None:
        """Delete the temporary file."""
        self._file.close()


@dataclass
class StreamOutcome:
    """One metric's result on a stream, with what was kept on request."""

    result: Result
    statistics: Statistics | None
    segments: SegmentStore | None


def score_stream(
    metrics: Sequence[Metric],
    chunks: Iterable[Work],
    jobs: int = 1,
    keep_statistics: bool = False,
    keep_segments: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[StreamOutcome]:
    """Score every metric on a stream of segment chunks; results equal scoring the whole list."""
    sums = [ExactSum(len(m.stat_names())) for m in metrics]
    kept: list[list[np.ndarray]] = [[] for _ in metrics]
    stores = [SegmentStore() if keep_segments else None for _ in metrics]
    ref_counts: set[int] = set()

    observers = [m for m in metrics if type(m).observe is not Metric.observe]

    def observed() -> Iterator[Work]:
        for chunk in chunks:
            if observers:  # only they need the segments here, in the calling process
                segments = segments_of(chunk)
                for metric in observers:
                    metric.observe(segments)
            yield chunk

    try:
        for size, counts, rows_per_metric in stream_statistics(metrics, observed(), jobs):
            ref_counts.update(counts)
            for m, rows in enumerate(rows_per_metric):
                sums[m].add(rows)
                if keep_statistics:
                    kept[m].append(rows)
                store = stores[m]
                if store is not None:
                    store.add(metrics[m].compute_score(row.copy()) for row in rows)
            if progress is not None:
                progress(size)
    except BaseException:
        for store in stores:
            if store is not None:
                store.close()
        raise
    nrefs = nrefs_value(ref_counts) if ref_counts else "0"
    out = []
    for m, metric in enumerate(metrics):
        acc = sums[m]
        total = acc.total()
        aggregated = finish_totals(type(metric).aggregation, total, acc.count)
        result = metric.score_aggregate(aggregated, acc.count, nrefs)
        stats = None
        if keep_statistics:
            array = np.concatenate(kept[m]) if kept[m] else np.empty((0, acc.width))
            stats = Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs)
        out.append(StreamOutcome(result, stats, stores[m]))
    return out
