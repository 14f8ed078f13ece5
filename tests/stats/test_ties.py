"""acc-eq with tie calibration against a brute-force transcription of Deutsch et al. (2023).

Oracle: every candidate threshold (0 and every within-group |m_i - m_j|) is tried in ascending
order; for each, every pair is classified as the paper's Table 1 does (metric tie iff the
difference is at most ε) and acc_eq = (C + T_hm) / N per group, averaged over groups, in exact
fractions; the first maximum wins (mtme's ``nanargmax`` over ascending thresholds).
"""

from __future__ import annotations

import csv
import gzip
import itertools
from fractions import Fraction

import numpy as np
import pytest

from mtmetrics.stats.ties import acc_eq
from tests.datapaths import DATA, require

WMT21 = DATA / "test" / "wmt21-news" / "derived"


def brute_acc_eq(metric: list[float], human: list[float], groups: list[int] | None) -> tuple[float, float]:
    value, first, _ = brute_acc_eq_range(metric, human, groups)
    return value, first


def brute_acc_eq_range(metric: list[float], human: list[float], groups: list[int] | None) -> tuple[float, float, float]:
    """acc-eq, the smallest and the largest threshold reaching its maximum (exact fractions)."""
    keys = [0] * len(metric) if groups is None else groups
    by: dict[int, list[int]] = {}
    for pos, g in enumerate(keys):
        by.setdefault(g, []).append(pos)
    pairs = {g: list(itertools.combinations(rows, 2)) for g, rows in by.items() if len(rows) >= 2}
    if not pairs:
        return float("nan"), float("nan"), float("nan")
    candidates = sorted({0.0} | {abs(metric[i] - metric[j]) for ps in pairs.values() for i, j in ps})
    best_value, best_eps, last_eps = Fraction(-1), 0.0, 0.0
    for eps in candidates:
        accs = []
        for ps in pairs.values():
            good = 0
            for i, j in ps:
                metric_tie = abs(metric[i] - metric[j]) <= eps
                human_tie = human[i] == human[j]
                if metric_tie and human_tie:
                    good += 1
                elif not metric_tie and not human_tie:
                    good += (metric[i] - metric[j] > 0) == (human[i] - human[j] > 0)
            accs.append(Fraction(int(good), len(ps)))
        value = sum(accs, Fraction(0)) / len(accs)
        if value > best_value:
            best_value, best_eps, last_eps = value, eps, eps
        elif value == best_value:
            last_eps = eps
    return float(best_value), best_eps, last_eps


@pytest.mark.parametrize("seed", range(40))
def test_equals_brute_force_on_small_random_inputs(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 24)) if seed else 3
    # coarse values: many metric and human ties, as with BLEU and MQM
    metric = rng.integers(0, 6, n) / 4.0 + (rng.random(n) < 0.3) * rng.random(n)
    human = rng.integers(0, 4, n).astype(float)
    groups = rng.integers(0, 4, n).tolist() if seed % 2 else None
    res = acc_eq(metric, human, None if groups is None else np.array(groups))
    value, eps = brute_acc_eq(metric.tolist(), human.tolist(), groups)
    assert res.value == pytest.approx(value, abs=1e-12, nan_ok=True)
    assert res.epsilon == pytest.approx(eps, abs=0, nan_ok=True)
    assert np.isnan(res.value) or 0.0 <= res.value <= 1.0


@pytest.mark.parametrize("seed", range(30))
def test_threshold_range_of_equal_maxima_equals_brute_force(seed: int) -> None:
    """Many groups of equal size with coarse scores: equal maxima at several thresholds, compared as
    exact fractions (the smallest is reported, as mtme's nanargmax in exact arithmetic, and the largest
    as ``epsilon_last``)."""
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(6, 30))
    metric = rng.integers(0, 8, n).astype(float)
    human = rng.integers(0, 3, n).astype(float)
    groups = rng.integers(0, 5, n).tolist()
    res = acc_eq(metric, human, np.array(groups))
    value, first, last = brute_acc_eq_range(metric.tolist(), human.tolist(), groups)
    assert res.value == pytest.approx(value, abs=1e-12, nan_ok=True)
    assert (res.epsilon, res.epsilon_last) == pytest.approx((first, last), abs=0, nan_ok=True)


def test_small_blocks_give_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(7)
    metric = np.round(rng.random(300), 2)
    human = np.round(rng.random(300) * 4) / 4
    whole = acc_eq(metric, human)
    monkeypatch.setattr("mtmetrics.stats.ties.BLOCK_PAIRS", 50)
    assert acc_eq(metric, human) == whole


def test_properties() -> None:
    h = np.array([0.0, 1.0, 1.0, 2.0, 5.0])
    # a metric equal to the humans is perfect at ε = 0
    assert acc_eq(h, h).value == 1.0
    assert acc_eq(h, h).epsilon == 0.0
    # one row per group: no pair anywhere
    assert np.isnan(acc_eq(h, h, np.arange(5)).value)
    # a constant metric ties every pair: acc-eq is the share of human ties
    assert acc_eq(np.zeros(5), h).value == pytest.approx(1 / 10)


def test_real_wmt21_items_equal_brute_force() -> None:
    """Untouched WMT21 is-en DA rows (first 30 items): sentence chrF vs DA z, grouped by item."""
    import sacrebleu

    path = require(WMT21 / "newstest2021.is-en.da-seg.joined.tsv.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE) if int(r["sid"]) <= 30]
    metric = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"]]).score for r in rows]
    human = [float(r["z"]) for r in rows]
    items = [int(r["sid"]) for r in rows]
    res = acc_eq(np.array(metric), np.array(human), np.array(items))
    value, eps = brute_acc_eq(metric, human, items)
    assert res.value == pytest.approx(value, abs=1e-12)
    assert res.epsilon == eps
    pooled = acc_eq(np.array(metric[:120]), np.array(human[:120]))
    assert (pooled.value, pooled.epsilon) == pytest.approx(brute_acc_eq(metric[:120], human[:120], None), abs=1e-12)


def test_real_mqm_items_threshold_range_equals_brute_force() -> None:
    """Untouched WMT22 MQM zh-en rows (first 12 items; about half the MQM scores are 0, so the
    maximum is often reached at several thresholds): sentence chrF vs MQM, grouped by item."""
    import sacrebleu

    path = require(DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    keep = sorted({int(r["seg_id"]) for r in rows})[:12]
    rows = [r for r in rows if int(r["seg_id"]) in keep]
    metric = [sacrebleu.sentence_chrf(r["hyp"], [r["ref_A"], r["ref_B"]]).score for r in rows]
    human = [float(r["mqm"]) for r in rows]
    items = [int(r["seg_id"]) for r in rows]
    res = acc_eq(np.array(metric), np.array(human), np.array(items))
    value, first, last = brute_acc_eq_range(metric, human, items)
    assert res.value == pytest.approx(value, abs=1e-12)
    assert (res.epsilon, res.epsilon_last) == (first, last)
