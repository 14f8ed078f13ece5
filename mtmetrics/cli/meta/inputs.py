"""Inputs of ``meta correlate`` beyond a joined table: mt-metrics-eval directories, official
system-level human scores and precomputed metric scores (:mod:`mtmetrics.meta.precomputed`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...io.tables import Columns, Table
from ...meta.precomputed import is_precomputed, merge_scores, read_system_scores
from ...meta.scores import MetricScores, score_table
from .common import _load, build_metrics, scoring_progress


def input_args(p: argparse.ArgumentParser) -> None:
    """``--lp``, ``--system-human``, ``--system-human-col``."""
    p.add_argument(
        "--lp",
        metavar="LP",
        help="when TABLE is an mt-metrics-eval directory (sources/, references/, system-outputs/, human-scores/): "
        "the language pair to read, e.g. en-de",
    )
    p.add_argument(
        "--system-human",
        metavar="FILE",
        help="official system-level human scores (columns system, score [, group/lp]; WMT's ad-sys-scores files "
        "and mt-metrics-eval's LP.SCORER.sys.score are read as they are): the system level correlates with these "
        "instead of the mean of the joined segment rows",
    )
    p.add_argument("--system-human-col", metavar="COL", help="the score column of --system-human (default: score, z)")


@dataclass
class Input:
    """What a meta command works on."""

    table: Table
    columns: Columns
    humans: list[str]
    system_human: dict[tuple[str, str], float] | None
    system_human_source: str | None


def load_input(ns: argparse.Namespace) -> Input:
    """A table (file or mt-metrics-eval directory), its human columns and official system scores."""
    from ...io.mtme import read_mtme

    system_human: dict[tuple[str, str], float] | None = None
    source = None
    if Path(ns.table).is_dir():
        if not ns.lp:
            raise InputError(f"{ns.table} is a directory: give the language pair with --lp (mt-metrics-eval layout).")
        columns_of = [sp[4:] for sp in ns.metrics if sp.startswith("col:")]
        data = read_mtme(ns.table, ns.lp, ns.human, columns_of, getattr(ns, "ref_cols", None))
        table, cols, humans = data.table, data.columns, data.humans
        official = data.system_human.get(humans[0])
        if official and not ns.system_human:
            system_human, source = official, f"human-scores/{ns.lp}.{humans[0]}.sys.score"
    else:
        table, cols, humans = _load(ns)
    if ns.system_human:
        system_human = read_system_scores(ns.system_human, ns.system_human_col)
        source = Path(ns.system_human).name
    return Input(table, cols, humans, system_human, source)


def score_specs(table: Table, columns: Columns, specs: Sequence[str], jobs: int) -> list[MetricScores]:
    """Score the built-in metrics of ``specs`` and read the precomputed ones, in ``specs`` order."""
    builtins = [sp for sp in specs if not is_precomputed(sp)]
    computed: list[MetricScores] = []
    if builtins:
        groups = table.columns[columns.group] if columns.group else ()
        metrics = build_metrics(builtins, groups, f" of {table.name}")
        with scoring_progress(len(table) * len(metrics)) as bar:
            computed = score_table(table, columns, metrics, jobs, progress=bar.advance)
    return merge_scores(specs, table, columns, computed)
