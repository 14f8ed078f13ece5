"""PERM-BOTH (Deutsch, Dror & Roth 2021; mtme's ``PermutationSigDiff``; docs/meta.md §2): each point's
pair of standardised scores is swapped with probability 1/2, ``k`` times (uniforms from
``default_rng(seed)``), and ``p = #{δ* >= δ} / k`` (within ``1e-12`` counts as equal) is the
one-sided p-value of "``a`` agrees better than ``b``". ``blocks`` swaps all points of an item
together: the rows of one source segment are not independent.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .ties import groups_of

RowMeasure = Callable[[np.ndarray, np.ndarray], np.ndarray]

#: permuted values computed at once (rows × points)
CHUNK_CELLS = 2_000_000


def standardise(x: np.ndarray) -> np.ndarray:
    """z-scores (population standard deviation, as ``scipy.stats.zscore``); a constant vector → 0."""
    x = np.asarray(x, dtype=np.float64)
    sd = x.std()
    return (x - x.mean()) / sd if sd > 0 else np.zeros_like(x)


def perm_both(
    measure: RowMeasure,
    human: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    k: int = 1000,
    seed: int | list[int] = 12345,
    blocks: np.ndarray | None = None,
) -> tuple[float, float]:
    """``(p, δ)``: one-sided PERM-BOTH p-value that metric ``a`` beats metric ``b``, and ``δ``.

    ``blocks`` (optional, an integer ``0..m-1`` per point): swap the points of a block together;
    the uniforms are then drawn ``k × m`` (one per block) instead of ``k × n``.
    """
    h = np.asarray(human, dtype=np.float64)
    za, zb = standardise(a), standardise(b)
    delta = float(measure(za[None, :], h[None, :])[0] - measure(zb[None, :], h[None, :])[0])
    if math.isnan(delta) or k < 1:
        return math.nan, delta
    rng = np.random.default_rng(seed)
    n = len(h)
    ids = None if blocks is None else np.asarray(blocks, dtype=np.intp)
    width = n if ids is None else (int(ids.max()) + 1 if len(ids) else 0)
    step = max(1, CHUNK_CELLS // max(n, 1))
    hits = 0
    for start in range(0, k, step):
        rows = min(step, k - start)
        swap = rng.random((rows, width)) < 0.5
        if ids is not None:
            swap = swap[:, ids]
        pa = np.where(swap, zb, za)
        pb = np.where(swap, za, zb)
        hh = np.broadcast_to(h, pa.shape)
        d = measure(pa, hh) - measure(pb, hh)
        hits += int(np.count_nonzero(d >= delta - 1e-12))
    return hits / k, delta


def item_mean_rows(item_ids: np.ndarray, measure: RowMeasure, min_points: int = 3) -> RowMeasure:
    """A row measure that averages ``measure`` within each item (``item_ids``) over the items.

    Items with fewer than ``min_points`` points are skipped, and so are undefined (``nan``)
    values of one row, as :func:`~mtmetrics_meta.correlate.correlate`'s ``item`` level does.
    """
    groups = groups_of(np.asarray(item_ids, dtype=np.intp), min_points)

    def rows_measure(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        if not groups:
            return np.full(len(x), np.nan)
        with np.errstate(invalid="ignore", divide="ignore"):
            per = np.column_stack([measure(x[:, pos], y[:, pos]) for pos in groups])
            counts = np.sum(np.isfinite(per), axis=1)
            return np.where(counts > 0, np.nansum(per, axis=1) / np.maximum(counts, 1), np.nan)

    return rows_measure
