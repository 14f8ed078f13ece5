"""Segment-level pairwise accuracy with tie calibration, "acc-eq" (Deutsch, Foster & Freitag 2023).

"Ties Matter" defines, over pairs of translations, ``acc_eq = (C + T_hm) / N``: ``C`` pairs ordered
the same way by metric and humans (strictly), ``T_hm`` pairs tied by both, ``N`` all pairs (mtme's
``KendallVariants(variant="acc23")``). Metrics rarely tie, so *tie calibration* searches a
threshold ``ε``: a pair whose metric scores differ by at most ``ε`` counts as a metric tie. The
candidates are 0 and every pair's ``|m_i - m_j|``; the best ``ε`` maximises acc-eq (the smallest
one on equal values, compared to ``1e-12``), as mtme's ``tau_optimization`` with ``acc_23`` and ``sample_rate=1.0``
(every pair, no sampling; mtme's default is 0.1, WMT23/24 used 1.0).

Grouping (mtme's ``average_by``): ``groups=None`` is ``average_by="none"`` ("no grouping": one
acc-eq over all pairs of all rows); ``groups=item ids`` is ``average_by="item"`` ("group by item":
pairs only within a source segment, acc-eq per item, averaged with equal weight over the items that
have a pair). One ``ε`` is shared by all groups and chosen for the average.

Search in ``O(P log P)`` for ``P`` pairs (the paper's note: sort the pairs by metric difference and
sweep, instead of recomputing acc-eq per candidate, ``O(P²)``): with ``w_g = 1/(G N_g)``,
``acc(ε) = Σ_g w_g C_g + Σ_{pairs with d <= ε} w_g ([human tie] - [concordant])``, a step function
that rises only at the differences of human-tied pairs — the only candidates that can be (first)
maxima besides 0. The pairs are streamed in blocks (rows sorted by metric score, so ``d = m_j -
m_i >= 0``) twice: first the human-tied pairs' differences (the candidates), then each concordant
pair's difference is binned to the first candidate ``>= d`` (``searchsorted``), so memory stays
``O(block + candidates)`` even for 10,000 pooled rows (50 million pairs).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

#: pairs formed at once (a block of rows against all later rows of the group)
BLOCK_PAIRS = 4_000_000


@dataclass(frozen=True)
class TieCalibration:
    """acc-eq at the best threshold ``epsilon``, over ``groups`` groups and ``pairs`` pairs."""

    value: float
    epsilon: float
    groups: int
    pairs: int


def _groups(n: int, groups: np.ndarray | None) -> list[np.ndarray]:
    if groups is None:
        return [np.arange(n)] if n >= 2 else []
    g = np.asarray(groups)
    order = np.argsort(g, kind="mergesort")
    gs = g[order]
    starts = np.flatnonzero(np.r_[True, gs[1:] != gs[:-1]]) if n else np.zeros(0, dtype=np.int64)
    ends = np.r_[starts[1:], n]
    return [order[s:e] for s, e in zip(starts, ends, strict=True) if e - s >= 2]


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
    members = _groups(len(m), groups)
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
    # the first maximum; values equal up to rounding (sums of different weights) count as equal
    best = int(np.flatnonzero(values >= values.max() - 1e-12)[0])
    pairs = sum(len(r) * (len(r) - 1) // 2 for r in members)
    return TieCalibration(float(values[best]), float(cand[best]), n_groups, pairs)
