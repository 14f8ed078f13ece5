"""``mtmetrics meta rank``: metrics ranked as the WMT23/WMT24 metrics tasks rank them
(:mod:`mtmetrics.meta.tasks`): every task's values and clusters, the weighted global score and its
clusters, as text, Markdown or JSON."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...errors import ParameterError
from ...meta.tasks import PRESETS, RANGE, SPA_PERMUTATIONS, SPA_SEED, Ranking, RankSettings, grids_of, rank
from ...stats import MAX_RESAMPLES
from ...stats.corrections import p_text
from ...version import __version__
from ..args import bounded
from .common import TABLE_HELP, _dump, _load, input_args, meta_parser, score_specs


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
    )
    p.add_argument("table", metavar="TABLE", help=TABLE_HELP)
    p.add_argument(
        "--preset", required=True, choices=sorted(PRESETS), help="the task set (language pairs: the table's)"
    )
    p.add_argument("-m", "--metrics", nargs="+", required=True, metavar="METRIC", help="metrics, as for correlate")
    p.add_argument(
        "--resamples",
        type=bounded(int, 1, MAX_RESAMPLES),
        default=1000,
        help="PERM-BOTH draws per pair and task (mt-metrics-eval's k; default 1000)",
    )
    p.add_argument(
        "--alpha",
        type=bounded(float, 0.0, 1.0),
        default=0.05,
        help="a pair is significant at p <= alpha (default 0.05)",
    )
    p.add_argument(
        "--bootstrap-n",
        type=bounded(int, 0, MAX_RESAMPLES),
        default=0,
        help="bootstrap resamples of each task's items for 95%% percentile intervals of soft pairwise accuracy, "
        "acc-eq (at each metric's calibrated epsilon) and segment Pearson (default 0: none)",
    )
    input_args(p, system_level=False)
    return p


def signature(s: RankSettings) -> str:
    """What fixes the ranking's numbers besides the data and the metrics."""
    st = s.stop
    return (
        f"preset:{s.preset}|test:perm-both|k:{s.k}|seed:{s.seed}|alpha:{s.alpha}|"
        f"stop:{st.block},{st.early_min},{st.early_max}|spa:{SPA_PERMUTATIONS},{SPA_SEED}|boot:{s.n_boot}|"
        f"version:{__version__}"
    )


def as_json(r: Ranking, table: str, sha256: str, human: str, signatures: dict[str, str]) -> dict[str, Any]:
    """The ranking as a JSON document: every value unrounded, p-values as upper-triangle matrices."""

    def upper(p: np.ndarray) -> list[list[float | None]]:
        n = len(p)
        return [[float(p[i, j]) if j > i else None for j in range(n)] for i in range(n)]

    return {
        "signature": signature(r.settings),
        "table": {"name": table, "sha256": sha256, "human": human},
        "metrics": [{"spec": m, "signature": signatures[m]} for m in signatures],
        "tasks": [
            {
                "name": t.task.name,
                "lps": list(t.task.lps),
                "level": t.task.level,
                "measure": t.task.measure,
                "weight": t.task.weight,
                "range": list(RANGE[t.task.measure]),
                "order": t.order,
                "values": [t.values[m] for m in t.order],
                **({"intervals": [_pair(t.intervals[m]) for m in t.order]} if t.intervals else {}),
                "clusters": t.ranks,
                "p": upper(t.tests.p),
                "draws": [
                    [len(t.tests.draws[(i, j)]) if j > i else None for j in range(len(t.order))]
                    for i in range(len(t.order))
                ],
            }
            for t in r.tasks
        ],
        "global": {
            "order": r.order,
            "scores": [r.scores[m] for m in r.order],
            "clusters": r.ranks,
            "p": upper(r.p),
        },
    }


def _pair(iv: tuple[float, float] | None) -> list[float] | None:
    return None if iv is None else list(iv)


def _rows(r: Ranking, width: int) -> list[list[str]]:
    head = ["metric", "cluster", "global", *(f"t{k + 1}" for k in range(len(r.tasks)))]
    rows = [head]
    for m, cluster in zip(r.order, r.ranks, strict=True):
        cells = [m, str(cluster), f"{r.scores[m]:.{width}f}"]
        for t in r.tasks:
            iv = t.intervals.get(m) if t.intervals else None
            span = f" [{iv[0]:.{width}f}, {iv[1]:.{width}f}]" if iv else ""
            cells.append(f"{t.values[m]:.{width}f}{span} ({t.ranks[t.order.index(m)]})")
        rows.append(cells)
    return rows


def _notes(r: Ranking, human: str) -> list[str]:
    s = r.settings
    n = len(r.order)
    adjacent = []
    for i in range(n - 1):
        a, b = r.order[i], r.order[i + 1]
        draws = max(len(t.mapped(a, b)) for t in r.tasks)  # the global test's draws (early stops tiled)
        adjacent.append(f"{a} > {b}: p = {p_text(float(r.p[i, i + 1]), draws)}")
    return [
        f"human scores: {human}; clusters: a metric starts a new one when any member of the current one beats it "
        f"at p <= {s.alpha} (PERM-BOTH, {s.k} draws per pair and task, seed {s.seed}, mt-metrics-eval's early stop)",
        *(f"t{k + 1}: {t.task.name} (weight {t.task.weight:.4g})" for k, t in enumerate(r.tasks)),
        *(
            [
                f"[lo, hi]: 95% bootstrap percentile intervals, {s.n_boot} resamples of each task's items (seed "
                f"{s.seed}); acc-eq at each metric's epsilon calibrated on all items"
            ]
            if s.n_boot
            else []
        ),
        *(["global, adjacent pairs: " + "; ".join(adjacent)] if adjacent else []),
    ]


def render_text(r: Ranking, human: str, width: int) -> str:
    from ...texttables import aligned

    lines = [signature(r.settings), "", *aligned(_rows(r, width)), "", *_notes(r, human)]
    return "\n".join(lines) + "\n"


def render_markdown(r: Ranking, human: str, width: int) -> str:
    from ...texttables import markdown_cell

    rows = _rows(r, width)
    lines = [f"`{signature(r.settings)}`", ""]  # a code span outside a table: no escape
    lines.append("| " + " | ".join(rows[0]) + " |")
    lines.append("|" + "|".join(["---"] + ["---:"] * (len(rows[0]) - 1)) + "|")
    lines += ["| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in rows[1:]]
    lines += ["", *(f"- {markdown_cell(n)}" for n in _notes(r, human))]
    return "\n".join(lines) + "\n"


def run_rank(argv: Sequence[str]) -> int:
    """``mtmetrics meta rank``."""
    ns = _parser().parse_args(argv)
    inp = _load(ns)
    if len(inp.humans) != 1:
        raise ParameterError(f"meta rank: one human column, found {', '.join(inp.humans)}; choose one with --human.")
    scores = score_specs(inp.table, inp.columns, ns.metrics, ns.jobs)
    grids = grids_of(inp.table, inp.columns, inp.humans[0], scores)
    settings = RankSettings(ns.preset, k=ns.resamples, seed=ns.seed, alpha=ns.alpha, n_boot=ns.bootstrap_n)
    r = rank(grids, [s.spec for s in scores], settings)
    if ns.format == "json":
        sigs = {s.spec: s.signature for s in scores}
        sys.stdout.write(_dump(as_json(r, inp.table.name, inp.table.sha256, inp.humans[0], sigs)))
    elif ns.format == "markdown":
        sys.stdout.write(render_markdown(r, inp.humans[0], ns.width))
    else:
        sys.stdout.write(render_text(r, inp.humans[0], ns.width))
    return 0
