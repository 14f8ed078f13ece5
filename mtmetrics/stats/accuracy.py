"""System-level pairwise accuracy (Kocmi et al. 2021) and soft pairwise accuracy (Thompson et al.
2024, WMT24's SPA), as mt-metrics-eval computes them (docs/meta.md §7).

:func:`pairwise_p_values` is mtme's ``compute_pairwise_p_values``: ``k`` sign vectors shared by every
system pair, the humans and every metric; two systems are tested on the items both have (``nan``:
missing), a pair with none is left out, and a null difference within relative ``1e-9`` of the
observed one counts as ``>=`` (the identity permutation always does).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

#: resamples of the permutation test (mtme's ``k``, WMT24's choice)
DEFAULT_PERMUTATIONS = 1000


def accuracy_counts(metric: np.ndarray, human: np.ndarray) -> tuple[int, int]:
    """``(agreeing pairs, pairs)`` of systems: sign of the metric's difference equals the humans'."""
    m = np.asarray(metric, dtype=np.float64)
    h = np.asarray(human, dtype=np.float64)
    i, j = np.triu_indices(len(m), 1)
    agree = np.sign(m[i] - m[j]) == np.sign(h[i] - h[j])
    return int(np.count_nonzero(agree)), len(i)


def accuracy_rows(metric: np.ndarray, human: np.ndarray, sizes: Sequence[int] | None = None) -> np.ndarray:
    """Pairwise accuracy of each row pair of ``(B, n)`` arrays (bootstrap replicates of systems);
    with ``sizes``, over the pairs within consecutive blocks of that many systems, pooled (mtme's
    global accuracy of several language pairs)."""
    m = np.atleast_2d(np.asarray(metric, dtype=np.float64))
    h = np.atleast_2d(np.asarray(human, dtype=np.float64))
    blocks = list(sizes or [m.shape[1]])
    offsets = np.cumsum([0, *blocks[:-1]])
    i, j = (
        np.concatenate([a + np.triu_indices(n, 1)[k] for a, n in zip(offsets, blocks, strict=True)]) for k in (0, 1)
    )
    if not len(i):
        return np.full(m.shape[0], np.nan)
    agree = np.sign(m[:, i] - m[:, j]) == np.sign(h[:, i] - h[:, j])
    return np.asarray(agree.mean(axis=1), dtype=np.float64)


def permutation_signs(k: int, n_items: int, seed: int | list[int], dtype: type = np.float64) -> np.ndarray:
    """``(k, n_items)`` signs ``±1``: ``+1`` keeps an item's pair of scores, ``-1`` swaps it. In
    ``float32``, mtme's sign vectors of soft pairwise accuracy: ``float32`` uniforms rounded half to
    even, ``0 → -1``, ``1 → +1`` (:func:`pairwise_p_values` then computes in mtme's arithmetic)."""
    rng = np.random.default_rng(seed)
    if dtype == np.float32:
        return np.asarray(2.0 * np.rint(rng.random((k, n_items), dtype=np.float32)) - 1.0, dtype=np.float32)
    return np.where(rng.random((k, n_items)) < 0.5, 1.0, -1.0)


def pairwise_p_values(scores: np.ndarray, signs: np.ndarray, both: bool = False) -> np.ndarray:
    """One-sided paired permutation p-values that system ``i`` beats ``j`` (upper triangle).

    ``scores`` is ``(systems, items)`` with ``nan`` for a missing score; ``signs`` comes from
    :func:`permutation_signs`. Entry ``[i, j]`` (``i < j``) is ``nan`` when the two systems share
    no item; the diagonal is ``nan``, and so is the lower triangle unless ``both``: then ``[j, i]``
    is the p-value that ``j`` beats ``i`` from the same draws (what listing ``j`` first would give).
    ``float32`` signs on a full grid: mtme's ``float32`` arithmetic (:func:`mtme_p_values`, its bits).
    """
    x = np.asarray(scores, dtype=np.float64)
    n_sys = x.shape[0]
    i, j = np.triu_indices(n_sys, 1)
    out = np.full((n_sys, n_sys), np.nan)
    if signs.dtype == np.float32 and not both and np.all(np.isfinite(x)):
        out[i, j] = mtme_p_values(signs, x)
        return out
    if not len(i):
        return out
    diff = x[i] - x[j]  # (pairs, items); nan where either is missing
    common = np.isfinite(diff)
    diff = np.where(common, diff, 0.0)
    observed = diff.sum(axis=1)
    null = signs.astype(np.float64) @ diff.T  # (k, pairs)
    tol = 1e-9 * np.maximum(np.abs(diff).sum(axis=1), 1e-300)
    p = np.mean(null >= (observed - tol)[None, :], axis=0)
    out[i, j] = np.where(common.any(axis=1), p, np.nan)
    if both:
        out[j, i] = np.where(common.any(axis=1), np.mean(null <= (observed + tol)[None, :], axis=0), np.nan)
    return out


def mtme_p_values(signs: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Pairwise p-values (pairs ``i < j``) of a full grid ``x`` (systems × items) in mtme's float32
    arithmetic: its matrix product, in its layout (OpenBLAS rounds a transposed one apart)."""
    i, j = np.triu_indices(len(x), 1)
    rows = np.ascontiguousarray(x, dtype=np.float32)
    null, sums = np.matmul(signs, rows.T), np.sum(rows, axis=1)
    return np.asarray(np.sum(null[:, i] - null[:, j] >= sums[i] - sums[j], axis=0) / len(signs))


def soft_pairwise_accuracy(p_human: np.ndarray, p_metric: np.ndarray) -> tuple[float, float, int]:
    """``(SPA, sum of 1 - |p_h - p_m| over pairs, pairs)`` from two :func:`pairwise_p_values` matrices.

    The sum and count let several groups be pooled (:func:`mtmetrics.stats.agreement.pooled`).
    """
    i, j = np.triu_indices(p_human.shape[0], 1)
    gap = np.abs(p_human[i, j] - p_metric[i, j])
    gap = gap[np.isfinite(gap)]
    if not len(gap):
        return math.nan, 0.0, 0
    total = float(np.sum(1.0 - gap))
    return total / len(gap), total, len(gap)
