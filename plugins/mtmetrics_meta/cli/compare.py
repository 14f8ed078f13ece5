"""``mtmetrics meta compare``: is one metric's correlation significantly higher than another's?"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mtmetrics.cli.args import bounded
from mtmetrics.errors import InputError
from mtmetrics.stats.correlation import KINDS, require_kendall
from mtmetrics.stats.corrtests import check_values

from ..compare import CompareDocument, ValuesComparison, compare_metrics, correlation_tests
from ..correlate import CorrelationSettings, correlate
from ..models import MetricInfo, TableHeader
from ..render import compare_text
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


def _compare_parser() -> argparse.ArgumentParser:
    p = meta_parser(
        "mtmetrics meta compare",
        "Is metric A's correlation with the human scores higher than B's? Williams, Meng-Rosenthal-Rubin, "
        "Fisher's z and a paired bootstrap. Either a TABLE with -m A B, or --values R1 R2 R12 N (correlations of "
        "A and B with the human scores, of A with B, and n).",
        plot="with a TABLE: scatter plots and correlations with intervals (PNG, SVG)",
    )
    p.add_argument("table", nargs="?", metavar="TABLE", help="as for correlate")
    p.add_argument(
        "-m", "--metrics", nargs=2, metavar=("A", "B"), help="the two metrics (also col:NAME or file:PATH scores)"
    )
    p.add_argument("--values", nargs=4, type=float, metavar=("R1", "R2", "R12", "N"), help="compare given correlations")
    p.add_argument("--n2", type=bounded(int, 4), help="with --values: size of B's sample for Fisher's z if it differs")
    p.add_argument("--level", choices=("segment", "system"), default="segment", help="level (default: segment)")
    p.add_argument(
        "--kind",
        choices=KINDS,
        default="pearson",
        help="coefficient (default pearson; Williams/MRR/Fisher assume Pearson's r, on ranks for spearman)",
    )
    perm = (
        "PERM-BOTH permutations (default 1000; 0: none); at segment level whole source segments are swapped, so the "
        "test does not take the rows of one segment as independent (Williams, MRR and Fisher do)"
    )
    measure_args(p, (0, perm), measures=False)
    input_args(p)
    return p


def run_compare(argv: Sequence[str]) -> int:
    """``mtmetrics meta compare``."""
    ns = _compare_parser().parse_args(argv)
    _check_plot(ns.plot)
    if not ns.values:
        require_kendall([ns.kind])
    if ns.values:
        r1, r2, r12, n = ns.values
        n = check_values(r1, r2, r12, n)
        doc = CompareDocument(values=ValuesComparison(r1, r2, r12, n, correlation_tests(r1, r2, r12, n, ns.n2)))
    else:
        if not ns.table or not ns.metrics:
            raise InputError("meta compare: give TABLE -m A B, or --values R1 R2 R12 N.")
        inp = _load(ns)
        table, cols, humans = inp.table, inp.columns, inp.humans
        scores = score_specs(table, cols, ns.metrics, ns.jobs)
        settings = CorrelationSettings.of(ns, humans, levels=(ns.level,), kinds=(ns.kind,), keep_samples=True)
        res = correlate(table, cols, scores, settings, jobs=ns.jobs, system_human=inp.system_human)
        perm = (table, cols, ns.permutations, ns.seed)
        doc = CompareDocument(
            header=TableHeader.of(table, cols, humans, ns),
            metrics=[MetricInfo.of(s) for s in scores],
            level=ns.level,
            kind=ns.kind,
            comparisons=compare_metrics(res, scores, ns.level, ns.kind, perm),
            system_human_source=inp.system_human_source,
        )
        if ns.plot:
            doc.plots = [str(x) for x in correlation_plots(res, scores, ns.plot, kind=ns.kind)]
    sys.stdout.write(_dump(doc.to_dict()) if ns.format == "json" else compare_text(doc, ns.width))
    if doc.plots:
        wrote(ns.plot, f"{len(doc.plots)} pictures")
    return 0
