"""``mtmetrics meta correlate``: correlations of metrics with human judgments."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from ...io.files import output_directory
from ...io.tables import Table
from ...meta.correlate import ALL_KINDS, LEVELS, Correlations, CorrelationSettings, Estimate, correlate, epsilon_text
from ...meta.markdown import UNSEPARATED, separated
from ...meta.models import CorrelateDocument, MetricInfo
from ...meta.precomputed import is_precomputed, write_scores
from ...stats import MAX_RESAMPLES
from ...stats.agreement import FLOORS
from ...stats.correlation import require_kendall
from ...texttables import markdown_cell
from ..args import StrictArgumentParser, bounded
from .common import (
    _check_plot,
    _dump,
    _fmt,
    _header,
    _split,
    _table_args,
    correlation_plots,
    wrote,
)
from .inputs import input_args, load_input, score_specs


# ------------------------------------------------------------------------------ correlate
def _correlate_parser() -> argparse.ArgumentParser:
    p = StrictArgumentParser(
        prog="mtmetrics meta correlate",
        description="Pearson, Spearman and Kendall tau-b of metrics with human scores, segment, item and system "
        "level, and the WMT metrics task's pairwise accuracy, soft pairwise accuracy (system level) and "
        "tie-calibrated acc-eq (segment and item level).",
    )
    _table_args(p)
    metrics_arg = next(a for a in p._actions if a.dest == "metrics")
    metrics_arg.help = (
        "metrics, e.g. chrf bleus:max_order=4; precomputed scores as col:NAME (a numeric column of the table) or "
        "file:PATH (SYSTEM<TAB>SCORE per segment, mt-metrics-eval's form): their system score is the mean of their "
        "segment scores"
    )
    next(a for a in p._actions if a.dest == "table").help = (
        "TSV (with header) or JSONL table of judged segments (.gz accepted), or an mt-metrics-eval data directory "
        "(with --lp)"
    )
    fmt = next(a for a in p._actions if a.dest == "format")
    fmt.choices = ("text", "json", "markdown")
    p.add_argument(
        "--levels",
        nargs="+",
        choices=LEVELS,
        default=["segment", "system"],
        help="segment (pooled), item (per source segment, averaged), system (default: segment system)",
    )
    p.add_argument(
        "--kinds",
        nargs="+",
        choices=ALL_KINDS,
        default=["pearson", "spearman", "kendall"],
        help="measures (default: pearson spearman kendall); accuracy and soft-accuracy are computed at system "
        "level (and pooled over groups), acc-eq at segment (no grouping) and item level (grouped by item)",
    )
    p.add_argument(
        "--permutations",
        type=bounded(int, 1, MAX_RESAMPLES),
        default=1000,
        help="permutations of soft-accuracy's pairwise tests between systems (default 1000, as WMT24)",
    )
    p.add_argument("--plot", metavar="DIR", help="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])")
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
    inp = load_input(ns)
    table, cols, humans = inp.table, inp.columns, inp.humans
    scores = score_specs(table, cols, ns.metrics, ns.jobs)
    settings = CorrelationSettings(
        humans=tuple(humans),
        levels=tuple(ns.levels),
        kinds=tuple(ns.kinds),
        n_boot=ns.bootstrap_n,
        seed=ns.seed,
        split_systems=_split(ns),
        permutations=ns.permutations,
        system_resampling=ns.system_resampling,
    )
    res = correlate(table, cols, scores, settings, jobs=ns.jobs, system_human=inp.system_human)
    saved = [str(p) for p in write_scores(ns.save_scores, table, cols, scores)] if ns.save_scores else None
    plots = [str(p) for p in correlation_plots(res, scores, ns.plot)] if ns.plot else None
    metrics = [MetricInfo.of(s) for s in scores]
    if ns.format == "json":
        doc = CorrelateDocument(
            header=_header(table, cols, humans, ns),
            metrics=metrics,
            correlations=res.estimates,
            system_points=res.system_points,
            system_human_source=inp.system_human_source if inp.system_human is not None else None,
            precomputed=any(is_precomputed(sp) for sp in ns.metrics),
            saved_scores=saved,
            permutations=ns.permutations if "soft-accuracy" in ns.kinds else None,
            plots=plots,
            floors=res.floors,
        )
        sys.stdout.write(_dump(doc.to_dict()))
    elif ns.format == "markdown":
        sys.stdout.write(correlations_markdown(table, metrics, settings, res, ns.width, inp.system_human_source))
    else:
        sys.stdout.write(correlations_text(table, metrics, settings, res, ns.width, inp.system_human_source))
    if saved:
        wrote(ns.save_scores, f"{len(saved)} score files")
    if plots:
        wrote(ns.plot, f"{len(plots)} pictures")
    return 0


_UNITS = {"segment": "segments", "item": "source segments (averaged)", "system": "systems"}


def _cells(res: Correlations, kinds: Sequence[str]) -> list[tuple[str, str, str, list[str], list[Estimate]]]:
    """Per (group, human, level): the measures present there (in ``kinds`` order) and the estimates."""
    out = []
    for group, human, level in dict.fromkeys((e.group, e.human, e.level) for e in res.estimates):
        rows = [e for e in res.estimates if (e.group, e.human, e.level) == (group, human, level)]
        present = [k for k in kinds if any(e.kind == k for e in rows)]
        out.append((group, human, level, present, rows))
    return out


def _value(e: Estimate | None, width: int) -> str:
    if e is None:
        return "–"
    iv = f" [{_fmt(e.lower, width)}, {_fmt(e.upper, width)}]" if e.resamples else ""
    eps = f" ({epsilon_text(e, width)})" if e.epsilon is not None and math.isfinite(e.epsilon) else ""
    return _fmt(e.value, width) + iv + eps


def _find(rows: Sequence[Estimate], spec: str, kind: str) -> Estimate | None:
    return next((x for x in rows if x.metric == spec and x.kind == kind), None)


def system_human_note(settings: CorrelationSettings, source: str | None) -> str:
    """How the system level's human scores enter the bootstrap: held fixed or resampled."""
    if "system" not in settings.levels:
        return ""
    if source is not None:
        return (
            f"system-level human scores: official ({source}, --system-human), held fixed in every resample "
            "(narrower intervals: only the metric's sampling varies)"
        )
    return (
        "system-level human scores: the mean of each system's judged rows, resampled with the segments "
        f"({settings.system_resampling} resampling; --system-human FILE holds official scores fixed instead)"
    )


def correlations_text(
    table: Table,
    metrics: Sequence[MetricInfo],
    settings: CorrelationSettings,
    res: Correlations,
    width: int,
    system_human_source: str | None = None,
) -> str:
    """The correlation tables as plain text."""
    lines = [
        f"table: {table.name} (sha256 {table.sha256[:16]}…), {len(table)} rows; "
        f"bootstrap {settings.n_boot} resamples, seed {settings.seed}, 95% percentile intervals"
    ]
    note = system_human_note(settings, system_human_source)
    if note:
        lines.append(note)
    flipped = {m.spec for m in metrics if m.sign_flipped}
    label_w = max([6] + [len(m.spec) + (4 if m.spec in flipped else 0) for m in metrics]) + 2
    cell_w = 3 * (width + 3) + 6
    for group, human, level, present, rows in _cells(res, settings.kinds):
        lines.append("")
        lines.append(f"[{group}] human={human}  {level} level, n={rows[0].n} {_UNITS[level]}")
        widths = [max(cell_w, len(k) + 2) + (width + 6 if k == "acc-eq" else 0) for k in present]
        lines.append("  " + "metric".ljust(label_w) + "".join(k.ljust(w) for k, w in zip(present, widths, strict=True)))
        floors = [e for e in res.floors if (e.group, e.human, e.level) == (group, human, level)]
        for spec in dict.fromkeys(e.metric for e in rows + floors):
            label = spec + (" (-)" if spec in flipped else "")
            cells = [
                _value(_find(rows + floors, spec, k), width).ljust(w) for k, w in zip(present, widths, strict=True)
            ]
            lines.append("  " + label.ljust(label_w) + "".join(cells).rstrip())
    if flipped:
        lines.append("")
        lines.append("(-) error rate (lower is better): scores negated before correlating")
    lines.append("")
    lines.append("signatures:")
    for m in metrics:
        lines.append(f"  {m.spec}: {m.signature}")
    return "\n".join(lines) + "\n"


def correlations_markdown(
    table: Table,
    metrics: Sequence[MetricInfo],
    settings: CorrelationSettings,
    res: Correlations,
    width: int,
    system_human_source: str | None = None,
) -> str:
    """The correlation tables as Markdown (one table per group, human column and level).

    Compact rows written by hand, as in ``meta report`` (why: :mod:`mtmetrics.texttables`); a ``|``
    in a signature is escaped so that it does not end the cell.
    """
    lines = [
        f"Table `{table.name}` (sha256 `{table.sha256[:16]}…`), {len(table)} rows; bootstrap {settings.n_boot} "
        f"resamples, seed {settings.seed}, 95 % percentile intervals."
    ]
    note = system_human_note(settings, system_human_source)
    if note:
        lines[0] += " " + note[0].upper() + note[1:] + "."
    flipped = {m.spec for m in metrics if m.sign_flipped}
    for group, human, level, present, rows in _cells(res, settings.kinds):
        lines += ["", f"### {group}, human = {human}, {level} level ({rows[0].n} {_UNITS[level]})", ""]
        floors = [e for e in res.floors if (e.group, e.human, e.level) == (group, human, level)]
        heads = [
            k + (" [95 % CI]" if any(e.resamples for e in rows if e.kind == k) else " (no interval)") for k in present
        ]
        bare = [
            k for k in present if not separated([e for e in rows if e.kind == k], [f for f in floors if f.kind == k])
        ]
        heads = [h + (" †" if k in bare else "") for h, k in zip(heads, present, strict=True)]
        lines.append("| metric | " + " | ".join(heads) + " |")
        lines.append("|---|" + "---|" * len(present))
        for spec in dict.fromkeys(e.metric for e in rows + floors):
            label = spec + (" ↓" if spec in flipped else "")
            if spec in FLOORS:
                label = f"*{spec}*"
            cells = [_value(_find(rows + floors, spec, k), width) for k in present]
            lines.append(f"| {markdown_cell(label)} | " + " | ".join(cells) + " |")
        if bare:
            lines += ["", f"† {', '.join(bare)}: {UNSEPARATED}"]
    if flipped:
        lines += ["", "↓ error rate (lower is better): scores negated before correlating."]
    lines += ["", "| metric | signature |", "|---|---|"]
    lines += [f"| {markdown_cell(m.spec)} | `{markdown_cell(m.signature)}` |" for m in metrics]
    return "\n".join(lines) + "\n"
