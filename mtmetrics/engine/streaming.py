"""Scoring streams of segment chunks with flat memory: exact running sums, per-segment statistics only
on request (for resampling), per-segment scores (``-sl``) spooled to a temporary file."""

from __future__ import annotations

import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

import numpy as np

from ..jsonsafe import strict_json
from ..metric import Metric, Segment, Statistics
from ..result import Result, Score
from ..signature import nrefs_value
from .accumulate import ExactSum
from .results import sums_result
from .scoring import CHUNK, Chunk, first_chunk, run


class SegmentStore:
    """Per-segment scores of one metric: their statistics rows spooled to a binary temporary file;
    iterating gives a :class:`Score` per segment, :meth:`scores` the main scores a block at a time,
    :meth:`details` the metric's details (spooled as JSON lines) if it gives any."""

    def __init__(self, metric: Metric) -> None:
        # lives as long as the store (closed by close()), so no context manager
        self._file = tempfile.TemporaryFile("w+b")  # noqa: SIM115
        self._details: IO[str] | None = None
        self._metric = metric
        self._width = len(metric.stat_names())
        self.count = 0

    def add(self, rows: np.ndarray, details: Sequence[Any] | None = None) -> None:
        """Append statistics rows (one per segment, in order) and the metric's details of them."""
        self._file.write(np.ascontiguousarray(rows, dtype=np.float64).tobytes())
        self.count += int(rows.shape[0])
        if details is not None:
            self._details = self._details or tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
            self._details.writelines(strict_json(d) + "\n" for d in details)

    def details(self) -> Iterator[str] | None:
        """Each segment's detail as JSON text, in order; ``None`` when the metric gave none."""
        if self._details is None:
            return None
        self._details.flush()
        self._details.seek(0)
        return (line.rstrip("\n") for line in self._details)

    def __len__(self) -> int:
        return self.count

    def _blocks(self) -> Iterator[np.ndarray]:
        """The spooled rows, a writable block at a time (a metric's scoring may write to them)."""
        self._file.flush()
        self._file.seek(0)
        while chunk := self._file.read(CHUNK * self._width * 8):
            yield np.frombuffer(chunk, dtype=np.float64).reshape(-1, self._width).copy()
        self._file.seek(0, 2)

    def __iter__(self) -> Iterator[Score]:
        compute = self._metric.compute_score
        for rows in self._blocks():
            yield from map(compute, rows)

    def scores(self) -> Iterator[np.ndarray]:
        """The main scores, in order, one array per block of the spool (:meth:`~mtmetrics.Metric.score_rows`)."""
        return map(self._metric.score_rows, self._blocks())

    def close(self) -> None:
        """Delete the temporary files."""
        self._file.close()
        if self._details is not None:
            self._details.close()


@dataclass
class StreamOutcome:
    """One metric's result on a stream, with what was kept on request."""

    result: Result
    statistics: Statistics | None
    segments: SegmentStore | None


#: a source of chunks, called with the size of the first chunk and of the others
ChunkSource = Callable[[int, int], Iterable[Sequence[Segment] | Chunk]]


class _System:
    """What is kept of one source (system) while its chunks are scored."""

    def __init__(self, metrics: Sequence[Metric], keep_statistics: bool, keep_segments: bool) -> None:
        self.sums = [ExactSum(len(m.stat_names())) for m in metrics]
        self.kept: list[list[np.ndarray]] | None = [[] for _ in metrics] if keep_statistics else None
        self.stores = [SegmentStore(m) if keep_segments else None for m in metrics]
        self.ref_counts: set[int] = set()

    def close(self) -> None:
        for store in self.stores:
            if store is not None:
                store.close()

    def outcomes(self, metrics: Sequence[Metric]) -> list[StreamOutcome]:
        nrefs = nrefs_value(self.ref_counts) if self.ref_counts else "0"
        out = []
        for m, metric in enumerate(metrics):
            acc = self.sums[m]
            result = sums_result(metric, acc, nrefs)
            stats = None
            if self.kept is not None:
                array = np.concatenate(self.kept[m]) if self.kept[m] else np.empty((0, acc.width))
                stats = Statistics(metric.stat_names(), array, type(metric).aggregation, nrefs)
            out.append(StreamOutcome(result, stats, self.stores[m]))
        return out


def score_sources(
    metrics: Sequence[Metric],
    sources: Sequence[ChunkSource],
    jobs: int = 1,
    keep_statistics: bool = False,
    keep_segments: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[list[StreamOutcome]]:
    """Score every metric on every source (system), in one engine run (one pool for all); one list of
    outcomes per source, equal to scoring each alone."""
    first = first_chunk(jobs)
    systems = [_System(metrics, keep_statistics, keep_segments) for _ in sources]
    owners: deque[int] = deque()  # the source of each chunk in flight, in order
    observers = [m for m in metrics if type(m).observe is not Metric.observe]

    def chunks() -> Iterator[Sequence[Segment] | Chunk]:
        for k, source in enumerate(sources):
            for chunk in source(first if k == 0 else CHUNK, CHUNK):
                if observers:  # only they need the segments here, in the calling process
                    segments = chunk if isinstance(chunk, Sequence) else chunk.segments()
                    for metric in observers:
                        metric.observe(segments)
                owners.append(k)
                yield chunk

    try:
        for size, counts, rows_per_metric, _, details in run(metrics, chunks(), jobs):
            system = systems[owners.popleft()]
            system.ref_counts.update(counts)
            for m, rows in enumerate(rows_per_metric):
                system.sums[m].add(rows)
                if system.kept is not None:
                    system.kept[m].append(rows)
                store = system.stores[m]
                if store is not None:
                    store.add(rows, details[m])
            if progress is not None:
                progress(size)
    except BaseException:
        for system in systems:
            system.close()
        raise
    return [system.outcomes(metrics) for system in systems]
