"""``mtmetrics meta report``: a Markdown report of many metrics on one dataset."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from mtmetrics.cli.args import bounded
from mtmetrics.errors import ParameterError
from mtmetrics.io.files import check_writable, write_all
from mtmetrics.stats.correlation import require_kendall

from ..precomputed import is_precomputed
from .common import (
    _check_plot,
    _dump,
    build_metrics,
    input_args,
    measure_args,
    meta_parser,
    scoring_progress,
    table_annotations,
    wrote,
)


def _report_parser() -> argparse.ArgumentParser:
    p = meta_parser(
        "mtmetrics meta report",
        "A Markdown report of many metrics on one dataset: segment- and system-level Pearson, Spearman and "
        "Kendall with bootstrap intervals, Williams significance clusters, signatures, the data's SHA-256, the "
        "seed, the command and the time taken.",
        width=3,
        formats=(),
        jobs_help="worker processes for scoring",
        plot="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])",
    )
    p.add_argument("tables", nargs="+", metavar="TABLE", help="one or more tables or directories, as for correlate")
    p.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        metavar="METRIC",
        help="metrics (default: every registered metric that runs on plain text: no source, annotations or model file)",
    )
    perm = "permutations of the PERM-BOTH clusters (next to Williams') and of soft-accuracy (default 1000; 0: no "
    perm += "permutation clusters)"
    measure_args(p, (0, perm))
    p.add_argument(
        "--sample-segments",
        type=bounded(int, 1),
        metavar="N",
        help="keep N source segments per group (seeded; all systems' rows of each), for large tables",
    )
    p.add_argument(
        "--keep-reference-systems",
        action="store_true",
        help="keep systems whose output is one of the references (dropped by default and named in the report)",
    )
    p.add_argument(
        "--segment-test",
        choices=("perm-items", "williams"),
        default="perm-items",
        help="test of the segment- and item-level clusters (column cl): perm-items (default; PERM-BOTH swapping "
        "whole source segments, so the rows of one segment are not taken as independent) or williams "
        "(Williams' test with n = all rows, which treats the systems x segments rows as independent)",
    )
    input_args(p, row_options=True)
    p.add_argument("-o", "--output", metavar="REPORT.md", help="write the Markdown here (default: standard output)")
    p.add_argument("--json", metavar="PATH", help="also write every number as JSON")
    p.add_argument("--title", help="report title (default: the tables' names)")
    p.add_argument("--note", help="a sentence on the settings, printed near the top")
    return p


def _check(ns: argparse.Namespace) -> None:
    """Refuse impossible option values before any work."""
    named = [
        (flag, os.path.realpath(path))
        for flag, path in (("-o", ns.output), ("--json", ns.json), ("--plot", ns.plot))
        if path
    ]
    for k, (flag, path) in enumerate(named):
        for other, again in named[k + 1 :]:
            if path == again:
                raise ParameterError(f"{flag} and {other} name the same path ({path}): each output needs its own.")
    if ns.permutations == 0 and "soft-accuracy" in ns.kinds:
        raise ParameterError("soft-accuracy needs --permutations of at least 1.")
    _check_plot(ns.plot)
    require_kendall(ns.kinds)


def run_report(argv: Sequence[str]) -> int:
    """``mtmetrics meta report``: the options as :class:`~mtmetrics_meta.pipeline.ReportSettings`,
    the report built by :func:`~mtmetrics_meta.pipeline.build_report`, rendered as Markdown (and
    JSON)."""
    import shlex
    from dataclasses import fields

    from ..pipeline import ReportSettings, build_report, report_metric_names
    from ..render import markdown

    ns = _report_parser().parse_args(argv)
    for target in (ns.output, ns.json):
        if target:
            check_writable(target)
    _check(ns)
    settings = ReportSettings(
        **{f.name: getattr(ns, f.name) for f in fields(ReportSettings) if f.name != "command"},
        command="mtmetrics meta report " + shlex.join(list(argv)),
    )
    names = report_metric_names(settings)
    metrics = build_metrics([n for n in names if not is_precomputed(n)])
    report = build_report(
        settings,
        metrics,
        annotate=lambda table, columns: table_annotations(ns, table, columns),
        progress=scoring_progress,
    )
    report.from_repository = _at_repository_root()
    text = markdown(report, ns.width)
    # the JSON and the report are written together or not at all (stdout last, files renamed after)
    outputs: list[tuple[str | None, str]] = [(ns.output or None, text)]
    if ns.json:
        outputs.append((ns.json, _dump(report.to_json())))
    write_all(outputs)
    if ns.output:
        wrote(ns.output, "report")
    if ns.json:
        wrote(ns.json, "JSON")
    if report.plots:
        wrote(ns.plot, f"{len(report.plots)} pictures")
    return 0


def _at_repository_root() -> bool:
    """Whether the current directory is mtmetrics' own repository root (where its reports are made)."""
    here = Path.cwd()
    return (here / "pyproject.toml").is_file() and (here / "mtmetrics" / "metric.py").is_file()
