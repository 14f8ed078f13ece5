"""``mtmetrics rank REF [REF ...] -i SYS1 SYS2 ... -m METRIC ...``: rank systems into significance clusters.

Every system is scored once per metric (its per-segment statistics, through the engine), or its
segment scores are read from a file (``-m file:PATH``); then every pair is tested from those
statistics (:mod:`.rank`), the p-values are corrected, and the systems are grouped into
clusters. Output: text (default), JSON, Markdown or LaTeX, and with ``--plot DIR`` a heat map of the
pairwise adjusted p-values per metric.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

from mtmetrics import plugins
from mtmetrics.api import Scorer
from mtmetrics.cli.args import alpha_arg, bounded, check_jobs
from mtmetrics.cli.score import add_shared_options, build_metric, parse_spec
from mtmetrics.engine import gate
from mtmetrics.errors import InputError, ParameterError
from mtmetrics.io import files
from mtmetrics.io.text import read_lines
from mtmetrics.jsonsafe import strict_json
from mtmetrics.stats import DEFAULT_AR, DEFAULT_BOOTSTRAP, DEFAULT_SEED, MAX_RESAMPLES
from mtmetrics.stats.corrections import CLUSTER_RULES, CORRECTIONS, at_floor, floor, p_text
from mtmetrics.texttables import aligned, latex_escape, latex_tabular, markdown_cell

from .rank import (
    TESTS,
    MetricInput,
    MetricRanking,
    Ranking,
    RankSettings,
    precomputed_statistics,
    rank,
    score_systems,
    systems_in_file,
)

FORMATS = ("text", "json", "markdown", "latex")
TEST_NAMES = {"bs": "paired bootstrap", "ar": "approximate randomisation"}
CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini-Hochberg", "none": "none"}


def build_parser(p: argparse.ArgumentParser) -> None:
    """The options of ``mtmetrics rank`` on the core's parser."""
    p.description = "Rank systems: every pair tested, p-values corrected, systems grouped into significance clusters."
    p.add_argument(
        "refs", nargs="*", metavar="REF", help="reference files, one segment per line (none: file: metrics only)"
    )
    p.add_argument("-i", "--input", nargs="+", metavar="SYS", help="system output files, one segment per line")
    p.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        default=list(plugins.DEFAULT_METRICS),
        metavar="METRIC",
        help="metrics (NAME or NAME:param=value), or file:PATH segment scores computed elsewhere: SYSTEM<TAB>SCORE "
        "lines, or a path with {system} (one file per system, one score per line); higher is better "
        f"(default: {' '.join(plugins.DEFAULT_METRICS)})",
    )
    p.add_argument("--names", nargs="+", metavar="NAME", help="system names, one per -i file (default: the file names)")
    add_shared_options(p)  # --src, --max-segment-tokens, -tok, -lc, -w, -j, -q: as in scoring
    p.set_defaults(sentence_level=False)  # corpus scores: no -sl defaults (build_metric)
    p.add_argument("-l", "--language-pair", metavar="SRC-TRG", help="language pair (as in scoring)")
    p.add_argument(
        "--test", choices=TESTS, default="bs", help="bs: paired bootstrap (default); ar: approximate randomisation"
    )
    p.add_argument(
        "-n",
        "--resamples",
        type=bounded(int, 1, MAX_RESAMPLES),
        help=f"resamples (default: {DEFAULT_BOOTSTRAP} for bs, {DEFAULT_AR} for ar, as sacrebleu)",
    )
    p.add_argument("--seed", type=bounded(int, 0), default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument(
        "--correction", choices=CORRECTIONS, default="holm", help="over each metric's pairs: holm (default), bh, none"
    )
    p.add_argument("--clusters", choices=CLUSTER_RULES, default="any", help="cluster rule (any: WMT's, the default)")
    alpha_arg(p)
    p.add_argument("-f", "--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument(
        "--plot", metavar="DIR", help="write a heat map of the pairwise adjusted p-values per metric (matplotlib)"
    )


def _names(ns: argparse.Namespace) -> list[str]:
    if ns.input:
        twice = sorted({x for x in ns.input if ns.input.count(x) > 1})
        if twice:
            raise InputError(f"{twice[0]} is given twice to -i; each system needs its own file.")
        if ns.names is not None:
            if len(ns.names) != len(ns.input):
                raise InputError(
                    f"--names gives {len(ns.names)} names for {len(ns.input)} -i files: one name per file."
                )
            return list(ns.names)
        names = [Path(x).name for x in ns.input]
        if len(set(names)) < len(names):
            return list(ns.input)
        return names
    tables = [m for m in ns.metrics if m.startswith("file:") and "{system}" not in m]
    if ns.names is not None:
        return list(ns.names)
    if not tables:
        raise InputError("no systems: give -i SYS1 SYS2 ... (or only file: metrics of SYSTEM<TAB>SCORE lines).")
    return systems_in_file(tables[0])


def _read(path: str, what: str) -> list[str]:
    if not Path(path).is_file():
        raise InputError(f"{path}: no such file ({what}).")
    return read_lines(path)


def inputs_of(ns: argparse.Namespace, names: list[str]) -> list[MetricInput]:
    """Every metric's statistics for every system: scored once (engine), or read from a file; each line
    over a metric's segment limit refused by file and line, as in scoring."""
    for spec in ns.metrics:
        if spec == "file:":
            raise InputError("-m file: scores computed elsewhere are file:PATH (SYSTEM<TAB>SCORE lines, or {system}).")
    computed = [m for m in ns.metrics if not m.startswith("file:")]
    if computed and not ns.input:
        raise InputError(f"-m {computed[0]} scores text: give the system files with -i and the references.")
    if ns.input and not computed and ns.refs:
        raise InputError("reference files are given but every metric is a file: drop the references or add a metric.")
    hyps = [_read(x, "system output") for x in ns.input or []]
    refs = [_read(x, "reference") for x in ns.refs]
    src = _read(ns.src, "source") if ns.src else None
    n_seg = len(hyps[0]) if hyps else None
    for path, lines in [*zip(ns.input or [], hyps, strict=True), *zip(ns.refs, refs, strict=True)]:
        if n_seg is not None and len(lines) != n_seg:
            raise InputError(
                f"{path}: {len(lines)} lines, {ns.input[0]} has {n_seg}; every file needs one line per segment."
            )
    if src is not None and n_seg is not None and len(src) != n_seg:
        raise InputError(f"{ns.src}: {len(src)} lines, the systems have {n_seg}.")
    jobs = check_jobs(ns.jobs, ns.quiet)
    out: list[MetricInput | None] = []
    scorers = []
    for spec in ns.metrics:  # in order, so the first bad one is the one named
        if spec.startswith("file:"):
            out.append(precomputed_statistics(spec, names, n_seg))
            continue
        parsed = parse_spec(spec)
        scorers.append(Scorer(build_metric(parsed, plugins.REGISTRY.metric_class(parsed.name), ns, {})))
        if not ns.refs and type(scorers[-1].metric).inputs.references:  # else reference-free (CometKiwi)
            raise InputError(f"-m {spec} needs reference files: mtmetrics rank REF [REF ...] -i SYS1 SYS2 ...")
        out.append(None)
    limit = gate.strictest([s.metric for s in scorers], ns.max_segment_tokens)
    if limit is not None:
        limit.check_lines(["\n".join(x).encode() for x in [*hyps, *refs]], [*(ns.input or []), *ns.refs], 1)
    for scorer in scorers if ns.max_segment_tokens is not None else []:
        scorer.max_segment_tokens = ns.max_segment_tokens  # checked above: the engine's check passes
    # every system and metric scored in one pass, with one pool of workers
    scored = iter(score_systems(scorers, computed, hyps, refs, src, jobs) if scorers else [])
    inputs = [m if m is not None else next(scored) for m in out]
    if n_seg is None:
        lengths = {len(m.statistics[0]) for m in inputs}
        if len(lengths) > 1:
            raise InputError(f"the file: metrics score different numbers of segments ({sorted(lengths)}).")
    return inputs


def settings_of(ns: argparse.Namespace) -> RankSettings:
    """The ranking settings from the options."""
    n = ns.resamples if ns.resamples is not None else DEFAULT_BOOTSTRAP if ns.test == "bs" else DEFAULT_AR
    return RankSettings(ns.test, n, ns.seed, ns.correction, ns.clusters, ns.alpha)


def run(ns: argparse.Namespace) -> int:
    """Rank the systems and write the document (and the pictures)."""
    if ns.names is not None and ns.input is None and not any(m.startswith("file:") for m in ns.metrics):
        raise ParameterError("--names names the -i files: give -i too.")
    if ns.plot is not None:  # before any scoring: a file in the way is refused at once
        files.output_directory(ns.plot, "--plot")
    if ns.names is not None and len(set(ns.names)) != len(ns.names):
        twice = next(x for x in ns.names if ns.names.count(x) > 1)
        raise InputError(f"--names: '{twice}' is given twice; each system needs its own name.")
    settings = settings_of(ns)
    names = _names(ns)
    result = rank(inputs_of(ns, names), names, settings)
    text = render(result, ns.format, ns.width)
    if ns.plot is not None:
        heat_maps(result, Path(ns.plot))
    sys.stdout.write(text)
    return 0


# -------------------------------------------------------------------------------- output
def _decimals(m: MetricRanking, width: int | None) -> int:
    """``-w``, else 2 for metrics on a 0-100 scale (BLEU, chrF, TER) and 4 for the others (scores read
    from files included: COMET's and human scores are often below 1)."""
    if width is not None:
        return width
    top = m.score_range[1]
    return 2 if 1.0 < top < float("inf") else 4


def _header(r: Ranking) -> list[str]:
    s = r.settings
    return [
        f"{len(r.names)} systems, {len(r.names) * (len(r.names) - 1) // 2} pairs; {TEST_NAMES[s.test]}, "
        f"{s.n} resamples, seed {s.seed}; correction: {CORRECTION_NAMES[s.correction]}; alpha {s.alpha:g}",
        f"clusters: {r.rule_text}",
        f"MDD: minimum detectable difference at {s.power:.0%} power, (z(1-alpha/2) + z(power)) x sd of the "
        "resampled differences",
        f"p-values: (c+1)/(N+1) of N resamples; '<F': no resample was as extreme, F = 1/(N+1) = {floor(s.n):.3g} "
        "rounded up",
    ]


def _system_rows(m: MetricRanking, d: int) -> list[list[str]]:
    rows = [["cluster", "system", "score", "95% CI"]]
    for s in m.systems:
        ci = f"[{s.lower:.{d}f}, {s.upper:.{d}f}]" if s.lower is not None and s.upper is not None else "-"
        rows.append([str(s.cluster), s.name, f"{s.score:.{d}f}", ci])
    return rows


def _pair_rows(m: MetricRanking, r: Ranking, d: int) -> list[list[str]]:
    n = r.settings.n
    corr = r.settings.correction
    acc = m.thresholds is not None  # the column only where mt-thresholds knows the metric
    rows = [["A", "B", "A-B", "p", f"p ({corr})", "sig", *(["human acc"] if acc else []), "MDD"]]
    for p in m.pairs:
        rows.append(
            [
                p.a,
                p.b,
                f"{p.delta:+.{d}f}",
                p_text(p.p_value, n),
                p_text(p.p_adjusted, n),
                "*" if p.significant else "",
                *([f"{p.accuracy:.1%}"] if acc and p.accuracy is not None else []),
                f"{p.min_detectable:.{d}f}",
            ]
        )
    return rows


def render(r: Ranking, fmt: str, width: int | None) -> str:
    """The ranking document in ``fmt`` (text, json, markdown, latex)."""
    if fmt == "json":
        return strict_json(as_json(r), indent=1) + "\n"
    lines: list[str] = []
    if fmt == "text":
        lines += _header(r)
        for m in r.metrics:
            d = _decimals(m, width)
            lines += ["", f"{m.label}: {m.signature}", m.accuracy_note, ""]
            lines += aligned(_system_rows(m, d))
            lines += [""]
            lines += aligned(_pair_rows(m, r, d))
    elif fmt == "markdown":

        def table(rows: list[list[str]]) -> list[str]:
            head = "| " + " | ".join(markdown_cell(c) for c in rows[0]) + " |"
            rule = "|" + "|".join("---" for _ in rows[0]) + "|"
            return [head, rule, *("| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in rows[1:])]

        lines += [f"- {h}" for h in _header(r)]
        for m in r.metrics:
            d = _decimals(m, width)
            lines += ["", f"## {markdown_cell(m.label)}", "", f"`{markdown_cell(str(m.signature))}`", ""]
            lines += [m.accuracy_note, ""]
            lines += [*table(_system_rows(m, d)), "", *table(_pair_rows(m, r, d))]
    else:
        lines += [f"% {h}" for h in _header(r)]
        for m in r.metrics:
            d = _decimals(m, width)
            lines += ["", f"% {m.label}: {m.signature}", f"% {m.accuracy_note}"]
            for rows in (_system_rows(m, d), _pair_rows(m, r, d)):
                # "<" is a text-mode ¡ in LaTeX's default font encoding: set it as math
                lines += latex_tabular([[latex_escape(c).replace("<", "$<$") for c in row] for row in rows])
    return "\n".join(lines) + "\n"


def as_json(r: Ranking) -> dict[str, object]:
    """The document as JSON: every number unrounded, with each p-value's resample count."""
    s = r.settings
    n = s.n

    def pvalue(p: float) -> dict[str, object]:
        return {"value": p, "n": n, "at_floor": at_floor(p, n)}

    return {
        "systems": list(r.names),
        "settings": {
            "test": s.test,
            "resamples": n,
            "seed": s.seed,
            "correction": s.correction,
            "clusters": s.rule,
            "alpha": s.alpha,
            "power": s.power,
            "p_floor": floor(n),
        },
        "cluster_rule": r.rule_text,
        "metrics": [
            {
                "metric": m.label,
                "signature": str(m.signature),
                "higher_is_better": m.higher_is_better,
                "human_accuracy": {"thresholds": m.thresholds, "note": m.accuracy_note},
                "ranking": [
                    {
                        "system": x.name,
                        "score": x.score,
                        "cluster": x.cluster,
                        "position": x.position,
                        "ci_lower": x.lower,
                        "ci_upper": x.upper,
                    }
                    for x in m.systems
                ],
                "pairs": [
                    {
                        "a": p.a,
                        "b": p.b,
                        "delta": p.delta,
                        "p_value": pvalue(p.p_value),
                        "p_adjusted": pvalue(p.p_adjusted),
                        "significant": p.significant,
                        "min_detectable_difference": p.min_detectable,
                        "human_accuracy": p.accuracy,
                    }
                    for p in m.pairs
                ],
            }
            for m in r.metrics
        ],
    }


def heat_maps(r: Ranking, out_dir: Path) -> list[Path]:
    """One heat map per metric: adjusted p-values of every pair, systems in rank order (PNG and SVG)."""
    from mtmetrics.io.figures import draw_figure, safe_name

    paths: list[Path] = []
    for m in r.metrics:
        order = [s.name for s in m.systems]
        pos = {name: k for k, name in enumerate(order)}
        grid = np.full((len(order), len(order)), np.nan)
        for p in m.pairs:
            grid[pos[p.a], pos[p.b]] = grid[pos[p.b], pos[p.a]] = p.p_adjusted

        def draw(ax: Any, grid: np.ndarray = grid, order: list[str] = order) -> None:
            image = ax.imshow(grid, vmin=0.0, vmax=1.0, cmap="viridis_r")
            ax.set_xticks(range(len(order)))
            ax.set_xticklabels(order, rotation=60, ha="right")
            ax.set_yticks(range(len(order)))
            ax.set_yticklabels(order)
            ax.figure.colorbar(image, ax=ax)

        size = max(3.5, 0.35 * len(order) + 2.0)
        title = f"{m.label}: {CORRECTION_NAMES[r.settings.correction]}-adjusted p"
        paths += draw_figure(
            (size + 1.0, size), title, out_dir, f"rank-{safe_name(m.label)}", draw, {"axes.grid": False}
        )
    return paths
