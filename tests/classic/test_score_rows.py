"""BLEU's, chrF's and TER's vectorised ``score_rows`` give the per-row path's floats, bit for bit.

The per-row path is ``compute_score(row).score`` (sacrebleu's ``compute_bleu``,
``_compute_f_score`` and ``_compute_score_from_stats``); bootstrap and paired tests score every
resample through ``score_rows``. Rows are random (zeros, short segments, empty references) and
real: WMT21 statistics and bootstrap resamples of them (large sums).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import sacrebleu

import mtmetrics
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


def assert_rows(metric: Any, rows: np.ndarray) -> None:
    got = metric.score_rows(rows)
    want = [metric.compute_score(row).score for row in rows]
    assert got.dtype == np.float64 and got.shape == (len(rows),)
    diff = [k for k, (a, b) in enumerate(zip(got.tolist(), want, strict=True)) if a != b]
    assert not diff, f"{metric!r} rows {diff[:5]}: {got[diff[:2]]} vs {[want[k] for k in diff[:2]]} ({rows[diff[:2]]})"


def random_bleu_rows(rng: np.random.Generator, order: int, size: int) -> np.ndarray:
    """Consistent rows: totals shrink with n, matches at most totals; many zeros and short lengths."""
    sys_len = rng.choice([0, 1, 2, 3, 5, 9, 40, 1000, 123457], size=size)
    ref_len = np.where(rng.random(size) < 0.1, 0, rng.choice([0, 1, 2, 4, 7, 40, 1100, 100000], size=size))
    totals = np.maximum(sys_len[:, None] - np.arange(order)[None, :], 0)
    correct = (totals * rng.random((size, order)) * (rng.random((size, order)) < 0.7)).astype(np.int64)
    return np.column_stack([sys_len, ref_len, correct, totals]).astype(np.float64)


@pytest.mark.parametrize("method", ["none", "floor", "add-k", "exp"])
@pytest.mark.parametrize("effective_order", [False, True])
def test_bleu_random_rows(method: str, effective_order: bool) -> None:
    rng = np.random.default_rng(35)
    for order in (1, 2, 4, 9):
        for value in (None, 0.0, 0.5, 3.0):
            metric = mtmetrics.load_metric(
                "bleu", smooth_method=method, smooth_value=value, effective_order=effective_order, max_ngram_order=order
            )
            rows = random_bleu_rows(rng, order, 400)
            assert_rows(metric.metric, rows)
            for row in rows[:50]:  # and the per-row path is sacrebleu's
                ints = [int(x) for x in row]
                res = sacrebleu.BLEU.compute_bleu(
                    ints[2 : 2 + order], ints[2 + order :], ints[0], ints[1], method, value, effective_order, order
                )
                assert metric.metric.score_rows(row[None, :])[0] == res.score


def test_bleus_random_rows() -> None:
    rng = np.random.default_rng(36)
    for order in (1, 4, 9):
        assert_rows(mtmetrics.load_metric("bleus", max_order=order).metric, random_bleu_rows(rng, order, 400))


@pytest.mark.parametrize(
    "options",
    [{}, {"word_order": 2}, {"eps_smoothing": True}, {"beta": 0}, {"beta": 3, "char_order": 1, "word_order": 3}],
)
def test_chrf_random_rows(options: dict[str, Any]) -> None:
    metric = mtmetrics.load_metric("chrf", **options).metric
    order = len(metric.stat_names()) // 3
    rng = np.random.default_rng(37)
    stats = rng.choice([0, 0, 1, 2, 5, 30, 100000], size=(600, 3 * order))
    stats[:, 2::3] = np.minimum(stats[:, 2::3], np.minimum(stats[:, 0::3], stats[:, 1::3]))
    assert_rows(metric, stats.astype(np.float64))


def test_ter_random_rows() -> None:
    rng = np.random.default_rng(38)
    rows = rng.choice([0.0, 1.0, 2.0, 7.0, 3.5, 1e6], size=(500, 2))
    assert_rows(mtmetrics.load_metric("ter").metric, rows)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("bleu", {}),
        ("bleu", {"smooth_method": "floor", "effective_order": True}),
        ("bleu", {"smooth_method": "add-k", "smooth_value": 0.5, "tokenize": "none"}),
        ("bleu", {"smooth_method": "none", "max_ngram_order": 6}),
        ("chrf", {}),
        ("chrf", {"word_order": 2, "eps_smoothing": True}),
        ("ter", {}),
    ],
)
def test_real_statistics_and_resamples(name: str, options: dict[str, Any]) -> None:
    """Per-segment WMT21 rows (sentence scores) and bootstrap resamples of them (corpus sums)."""
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:300]
    refs = [read_text(require(TXT / "references" / f"newstest2021.de-en.ref.{k}.en"))[:300] for k in "AB"]
    scorer = mtmetrics.load_metric(name, **options)
    stats = scorer.statistics(hyps, refs).array
    assert_rows(scorer.metric, stats)
    rng = np.random.default_rng(39)
    weights = rng.multinomial(len(stats), np.full(len(stats), 1 / len(stats)), size=200).astype(np.float64)
    assert_rows(scorer.metric, weights @ stats)
