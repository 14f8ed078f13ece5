"""``--aligner`` / ``--align-cache``: word alignments of a table's rows for the source metrics.

SSCN, PRS and MPR read the ``align_hyp`` / ``align_refs`` annotations; in ``meta report``,
``meta mct`` and ``meta regress`` these come from an aligner run over the table itself
(:func:`~mtmetrics.resources.table_alignments.table_annotations`: one run per group over the
distinct source↔target pairs), saved in the cache folder so that every later command sees the
same links (eflomal takes no seed). The sources are split by ``--align-src-tokenize``, else by the
tokenizer of each group's language pair (the metrics' default for that pair), else at spaces,
refusing unsegmented Chinese/Japanese.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...errors import InputError, ParameterError
from ...io.tables import Columns, Table
from ...resources.tokenizers import TOKENIZER_NAMES


def add_aligner_args(p: argparse.ArgumentParser) -> None:
    """Add ``--aligner SPEC`` and ``--align-cache DIR`` to a meta command."""
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


def table_alignments(ns: argparse.Namespace, table: Table, cols: Columns) -> dict[str, Any] | None:
    """The ``align_hyp`` / ``align_refs`` annotations of a table when ``--aligner`` is given, else None."""
    if not ns.aligner:
        for flag, value in (("--align-cache", ns.align_cache), ("--align-src-tokenize", ns.align_src_tokenize)):
            if value:
                raise ParameterError(f"{flag} needs --aligner.")
        return None
    if cols.source is None:
        raise InputError(f"{table.name}: --aligner needs a source column (--source-col).")
    from ...resources.aligners import get_aligner
    from ...resources.table_alignments import table_annotations

    return table_annotations(
        table, cols, get_aligner(ns.aligner), ns.align_cache, ns.align_src_tokenize, "--align-src-tokenize TOK"
    )
