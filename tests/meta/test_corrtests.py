"""Williams, Meng-Rosenthal-Rubin and Fisher's z against hand-worked examples of their formulas.

The worked numbers below are the formulas of the papers evaluated step by step (by hand/calculator),
not by the code under test; p-values are checked against scipy's t and normal distributions.
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
import scipy.stats

from mtmetrics.errors import ResourceError
from mtmetrics.stats.corrtests import (
    fisher_z,
    meng_rosenthal_rubin,
    norm_sf,
    paired_bootstrap_difference,
    t_sf,
    williams,
)


def test_williams_hand_worked() -> None:
    # r12 = .6 (human, A), r13 = .4 (human, B), r23 = .5 (A, B), n = 30
    # K = 1 - .36 - .16 - .25 + 2(.6)(.4)(.5) = 0.47
    # denominator = 2K (n-1)/(n-3) + ((r12+r13)^2/4)(1-r23)^3 = 0.94 * 29/27 + 0.25 * 0.125 = 1.04087963
    # t = (.2) sqrt(29 * 1.5) / sqrt(1.04087963) = 1.31909059 / 1.02023509 = 1.29292809, df = 27
    res = williams(0.6, 0.4, 0.5, 30)
    assert res.statistic == pytest.approx(1.29292809, abs=1e-8)
    assert res.df == 27
    assert res.p_one_sided == pytest.approx(scipy.stats.t.sf(1.29292809, 27), abs=1e-8)
    assert res.p_two_sided == pytest.approx(2 * scipy.stats.t.sf(1.29292809, 27), abs=1e-8)
    # symmetric: swapping A and B negates t
    assert williams(0.4, 0.6, 0.5, 30).statistic == pytest.approx(-res.statistic)


def test_mrr_hand_worked() -> None:
    # r1 = .6, r2 = .4, rx = .5, n = 30
    # rbar^2 = (.36 + .16)/2 = .26;  f = (1 - .5) / (2 (1 - .26)) = .5/1.48 = 0.33783784
    # h = (1 - f rbar^2) / (1 - rbar^2) = (1 - 0.08783784)/0.74 = 1.23265157
    # z = (atanh .6 - atanh .4) sqrt((n-3) / (2 (1-rx) h)) = 0.26949829 * sqrt(27/1.23265157) = 1.26129788
    res = meng_rosenthal_rubin(0.6, 0.4, 0.5, 30)
    assert res.statistic == pytest.approx(1.26129788, abs=1e-8)
    assert res.p_one_sided == pytest.approx(scipy.stats.norm.sf(1.26129788), abs=1e-8)


def test_mrr_caps_f_at_one() -> None:
    # rx = -0.9: (1 - rx)/(2(1 - rbar^2)) = 1.9/1.48 > 1, so f = 1 and h = 1
    z = (math.atanh(0.6) - math.atanh(0.4)) * math.sqrt(27 / (2 * 1.9 * 1.0))
    assert meng_rosenthal_rubin(0.6, 0.4, -0.9, 30).statistic == pytest.approx(z, abs=1e-12)


def test_fisher_hand_worked() -> None:
    # z = (atanh .6 - atanh .4) / sqrt(1/27 + 1/27) = 0.26949829 / 0.27216553 = 0.99019980
    res = fisher_z(0.6, 0.4, 30)
    assert res.statistic == pytest.approx(0.9901998, abs=1e-7)
    assert fisher_z(0.6, 0.4, 30, 50).statistic == pytest.approx(0.26949829 / math.sqrt(1 / 27 + 1 / 47), abs=1e-6)


@pytest.mark.parametrize("df", [1, 2, 5, 27, 557, 10000])
def test_t_and_normal_tails_against_scipy(df: int) -> None:
    for t in (-4.0, -1.3, 0.0, 0.5, 1.29, 3.0, 8.0):
        assert t_sf(t, df) == pytest.approx(scipy.stats.t.sf(t, df), rel=1e-9, abs=1e-14)
        assert norm_sf(t) == pytest.approx(scipy.stats.norm.sf(t), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("t", [-3.0, -0.4, 0.0, 0.25, 1.0, 2.5, 40.0])
def test_t_tail_closed_forms(t: float) -> None:
    # df = 1 is Cauchy's: P(T > t) = 1/2 - atan(t)/pi; df = 2: P(T > t) = (1 - t/sqrt(t^2 + 2))/2
    assert t_sf(t, 1) == pytest.approx(0.5 - math.atan(t) / math.pi, rel=1e-13, abs=1e-16)
    assert t_sf(t, 2) == pytest.approx(0.5 * (1.0 - t / math.sqrt(t * t + 2.0)), rel=1e-12, abs=1e-16)


@pytest.mark.parametrize("t", [0.01, 1.0, 3.0, 5.0])
def test_t_tail_at_large_df_against_its_expansion(t: float) -> None:
    # P(T > t) = Q(t) + phi(t) (t^3 + t) / (4 df) + O(1/df^2) (Abramowitz & Stegun 26.7.5), Q and phi
    # the normal tail and density; at df = 1e9 the remainder is ~1e-18. The continued fraction this
    # replaced lost six digits there (0.1586555 for 0.1586553 at t = 1).
    df = 1e9
    phi = math.exp(-t * t / 2.0) / math.sqrt(2.0 * math.pi)
    expected = 0.5 * math.erfc(t / math.sqrt(2.0)) + phi * (t**3 + t) / (4.0 * df)
    assert t_sf(t, df) == pytest.approx(expected, rel=1e-10)


def test_t_tail_edges() -> None:
    assert math.isnan(t_sf(math.nan, 5)) and t_sf(math.inf, 5) == 0.0 and t_sf(-math.inf, 5) == 1.0
    assert math.isnan(williams(0.5, 0.5, 1.0, 10).p_one_sided)  # a zero denominator: t is undefined


def test_missing_scipy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.special", None)
    with pytest.raises(ResourceError, match=r"pip install 'mtmetrics\[meta\]'"):
        williams(0.6, 0.4, 0.5, 30)
    # the normal tail is the C library's: MRR and Fisher's z need no scipy
    assert fisher_z(0.6, 0.4, 30).p_one_sided == pytest.approx(0.5 * math.erfc(0.9901998 / math.sqrt(2)), rel=1e-6)


def test_invalid_inputs() -> None:
    with pytest.raises(ValueError):
        williams(1.2, 0.1, 0.1, 10)
    with pytest.raises(ValueError):
        fisher_z(0.2, 0.1, 3)


def test_paired_bootstrap_difference() -> None:
    b1 = np.array([0.5, 0.6, 0.7, 0.4])
    b2 = np.array([0.4, 0.65, 0.5, 0.4])
    res = paired_bootstrap_difference(0.6, 0.5, b1, b2)
    # differences .1, -.05, .2, 0: two are <= 0 -> p = (2 + 1)/(4 + 1)
    assert res.p_one_sided == pytest.approx(3 / 5)
    assert res.difference == pytest.approx(0.1)
    assert res.resamples == 4
