"""``mtmetrics [score] REF [REF ...] -i HYP [HYP ...] -m NAME [NAME ...]``: score systems.

Parsed twice (the metrics first, then their ``--<metric>-<param>`` flags); everything is scored
before anything is written.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .. import plugins
from ..engine import gate
from ..engine.streaming import ChunkSource, SegmentStore, score_sources
from ..errors import InputError, MtmetricsError, ParameterError, suggest
from ..io import read_blocks, read_reference_rows
from ..io.lines import Layout, line_chunks
from ..io.references import FileNotes
from ..io.testsets import TestSet, find_test_set
from ..io.text import LINES, Block, rereadable
from ..metric import Inputs, Metric, Statistics
from ..params import checked_pair, parse_inline
from ..resources import lid
from ..signature_parse import OFF_TARGET, load, metric_class, split
from ..stats import DEFAULT_AR, DEFAULT_BOOTSTRAP, DEFAULT_SEED, MAX_RESAMPLES
from ..version import __version__
from .args import StrictArgumentParser, bounded, check_jobs
from .output import FORMATS, Scored, render
from .progress import Progress
from .sacrebleu_json import render_sacrebleu_json

if TYPE_CHECKING:
    from ..engine.significance import Settings


@dataclass(frozen=True)
class MetricSpec:
    """One ``-m`` entry: a metric name with optional inline parameters (``bleus:max_order=6``), or a
    signature (it contains ``|``) and the metric loaded from it."""

    text: str
    name: str
    inline: dict[str, str]
    signature: bool = False


#: names of the process's standard input, which can be read only once
_STDIN = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})


def parse_spec(text: str) -> MetricSpec:
    """Parse ``name`` or ``name:param=value,param=value``; the name in any case (``BLEU`` is ``bleu``); or
    a signature (the metric is loaded by :func:`build_metric`, with the files given beside it)."""
    if "|" in text:
        return MetricSpec(text, metric_class(text).name, {}, signature=True)
    name, inline = parse_inline(text)
    return MetricSpec(text, plugins.REGISTRY.canonical_name(name), inline)


def add_shared_options(p: argparse.ArgumentParser) -> None:
    """The options that mean the same to ``score`` and ``rank``: the source, the segment limit, the
    parameters set for every metric at once (applied by :func:`build_metric`), decimals, workers, quiet."""
    p.add_argument("--src", metavar="FILE", help="source sentences, for metrics that need them")
    p.add_argument(
        "--max-segment-tokens",
        type=bounded(int, 0),
        metavar="N",
        help="longest segment (whitespace-separated tokens) that metrics whose cost grows faster than linearly "
        "accept (default: each metric's own limit, see 'mtmetrics list'; 0: no limit)",
    )
    p.add_argument("-tok", "--tokenize", help="tokenizer for every metric with a 'tokenize' parameter")
    p.add_argument("-lc", "--lowercase", action="store_true", help="lowercase for every metric with 'lowercase'")
    p.add_argument(
        "-w", "--width", type=bounded(int, 0, 17), help="decimals of scores (default 2 on 0-100 scales, else 4)"
    )
    p.add_argument("-j", "--jobs", type=bounded(int, 1), default=1, help="worker processes (default 1)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no warnings on standard error")


def base_parser() -> argparse.ArgumentParser:
    """The scoring options shared by every metric."""
    p = StrictArgumentParser(
        prog="mtmetrics",
        description="Score machine-translation output. 'mtmetrics list' shows the metrics and their parameters.",
        epilog="Metric parameters: --<metric>-<param> VALUE (e.g. --bleu-max-ngram-order 6), or inline "
        "as -m bleus:max_order=6. Run 'mtmetrics -m NAME --help' to see a metric's flags.",
    )
    p.add_argument("refs", nargs="*", metavar="REF", help="reference files, one segment per line (.gz accepted)")
    p.add_argument("-i", "--input", nargs="+", metavar="HYP", help="system output files (default: standard input)")
    p.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        default=list(plugins.DEFAULT_METRICS),
        metavar="NAME",
        help=f"metrics (default: {' '.join(plugins.DEFAULT_METRICS)})",
    )
    p.add_argument(
        "--allow-version-mismatch",
        action="store_true",
        help="score a -m SIGNATURE whose versions or resources differ from this installation (a warning; the "
        "signature shows now(signed then))",
    )
    add_shared_options(p)
    p.add_argument(
        "--annotation",
        nargs="+",
        action="append",
        metavar="NAME FILE",
        help="per-segment annotation NAME from FILE (one line per segment); with several files, each "
        "segment gets a list of lines, one per file (e.g. --annotation ref_pos refA.pos refB.pos); repeatable",
    )
    plugins.REGISTRY.get_plugin_manager().hook.add_row_options(command="score", parser=p)  # e.g. --align-hyp FILE
    p.add_argument("-sl", "--sentence-level", action="store_true", help="also report one score per segment")
    p.add_argument("-b", "--score-only", action="store_true", help="print only the scores")
    p.add_argument("-f", "--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument(
        "--json-style",
        choices=("mtmetrics", "sacrebleu"),
        default="mtmetrics",
        help="with -f json: mtmetrics' lossless schema (default) or sacrebleu 2.6's (rounded to -w, default 1)",
    )
    p.add_argument("-sh", "--short", action="store_true", help="short signatures")
    p.add_argument(
        "--target-lang",
        metavar="LANG",
        help="report each system's share of segments that py3langid does not identify as LANG (e.g. de; needs "
        "mtmetrics[lid]); segments of fewer than 20 letters are never flagged",
    )
    p.add_argument(
        "--off-target",
        choices=("flag", "empty"),
        help="with --target-lang: only report (flag, the default), or score those segments as empty lines (empty; "
        "the signature says so)",
    )
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.add_argument(
        "-e", "--encoding", default="utf-8", help="encoding of the input files: mtmetrics reads UTF-8 only (as default)"
    )
    p.add_argument("-V", "--version", action="version", version=f"mtmetrics {__version__}")
    ts = p.add_argument_group("sacrebleu test sets (read from sacrebleu's local cache; never downloaded)")
    ts.add_argument("-t", "--test-set", metavar="NAME", help="score against a sacrebleu test set's references")
    ts.add_argument(
        "-l",
        "--language-pair",
        metavar="SRC-TRG",
        help="language pair: selects the test set's pair, BLEU's tokenizer for zh/ja/ko as sacrebleu does, and "
        "makes metrics whose resources cover other languages only refuse the target language",
    )
    ts.add_argument(
        "--echo",
        nargs="+",
        choices=("src", "ref"),
        help="print the test set's source or references (tab-separated) and exit",
    )
    sig = p.add_argument_group("significance (sacrebleu's flags; the first system is the baseline)")
    n = bounded(int, 1, MAX_RESAMPLES)
    sig.add_argument("-ci", "--confidence", action="store_true", help="bootstrap 95%% confidence intervals")
    sig.add_argument("-cin", "--confidence-n", type=n, help=f"bootstrap resamples (default {DEFAULT_BOOTSTRAP})")
    pair = sig.add_mutually_exclusive_group()
    pair.add_argument("-pbs", "--paired-bs", action="store_true", help="paired bootstrap resampling test")
    pair.add_argument("-par", "--paired-ar", action="store_true", help="paired approximate randomisation test")
    sig.add_argument("-pbsn", "--paired-bs-n", type=n, help=f"paired bootstrap resamples (default {DEFAULT_BOOTSTRAP})")
    sig.add_argument("-parn", "--paired-ar-n", type=n, help=f"approximate randomisation trials (default {DEFAULT_AR})")
    sig.add_argument(
        "--seed", type=bounded(int, 0), help=f"random seed (an integer; 0 is a seed too; default {DEFAULT_SEED})"
    )
    return p


def settings_of(ns: argparse.Namespace, n_systems: int) -> Settings | None:
    """Significance settings from the flags, or None when no test was asked for."""
    paired = "bs" if ns.paired_bs else "ar" if ns.paired_ar else None
    for flag, value, used, test in (
        ("-cin/--confidence-n", ns.confidence_n, ns.confidence, "-ci"),
        ("-pbsn/--paired-bs-n", ns.paired_bs_n, paired == "bs", "-pbs"),
        ("-parn/--paired-ar-n", ns.paired_ar_n, paired == "ar", "-par"),
        ("--seed", ns.seed, ns.confidence or paired, "a test (-ci, -pbs or -par)"),
    ):
        if value is not None and not used:
            raise ParameterError(f"{flag} has no effect without {test}: add the test or drop it.")
    if not (ns.confidence or paired):
        return None
    from ..engine.significance import Settings  # the statistics machinery only when a test runs

    if paired and n_systems < 2:
        raise InputError("paired tests compare systems: give at least two files to -i (the first is the baseline).")
    if ns.sentence_level:
        raise InputError("significance tests work on corpus scores; drop -sl or the test flags.")
    paired_n = {"bs": ns.paired_bs_n or DEFAULT_BOOTSTRAP, "ar": ns.paired_ar_n or DEFAULT_AR, None: 0}[paired]
    seed = DEFAULT_SEED if ns.seed is None else ns.seed
    return Settings((ns.confidence_n or DEFAULT_BOOTSTRAP) if ns.confidence else 0, paired, paired_n, seed, ns.jobs)


def _add_metric_flags(parser: argparse.ArgumentParser, classes: dict[str, type[Metric]]) -> dict[str, tuple[str, str]]:
    """Add ``--<metric>-<param>`` flags; return dest -> (metric, param)."""
    dests: dict[str, tuple[str, str]] = {}
    for name, cls in classes.items():
        group = parser.add_argument_group(f"{name} parameters")
        for prm in cls.params:
            dest = f"param__{name}__{prm.name}"
            kwargs: dict[str, Any] = {"dest": dest, "default": argparse.SUPPRESS, "metavar": "VALUE"}
            help_text = f"{prm.help} (default: {prm.default}"
            help_text += f"; range {prm.range_text})" if prm.range is not None else ")"
            if prm.choices:
                help_text += f"; one of {', '.join(map(str, prm.choices))}"
            if prm.type is bool:
                kwargs.update(nargs="?", const="yes", metavar="yes|no")
            flags = [f"--{name}-{prm.flag}", *(a for a in prm.aliases if a != f"--{name}-{prm.flag}")]
            for flag in flags:
                if flag in parser._option_string_actions:
                    other = dests.get(parser._option_string_actions[flag].dest)
                    owner = f"{other[0]}'s parameter {other[1]}" if other else "a core option"
                    raise ParameterError(
                        f"{flag} would mean both {name}'s parameter {prm.name} and {owner}: score these "
                        f"metrics in separate runs, or use the inline form -m {name}:{prm.name}=VALUE."
                    )
            group.add_argument(*flags, help=help_text, **kwargs)
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
    name = flag.split("=", 1)[0]
    for metric, entry in sorted(plugins.REGISTRY.metric_registry().items()):
        for prm in entry.cls.params:
            if name in prm.aliases:
                return ParameterError(
                    f"{name} is {metric}'s parameter {prm.name} (sacrebleu's spelling), but {metric} is not among "
                    f"the metrics: add it to -m, or drop {name}."
                )
    return MtmetricsError(f"unrecognised argument '{flag}'. See 'mtmetrics --help'.")


def build_metric(
    spec: MetricSpec, cls: type[Metric], ns: argparse.Namespace, dests: dict[str, tuple[str, str]]
) -> Metric:
    """The metric of one ``-m`` entry, through :func:`mtmetrics.engine.gate.build_metric` (``-l``, ``-sl``)."""
    declared = {p.name for p in cls.params}
    implied = {k: v for k, v in cls.sentence_defaults().items() if k in declared} if ns.sentence_level else {}
    source, target = checked_pair(ns.language_pair, "-l/--language-pair") if ns.language_pair else (None, None)
    context = f" (-l {ns.language_pair})"
    if spec.signature:  # its parameters (files given beside it), none implied, an uncovered target refused
        given = _metric_params(spec, cls, ns, dests)
        paths = {p.name for p in cls.params if p.path}
        if set(given) - paths:
            name = next(k for k in given if k not in paths)
            raise ParameterError(f"-m {spec.text}: a signature sets every parameter but its files; do not set {name}.")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            metric = load(spec.text, getattr(ns, "allow_version_mismatch", False), given)
        for w in caught if not ns.quiet else ():
            print(f"mtmetrics: warning: {w.message}", file=sys.stderr)
        if target is not None:
            gate.refuse_language(metric, target, context)
        return metric
    return gate.build_metric(cls, _metric_params(spec, cls, ns, dests), target, source, implied, context)


def _metric_params(
    spec: MetricSpec, cls: type[Metric], ns: argparse.Namespace, dests: dict[str, tuple[str, str]]
) -> dict[str, Any]:
    """The parameters the user set for one ``-m`` entry (flags, ``-tok``, ``-lc``, inline); one set two
    ways is an error."""
    declared = {p.name for p in cls.params}
    given: dict[str, tuple[str, Any]] = {}

    def put(param: str, how: str, value: Any) -> None:
        if param in given:
            raise ParameterError(
                f"{spec.name}'s parameter {param} is set twice, by {given[param][0]} and by {how}: set it once."
            )
        given[param] = (how, value)

    if ns.tokenize is not None and "tokenize" in declared:
        put("tokenize", f"-tok {ns.tokenize}", ns.tokenize)
    if ns.lowercase and "lowercase" in declared:
        put("lowercase", "-lc", True)
    for dest, (metric, param) in dests.items():
        if metric == spec.name and hasattr(ns, dest):
            put(param, f"--{metric}-{param.replace('_', '-')} {getattr(ns, dest)}", getattr(ns, dest))
    for param, value in spec.inline.items():
        put(param, f"-m {spec.text}", value)
    return {param: value for param, (_, value) in given.items()}


def _test_set(ns: argparse.Namespace) -> TestSet | None:
    """Resolve ``-t``/``-l``/``--echo``/``-e``: the test set's files from sacrebleu's cache, if any."""
    if ns.encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise InputError(
            f"-e/--encoding {ns.encoding}: mtmetrics reads UTF-8 only; convert the files first "
            f"(iconv -f {ns.encoding} -t UTF-8 FILE > FILE.utf8)."
        )
    if ns.language_pair:
        checked_pair(ns.language_pair, "-l/--language-pair")
    if ns.test_set is None:
        if ns.echo:
            raise InputError("--echo prints a test set's fields: give -t NAME -l SRC-TRG too.")
        return None
    if ns.refs:
        raise InputError(
            f"give either reference files or a test set (-t {ns.test_set}), not both: "
            f"{ns.refs[0]} would be taken as a reference."
        )
    found = find_test_set(ns.test_set, ns.language_pair)
    ns.refs = list(found.references)
    return found


def _check_inputs(ns: argparse.Namespace, specs: list[MetricSpec], metrics: list[Metric]) -> list[str]:
    """The system files (``-`` for standard input), after the checks that need no reading."""
    need = [spec.name for spec, m in zip(specs, metrics, strict=True) if type(m).inputs.references]
    if not ns.refs and need:
        free = [spec.name for spec, m in zip(specs, metrics, strict=True) if not type(m).inputs.references]
        mixed = f" ({', '.join(free)} needs none, but {', '.join(need)} does: score them in two runs)" if free else ""
        raise InputError(
            f"no reference file given{mixed}: mtmetrics REF [REF ...] -i HYP [HYP ...] -m NAME, or -t TESTSET -l LP."
        )
    if ns.input:
        twice = sorted({p for p in ns.input if ns.input.count(p) > 1})
        if twice:
            raise InputError(f"{twice[0]} is given twice to -i; each system needs its own file name.")
        systems = list(ns.input)
    else:
        if sys.stdin.isatty():
            raise InputError("no system output: give -i HYP [HYP ...] or pipe the hypotheses to standard input.")
        systems = ["-"]
    stdin = [p for p in [*systems, *ns.refs, ns.src, *(f for a in ns.annotation or [] for f in a[1:])] if p in _STDIN]
    if len(stdin) > 1:
        raise InputError(
            f"standard input is given {len(stdin)} times ({', '.join(stdin)}): it can be read once; give files "
            f"for all inputs but one."
        )
    if ns.annotation and len(systems) > 1:
        raise InputError("--annotation and --align-hyp describe one system's segments: score one -i file at a time.")
    seen = set()
    for item in ns.annotation or []:
        if len(item) < 2:
            raise InputError(f"--annotation {item[0]}: give the annotation's name, then its file(s).")
        if item[0] in seen:
            raise InputError(f"--annotation {item[0]} is given twice.")
        seen.add(item[0])
    # the files of plugins' options (e.g. --align-hyp), each with its decoder: kept for _layout
    ns.plugin_files = plugins.REGISTRY.get_plugin_manager().hook.annotate_lines(args=ns)
    return systems


def _layout(ns: argparse.Namespace, system: str) -> Layout:
    """Where each file of one system's run sits in the row of lines read in lockstep."""
    paths = [system, *ns.refs]

    def place(files: Sequence[str]) -> tuple[int, ...]:
        paths.extend(files)
        return tuple(range(len(paths) - len(files), len(paths)))

    src = place([ns.src])[0] if ns.src else None
    annotations = tuple((name, place(files)) for name, *files in ns.annotation or [])
    decoders = tuple((decode, place(files)) for files, decode in ns.plugin_files)
    return Layout(tuple(paths), len(ns.refs), src, annotations, decoders)


def main(argv: Sequence[str]) -> int:
    """Run the scoring command; returns the exit status."""
    argv = list(argv)
    wants_help = any(a in ("-h", "--help") for a in argv)
    first, _ = base_parser().parse_known_args([a for a in argv if a not in ("-h", "--help")])
    specs = [parse_spec(t) for t in first.metrics]
    classes = {spec.name: plugins.REGISTRY.metric_class(spec.name) for spec in specs}
    parser = base_parser()
    dests = _add_metric_flags(parser, classes)
    if wants_help:
        parser.print_help()
        return 0
    ns, unknown = parser.parse_known_args(argv)
    if unknown:
        raise _unknown_flag_error(unknown, classes)
    if ns.score_only and ns.format != "text":
        raise ParameterError(
            f"-b/--score-only prints bare scores as text, but -f {ns.format} always carries the full results: "
            "drop -b or -f."
        )
    if ns.json_style == "sacrebleu" and (ns.format != "json" or ns.sentence_level):
        raise ParameterError(
            "--json-style sacrebleu is sacrebleu's corpus-level JSON: use it with -f json and without -sl "
            "(sacrebleu prints -sl scores as text)."
        )
    _check_target_lang(ns, specs)
    test_set = _test_set(ns)
    if ns.echo:  # the test set's fields, tab-separated, one segment per line (as sacrebleu)
        assert test_set is not None  # _test_set refuses --echo without -t
        paths = [p for field in ns.echo for p in ([test_set.source] if field == "src" else test_set.references)]
        for block in read_blocks(paths, LINES):
            sys.stdout.write("".join("\t".join(row) + "\n" for row in block.rows()))
        return 0
    metrics = [build_metric(s, classes[s.name], ns, dests) for s in specs]
    if test_set is not None and ns.src is None and any(type(m).inputs.source for m in metrics):
        ns.src = test_set.source
    systems = _check_inputs(ns, specs, metrics)
    ns.jobs = check_jobs(ns.jobs, ns.quiet)
    settings = settings_of(ns, len(systems))
    inputs = gate.inputs_of(tuple(type(m) for m in metrics))
    for name, *_ in ns.annotation or []:
        if name not in inputs.annotations:
            used = ", ".join(inputs.annotations) or "none"
            raise InputError(f"--annotation {name}: no chosen metric uses it (the chosen metrics use: {used}).")
    stores: list[SegmentStore] = []
    # references (and the source) read once per system, and once more to prepare a metric: a pipe is kept
    again = [*ns.refs, *([ns.src] if ns.src else [])] if len(systems) > 1 or not all(map(gate.ready, metrics)) else []
    try:
        with rereadable(again):
            _score_systems(ns, systems, specs, metrics, inputs, settings, stores)
    except InputError as exc:
        raise InputError(_with_annotation_files(str(exc), ns)) from None
    finally:
        for store in stores:
            store.close()
    return 0


def _check_target_lang(ns: argparse.Namespace, specs: list[MetricSpec]) -> None:
    """``--target-lang`` and ``--off-target`` checked (the language against the identifier's model), and
    against a signature's ``offtarget`` field: a run that would print another value is refused."""
    if ns.target_lang is not None:
        if ns.json_style == "sacrebleu":
            raise ParameterError(
                "sacrebleu's JSON has no place for --target-lang's report: use --json-style mtmetrics."
            )
        ns.target_lang = lid.check_target(ns.target_lang, "--target-lang")
        pair = checked_pair(ns.language_pair, "-l/--language-pair")[1] if ns.language_pair else ns.target_lang
        if pair != ns.target_lang:
            raise ParameterError(
                f"--target-lang {ns.target_lang} contradicts -l {ns.language_pair}: give one language."
            )
    elif ns.off_target is not None:
        raise ParameterError(f"--off-target {ns.off_target} has no effect without --target-lang LANG: add it.")
    run = f"{ns.target_lang}+empty+" if ns.off_target == "empty" else None
    for spec in specs:
        signed = next((v for k, v in split(spec.text)[1] if k in OFF_TARGET), None) if spec.signature else None
        if signed is None:
            continue
        lang, mode, tool = [*signed.split("+", 2), "", ""][:3]
        if run is None or not signed.startswith(run):
            raise ParameterError(
                f"-m {spec.text}: computed with offtarget:{signed}; run with --target-lang {lang} --off-target {mode}."
            )
        if tool != lid.identifier() and not ns.allow_version_mismatch:
            raise ParameterError(
                f"-m {spec.text}: offtarget: signed {tool}, installed {lid.identifier()} "
                f"(pip install {tool.replace('-', '==', 1)}), or allow it with --allow-version-mismatch."
            )


def _with_annotation_files(message: str, ns: argparse.Namespace) -> str:
    """A metric's message about ``annotation 'NAME'`` with the file(s) the annotation came from."""
    for name, *files in ns.annotation or []:
        message = message.replace(f"annotation '{name}'", f"annotation '{name}' ({', '.join(files)})")
    return message


def _score_systems(
    ns: argparse.Namespace,
    systems: list[str],
    specs: list[MetricSpec],
    metrics: list[Metric],
    inputs: Inputs,
    settings: Settings | None,
    stores: list[SegmentStore],
) -> None:
    """Score every system, then write the output (``stores`` collects spool files to close)."""
    names = {f"ref{k}": path for k, path in enumerate(ns.refs)} | ({"sources": ns.src} if ns.src else {})
    bar = Progress(None, "scoring", enabled=False if ns.no_progress or ns.quiet else None)
    scored: list[Scored] = []
    all_stats: list[list[Statistics]] = [[] for _ in metrics]
    # corpus-level state (NIST's information weights) from a first pass over the reference files
    metrics = [gate.prepare(m, read_reference_rows(ns.refs)) for m in metrics]
    limit = gate.strictest(metrics, ns.max_segment_tokens)
    check = None if limit is None else limit.check_lines
    labels = [path if path != "-" else "<stdin>" for path in systems]

    # what the warnings need is noted as the files are read (the references: with the first system)
    notes = FileNotes()
    scans: dict[str, lid.Scan] = {}  # --target-lang: each system's off-target detection

    def source(path: str, label: str, k: int) -> ChunkSource:
        layout, own = _layout(ns, path), {**names, "hyps": label}
        refs = range(1, 1 + layout.n_refs) if k == 0 else range(0)

        def observe(block: Block) -> None:
            notes.note(block, layout.paths, refs)

        if ns.target_lang is None:
            return lambda first, size: line_chunks(layout, inputs, own, size, first, check, observe)
        scans[label] = scan = lid.Scan(ns.target_lang, ns.off_target or "flag")
        return lambda first, size: scan.chunks(line_chunks(layout, inputs, own, size, first, check, observe))

    # one stream for all systems: several small files share one pool of workers
    sources = [source(path, label, k) for k, (path, label) in enumerate(zip(systems, labels, strict=True))]
    per_system = score_sources(metrics, sources, ns.jobs, settings is not None, ns.sentence_level, bar.advance)
    for label, outcomes in zip(labels, per_system, strict=True):
        report = scans[label].report() if label in scans else None
        for m, (spec, outcome) in enumerate(zip(specs, outcomes, strict=True)):
            if outcome.segments is not None:
                stores.append(outcome.segments)
            if outcome.statistics is not None:
                all_stats[m].append(outcome.statistics)
            result = outcome.result if report is None else report.sign(outcome.result)
            scored.append(Scored(label, spec.text, result, outcome.segments, off_target=report))
    bar.close()
    if not ns.quiet:  # after scoring, so that an error stays the only line on standard error
        files = [*ns.refs, *systems, *([ns.src] if ns.src else [])]
        for warning in notes.warnings(files, ns.refs):
            print(f"mtmetrics: warning: {warning}", file=sys.stderr)
    if settings is not None:
        scored = _with_tests(scored, metrics, all_stats, settings)
    if ns.json_style == "sacrebleu":
        render_sacrebleu_json(scored, ns.width, sys.stdout)
    else:
        render(scored, ns.format, ns.width, ns.score_only, ns.short, sys.stdout)
    sys.stdout.flush()


def _with_tests(
    scored: list[Scored], metrics: list[Metric], stats: list[list[Statistics]], settings: Settings
) -> list[Scored]:
    """Attach intervals, p-values and the resampling settings' signature fields."""
    from ..engine.significance import compare_systems

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
