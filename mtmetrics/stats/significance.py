"""Resampling for significance tests: sacrebleu's draws, intervals and p-values (numbers only).

The metric-taking tests built on these are :mod:`mtmetrics.engine.significance`. Random draws
reproduce sacrebleu's exactly for the same seed: ``default_rng(seed).choice(n, size=(N, n))`` for
bootstrap, ``default_rng(seed).integers(2, size=(N, n), dtype=bool)`` for approximate
randomisation, generated in chunks of rows (cut where numpy's bit stream is unaffected) of at most about two million
cells, so memory is bounded at any number of segments and resamples. Where the results still differ
from sacrebleu's:

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..params import number
from . import DEFAULT_SEED, MAX_RESAMPLES

CHUNK = 256  # most rows per chunk
CHUNK_CELLS = 2_000_000  # most resample cells per chunk once segments are many (about 16 MB of int64 indices)
GROUP_CELLS = 1 << 27  # most cells of group_resamples, which holds every draw (1 GB of int64 indices)


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


def _chunked(
    n_segments: int, n: int, seed: int, what: str, draw: Callable[[np.random.Generator, int], np.ndarray]
) -> Iterator[np.ndarray]:
    """``draw(rng, rows)`` for chunks of ``n`` rows in all (checked now, drawn lazily).

    A chunk has at most :data:`CHUNK` rows and, beyond 32 rows, at most :data:`CHUNK_CELLS` cells.
    Its row count is a multiple of 32, so every chunk but the last draws a whole number of numpy's
    32-bit words and chunking leaves the random stream exactly as one draw of all rows.
    """
    n, seed = resampling(n, seed, what)
    rng = np.random.default_rng(seed)
    step = min(CHUNK, max(32, CHUNK_CELLS // max(n_segments, 1) // 32 * 32))
    return (draw(rng, min(step, n - done)) for done in range(0, n, step))


def bootstrap_weights(n_segments: int, n_samples: int, seed: int) -> Iterator[np.ndarray]:
    """Resampling counts, ``(rows, n_segments)`` float64 chunks, ``n_samples`` rows in all.

    Hand-written, not ``scipy.stats.bootstrap``: the draws must be sacrebleu's for the same seed.
    """

    def draw(rng: np.random.Generator, rows: int) -> np.ndarray:
        idx = rng.choice(n_segments, size=(rows, n_segments), replace=True) + np.arange(rows)[:, None] * n_segments
        return np.bincount(idx.ravel(), minlength=rows * n_segments).reshape(rows, n_segments).astype(np.float64)

    return _chunked(n_segments, n_samples, seed, "n_samples", draw)


def swap_masks(n_segments: int, n_trials: int, seed: int) -> Iterator[np.ndarray]:
    """Approximate-randomisation masks, ``(rows, n_segments)`` bool chunks (True: keep A's segment)."""
    return _chunked(
        n_segments, n_trials, seed, "n_trials", lambda rng, rows: rng.integers(2, size=(rows, n_segments), dtype=bool)
    )


def group_resamples(sizes: Sequence[int], n_samples: int, seed: int) -> list[np.ndarray]:
    """Per group of ``sizes[g]`` items, an ``(n_samples, sizes[g])`` matrix of indices drawn with
    replacement: one paired bootstrap over several groups (a mean over language pairs of system-level
    correlations, every metric resampled alike). One generator, resample by resample, group by group.
    Every draw is held at once, so the cells (``n_samples × sum(sizes)``) are at most
    :data:`GROUP_CELLS`: this is for groups of systems, not of segments (:func:`bootstrap_weights`)."""
    resampling(n_samples, seed)
    if any(s < 1 for s in sizes):
        raise InputError("a bootstrap over groups needs at least one item in every group.")
    if n_samples * sum(sizes) > GROUP_CELLS:
        raise InputError(
            f"a bootstrap over groups holds every draw: {n_samples:,} × {sum(sizes):,} items is over "
            f"{GROUP_CELLS:,} cells; use fewer resamples or bootstrap_weights (in chunks)."
        )
    rng = np.random.default_rng(seed)
    out = [np.empty((n_samples, s), dtype=np.int64) for s in sizes]
    for b in range(n_samples):
        for drawn, s in zip(out, sizes, strict=True):
            drawn[b] = rng.integers(0, s, s)
    return out


def interval(scores: np.ndarray, seed: int) -> Interval:
    """Mean and 95 % percentile interval of resampled scores (sacrebleu's ``estimate_ci``)."""
    if len(scores) == 0:
        raise InputError("a confidence interval needs at least one resampled score.")
    ordered = np.sort(scores)
    n = len(ordered)
    lo_i = n // 40
    lower, upper = float(ordered[lo_i]), float(ordered[n - lo_i - 1])
    return Interval(float(ordered.mean()), lower, upper, 0.5 * (upper - lower), n, seed)


def p_value(sample: np.ndarray, observed: float) -> float:
    """``(c + 1) / (N + 1)``, ``c`` = resampled statistics at least as extreme as the observed one."""
    return float((np.count_nonzero(sample >= observed) + 1) / (len(sample) + 1))


def significance_mark(p_value: float, level: float = 0.05) -> str:
    """``'*'`` when ``p_value`` is below ``level`` (sacrebleu marks significant rows the same way)."""
    return "*" if p_value < level and not math.isclose(p_value, level) else ""


__all__ = [
    "CHUNK",
    "DEFAULT_SEED",
    "Comparison",
    "Interval",
    "bootstrap_weights",
    "group_resamples",
    "interval",
    "p_value",
    "resampling",
    "significance_mark",
    "swap_masks",
]
