"""PERM-BOTH over many metrics at once, as mt-metrics-eval runs it for a task (``ComputeSigMatrix``)
and re-uses it for a weighted average of tasks (``TaskSetResults.AverageCorrMatrix``).

Numbers in, numbers out. For a task, the metrics are ordered best first; each pair ``(a, b)`` (``a``
ahead) gets ``k`` draws ``(c_a, c_b)``: ``c_a`` is the measure of ``a``'s points where a draw keeps
them and ``b``'s elsewhere, ``c_b`` the converse, and ``p = #{c_a - c_b >= δ} / i`` over the ``i``
draws made. One ``(k, points)`` keep mask serves every pair of a task (pairs are tested one at a
time, so sharing draws between pairs changes no single test, and it is what makes the test cheap);
the mask is ``default_rng([seed, task]).random((k, points)) < 0.5``.

Early stopping is mtme's: at every ``block``-th draw the test stops when ``p < early_min`` or
``p > early_max`` (the ``pairs`` test of acc-eq checks only at a draw that counted, as mtme does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .permutation import CHUNK_CELLS, RowMeasure, standardise


@dataclass(frozen=True)
class EarlyStop:
    """mtme's ``PermutationSigDiffParams`` as its tasks set them (``block_size=100``)."""

    block: int = 100
    early_min: float = 0.02
    early_max: float = 0.5


def keep_masks(seed: int, task: int, k: int, points: int) -> np.ndarray:
    """The ``(k, points)`` keep mask of one task (module docstring), drawn a block of rows at a time
    (the same stream as one draw: a Generator's uniforms do not depend on how they are requested)."""
    rng = np.random.default_rng([seed, task])
    out = np.empty((k, points), dtype=bool)
    step = max(1, CHUNK_CELLS // max(points, 1))
    for r in range(0, k, step):
        out[r : r + step] = rng.random((min(step, k - r), points)) < 0.5
    return out


def _stopped(hits: np.ndarray, stop: EarlyStop, counted_only: bool) -> int | None:
    """The draw after which mtme stops early, or ``None`` while it goes on."""
    count = np.cumsum(hits)
    i = np.arange(1, len(hits) + 1)
    p = count / i
    at = (i % stop.block == 0) & ((p < stop.early_min) | (p > stop.early_max))
    if counted_only:
        at &= hits
    first = np.flatnonzero(at)
    return int(first[0]) + 1 if len(first) else None


def stop_at(hits: np.ndarray, stop: EarlyStop, counted_only: bool = False) -> int:
    """How many draws mtme makes before stopping early (``len(hits)`` when it never stops)."""
    used = _stopped(hits, stop, counted_only)
    return len(hits) if used is None else used


@dataclass
class PairDraws:
    """The tests of one task: ``p[i, j]`` (``i < j`` in ``order``) and each pair's draws ``(c_i, c_j)``."""

    p: np.ndarray
    draws: dict[tuple[int, int], np.ndarray]


#: one pair's block of draws: ``(δ_i, draws of i, δ_j, draws of j)`` (``δ``: the unpermuted values)
PairBlock = tuple[float, np.ndarray, float, np.ndarray]
#: the draws ``lo..hi`` of each pair asked for (a block at a time: a measure can share work between pairs)
BlockTest = Callable[[list[tuple[int, int]], int, int], dict[tuple[int, int], PairBlock]]


def pair_tests(n: int, k: int, block: BlockTest, stop: EarlyStop, counted_only: bool = False) -> PairDraws:
    """Every pair's draws, made ``stop.block`` at a time (for every pair still going) until mtme's
    early stop (no draw is made that it would not make), its p-value and the draws kept."""
    p = np.zeros((n, n))
    draws: dict[tuple[int, int], np.ndarray] = {}
    parts: dict[tuple[int, int], list[tuple[np.ndarray, np.ndarray]]] = {
        (i, j): [] for i in range(n) for j in range(i + 1, n)
    }
    active = list(parts)
    for lo in range(0, k, stop.block):
        if not active:  # every pair stopped early (or one metric: no pair)
            break
        hi = min(k, lo + stop.block)
        out, going = block(active, lo, hi), []
        for ij in active:
            base_i, ci, base_j, cj = out[ij]
            parts[ij].append((ci, cj))
            ci, cj = np.concatenate([a for a, _ in parts[ij]]), np.concatenate([b for _, b in parts[ij]])
            hits = ci - cj >= base_i - base_j
            used = _stopped(hits, stop, counted_only)
            if used is None and hi < k:
                going.append(ij)
                continue
            used = len(hits) if used is None else used
            p[ij] = np.count_nonzero(hits[:used]) / used
            draws[ij] = np.column_stack([ci[:used], cj[:used]])
        active = going
    return PairDraws(p, draws)


def perm_scores(
    measure: RowMeasure, human: np.ndarray, points: Sequence[np.ndarray], masks: np.ndarray, stop: EarlyStop
) -> PairDraws:
    """PERM-BOTH on standardised points (mtme's ``perm_test='scores'``); ``points`` best first."""
    z = [standardise(x) for x in points]
    h = np.asarray(human, dtype=np.float64)[None, :]
    step = max(1, CHUNK_CELLS // max(masks.shape[1], 1))
    base = [float(measure(x[None, :], h)[0]) for x in z]

    def rows(keep: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        parts = [measure(np.where(keep[s : s + step], x, y), h) for s in range(0, len(keep), step)]
        return np.concatenate(parts) if parts else np.zeros(0)

    def block(pairs: list[tuple[int, int]], lo: int, hi: int) -> dict[tuple[int, int], PairBlock]:
        return {
            (i, j): (base[i], rows(masks[lo:hi], z[i], z[j]), base[j], rows(masks[lo:hi], z[j], z[i])) for i, j in pairs
        }

    return pair_tests(len(z), len(masks), block, stop)


def perm_pairs(agree: Sequence[np.ndarray], group_sizes: np.ndarray, masks: np.ndarray, stop: EarlyStop) -> PairDraws:
    """mtme's ``perm_test='pairs'`` for acc-eq averaged over items: the draws swap the two metrics'
    verdicts (agree with the humans or not, each at its own calibrated ε) pair by pair.

    ``agree[m]`` holds metric ``m``'s 0/1 verdict of every system pair, item by item (``group_sizes``
    pairs per item, the items with at least one pair); a draw's value is the mean over items of
    each item's share of agreeing pairs, computed from exact counts as mtme's per-item values.
    """
    sizes = np.asarray(group_sizes, dtype=np.int64)
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    a = [np.asarray(v, dtype=np.float64) for v in agree]
    totals = [np.add.reduceat(v, starts) for v in a]  # per item
    step = max(1, CHUNK_CELLS // max(masks.shape[1], 1))
    kept = [  # (k, items): each metric's agreeing pairs a draw keeps, item by item
        np.concatenate([np.add.reduceat(masks[r : r + step] * v, starts, axis=1) for r in range(0, len(masks), step)])
        for v in a
    ]

    def value(counts: np.ndarray) -> np.ndarray:
        return np.asarray(np.mean(counts / sizes, axis=-1))

    base = [float(value(t)) for t in totals]

    def block(pairs: list[tuple[int, int]], lo: int, hi: int) -> dict[tuple[int, int], PairBlock]:
        return {
            (i, j): (
                base[i],
                value(kept[i][lo:hi] + (totals[j] - kept[j][lo:hi])),
                base[j],
                value(kept[j][lo:hi] + (totals[i] - kept[i][lo:hi])),
            )
            for i, j in pairs
        }

    return pair_tests(len(a), len(masks), block, stop, True)


def weighted_tests(
    values: np.ndarray, draws: Sequence[Callable[[int, int], np.ndarray]], weights: Sequence[float]
) -> np.ndarray:
    """mtme's ``AverageCorrMatrix``: ``p[i, j]`` (``i < j``, metrics ordered by the weighted average
    ``values``) is the share of re-used draws whose weighted difference reaches the observed one.

    ``draws[t](i, j)`` gives task ``t``'s draws of ``(i, j)`` already mapped to ``[0, 1]``, columns
    ``(i, j)``; a task that stopped early is tiled up to the longest.
    """
    n = len(values)
    p = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            per = [w * (d[:, 0] - d[:, 1]) for w, d in ((w, f(i, j)) for w, f in zip(weights, draws, strict=True))]
            longest = max(len(x) for x in per)
            null = np.sum([np.tile(x, -(-longest // len(x)))[:longest] for x in per], axis=0)
            p[i, j] = float(np.mean(null >= values[i] - values[j]))
    return p


__all__ = [
    "BlockTest", "EarlyStop", "PairBlock", "PairDraws", "keep_masks", "pair_tests", "perm_pairs", "perm_scores",
    "stop_at", "weighted_tests",
]  # fmt: skip
