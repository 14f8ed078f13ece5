"""Many pairs at once: multiple-comparison corrections, significance clusters, detectable differences.

Numbers in, numbers out (no metric, no file):

* :func:`adjust` — p-values adjusted over a family of tests: ``holm`` (Holm 1979, step-down,
  controls the family-wise error rate), ``bh`` (Benjamini & Hochberg 1995, step-up, controls the
  false discovery rate) or ``none``. An adjusted p-value ``q_i`` is the smallest level at which
  test ``i`` is rejected by the procedure, so "significant at α" is ``q_i ≤ α`` for every method.
* :func:`clusters` — WMT's significance clusters: systems ordered best first; walking down, a
  system starts a new cluster when **any** member of the current cluster is significantly better
  than it (mt-metrics-eval's ``AssignRanks`` rule, also used for WMT's human rankings).
* :func:`min_detectable` — the smallest true difference a two-sided test at level α detects with
  the given power, from the standard deviation of the resampled differences (normal
  approximation: ``(z_{1-α/2} + z_{power}) × sd``; Card et al. 2020 ask "is my test set big
  enough?", this is the bootstrap's answer).
* :func:`p_text` — a resampling p-value as printed: never ``0``; at the floor ``1/(N+1)`` (no
  resample as extreme as the observed statistic) it is printed ``<`` the floor rounded up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from ..errors import ParameterError

#: the corrections over a family of tests, by name (``none``: the raw p-values)
CORRECTIONS = ("holm", "bh", "none")
#: the cluster rules; ``any``: a new cluster when any member of the current one is better (WMT's)
CLUSTER_RULES = ("any",)


def adjust(p_values: Sequence[float] | np.ndarray, method: str, resamples: int = 0) -> np.ndarray:
    """Adjusted p-values of one family of tests, in the input's order (module docstring).

    Holm: ``q_(k) = max_{j ≤ k} min(1, (m - j + 1) p_(j))`` over the ascending p-values.
    Benjamini–Hochberg: ``q_(k) = min_{j ≥ k} min(1, m p_(j) / j)``. ``resamples`` N > 0: the
    p-values are shares ``c / N`` of N resamples (mt-metrics-eval's), adjusted as ``(c + 1) / (N + 1)``
    so that none is 0 (a test with no resample as extreme is not certain).
    """
    if method not in CORRECTIONS:
        raise ParameterError(f"correction '{method}': choose from {', '.join(CORRECTIONS)}.")
    p = np.asarray(p_values, dtype=np.float64)
    if p.ndim != 1:
        raise ParameterError("adjust: p-values are a vector.")
    if p.size and (np.any(~np.isfinite(p)) or np.any(p < 0) or np.any(p > 1)):
        raise ParameterError("adjust: p-values lie in [0, 1].")
    if resamples < 0:
        raise ParameterError("adjust: resamples is a count (0: analytic p-values).")
    if resamples:
        p = (p * resamples + 1) / (resamples + 1)
    m = p.size
    if method == "none" or m == 0:
        return p.copy()
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    ranks = np.arange(1, m + 1, dtype=np.float64)
    if method == "holm":
        stepped = np.maximum.accumulate(np.minimum(1.0, (m - ranks + 1) * ranked))
    else:
        stepped = np.minimum.accumulate(np.minimum(1.0, m * ranked / ranks)[::-1])[::-1]
    out = np.empty(m, dtype=np.float64)
    out[order] = stepped
    return out


def better_matrix(scores: Sequence[float] | np.ndarray, significant: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """``better[i, j]``: system ``i`` is significantly better than ``j`` (significant and a better score)."""
    s = np.asarray(scores, dtype=np.float64)
    sig = np.asarray(significant, dtype=bool)
    ahead = s[:, None] > s[None, :] if higher_is_better else s[:, None] < s[None, :]
    return sig & ahead


def ranking(scores: Sequence[float] | np.ndarray, names: Sequence[str], higher_is_better: bool) -> list[int]:
    """Indices of the systems best first; equal scores in name order, so input order never matters."""
    s = [float(x) for x in scores]
    sign = -1.0 if higher_is_better else 1.0
    return sorted(range(len(s)), key=lambda i: (sign * s[i], names[i], i))


def clusters(order: Sequence[int], better: np.ndarray, rule: str = "any") -> list[int]:
    """The cluster (1 = best) of each system, by position in ``order`` (best first).

    ``better[i, j]`` says system ``i`` is significantly better than ``j``. Walking down ``order``,
    system ``k`` starts a new cluster when any member of the current cluster is better than it.
    """
    if rule not in CLUSTER_RULES:
        raise ParameterError(f"cluster rule '{rule}': choose from {', '.join(CLUSTER_RULES)}.")
    out = [0] * len(order)
    current: list[int] = []
    number = 0
    for k in order:
        if not current or any(better[i, k] for i in current):
            number += 1
            current = []
        current.append(k)
        out[k] = number
    return out


def min_detectable(sd: float | np.ndarray, alpha: float = 0.05, power: float = 0.8) -> float | np.ndarray:
    """``(z_{1-α/2} + z_{power}) × sd``: the true difference a two-sided test at ``alpha`` detects
    with probability ``power`` when the resampled differences have standard deviation ``sd``."""
    if not 0.0 < alpha < 1.0 or not 0.0 < power < 1.0:
        raise ParameterError("min_detectable: alpha and power lie strictly between 0 and 1.")
    normal = NormalDist()
    factor = normal.inv_cdf(1.0 - alpha / 2.0) + normal.inv_cdf(power)
    if isinstance(sd, np.ndarray):
        return factor * sd
    return factor * float(sd)


def floor(n: int) -> float:
    """The smallest p-value ``(c + 1) / (N + 1)`` of ``n`` resamples."""
    return 1.0 / (n + 1)


def at_floor(p: float, n: int) -> bool:
    """Whether ``p`` is the floor ``1/(N+1)`` (or below it, which an adjusted p-value never is)."""
    return p <= floor(n) * (1.0 + 1e-12)


def p_text(p: float, n: int, decimals: int = 4) -> str:
    """A p-value of ``n`` resamples as printed: ``<F`` at the floor (``F`` = 1/(N+1) rounded up to
    ``decimals``, so the statement stays true), else ``p`` to ``decimals`` (never ``0``)."""
    if at_floor(p, n):
        scale = 10**decimals
        return f"<{math.ceil(floor(n) * scale - 1e-9) / scale:.{decimals}f}"
    shown = f"{p:.{decimals}f}"
    if float(shown) == 0.0:  # a tiny p-value above the floor (millions of resamples)
        return f"<{10**-decimals:.{decimals}f}"
    return shown


__all__ = [
    "CLUSTER_RULES",
    "CORRECTIONS",
    "adjust",
    "at_floor",
    "better_matrix",
    "clusters",
    "floor",
    "min_detectable",
    "p_text",
    "ranking",
]
