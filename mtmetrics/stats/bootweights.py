"""The system level's bootstrap counts, held compactly, and the weighted sums re-scoring needs.

:class:`SystemWeights` keeps the draws as small unsigned counts and hands out float64 weights on
demand. :func:`weighted_sums` gives exactly the bits of the full float64 product ``weights @ values``:
with integer values whose sums stay below 2^53 every order of summation is exact, so the weights are
formed :data:`BLOCK_ELEMENTS` at a time; otherwise one system's whole ``(B, n_s)`` matrix is used,
since OpenBLAS rounds a row of a blocked product differently for some shapes and thread counts
(``bench/blocked_matmul.py``; docs/meta.md §1).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: the most float64 weights formed at once when the sums are exact (a block of resamples; 8 MB:
#: a WMT system of about 1,000 rows and 1,000 resamples is one block, one BLAS call)
BLOCK_ELEMENTS = 1 << 20
#: integers of float64 are exact below this magnitude
EXACT_BELOW = float(2**53)


def compact(counts: np.ndarray) -> np.ndarray:
    """``counts`` (non-negative integers) in the smallest unsigned integer type that holds them."""
    top = int(counts.max()) if counts.size else 0
    return counts.astype(np.min_scalar_type(top), copy=False)


@dataclass(frozen=True)
class SystemWeights:
    """The ``(B, n_s)`` bootstrap counts of one system's rows, as columns of compact counts.

    Row ``j`` of the system is counted by ``counts[:, columns[j]]`` (joint resampling: the item
    counts shared by every system, ``columns`` each row's item); with ``columns`` ``None`` the
    counts are the system's own, one column per row (independent resampling).
    """

    counts: np.ndarray  # (B, m) unsigned integers
    columns: np.ndarray | None = None  # (n_s,) column of each row in ``counts``

    @property
    def n_boot(self) -> int:
        """The number of resamples ``B``."""
        return int(self.counts.shape[0])

    @property
    def n_rows(self) -> int:
        """The number of the system's rows ``n_s``."""
        return int(self.counts.shape[1] if self.columns is None else len(self.columns))

    def block(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Resamples ``start:stop`` as a C-ordered float64 ``(stop - start, n_s)`` matrix: the
        values and layout the rows of the full matrix had (``block()``: the full matrix)."""
        part = self.counts[start:stop]
        if self.columns is not None:
            part = part[:, self.columns]
        return part.astype(np.float64)

    def largest(self) -> int:
        """The largest count."""
        return int(self.counts.max()) if self.counts.size else 0


def sums_are_exact(values: np.ndarray, n_rows: int, largest: int) -> bool:
    """Whether ``w @ values`` is an exact integer computation for every row ``w`` of ``n_rows``
    counts of at most ``largest``: finite integer values (no ``-0.0``, whose sign a sum may keep or
    lose) and ``n_rows × largest × max|values|`` below 2^53, so every partial sum, in any order, is
    exact."""
    if values.dtype.kind not in "fiu":
        return False
    v = np.asarray(values, dtype=np.float64)
    if not v.size:
        return True
    if not np.all(np.isfinite(v)) or not np.array_equal(v, np.trunc(v)):
        return False
    if np.any(np.signbit(v[v == 0])):
        return False
    return float(n_rows) * float(largest) * float(np.max(np.abs(v))) < EXACT_BELOW


def weighted_sums(weights: SystemWeights | np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(weights @ values, weights.sum(axis=1))`` over the resamples, bit for bit as computed from
    the full float64 matrix (module docstring): in blocks of resamples when the sums are exact,
    else from one system's whole matrix. ``weights`` may also be that matrix itself."""
    if isinstance(weights, np.ndarray):
        return weights @ values, weights.sum(axis=1)
    n_boot, n_rows = weights.n_boot, weights.n_rows
    step = max(1, BLOCK_ELEMENTS // max(n_rows, 1))
    if n_boot <= step or not sums_are_exact(values, n_rows, weights.largest()):
        full = weights.block()
        return full @ values, full.sum(axis=1)
    totals: np.ndarray | None = None
    sizes = np.empty(n_boot, dtype=np.float64)
    for start in range(0, n_boot, step):
        w = weights.block(start, start + step)
        part = w @ values
        if totals is None:
            totals = np.empty((n_boot, *part.shape[1:]), dtype=part.dtype)
        totals[start : start + len(w)] = part
        sizes[start : start + len(w)] = w.sum(axis=1)
    assert totals is not None
    return totals, sizes
