"""Built-in plugin: source-sentence metrics of Liu & Gildea (2007) — SSCN, PRS, MPR and DUP.

SSCN, PRS and MPR need the source sentences and word alignments source↔hypothesis and
source↔each reference (Pharaoh files read by :mod:`.alignments`, or computed by an aligner from
:mod:`.aligners`); DUP needs a POS tagger. The alignment options of ``mtmetrics score``
(``--align-hyp FILE``) and of the meta commands (``--aligner eflomal``) come through the core's row
hooks (:mod:`.annotate`). The command ``mtmetrics align`` (:mod:`.align_command`) writes those
files with eflomal. Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mtmetrics

from .annotate import add_row_options, annotate_lines, annotate_table

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "sscn": "mtmetrics_source.sscn:Sscn",
    "prs": "mtmetrics_source.reordering:Prs",
    "mpr": "mtmetrics_source.reordering:Mpr",
    "dup": "mtmetrics_source.dup:Dup",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = [
    "Dup",
    "Mpr",
    "Prs",
    "Sscn",
    "add_row_options",
    "annotate_lines",
    "annotate_table",
    "word_alignments",
]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register sscn, prs, mpr and dup by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics align``; :mod:`.align_command` (and eflomal) is imported only when it runs."""
    register(
        "align",
        "eflomal word alignments, both directions and symmetrisations, as Pharaoh files for sscn/prs/mpr",
        f"{__name__}.align_command",
    )


@mtmetrics.hookimpl
def word_alignments() -> Any:
    """This package's Pharaoh reader, for other plugins (:mod:`.alignment_reader`)."""
    from .alignment_reader import READER

    return READER
