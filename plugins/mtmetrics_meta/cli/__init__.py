"""``mtmetrics meta ...``: meta-evaluation commands (docs/meta.md); each command's module is
imported only when it runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from mtmetrics.cli.commands import Command, dispatch

_HERE = __name__

#: Every ``meta`` command (its module, ``learn`` for mct and regress, runs ``run_<name>``), imported only when it runs.
COMMANDS: dict[str, Command] = {
    name: Command(name, help, f"{_HERE}.{module}", entry=f"run_{name}")
    for name, module, help in (
        ("correlate", "correlate", "correlations of metrics with human judgments (segment and system level)"),
        ("compare", "compare", "significance of the difference between two metrics' correlations"),
        ("orange", "orange", "ORANGE (Lin & Och 2004) from n-best lists and references"),
        ("mct", "learn", "maximum correlation training of a linear combination of metrics"),
        ("regress", "learn", "stepwise linear regression on metric scores"),
        (
            "rank",
            "rank",
            "metrics ranked as the WMT23/WMT24 metrics tasks: task sets, weighted global score, clusters",
        ),
        ("report", "report", "Markdown report: every metric's correlations, intervals, significance clusters"),
    )
}


def main(argv: Sequence[str]) -> int:
    """Dispatch ``mtmetrics meta <command>``."""
    return dispatch(
        "mtmetrics meta", COMMANDS, argv, "Meta-evaluation of metrics against human judgments (docs/meta.md)."
    )
