"""Bootstrap intervals and paired tests on a metric's statistics: resampling weights times the
statistics, scored by :meth:`~mtmetrics.Metric.score_rows`. :func:`compare_systems` serves the CLI."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InputError
from ..metric import Metric, Statistics, finish_totals
from ..signature import Field
from ..stats import DEFAULT_AR, DEFAULT_BOOTSTRAP, DEFAULT_SEED
from ..stats.significance import CHUNK, Comparison, Interval, bootstrap_weights, interval, p_value, swap_masks
from . import pool
from .gate import bare_metric
from .results import score_statistics, statistics_for


def _scores(metric: Metric, totals: np.ndarray, counts: np.ndarray, stats: Statistics) -> np.ndarray:
    """Scores of resampled corpora from their summed statistics (one row per resample)."""
    return metric.score_rows(finish_totals(stats.aggregation, totals, counts))


def bootstrap_scores(
    metric: Any, stats: Statistics, n_samples: int = DEFAULT_BOOTSTRAP, seed: int = DEFAULT_SEED
) -> np.ndarray:
    """The metric's corpus score on each of ``n_samples`` bootstrap resamples of the segments."""
    metric = bare_metric(metric)
    stats = statistics_for(metric, stats)
    weights = bootstrap_weights(len(stats), n_samples, seed)
    return np.concatenate([_scores(metric, w @ stats.array, w.sum(axis=1), stats) for w in weights])


def bootstrap_ci(
    metric: Any, stats: Statistics, n_samples: int = DEFAULT_BOOTSTRAP, seed: int = DEFAULT_SEED
) -> Interval:
    """Bootstrap confidence interval of a corpus score (sacrebleu's ``--confidence``)."""
    return interval(bootstrap_scores(metric, stats, n_samples, seed), seed)


def _paired(metric: Any, a: Statistics, b: Statistics) -> tuple[Metric, float, float]:
    """The bare metric and both corpus scores, after checking that ``a`` and ``b`` pair up."""
    metric = bare_metric(metric)
    statistics_for(metric, a)
    statistics_for(metric, b)
    if len(a) != len(b):
        raise InputError(f"paired tests need statistics of one metric on the same segments ({len(a)} vs {len(b)}).")
    return metric, score_statistics(metric, a).score, score_statistics(metric, b).score


def paired_bootstrap(
    metric: Any,
    baseline: Statistics,
    system: Statistics,
    n_samples: int = DEFAULT_BOOTSTRAP,
    seed: int = DEFAULT_SEED,
    baseline_scores: np.ndarray | None = None,
    system_scores: np.ndarray | None = None,
) -> Comparison:
    """Paired bootstrap resampling (Koehn 2004, sacrebleu's ``--paired-bs``); resample scores computed
    with the same ``n_samples`` and ``seed`` may be passed."""
    metric, base_score, sys_score = _paired(metric, baseline, system)
    if baseline_scores is None:
        baseline_scores = bootstrap_scores(metric, baseline, n_samples, seed)
    if system_scores is None:
        system_scores = bootstrap_scores(metric, system, n_samples, seed)
    if not len(baseline_scores) == len(system_scores) == n_samples:
        raise InputError(f"precomputed resample scores: {n_samples} each (n_samples), as bootstrap_scores gives.")
    diffs = np.abs(system_scores - baseline_scores)
    p = p_value(diffs - diffs.mean(), abs(base_score - sys_score))
    return Comparison("bs", sys_score, base_score, p, len(diffs), seed)


def ar_differences(metric: Any, baseline: Statistics, system: Statistics, n_trials: int, seed: int) -> np.ndarray:
    """``|score(A') - score(B')|`` for each approximate-randomisation trial."""
    metric = _paired(metric, baseline, system)[0]
    counts = np.full(CHUNK, float(len(baseline)))
    # A' = keep @ A + (1 - keep) @ B = keep @ (A - B) + sum(B);  B' = sum(A) + sum(B) - A'
    delta = baseline.array - system.array
    sum_b = system.array.sum(axis=0)
    sum_ab = baseline.array.sum(axis=0) + sum_b
    out = []
    for mask in swap_masks(len(baseline), n_trials, seed):
        shuf_a = mask.astype(np.float64) @ delta + sum_b
        n = counts[: len(mask)]
        out.append(np.abs(_scores(metric, shuf_a, n, baseline) - _scores(metric, sum_ab - shuf_a, n, baseline)))
    return np.concatenate(out)


def paired_ar(
    metric: Any, baseline: Statistics, system: Statistics, n_trials: int = DEFAULT_AR, seed: int = DEFAULT_SEED
) -> Comparison:
    """Paired approximate randomisation (Riezler & Maxwell 2005; sacrebleu's ``--paired-ar``)."""
    metric, base_score, sys_score = _paired(metric, baseline, system)
    diffs = ar_differences(metric, baseline, system, n_trials, seed)
    return Comparison("ar", sys_score, base_score, p_value(diffs, abs(base_score - sys_score)), n_trials, seed)


@dataclass(frozen=True)
class Settings:
    """What to compute: ``confidence_n`` bootstrap resamples (0: none), a paired test, a seed."""

    confidence_n: int = 0
    paired: str | None = None  # "bs" or "ar"
    paired_n: int = 0
    seed: int = DEFAULT_SEED
    jobs: int = 1

    def signature_fields(self) -> tuple[Field, ...]:
        """The resampling settings as signature fields (as sacrebleu adds ``bs``/``ar``/``seed``)."""
        fields = []
        if self.paired == "bs" or self.confidence_n:
            fields.append(Field("bs", str(self.paired_n if self.paired == "bs" else self.confidence_n), "bs"))
        if self.paired == "ar":
            fields.append(Field("ar", str(self.paired_n), "ar"))
        if fields:
            fields.append(Field("seed", str(self.seed), "rs"))
        return tuple(fields)


@dataclass(frozen=True)
class SystemTest:
    """Interval and paired comparison of one system under one metric (either may be absent)."""

    interval: Interval | None
    comparison: Comparison | None


def _call(_: None, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    return fn(*args)


def compare_systems(
    metrics: Sequence[Any], stats: Sequence[Sequence[Statistics]], settings: Settings
) -> list[list[SystemTest]]:
    """Tests for ``stats[m][s]`` (metric ``m``, system ``s``; system 0 is the baseline), independent of ``jobs``."""
    bare = [bare_metric(m) for m in metrics]
    n_bs = settings.paired_n if settings.paired == "bs" else settings.confidence_n
    tasks: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    keys: list[tuple[str, int, int]] = []
    for m, metric in enumerate(bare):
        for s, st in enumerate(stats[m]):
            if n_bs:
                tasks.append((bootstrap_scores, (metric, st, n_bs, settings.seed)))
                keys.append(("bs", m, s))
            if settings.paired == "ar" and s > 0:
                tasks.append((ar_differences, (metric, stats[m][0], st, settings.paired_n, settings.seed)))
                keys.append(("ar", m, s))
    done = dict(zip(keys, pool.map(_call, tasks, settings.jobs, bare), strict=True))
    out: list[list[SystemTest]] = []
    for m, metric in enumerate(bare):
        row = []
        for s, st in enumerate(stats[m]):
            scores: np.ndarray | None = done.get(("bs", m, s))
            comp = None
            if s > 0 and settings.paired == "bs":
                comp = paired_bootstrap(metric, stats[m][0], st, n_bs, settings.seed, done["bs", m, 0], scores)
            elif s > 0 and settings.paired == "ar":
                base, sys_ = score_statistics(metric, stats[m][0]).score, score_statistics(metric, st).score
                p = p_value(done["ar", m, s], abs(base - sys_))
                comp = Comparison("ar", sys_, base, p, settings.paired_n, settings.seed)
            row.append(SystemTest(None if scores is None else interval(scores, settings.seed), comp))
        out.append(row)
    return out
