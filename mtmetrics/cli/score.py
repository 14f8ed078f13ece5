"""``mtmetrics [score] REF [REF ...] -i HYP [HYP ...] -m NAME [NAME ...]``: score systems.

Parsing is done in two passes: the first finds the metrics (``-m``), the second adds the
``--<metric>-<param>`` flags generated from those metrics' declared parameters, so an unknown
parameter is an error that lists the metric's real ones. All files are read and checked, and every
score computed, before anything is written to standard output.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import plugins
from ..errors import InputError, MtmetricsError, ParameterError, suggest
from ..io import read_lines
from ..metric import Metric, Segment, Statistics, build_segments
from ..result import Result
from ..stats import DEFAULT_AR, DEFAULT_BOOTSTRAP, DEFAULT_SEED, Settings, compare_systems
from .output import FORMATS, Scored, render
from .progress import Progress


@dataclass(frozen=True)
class MetricSpec:
    """One ``-m`` entry: a metric name with optional inline parameters (``bleus:max_order=6``)."""

    text: str
    name: str
    inline: dict[str, str]


def parse_spec(text: str) -> MetricSpec:
    """Parse ``name`` or ``name:param=value,param=value``."""
    name, _, rest = text.partition(":")
    inline: dict[str, str] = {}
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key:
                raise ParameterError(f"-m {text}: expected name:param=value[,param=value], got '{item}'.")
            inline[key.strip().replace("-", "_")] = value.strip()
    return MetricSpec(text, name.strip(), inline)


def base_parser() -> argparse.ArgumentParser:
    """The scoring options shared by every metric."""
    p = argparse.ArgumentParser(
        prog="mtmetrics",
        description="Score machine-translation output. 'mtmetrics list' shows the metrics and their parameters.",
        epilog="Metric parameters: --<metric>-<param> VALUE (e.g. --bleu-max-ngram-order 6), or inline "
        "as -m bleus:max_order=6. Run 'mtmetrics -m NAME --help' to see a metric's flags.",
        allow_abbrev=False,
    )
    p.add_argument("refs", nargs="*", metavar="REF", help="reference files, one segment per line (.gz accepted)")
    p.add_argument("-i", "--input", nargs="+", metavar="HYP", help="system output files (default: standard input)")
    p.add_argument("-m", "--metrics", nargs="+", default=["bleu"], metavar="NAME", help="metrics (default: bleu)")
    p.add_argument("--src", metavar="FILE", help="source sentences, for metrics that need them")
    p.add_argument(
        "--annotation",
        nargs="+",
        action="append",
        metavar="NAME FILE",
        help="per-segment annotation NAME from FILE (one line per segment); with several files, each "
        "segment gets a list of lines, one per file (e.g. --annotation ref_pos refA.pos refB.pos); repeatable",
    )
    p.add_argument("-tok", "--tokenize", help="tokenizer for every metric with a 'tokenize' parameter")
    p.add_argument("-lc", "--lowercase", action="store_true", help="lowercase for every metric with 'lowercase'")
    p.add_argument("-sl", "--sentence-level", action="store_true", help="also report one score per segment")
    p.add_argument("-b", "--score-only", action="store_true", help="print only the scores")
    p.add_argument("-f", "--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument("-w", "--width", type=int, default=None, help="decimals in text output")
    p.add_argument("--short", action="store_true", help="short signatures")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    sig = p.add_argument_group("significance (sacrebleu's flags; the first system is the baseline)")
    sig.add_argument("-ci", "--confidence", action="store_true", help="bootstrap 95%% confidence intervals")
    sig.add_argument("-cin", "--confidence-n", type=int, default=DEFAULT_BOOTSTRAP, help="bootstrap resamples")
    pair = sig.add_mutually_exclusive_group()
    pair.add_argument("-pbs", "--paired-bs", action="store_true", help="paired bootstrap resampling test")
    pair.add_argument("-par", "--paired-ar", action="store_true", help="paired approximate randomisation test")
    sig.add_argument("-pbsn", "--paired-bs-n", type=int, default=DEFAULT_BOOTSTRAP, help="paired bootstrap resamples")
    sig.add_argument("-parn", "--paired-ar-n", type=int, default=DEFAULT_AR, help="approximate randomisation trials")
    sig.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (an integer; 0 is a seed too)")
    sig.add_argument("-j", "--jobs", type=int, default=1, help="worker processes for scoring and significance tests")
    return p


def settings_of(ns: argparse.Namespace, n_systems: int) -> Settings | None:
    """Significance settings from the flags, or None when no test was asked for."""
    paired = "bs" if ns.paired_bs else "ar" if ns.paired_ar else None
    if not (ns.confidence or paired):
        return None
    for flag, value in (
        ("--confidence-n", ns.confidence_n),
        ("--paired-bs-n", ns.paired_bs_n),
        ("--paired-ar-n", ns.paired_ar_n),
    ):
        if value < 1:
            raise ParameterError(f"{flag} must be a positive number of resamples, got {value}.")
    if ns.jobs < 1:
        raise ParameterError(f"-j/--jobs must be at least 1, got {ns.jobs}.")
    if ns.seed < 0:
        raise ParameterError(f"--seed must be a non-negative integer, got {ns.seed}.")
    if paired and n_systems < 2:
        raise InputError("paired tests compare systems: give at least two files to -i (the first is the baseline).")
    if ns.sentence_level:
        raise InputError("significance tests work on corpus scores; drop -sl or the test flags.")
    paired_n = ns.paired_bs_n if paired == "bs" else ns.paired_ar_n if paired == "ar" else 0
    return Settings(ns.confidence_n if ns.confidence else 0, paired, paired_n, ns.seed, ns.jobs)


def _add_metric_flags(parser: argparse.ArgumentParser, classes: dict[str, type[Metric]]) -> dict[str, tuple[str, str]]:
    """Add ``--<metric>-<param>`` flags; return dest -> (metric, param)."""
    dests: dict[str, tuple[str, str]] = {}
    for name, cls in classes.items():
        group = parser.add_argument_group(f"{name} parameters")
        for prm in cls.params:
            dest = f"param__{name}__{prm.name}"
            kwargs: dict[str, Any] = {"dest": dest, "default": argparse.SUPPRESS, "metavar": "VALUE"}
            help_text = f"{prm.help} (default: {prm.default})"
            if prm.choices:
                help_text += f"; one of {', '.join(map(str, prm.choices))}"
            if prm.type is bool:
                kwargs.update(nargs="?", const="yes", metavar="yes|no")
            group.add_argument(f"--{name}-{prm.flag}", help=help_text, **kwargs)
            dests[dest] = (name, prm.name)
    return dests


def _unknown_flag_error(unknown: list[str], classes: dict[str, type[Metric]]) -> MtmetricsError:
    flag = unknown[0]
    for name, cls in classes.items():
        prefix = f"--{name}-"
        if flag.startswith(prefix):
            param = flag[len(prefix) :].split("=", 1)[0]
            flags = [p.flag for p in cls.params]
            return ParameterError(
                f"{name}: unknown parameter '--{name}-{param}'.{suggest(param, flags)} "
                f"Its parameters: {', '.join(f'--{name}-{f}' for f in flags) or 'none'}."
            )
    return MtmetricsError(f"unrecognised argument '{flag}'. See 'mtmetrics --help'.")


def _metric_params(
    spec: MetricSpec, cls: type[Metric], ns: argparse.Namespace, dests: dict[str, tuple[str, str]]
) -> dict[str, Any]:
    declared = {p.name for p in cls.params}
    params: dict[str, Any] = {}
    if ns.tokenize is not None and "tokenize" in declared:
        params["tokenize"] = ns.tokenize
    if ns.lowercase and "lowercase" in declared:
        params["lowercase"] = True
    for dest, (metric, param) in dests.items():
        if metric == spec.name and hasattr(ns, dest):
            params[param] = getattr(ns, dest)
    params.update(spec.inline)
    return params


def _read_all(ns: argparse.Namespace) -> tuple[list[tuple[str, list[str]]], list[list[str]], list[str] | None]:
    if not ns.refs:
        raise InputError("no reference file given: mtmetrics REF [REF ...] -i HYP [HYP ...] -m NAME.")
    refs = [read_lines(path) for path in ns.refs]
    if ns.input:
        twice = sorted({p for p in ns.input if ns.input.count(p) > 1})
        if twice:
            raise InputError(f"{twice[0]} is given twice to -i; each system needs its own file name.")
        systems = [(path, read_lines(path)) for path in ns.input]
    else:
        if sys.stdin.isatty():
            raise InputError("no system output: give -i HYP [HYP ...] or pipe the hypotheses to standard input.")
        systems = [("-", read_lines("-"))]
    src = read_lines(ns.src) if ns.src else None
    counts = [(path, len(lines)) for path, lines in zip(ns.refs, refs, strict=True)]
    counts += [(path if path != "-" else "<stdin>", len(lines)) for path, lines in systems]
    if src is not None:
        counts.append((ns.src, len(src)))
    if len({c for _, c in counts}) > 1:
        listing = ", ".join(f"{path}: {c} lines" for path, c in counts)
        raise InputError(f"files have different numbers of lines ({listing}); each needs one line per segment.")
    return systems, refs, src


def _read_annotations(ns: argparse.Namespace, n: int, n_systems: int) -> dict[str, list[Any]] | None:
    """``--annotation NAME FILE [FILE ...]`` as ``{NAME: per-segment line or list of lines}``."""
    if not ns.annotation:
        return None
    if n_systems > 1:
        raise InputError("--annotation describes one system's segments: score one -i file at a time.")
    out: dict[str, list[Any]] = {}
    for item in ns.annotation:
        if len(item) < 2:
            raise InputError(f"--annotation {item[0]}: give the annotation's name, then its file(s).")
        name, paths = item[0], item[1:]
        if name in out:
            raise InputError(f"--annotation {name} is given twice.")
        columns = []
        for path in paths:
            lines = read_lines(path)
            if len(lines) != n:
                raise InputError(f"{path} (--annotation {name}) has {len(lines)} lines but the inputs have {n}.")
            columns.append(lines)
        out[name] = columns[0] if len(columns) == 1 else [list(row) for row in zip(*columns, strict=True)]
    return out


def run_score(argv: Sequence[str]) -> int:
    """Run the scoring command; returns the exit status."""
    argv = list(argv)
    wants_help = any(a in ("-h", "--help") for a in argv)
    pre = base_parser()
    first, _ = pre.parse_known_args([a for a in argv if a not in ("-h", "--help")])
    specs = [parse_spec(t) for t in first.metrics]
    classes: dict[str, type[Metric]] = {}
    for spec in specs:
        classes[spec.name] = plugins.metric_class(spec.name)
    parser = base_parser()
    dests = _add_metric_flags(parser, classes)
    if wants_help:
        parser.print_help()
        return 0
    ns, unknown = parser.parse_known_args(argv)
    if unknown:
        raise _unknown_flag_error(unknown, classes)
    if ns.width is not None and not 0 <= ns.width <= 17:
        raise ParameterError("-w/--width must be between 0 and 17.")
    metrics = [classes[s.name](**_metric_params(s, classes[s.name], ns, dests)) for s in specs]
    systems, refs, src = _read_all(ns)
    annotations = _read_annotations(ns, len(refs[0]), len(systems))
    settings = settings_of(ns, len(systems))
    if ns.jobs < 1:
        raise ParameterError(f"-j/--jobs must be at least 1, got {ns.jobs}.")
    names = {f"ref{k}": path for k, path in enumerate(ns.refs)}
    if ns.src:
        names["sources"] = ns.src
    work = len(systems) * len(metrics) * len(refs[0])
    bar = Progress(work, "scoring", enabled=False if ns.no_progress or work < 20000 else None)
    scored: list[Scored] = []
    all_stats: list[list[Statistics]] = [[] for _ in metrics]
    for path, hyps in systems:
        names["hyps"] = path if path != "-" else "<stdin>"
        for m, (spec, metric) in enumerate(zip(specs, metrics, strict=True)):
            segments = build_segments(hyps, refs, src, annotations, metric.inputs, names)
            stats = _statistics(metric, segments, bar, ns.jobs)
            all_stats[m].append(stats)
            corpus = metric.score_statistics(stats)
            seg_results: list[Result] | None = metric.segment_results(stats) if ns.sentence_level else None
            width = 2 if type(metric).score_range[1] > 1.0 else 4
            scored.append(Scored(names["hyps"], spec.text, corpus, seg_results, width))
    bar.close()
    if settings is not None:
        scored = _with_tests(scored, metrics, all_stats, settings)
    sys.stdout.write(render(scored, ns.format, ns.width, ns.score_only, ns.short))
    sys.stdout.flush()
    return 0


def _with_tests(
    scored: list[Scored], metrics: list[Metric], stats: list[list[Statistics]], settings: Settings
) -> list[Scored]:
    """Attach intervals, p-values and the resampling settings' signature fields."""
    tests = compare_systems(metrics, stats, settings)
    extra = settings.signature_fields()
    out = []
    for k, item in enumerate(scored):
        s, m = divmod(k, len(metrics))
        test = tests[m][s]
        result = replace(item.result, signature=item.result.signature.with_fields(extra))
        baseline = settings.paired is not None and s == 0
        out.append(replace(item, result=result, interval=test.interval, comparison=test.comparison, baseline=baseline))
    return out


def _statistics(metric: Metric, segments: list[Segment], bar: Progress, jobs: int) -> Statistics:
    return metric.statistics_of(segments, jobs, bar.advance if bar.enabled else None)
