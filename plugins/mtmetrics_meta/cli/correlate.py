"""``mtmetrics meta correlate``: correlations of metrics with human judgments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mtmetrics.io.files import output_directory
from mtmetrics.stats.correlation import require_kendall

from ..correlate import CorrelationSettings, correlate
from ..models import CorrelateDocument, MetricInfo, TableHeader
from ..precomputed import is_precomputed, write_scores
from ..render import correlations_markdown, correlations_text
from .common import (
    _check_plot,
    _dump,
    _load,
    correlation_plots,
    input_args,
    measure_args,
    meta_parser,
    score_specs,
    wrote,
)


def _correlate_parser() -> argparse.ArgumentParser:
    p = meta_parser(
        "mtmetrics meta correlate",
        "Pearson, Spearman and Kendall tau-b of metrics with human scores, segment, item and system level, and "
        "the WMT metrics task's pairwise accuracy, soft pairwise accuracy (system level) and tie-calibrated "
        "acc-eq (segment and item level).",
        formats=("text", "json", "markdown"),
        plot="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])",
        table=True,
        metrics_help="metrics, e.g. chrf bleus:max_order=4; precomputed scores as col:NAME (a numeric column of the "
        "table) or file:PATH (SYSTEM<TAB>SCORE per segment, mt-metrics-eval's form): their system score is the mean of "
        "their segment scores",
    )
    measure_args(p, (1, "permutations of soft-accuracy's pairwise tests between systems (default 1000, as WMT24)"))
    input_args(p)
    p.add_argument(
        "--save-scores",
        metavar="DIR",
        help="also write each metric's segment scores as DIR/METRIC.seg.score (SYSTEM<TAB>SCORE per table row, "
        "as mt-metrics-eval keeps them; error rates negated), to be read back with -m file:DIR/METRIC.seg.score",
    )
    return p


def run_correlate(argv: Sequence[str]) -> int:
    """``mtmetrics meta correlate``."""
    ns = _correlate_parser().parse_args(argv)
    _check_plot(ns.plot)
    require_kendall(ns.kinds)
    if ns.save_scores:
        output_directory(ns.save_scores, "--save-scores")
    inp = _load(ns)
    table, cols, humans = inp.table, inp.columns, inp.humans
    scores = score_specs(table, cols, ns.metrics, ns.jobs)
    settings = CorrelationSettings.of(ns, humans, levels=ns.levels, kinds=ns.kinds, permutations=ns.permutations)
    res = correlate(table, cols, scores, settings, jobs=ns.jobs, system_human=inp.system_human)
    saved = [str(p) for p in write_scores(ns.save_scores, table, cols, scores)] if ns.save_scores else None
    plots = [str(p) for p in correlation_plots(res, scores, ns.plot)] if ns.plot else None
    doc = CorrelateDocument(
        header=TableHeader.of(table, cols, humans, ns),
        metrics=[MetricInfo.of(s) for s in scores],
        correlations=res.estimates,
        system_points=res.system_points,
        system_human_source=inp.system_human_source,
        precomputed=any(is_precomputed(sp) for sp in ns.metrics),
        saved_scores=saved,
        permutations=ns.permutations if "soft-accuracy" in ns.kinds else None,
        plots=plots,
        floors=res.floors,
    )
    render = {"text": correlations_text, "markdown": correlations_markdown}.get(ns.format)
    sys.stdout.write(render(doc, ns.width) if render else _dump(doc.to_dict()))
    if saved:
        wrote(ns.save_scores, f"{len(saved)} score files")
    if plots:
        wrote(ns.plot, f"{len(plots)} pictures")
    return 0
