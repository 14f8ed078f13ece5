"""What a metric that knows nothing gets on the WMT agreement measures: the floors of a report
(docs/meta.md §7). These measures are shares of agreeing pairs, so their chance level depends on
the human scores alone (MQM ties half the segments at 0), and a value means something only next to
these floors. A *constant metric* agrees exactly with the human-tied pairs (accuracy, acc-eq) and
gets p = 1 for every pair (SPA: the mean of the humans' p-values); a *random metric* agrees with
half the ordered pairs and has uniform p-values, ``E|p_h - U| = (p_h² + (1 - p_h)²) / 2``. acc-eq
has no random floor (its threshold is searched on the metric's own scores); tie calibration never
falls below the constant metric.
"""

from __future__ import annotations

import math

import numpy as np


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
    if groups is None:
        members = [h]
    else:
        g = np.asarray(groups)
        order = np.argsort(g, kind="mergesort")
        gs = g[order]
        cuts = np.flatnonzero(gs[1:] != gs[:-1]) + 1
        members = np.split(h[order], cuts) if len(h) else []
    shares = [_tied_pairs(x) / (len(x) * (len(x) - 1) // 2) for x in members if len(x) >= 2]
    return float(np.mean(shares)) if shares else math.nan


def _upper(p_human: np.ndarray) -> np.ndarray:
    i, j = np.triu_indices(p_human.shape[0], 1)
    p = p_human[i, j]
    return p[np.isfinite(p)]


def constant_soft_accuracy(p_human: np.ndarray) -> float:
    """Soft pairwise accuracy of a constant metric from the humans' pairwise p-values (upper triangle)."""
    p = _upper(p_human)
    return float(np.mean(p)) if len(p) else math.nan


def random_soft_accuracy(p_human: np.ndarray) -> float:
    """Expected soft pairwise accuracy of a metric whose pairwise p-values are independent uniform."""
    p = _upper(p_human)
    return float(1.0 - np.mean((p**2 + (1.0 - p) ** 2) / 2.0)) if len(p) else math.nan
