"""The regression models of Russo-Lassner et al. (2005, Section 3.3): features, training, model files.

A model is a linear regression of the human score on a group of segment-level features:

``B`` sentence BLEU (``bleus``: smoothed sentence BLEU, add-one for n > 1, on a 0-100 scale);
``T`` TER (``ter``, sacrebleu, against all references);
``M`` METEOR (``meteor``, the baselines plugin);
``P`` the ten paraphrase features (``paraphrase``: Wrd NP WnSyn Verb PNP Order D2 D3 D4 D5).

Model names concatenate groups (``BTMP`` uses all thirteen features). As in the paper, every
model's features enter *stepwise* (partial F tests, ``p_enter = 0.05``, ``p_remove = 0.10``; the
implementation is :func:`mtmetrics.stats.mct.stepwise`), and the fitted model is an ordinary least
squares fit with an intercept on the selected features.

Unlike the paper, which reported correlations on its training data ("we are currently more
concerned about modeling human preferences"), models are trained on one table (``dev/``) and
evaluated on others (``test/``); see :mod:`.evaluate`.

A model file is JSON: name, groups, selected features and coefficients, intercept, training r,
the stepwise trace, the training table's name and SHA-256 and the metric signatures that produced
the features (so a model is never applied to features computed differently without notice).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mtmetrics import InputError, Metric, load_metric
from mtmetrics.stats.correlation import pearson
from mtmetrics.stats.mct import stepwise

from .features import FEATURES

#: The models of the paper's Table 1, in its order.
PAPER_MODELS = ("B", "T", "M", "BP", "TP", "MP", "BT", "BTP", "BTM", "BTMP")
#: Feature group letter -> (metric spec, feature names).
GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "B": ("bleus", ("BLEU",)),
    "T": ("ter", ("TER",)),
    "M": ("meteor", ("METEOR",)),
    "P": ("paraphrase", FEATURES),
}
FORMAT = "mtmetrics-paraphrase-model/1"


def model_groups(name: str) -> tuple[str, ...]:
    """The feature groups of a model name (``"BTP"`` -> ``("B", "T", "P")``)."""
    if not name or any(c not in GROUPS for c in name) or len(set(name)) != len(name):
        raise InputError(f"unknown model '{name}': a model name is made of the letters {''.join(GROUPS)}, each once.")
    return tuple(name)


def model_feature_names(name: str) -> tuple[str, ...]:
    """Every candidate feature of a model, in group order."""
    return tuple(f for g in model_groups(name) for f in GROUPS[g][1])


@dataclass
class FeatureTable:
    """Segment-level features of a judged table: one column per feature, plus the human scores."""

    columns: dict[str, np.ndarray]
    human: np.ndarray
    signatures: dict[str, str] = field(default_factory=dict)

    def matrix(self, names: Sequence[str]) -> np.ndarray:
        """The columns ``names`` as an ``(n, len(names))`` matrix."""
        return np.column_stack([self.columns[n] for n in names])


def _metric(spec: str) -> Metric:
    if spec == "paraphrase":
        from .metric import Paraphrase

        return Paraphrase()  # also when the plugin is not (yet) in the registry
    return load_metric(spec)


def compute_features(
    hyps: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    human: np.ndarray,
    groups: Sequence[str],
    jobs: int = 1,
) -> FeatureTable:
    """Score every segment with the metrics of ``groups`` and collect the feature columns."""
    columns: dict[str, np.ndarray] = {}
    signatures: dict[str, str] = {}
    for g in dict.fromkeys(groups):
        spec, names = GROUPS[g]
        metric = _metric(spec)
        stats = metric.statistics(hyps, refs, jobs=jobs)
        signatures[spec] = str(metric.signature(stats.nrefs))
        if g == "P":
            for n in names:
                columns[n] = stats.column(n).copy()
        else:
            columns[names[0]] = np.array([r.score for r in metric.segment_results(stats)], dtype=np.float64)
    return FeatureTable(columns, np.asarray(human, dtype=np.float64), signatures)


@dataclass
class Model:
    """A fitted linear model: ``prediction = intercept + sum(coefficients[f] * feature f)``."""

    name: str
    features: list[str]
    coefficients: list[float]
    intercept: float
    train_r: float
    n_train: int
    candidates: list[str]
    steps: list[dict[str, Any]] = field(default_factory=list)
    trained_on: dict[str, str] = field(default_factory=dict)
    signatures: dict[str, str] = field(default_factory=dict)
    format: str = FORMAT

    def predict(self, table: FeatureTable | Mapping[str, np.ndarray]) -> np.ndarray:
        """Predicted human scores for the rows of a feature table."""
        columns = table.columns if isinstance(table, FeatureTable) else table
        n = len(next(iter(columns.values())))
        out = np.full(n, self.intercept, dtype=np.float64)
        for f, c in zip(self.features, self.coefficients, strict=True):
            out += c * np.asarray(columns[f], dtype=np.float64)
        return out

    def to_json(self) -> str:
        """The model file's text."""
        return json.dumps(asdict(self), indent=2, sort_keys=False) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the model file."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Model:
        """Read a model file written by :meth:`save`."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise InputError(f"cannot read model file {path}: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"{path} is not a paraphrase model file (format {FORMAT}).")
        return cls(**data)


def train_model(
    name: str,
    table: FeatureTable,
    p_enter: float = 0.05,
    p_remove: float = 0.10,
    trained_on: Mapping[str, str] | None = None,
) -> Model:
    """Fit model ``name`` on ``table`` with stepwise feature selection."""
    candidates = list(model_feature_names(name))
    x = table.matrix(candidates)
    result = stepwise(x, table.human, p_enter=p_enter, p_remove=p_remove)
    features = [candidates[j] for j in result.features]
    steps = [
        {"action": s["action"], "feature": candidates[int(str(s["feature"]))], "F": s["F"], "p": s["p"]}
        for s in result.steps
    ]
    model = Model(
        name=name,
        features=features,
        coefficients=list(result.coefficients),
        intercept=float(result.intercept),
        train_r=math.nan,
        n_train=len(table.human),
        candidates=candidates,
        steps=steps,
        trained_on=dict(trained_on or {}),
        signatures={GROUPS[g][0]: table.signatures.get(GROUPS[g][0], "") for g in model_groups(name)},
    )
    model.train_r = pearson(model.predict(table), table.human) if features else math.nan
    return model
