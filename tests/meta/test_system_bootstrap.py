"""System-level bootstrap intervals resample the shared source segments jointly (as WMT and mtme).

Oracle: a literal loop over the resamples. Each resample draws item (source segment) ids with
replacement; every system keeps its rows of the drawn items, as often as drawn; its corpus chrF is
sacrebleu's ``corpus_chrf`` of those rows and its human score the mean of their z; the correlation
is scipy's. The draws follow the order :func:`~mtmetrics_meta.correlate.group_draws` documents.
"""

from __future__ import annotations

import csv
import gzip
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import scipy.stats

from mtmetrics import load_metric
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.scores import score_table


def _rows(path: Path) -> list[dict[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def _percentile(boot: list[float]) -> tuple[float, float]:
    ordered = np.sort([b for b in boot if np.isfinite(b)])
    k = len(ordered) // 40
    return float(ordered[k]), float(ordered[len(ordered) - k - 1])


@pytest.fixture(scope="module")
def scored(wmt21_small: Path) -> tuple:
    table = read_table(wmt21_small)
    cols = detect_columns(table)
    return table, cols, score_table(table, cols, [("chrf", load_metric("chrf"))])


def test_joint_system_interval_equals_brute_force(wmt21_small: Path, scored: tuple) -> None:
    table, cols, scores = scored
    n_boot, seed = 60, 3
    settings = CorrelationSettings(humans=("z",), levels=("system",), kinds=("pearson",), n_boot=n_boot, seed=seed)
    res = correlate(table, cols, scores, settings)
    rows = _rows(wmt21_small)
    rng = np.random.default_rng([seed, 0])
    rng.integers(0, len(rows), size=(n_boot, len(rows)))  # the segment level's draws come first
    items = sorted({r["sid"] for r in rows})
    drawn = rng.integers(0, len(items), size=(n_boot, len(items)))
    systems = list(dict.fromkeys(r["da_system"] for r in rows))
    cell: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)  # a system's rows of an item, in file order
    for r in rows:
        cell[r["da_system"], r["sid"]].append(r)
    boot = []
    for b in range(n_boot):
        m_sys, h_sys = [], []
        for system in systems:
            picked = [r for k in drawn[b] for r in cell[system, items[k]]]
            hyps = [r["hyp"] for r in picked]
            refs = [[r["ref_A"] for r in picked], [r["ref_B"] for r in picked]]
            m_sys.append(sacrebleu.corpus_chrf(hyps, refs).score)
            h_sys.append(np.mean([float(r["z"]) for r in picked]))
        boot.append(scipy.stats.pearsonr(m_sys, h_sys).statistic)
    lower, upper = _percentile(boot)
    est = res.estimates[0]
    assert est.resamples == n_boot
    assert (est.lower, est.upper) == (pytest.approx(lower, abs=1e-9), pytest.approx(upper, abs=1e-9))


def test_independent_resampling_kept_as_option(wmt21_small: Path, scored: tuple) -> None:
    """``system_resampling="independent"`` resamples each system's rows alone."""
    table, cols, scores = scored
    n_boot, seed = 40, 5
    settings = CorrelationSettings(
        humans=("z",), levels=("system",), kinds=("pearson",), n_boot=n_boot, seed=seed, system_resampling="independent"
    )
    res = correlate(table, cols, scores, settings)
    rows = _rows(wmt21_small)
    rng = np.random.default_rng([seed, 0])
    rng.integers(0, len(rows), size=(n_boot, len(rows)))
    n_items = len({r["sid"] for r in rows})
    rng.integers(0, n_items, size=(n_boot, n_items))
    systems = list(dict.fromkeys(r["da_system"] for r in rows))
    own = {s: [r for r in rows if r["da_system"] == s] for s in systems}
    draws = {s: rng.integers(0, len(own[s]), size=(n_boot, len(own[s]))) for s in systems}
    boot = []
    for b in range(n_boot):
        m_sys, h_sys = [], []
        for s in systems:
            picked = [own[s][k] for k in draws[s][b]]
            refs = [[r["ref_A"] for r in picked], [r["ref_B"] for r in picked]]
            m_sys.append(sacrebleu.corpus_chrf([r["hyp"] for r in picked], refs).score)
            h_sys.append(np.mean([float(r["z"]) for r in picked]))
        boot.append(scipy.stats.pearsonr(m_sys, h_sys).statistic)
    lower, upper = _percentile(boot)
    est = res.estimates[0]
    assert (est.lower, est.upper) == (pytest.approx(lower, abs=1e-9), pytest.approx(upper, abs=1e-9))
    with pytest.raises(ValueError):
        CorrelationSettings(humans=("z",), levels=("system",), n_boot=5, system_resampling="items")
