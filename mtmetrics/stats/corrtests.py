"""Is one correlation with human judgments higher than another? (docs/meta.md §2): Williams' t
(Graham & Baldwin 2014, eq. 1), Meng-Rosenthal-Rubin's z, Fisher's z for independent correlations
and a paired bootstrap. p-values are one-sided (H1: the first is higher), the two-sided value beside
them; the t tail is scipy's (the ``meta`` extra), the normal tail ``math.erfc``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InputError, require


@dataclass(frozen=True)
class TestResult:
    """A test statistic and its p-values (one-sided: first > second; two-sided)."""

    test: str
    statistic: float
    p_one_sided: float
    p_two_sided: float
    df: float | None = None


def _special() -> Any:
    """``scipy.special``, imported when a t tail is first needed (scipy is the ``meta`` extra)."""
    return require("scipy.special", "Student's t p-values", "meta", "scipy")


def t_sf(t: float, df: float) -> float:
    """``P(T > t)`` for Student's t with ``df`` degrees of freedom (``scipy.special.stdtr``).

    scipy's is the same function as ``scipy.stats.t.sf``, exact to a few ulp for every ``df``
    (the continued fraction it replaces lost six digits at ``df`` = 1e9); ``nan`` gives ``nan``.
    """
    return float(_special().stdtr(df, -t))


def norm_sf(z: float) -> float:
    """``P(Z > z)`` for the standard normal distribution (the C library's ``erfc``, no scipy needed)."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _check_r(*rs: float) -> None:
    for r in rs:
        if not -1.0 <= r <= 1.0 or math.isnan(r):
            raise ValueError(f"a correlation must lie in [-1, 1], got {r}")


def check_values(r1: float, r2: float, r12: float, n: float) -> int:
    """Validate correlations given by hand (``meta compare --values``); return ``n`` as an int.

    Each correlation must be finite with ``|r| <= 1``, ``n`` an integer above 3 (every test loses
    three degrees of freedom), and the triple must be a possible one: the correlation matrix of
    human, A and B, ``[[1, r1, r2], [r1, 1, r12], [r2, r12, 1]]``, positive semi-definite, i.e.
    ``1 - r1² - r2² - r12² + 2 r1 r2 r12 >= 0``. An impossible triple would give a meaningless,
    often tiny, p-value; it is an :class:`~mtmetrics.InputError` instead.
    """
    for name, r in (("R1", r1), ("R2", r2), ("R12", r12)):
        if not math.isfinite(r) or abs(r) > 1.0:
            raise InputError(f"--values: {name} = {r} is not a correlation (a finite number in [-1, 1]).")
    if not math.isfinite(n) or n != int(n) or n <= 3:
        raise InputError(f"--values: N = {n} must be an integer above 3.")
    det = 1.0 - r1 * r1 - r2 * r2 - r12 * r12 + 2.0 * r1 * r2 * r12
    if det < -1e-12:
        raise InputError(
            f"--values: R1 = {r1}, R2 = {r2}, R12 = {r12} cannot all hold at once (their correlation matrix is not "
            f"positive semi-definite: 1 - R1² - R2² - R12² + 2·R1·R2·R12 = {det:.3g} < 0)."
        )
    return int(n)


def williams(r12: float, r13: float, r23: float, n: int) -> TestResult:
    """Williams' test of ``r12 > r13`` (variable 1 = human, 2 and 3 = the two metrics)."""
    _check_r(r12, r13, r23)
    if n <= 3:
        raise ValueError("Williams' test needs more than 3 points")
    k = 1.0 - r12**2 - r13**2 - r23**2 + 2.0 * r12 * r13 * r23
    denom = 2.0 * k * (n - 1) / (n - 3) + ((r12 + r13) ** 2 / 4.0) * (1.0 - r23) ** 3
    t = (r12 - r13) * math.sqrt((n - 1) * (1.0 + r23)) / math.sqrt(denom) if denom > 0 else math.nan
    p1 = t_sf(t, n - 3)
    p2 = min(1.0, 2.0 * min(p1, 1.0 - p1)) if not math.isnan(p1) else math.nan
    return TestResult("williams", t, p1, p2, float(n - 3))


def meng_rosenthal_rubin(r1: float, r2: float, rx: float, n: int) -> TestResult:
    """Meng–Rosenthal–Rubin z test of ``r1 > r2`` where ``rx`` correlates the two predictors."""
    _check_r(r1, r2, rx)
    if n <= 3:
        raise ValueError("the MRR test needs more than 3 points")
    rbar2 = (r1**2 + r2**2) / 2.0
    f = min(1.0, (1.0 - rx) / (2.0 * (1.0 - rbar2)))
    h = (1.0 - f * rbar2) / (1.0 - rbar2)
    z = (math.atanh(r1) - math.atanh(r2)) * math.sqrt((n - 3) / (2.0 * (1.0 - rx) * h)) if rx < 1 else math.nan
    p1 = norm_sf(z)
    return TestResult("mrr", z, p1, min(1.0, 2.0 * norm_sf(abs(z))))


def fisher_z(r1: float, r2: float, n1: int, n2: int | None = None) -> TestResult:
    """Fisher's z test of ``r1 > r2`` for two independent samples of sizes ``n1`` and ``n2``."""
    _check_r(r1, r2)
    n2 = n1 if n2 is None else n2
    if n1 <= 3 or n2 <= 3:
        raise ValueError("Fisher's z test needs more than 3 points in each sample")
    z = (math.atanh(r1) - math.atanh(r2)) / math.sqrt(1.0 / (n1 - 3) + 1.0 / (n2 - 3))
    return TestResult("fisher", z, norm_sf(z), min(1.0, 2.0 * norm_sf(abs(z))))


@dataclass(frozen=True)
class BootstrapDifference:
    """Bootstrap of ``r1 - r2`` on shared resamples: observed difference, 95 % interval, p-values."""

    difference: float
    lower: float
    upper: float
    p_one_sided: float  # share of resamples with r1 - r2 <= 0
    p_two_sided: float
    resamples: int


def paired_bootstrap_difference(r1: float, r2: float, boot1: np.ndarray, boot2: np.ndarray) -> BootstrapDifference:
    """Summarise the resampled differences (``boot1``/``boot2``: the same resamples for both)."""
    diff = np.asarray(boot1) - np.asarray(boot2)
    diff = diff[np.isfinite(diff)]
    n = len(diff)
    if n == 0:
        return BootstrapDifference(r1 - r2, math.nan, math.nan, math.nan, math.nan, 0)
    ordered = np.sort(diff)
    lo = n // 40
    p1 = float((np.count_nonzero(diff <= 0) + 1) / (n + 1))
    p_other = float((np.count_nonzero(diff >= 0) + 1) / (n + 1))
    return BootstrapDifference(
        r1 - r2, float(ordered[lo]), float(ordered[n - lo - 1]), p1, min(1.0, 2.0 * min(p1, p_other)), n
    )
