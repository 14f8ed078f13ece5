"""Learning a combined metric from a scored table (docs/meta.md §4): :func:`train_mct` and
:func:`train_stepwise` fit :mod:`mtmetrics.stats.mct`'s models on :func:`learning_data` and return
the :class:`~mtmetrics_meta.combination.CombinationModel` a metric applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mtmetrics.errors import InputError
from mtmetrics.io.tables import Columns, Table

from .combination import CombinationModel, Feature, Scale
from .scores import MetricScores
from .textprep import text_profile


@dataclass(frozen=True)
class LearningData:
    """The training rows: feature matrix ``x`` (rows × metrics, signed scores), human scores ``h``."""

    table: Table
    columns: Columns
    human: str
    scores: Sequence[MetricScores]
    rows: np.ndarray  # the table rows trained on
    x: np.ndarray
    h: np.ndarray
    group: str | None  # the group trained on (None: every row)


def learning_data(
    table: Table, columns: Columns, human: str, scores: Sequence[MetricScores], only_group: str | None = None
) -> LearningData:
    """The feature matrix and human scores of every row, or of the rows of group ``only_group``."""
    rows = np.arange(len(table))
    if only_group is not None:
        if not columns.group:
            raise InputError("--only-group needs a group column (--group-col).")
        rows = np.flatnonzero(np.array(table.columns[columns.group]) == only_group)
        if not len(rows):
            raise InputError(f"no row has {columns.group} = {only_group}.")
    for s in scores:  # a model applies its features' specs alone: not each language pair's defaults
        if s.group_metrics:
            first = s.group_metrics[0][1].values
            differ = next((k for _, m in s.group_metrics for k, v in m.values.items() if v != first[k]), "parameters")
            raise InputError(
                f"-m {s.spec}: the groups were scored with their language pairs' {differ}, but a model applies "
                f"its spec alone: give the value (-m {s.spec}:{differ}=VALUE)."
            )
    x = np.column_stack([s.segment_scores[rows] for s in scores])
    h = table.numbers(human)[rows]
    return LearningData(table, columns, human, scores, rows, x, h, only_group)


def combination_model(
    kind: str, data: LearningData, weights: Sequence[float], intercept: float, extra: dict[str, Any]
) -> CombinationModel:
    """The model (:mod:`~mtmetrics_meta.combination`): features (spec, signature, sign and the
    scale of their signed segment scores on the training rows), weights and the training text's
    profile (:mod:`~mtmetrics_meta.textprep`), which a metric applying the model checks its text against."""
    hyps = data.table.columns[data.columns.hyp]
    return CombinationModel(
        features=tuple(
            Feature(s.spec, s.signature, -1 if s.flipped else 1, Scale.of(s.segment_scores[data.rows]))
            for s in data.scores
        ),
        weights=tuple(weights),
        intercept=intercept,
        kind=kind,
        text=text_profile([hyps[i] for i in data.rows]),
        training={
            "table": data.table.name,
            "sha256": data.table.sha256,
            "human": data.human,
            "rows": len(data.h),
            "group": data.group,
        },
        extra=extra,
    )


def train_mct(data: LearningData, restarts: int, seed: int, loso: bool = True) -> tuple[CombinationModel, Any]:
    """Maximum correlation training (and, with ``loso``, the leave-one-system-out evaluation in
    the model's ``extra``); returns the model and :func:`~mtmetrics.stats.mct.mct`'s result."""
    from mtmetrics.stats.mct import leave_one_system_out, mct

    model = mct(data.x, data.h, restarts, seed)
    extra: dict[str, Any] = {
        "training_r": model.r,
        "best_single_feature": data.scores[model.best_single_feature].spec,
        "best_single_r": model.best_single,
        "restarts": restarts,
        "seed": seed,
    }
    if loso:
        systems = np.array(data.table.columns[data.columns.system])[data.rows]
        extra["leave_one_system_out"] = leave_one_system_out(data.x, data.h, systems.tolist(), restarts, seed)
    return combination_model("mct", data, model.weights, 0.0, extra), model


def train_stepwise(data: LearningData, p_enter: float, p_remove: float) -> tuple[CombinationModel, Any]:
    """Stepwise least squares (partial F tests); returns the model and
    :func:`~mtmetrics.stats.mct.stepwise`'s result."""
    from mtmetrics.stats.mct import stepwise

    res = stepwise(data.x, data.h, p_enter, p_remove)
    weights = [0.0] * len(data.scores)
    for j, c in zip(res.features, res.coefficients, strict=True):
        weights[j] = c
    extra = {
        "selected": [data.scores[j].spec for j in res.features],
        "training_r": res.r,
        "steps": [{**s, "feature": data.scores[int(s["feature"])].spec} for s in res.steps],  # type: ignore[call-overload]
        "p_enter": p_enter,
        "p_remove": p_remove,
    }
    return combination_model("stepwise-ols", data, weights, res.intercept, extra), res
