"""Segment-level pairwise accuracy with tie calibration, "acc-eq" (Deutsch, Foster & Freitag 2023;
docs/meta.md §7): ``(concordant + tied by both) / all pairs``, a metric difference ``<= ε`` counting
as a tie, ``ε`` searched over 0 and every pair's difference as mtme's ``tau_optimization`` with
``acc_23`` and ``sample_rate=1.0``. Equal values are compared as exact fractions and the largest
threshold with the same maximum is reported too (``epsilon_last``): mtme's pick among them follows
a running float sum's rounding. ``groups`` (item ids) is mtme's ``average_by="item"``, one ``ε`` for
all groups.

The search is ``O(P log P)``: ``acc(ε)`` is a step function rising only at the differences of
human-tied pairs, so those are the candidates, and each concordant pair's difference is binned to
the first candidate ``>= d``; pairs are streamed in blocks of rows sorted by metric score, so memory
stays ``O(block + candidates)`` even for 50 million pairs.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: pairs formed at once (a block of rows against all later rows of the group)
BLOCK_PAIRS = 4_000_000
#: candidates whose float value is this close to the maximum are compared exactly
NEAR = 1e-9


@dataclass(frozen=True)
class TieCalibration:
    """acc-eq at the best threshold ``epsilon``, over ``groups`` groups and ``pairs`` pairs."""

    value: float
    epsilon: float
    groups: int
    pairs: int
    #: the largest threshold (pair difference) reaching the same maximum (``epsilon`` is the smallest)
    epsilon_last: float = math.nan


def groups_of(ids: np.ndarray, minimum: int = 2) -> list[np.ndarray]:
    """The positions of each id's points (ids in sorted order, positions ascending within one), the
    ids with at least ``minimum`` points: the items of an item-level measure."""
    g = np.asarray(ids)
    order = np.argsort(g, kind="mergesort")
    gs = g[order]
    starts = np.flatnonzero(np.r_[True, gs[1:] != gs[:-1]]) if len(g) else np.zeros(0, dtype=np.int64)
    ends = np.r_[starts[1:], len(g)]
    return [order[s:e] for s, e in zip(starts, ends, strict=True) if e - s >= minimum]


def _blocks(m: np.ndarray, h: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``(d, human tie, concordant)`` of the pairs ``i < j`` of one group, block by block."""
    order = np.argsort(m, kind="mergesort")
    ms, hs = m[order], h[order]
    n = len(ms)
    step = max(1, BLOCK_PAIRS // n)
    for a in range(0, n - 1, step):
        b = min(n - 1, a + step)
        later = np.arange(n)[None, :] > np.arange(a, b)[:, None]
        d = ms[None, :] - ms[a:b, None]
        dh = hs[None, :] - hs[a:b, None]
        d, dh = d[later], dh[later]
        yield d, dh == 0, (dh > 0) & (d > 0)


def acc_eq(metric: np.ndarray, human: np.ndarray, groups: np.ndarray | None = None) -> TieCalibration:
    """Tie-calibrated acc-eq (module docstring); ``nan`` when no group has two rows."""
    m = np.asarray(metric, dtype=np.float64)
    h = np.asarray(human, dtype=np.float64)
    members = groups_of(groups) if groups is not None else [np.arange(len(m))] if len(m) >= 2 else []
    if not members:
        return TieCalibration(math.nan, math.nan, 0, 0)
    n_groups = len(members)
    weights = [1.0 / (n_groups * (len(r) * (len(r) - 1) / 2.0)) for r in members]
    # pass 1: candidates (0 and the human-tied pairs' differences) and the base (all concordant)
    base = 0.0
    tied_d: list[np.ndarray] = []
    tied_w: list[np.ndarray] = []
    for rows, w in zip(members, weights, strict=True):
        conc = 0
        for d, ht, c in _blocks(m[rows], h[rows]):
            conc += int(np.count_nonzero(c))
            tied_d.append(d[ht])
            tied_w.append(np.full(int(np.count_nonzero(ht)), w))
        base += conc * w
    cand = np.unique(np.concatenate([np.zeros(1), *tied_d]))
    gain = np.bincount(
        np.searchsorted(cand, np.concatenate(tied_d)), weights=np.concatenate(tied_w), minlength=len(cand)
    )
    # pass 2: a concordant pair is lost from the first candidate >= its difference on
    loss = np.zeros(len(cand) + 1)
    for rows, w in zip(members, weights, strict=True):
        for d, _, c in _blocks(m[rows], h[rows]):
            loss += w * np.bincount(np.searchsorted(cand, d[c]), minlength=len(cand) + 1)
    values = base + np.cumsum(gain) - np.cumsum(loss[:-1])
    near = np.flatnonzero(values >= values.max() - NEAR)
    if len(near) > 1 and len(members) > 1:  # one group: values k / N, apart by far more than NEAR
        near = _exact_maxima(near, members, m, h, cand)
    pairs = sum(len(r) * (len(r) - 1) // 2 for r in members)
    best = int(near[0])
    last = _last_threshold(float(cand[int(near[-1])]), members, m, h)
    return TieCalibration(float(values[best]), float(cand[best]), n_groups, pairs, last)


def _last_threshold(top: float, members: list[np.ndarray], m: np.ndarray, h: np.ndarray) -> float:
    """The largest pair difference (mtme's thresholds are all of them) with the value of the last
    maximal candidate ``top``: past ``top`` the value only falls, first at the smallest concordant
    difference above it, so the answer is the largest difference in ``[top, that one)``."""
    drop = math.inf
    for rows in members:
        for d, _, c in _blocks(m[rows], h[rows]):
            above = d[c & (d > top)]
            if len(above):
                drop = min(drop, float(above.min()))
    last = top
    for rows in members:
        for d, _, _ in _blocks(m[rows], h[rows]):
            inside = d[(d >= top) & (d < drop)]
            if len(inside):
                last = max(last, float(inside.max()))
    return last


def _exact_maxima(
    near: np.ndarray, members: list[np.ndarray], m: np.ndarray, h: np.ndarray, cand: np.ndarray
) -> np.ndarray:
    """The candidates among ``near`` (indices into ``cand``) whose acc-eq is the exact maximum.

    acc-eq is ``Σ_g agreeing_g / (G N_g)``: with the groups binned by their pair count ``N``, each
    candidate's value is the exact fraction ``Σ_N count_N / N`` (over ``G``) of integer counts,
    compared without rounding (a float sum can not tell values apart that differ by less than its
    rounding, and can order equal ones either way).
    """
    sizes = np.array([len(r) * (len(r) - 1) // 2 for r in members])
    classes, cls_of = np.unique(sizes, return_inverse=True)
    counts = np.zeros((len(near), len(classes)), dtype=np.int64)
    for rows, k in zip(members, cls_of, strict=True):
        for d, ht, c in _blocks(m[rows], h[rows]):
            # a pair agrees at candidate e: human tie with d <= e, or concordant with d > e
            tied = np.sort(d[ht])
            conc = np.sort(d[c])
            e = cand[near]
            counts[:, k] += np.searchsorted(tied, e, side="right") + (
                len(conc) - np.searchsorted(conc, e, side="right")
            )
    exact = [sum((Fraction(int(c), int(n)) for c, n in zip(row, classes, strict=True)), Fraction(0)) for row in counts]
    top = max(exact)
    return np.array([i for i, v in zip(near, exact, strict=True) if v == top])
