"""``mtmetrics meta ...``: meta-evaluation commands (docs/meta.md); each command's module is
imported only when it runs.
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
            "rank",
            "metrics ranked as the WMT23/WMT24 metrics tasks: task sets, weighted global score, clusters",
            f"{_HERE}.rank",
            entry="run_rank",
        ),
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
