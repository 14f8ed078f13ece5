"""Scoring on a Dask cluster (``pip install 'mtmetrics[dask]'``): a bag of segments (or of dicts with
``hyp``, ``refs``, ``source``, ``annotations``) or a DataFrame; each partition returns exact sums,
so the result equals ``corpus_score``'s to the last bit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .api import Scorer
from .engine import gate
from .engine.accumulate import ExactSum
from .engine.results import sums_result
from .engine.scoring import run
from .errors import InputError, ParameterError, require
from .metric import Inputs, Metric, Segment, Statistics, build_segments
from .params import checked_pair
from .result import Result
from .signature import nrefs_value


@lru_cache(maxsize=16)
def _metric(cls: type[Metric], params: tuple[tuple[str, Any], ...]) -> Metric:
    return cls(**dict(params))


def _segment(item: Any, inputs: Inputs) -> Segment:
    """A bag item as a segment; ``refs`` may be left out for a reference-free metric (``inputs``)."""
    if isinstance(item, Segment):
        return item
    if isinstance(item, Mapping):
        refs = item.get("refs", None if inputs.references else ())
        if refs is None or isinstance(refs, str):
            raise InputError("a bag item needs 'refs': a list of reference strings.")
        source = item.get("source")
        annotations = {k: [v] for k, v in (item.get("annotations") or {}).items()}
        streams = [[r] for r in refs]
        return build_segments([item["hyp"]], streams, None if source is None else [source], annotations, inputs)[0]
    raise InputError(f"bag items must be mtmetrics.Segment objects or dicts, not {type(item).__name__}.")


def _refs(item: Any) -> tuple[str, ...]:
    return _segment(item, Inputs()).refs


def _partition(
    items: Iterable[Any],
    cls: type[Metric],
    params: tuple[tuple[str, Any], ...],
    keep: bool,
    prepared: Metric | None = None,
) -> list[tuple[ExactSum, set[int], np.ndarray | None]]:
    metric = prepared if prepared is not None else _metric(cls, params)
    segments = [_segment(item, cls.inputs) for item in items]
    acc = ExactSum(len(metric.stat_names()))
    if not segments:
        return [(acc, set(), None)]
    gate.check([metric], segments)
    metric.observe(segments)
    _, counts, (rows,), _, _ = next(run([metric], [segments]))
    acc.add(rows)
    return [(acc, counts, rows if keep else None)]


def score_bag(
    metric: Metric | Scorer, bag: Any, keep_statistics: bool = False, language_pair: str | None = None
) -> tuple[Result, Statistics | None]:
    """Score a Dask bag of segments: the corpus result and, on request, the statistics.

    The gate holds as on every road (limits, ``language_pair``); a metric needing corpus state is
    prepared here from every item's references and shipped prepared.
    """
    require("dask.bag", "the Dask integration", "dask", "dask")
    metric = gate.bare_metric(metric)
    if language_pair is not None:
        pair = checked_pair(language_pair, "language_pair")
        reason = gate.language_refusal(metric, pair[1])
        if reason is not None:
            raise ParameterError(f"{reason}.")
        metric = gate.for_language(metric, pair[1], pair[0])
    params = tuple(sorted(metric.values.items()))
    limited = metric._engine.limit is not None
    # a metric with a limit set on the instance travels as it is (the workers' cache rebuilds from parameters)
    prepared = gate.prepare(metric, bag.map(_refs).compute()) if metric.needs_corpus() else metric if limited else None
    parts = bag.map_partitions(_partition, type(metric), params, keep_statistics, prepared).compute()
    total = ExactSum(len(metric.stat_names()))
    ref_counts: set[int] = set()
    arrays = []
    for acc, counts, rows in parts:
        total.merge(acc)
        ref_counts |= counts
        if rows is not None:
            arrays.append(rows)
    if total.count == 0:
        raise InputError("the bag holds no segments to score (empty input).")
    nrefs = nrefs_value(ref_counts)
    result = sums_result(metric, total, nrefs)
    stats = None
    if keep_statistics:
        stats = Statistics(metric.stat_names(), np.concatenate(arrays), type(metric).aggregation, nrefs)
    return result, stats


def score_dataframe(
    metric: Metric | Scorer,
    frame: Any,
    hyp: str = "hyp",
    refs: Sequence[str] = ("ref",),
    source: str | None = None,
    keep_statistics: bool = False,
) -> tuple[Result, Statistics | None]:
    """Score a Dask DataFrame: column ``hyp``, reference columns ``refs``, optional ``source``."""
    require("dask.bag", "the Dask integration", "dask", "dask")
    columns = [hyp, *refs, *([source] if source else [])]
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise InputError(
            f"the DataFrame has no column {missing[0]!r}; its columns: {', '.join(map(str, frame.columns))}."
        )
    bag = frame[columns].to_bag(index=False, format="tuple").map(_row_to_dict, len(refs), source is not None)
    return score_bag(metric, bag, keep_statistics)


def _row_to_dict(row: tuple[Any, ...], n_refs: int, has_source: bool) -> dict[str, Any]:
    refs = [None if r is None or (isinstance(r, float) and r != r) else r for r in row[1 : 1 + n_refs]]
    out: dict[str, Any] = {"hyp": row[0], "refs": refs}
    if has_source:
        out["source"] = row[1 + n_refs]
    return out
