"""What a metric that knows nothing gets on the WMT agreement measures: the floors of a report
(docs/meta.md §7). These measures are shares of agreeing pairs, so their chance level depends on
the human scores alone (MQM ties half the segments at 0), and a value means something only next to
these floors. A *constant metric* agrees exactly with the human-tied pairs (accuracy, acc-eq) and
gets p = 1 for every pair; a *random metric* agrees with half the ordered pairs and has uniform
p-values, ``E|p_h - U| = (p_h² + (1 - p_h)²) / 2``. acc-eq has no random floor (its threshold is
searched on the metric's own scores); tie calibration never falls below the constant metric.

No floor depends on the order of the systems in the file: the accuracy and acc-eq floors count
unordered pairs, and the SPA floors are expectations over a uniformly random order (each pair in
both orientations, the humans' p-value that ``j`` beats ``i`` from the same permutation draws).
"""

from __future__ import annotations

import math

import numpy as np

from .ties import groups_of


def _tied_pairs(values: np.ndarray) -> int:
    """Pairs of equal values: ``Σ c (c - 1) / 2`` over the counts ``c`` of each distinct value."""
    _, counts = np.unique(np.asarray(values, dtype=np.float64), return_counts=True)
    return int(np.sum(counts * (counts - 1) // 2))


def constant_accuracy(human: np.ndarray) -> float:
    """Pairwise accuracy of a constant metric on systems with human scores ``human``."""
    n = len(human)
    pairs = n * (n - 1) // 2
    return _tied_pairs(human) / pairs if pairs else math.nan


def random_accuracy(human: np.ndarray) -> float:
    """Expected pairwise accuracy of a random, never-tied metric."""
    n = len(human)
    pairs = n * (n - 1) // 2
    return (pairs - _tied_pairs(human)) / (2 * pairs) if pairs else math.nan


def constant_acc_eq(human: np.ndarray, groups: np.ndarray | None = None) -> float:
    """acc-eq of a constant metric: the share of human-tied pairs, averaged over the groups that
    have a pair (``groups=None``: one group of all rows)."""
    h = np.asarray(human, dtype=np.float64)
    members = [h] if groups is None else [h[pos] for pos in groups_of(groups)]
    shares = [_tied_pairs(x) / (len(x) * (len(x) - 1) // 2) for x in members if len(x) >= 2]
    return float(np.mean(shares)) if shares else math.nan


def _orientations(p_human: np.ndarray) -> np.ndarray:
    """``(pairs, 2)``: each pair's p-values in both orientations (``[i, j]`` and ``[j, i]`` of a
    ``pairwise_p_values(..., both=True)`` matrix), the pairs whose p-value is defined."""
    i, j = np.triu_indices(p_human.shape[0], 1)
    p = np.column_stack([p_human[i, j], p_human[j, i]])
    return p[np.isfinite(p).all(axis=1)]


def _mean(x: np.ndarray) -> float:
    """The mean, exactly rounded whatever the order of ``x`` (so listing the systems otherwise cannot move it)."""
    return math.fsum(x.ravel().tolist()) / x.size if x.size else math.nan


def constant_soft_accuracy(p_human: np.ndarray) -> float:
    """Soft pairwise accuracy of a constant metric, expected over the orders of the systems.

    A constant metric's p-value is 1 whichever system comes first (its null always reaches its
    observed 0), so in one file order a pair scores the humans' ``p[i, j]``; over a uniformly random
    order each pair is listed either way with probability 1/2: the floor is the mean of
    ``(p[i, j] + p[j, i]) / 2``, about 0.5 (above it by the chance of a null tie).
    """
    return _mean(_orientations(p_human))


def random_soft_accuracy(p_human: np.ndarray) -> float:
    """Expected soft pairwise accuracy of a metric whose pairwise p-values are independent uniform,
    ``1 - E|p - U| = 1 - (p² + (1 - p)²) / 2``, over both orientations of each pair."""
    p = _orientations(p_human)
    return 1.0 - _mean((p**2 + (1.0 - p) ** 2) / 2.0) if len(p) else math.nan
