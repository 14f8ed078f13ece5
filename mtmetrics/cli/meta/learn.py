"""``mtmetrics meta mct`` and ``meta regress``: learned combinations of metrics."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ...errors import InputError
from ...io.files import atomic_write, check_writable
from ...io.tables import Columns, Table
from ...stats.combination import FORMAT, CombinationModel, Feature, Scale
from ...stats.metaeval import MetricScores, score_table
from ...stats.textprep import text_profile
from ..args import StrictArgumentParser
from .alignopts import add_aligner_args, table_alignments
from .common import (
    _load,
    _table_args,
    build_metrics,
    scoring_progress,
)


# ------------------------------------------------------------------------------ mct / regress
def _learn_parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = StrictArgumentParser(prog=prog, description=description)
    _table_args(p)
    add_aligner_args(p)
    p.add_argument("--only-group", metavar="VALUE", help="train on the rows of one group (e.g. an lp) only")
    p.add_argument(
        "-o",
        "--output",
        metavar="MODEL.json",
        help=f"write the learned model ({FORMAT}, read by the metric that applies learned combinations)",
    )
    return p


def _features(ns: argparse.Namespace) -> tuple[Table, Columns, str, list[MetricScores], Any, Any]:
    import numpy as np

    if ns.output:
        check_writable(ns.output)
    table, cols, humans = _load(ns)
    if len(humans) != 1:
        raise InputError("learning needs exactly one --human column.")
    metrics = build_metrics(ns.metrics)
    with scoring_progress(len(table) * len(metrics)) as bar:
        scores = score_table(table, cols, metrics, ns.jobs, table_alignments(ns, table, cols), progress=bar.advance)
    rows = np.arange(len(table))
    if ns.only_group is not None:
        if not cols.group:
            raise InputError("--only-group needs a group column (--group-col).")
        rows = np.flatnonzero(np.array(table.columns[cols.group]) == ns.only_group)
        if not len(rows):
            raise InputError(f"no row has {cols.group} = {ns.only_group}.")
    x = np.column_stack([s.segment_scores[rows] for s in scores])
    h = table.numbers(humans[0])[rows]
    return table, cols, humans[0], scores, x, (h, rows)


def _model(
    kind: str,
    table: Table,
    human: str,
    scores: Sequence[MetricScores],
    weights: Sequence[float],
    intercept: float,
    extra: dict[str, Any],
    ns: argparse.Namespace,
    n: int,
    rows: Any,
    cols: Columns,
) -> CombinationModel:
    """The model (:mod:`~mtmetrics.stats.combination`): features (spec, signature, sign and the
    scale of their signed segment scores on the training rows), weights and the training text's
    profile (:mod:`~mtmetrics.stats.textprep`), which a metric applying the model checks its text against."""
    hyps = table.columns[cols.hyp]
    return CombinationModel(
        features=tuple(
            Feature(s.spec, s.signature, -1 if s.flipped else 1, Scale.of(s.segment_scores[rows])) for s in scores
        ),
        weights=tuple(weights),
        intercept=intercept,
        kind=kind,
        text=text_profile([hyps[i] for i in rows]),
        training={"table": table.name, "sha256": table.sha256, "human": human, "rows": n, "group": ns.only_group},
        extra=extra,
    )


def _write_model(model: CombinationModel, path: str | None) -> None:
    if path:
        atomic_write(path, model.to_json())


def _written(path: str) -> str:
    """The line saying the model was written to ``path`` and how to score with it: through the
    registered metrics whose :attr:`~mtmetrics.Metric.model_formats` name the format (the core
    names none of them)."""
    from ... import plugins

    readers = [name for name, entry in plugins.metric_registry().items() if FORMAT in entry.cls.model_formats]
    how = ", ".join(f"-m {name}:model={path}" for name in readers)
    return f"model written to {path}" + (f" (score with: {how})" if how else "")


def run_mct(argv: Sequence[str]) -> int:
    """``mtmetrics meta mct``: maximum correlation training (+ leave-one-system-out evaluation)."""
    from ...stats.mct import leave_one_system_out, mct

    p = _learn_parser("mtmetrics meta mct", "Maximum correlation training (Liu & Gildea 2007) of a linear combination.")
    p.add_argument("--restarts", type=int, default=10, help="seeded random restarts (plus one start per feature)")
    p.add_argument("--no-loso", action="store_true", help="skip the leave-one-system-out evaluation")
    ns = p.parse_args(argv)
    table, cols, human, scores, x, (h, rows) = _features(ns)
    model = mct(x, h, ns.restarts, ns.seed)
    extra: dict[str, Any] = {
        "training_r": model.r,
        "best_single_feature": scores[model.best_single_feature].spec,
        "best_single_r": model.best_single,
        "restarts": ns.restarts,
        "seed": ns.seed,
    }
    if not ns.no_loso:
        import numpy as np

        systems = np.array(table.columns[cols.system])[rows]
        extra["leave_one_system_out"] = leave_one_system_out(x, h, systems.tolist(), ns.restarts, ns.seed)
    learned = _model("mct", table, human, scores, model.weights, 0.0, extra, ns, len(h), rows, cols)
    _write_model(learned, ns.output)
    if ns.format == "json":
        sys.stdout.write(learned.to_json())
        return 0
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
    if ns.output:
        lines.append(_written(ns.output))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def run_regress(argv: Sequence[str]) -> int:
    """``mtmetrics meta regress``: stepwise linear regression on metric scores."""
    from ...stats.mct import stepwise

    p = _learn_parser("mtmetrics meta regress", "Stepwise linear regression (partial F tests) on metric scores.")
    p.add_argument("--p-enter", type=float, default=0.05)
    p.add_argument("--p-remove", type=float, default=0.10)
    ns = p.parse_args(argv)
    table, cols, human, scores, x, (h, rows) = _features(ns)
    res = stepwise(x, h, ns.p_enter, ns.p_remove)
    weights = [0.0] * len(scores)
    for j, c in zip(res.features, res.coefficients, strict=True):
        weights[j] = c
    extra = {
        "selected": [scores[j].spec for j in res.features],
        "training_r": res.r,
        "steps": [{**s, "feature": scores[int(s["feature"])].spec} for s in res.steps],  # type: ignore[call-overload]
        "p_enter": ns.p_enter,
        "p_remove": ns.p_remove,
    }
    learned = _model("stepwise-ols", table, human, scores, weights, res.intercept, extra, ns, len(h), rows, cols)
    _write_model(learned, ns.output)
    if ns.format == "json":
        sys.stdout.write(learned.to_json())
        return 0
    lines = [
        f"stepwise OLS on {table.name} ({len(h)} segments, human={human}, p-enter {ns.p_enter}, p-remove {ns.p_remove})"
    ]
    for s in extra["steps"]:
        lines.append(f"  {s['action']:6} {s['feature']}: F = {s['F']:.4g}, p = {s['p']:.3g}")
    lines.append(f"selected: {', '.join(extra['selected']) or 'none'}; r = {res.r:.{ns.width}f}")
    if ns.output:
        lines.append(_written(ns.output))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
