"""``mtmetrics meta ...``: meta-evaluation commands (META.md).

* ``meta correlate TABLE -m METRIC ... --human COL ...`` — correlations with human judgments;
* ``meta compare TABLE -m A B --human COL`` (or ``--values R1 R2 R12 N``) — is A's correlation
  significantly higher than B's;
* ``meta orange NBEST REF [REF ...] -m METRIC ...`` — ORANGE (Lin & Och 2004);
* ``meta mct`` / ``meta regress`` — learned combinations (see :mod:`mtmetrics.stats.mct`).

* ``meta report TABLE [TABLE ...]`` — a Markdown report of every metric (see :mod:`mtmetrics.stats.report`).

Every command writes text (default) or JSON (``-f json``, lossless: full-precision numbers, the
metrics' signatures, the data's name and SHA-256, the seed); ``correlate``, ``orange`` and ``report``
also draw PNG and SVG pictures with ``--plot DIR`` (:mod:`mtmetrics.stats.plots`, optional
matplotlib extra).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .. import plugins
from ..errors import InputError, MtmetricsError, ParameterError
from ..io.tables import Columns, Table, default_human, detect_columns, read_table
from ..metric import Metric
from ..stats.correlation import KINDS
from ..stats.metaeval import LEVELS, Correlations, MetricScores, correlate, score_table
from ..stats.significance import DEFAULT_SEED
from .score import parse_spec

DEFAULT_BOOT = 1000


def build_metrics(texts: Sequence[str]) -> list[tuple[str, Metric]]:
    """Instantiate ``-m`` entries (``name`` or ``name:param=value,...``), keeping the text as label."""
    out = []
    seen = set()
    for text in texts:
        if text in seen:
            raise ParameterError(f"-m {text} is given twice.")
        seen.add(text)
        spec = parse_spec(text)
        cls = plugins.metric_class(spec.name)
        out.append((text, cls(**spec.inline)))
    return out


def _fmt(x: float, width: int) -> str:
    return "nan" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{width}f}"


def _dump(obj: Any) -> str:
    def fix(v: Any) -> Any:
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [fix(x) for x in v]
        return v

    return json.dumps(fix(obj), indent=2, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------------------ table options
def _table_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("table", metavar="TABLE", help="TSV (with header) or JSONL table of judged segments; .gz accepted")
    p.add_argument(
        "-m", "--metrics", nargs="+", required=True, metavar="METRIC", help="metrics, e.g. chrf bleus:max_order=4"
    )
    p.add_argument(
        "--human", nargs="+", metavar="COL", help="human score column(s) (default: z, mqm, score... if present)"
    )
    p.add_argument("--system-col", help="system column (default: system, da_system, ...)")
    p.add_argument("--segment-col", help="segment-id column (default: sid, seg_id, line, ...)")
    p.add_argument("--source-col", help="source column (default: source, src)")
    p.add_argument("--hyp-col", help="hypothesis column (default: hyp)")
    p.add_argument("--ref-cols", nargs="+", metavar="COL", help="reference columns (default: ref, ref_A, ref_B, ...)")
    p.add_argument("--group-col", help="correlate separately per value of this column (default: lp if present)")
    p.add_argument("--no-group", action="store_true", help="pool all rows even if there is an lp column")
    p.add_argument(
        "--no-split-systems",
        action="store_true",
        help="keep WMT's 'A+B' rows (identical outputs of A and B) as a system of their own",
    )
    p.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"bootstrap seed (default {DEFAULT_SEED}; 0 is a seed)"
    )
    p.add_argument(
        "--bootstrap-n", type=int, default=DEFAULT_BOOT, help=f"bootstrap resamples (default {DEFAULT_BOOT}; 0: none)"
    )
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes for scoring (one metric per process)")
    p.add_argument("-f", "--format", choices=("text", "json"), default="text")
    p.add_argument("-w", "--width", type=int, default=4, help="decimals in text output")


def _load(ns: argparse.Namespace) -> tuple[Table, Columns, list[str]]:
    if ns.bootstrap_n < 0:
        raise ParameterError("--bootstrap-n must be 0 or more.")
    if ns.seed < 0:
        raise ParameterError("--seed must be a non-negative integer.")
    if ns.jobs < 1:
        raise ParameterError("-j/--jobs must be at least 1.")
    table = read_table(ns.table)
    cols = detect_columns(
        table, ns.system_col, ns.segment_col, ns.hyp_col, ns.ref_cols, ns.source_col, ns.group_col, ns.no_group
    )
    humans = ns.human or ([h] if (h := default_human(table)) else [])
    if not humans:
        raise InputError(
            f"{table.name}: give the human score column(s) with --human; columns: {', '.join(table.columns)}."
        )
    for h in humans:
        if h not in table.columns:
            raise InputError(f"{table.name}: no column '{h}'; columns: {', '.join(table.columns)}.")
    return table, cols, humans


def _split(ns: argparse.Namespace) -> str | None:
    return None if ns.no_split_systems else "+"


def _header(table: Table, cols: Columns, humans: Sequence[str], ns: argparse.Namespace) -> dict[str, Any]:
    return {
        "table": table.name,
        "sha256": table.sha256,
        "rows": len(table),
        "columns": {
            "system": cols.system,
            "segment": cols.segment,
            "hyp": cols.hyp,
            "refs": list(cols.refs),
            "source": cols.source,
            "group": cols.group,
        },
        "human": list(humans),
        "split_systems": _split(ns),
        "bootstrap": {"n": ns.bootstrap_n, "seed": ns.seed, "level": 0.95, "interval": "percentile"},
    }


def _metric_info(scores: Sequence[MetricScores]) -> list[dict[str, Any]]:
    return [
        {"spec": s.spec, "name": s.metric.display_name, "signature": s.signature, "sign_flipped": s.flipped}
        for s in scores
    ]


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


def _check_plot(directory: str | None) -> None:
    """Fail before any work when pictures are asked for but matplotlib is missing."""
    if directory:
        from ..stats.plots import _matplotlib

        _matplotlib()


def run_correlate(argv: Sequence[str]) -> int:
    """``mtmetrics meta correlate``."""
    ns = _correlate_parser().parse_args(argv)
    _check_plot(ns.plot)
    table, cols, humans = _load(ns)
    metrics = build_metrics(ns.metrics)
    scores = score_table(table, cols, metrics, ns.jobs)
    res = correlate(table, cols, scores, humans, ns.levels, ns.kinds, ns.bootstrap_n, ns.seed, False, _split(ns))
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


# ------------------------------------------------------------------------------ compare
def _compare_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mtmetrics meta compare",
        description="Is metric A's correlation with the human scores higher than B's? Williams, "
        "Meng-Rosenthal-Rubin, Fisher's z and a paired bootstrap. Either a TABLE with -m A B, or "
        "--values R1 R2 R12 N (correlations of A and B with the human scores, of A with B, and n).",
    )
    p.add_argument("table", nargs="?", metavar="TABLE", help="table of judged segments (as for correlate)")
    p.add_argument("-m", "--metrics", nargs=2, metavar=("A", "B"), help="the two metrics")
    p.add_argument("--values", nargs=4, type=float, metavar=("R1", "R2", "R12", "N"), help="compare given correlations")
    p.add_argument("--n2", type=int, help="with --values: size of B's sample for Fisher's z if it differs")
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
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--bootstrap-n", type=int, default=DEFAULT_BOOT)
    p.add_argument("-j", "--jobs", type=int, default=1)
    p.add_argument("-f", "--format", choices=("text", "json"), default="text")
    p.add_argument("-w", "--width", type=int, default=4)
    p.add_argument(
        "--plot", metavar="DIR", help="with a TABLE: scatter plots and correlations with intervals (PNG, SVG)"
    )
    return p


def _tests(r1: float, r2: float, r12: float, n: int, n2: int | None = None) -> dict[str, Any]:
    from ..stats.corrtests import fisher_z, meng_rosenthal_rubin, williams

    out: dict[str, Any] = {}
    for name, fn in (
        ("williams", lambda: williams(r1, r2, r12, n)),
        ("mrr", lambda: meng_rosenthal_rubin(r1, r2, r12, n)),
        ("fisher", lambda: fisher_z(r1, r2, n, n2)),
    ):
        try:
            out[name] = dict(fn().__dict__)
        except (ValueError, ZeroDivisionError) as exc:
            out[name] = {"test": name, "error": str(exc)}
    return out


def run_compare(argv: Sequence[str]) -> int:
    """``mtmetrics meta compare``."""
    ns = _compare_parser().parse_args(argv)
    _check_plot(ns.plot)
    if ns.values:
        r1, r2, r12, n = ns.values
        if n != int(n):
            raise ParameterError("--values: N must be an integer.")
        doc: dict[str, Any] = {"r1": r1, "r2": r2, "r12": r12, "n": int(n), "tests": _tests(r1, r2, r12, int(n), ns.n2)}
        comparisons = [doc]
        head: dict[str, Any] = {"values": doc}
    else:
        if not ns.table or not ns.metrics:
            raise InputError("meta compare: give TABLE -m A B, or --values R1 R2 R12 N.")
        ns.human = ns.human
        table, cols, humans = _load(ns)
        metrics = build_metrics(ns.metrics)
        scores = score_table(table, cols, metrics, ns.jobs)
        res = correlate(table, cols, scores, humans, [ns.level], [ns.kind], ns.bootstrap_n, ns.seed, True, _split(ns))
        head = _header(table, cols, humans, ns)
        head["metrics"] = _metric_info(scores)
        head["level"], head["kind"] = ns.level, ns.kind
        comparisons = _compare_table(res, scores, ns.level, ns.kind)
        head["comparisons"] = comparisons
        if ns.plot:
            ests = [e.to_dict() for e in res.estimates]
            head["plots"] = [str(x) for x in correlation_plots(res, scores, ns.plot, "", ests, ns.kind)]
    if ns.format == "json":
        sys.stdout.write(_dump(head))
    else:
        sys.stdout.write(_compare_text(head, comparisons, ns.width, ns.values is not None))
    return 0


def _compare_table(res: Correlations, scores: Sequence[MetricScores], level: str, kind: str) -> list[dict[str, Any]]:
    from ..stats.correlation import FUNCTIONS, rank_rows
    from ..stats.corrtests import paired_bootstrap_difference

    a, b = scores
    out = []
    for group, human in dict.fromkeys((e.group, e.human) for e in res.estimates):
        ea = next(e for e in res.estimates if (e.group, e.human, e.metric) == (group, human, a.spec))
        eb = next(e for e in res.estimates if (e.group, e.human, e.metric) == (group, human, b.spec))
        pa = res.points[(group, human, level, a.spec)]
        pb = res.points[(group, human, level, b.spec)]
        xa, xb = pa.metric, pb.metric
        if kind == "spearman":
            xa, xb = rank_rows(xa)[0], rank_rows(xb)[0]
        r12 = FUNCTIONS["pearson" if kind == "spearman" else kind](xa, xb)
        item: dict[str, Any] = {
            "group": group,
            "human": human,
            "a": a.spec,
            "b": b.spec,
            "r_a": ea.value,
            "r_b": eb.value,
            "r_ab": r12,
            "n": ea.n,
        }
        if any(math.isnan(v) for v in (ea.value, eb.value, r12)):
            item["tests"] = {"error": "a correlation is undefined (constant scores)"}
        else:
            item["tests"] = _tests(ea.value, eb.value, r12, ea.n)
        ka = (group, human, level, a.spec, kind)
        kb = (group, human, level, b.spec, kind)
        if ka in res.samples and len(res.samples[ka]):
            item["tests"]["paired_bootstrap"] = dict(
                paired_bootstrap_difference(ea.value, eb.value, res.samples[ka], res.samples[kb]).__dict__
            )
        out.append(item)
    return out


def _compare_text(head: dict[str, Any], comparisons: list[dict[str, Any]], width: int, values: bool) -> str:
    lines = []
    if not values:
        lines.append(f"table: {head['table']} (sha256 {head['sha256'][:16]}…); {head['level']} level, {head['kind']}")
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


# ------------------------------------------------------------------------------ dispatch
def _commands() -> dict[str, Callable[[Sequence[str]], int]]:
    cmds: dict[str, Callable[[Sequence[str]], int]] = {"correlate": run_correlate, "compare": run_compare}
    cmds["orange"] = run_orange
    cmds["mct"] = run_mct
    cmds["regress"] = run_regress
    cmds["report"] = run_report
    return cmds


def run_meta(argv: Sequence[str]) -> int:
    """Dispatch ``mtmetrics meta <command>``."""
    cmds = _commands()
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: mtmetrics meta {" + ",".join(cmds) + "} ...")
        print("  correlate  correlations of metrics with human judgments (segment and system level)")
        print("  compare    significance of the difference between two metrics' correlations")
        if "orange" in cmds:
            print("  orange     ORANGE (Lin & Och 2004) from n-best lists and references")
        if "mct" in cmds:
            print("  mct        maximum correlation training of a linear combination of metrics")
            print("  regress    stepwise linear regression on metric scores")
        print("  report     Markdown report: every metric's correlations, intervals, significance clusters")
        return 0 if argv else 2
    if argv[0] not in cmds:
        raise MtmetricsError(f"meta: unknown command '{argv[0]}'; choose from {', '.join(cmds)}.")
    return cmds[argv[0]](argv[1:])


# ------------------------------------------------------------------------------ orange
def _orange_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mtmetrics meta orange",
        description="ORANGE (Lin & Och 2004): average rank of the references' average oracle score among "
        "the n-best candidates, divided by N+1 (lower is better).",
    )
    p.add_argument("nbest", metavar="NBEST", help="n-best list 'i ||| hyp ||| features ||| score' (.gz accepted)")
    p.add_argument("refs", nargs="+", metavar="REF", help="at least two reference files, one line per sentence")
    p.add_argument("-m", "--metrics", nargs="+", required=True, metavar="METRIC")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--bootstrap-n", type=int, default=DEFAULT_BOOT)
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (one metric per process)")
    p.add_argument("-f", "--format", choices=("text", "json"), default="text")
    p.add_argument("-w", "--width", type=int, default=2, help="decimals of percentages in text output")
    p.add_argument("--plot", metavar="DIR", help="also draw ORANGE against n-best size (PNG, SVG) into DIR")
    return p


def _orange_one(
    text: str, metric: Metric, cands: list[list[str]], refs: list[list[str]], n_boot: int, seed: int, jobs: int = 1
) -> Any:
    from ..stats.orange import leave_one_out_scores, orange

    return orange(leave_one_out_scores(metric, cands, refs, jobs), n_boot, seed)


def run_orange(argv: Sequence[str]) -> int:
    """``mtmetrics meta orange``."""
    import hashlib
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from pathlib import Path

    from ..io import read_lines
    from ..io.nbest import read_nbest

    ns = _orange_parser().parse_args(argv)
    _check_plot(ns.plot)
    if ns.bootstrap_n < 0 or ns.seed < 0 or ns.jobs < 1:
        raise ParameterError("--bootstrap-n and --seed must be non-negative, -j at least 1.")
    if len(ns.refs) < 2:
        raise InputError("ORANGE leaves one reference out: give at least two reference files.")
    ref_streams = [read_lines(r) for r in ns.refs]
    if len({len(s) for s in ref_streams}) > 1:
        raise InputError("the reference files have different numbers of lines.")
    nbest = read_nbest(ns.nbest, len(ref_streams[0]))
    cands = [[e.hyp for e in entries] for entries in nbest]
    refs = [list(r) for r in zip(*ref_streams, strict=True)]
    metrics = build_metrics(ns.metrics)
    args = [(t, m, cands, refs, ns.bootstrap_n, ns.seed) for t, m in metrics]
    if ns.jobs > 1 and len(args) == 1:
        # one metric: its candidates are scored in chunks by the -j workers (long n-best lists)
        results = [_orange_one(*args[0], ns.jobs)]
    elif ns.jobs > 1:
        ctx = multiprocessing.get_context("forkserver")  # fork would share NLTK's open files
        with ProcessPoolExecutor(max_workers=min(ns.jobs, len(args)), mp_context=ctx) as pool:
            results = [f.result() for f in [pool.submit(_orange_one, *a) for a in args]]
    else:
        results = [_orange_one(*a) for a in args]
    files = [ns.nbest, *ns.refs]
    doc: dict[str, Any] = {
        "nbest": Path(ns.nbest).name,
        "refs": [Path(r).name for r in ns.refs],
        "sha256": {Path(f).name: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files},
        "sentences": len(cands),
        "candidates": sum(len(c) for c in cands),
        "bootstrap": {"n": ns.bootstrap_n, "seed": ns.seed, "level": 0.95, "unit": "sentence"},
        "metrics": [],
    }
    nrefs = str(len(ns.refs) - 1)
    for (text, metric), res in zip(metrics, results, strict=True):
        doc["metrics"].append(
            {
                "spec": text,
                "name": metric.display_name,
                "signature": str(metric.signature(nrefs)),
                "sign_flipped": not type(metric).higher_is_better,
                "orange": res.orange,
                "orange_lower": res.lower,
                "orange_upper": res.upper,
                "average_rank": res.average_rank,
                "average_rank_lower": res.rank_lower,
                "average_rank_upper": res.rank_upper,
                "by_size": res.by_size,
                "ranks": res.ranks,
            }
        )
    if ns.plot:
        doc["plots"] = [str(p) for p in orange_plots(doc, Path(ns.plot))]
    sys.stdout.write(_dump(doc) if ns.format == "json" else orange_text(doc, ns.width))
    return 0


def orange_plots(doc: dict[str, Any], out_dir: Any) -> list[Any]:
    """ORANGE against n-best size (one line per metric) and ORANGE with its interval per metric."""
    from ..stats.plots import correlation_bars, orange_curve

    ms = doc["metrics"]
    if not ms:
        return []
    sizes = [row["n"] for row in ms[0]["by_size"]]
    curves = {m["spec"]: [row["orange"] for row in m["by_size"]] for m in ms}
    title = f"{doc['nbest']} ({doc['sentences']} sentences)"
    paths = orange_curve(sizes, curves, out_dir, "orange-by-size", title)
    paths += correlation_bars(
        [m["spec"] for m in ms],
        [100 * m["orange"] for m in ms],
        [100 * m["orange_lower"] for m in ms],
        [100 * m["orange_upper"] for m in ms],
        out_dir,
        "orange",
        "ORANGE % (95 % bootstrap CI; lower is better)",
        title,
    )
    return paths


def orange_text(doc: dict[str, Any], width: int) -> str:
    """ORANGE table (percent, lower is better), then ORANGE against n-best size, then signatures."""
    ms = doc["metrics"]
    lab = max([6] + [len(m["spec"]) for m in ms]) + 2
    lines = [
        f"n-best: {doc['nbest']} ({doc['sentences']} sentences, {doc['candidates']} candidates); "
        f"references: {' '.join(doc['refs'])}; bootstrap {doc['bootstrap']['n']} resamples of sentences, "
        f"seed {doc['bootstrap']['seed']}",
        "",
        "metric".ljust(lab) + "ORANGE % (95% CI)".ljust(30) + "avg rank (95% CI)",
    ]
    for m in ms:
        o = f"{100 * m['orange']:.{width}f} [{100 * m['orange_lower']:.{width}f}, {100 * m['orange_upper']:.{width}f}]"
        r = f"{m['average_rank']:.3f} [{m['average_rank_lower']:.3f}, {m['average_rank_upper']:.3f}]"
        lines.append(m["spec"].ljust(lab) + o.ljust(30) + r)
    sizes = [row["n"] for row in ms[0]["by_size"]] if ms else []
    lines += [
        "",
        "ORANGE % by n-best size N (first N candidates of each list):",
        "metric".ljust(lab) + "".join(f"{n:>8}" for n in sizes),
    ]
    for m in ms:
        lines.append(m["spec"].ljust(lab) + "".join(f"{100 * row['orange']:8.{width}f}" for row in m["by_size"]))
    lines += ["", "signatures (nrefs: references per leave-one-out subset):"]
    lines += [f"  {m['spec']}: {m['signature']}" for m in ms]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ mct / regress
def _learn_parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=description)
    _table_args(p)
    p.add_argument("--only-group", metavar="VALUE", help="train on the rows of one group (e.g. an lp) only")
    p.add_argument(
        "-o", "--output", metavar="MODEL.json", help="write the learned model (usable as -m combo:model=PATH)"
    )
    return p


def _features(ns: argparse.Namespace) -> tuple[Table, Columns, str, list[MetricScores], Any, Any]:
    import numpy as np

    table, cols, humans = _load(ns)
    if len(humans) != 1:
        raise InputError("learning needs exactly one --human column.")
    scores = score_table(table, cols, build_metrics(ns.metrics), ns.jobs)
    rows = np.arange(len(table))
    if ns.only_group is not None:
        if not cols.group:
            raise InputError("--only-group needs a group column (--group-col).")
        rows = np.flatnonzero(np.array(table.columns[cols.group]) == ns.only_group)
        if not len(rows):
            raise InputError(f"no row has {cols.group} = {ns.only_group}.")
    x = np.column_stack([s.segment_scores[rows] for s in scores])
    h = table.numbers(humans[0])[rows]
    return table, cols, humans[0], scores, x, (h, rows)


def _model_doc(
    kind: str,
    table: Table,
    human: str,
    scores: Sequence[MetricScores],
    weights: Sequence[float],
    intercept: float,
    extra: dict[str, Any],
    ns: argparse.Namespace,
    n: int,
) -> dict[str, Any]:
    return {
        "format": "mtmetrics-combo/1",
        "kind": kind,
        "features": [{"spec": s.spec, "signature": s.signature, "sign": -1 if s.flipped else 1} for s in scores],
        "weights": list(weights),
        "intercept": intercept,
        "training": {"table": table.name, "sha256": table.sha256, "human": human, "rows": n, "group": ns.only_group},
        **extra,
    }


def _write_model(doc: dict[str, Any], path: str | None) -> None:
    if path:
        from pathlib import Path

        Path(path).write_text(_dump(doc), encoding="utf-8")


def run_mct(argv: Sequence[str]) -> int:
    """``mtmetrics meta mct``: maximum correlation training (+ leave-one-system-out evaluation)."""
    from ..stats.mct import leave_one_system_out, mct

    p = _learn_parser("mtmetrics meta mct", "Maximum correlation training (Liu & Gildea 2007) of a linear combination.")
    p.add_argument("--restarts", type=int, default=10, help="seeded random restarts (plus one start per feature)")
    p.add_argument("--no-loso", action="store_true", help="skip the leave-one-system-out evaluation")
    ns = p.parse_args(argv)
    table, cols, human, scores, x, (h, rows) = _features(ns)
    model = mct(x, h, ns.restarts, ns.seed)
    extra: dict[str, Any] = {
        "training_r": model.r,
        "best_single_feature": scores[model.best_single_feature].spec,
        "best_single_r": model.best_single,
        "restarts": ns.restarts,
        "seed": ns.seed,
    }
    if not ns.no_loso:
        import numpy as np

        systems = np.array(table.columns[cols.system])[rows]
        extra["leave_one_system_out"] = leave_one_system_out(x, h, systems.tolist(), ns.restarts, ns.seed)
    doc = _model_doc("mct", table, human, scores, model.weights, 0.0, extra, ns, len(h))
    _write_model(doc, ns.output)
    if ns.format == "json":
        sys.stdout.write(_dump(doc))
        return 0
    lines = [f"MCT on {table.name} ({len(h)} segments, human={human}, seed {ns.seed}, {ns.restarts} random restarts)"]
    for f, w in zip(doc["features"], model.weights, strict=True):
        lines.append(f"  {w:+.6g} × {f['spec']}" + (" (sign-flipped)" if f["sign"] < 0 else ""))
    lines.append(
        f"training Pearson r = {model.r:.{ns.width}f} (best single feature {extra['best_single_feature']}: "
        f"{model.best_single:.{ns.width}f})"
    )
    if "leave_one_system_out" in extra:
        lo = extra["leave_one_system_out"]
        singles = ", ".join(f"{s.spec} {v:.{ns.width}f}" for s, v in zip(scores, lo["single_mean_r"], strict=True))
        lines.append(
            f"leave-one-system-out mean r = {lo['mean_r']:.{ns.width}f} ({len(lo['systems'])} systems; "
            f"single features: {singles})"
        )
    if ns.output:
        lines.append(f"model written to {ns.output} (score with: -m combo:model={ns.output})")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def run_regress(argv: Sequence[str]) -> int:
    """``mtmetrics meta regress``: stepwise linear regression on metric scores."""
    from ..stats.mct import stepwise

    p = _learn_parser("mtmetrics meta regress", "Stepwise linear regression (partial F tests) on metric scores.")
    p.add_argument("--p-enter", type=float, default=0.05)
    p.add_argument("--p-remove", type=float, default=0.10)
    ns = p.parse_args(argv)
    table, _cols, human, scores, x, (h, _rows) = _features(ns)
    res = stepwise(x, h, ns.p_enter, ns.p_remove)
    weights = [0.0] * len(scores)
    for j, c in zip(res.features, res.coefficients, strict=True):
        weights[j] = c
    extra = {
        "selected": [scores[j].spec for j in res.features],
        "training_r": res.r,
        "steps": [{**s, "feature": scores[int(s["feature"])].spec} for s in res.steps],  # type: ignore[call-overload]
        "p_enter": ns.p_enter,
        "p_remove": ns.p_remove,
    }
    doc = _model_doc("stepwise-ols", table, human, scores, weights, res.intercept, extra, ns, len(h))
    _write_model(doc, ns.output)
    if ns.format == "json":
        sys.stdout.write(_dump(doc))
        return 0
    lines = [
        f"stepwise OLS on {table.name} ({len(h)} segments, human={human}, p-enter {ns.p_enter}, p-remove {ns.p_remove})"
    ]
    for s in extra["steps"]:
        lines.append(f"  {s['action']:6} {s['feature']}: F = {s['F']:.4g}, p = {s['p']:.3g}")
    lines.append(f"selected: {', '.join(extra['selected']) or 'none'}; r = {res.r:.{ns.width}f}")
    if ns.output:
        lines.append(f"model written to {ns.output} (score with: -m combo:model={ns.output})")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


# ------------------------------------------------------------------------------ report
def _report_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mtmetrics meta report",
        description="A Markdown report of many metrics on one dataset: segment- and system-level Pearson, "
        "Spearman and Kendall with bootstrap intervals, Williams significance clusters, signatures, the data's "
        "SHA-256, the seed, the command and the time taken.",
    )
    p.add_argument(
        "tables", nargs="+", metavar="TABLE", help="one or more tables of judged segments (as for correlate)"
    )
    p.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        metavar="METRIC",
        help="metrics (default: every registered metric that needs neither a source nor annotations, except combo)",
    )
    p.add_argument("--human", nargs="+", metavar="COL", help="human score column(s) (default: z, mqm, ... per table)")
    for flag in ("--system-col", "--segment-col", "--source-col", "--hyp-col", "--group-col"):
        p.add_argument(flag)
    p.add_argument("--ref-cols", nargs="+", metavar="COL")
    p.add_argument("--no-group", action="store_true")
    p.add_argument("--no-split-systems", action="store_true")
    p.add_argument(
        "--levels", nargs="+", choices=("segment", "system"), default=["segment", "system"], help="(default: both)"
    )
    p.add_argument(
        "--sample-segments",
        type=int,
        metavar="N",
        help="keep N source segments per group (seeded; all systems' rows of each), for large tables",
    )
    p.add_argument(
        "--keep-reference-systems",
        action="store_true",
        help="keep systems whose output is one of the references (dropped by default and named in the report)",
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--bootstrap-n", type=int, default=DEFAULT_BOOT)
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes for scoring")
    p.add_argument("-o", "--output", metavar="REPORT.md", help="write the Markdown here (default: standard output)")
    p.add_argument("--json", metavar="PATH", help="also write every number as JSON")
    p.add_argument("--plot", metavar="DIR", help="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])")
    p.add_argument("--title", help="report title (default: the tables' names)")
    p.add_argument("--note", help="a sentence on the settings, printed near the top")
    p.add_argument("-w", "--width", type=int, default=3, help="decimals")
    return p


def _cross(
    scores: Sequence[MetricScores], res: Correlations, key: tuple[str, str, str]
) -> dict[tuple[str, str], float]:
    """Pearson correlations between the metrics' points (segment or system scores) of one cell."""
    import numpy as np

    specs = [s.spec for s in scores]
    stack = np.vstack([res.points[(key[0], key[1], key[2], sp)].metric for sp in specs])
    from ..stats.correlation import pearson_rows

    out: dict[tuple[str, str], float] = {}
    for i, a in enumerate(specs):
        others = stack[i + 1 :]
        if not len(others):
            continue
        rs = pearson_rows(np.broadcast_to(stack[i], others.shape), others)
        for b, r in zip(specs[i + 1 :], rs.tolist(), strict=True):
            out[(a, b)] = r
    return out


def run_report(argv: Sequence[str]) -> int:
    """``mtmetrics meta report``."""
    import shlex
    import time
    from pathlib import Path

    from .. import __version__
    from ..stats.metaeval import correlate_jobs, score_tables
    from ..stats.report import (
        clusters,
        default_metric_names,
        drop_systems,
        markdown,
        reference_systems,
        sample_table,
    )

    started = time.perf_counter()
    ns = _report_parser().parse_args(argv)
    if ns.bootstrap_n < 0 or ns.seed < 0 or ns.jobs < 1:
        raise ParameterError("--bootstrap-n and --seed must be non-negative, -j at least 1.")
    if ns.sample_segments is not None and ns.sample_segments < 1:
        raise ParameterError("--sample-segments must be at least 1.")
    _check_plot(ns.plot)
    names = ns.metrics or default_metric_names(plugins.metric_registry())
    metrics = build_metrics(names)
    loaded: list[tuple[Table, Columns, list[str], dict[str, Any] | None]] = []
    dropped: list[dict[str, float]] = []
    split = None if ns.no_split_systems else "+"
    for path in ns.tables:
        table = read_table(path)
        cols = detect_columns(
            table, ns.system_col, ns.segment_col, ns.hyp_col, ns.ref_cols, ns.source_col, ns.group_col, ns.no_group
        )
        humans = ns.human or ([h] if (h := default_human(table)) else [])
        if not humans:
            raise InputError(f"{table.name}: give the human score column(s) with --human.")
        for h in humans:
            if h not in table.columns:
                raise InputError(f"{table.name}: no column '{h}'; columns: {', '.join(table.columns)}.")
        refsys = {} if ns.keep_reference_systems else reference_systems(table, cols, split=split)
        if refsys:
            table = drop_systems(table, cols, set(refsys), split)
        dropped.append(refsys)
        sample = None
        if ns.sample_segments:
            table, sample = sample_table(table, cols, ns.sample_segments, ns.seed)
        loaded.append((table, cols, humans, sample))
    t_read = time.perf_counter()
    all_scores, unavailable = score_tables([(t, c) for t, c, _, _ in loaded], metrics, ns.jobs, not ns.metrics)
    t_score = time.perf_counter()
    results = []
    for (table, cols, humans, _), scores in zip(loaded, all_scores, strict=True):
        results.append(
            correlate_jobs(
                table, cols, scores, humans, ns.levels, KINDS, ns.bootstrap_n, ns.seed, False, split, ns.jobs
            )
        )
    t_corr = time.perf_counter()
    tables_doc = []
    for (table, cols, humans, sample), scores, res, refsys in zip(loaded, all_scores, results, dropped, strict=True):
        cells = list(dict.fromkeys((e.group, e.human, e.level) for e in res.estimates))
        cl_docs = []
        for group, human, level in cells:
            pear = [e for e in res.estimates if (e.group, e.human, e.level, e.kind) == (group, human, level, "pearson")]
            values = {e.metric: e.value for e in pear}
            n = pear[0].n if pear else 0
            ranking = clusters(values, _cross(scores, res, (group, human, level)), n)
            cl_docs.append(
                {"group": group, "human": human, "level": level, "n": n, "ranking": [dict(r.__dict__) for r in ranking]}
            )
        groups = list(dict.fromkeys(table.columns[cols.group])) if cols.group else ["all"]
        tables_doc.append(
            {
                "table": table.name,
                "sha256": table.sha256,
                "rows": len(table),
                "sample": sample,
                "dropped_systems": refsys,
                "groups": groups,
                "human": list(humans),
                "columns": {"system": cols.system, "segment": cols.segment, "hyp": cols.hyp, "refs": list(cols.refs)},
                "metrics": _metric_info(scores),
                "correlations": [e.to_dict() for e in res.estimates],
                "clusters": cl_docs,
                "system_points": res.system_points,
            }
        )
    t_sig = time.perf_counter()
    signatures: dict[str, list[str]] = {}
    cpu: dict[str, float] = {}
    flipped: set[str] = set()
    for scores in all_scores:
        for s in scores:
            sigs = signatures.setdefault(s.spec, [])
            if s.signature not in sigs:
                sigs.append(s.signature)
            cpu[s.spec] = cpu.get(s.spec, 0.0) + s.seconds
            if s.flipped:
                flipped.add(s.spec)
    doc: dict[str, Any] = {
        "title": ns.title or "Meta-evaluation: " + ", ".join(t.name for t, _, _, _ in loaded),
        "version": __version__,
        "command": "mtmetrics meta report " + shlex.join(list(argv)),
        "note": ns.note,
        "jobs": ns.jobs,
        "bootstrap": {"n": ns.bootstrap_n, "seed": ns.seed, "level": 0.95, "interval": "percentile"},
        "levels": list(ns.levels),
        "kinds": list(KINDS),
        "flipped": sorted(flipped),
        "unavailable": [dict(u.__dict__) for u in unavailable],
        "signatures": signatures,
        "scoring_cpu_seconds": cpu,
        "tables": tables_doc,
    }
    if ns.plot:
        doc["plots"] = [str(p) for p in _report_plots(doc, loaded, all_scores, results, Path(ns.plot))]
    done = time.perf_counter()
    doc["timing"] = {
        "total": done - started,
        "read": t_read - started,
        "scoring": t_score - t_read,
        "correlation": t_corr - t_score,
        "significance": t_sig - t_corr,
        "plots": done - t_sig if ns.plot else 0.0,
    }
    text = markdown(doc, ns.width)
    if ns.output:
        Path(ns.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if ns.json:
        Path(ns.json).write_text(_dump(doc), encoding="utf-8")
    return 0


def _report_plots(
    doc: dict[str, Any],
    loaded: Sequence[tuple[Table, Columns, list[str], Any]],
    all_scores: Sequence[Sequence[MetricScores]],
    results: Sequence[Correlations],
    out_dir: Any,
) -> list[Any]:
    paths = []
    for tb, (table, _, _, _), scores, res in zip(doc["tables"], loaded, all_scores, results, strict=True):
        prefix = table.name.split(".tsv")[0].split(".jsonl")[0] if len(doc["tables"]) > 1 else ""
        paths += correlation_plots(res, scores, out_dir, prefix, tb["correlations"])
    return paths


def correlation_plots(
    res: Correlations,
    scores: Sequence[MetricScores],
    out_dir: Any,
    prefix: str,
    estimates: Sequence[dict[str, Any]],
    kind: str = "pearson",
) -> list[Any]:
    """Segment-level scatter plots (one per metric, group and human column) and, per group, human
    column and level, a bar chart of every metric's coefficient ``kind`` with its interval."""
    from pathlib import Path

    from ..stats.plots import correlation_bars, safe_name, scatter

    out_dir = Path(out_dir)
    pre = f"{safe_name(prefix)}." if prefix else ""
    paths: list[Path] = []
    flipped = {s.spec for s in scores if s.flipped}
    for (group, human, level, spec), pts in res.points.items():
        if level != "segment":
            continue
        label = spec + (" (negated error rate)" if spec in flipped else "")
        paths += scatter(
            pts.metric.tolist(),
            pts.human.tolist(),
            out_dir,
            f"{pre}scatter.{safe_name(group)}.{safe_name(human)}.{safe_name(spec)}",
            label,
            f"human ({human})",
            f"{group}: {spec} vs {human} ({len(pts.metric)} segments)",
        )
    cells = dict.fromkeys((e["group"], e["human"], e["level"]) for e in estimates)
    for group, human, level in cells:
        rows = [
            e for e in estimates if (e["group"], e["human"], e["level"], e["kind"]) == (group, human, level, "pearson")
        ]
        nan = float("nan")
        paths += correlation_bars(
            [e["metric"] for e in rows],
            [nan if e["value"] is None else e["value"] for e in rows],
            [nan if e["lower"] is None else e["lower"] for e in rows],
            [nan if e["upper"] is None else e["upper"] for e in rows],
            out_dir,
            f"{pre}{kind}.{safe_name(group)}.{safe_name(human)}.{level}",
            f"{kind.capitalize()} (95 % bootstrap CI)",
            f"{group}, {level} level, human = {human}",
        )
    return paths
