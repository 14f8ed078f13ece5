"""``mtmetrics meta correlate``: correlations of metrics with human judgments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ...stats.correlation import KINDS
from ...stats.metaeval import LEVELS, Correlations, correlate, score_table
from .common import (
    _check_plot,
    _dump,
    _fmt,
    _header,
    _load,
    _metric_info,
    _split,
    _table_args,
    build_metrics,
    correlation_plots,
)


# ------------------------------------------------------------------------------ correlate
def _correlate_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mtmetrics meta correlate",
        description="Pearson, Spearman and Kendall tau-b of metrics with human scores, segment and system level.",
    )
    _table_args(p)
    p.add_argument(
        "--levels",
        nargs="+",
        choices=LEVELS,
        default=["segment", "system"],
        help="segment (pooled), item (per source segment, averaged), system (default: segment system)",
    )
    p.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="coefficients (default: all three)")
    p.add_argument("--plot", metavar="DIR", help="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])")
    return p


def run_correlate(argv: Sequence[str]) -> int:
    """``mtmetrics meta correlate``."""
    ns = _correlate_parser().parse_args(argv)
    _check_plot(ns.plot)
    table, cols, humans = _load(ns)
    metrics = build_metrics(ns.metrics)
    scores = score_table(table, cols, metrics, ns.jobs)
    res = correlate(
        table, cols, scores, humans, ns.levels, ns.kinds, ns.bootstrap_n, ns.seed, False, _split(ns), ns.jobs
    )
    doc = _header(table, cols, humans, ns)
    doc["metrics"] = _metric_info(scores)
    doc["correlations"] = [e.to_dict() for e in res.estimates]
    doc["system_points"] = res.system_points
    if ns.plot:
        doc["plots"] = [str(p) for p in correlation_plots(res, scores, ns.plot, "", doc["correlations"])]
    if ns.format == "json":
        sys.stdout.write(_dump(doc))
    else:
        sys.stdout.write(correlations_text(doc, res, ns.kinds, ns.width))
    return 0


def correlations_text(doc: dict[str, Any], res: Correlations, kinds: Sequence[str], width: int) -> str:
    """The correlation tables as plain text."""
    lines = [
        f"table: {doc['table']} (sha256 {doc['sha256'][:16]}…), {doc['rows']} rows; "
        f"bootstrap {doc['bootstrap']['n']} resamples, seed {doc['bootstrap']['seed']}, 95% percentile intervals"
    ]
    flipped = {m["spec"] for m in doc["metrics"] if m["sign_flipped"]}
    label_w = max([6] + [len(m["spec"]) + (4 if m["spec"] in flipped else 0) for m in doc["metrics"]]) + 2
    cell_w = 3 * (width + 3) + 6
    keys = list(dict.fromkeys((e.group, e.human, e.level) for e in res.estimates))
    for group, human, level in keys:
        rows = [e for e in res.estimates if (e.group, e.human, e.level) == (group, human, level)]
        n = rows[0].n
        unit = {"segment": "segments", "item": "source segments (averaged)", "system": "systems"}[level]
        lines.append("")
        lines.append(f"[{group}] human={human}  {level} level, n={n} {unit}")
        lines.append("  " + "metric".ljust(label_w) + "".join(k.ljust(cell_w) for k in kinds))
        for spec in dict.fromkeys(e.metric for e in rows):
            label = spec + (" (-)" if spec in flipped else "")
            cells = []
            for k in kinds:
                e = next(x for x in rows if x.metric == spec and x.kind == k)
                iv = f" [{_fmt(e.lower, width)}, {_fmt(e.upper, width)}]" if e.resamples else ""
                cells.append((_fmt(e.value, width) + iv).ljust(cell_w))
            lines.append("  " + label.ljust(label_w) + "".join(cells).rstrip())
    if flipped:
        lines.append("")
        lines.append("(-) error rate (lower is better): scores negated before correlating")
    lines.append("")
    lines.append("signatures:")
    for m in doc["metrics"]:
        lines.append(f"  {m['spec']}: {m['signature']}")
    return "\n".join(lines) + "\n"
