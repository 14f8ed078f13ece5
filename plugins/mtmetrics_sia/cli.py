"""``mtmetrics similarity train``: build a SIA word similarity table from a parallel corpus.

Example (English words, French as the pivot language)::

    mtmetrics similarity train --english train.en.gz --pivot train.fr.gz -o en-via-fr.tsv.gz --show man,dog

then score with ``mtmetrics ... -m sia:similarity=en-via-fr.tsv.gz`` (tables trained lowercased, as
the paper did, should be used with ``-lc``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections.abc import Callable

from mtmetrics import InputError
from mtmetrics.io import files
from mtmetrics.resources import TOKENIZER_NAMES, Preprocessor
from mtmetrics.resources.similarity import load_table


def build_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mtmetrics similarity`` (its ``train`` sub-command) on the core's parser."""
    sub = parser.add_subparsers(dest="similarity_command", metavar="train")
    train = sub.add_parser("train", help="IBM Model 1 on a parallel corpus, then sum_f p(e_a|f) p(e_b|f)")
    train.add_argument("--english", required=True, help="English side (one sentence per line; .gz allowed)")
    train.add_argument("--pivot", required=True, help="pivot-language side, line-aligned with --english")
    train.add_argument("-o", "--output", required=True, help="table to write (gzipped if it ends in .gz)")
    train.add_argument("--iterations", type=int, default=5, help="IBM Model 1 EM iterations (default 5)")
    train.add_argument("--top", type=int, default=100, help="similar words kept per word (default 100)")
    train.add_argument("--min-prob", type=float, default=1e-3, help="drop p(e|f) below this (default 0.001)")
    train.add_argument("-tok", "--tokenize", default="13a", choices=TOKENIZER_NAMES, help="sacrebleu tokenizer")
    train.add_argument(
        "--lowercase", default="yes", choices=("yes", "no"), help="lowercase both sides (default yes, as the paper)"
    )
    train.add_argument("--max-lines", type=int, default=None, help="use only the first N sentence pairs")
    train.add_argument("--show", default="", help="comma-separated English words whose nearest words to print")
    train.add_argument("-q", "--quiet", action="store_true", help="no progress messages")
    parser.set_defaults(parser=parser)


def _log(quiet: bool) -> Callable[[str], None]:
    def log(message: str) -> None:
        if not quiet:
            print(f"similarity: {message}", file=sys.stderr)

    return log


def run(args: argparse.Namespace) -> int:
    """Run the ``similarity`` command; returns the exit status."""
    if getattr(args, "similarity_command", None) != "train":
        args.parser.print_help(sys.stderr)
        return 2
    from .train import read_corpus, similarity_entries, table_bytes, train_model1

    if args.iterations < 1 or args.top < 1 or not 0 <= args.min_prob < 1:
        raise InputError("--iterations and --top must be at least 1, --min-prob in [0, 1).")
    files.check_writable(args.output)
    log = _log(args.quiet)
    started = time.perf_counter()
    lowercase = args.lowercase == "yes"
    prep = Preprocessor(args.tokenize, lowercase)
    english = read_corpus(args.english, prep, args.max_lines)
    pivot = read_corpus(args.pivot, prep, args.max_lines)
    model = train_model1(english, pivot, args.iterations, log)
    entries = similarity_entries(model, args.top, args.min_prob)
    header = [
        "mtmetrics SIA word similarity table: word<TAB>similar<TAB>value",
        "similarity(e_a, e_b) = sum_f p(e_a|f) p(e_b|f), IBM Model 1 p(e|f), top-k renormalised",
        f"english={os.path.basename(args.english)} pivot={os.path.basename(args.pivot)} "
        f"lines={len(english)} iterations={args.iterations} top={args.top} min_prob={args.min_prob:g} "
        f"tok={args.tokenize} lowercase={args.lowercase}",
    ]
    data = table_bytes(entries, header, compress=args.output.endswith(".gz"))
    files.atomic_write(args.output, data)
    elapsed = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    log(f"wrote {len(entries)} words to {args.output} in {elapsed:.1f} s (peak memory {peak_mb:.0f} MB)")
    if args.show:
        table = load_table(args.output, args.top)
        for word in (w.strip() for w in args.show.split(",")):
            if not word:
                continue
            row = table.rows.get(word.lower() if lowercase else word, {})
            near = ", ".join(f"{w} {v:.3f}" for w, v in list(row.items())[:8]) or "(not in the table)"
            print(f"{word}: {near}")
    return 0
