"""``mtmetrics meta compare``: is one metric's correlation significantly higher than another's?"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from typing import Any

from ...errors import InputError
from ...meta.compare import CompareDocument, ValuesComparison, compare_metrics, correlation_tests
from ...meta.correlate import CorrelationSettings, correlate
from ...meta.models import MetricInfo
from ...stats import MAX_RESAMPLES
from ...stats.correlation import KINDS, require_kendall
from ...stats.corrtests import check_values
from ...stats.significance import DEFAULT_SEED
from ..args import StrictArgumentParser, bounded
from .common import (
    DEFAULT_BOOT,
    _check_plot,
    _dump,
    _fmt,
    _header,
    _load,
    _split,
    correlation_plots,
    input_args,
    score_specs,
    system_resampling_arg,
    wrote,
)


# ------------------------------------------------------------------------------ compare
def _compare_parser() -> argparse.ArgumentParser:
    p = StrictArgumentParser(
        prog="mtmetrics meta compare",
        description="Is metric A's correlation with the human scores higher than B's? Williams, "
        "Meng-Rosenthal-Rubin, Fisher's z and a paired bootstrap. Either a TABLE with -m A B, or "
        "--values R1 R2 R12 N (correlations of A and B with the human scores, of A with B, and n).",
    )
    p.add_argument(
        "table",
        nargs="?",
        metavar="TABLE",
        help="table of judged segments or mt-metrics-eval directory (with --lp), as for correlate",
    )
    p.add_argument(
        "-m", "--metrics", nargs=2, metavar=("A", "B"), help="the two metrics (also col:NAME or file:PATH scores)"
    )
    p.add_argument("--values", nargs=4, type=float, metavar=("R1", "R2", "R12", "N"), help="compare given correlations")
    p.add_argument("--n2", type=bounded(int, 4), help="with --values: size of B's sample for Fisher's z if it differs")
    p.add_argument("--human", nargs="+", metavar="COL")
    p.add_argument("--level", choices=("segment", "system"), default="segment", help="level (default: segment)")
    p.add_argument(
        "--kind",
        choices=KINDS,
        default="pearson",
        help="coefficient (default pearson; Williams/MRR/Fisher assume Pearson's r, on ranks for spearman)",
    )
    for flag in ("--system-col", "--segment-col", "--source-col", "--hyp-col", "--group-col"):
        p.add_argument(flag)
    p.add_argument("--ref-cols", nargs="+", metavar="COL")
    p.add_argument("--no-group", action="store_true")
    p.add_argument("--no-split-systems", action="store_true")
    p.add_argument("--seed", type=bounded(int, 0), default=DEFAULT_SEED)
    p.add_argument("--bootstrap-n", type=bounded(int, 0, MAX_RESAMPLES), default=DEFAULT_BOOT)
    system_resampling_arg(p)
    p.add_argument(
        "--permutations",
        type=bounded(int, 0, MAX_RESAMPLES),
        default=1000,
        help="PERM-BOTH permutations (default 1000; 0: none); at segment level whole source segments are swapped, "
        "so the test does not take the rows of one segment as independent (Williams, MRR and Fisher do)",
    )
    p.add_argument("-j", "--jobs", type=bounded(int, 1), default=1)
    p.add_argument("-f", "--format", choices=("text", "json"), default="text")
    p.add_argument("-w", "--width", type=bounded(int, 0, 17), default=4)
    p.add_argument(
        "--plot", metavar="DIR", help="with a TABLE: scatter plots and correlations with intervals (PNG, SVG)"
    )
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
        settings = CorrelationSettings(
            humans=tuple(humans),
            levels=(ns.level,),
            kinds=(ns.kind,),
            n_boot=ns.bootstrap_n,
            seed=ns.seed,
            split_systems=_split(ns),
            system_resampling=ns.system_resampling,
            keep_samples=True,
        )
        res = correlate(table, cols, scores, settings, jobs=ns.jobs, system_human=inp.system_human)
        doc = CompareDocument(
            header=_header(table, cols, humans, ns),
            metrics=[MetricInfo.of(s) for s in scores],
            level=ns.level,
            kind=ns.kind,
            comparisons=compare_metrics(res, scores, ns.level, ns.kind, (table, cols, ns.permutations, ns.seed)),
            system_human_source=inp.system_human_source if inp.system_human is not None else None,
        )
        if ns.plot:
            doc.plots = [str(x) for x in correlation_plots(res, scores, ns.plot, kind=ns.kind)]
    head = doc.to_dict()
    if ns.format == "json":
        sys.stdout.write(_dump(head))
    else:
        comparisons = [doc.values.to_dict()] if doc.values is not None else head["comparisons"]
        sys.stdout.write(_compare_text(head, comparisons, ns.width, ns.values is not None))
    if doc.plots:
        wrote(ns.plot, f"{len(doc.plots)} pictures")
    return 0


def _compare_text(head: dict[str, Any], comparisons: list[dict[str, Any]], width: int, values: bool) -> str:
    lines = []
    if not values:
        lines.append(f"table: {head['table']} (sha256 {head['sha256'][:16]}…); {head['level']} level, {head['kind']}")
        if "system_human" in head:
            lines.append(f"system-level human scores: official ({head['system_human']['source']}), held fixed")
    for c in comparisons:
        title = f"[{c['group']}] human={c['human']}: " if "group" in c else ""
        a, b = c.get("a", "A"), c.get("b", "B")
        ra, rb, rab = (
            float(c.get(k, c.get(k2, math.nan))) for k, k2 in (("r_a", "r1"), ("r_b", "r2"), ("r_ab", "r12"))
        )
        lines.append(
            f"{title}r({a}) = {_fmt(ra, width)}, r({b}) = {_fmt(rb, width)}, "
            f"r({a},{b}) = {_fmt(rab, width)}, n = {c['n']}"
        )
        tests = c["tests"]
        if "error" in tests:
            lines.append(f"  {tests['error']}")
            continue
        for name, label in (("williams", "Williams t"), ("mrr", "MRR z"), ("fisher", "Fisher z (independent)")):
            t = tests[name]
            if "error" in t:
                lines.append(f"  {label}: {t['error']}")
            else:
                df = f", df={t['df']:.0f}" if t.get("df") else ""
                lines.append(
                    f"  {label} = {_fmt(t['statistic'], width)}{df}: p (A > B) = {t['p_one_sided']:.4g}, "
                    f"two-sided {t['p_two_sided']:.4g}"
                )
        if "perm_both" in tests:
            pt = tests["perm_both"]
            k, p = pt["permutations"], pt["p_one_sided"]
            # no permutation reached the observed difference: the estimate is 0, the p-value below 1/k
            shown = f"< {1 / k:.4g}" if p == 0 else f"= {p:.4g}"
            lines.append(
                f"  PERM-BOTH (swapping whole {pt['swapped']}): p (A > B) {shown} "
                f"({k} permutations, seed {head['bootstrap']['seed']})"
            )
        if "paired_bootstrap" in tests:
            pb = tests["paired_bootstrap"]
            lines.append(
                f"  paired bootstrap: r(A) - r(B) = {_fmt(pb['difference'], width)} "
                f"[{_fmt(pb['lower'], width)}, {_fmt(pb['upper'], width)}], p (A > B) = {pb['p_one_sided']:.4g} "
                f"({pb['resamples']} resamples, seed {head['bootstrap']['seed']})"
            )
    if not values:
        lines.append("signatures:")
        for m in head["metrics"]:
            lines.append(
                f"  {m['spec']}: {m['signature']}" + ("  (sign-flipped error rate)" if m["sign_flipped"] else "")
            )
    return "\n".join(lines) + "\n"
