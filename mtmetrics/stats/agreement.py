"""The WMT metrics task's agreement measures inside :func:`~mtmetrics_meta.correlate.correlate`
(docs/meta.md §7): ``accuracy`` and ``soft-accuracy`` at system level (also pooled over groups into
:data:`POOLED`, as WMT pools accuracy), ``acc-eq`` at segment and item level; other combinations are
not defined. ``accuracy`` uses the correlations' system points and resamples; ``soft-accuracy`` a
systems × items matrix with permutation signs from ``default_rng([seed, group_index, 2])``; neither
it nor ``acc-eq`` has a bootstrap interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
class Humans:
    """What every measure of one group and human column shares: the humans' system points (and
    their replicates), segment scores, item ids, each system's rows, and the permutation seed; the
    permutation signs and the humans' pairwise p-values are computed once, on first use."""

    system: np.ndarray
    system_boot: np.ndarray | None
    segment: np.ndarray
    item_ids: np.ndarray
    system_rows: list[np.ndarray]
    seed: list[int]
    permutations: int = DEFAULT_PERMUTATIONS
    signs: np.ndarray | None = None
    p: np.ndarray | None = None

    def n_items(self) -> int:
        return int(self.item_ids.max()) + 1 if len(self.item_ids) else 0

    def pairwise(self, segment: np.ndarray, both: bool = False) -> np.ndarray:
        """:func:`pairwise_p_values` of the systems' per-item means of ``segment``, on this group's signs."""
        if self.signs is None:
            self.signs = permutation_signs(self.permutations, self.n_items(), [*self.seed, 2])
        return pairwise_p_values(
            system_item_matrix(segment, self.item_ids, self.system_rows, self.n_items()), self.signs, both
        )

    def human_p(self) -> np.ndarray:
        """The humans' pairwise p-values in both orientations (the order-free floors need both)."""
        if self.p is None:
            self.p = self.pairwise(self.segment, both=True)
        return self.p


def agreement(
    kind: str, level: str, hs: Humans, metric_points: np.ndarray, metric_boot: np.ndarray | None, segment: np.ndarray
) -> Value:
    """The measure ``kind`` at ``level`` of one metric (system points, their replicates, segment scores)."""
    if kind == "accuracy":
        agree, pairs = accuracy_counts(metric_points, hs.system)
        boot = np.zeros(0)
        if metric_boot is not None and hs.system_boot is not None and pairs:
            boot = accuracy_rows(metric_boot, hs.system_boot)
        return Value(agree / pairs if pairs else math.nan, boot, len(metric_points), pool=(float(agree), pairs))
    if kind == "soft-accuracy":
        spa, total, pairs = soft_pairwise_accuracy(hs.human_p(), hs.pairwise(segment))
        return Value(spa, np.zeros(0), len(hs.system_rows), pool=(total, pairs))
    if kind == "acc-eq":
        res = acc_eq(segment, hs.segment, hs.item_ids if level == "item" else None)
        n = res.groups if level == "item" else len(segment)
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


def floor_values(kind: str, level: str, hs: Humans) -> dict[str, Value]:
    """The floors of ``kind`` at ``level`` for one group and human column, by pseudo-metric name
    (:data:`CONSTANT`, :data:`RANDOM` where defined), with the counts pooling needs."""
    if kind in ("accuracy", "soft-accuracy"):
        if kind == "accuracy":
            n = len(hs.system)
            pairs = n * (n - 1) // 2
            const, rand = floors.constant_accuracy(hs.system), floors.random_accuracy(hs.system)
        else:
            p_h = hs.human_p()
            i, j = np.triu_indices(p_h.shape[0], 1)
            pairs = int(np.count_nonzero(np.isfinite(p_h[i, j])))  # pairs sharing an item: either way
            const, rand = floors.constant_soft_accuracy(p_h), floors.random_soft_accuracy(p_h)
        n = len(hs.system_rows)
        return {
            name: Value(v, np.zeros(0), n, pool=(v * pairs if pairs else 0.0, pairs))
            for name, v in ((CONSTANT, const), (RANDOM, rand))
        }
    if kind == "acc-eq":
        grouped = hs.item_ids if level == "item" else None
        n = int(np.count_nonzero(np.bincount(hs.item_ids) >= 2)) if level == "item" else len(hs.segment)
        return {CONSTANT: Value(floors.constant_acc_eq(hs.segment, grouped), np.zeros(0), n)}
    raise ValueError(f"unknown agreement measure {kind!r}")
