"""Comparing systems: bootstrap confidence intervals, paired bootstrap, approximate randomisation.

Everything works on a metric's per-segment :class:`~mtmetrics.Statistics`, so it serves every
metric, whether it aggregates by ``sum`` (BLEU) or ``mean`` (ROUGE): a resample is a vector of
per-segment counts (bootstrap) or a per-segment swap mask (approximate randomisation), and the
resampled corpus statistics are a matrix product of those weights with the statistics. Weights are
generated in chunks of rows, so memory grows as ``chunk × segments``, never as
``resamples × segments × statistic width`` (sacrebleu's ``stats[idxs]``).

Random draws reproduce sacrebleu's exactly for the same seed: ``default_rng(seed).choice(n,
size=(N, n))`` for bootstrap, ``default_rng(seed).integers(2, size=(N, n), dtype=bool)`` for
approximate randomisation (chunks are cut where numpy's bit stream is unaffected). One draw serves
every metric and every system of a run. Where the results still differ from sacrebleu's:

* p-values count resamples whose statistic is *at least* as extreme as the observed one
  (``>=``); sacrebleu counts strictly greater ones, so a system compared with itself gets
  p = 1/(N+1) there (a "significant" difference from itself) and p = 1 here. On real, different
  systems exact ties do not occur and the p-values are equal.
* resampled statistics are summed in float64; sacrebleu sums bootstrap resamples in float32, which
  is exact for integer counts below 2^24 (BLEU, chrF) but rounds fractional statistics (TER's
  average reference length with three references).
* seed 0 is a seed; sacrebleu's paired tests treat 0 as "unseeded".

Counts of resamples are integers from 1 to :data:`~mtmetrics.stats.MAX_RESAMPLES` (a million) and
seeds non-negative integers; anything else is a :class:`~mtmetrics.ParameterError`. Memory is bounded
at any count (chunks of rows); the cap bounds the time a mistyped count would take.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..api import Scorer
from ..engine.results import score_statistics, statistics_for
from ..errors import InputError
from ..metric import Aggregation, Metric, Statistics, finish_totals
from ..params import number

#: sacrebleu's default seed (SACREBLEU_SEED), so default runs give sacrebleu's numbers.
from . import DEFAULT_AR, DEFAULT_BOOTSTRAP, DEFAULT_SEED, MAX_RESAMPLES

_CHUNK = 256  # rows per chunk; 256 * n is a multiple of 32 bits, so chunking leaves numpy's stream intact


@dataclass(frozen=True)
class Interval:
    """A bootstrap estimate: mean of the resampled scores and the 95 % percentile interval.

    ``halfwidth`` is sacrebleu's ``ci`` (half the distance between the 2.5th and 97.5th
    percentile resamples, taken as sacrebleu does: sorted index ``N // 40`` and ``N - N // 40 - 1``).
    """

    mean: float
    lower: float
    upper: float
    halfwidth: float
    n: int
    seed: int


@dataclass(frozen=True)
class Comparison:
    """A paired test of a system against the baseline."""

    test: str  # "bs" or "ar"
    score: float
    baseline_score: float
    p_value: float
    n: int
    seed: int


def resampling(n: int, seed: int, what: str = "n_samples") -> tuple[int, int]:
    """``(n, seed)`` checked: ``n`` in [1, MAX_RESAMPLES], ``seed`` a non-negative integer."""
    return number(n, what, int, (1, MAX_RESAMPLES)), number(seed, "seed", int, (0, None))


def bootstrap_weights(n_segments: int, n_samples: int, seed: int) -> Iterator[np.ndarray]:
    """Resampling counts, ``(rows, n_segments)`` float64 chunks, ``n_samples`` rows in all.

    Hand-written, not ``scipy.stats.bootstrap``: the draws must be sacrebleu's for the same seed, and
    each resample is scored through the metric's own aggregation of its statistics.
    """
    n_samples, seed = resampling(n_samples, seed)
    return _bootstrap_weights(n_segments, n_samples, seed)


def _bootstrap_weights(n_segments: int, n_samples: int, seed: int) -> Iterator[np.ndarray]:
    rng = np.random.default_rng(seed)
    done = 0
    while done < n_samples:
        rows = min(_CHUNK, n_samples - done)
        idx = rng.choice(n_segments, size=(rows, n_segments), replace=True)
        flat = idx + (np.arange(rows)[:, None] * n_segments)
        counts = np.bincount(flat.ravel(), minlength=rows * n_segments).reshape(rows, n_segments)
        yield counts.astype(np.float64)
        done += rows


def swap_masks(n_segments: int, n_trials: int, seed: int) -> Iterator[np.ndarray]:
    """Approximate-randomisation masks, ``(rows, n_segments)`` bool chunks (True: keep A's segment)."""
    n_trials, seed = resampling(n_trials, seed, "n_trials")
    return _swap_masks(n_segments, n_trials, seed)


def _swap_masks(n_segments: int, n_trials: int, seed: int) -> Iterator[np.ndarray]:
    rng = np.random.default_rng(seed)
    done = 0
    while done < n_trials:
        rows = min(_CHUNK, n_trials - done)
        yield rng.integers(2, size=(rows, n_segments), dtype=bool)
        done += rows


def _scores(metric: Metric, totals: np.ndarray, counts: np.ndarray, aggregation: Aggregation) -> np.ndarray:
    """Scores of resampled corpora from their summed statistics (one row per resample)."""
    return metric.score_rows(finish_totals(aggregation, totals, counts))


def bootstrap_scores(
    metric: Metric | Scorer, stats: Statistics, n_samples: int = DEFAULT_BOOTSTRAP, seed: int = DEFAULT_SEED
) -> np.ndarray:
    """The metric's corpus score on each of ``n_samples`` bootstrap resamples of the segments."""
    metric = Scorer.metric_of(metric)
    stats = statistics_for(metric, stats)
    out = []
    for weights in bootstrap_weights(len(stats), n_samples, seed):
        out.append(_scores(metric, weights @ stats.array, weights.sum(axis=1), stats.aggregation))
    return np.concatenate(out)


def interval(scores: np.ndarray, seed: int) -> Interval:
    """Mean and 95 % percentile interval of resampled scores (sacrebleu's ``estimate_ci``)."""
    if len(scores) == 0:
        raise InputError("a confidence interval needs at least one resampled score.")
    ordered = np.sort(scores)
    n = len(ordered)
    lo_i = n // 40
    lower, upper = float(ordered[lo_i]), float(ordered[n - lo_i - 1])
    return Interval(float(ordered.mean()), lower, upper, 0.5 * (upper - lower), n, seed)


def bootstrap_ci(
    metric: Metric | Scorer, stats: Statistics, n_samples: int = DEFAULT_BOOTSTRAP, seed: int = DEFAULT_SEED
) -> Interval:
    """Bootstrap confidence interval of a corpus score (sacrebleu's ``--confidence``)."""
    return interval(bootstrap_scores(metric, stats, n_samples, seed), seed)


def p_value(sample: np.ndarray, observed: float) -> float:
    """``(c + 1) / (N + 1)``, ``c`` = resampled statistics at least as extreme as the observed one."""
    return float((np.count_nonzero(sample >= observed) + 1) / (len(sample) + 1))


def paired_bootstrap(
    metric: Metric | Scorer,
    baseline: Statistics,
    system: Statistics,
    n_samples: int = DEFAULT_BOOTSTRAP,
    seed: int = DEFAULT_SEED,
    baseline_scores: np.ndarray | None = None,
    system_scores: np.ndarray | None = None,
) -> Comparison:
    """Paired bootstrap resampling (Koehn 2004, as sacrebleu's ``--paired-bs``).

    The statistic is the absolute score difference; the resampled differences are centred on
    their mean (the null hypothesis) and compared with the observed difference. Precomputed
    resample scores (same ``n_samples`` and ``seed``) may be passed to avoid recomputation.
    """
    metric = Scorer.metric_of(metric)
    _check_paired(metric, baseline, system)
    base_score = score_statistics(metric, baseline).score
    sys_score = score_statistics(metric, system).score
    if baseline_scores is None:
        baseline_scores = bootstrap_scores(metric, baseline, n_samples, seed)
    if system_scores is None:
        system_scores = bootstrap_scores(metric, system, n_samples, seed)
    if not len(baseline_scores) == len(system_scores) == n_samples:
        raise InputError(f"precomputed resample scores: {n_samples} each (n_samples), as bootstrap_scores gives.")
    diffs = np.abs(system_scores - baseline_scores)
    p = p_value(diffs - diffs.mean(), abs(base_score - sys_score))
    return Comparison("bs", sys_score, base_score, p, len(diffs), seed)


def ar_differences(
    metric: Metric | Scorer, baseline: Statistics, system: Statistics, n_trials: int, seed: int
) -> np.ndarray:
    """``|score(A') - score(B')|`` for each approximate-randomisation trial."""
    metric = Scorer.metric_of(metric)
    _check_paired(metric, baseline, system)
    n = len(baseline)
    counts = np.full(_CHUNK, float(n))
    # A' = keep @ A + (1 - keep) @ B = keep @ (A - B) + sum(B);  B' = sum(A) + sum(B) - A'
    delta = baseline.array - system.array
    sum_b = system.array.sum(axis=0)
    sum_ab = baseline.array.sum(axis=0) + sum_b
    out = []
    for mask in swap_masks(n, n_trials, seed):
        shuf_a = mask.astype(np.float64) @ delta + sum_b
        shuf_b = sum_ab - shuf_a
        rows = len(mask)
        scores_a = _scores(metric, shuf_a, counts[:rows], baseline.aggregation)
        scores_b = _scores(metric, shuf_b, counts[:rows], baseline.aggregation)
        out.append(np.abs(scores_a - scores_b))
    return np.concatenate(out)


def paired_ar(
    metric: Metric | Scorer,
    baseline: Statistics,
    system: Statistics,
    n_trials: int = DEFAULT_AR,
    seed: int = DEFAULT_SEED,
) -> Comparison:
    """Paired approximate randomisation (Riezler & Maxwell 2005; sacrebleu's ``--paired-ar``)."""
    metric = Scorer.metric_of(metric)
    base_score = score_statistics(metric, baseline).score
    sys_score = score_statistics(metric, system).score
    diffs = ar_differences(metric, baseline, system, n_trials, seed)
    return Comparison("ar", sys_score, base_score, p_value(diffs, abs(base_score - sys_score)), n_trials, seed)


def _check_paired(metric: Metric, a: Statistics, b: Statistics) -> None:
    statistics_for(metric, a)
    statistics_for(metric, b)
    if len(a) != len(b):
        raise InputError(f"paired tests need statistics of one metric on the same segments ({len(a)} vs {len(b)}).")


def significance_mark(p_value: float, level: float = 0.05) -> str:
    """``'*'`` when ``p_value`` is below ``level`` (sacrebleu marks significant rows the same way)."""
    return "*" if p_value < level and not math.isclose(p_value, level) else ""
