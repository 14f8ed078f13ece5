"""The system level's compact bootstrap counts give the full float64 matrices' numbers, bit for bit.

Oracle: the computation as it was before the counts were kept compact — every system's whole
``(B, n_s)`` float64 matrix of counts, ``weights @ statistics`` and ``weights.sum(axis=1)`` — on
real data (WMT21 ru-en, source segments 1–40), with a block size that cuts every system's
resamples into several blocks and a shorter last one.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mtmetrics import load_metric
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics.metric import finish_totals
from mtmetrics.stats import bootweights
from mtmetrics.stats.bootweights import SystemWeights, sums_are_exact, weighted_sums
from mtmetrics_meta.correlate import CorrelationSettings, correlate, group_draws
from mtmetrics_meta.scores import score_table

N_BOOT = 100
#: weights per block: 300 // n_s resamples of a system (about 40 rows): 7 or 8, so 13–15 blocks and a tail
SMALL_BLOCK = 300
METRICS = ("chrf", "bleu", "ter", "rouge-l")  # rouge-l: float statistics (means of F)


@pytest.fixture(scope="module")
def scored(wmt21_small: Path) -> tuple:
    table = read_table(wmt21_small)
    cols = detect_columns(table)
    return table, cols, score_table(table, cols, [(m, load_metric(m)) for m in METRICS])


def _full_matrices(table, cols, resampling: str) -> tuple:  # type: ignore[no-untyped-def]
    """The draws and, per system, the float64 matrix of counts as the code built it before."""
    rows = np.arange(len(table))
    systems, items = np.array(table.columns[cols.system]), np.array(table.columns[cols.segment])
    draws = group_draws(rows, systems, items, N_BOOT, 9, 0, system_resampling=resampling)
    if resampling == "joint":
        m = int(draws.item_ids.max()) + 1
        counts = np.stack([np.bincount(r, minlength=m) for r in draws.item_idx]).astype(np.float64)
        full = [counts[:, draws.item_ids[pos]] for pos in draws.system_rows]
    else:  # the draws after the segment and item levels', one system after the other
        rng = np.random.default_rng([9, 0])
        rng.integers(0, len(rows), size=(N_BOOT, len(rows)))
        rng.integers(0, m := len(set(items.tolist())), size=(N_BOOT, m))
        full = []
        for pos in draws.system_rows:
            drawn = rng.integers(0, len(pos), size=(N_BOOT, len(pos)))
            full.append(np.stack([np.bincount(r, minlength=len(pos)) for r in drawn]).astype(np.float64))
    return draws, full


@pytest.mark.parametrize("resampling", ["joint", "independent"])
def test_blocked_system_scores_equal_the_full_matrices(
    scored: tuple, resampling: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, cols, scores = scored
    monkeypatch.setattr(bootweights, "BLOCK_ELEMENTS", SMALL_BLOCK)
    draws, full = _full_matrices(table, cols, resampling)
    blocks: list[tuple[int, int | None]] = []
    block = SystemWeights.block

    def recorded(self: SystemWeights, start: int = 0, stop: int | None = None) -> np.ndarray:
        blocks.append((start, stop))
        return block(self, start, stop)

    monkeypatch.setattr(SystemWeights, "block", recorded)
    human = table.numbers("z")
    for w, w_full, pos in zip(draws.system_weights, full, draws.system_rows, strict=True):
        assert w.counts.dtype == np.uint8 and np.array_equal(w.block(), w_full)
        step = SMALL_BLOCK // len(pos)
        assert N_BOOT // step >= 2 and N_BOOT % step  # several blocks and a shorter last one
        for ms in scores:
            x = ms.stats.array[pos]
            blocks.clear()
            got = ms.resampled_system_scores(draws.rows[pos], w)
            # exact integer sums (chrF's, BLEU's statistics) go block by block; float ones whole
            assert len(blocks) == (-(-N_BOOT // step) if sums_are_exact(x, len(pos), w.largest()) else 1)
            totals = finish_totals(ms.stats.aggregation, w_full @ x, w_full.sum(axis=1))
            with np.errstate(invalid="ignore", divide="ignore"):
                want = ms.metric.score_rows(totals)
            want = -want if ms.flipped else want
            assert got.tobytes() == want.tobytes(), (ms.spec, resampling)
        with np.errstate(invalid="ignore", divide="ignore"):
            assert (
                np.divide(*weighted_sums(w, human[pos])).tobytes()
                == (w_full @ human[pos] / w_full.sum(axis=1)).tobytes()
            )
    exact = {ms.spec for ms in scores if sums_are_exact(ms.stats.array[draws.system_rows[0]], 50, 5)}
    assert {"chrf", "bleu"} <= exact and "rouge-l" not in exact  # both roads are taken above


def test_correlations_do_not_depend_on_the_block_size(scored: tuple, monkeypatch: pytest.MonkeyPatch) -> None:
    table, cols, scores = scored
    settings = CorrelationSettings(
        humans=("z",), levels=("system",), kinds=("pearson", "kendall", "accuracy"), n_boot=N_BOOT, keep_samples=True
    )
    whole = correlate(table, cols, scores, settings)
    monkeypatch.setattr(bootweights, "BLOCK_ELEMENTS", SMALL_BLOCK)
    blocked = correlate(table, cols, scores, settings)
    assert whole.estimates == blocked.estimates
    assert whole.samples.keys() == blocked.samples.keys()
    for key, boot in whole.samples.items():
        assert boot.tobytes() == blocked.samples[key].tobytes(), key


def test_exact_sums_are_recognised() -> None:
    ints = np.array([[3.0, 0.0], [7.0, 12.0]])
    assert sums_are_exact(ints, 2, 4) and sums_are_exact(ints.astype(np.int64), 2, 4)
    assert not sums_are_exact(ints + 0.5, 2, 4)
    assert not sums_are_exact(np.array([1.0, -0.0]), 2, 4)  # the sign of a zero sum depends on the order
    assert not sums_are_exact(np.array([1.0, np.nan]), 2, 4)
    assert not sums_are_exact(np.array([2.0**40]), 2**7, 2**6)  # partial sums could reach 2^53
    assert sums_are_exact(np.array([2.0**40]), 2**6, 2**6)
    assert sums_are_exact(np.zeros((0, 3)), 0, 0)


def test_counts_are_compact() -> None:
    counts = SystemWeights(np.array([[0, 2, 1], [3, 0, 0]], dtype=np.uint8), np.array([2, 2, 0]))
    assert counts.n_boot == 2 and counts.n_rows == 3 and counts.largest() == 3
    assert np.array_equal(counts.block(), [[1.0, 1.0, 0.0], [0.0, 0.0, 3.0]])
    assert counts.block(1).dtype == np.float64 and counts.block(1).flags.c_contiguous
    assert bootweights.compact(np.array([0, 300])).dtype == np.uint16
    assert bootweights.compact(np.array([0, 70_000])).dtype == np.uint32
