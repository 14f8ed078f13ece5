"""Exact, order-independent sums of statistics, built up chunk by chunk.

A corpus score must not depend on how its segments were split (chunks, worker processes, Dask
partitions, the order they arrived in). :class:`ExactSum` keeps, per statistic, a short list of
floats whose *exact* sum is the exact sum of everything added so far; the final total is that
list's correctly rounded sum (``math.fsum``). So the total equals ``math.fsum`` over all values,
to the last bit, however the values were grouped, and memory stays small: a few floats per
statistic, whatever the number of segments.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from ..metric import fsum

_COMPACT_AT = 64  # parts per statistic before they are re-expressed by a few floats


def exact_parts(values: Iterable[float]) -> list[float]:
    """Non-overlapping floats whose exact sum is the exact sum of ``values``.

    Each step takes the correctly rounded sum of what is left (``math.fsum`` of the values minus
    the parts so far), so the remainder shrinks by 2^53 per step; a handful of steps suffice.
    A NaN or infinite value makes the sum non-finite: it is the one part (nothing exact to keep,
    and the loop below would never reach a zero remainder).
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
    """Column sums of statistics rows, exact, mergeable, independent of chunking and order.

    Hand-written around ``math.fsum``: fsum is exact but one-shot, and numpy's sums depend on how the
    rows were chunked, so neither alone lets workers' partial sums merge to the same bits.
    """

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
