"""``mtmetrics meta ...``: meta-evaluation commands (META.md).

* ``meta correlate TABLE -m METRIC ... --human COL ...`` — correlations with human judgments;
* ``meta compare TABLE -m A B --human COL`` (or ``--values R1 R2 R12 N``) — is A's correlation
  significantly higher than B's;
* ``meta orange NBEST REF [REF ...] -m METRIC ...`` — ORANGE (Lin & Och 2004);
* ``meta mct`` / ``meta regress`` — learned combinations (see :mod:`mtmetrics.stats.mct`).

* ``meta report TABLE [TABLE ...]`` — a Markdown report of every metric (see :mod:`mtmetrics.stats.report`).

Every command writes text (default) or JSON (``-f json``, lossless: full-precision numbers, the
metrics' signatures, the data's name and SHA-256, the seed); ``correlate``, ``orange`` and ``report``
also draw PNG and SVG pictures with ``--plot DIR`` (:mod:`mtmetrics.stats.plots`, optional
matplotlib extra).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...errors import MtmetricsError
from .compare import run_compare
from .correlate import run_correlate
from .learn import run_mct, run_regress
from .orange import run_orange
from .report import run_report


def _commands() -> dict[str, Callable[[Sequence[str]], int]]:
    cmds: dict[str, Callable[[Sequence[str]], int]] = {"correlate": run_correlate, "compare": run_compare}
    cmds["orange"] = run_orange
    cmds["mct"] = run_mct
    cmds["regress"] = run_regress
    cmds["report"] = run_report
    return cmds


def run_meta(argv: Sequence[str]) -> int:
    """Dispatch ``mtmetrics meta <command>``."""
    cmds = _commands()
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: mtmetrics meta {" + ",".join(cmds) + "} ...")
        print("  correlate  correlations of metrics with human judgments (segment and system level)")
        print("  compare    significance of the difference between two metrics' correlations")
        if "orange" in cmds:
            print("  orange     ORANGE (Lin & Och 2004) from n-best lists and references")
        if "mct" in cmds:
            print("  mct        maximum correlation training of a linear combination of metrics")
            print("  regress    stepwise linear regression on metric scores")
        print("  report     Markdown report: every metric's correlations, intervals, significance clusters")
        return 0 if argv else 2
    if argv[0] not in cmds:
        raise MtmetricsError(f"meta: unknown command '{argv[0]}'; choose from {', '.join(cmds)}.")
    return cmds[argv[0]](argv[1:])
