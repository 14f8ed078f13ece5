"""Pearson, Spearman and Kendall tau-b, for one pair of vectors, row-wise (``*_rows``: ``(k, n)``
arrays, no Python loop per bootstrap resample) or for resamples given as index rows
(:class:`Resampled`, ranks and ties by counting, bit for bit as ``*_rows``). They equal scipy's to
about 1e-12; an undefined coefficient is ``nan``. Kendall's discordant pairs come from scipy's
``O(n log n)`` merge sort (the ``meta`` extra).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..errors import InputError, require

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


def _codes(x: np.ndarray) -> tuple[np.ndarray, int]:
    """Each value's index among the sorted distinct values, and how many distinct values there are."""
    values, inverse = np.unique(x, return_inverse=True)
    return inverse.astype(np.int64).reshape(-1), len(values)


def _tie_pairs(codes: np.ndarray, size: int) -> float:
    """``sum t(t-1)/2`` over groups of ``t`` equal codes (codes in ``[0, size)``)."""
    counts = np.bincount(codes, minlength=size).astype(np.float64)
    return float(np.sum(counts * (counts - 1.0)) / 2.0)


def require_kendall(kinds: Iterable[str]) -> None:
    """Fail at once, naming the extra to install, when ``kinds`` has Kendall's tau and scipy is
    missing (so that a command does not score a table first and fail at the correlations)."""
    if "kendall" in kinds:
        _scipy_kendalltau()


def _scipy_kendalltau() -> Callable[..., Any]:
    """``scipy.stats.kendalltau`` (scipy is the ``meta`` extra)."""
    kendalltau: Callable[..., Any] = require("scipy.stats", "Kendall's tau", "meta", "scipy").kendalltau
    return kendalltau


def _tau_b_codes(xc: np.ndarray, yc: np.ndarray, pc: np.ndarray, sizes: tuple[int, int, int]) -> float:
    """Kendall's tau-b of value codes ``xc``, ``yc`` (``pc``: codes of the ``(x, y)`` pairs).

    scipy's compiled merge sort counts the discordant pairs; the coefficient itself is formed here as
    ``(C - D) / sqrt((n0 - n1)(n0 - n2))`` because scipy divides by the two roots in turn, which
    differs from this form in the last bit for about a third of inputs. ``C - D`` is an integer that
    scipy's tau times those roots recovers exactly (its error is about ``n² · 1e-16``, far below 0.5
    for ``n`` below 10^7; the parity of ``C - D`` is checked).
    """
    n = len(xc)
    if n > MAX_KENDALL_N:
        raise InputError(f"Kendall's tau-b is computed for at most {MAX_KENDALL_N} points, not {n}.")
    tot = n * (n - 1) / 2.0
    xtie = _tie_pairs(xc, sizes[0])
    ytie = _tie_pairs(yc, sizes[1])
    ntie = _tie_pairs(pc, sizes[2])
    denom = (tot - xtie) * (tot - ytie)
    if denom <= 0:
        return math.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy's p-value warnings; only the coefficient is used
        tau = float(_scipy_kendalltau()(xc, yc).statistic)
    con_minus_dis = float(round(tau * math.sqrt(tot - xtie) * math.sqrt(tot - ytie)))
    if (tot - xtie - ytie + ntie - con_minus_dis) % 2 != 0:  # C - D and C + D have the same parity
        raise ArithmeticError(f"Kendall's tau-b: C - D of {n} points not recovered exactly")
    return float(min(1.0, max(-1.0, con_minus_dis / math.sqrt(denom))))


#: the largest sample whose ``C - D`` is recovered exactly from scipy's tau (:func:`_tau_b_codes`)
MAX_KENDALL_N = 10_000_000


def kendall_tau_b(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b (ties corrected), as ``scipy.stats.kendalltau(x, y)``; ``nan`` if any value is."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n = len(x)
    if n < 2 or len(y) != n or np.isnan(x).any() or np.isnan(y).any():
        return math.nan
    if n <= _SMALL:  # all pairs at once: the same value, without scipy's per-call cost
        return float(_kendall_small_rows(x[None, :], y[None, :])[0])
    xc, nx = _codes(x)
    yc, ny = _codes(y)
    pc, npairs = _codes(xc * ny + yc)
    return _tau_b_codes(xc, yc, pc, (nx, ny, npairs))


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


class Resampled:
    """Coefficients of resamples of one pair of vectors, the resamples given as rows of indices.

    ``Resampled(x, y).rows(kind, idx)`` equals ``ROW_FUNCTIONS[kind](x[idx], y[idx])`` bit for bit.
    Each value is coded once by its place among the distinct values; a resample's average ranks are
    then its count of smaller values plus half its ties (``O(n)`` per resample, no sort), and its
    tie counts for Kendall come from the same counts. Vectors holding ``nan`` take the ``*_rows``
    path.
    """

    def __init__(self, x: np.ndarray, y: np.ndarray) -> None:
        self.x = np.asarray(x, dtype=np.float64)
        self.y = np.asarray(y, dtype=np.float64)
        self.coded = not (np.isnan(self.x).any() or np.isnan(self.y).any())
        if self.coded:
            self.xc, nx = _codes(self.x)
            self.yc, ny = _codes(self.y)
            # pairs coded in (y, x) order: a resample's pairs listed by code are sorted as scipy
            # sorts them, which halves its sorting time
            self.pc, npairs = _codes(self.yc * nx + self.xc)
            self.sizes = (nx, ny, npairs)
            self.pair_x = np.zeros(npairs, dtype=np.int64)
            self.pair_y = np.zeros(npairs, dtype=np.int64)
            self.pair_x[self.pc] = self.xc
            self.pair_y[self.pc] = self.yc

    def rows(self, kind: str, idx: np.ndarray) -> np.ndarray:
        """Coefficient ``kind`` of each resample ``x[idx[b]], y[idx[b]]``."""
        if not self.coded or kind == "pearson" or idx.shape[1] < 2 or (kind == "kendall" and idx.shape[1] <= _SMALL):
            return ROW_FUNCTIONS[kind](self.x[idx], self.y[idx])
        if kind == "spearman":
            return pearson_rows(
                _resampled_ranks(self.xc, self.sizes[0], idx), _resampled_ranks(self.yc, self.sizes[1], idx)
            )
        return np.array([self._kendall(i) for i in idx], dtype=np.float64)

    def _kendall(self, i: np.ndarray) -> float:
        """tau-b of one resample, its pairs listed in code order (counted, not sorted)."""
        pairs = np.repeat(np.arange(self.sizes[2]), np.bincount(self.pc[i], minlength=self.sizes[2]))
        return _tau_b_codes(self.pair_x[pairs], self.pair_y[pairs], pairs, self.sizes)

    def all_rows(self, kinds: Iterable[str], blocks: Iterable[np.ndarray]) -> dict[str, np.ndarray]:
        """Coefficients ``kinds`` of every resample of ``blocks`` (index rows, block by block)."""
        kinds = list(kinds)
        parts: dict[str, list[np.ndarray]] = {k: [] for k in kinds}
        for idx in blocks:
            for k in kinds:
                parts[k].append(self.rows(k, idx))
        return {k: np.concatenate(v) if v else np.zeros(0) for k, v in parts.items()}


def _resampled_ranks(codes: np.ndarray, size: int, idx: np.ndarray) -> np.ndarray:
    """Average ranks (as :func:`rank_rows`) of each resample ``codes[idx[b]]``, from counts.

    A value's average rank is ``less + (count + 1) / 2`` (``less`` values below it): exactly
    :func:`rank_rows`'s ``(first + last) / 2 + 1``, both being exact halves of integers.
    """
    b = idx.shape[0]
    c = codes[idx]
    counts = np.bincount((c + np.arange(b)[:, None] * size).ravel(), minlength=b * size).reshape(b, size)
    avg = (np.cumsum(counts, axis=1) - counts) + (counts + 1) / 2.0
    return np.take_along_axis(avg, c, axis=1)


def _one_pair(rows: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> CorrelationFn:
    """The coefficient of one pair of vectors from its row form (``nan`` with fewer than 2 points)."""
    return lambda x, y: float(rows(x, y)[0]) if len(x) >= 2 else math.nan


#: Pearson's r (``nan`` if either vector is constant) and Spearman's rho (average ranks for ties)
pearson, spearman = _one_pair(pearson_rows), _one_pair(spearman_rows)
#: Kendall's tau-b
kendall = kendall_tau_b


ROW_FUNCTIONS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "pearson": pearson_rows,
    "spearman": spearman_rows,
    "kendall": kendall_rows,
}

FUNCTIONS: dict[str, CorrelationFn] = {"pearson": pearson, "spearman": spearman, "kendall": kendall}
