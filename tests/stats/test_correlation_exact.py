"""Kendall's tau-b from scipy's discordant-pair count, and resamples without sorting, bit for bit.

Oracles: Kendall's ``C - D`` counted over every pair with exact integers (``O(n²)`` sign products),
the coefficient then formed as ``(C - D) / sqrt((n0 - n1)(n0 - n2))``; the resampled coefficients
against the same functions on the resampled vectors (``x[idx]``), compared with ``==``. Data: WMT21
ru-en DA, whose raw scores (integers 0–100) and chrF-like rounded scores tie heavily.
"""

from __future__ import annotations

import csv
import gzip
import math
import sys

import numpy as np
import pytest

from mtmetrics.errors import ResourceError
from mtmetrics.stats.correlation import FUNCTIONS, ROW_FUNCTIONS, Resampled, kendall_tau_b
from mtmetrics_meta.correlate import BLOCK_ELEMENTS, group_draws
from tests.datapaths import DATA, require

RU_EN = DATA / "test" / "wmt21-news" / "derived" / "newstest2021.ru-en.da-seg.joined.tsv.gz"


def _columns() -> dict[str, np.ndarray]:
    with gzip.open(require(RU_EN), "rt", encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    raw = np.array([float(r["raw"]) for r in rows])
    z = np.array([float(r["z"]) for r in rows])
    length = np.array([float(len(r["hyp"].split())) for r in rows])  # a metric-like score with many ties
    return {"raw": raw, "z": z, "length": length}


def _brute_tau_b(x: np.ndarray, y: np.ndarray) -> float:
    """tau-b with ``C - D`` and the tie counts summed as integers over all pairs."""
    n = len(x)
    iu, ju = np.triu_indices(n, 1)
    sx = np.sign(x[ju] - x[iu]).astype(np.int64)
    sy = np.sign(y[ju] - y[iu]).astype(np.int64)
    cmd = int(np.sum(sx * sy))
    tot = n * (n - 1) // 2
    n1 = tot - int(np.count_nonzero(sx))  # pairs tied in x
    n2 = tot - int(np.count_nonzero(sy))
    return float(min(1.0, max(-1.0, float(cmd) / math.sqrt(float(tot - n1) * float(tot - n2)))))


@pytest.mark.parametrize(("a", "b"), [("length", "raw"), ("raw", "z"), ("length", "z")])
def test_kendall_equals_exact_counts_on_tied_wmt_data(a: str, b: str) -> None:
    cols = _columns()
    rng = np.random.default_rng(3)
    for _ in range(3):
        pick = rng.choice(len(cols[a]), size=1500, replace=False)
        x, y = cols[a][pick], cols[b][pick]
        assert len(np.unique(x)) < len(x)  # the data ties
        assert kendall_tau_b(x, y) == _brute_tau_b(x, y)


@pytest.mark.parametrize("kind", ["pearson", "spearman", "kendall"])
def test_resampled_equals_rows_of_resampled_vectors(kind: str) -> None:
    cols = _columns()
    x, y = cols["length"], cols["raw"]
    idx = np.random.default_rng(5).integers(0, len(x), size=(6, len(x)))
    assert np.array_equal(Resampled(x, y).rows(kind, idx), ROW_FUNCTIONS[kind](x[idx], y[idx]))


@pytest.mark.parametrize("n", [2, 3, 5, 40, 64, 65, 200])
def test_resampled_small_and_constant_rows(n: int) -> None:
    rng = np.random.default_rng(n)
    x = rng.integers(0, 3, n).astype(float)
    y = rng.integers(0, 2, n).astype(float)
    idx = rng.integers(0, n, size=(25, n))  # some resamples are constant in x or y
    r = Resampled(x, y)
    for kind in FUNCTIONS:
        assert np.array_equal(r.rows(kind, idx), ROW_FUNCTIONS[kind](x[idx], y[idx]), equal_nan=True), kind


def test_segment_draws_in_blocks_are_one_draw() -> None:
    n, n_boot = 9_000, 130  # blocks of BLOCK_ELEMENTS // n resamples, the last one shorter
    rows = np.arange(n)
    systems = np.array([f"s{i % 7}" for i in range(n)])
    items = np.array([str(i // 7) for i in range(n)])
    draws = group_draws(rows, systems, items, n_boot, seed=11, group_index=2)
    blocks = list(draws.segment_blocks())
    assert len(blocks) > 1 and all(b.size <= max(BLOCK_ELEMENTS, n) for b in blocks)
    rng = np.random.default_rng([11, 2])
    assert np.array_equal(np.concatenate(blocks), rng.integers(0, n, size=(n_boot, n)))
    assert np.array_equal(draws.item_idx, rng.integers(0, n // 7 + 1, size=(n_boot, n // 7 + 1)))
    assert np.array_equal(np.concatenate(list(draws.segment_blocks())), np.concatenate(blocks))  # again, the same


def test_kendall_without_scipy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    with pytest.raises(ResourceError, match=r"pip install 'mtmetrics\[meta\]'"):
        kendall_tau_b(np.arange(100.0), np.arange(100.0) % 7)  # longer than the all-pairs path takes
