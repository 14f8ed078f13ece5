"""``mtmetrics analyze REF [REF ...] -i SYS1 SYS2 [...] -o report.html --json report.json``.

Reads and checks the files (line-aligned, UTF-8, a training file in the references' language; label
files and the source-to-reference alignment, read by the source plugin's Pharaoh reader),
runs :class:`~.analysis.Analysis` and writes the HTML page and/or the JSON, all or nothing.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

from mtmetrics import InputError

from . import _core
from .analysis import Analysis, Labels, Settings, SourceAlignment, Texts, check_lines
from .words import Cutoffs


def _cutoffs(option: str, integer: bool = True) -> Callable[[str], Cutoffs]:
    """A parser of ``a:b:c`` (strictly increasing numbers) for ``option``."""

    def parse(text: str) -> Cutoffs:
        try:
            values = tuple(float(x) for x in text.split(":"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} {text}: numbers separated by ':', e.g. 10:20:30") from None
        if not values or any(b <= a for a, b in pairwise(values)) or not all(map(_finite, values)):
            raise argparse.ArgumentTypeError(f"{option} {text}: finite numbers in increasing order, e.g. 10:20:30")
        return Cutoffs(values, integer=integer)

    return parse


def _finite(x: float) -> bool:
    return x == x and abs(x) != float("inf")


def build_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mtmetrics analyze`` on the core's parser."""
    parser.description = (
        "Where systems differ: aggregate scores with intervals and paired tests, sentence buckets, word accuracy "
        "by frequency (and by label, source-word accuracy), characteristic n-grams and examples, as one "
        "self-contained HTML page and strict JSON."
    )
    parser.epilog = "JSON schema and definitions: docs/analyze.md. The first system is the baseline of every test."
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference files, one segment per line (.gz accepted)")
    parser.add_argument("-i", "--input", nargs="+", required=True, metavar="SYS", help="two or more system outputs")
    parser.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        default=["bleu", "chrf"],
        metavar="METRIC",
        help="metrics of the aggregate and bucket scores (name or name:param=value,...)",
    )
    parser.add_argument("--names", nargs="+", metavar="NAME", help="system names (default: file names)")
    parser.add_argument(
        "--src", metavar="SRC", help="source file (shown with the examples; with --align: source-word accuracy)"
    )
    parser.add_argument(
        "--train-ref",
        metavar="FILE",
        help="target side of the training data: word frequencies for word accuracy (default: the reference)",
    )
    parser.add_argument(
        "--ref-labels",
        metavar="FILE",
        help="one label per word of the first reference (e.g. POS tags; words as -tok splits them): word accuracy "
        "by label, as compare-mt's --ref_labels; needs --out-labels",
    )
    parser.add_argument(
        "--out-labels", nargs="+", metavar="FILE", help="one label file per system (compare-mt's --out_labels)"
    )
    parser.add_argument(
        "--tag",
        metavar="TAGGER",
        help=f"label the words with the project's tagger instead of label files ({', '.join(_core.TAGGER_SPECS)})",
    )
    parser.add_argument(
        "--label-set",
        metavar="A+B+...",
        help="labels of the label buckets, the rest in 'other' (compare-mt's label_set; default: every label)",
    )
    parser.add_argument(
        "--align",
        metavar="FILE",
        help="Pharaoh links source-to-first-reference (mtmetrics align's PREFIX.fwd/.gdfa, 0-based i-j; reference "
        "indices refer to its words as -tok splits them): source-word accuracy by frequency; needs --src",
    )
    parser.add_argument("--align-one-based", action="store_true", help="--align's indices are 1-based")
    parser.add_argument(
        "--train-src",
        metavar="FILE",
        help="source side of the training data: source-word frequencies (default: the source file)",
    )
    parser.add_argument("-o", "--output", metavar="HTML", help="write the HTML report here")
    parser.add_argument("--json", metavar="JSON", help="write the JSON report here")
    parser.add_argument("-l", "--language-pair", metavar="SRC-TRG", help="language pair (metric defaults, as in score)")
    parser.add_argument(
        "-tok",
        "--tokenize",
        default="13a",
        choices=_core.TOKENIZER_NAMES,
        help="sacrebleu tokenizer giving the words of the word-level analyses (default 13a)",
    )
    parser.add_argument("-lc", "--lowercase", action="store_true", help="word-level analyses ignore case")
    parser.add_argument(
        "--bucket-metric",
        metavar="METRIC",
        help="sentence-level metric of the score buckets and the examples (default: the first -m)",
    )
    parser.add_argument("--freq-cutoffs", type=_cutoffs("--freq-cutoffs"), help="default 1:2:3:4:5:10:100:1000")
    parser.add_argument("--length-cutoffs", type=_cutoffs("--length-cutoffs"), help="default 10:20:30:40:50:60")
    parser.add_argument(
        "--lengthdiff-cutoffs",
        type=_cutoffs("--lengthdiff-cutoffs"),
        help="default -20:-10:-5:-4:-3:-2:-1:0:1:2:3:4:5:6:11:21",
    )
    parser.add_argument(
        "--score-cutoffs",
        type=_cutoffs("--score-cutoffs", integer=False),
        help="default: tenths of the bucket metric's range",
    )
    parser.add_argument("--ngram-alpha", type=float, default=1.0, help="compare-mt's smoothing α (default 1)")
    parser.add_argument("--ngram-max", type=int, default=4, choices=range(1, 10), metavar="N", help="default 4")
    parser.add_argument("--ngram-count", type=int, default=30, metavar="K", help="n-grams per direction (default 30)")
    parser.add_argument("--examples", type=int, default=5, metavar="K", help="examples per direction (default 5)")
    parser.add_argument("--n-bootstrap", type=int, default=_core.DEFAULT_BOOTSTRAP, metavar="N", help="default 1000")
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, metavar="N", help="processes for the metrics' statistics (default 1)"
    )
    parser.add_argument("--seed", type=int, default=_core.DEFAULT_SEED, help="bootstrap seed (default 12345)")


def read_texts(args: argparse.Namespace) -> Texts:
    """The files, read strictly and checked against each other."""
    if len(args.input) < 2:
        raise InputError(f"-i {' '.join(args.input)}: analyze compares two or more systems; give at least two files.")
    names = args.names or [_stem(p) for p in args.input]
    if len(names) != len(args.input):
        raise InputError(f"--names: {len(names)} names for {len(args.input)} systems; give one name per -i file.")
    if len(set(names)) != len(names):
        raise InputError(f"--names / -i: system names must differ ({', '.join(names)}); set them with --names.")
    refs = [_core.read_lines(p) for p in args.refs]
    systems = [_core.read_lines(p) for p in args.input]
    source = _core.read_lines(args.src) if args.src else None
    check_lines(
        [(p, x) for p, x in zip(args.refs, refs, strict=True)]
        + [(p, x) for p, x in zip(args.input, systems, strict=True)]
        + ([(args.src, source)] if source is not None else [])
    )
    return Texts(refs, list(args.refs), systems, names, list(args.input), source)


def _stem(path: str) -> str:
    name = Path(path).name
    return name[:-3] if name.endswith(".gz") else name


def train_counts(
    path: str, words: Callable[[str], list[str]], ref_counts: Counter[str], side: str = "ref"
) -> dict[str, int]:
    """Word counts of the training file, refused when it covers too little of the reference (``side`` ``ref``)
    or source (``src``): another language."""
    counts: Counter[str] = Counter()
    for line in _core.read_lines(path):
        counts.update(words(line))
    total = sum(ref_counts.values())
    covered = sum(c for w, c in ref_counts.items() if w in counts)
    if total and covered / total < 0.5:
        what, sides = ("reference", "target") if side == "ref" else ("source", "source")
        raise InputError(
            f"{path}: only {100 * covered / total:.0f} % of the {what}'s words occur in it; --train-{side} takes the "
            f"{sides} side of the training data, in the {what}'s language and tokenization."
        )
    return dict(counts)


def read_labels(args: argparse.Namespace, texts: Texts) -> Labels | None:
    """The label options, checked: label files (line-aligned with their texts) or a tagger."""
    files = args.ref_labels is not None or args.out_labels is not None
    label_set = None
    if args.label_set is not None:
        label_set = tuple(args.label_set.split("+"))
        if not all(label_set) or len(set(label_set)) != len(label_set) or "other" in label_set:
            raise InputError(
                f"--label-set {args.label_set}: distinct labels separated by '+' (e.g. NN+NNS+VB; 'other' is added)."
            )
        if not files and args.tag is None:
            raise InputError("--label-set: give the labels too (--ref-labels and --out-labels, or --tag).")
    if args.tag is not None:
        if files:
            raise InputError("--tag labels the words itself: give either --tag or --ref-labels/--out-labels.")
        target = args.language_pair.split("-")[-1] if args.language_pair else None
        covered = _core.tagger_languages(args.tag)
        if target and covered is not None and target not in covered:
            raise InputError(
                f"--tag {args.tag} tags {', '.join(covered)}, but -l {args.language_pair} translates into {target}; "
                f"give a tagger of {target} (e.g. spacy:MODEL) or label files."
            )
        return Labels(tagger=_core.get_tagger(args.tag), label_set=label_set)
    if not files:
        return None
    if args.ref_labels is None or args.out_labels is None:
        raise InputError("word accuracy by label needs both --ref-labels FILE and --out-labels FILE (one per system).")
    if len(args.out_labels) != len(texts.systems):
        raise InputError(
            f"--out-labels: {len(args.out_labels)} files for {len(texts.systems)} systems; give one per -i file, "
            "in the same order."
        )
    ref_lines = _core.read_lines(args.ref_labels)
    out_lines = [_core.read_lines(p) for p in args.out_labels]
    check_lines([(texts.ref_paths[0], texts.refs[0]), (args.ref_labels, ref_lines)])
    for path, system, lines, sys_path in zip(args.out_labels, texts.systems, out_lines, texts.paths, strict=True):
        check_lines([(sys_path, system), (path, lines)])
    return Labels(ref_lines, out_lines, [args.ref_labels, *args.out_labels], label_set=label_set)


def read_alignment(args: argparse.Namespace, texts: Texts) -> SourceAlignment | None:
    """The source-to-reference alignment, read and checked by the source plugin's Pharaoh reader."""
    if args.align is None:
        for option in ("train_src", "align_one_based"):
            if getattr(args, option):
                raise InputError(f"--{option.replace('_', '-')} belongs to source-word accuracy: give --align too.")
        return None
    if texts.source is None:
        raise InputError(f"--align {args.align}: source-word accuracy needs the source too: give --src SRC.")
    links, tokenize = _core.read_alignment(args.align, texts.source, texts.refs[0], args.align_one_based)
    return SourceAlignment(links, args.align, tokenize)


def run(args: argparse.Namespace) -> int:
    """Run the analysis and write the outputs."""
    if not args.output and not args.json:
        raise InputError("analyze writes a report: give -o report.html and/or --json report.json.")
    for path in (args.output, args.json):
        if path:
            _core.check_writable(path)
    if args.jobs < 1:
        raise InputError(f"-j/--jobs {args.jobs}: at least 1 process.")
    if args.ngram_count < 1 or args.examples < 0:
        raise InputError("--ngram-count is at least 1 and --examples at least 0.")
    if not (args.ngram_alpha > 0 and _finite(args.ngram_alpha)):
        raise InputError(f"--ngram-alpha {args.ngram_alpha}: a positive number (compare-mt's default: 1).")
    texts = read_texts(args)
    given = frozenset(k for k in ("length", "lengthdiff", "score", "freq") if getattr(args, f"{k}_cutoffs") is not None)
    settings = Settings(
        metrics=list(args.metrics),
        bucket_metric=args.bucket_metric,
        language_pair=args.language_pair,
        tokenize=args.tokenize,
        lowercase=args.lowercase,
        n_bootstrap=args.n_bootstrap,
        seed=args.seed,
        given_cutoffs=given,
        ngram_max=args.ngram_max,
        ngram_alpha=args.ngram_alpha,
        ngram_count=args.ngram_count,
        n_examples=args.examples,
        jobs=args.jobs,
    )
    for key in ("freq", "length", "lengthdiff", "score"):
        value = getattr(args, f"{key}_cutoffs")
        if value is not None:
            setattr(settings, f"{key}_cutoffs", value)
    texts.labels = read_labels(args, texts)
    texts.alignment = read_alignment(args, texts)
    analysis = Analysis(texts, settings)
    if args.train_ref:
        texts.train_counts = train_counts(args.train_ref, analysis.words, analysis.ref_counts)
        texts.train_path = args.train_ref
    if args.train_src and texts.alignment is not None:
        texts.alignment.train_counts = train_counts(args.train_src, analysis.src_words, analysis.src_counts, "src")
        texts.alignment.train_path = args.train_src
    report = analysis.run()
    outputs: list[tuple[str | None, str]] = []
    if args.json:
        outputs.append((args.json, json.dumps(report, ensure_ascii=False, allow_nan=False, indent=1) + "\n"))
    if args.output:
        from .page import render

        outputs.append((args.output, render(report)))
    _core.write_all(outputs)
    return 0
