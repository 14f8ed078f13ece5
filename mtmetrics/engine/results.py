"""From statistics, sums or one score to a :class:`~mtmetrics.result.Result` and its signature: every road ends here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from ..errors import InputError
from ..metric import Metric, Statistics, finish_totals
from ..params import number
from ..result import Result, Score
from ..signature import Field, Signature
from ..version import __version__
from .accumulate import ExactSum
from .scoring import _frozen


def signature(metric: Metric, nrefs: str = "1") -> Signature:
    """The signature of ``metric`` for a run with ``nrefs`` references (``0`` for a reference-free metric,
    whatever the run gives it: its scores do not depend on them)."""
    if not type(metric).inputs.references:
        nrefs = "0"
    # the parameters' fields and the provenance are fixed for an instance: built once
    state = metric._engine
    fixed = state.signature_fields
    if fixed is None:
        from ..plugins import REGISTRY

        params = tuple(
            Field(p.sig_key, p.signature_value(metric.values[p.name], metric.values), p.sig_short or p.sig_key)
            for p in type(metric).params
            if p.sig_key is not None
        )
        dist, version = REGISTRY.provenance(type(metric))
        tail = (Field("plugin", f"{dist}@{version}", "p"), Field("version", __version__, "v"))
        fixed = state.signature_fields = (params, tail)
    params, tail = fixed
    # cached per nrefs, resources (which observed annotations may change) and display name
    resources = metric.resource_fields()
    name = metric.display_name
    signatures: dict[tuple[str, tuple[Field, ...], str], Signature] = state.signatures
    found = signatures.get((nrefs, resources, name))
    if found is None:
        fields = (Field("nrefs", nrefs, "#"), *params, *resources, *tail)
        signed = dict(state.signed)  # loaded from a signature this installation differs from (allowed)
        fields = tuple(
            replace(f, value=f"{f.value}(signed {signed[f.key]})", short_value=None) if f.key in signed else f
            for f in fields
        )
        found = signatures[nrefs, resources, name] = Signature(name, fields)
    return found


def _common(metric: Metric, nrefs: str, n_segments: int) -> dict[str, Any]:
    """What every result of ``metric`` on a run shares (built once for a run's per-segment results)."""
    cls = type(metric)
    sig = signature(metric, nrefs)
    for key, value in metric._engine.signed_run:  # loaded from a signature: only a run with its input fields
        if sig.get(key) != value:
            raise InputError(
                f"{sig.name}: the signature it was loaded from was computed with {key}:{value}, this run has "
                f"{key}:{sig.get(key)}; its score would not be comparable."
            )
    return {
        "metric": cls.name,
        "name": metric.display_name,
        "signature": sig,
        "params": metric.values,
        "higher_is_better": cls.higher_is_better,
        "n_segments": n_segments,
        "decimals": 2 if cls.score_range[1] > 1.0 else 4,  # the CLI's default: 2 on a 0-100 (or open) scale
    }


def result(metric: Metric, score: Score, nrefs: str, n_segments: int) -> Result:
    """The result of ``score`` of ``metric`` on ``n_segments`` segments with ``nrefs`` references."""
    return Result.of(score, _common(metric, nrefs, n_segments))


def score_aggregate(metric: Metric, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
    """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
    width = len(metric.stat_names())
    try:
        aggregated = np.asarray(aggregated, dtype=np.float64)
    except (TypeError, ValueError):
        aggregated = np.full(0, 0.0)
    if aggregated.shape != (width,):
        raise InputError(f"{type(metric).name}: aggregated statistics are {width} numbers, one per stat_names().")
    n_segments = number(n_segments, "n_segments", int, (0, None))
    return result(metric, metric.compute_score(aggregated), nrefs, n_segments)


def sums_result(metric: Metric, sums: ExactSum, nrefs: str) -> Result:
    """The corpus result of exact running sums (a stream's, or Dask's merged partitions')."""
    return score_aggregate(metric, finish_totals(type(metric).aggregation, sums.total(), sums.count), sums.count, nrefs)


def score_statistics(metric: Metric, stats: Statistics, weights: np.ndarray | None = None) -> Result:
    """The corpus result of (optionally resampled) statistics (``weights``: a count per segment)."""
    stats = statistics_for(metric, stats)
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64) if isinstance(weights, (np.ndarray, list)) else None
        if weights is None or weights.shape != (len(stats),) or not (np.isfinite(weights) & (weights >= 0)).all():
            raise InputError(f"weights: one non-negative count per segment ({len(stats)}), as bootstrap draws give.")
    return score_aggregate(metric, stats.aggregate(weights), len(stats), stats.nrefs)


def statistics_for(metric: Metric, stats: Any) -> Statistics:
    """``stats`` if they are statistics of ``metric``'s kind (its ``stat_names()``), else an :class:`InputError`."""
    if not isinstance(stats, Statistics):
        raise InputError(f"expected Statistics (Scorer.statistics(...)), got {type(stats).__name__}.")
    if stats.names != tuple(metric.stat_names()):
        raise InputError(f"these statistics are not {type(metric).name}'s: their columns are {', '.join(stats.names)}.")
    return stats


def segment_results(metric: Metric, stats: Statistics) -> list[Result]:
    """Per-segment results from already computed statistics (what they share is built once)."""
    common = _common(metric, statistics_for(metric, stats).nrefs, 1)
    compute = metric.compute_score
    details = stats.details if stats.details is not None else [None] * len(stats)
    with _frozen():
        return [Result.of(compute(row.copy()), common, d) for row, d in zip(stats.array, details, strict=True)]
