"""The alignment options of ``mtmetrics score`` and the meta commands, through the core's row hooks.

``mtmetrics score`` reads Pharaoh files given with ``--align-hyp FILE --align-ref FILE ...`` (and
their target→source directions ``--align-hyp-rev`` / ``--align-ref-rev``) in lockstep with the
input: each run of lines becomes the ``align_hyp`` / ``align_refs`` annotations where it is scored,
checked against its source and targets (:class:`~mtmetrics_source.alignments.PharaohColumns`).

SSCN, PRS and MPR read the same annotations in ``meta report``, ``meta mct`` and ``meta regress``
from ``--aligner SPEC``: an aligner run over the table itself
(:func:`~mtmetrics_source.table_alignments.table_annotations`: one run per group over the distinct
source↔target pairs), saved in the ``--align-cache`` folder so that every later command sees the
same links (eflomal takes no seed). The sources are split by ``--align-src-tokenize``, else by the
tokenizer of each group's language pair (the metrics' default for that pair), else at spaces,
refusing unsegmented Chinese/Japanese.

This module is imported with the plugin (its hooks add options to every ``score`` parser), so it
imports the alignment modules only when their options are given.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import mtmetrics
from mtmetrics import InputError, ParameterError
from mtmetrics.io.tables import Columns, Table
from mtmetrics.resources import TOKENIZER_NAMES


@mtmetrics.hookimpl
def add_row_options(command: str, parser: argparse.ArgumentParser) -> None:
    """``score``: the Pharaoh files of ``--align-hyp`` and friends; ``meta``: ``--aligner`` and its cache."""
    if command == "score":
        _score_options(parser)
    elif command == "meta":
        _meta_options(parser)


def _score_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--align-hyp",
        metavar="FILE",
        help="Pharaoh word alignments source→hypothesis (i-j, i the source index, 0-based); without "
        "--align-hyp-rev it stands for both directions",
    )
    p.add_argument("--align-ref", nargs="+", metavar="FILE", help="Pharaoh alignments source→reference, one per REF")
    p.add_argument(
        "--align-hyp-rev",
        metavar="FILE",
        help="the target→source direction of --align-hyp (i-j, i still the source index), e.g. PREFIX.rev "
        "of 'mtmetrics align'; needed by sscn's constraint=union/intersect",
    )
    p.add_argument(
        "--align-ref-rev", nargs="+", metavar="FILE", help="the target→source direction of --align-ref, one per REF"
    )
    p.add_argument("--align-one-based", action="store_true", help="alignment indices are 1-based (as gold files)")


def _meta_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--aligner",
        metavar="SPEC",
        help="align each table's source with its hypotheses and references, for sscn/prs/mpr: eflomal, "
        "eflomal:SYM or diagonal (one run per group over the distinct pairs; needs a source column)",
    )
    p.add_argument(
        "--align-cache",
        metavar="DIR",
        help="save the aligner's links (both directions, Pharaoh) in DIR and reuse them on later runs "
        "(eflomal takes no seed: the cache makes reruns and other commands see the same links)",
    )
    p.add_argument(
        "--align-src-tokenize",
        metavar="TOK",
        choices=TOKENIZER_NAMES,
        help="sacrebleu tokenizer splitting the source for --aligner (must be the metrics' src_tokenize): "
        f"{', '.join(TOKENIZER_NAMES)}; default: each group's language pair's (zh-en: zh, ja-en: ja-mecab, "
        "ko-en: ko-mecab, others: none)",
    )


@mtmetrics.hookimpl
def annotate_lines(args: argparse.Namespace) -> tuple[Sequence[str], Any] | None:
    """The alignment files of ``mtmetrics score`` and their reader, after the checks that need no reading."""
    if not (args.align_hyp or args.align_hyp_rev or args.align_ref or args.align_ref_rev):
        return None
    if (args.align_hyp or args.align_hyp_rev) and len(args.input or ()) > 1:
        raise InputError("--annotation and --align-hyp describe one system's segments: score one -i file at a time.")
    if (args.align_hyp is None) != (args.align_ref is None):
        raise InputError("give both --align-hyp FILE and --align-ref FILE [FILE ...] (one per reference file).")
    if args.align_ref is not None:
        if len(args.align_ref) != len(args.refs):
            raise InputError(
                f"{len(args.align_ref)} --align-ref file(s) for {len(args.refs)} reference file(s): give one per "
                f"reference."
            )
        if not args.src:
            raise InputError("alignments link the source to the translations: give --src FILE too.")
    for rev, fwd in (("--align-hyp-rev", args.align_hyp), ("--align-ref-rev", args.align_ref)):
        if getattr(args, rev[2:].replace("-", "_")) is not None and fwd is None:
            raise InputError(f"{rev} is the target→source direction of {rev[:-4]}: give {rev[:-4]} FILE too.")
    if args.align_ref_rev is not None and len(args.align_ref_rev) != len(args.refs):
        raise InputError(
            f"{len(args.align_ref_rev)} --align-ref-rev file(s) for {len(args.refs)} reference file(s): give one "
            f"per reference."
        )
    paths = [args.align_hyp, *args.align_ref]
    names = ["align_hyp", "align_refs"]
    if args.align_hyp_rev is not None:
        paths.append(args.align_hyp_rev)
        names.append("align_hyp_rev")
    if args.align_ref_rev is not None:
        paths.extend(args.align_ref_rev)
        names.append("align_refs_rev")
    from .alignments import PharaohColumns, check_input

    for path in paths:
        check_input(path)
    return paths, PharaohColumns(tuple(paths), tuple(names), args.align_one_based)


@mtmetrics.hookimpl
def annotate_table(args: argparse.Namespace, table: Table, columns: Columns) -> dict[str, list[Any]] | None:
    """The ``align_hyp`` / ``align_refs`` annotations of a table when ``--aligner`` is given, else None."""
    if not args.aligner:
        for flag, value in (("--align-cache", args.align_cache), ("--align-src-tokenize", args.align_src_tokenize)):
            if value:
                raise ParameterError(f"{flag} needs --aligner.")
        return None
    if columns.source is None:
        raise InputError(f"{table.name}: --aligner needs a source column (--source-col).")
    from .aligners import get_aligner
    from .table_alignments import table_annotations

    return table_annotations(
        table, columns, get_aligner(args.aligner), args.align_cache, args.align_src_tokenize, "--align-src-tokenize TOK"
    )
