"""``mtmetrics meta rank``: metrics ranked as the WMT23/WMT24 metrics tasks rank them
(:mod:`mtmetrics_meta.tasks`): every task's values and clusters, the weighted global score and its
clusters, as text, Markdown or JSON."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mtmetrics.cli.args import alpha_arg, bounded
from mtmetrics.errors import ParameterError
from mtmetrics.stats import MAX_RESAMPLES

from ..render import rank_markdown, rank_text
from ..tasks import PRESETS, RankSettings, grids_of, rank
from .common import _dump, _load, input_args, measure_args, meta_parser, score_specs


def _parser() -> argparse.ArgumentParser:
    p = meta_parser(
        "mtmetrics meta rank",
        "Metrics ranked as the WMT23/WMT24 metrics tasks (mt-metrics-eval's task sets): each task (language pair x "
        "level x measure) ranks the metrics into significance clusters by PERM-BOTH, and the weighted mean of the "
        "task values mapped to [0, 1] is ranked from the same draws.",
        formats=("text", "json", "markdown"),
        resampling=False,
        bootstrap=False,
        jobs_help="worker processes for scoring",
        seed_help="seed of the PERM-BOTH draws and of the bootstrap",
        table=True,
        metrics_help="metrics, as for correlate",
    )
    p.add_argument(
        "--preset", required=True, choices=sorted(PRESETS), help="the task set (language pairs: the table's)"
    )
    measure_args(p, (1, "PERM-BOTH draws per pair and task (mt-metrics-eval's k; default 1000)"), measures=False)
    alpha_arg(p, "a pair is significant at p <= alpha (default 0.05)")
    p.add_argument(
        "--bootstrap-n",
        type=bounded(int, 0, MAX_RESAMPLES),
        default=0,
        help="bootstrap resamples of each task's items for 95%% percentile intervals of soft pairwise accuracy, "
        "acc-eq (at each metric's calibrated epsilon) and segment Pearson (default 0: none)",
    )
    input_args(p, system_level=False)
    return p


def run_rank(argv: Sequence[str]) -> int:
    """``mtmetrics meta rank``."""
    ns = _parser().parse_args(argv)
    inp = _load(ns)
    if len(inp.humans) != 1:
        raise ParameterError(f"meta rank: one human column, found {', '.join(inp.humans)}; choose one with --human.")
    scores = score_specs(inp.table, inp.columns, ns.metrics, ns.jobs)
    grids = grids_of(inp.table, inp.columns, inp.humans[0], scores)
    settings = RankSettings(ns.preset, k=ns.permutations, seed=ns.seed, alpha=ns.alpha, n_boot=ns.bootstrap_n)
    r = rank(grids, [s.spec for s in scores], settings)
    if ns.format == "json":
        sigs = {s.spec: s.signature for s in scores}
        sys.stdout.write(_dump(r.to_dict(inp.table.name, inp.table.sha256, inp.humans[0], sigs)))
    else:
        sys.stdout.write((rank_markdown if ns.format == "markdown" else rank_text)(r, inp.humans[0], ns.width))
    return 0
