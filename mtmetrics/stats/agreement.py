"""The WMT metrics task's agreement measures inside :func:`~mtmetrics.meta.correlate.correlate`
(docs/meta.md §7): ``accuracy`` and ``soft-accuracy`` at system level (also pooled over groups into
:data:`POOLED`, as WMT pools accuracy), ``acc-eq`` at segment and item level; other combinations are
not defined. ``accuracy`` uses the correlations' system points and resamples; ``soft-accuracy`` a
systems × items matrix with permutation signs from ``default_rng([seed, group_index, 2])``; neither
it nor ``acc-eq`` has a bootstrap interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from . import floors
from .accuracy import (
    DEFAULT_PERMUTATIONS,
    accuracy_counts,
    accuracy_rows,
    pairwise_p_values,
    permutation_signs,
    soft_pairwise_accuracy,
)
from .ties import acc_eq

#: agreement measures by name, and the levels each is defined at
LEVELS_OF: dict[str, tuple[str, ...]] = {
    "accuracy": ("system",),
    "soft-accuracy": ("system",),
    "acc-eq": ("segment", "item"),
}
KINDS = tuple(LEVELS_OF)
#: the group name of the measures pooled over all groups
POOLED = "pooled"


def defined(kind: str, level: str) -> bool:
    """Whether ``kind`` is computed at ``level`` (the correlations are defined at every level)."""
    return level in LEVELS_OF.get(kind, (level,))


def system_item_matrix(
    values: np.ndarray, item_ids: np.ndarray, system_rows: list[np.ndarray], n_items: int
) -> np.ndarray:
    """``(systems, items)`` means of each system's rows per item; ``nan`` where it has none."""
    out = np.full((len(system_rows), n_items), np.nan)
    for s, pos in enumerate(system_rows):
        sums = np.bincount(item_ids[pos], weights=values[pos], minlength=n_items)
        counts = np.bincount(item_ids[pos], minlength=n_items)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[s] = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)
    return out


def _human_p(
    cache: GroupCache,
    human: str,
    segment_human: np.ndarray,
    item_ids: np.ndarray,
    system_rows: list[np.ndarray],
    seed: list[int],
    permutations: int,
) -> tuple[int, np.ndarray]:
    """Fill ``cache`` with the group's permutation signs and ``human``'s pairwise p-values (both
    orientations, for the order-free floors); the number of items and the signs."""
    n_items = int(item_ids.max()) + 1 if len(item_ids) else 0
    if cache.signs is None:
        cache.signs = permutation_signs(permutations, n_items, seed)
    if human not in cache.human_p:
        matrix = system_item_matrix(segment_human, item_ids, system_rows, n_items)
        cache.human_p[human] = pairwise_p_values(matrix, cache.signs, both=True)
    return n_items, cache.signs


@dataclass
class Value:
    """One agreement value: bootstrap replicates, points, the calibrated ε (acc-eq) and what
    pooling needs (``(agreeing or summed score, pairs)``)."""

    value: float
    boot: np.ndarray
    n: int
    epsilon: float | None = None
    epsilon_last: float | None = None
    pool: tuple[float, int] | None = None


@dataclass
class GroupCache:
    """Per group: the permutation signs and the humans' pairwise p-values (one per human column)."""

    signs: np.ndarray | None = None
    human_p: dict[str, np.ndarray] = field(default_factory=dict)


def agreement(
    kind: str,
    level: str,
    *,
    metric_points: np.ndarray,
    human_points: np.ndarray,
    metric_boot: np.ndarray | None,
    human_boot: np.ndarray | None,
    segment_metric: np.ndarray,
    segment_human: np.ndarray,
    item_ids: np.ndarray,
    system_rows: list[np.ndarray],
    human: str,
    cache: GroupCache,
    seed_key: list[int],
    permutations: int = DEFAULT_PERMUTATIONS,
) -> Value:
    """The measure ``kind`` at ``level`` for one group, metric and human column."""
    if kind == "accuracy":
        agree, pairs = accuracy_counts(metric_points, human_points)
        boot = np.zeros(0)
        if metric_boot is not None and human_boot is not None and pairs:
            boot = accuracy_rows(metric_boot, human_boot)
        return Value(agree / pairs if pairs else math.nan, boot, len(metric_points), pool=(float(agree), pairs))
    if kind == "soft-accuracy":
        n_items, signs = _human_p(cache, human, segment_human, item_ids, system_rows, [*seed_key, 2], permutations)
        p_metric = pairwise_p_values(system_item_matrix(segment_metric, item_ids, system_rows, n_items), signs)
        spa, total, pairs = soft_pairwise_accuracy(cache.human_p[human], p_metric)
        return Value(spa, np.zeros(0), len(system_rows), pool=(total, pairs))
    if kind == "acc-eq":
        res = acc_eq(segment_metric, segment_human, item_ids if level == "item" else None)
        n = res.groups if level == "item" else len(segment_metric)
        return Value(res.value, np.zeros(0), n, epsilon=res.epsilon, epsilon_last=res.epsilon_last)
    raise ValueError(f"unknown agreement measure {kind!r}")


def pooled(values: list[Value]) -> tuple[float, np.ndarray]:
    """The pooled value of one measure over groups (all pairs together) and its bootstrap.

    The bootstrap of the pooled accuracy weights each group's replicate by its pairs (the groups'
    resamples are independent); it is left empty when a group has none.
    """
    parts = [v.pool for v in values if v.pool is not None and v.pool[1]]
    pairs = sum(p for _, p in parts)
    value = sum(s for s, _ in parts) / pairs if pairs else math.nan
    boots = [v.boot for v in values if v.pool is not None and v.pool[1]]
    boot = np.zeros(0)
    if boots and all(len(b) == len(boots[0]) and len(b) for b in boots):
        boot = np.sum([b * p for b, (_, p) in zip(boots, parts, strict=True)], axis=0) / pairs
    return value, boot


#: the pseudo-metrics whose values are the floors of the agreement measures (:mod:`.floors`)
CONSTANT = "constant metric"
RANDOM = "random metric"
FLOORS = (CONSTANT, RANDOM)


def floor_values(
    kind: str,
    level: str,
    *,
    human_points: np.ndarray,
    segment_human: np.ndarray,
    item_ids: np.ndarray,
    system_rows: list[np.ndarray],
    human: str,
    cache: GroupCache,
    seed_key: list[int],
    permutations: int = DEFAULT_PERMUTATIONS,
) -> dict[str, Value]:
    """The floors of ``kind`` at ``level`` for one group and human column, by pseudo-metric name
    (:data:`CONSTANT`, :data:`RANDOM` where defined), with the counts pooling needs."""
    if kind == "accuracy":
        n = len(human_points)
        pairs = n * (n - 1) // 2
        const, rand = floors.constant_accuracy(human_points), floors.random_accuracy(human_points)
        return {
            CONSTANT: Value(const, np.zeros(0), n, pool=(const * pairs if pairs else 0.0, pairs)),
            RANDOM: Value(rand, np.zeros(0), n, pool=(rand * pairs if pairs else 0.0, pairs)),
        }
    if kind == "soft-accuracy":
        _human_p(cache, human, segment_human, item_ids, system_rows, [*seed_key, 2], permutations)
        p_h = cache.human_p[human]
        i, j = np.triu_indices(p_h.shape[0], 1)
        defined_pairs = int(np.count_nonzero(np.isfinite(p_h[i, j])))  # pairs sharing an item: either way
        const, rand = floors.constant_soft_accuracy(p_h), floors.random_soft_accuracy(p_h)
        n = len(system_rows)
        return {
            CONSTANT: Value(
                const, np.zeros(0), n, pool=(const * defined_pairs if defined_pairs else 0.0, defined_pairs)
            ),
            RANDOM: Value(rand, np.zeros(0), n, pool=(rand * defined_pairs if defined_pairs else 0.0, defined_pairs)),
        }
    if kind == "acc-eq":
        grouped = item_ids if level == "item" else None
        n = int(np.count_nonzero(np.bincount(item_ids) >= 2)) if level == "item" else len(segment_human)
        return {CONSTANT: Value(floors.constant_acc_eq(segment_human, grouped), np.zeros(0), n)}
    raise ValueError(f"unknown agreement measure {kind!r}")
