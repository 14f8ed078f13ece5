"""Significance settings for a whole run: every metric, every system, one shared resampling draw.

:func:`compare_systems` is what the CLI's ``-ci``/``--paired-bs``/``--paired-ar`` call: the
first system is the baseline; every system gets a bootstrap interval when asked (or under the
paired bootstrap, which reuses its resamples for the intervals, as sacrebleu does); the others get
a p-value against the baseline. Jobs (one per metric and system) spread over ``jobs`` processes
and are assembled in a fixed order, so the result does not depend on ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..api import Scorer
from ..engine import pool
from ..engine.results import score_statistics
from ..metric import Metric, Statistics
from ..signature import Field
from .significance import Comparison, Interval, ar_differences, bootstrap_scores, interval, p_value, paired_bootstrap


@dataclass(frozen=True)
class Settings:
    """What to compute: ``confidence_n`` bootstrap resamples (0: none), a paired test, a seed."""

    confidence_n: int = 0
    paired: str | None = None  # "bs" or "ar"
    paired_n: int = 0
    seed: int = 12345
    jobs: int = 1

    def signature_fields(self) -> tuple[Field, ...]:
        """The resampling settings as signature fields (as sacrebleu adds ``bs``/``ar``/``seed``)."""
        fields = []
        if self.paired == "bs":
            fields.append(Field("bs", str(self.paired_n), "bs"))
        elif self.confidence_n:
            fields.append(Field("bs", str(self.confidence_n), "bs"))
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


def _run(tasks: list[tuple[Callable[..., Any], tuple[Any, ...]]], jobs: int) -> list[Any]:
    """The tasks' results in order, over the engine's one fan-out (its fork policy follows the metrics)."""
    metrics = [a for _, args in tasks for a in args if isinstance(a, Metric)]
    return pool.map(_call, tasks, jobs, metrics)


def compare_systems(
    metrics: Sequence[Metric | Scorer], stats: Sequence[Sequence[Statistics]], settings: Settings
) -> list[list[SystemTest]]:
    """Tests for ``stats[m][s]`` (metric ``m``, system ``s``; system 0 is the baseline)."""
    bare = [Scorer.metric_of(m) for m in metrics]
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
    done = dict(zip(keys, _run(tasks, settings.jobs), strict=True))
    out: list[list[SystemTest]] = []
    for m, metric in enumerate(bare):
        row = []
        for s, st in enumerate(stats[m]):
            scores: np.ndarray | None = done.get(("bs", m, s))
            ival = interval(scores, settings.seed) if scores is not None else None
            comp = None
            if s > 0 and settings.paired == "bs":
                comp = paired_bootstrap(
                    metric, stats[m][0], st, n_bs, settings.seed, done[("bs", m, 0)], done[("bs", m, s)]
                )
            elif s > 0 and settings.paired == "ar":
                base, sys_ = score_statistics(metric, stats[m][0]).score, score_statistics(metric, st).score
                p = p_value(done[("ar", m, s)], abs(base - sys_))
                comp = Comparison("ar", sys_, base, p, settings.paired_n, settings.seed)
            row.append(SystemTest(ival, comp))
        out.append(row)
    return out


__all__ = ["Settings", "SystemTest", "compare_systems"]
