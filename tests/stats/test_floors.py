"""The agreement measures' floors against independent oracles: the measures themselves run on a
constant metric, and the expectation of a random metric by enumeration or integration."""

from __future__ import annotations

import csv
import gzip
import itertools

import numpy as np
import pytest

from mtmetrics.stats import floors
from mtmetrics.stats.accuracy import pairwise_accuracy, pairwise_p_values, permutation_signs, soft_pairwise_accuracy
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
    assert floors.constant_accuracy(human) == pytest.approx(pairwise_accuracy(np.zeros(n), human))
    # a random never-tied metric: every ordering of n distinct scores is equally likely
    every = [pairwise_accuracy(np.array(p, dtype=float), human) for p in itertools.permutations(range(n))]
    assert floors.random_accuracy(human) == pytest.approx(float(np.mean(every)), abs=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_soft_accuracy_floors(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_sys, n_items = int(rng.integers(2, 7)), 30
    human = rng.normal(size=(n_sys, n_items)) + rng.normal(size=(n_sys, 1))
    signs = permutation_signs(200, n_items, seed)
    p_h = pairwise_p_values(human, signs)
    constant = pairwise_p_values(np.full((n_sys, n_items), 0.7), signs)
    assert floors.constant_soft_accuracy(p_h) == pytest.approx(soft_pairwise_accuracy(p_h, constant)[0], abs=1e-12)
    # E over U ~ uniform(0, 1) of 1 - |p - U|, by the midpoint rule on a fine grid
    u = (np.arange(200_000) + 0.5) / 200_000
    i, j = np.triu_indices(n_sys, 1)
    expected = np.mean([1 - np.mean(np.abs(p - u)) for p in p_h[i, j]])
    assert floors.random_soft_accuracy(p_h) == pytest.approx(expected, abs=1e-8)


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
