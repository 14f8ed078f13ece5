"""The agreement measures' floors against independent oracles: the measures themselves run on a
constant metric (SPA: averaged over every order of the systems), and the expectation of a random
metric by enumeration or integration; and no floor moves when the systems are listed otherwise."""

from __future__ import annotations

import csv
import gzip
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtmetrics.stats import floors
from mtmetrics.stats.accuracy import accuracy_rows, pairwise_p_values, permutation_signs, soft_pairwise_accuracy
from mtmetrics.stats.ties import acc_eq
from tests.datapaths import DATA, require
from tests.stats.test_ties import brute_acc_eq

MQM_ZHEN = DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz"


@pytest.mark.parametrize("seed", range(20))
def test_constant_acc_eq_is_the_measure_on_a_constant_metric(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 25))
    human = rng.integers(0, 4, n).astype(float)
    groups = rng.integers(0, 5, n) if seed % 2 else None
    zeros = np.zeros(n)
    value, _ = brute_acc_eq(zeros.tolist(), human.tolist(), None if groups is None else groups.tolist())
    assert floors.constant_acc_eq(human, groups) == pytest.approx(value, abs=1e-12, nan_ok=True)
    assert floors.constant_acc_eq(human, groups) == pytest.approx(acc_eq(zeros, human, groups).value, nan_ok=True)


@pytest.mark.parametrize("seed", range(10))
def test_accuracy_floors_against_the_measure_and_every_ordering(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    human = rng.integers(0, 3, n).astype(float)
    assert floors.constant_accuracy(human) == pytest.approx(accuracy_rows(np.zeros(n), human)[0])
    # a random never-tied metric: every ordering of n distinct scores is equally likely
    every = [accuracy_rows(np.array(p, dtype=float), human)[0] for p in itertools.permutations(range(n))]
    assert floors.random_accuracy(human) == pytest.approx(float(np.mean(every)), abs=1e-12)


def _soft_floors_over_every_order(human: np.ndarray, signs: np.ndarray) -> tuple[float, float]:
    """Oracle: SPA of a constant metric, and 1 - E|p_h - U| of uniform p-values (midpoint rule),
    each averaged over every order of the systems, in mt-metrics-eval's upper-triangle form."""
    n_sys, n_items = human.shape
    constant = pairwise_p_values(np.full((n_sys, n_items), 0.7), signs)
    u = (np.arange(20_000) + 0.5) / 20_000
    const, rand = [], []
    for order in itertools.permutations(range(n_sys)):
        p_h = pairwise_p_values(human[list(order)], signs)
        const.append(soft_pairwise_accuracy(p_h, constant)[0])
        i, j = np.triu_indices(n_sys, 1)
        rand.append(np.mean([1 - np.mean(np.abs(p - u)) for p in p_h[i, j]]))
    return float(np.mean(const)), float(np.mean(rand))


@pytest.mark.parametrize("seed", range(8))
def test_soft_accuracy_floors_are_expectations_over_the_order_of_systems(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_sys, n_items = int(rng.integers(2, 6)), 12
    human = np.round(rng.normal(size=(n_sys, n_items)) + rng.normal(size=(n_sys, 1)), 1)
    signs = permutation_signs(200, n_items, seed)
    p_h = pairwise_p_values(human, signs, both=True)
    const, rand = _soft_floors_over_every_order(human, signs)
    assert floors.constant_soft_accuracy(p_h) == pytest.approx(const, abs=1e-12)
    assert floors.random_soft_accuracy(p_h) == pytest.approx(rand, abs=1e-8)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 7).flatmap(
        lambda n: st.tuples(
            st.permutations(range(n)),
            st.lists(st.lists(st.integers(-3, 3), min_size=9, max_size=9), min_size=n, max_size=n),
            st.integers(0, 2**16),
        )
    )
)
def test_no_floor_moves_when_the_systems_are_listed_otherwise(case: tuple[list[int], list[list[int]], int]) -> None:
    order, rows, seed = case
    human = np.array(rows, dtype=float)
    human[0, 0] = np.nan  # a missing judgement
    signs = permutation_signs(100, human.shape[1], seed)
    system_means = np.nanmean(human, axis=1)
    for soft in (floors.constant_soft_accuracy, floors.random_soft_accuracy):
        assert soft(pairwise_p_values(human[order], signs, both=True)) == soft(
            pairwise_p_values(human, signs, both=True)
        )
    for acc in (floors.constant_accuracy, floors.random_accuracy):
        assert acc(system_means[order]) == acc(system_means)


def test_mqm_zh_en_floor_is_the_share_of_human_ties() -> None:
    """Real data: WMT22 MQM zh-en, all judged rows; the floor is acc-eq of a constant metric."""
    path = require(MQM_ZHEN)
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    human = np.array([float(r["mqm"]) for r in rows])
    items = np.array([int(r["seg_id"]) for r in rows])
    zeros = np.zeros(len(human))
    assert floors.constant_acc_eq(human, items) == pytest.approx(acc_eq(zeros, human, items).value, abs=1e-12)
    first = items <= np.sort(np.unique(items))[60]  # pooled over all rows: brute force on a slice
    assert floors.constant_acc_eq(human[first]) == pytest.approx(
        brute_acc_eq(zeros[first].tolist(), human[first].tolist(), None)[0], abs=1e-12
    )
