"""System-level pairwise accuracy (Kocmi et al. 2021) and soft pairwise accuracy (Thompson et al.
2024, WMT24's SPA), as mt-metrics-eval computes them (docs/meta.md §7).

:func:`pairwise_p_values` is mtme's ``compute_pairwise_p_values``: ``k`` sign vectors shared by every
system pair, the humans and every metric; two systems are tested on the items both have (``nan``:
missing), a pair with none is left out, and a null difference within relative ``1e-9`` of the
observed one counts as ``>=`` (the identity permutation always does).
"""

from __future__ import annotations

import math

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


def pairwise_accuracy(metric: np.ndarray, human: np.ndarray) -> float:
    """Kocmi et al.'s pairwise accuracy of one set of systems; ``nan`` with fewer than 2 systems."""
    agree, pairs = accuracy_counts(metric, human)
    return agree / pairs if pairs else math.nan


def accuracy_rows(metric: np.ndarray, human: np.ndarray) -> np.ndarray:
    """Pairwise accuracy of each row pair of ``(B, n)`` arrays (bootstrap replicates of systems)."""
    m = np.atleast_2d(np.asarray(metric, dtype=np.float64))
    h = np.atleast_2d(np.asarray(human, dtype=np.float64))
    i, j = np.triu_indices(m.shape[1], 1)
    if not len(i):
        return np.full(m.shape[0], np.nan)
    agree = np.sign(m[:, i] - m[:, j]) == np.sign(h[:, i] - h[:, j])
    return np.asarray(agree.mean(axis=1), dtype=np.float64)


def permutation_signs(k: int, n_items: int, seed: int | list[int]) -> np.ndarray:
    """``(k, n_items)`` signs ``±1``: ``+1`` keeps an item's pair of scores, ``-1`` swaps it."""
    rng = np.random.default_rng(seed)
    return np.where(rng.random((k, n_items)) < 0.5, 1.0, -1.0)


def pairwise_p_values(scores: np.ndarray, signs: np.ndarray, both: bool = False) -> np.ndarray:
    """One-sided paired permutation p-values that system ``i`` beats ``j`` (upper triangle).

    ``scores`` is ``(systems, items)`` with ``nan`` for a missing score; ``signs`` comes from
    :func:`permutation_signs`. Entry ``[i, j]`` (``i < j``) is ``nan`` when the two systems share
    no item; the diagonal is ``nan``, and so is the lower triangle unless ``both``: then ``[j, i]``
    is the p-value that ``j`` beats ``i`` from the same draws (what listing ``j`` first would give).
    """
    x = np.asarray(scores, dtype=np.float64)
    n_sys = x.shape[0]
    i, j = np.triu_indices(n_sys, 1)
    out = np.full((n_sys, n_sys), np.nan)
    if not len(i):
        return out
    diff = x[i] - x[j]  # (pairs, items); nan where either is missing
    common = np.isfinite(diff)
    diff = np.where(common, diff, 0.0)
    observed = diff.sum(axis=1)
    null = signs @ diff.T  # (k, pairs)
    tol = 1e-9 * np.maximum(np.abs(diff).sum(axis=1), 1e-300)
    p = np.mean(null >= (observed - tol)[None, :], axis=0)
    out[i, j] = np.where(common.any(axis=1), p, np.nan)
    if both:
        out[j, i] = np.where(common.any(axis=1), np.mean(null <= (observed + tol)[None, :], axis=0), np.nan)
    return out


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
