"""Is one metric's agreement with the humans significantly higher? PERM-BOTH (Deutsch et al. 2021).

Deutsch, Dror & Roth (2021), "A Statistical Analysis of Summarization Evaluation Metrics using
Resampling Methods", recommend a paired permutation test that resamples *both* systems and
inputs: under H0 the two metrics are exchangeable, so each point's pair of scores (one per
system at system level, one per segment at segment level) is kept or swapped with probability
1/2. The WMT metrics task uses it since 2022 (mtme's ``PermutationSigDiff``). As mtme does, each
metric's scores are first standardised (z-scores over the points: the swap must not mix scales),
the observed ``δ = measure(a) - measure(b)`` is compared with ``k`` permuted ``δ*`` and
``p = #{δ* >= δ} / k`` (``δ*`` within ``1e-12`` of ``δ`` counts as equal: the identity
permutation always counts, whatever the summation order) is the one-sided p-value of H1
"``a`` agrees better than ``b``" (mtme with ``block_size = k``: no early stopping). The swaps
are drawn from ``default_rng(seed)`` as ``k × n`` uniforms (``< 1/2`` swaps), so a seed gives the same
p-value on every machine.

Grouped data: WMT's segment-level rows are systems × source segments (items), and the rows of
one item share its source and references, so they are not independent. ``blocks`` (an item index
per point) swaps all points of an item together (one coin per item): the test then treats items,
not rows, as the exchangeable units. :func:`item_mean_rows` is the item-grouped measure (mtme's
``average_by="item"``: the correlation within each item, averaged over the items where it is
defined).

The measure is any row-wise function (``(k, n)`` metric rows, ``(k, n)`` human rows → ``k``
values), e.g. :func:`~.correlation.pearson_rows`, so all ``k`` permutations are scored in a few
vectorised calls (in chunks of :data:`CHUNK_CELLS` cells).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

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
    values of one row, as :func:`~mtmetrics.meta.correlate.correlate`'s ``item`` level does.
    """
    ids = np.asarray(item_ids, dtype=np.intp)
    order = np.argsort(ids, kind="mergesort")
    sorted_ids = ids[order]
    starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]]) if len(ids) else np.zeros(0, np.intp)
    ends = np.r_[starts[1:], len(ids)]
    groups = [order[s:e] for s, e in zip(starts, ends, strict=True) if e - s >= min_points]

    def rows_measure(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        if not groups:
            return np.full(len(x), np.nan)
        with np.errstate(invalid="ignore", divide="ignore"):
            per = np.column_stack([measure(x[:, pos], y[:, pos]) for pos in groups])
            counts = np.sum(np.isfinite(per), axis=1)
            return np.where(counts > 0, np.nansum(per, axis=1) / np.maximum(counts, 1), np.nan)

    return rows_measure
