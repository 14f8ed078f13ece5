"""Pearson, Spearman and Kendall correlation in numpy, one pair of vectors or many at once.

Every function has a row-wise twin (``*_rows``) taking ``(k, n)`` arrays and returning ``k``
coefficients, so bootstrap resamples are computed without a Python loop per resample (Kendall
still loops over small chunks of rows). The coefficients equal scipy's (``pearsonr``,
``spearmanr``, ``kendalltau`` with ``variant="b"``) to about 1e-12; scipy is used only by the
tests. A coefficient that is undefined (a constant vector, fewer than two points) is ``nan``.

Kendall's tau-b is computed in ``O(n log² n)`` by counting discordant pairs with a vectorised
bottom-up merge sort (Knight 1966's idea, as scipy does with a compiled merge sort):
after sorting by ``x`` (ties broken by ``y``), a discordant pair is an inversion of ``y``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

CorrelationFn = Callable[[np.ndarray, np.ndarray], float]

#: The coefficients by their names in outputs.
KINDS = ("pearson", "spearman", "kendall")


def _as_rows(x: np.ndarray) -> np.ndarray:
    a = np.asarray(x, dtype=np.float64)
    return a[None, :] if a.ndim == 1 else a


def pearson_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson's r of each row pair; ``nan`` where a row is constant."""
    x, y = _as_rows(x), _as_rows(y)
    xm = x - x.mean(axis=1, keepdims=True)
    ym = y - y.mean(axis=1, keepdims=True)
    # scale by the largest deviation, then normalise (as scipy does): no underflow or overflow
    with np.errstate(invalid="ignore", divide="ignore"):
        xm = xm / np.max(np.abs(xm), axis=1, keepdims=True)
        ym = ym / np.max(np.abs(ym), axis=1, keepdims=True)
        xn = np.linalg.norm(xm, axis=1, keepdims=True)
        yn = np.linalg.norm(ym, axis=1, keepdims=True)
        r = np.sum((xm / xn) * (ym / yn), axis=1)
    # a constant row is detected exactly (its mean may round away from its value, leaving
    # deviations of one ulp that would otherwise give a spurious coefficient)
    constant = np.all(x == x[:, :1], axis=1) | np.all(y == y[:, :1], axis=1)
    r = np.where(constant, np.nan, r)
    return np.clip(r, -1.0, 1.0)


def rank_rows(x: np.ndarray) -> np.ndarray:
    """Ranks 1..n of each row, ties given their average rank (``scipy.stats.rankdata``)."""
    x = _as_rows(x)
    k, n = x.shape
    order = np.argsort(x, axis=1, kind="mergesort")
    xs = np.take_along_axis(x, order, axis=1)
    new = np.ones((k, n), dtype=bool)
    new[:, 1:] = xs[:, 1:] != xs[:, :-1]
    pos = np.broadcast_to(np.arange(n), (k, n))
    start = np.maximum.accumulate(np.where(new, pos, 0), axis=1)
    end_mark = np.ones((k, n), dtype=bool)
    end_mark[:, :-1] = new[:, 1:]
    end = np.flip(np.minimum.accumulate(np.flip(np.where(end_mark, pos, n), axis=1), axis=1), axis=1)
    avg = (start + end) / 2.0 + 1.0
    ranks = np.empty_like(avg)
    np.put_along_axis(ranks, order, avg, axis=1)
    return ranks


def spearman_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Spearman's rho of each row pair: Pearson's r of the average ranks."""
    return pearson_rows(rank_rows(x), rank_rows(y))


def _tie_pairs(values: np.ndarray) -> float:
    """``sum t(t-1)/2`` over groups of ``t`` equal values (rows of a 2-D array compare as wholes)."""
    counts = np.unique(values, return_counts=True, axis=0 if values.ndim > 1 else None)[1].astype(np.float64)
    return float(np.sum(counts * (counts - 1.0)) / 2.0)


def _inversions(y: np.ndarray) -> int:
    """Number of pairs ``i < j`` with ``y[i] > y[j]``; ``y`` holds integers in ``[0, len(y))``.

    Bottom-up merge sort: at each level, blocks of ``width`` sorted values are paired; for every
    value of a right block, the left block's values greater than it are counted with one
    ``searchsorted`` over all blocks at once (keys ``pair * n + value`` keep pairs apart).
    """
    n = len(y)
    idx = np.arange(n)
    cur = y.astype(np.int64)
    total = 0
    width = 1
    while width < n:
        block = idx // width
        pair = block // 2
        is_right = (block % 2) == 1
        keys = pair * n + cur
        left_keys = keys[~is_right]
        right_keys = keys[is_right]
        below_or_equal = np.searchsorted(left_keys, right_keys, side="right")
        pair_end = np.searchsorted(left_keys, (pair[is_right] + 1) * n, side="left")
        total += int(np.sum(pair_end - below_or_equal))
        cur = np.sort(keys) - pair * n
        width *= 2
    return total


def _dense(x: np.ndarray) -> np.ndarray:
    return np.unique(x, return_inverse=True)[1].astype(np.int64).reshape(-1)


def kendall_tau_b(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b (ties corrected), as ``scipy.stats.kendalltau(x, y)``."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n = len(x)
    if n < 2 or len(y) != n:
        return math.nan
    xr, yr = _dense(x), _dense(y)
    order = np.lexsort((yr, xr))
    xs, ys = xr[order], yr[order]
    tot = n * (n - 1) / 2.0
    xtie = _tie_pairs(xs)
    ytie = _tie_pairs(ys)
    ntie = _tie_pairs(xs * n + ys)
    dis = _inversions(ys)
    denom = (tot - xtie) * (tot - ytie)
    if denom <= 0:
        return math.nan
    con_minus_dis = tot - xtie - ytie + ntie - 2.0 * dis
    return float(min(1.0, max(-1.0, con_minus_dis / math.sqrt(denom))))


_SMALL = 64


def _kendall_small_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """tau-b of short rows from all pairwise sign products (``O(n²)`` per row, no Python loop)."""
    n = x.shape[1]
    iu, ju = np.triu_indices(n, 1)
    sx = np.sign(x[:, ju] - x[:, iu])
    sy = np.sign(y[:, ju] - y[:, iu])
    s = np.sum(sx * sy, axis=1)
    n1 = np.count_nonzero(sx, axis=1).astype(np.float64)
    n2 = np.count_nonzero(sy, axis=1).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = s / np.sqrt(n1 * n2)
    return np.where((n1 > 0) & (n2 > 0), np.clip(tau, -1.0, 1.0), np.nan)


def kendall_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of each row pair."""
    x, y = _as_rows(x), _as_rows(y)
    if x.shape[1] < 2:
        return np.full(x.shape[0], np.nan)
    if x.shape[1] <= _SMALL:
        return np.concatenate([_kendall_small_rows(x[i : i + 256], y[i : i + 256]) for i in range(0, len(x), 256)])
    return np.array([kendall_tau_b(a, b) for a, b in zip(x, y, strict=True)], dtype=np.float64)


def pearson(x: np.ndarray, y: np.ndarray) -> float:
    """Pearson's r (``nan`` if either vector is constant)."""
    if len(x) < 2:
        return math.nan
    return float(pearson_rows(x, y)[0])


def spearman(x: np.ndarray, y: np.ndarray) -> float:
    """Spearman's rho with average ranks for ties."""
    if len(x) < 2:
        return math.nan
    return float(spearman_rows(x, y)[0])


def kendall(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b."""
    return kendall_tau_b(x, y)


ROW_FUNCTIONS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "pearson": pearson_rows,
    "spearman": spearman_rows,
    "kendall": kendall_rows,
}

FUNCTIONS: dict[str, CorrelationFn] = {"pearson": pearson, "spearman": spearman, "kendall": kendall}


def tau_like(metric: np.ndarray, human: np.ndarray, groups: np.ndarray, threshold: float = 0.0) -> float:
    """WMT's Kendall "tau-like" over pairs of translations of the same source segment.

    Pairs whose human scores differ by more than ``threshold`` (WMT's DARR uses 25 raw DA points)
    are compared: concordant if the metric orders them as the humans do, discordant otherwise,
    metric ties counted as discordant (WMT17–20). ``(C - D) / (C + D)``; ``nan`` if no pair.
    """
    metric = np.asarray(metric, dtype=np.float64)
    human = np.asarray(human, dtype=np.float64)
    groups = np.asarray(groups)
    conc = disc = 0
    order = np.argsort(groups, kind="mergesort")
    g = groups[order]
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    ends = np.r_[starts[1:], len(g)]
    for s, e in zip(starts, ends, strict=True):
        if e - s < 2:
            continue
        idx = order[s:e]
        h = human[idx]
        m = metric[idx]
        dh = h[:, None] - h[None, :]
        dm = m[:, None] - m[None, :]
        upper = np.triu(np.ones((len(idx), len(idx)), dtype=bool), 1)
        sel = upper & (np.abs(dh) > threshold)
        agree = np.sign(dh[sel]) == np.sign(dm[sel])
        conc += int(np.count_nonzero(agree))
        disc += int(np.count_nonzero(~agree))
    if conc + disc == 0:
        return math.nan
    return (conc - disc) / (conc + disc)
