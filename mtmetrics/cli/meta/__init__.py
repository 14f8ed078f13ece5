"""``mtmetrics meta ...``: meta-evaluation commands (docs/meta.md).

* ``meta correlate TABLE -m METRIC ... --human COL ...`` — correlations with human judgments;
* ``meta compare TABLE -m A B --human COL`` (or ``--values R1 R2 R12 N``) — is A's correlation
  significantly higher than B's;
* ``meta orange NBEST REF [REF ...] -m METRIC ...`` — ORANGE (Lin & Och 2004);
* ``meta mct`` / ``meta regress`` — learned combinations (see :mod:`mtmetrics.stats.mct`).

* ``meta report TABLE [TABLE ...]`` — a Markdown report of every metric (see :mod:`mtmetrics.meta.report`).

Every command writes text (default) or JSON (``-f json``, lossless: full-precision numbers, the
metrics' signatures, the data's name and SHA-256, the seed); ``correlate``, ``orange`` and ``report``
also draw PNG and SVG pictures with ``--plot DIR`` (:mod:`mtmetrics.meta.plots`, optional
matplotlib extra).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..commands import Command, dispatch

_HERE = __name__

#: Every ``meta`` command; each module is imported only when its command runs.
COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        Command(
            "correlate",
            "correlations of metrics with human judgments (segment and system level)",
            f"{_HERE}.correlate",
            entry="run_correlate",
        ),
        Command(
            "compare",
            "significance of the difference between two metrics' correlations",
            f"{_HERE}.compare",
            entry="run_compare",
        ),
        Command(
            "orange", "ORANGE (Lin & Och 2004) from n-best lists and references", f"{_HERE}.orange", entry="run_orange"
        ),
        Command(
            "mct", "maximum correlation training of a linear combination of metrics", f"{_HERE}.learn", entry="run_mct"
        ),
        Command("regress", "stepwise linear regression on metric scores", f"{_HERE}.learn", entry="run_regress"),
        Command(
            "report",
            "Markdown report: every metric's correlations, intervals, significance clusters",
            f"{_HERE}.report",
            entry="run_report",
        ),
    )
}


def run_meta(argv: Sequence[str]) -> int:
    """Dispatch ``mtmetrics meta <command>``."""
    return dispatch(
        "mtmetrics meta", COMMANDS, argv, "Meta-evaluation of metrics against human judgments (docs/meta.md)."
    )
