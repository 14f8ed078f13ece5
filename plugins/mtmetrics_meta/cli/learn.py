"""``mtmetrics meta mct`` and ``meta regress``: learned combinations of metrics."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mtmetrics.cli.args import bounded
from mtmetrics.errors import InputError
from mtmetrics.io.files import atomic_write, check_writable

from ..combination import FORMAT, CombinationModel
from ..learn import LearningData, learning_data, train_mct, train_stepwise
from ..scores import score_table
from .common import _load, build_metrics, input_args, meta_parser, scoring_progress, table_annotations


def _learn_parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = meta_parser(prog, description, table=True, metrics_help="metrics, e.g. chrf bleus")
    input_args(p, system_level=False, row_options=True)
    p.add_argument("--only-group", metavar="VALUE", help="train on the rows of one group (e.g. an lp) only")
    p.add_argument(
        "-o",
        "--output",
        metavar="MODEL.json",
        help=f"write the learned model ({FORMAT}, read by the metric that applies learned combinations)",
    )
    return p


def _features(ns: argparse.Namespace) -> LearningData:
    """Read and score the table (``-m``), then the training rows (``--only-group``)."""
    if ns.output:
        check_writable(ns.output)
    inp = _load(ns)
    table, cols, humans = inp.table, inp.columns, inp.humans
    if len(humans) != 1:
        raise InputError("learning needs exactly one --human column.")
    metrics = build_metrics(ns.metrics, table.columns[cols.group] if cols.group else (), f" of {table.name}")
    with scoring_progress(len(table) * len(metrics)) as advance:
        scores = score_table(table, cols, metrics, ns.jobs, table_annotations(ns, table, cols), progress=advance)
    return learning_data(table, cols, humans[0], scores, ns.only_group)


def _finish(ns: argparse.Namespace, model: CombinationModel, lines: list[str]) -> int:
    """Write the model (``-o``) and print it as JSON (``-f json``) or the text ``lines``."""
    if ns.output:
        atomic_write(ns.output, model.to_json())
        lines.append(_written(ns.output))
    sys.stdout.write(model.to_json() if ns.format == "json" else "\n".join(lines) + "\n")
    return 0


def _written(path: str) -> str:
    """The line saying the model was written to ``path`` and how to score with it: through the
    registered metrics whose :attr:`~mtmetrics.Metric.model_formats` name the format (the core
    names none of them)."""
    from mtmetrics import plugins

    readers = [name for name, entry in plugins.REGISTRY.metric_registry().items() if FORMAT in entry.cls.model_formats]
    how = ", ".join(f"-m {name}:model={path}" for name in readers)
    return f"model written to {path}" + (f" (score with: {how})" if how else "")


def run_mct(argv: Sequence[str]) -> int:
    """``mtmetrics meta mct``: maximum correlation training (+ leave-one-system-out evaluation)."""
    p = _learn_parser("mtmetrics meta mct", "Maximum correlation training (Liu & Gildea 2007) of a linear combination.")
    p.add_argument(
        "--restarts",
        type=bounded(int, 0, 10_000),
        default=10,
        help="seeded random restarts (plus one start per feature)",
    )
    p.add_argument("--no-loso", action="store_true", help="skip the leave-one-system-out evaluation")
    ns = p.parse_args(argv)
    data = _features(ns)
    learned, model = train_mct(data, ns.restarts, ns.seed, loso=not ns.no_loso)
    table, human, scores, h, extra = data.table, data.human, data.scores, data.h, learned.extra
    lines = [f"MCT on {table.name} ({len(h)} segments, human={human}, seed {ns.seed}, {ns.restarts} random restarts)"]
    for f, w in zip(learned.features, model.weights, strict=True):
        lines.append(f"  {w:+.6g} × {f.spec}" + (" (sign-flipped)" if f.sign < 0 else ""))
    lines.append(
        f"training Pearson r = {model.r:.{ns.width}f} (best single feature {extra['best_single_feature']}: "
        f"{model.best_single:.{ns.width}f})"
    )
    if "leave_one_system_out" in extra:
        lo = extra["leave_one_system_out"]
        singles = ", ".join(f"{s.spec} {v:.{ns.width}f}" for s, v in zip(scores, lo["single_mean_r"], strict=True))
        lines.append(
            f"leave-one-system-out mean r = {lo['mean_r']:.{ns.width}f} ({len(lo['systems'])} systems; "
            f"single features: {singles})"
        )
    return _finish(ns, learned, lines)


def run_regress(argv: Sequence[str]) -> int:
    """``mtmetrics meta regress``: stepwise linear regression on metric scores."""
    p = _learn_parser("mtmetrics meta regress", "Stepwise linear regression (partial F tests) on metric scores.")
    p.add_argument("--p-enter", type=bounded(float, 0, 1), default=0.05)
    p.add_argument("--p-remove", type=bounded(float, 0, 1), default=0.10)
    ns = p.parse_args(argv)
    data = _features(ns)
    learned, res = train_stepwise(data, ns.p_enter, ns.p_remove)
    table, human, h, extra = data.table, data.human, data.h, learned.extra
    lines = [
        f"stepwise OLS on {table.name} ({len(h)} segments, human={human}, p-enter {ns.p_enter}, p-remove {ns.p_remove})"
    ]
    for s in extra["steps"]:
        lines.append(f"  {s['action']:6} {s['feature']}: F = {s['F']:.4g}, p = {s['p']:.3g}")
    lines.append(f"selected: {', '.join(extra['selected']) or 'none'}; r = {res.r:.{ns.width}f}")
    return _finish(ns, learned, lines)
