"""Exact, order-independent sums of statistics, built chunk by chunk: a corpus score does not depend
on how its segments were split (chunks, workers, Dask partitions), and memory stays a few floats."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from ..metric import fsum

_COMPACT_AT = 64  # parts per statistic before they are re-expressed by a few floats


def exact_parts(values: Iterable[float]) -> list[float]:
    """Non-overlapping floats whose exact sum is the exact sum of ``values`` (a non-finite sum: one part).

    Each step takes the rounded sum of what is left, which shrinks by 2^53 per step.
    """
    values = list(values)
    if not all(map(math.isfinite, values)):
        return [fsum(values)]
    parts: list[float] = []
    while True:
        rest = math.fsum([*values, *(-p for p in parts)])
        if rest == 0.0:
            return parts
        parts.append(rest)


class ExactSum:
    """Column sums of statistics rows, exact and mergeable (``math.fsum`` is one-shot, numpy's depend on chunking)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.count = 0
        self._parts: list[list[float]] = [[] for _ in range(width)]

    def add(self, rows: np.ndarray) -> None:
        """Add a chunk of rows (``(n, width)``)."""
        rows = np.asarray(rows, dtype=np.float64)
        if rows.ndim != 2 or rows.shape[1] != self.width:
            raise ValueError(f"expected rows of width {self.width}, got shape {rows.shape}")
        self.count += int(rows.shape[0])
        for j, column in enumerate(rows.T.tolist()):
            self._extend(j, exact_parts(column))

    def merge(self, other: ExactSum) -> None:
        """Add everything another accumulator holds (e.g. from a Dask partition)."""
        if other.width != self.width:
            raise ValueError("cannot merge sums of different widths")
        self.count += other.count
        for j in range(self.width):
            self._extend(j, other._parts[j])

    def _extend(self, j: int, parts: list[float]) -> None:
        bucket = self._parts[j]
        bucket.extend(parts)
        if len(bucket) > _COMPACT_AT:
            self._parts[j] = exact_parts(bucket)

    def total(self) -> np.ndarray:
        """Correctly rounded column sums (equal to ``math.fsum`` over all rows of each column)."""
        return np.array([fsum(p) for p in self._parts], dtype=np.float64)
