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

A model file is strict JSON: name, selected features and coefficients, intercept, training r,
the stepwise trace, the training table's name and SHA-256 and the metric signatures that produced
the features (so a model is never applied to features computed differently without notice).
``train_r`` is ``null`` when the in-sample correlation is undefined (no feature was selected, so
the predictions are constant); any other non-finite number is never written. Reading checks every
key (:meth:`Model.from_dict`): a malformed model is an :class:`~mtmetrics.InputError` naming the
file and the key at fault.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from mtmetrics import InputError, Scorer, load_metric
from mtmetrics.io import files
from mtmetrics.jsonsafe import is_finite_number, strict_loads
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


def _metric(spec: str) -> Scorer:
    if spec == "paraphrase":
        from .metric import Paraphrase

        return Scorer(Paraphrase())  # also when the plugin is not (yet) in the registry
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
    #: in-sample Pearson r; ``None`` when undefined (no feature selected: constant predictions)
    train_r: float | None
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
        """The model file's text: strict JSON (a non-finite number is an error, never ``NaN``)."""
        return json.dumps(asdict(self), indent=2, sort_keys=False, allow_nan=False) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the model file whole (:func:`mtmetrics.io.files.atomic_write`)."""
        files.atomic_write(path, self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> Model:
        """Read a model file written by :meth:`save` (a regular file of bounded size, checked key by key)."""
        text = files.read_text(path, "paraphrase model", "model")
        data = strict_loads(text, f"paraphrase model {path}")
        return cls.from_dict(data, str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "model") -> Model:
        """A model from its JSON object; every key is checked (module docstring)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"{source} is not a paraphrase model file (format {FORMAT}).")

        def bad(key: str, what: str) -> InputError:
            return InputError(f'paraphrase model {source}: "{key}" {what}.')

        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise bad(key, f"is not a key of the format (keys: {', '.join(sorted(known))})")
        required = ("name", "features", "coefficients", "intercept", "train_r", "n_train", "candidates")
        for key in required:
            if key not in data:
                raise bad(key, "is missing")
        if not isinstance(data["name"], str):
            raise bad("name", "must be a string")
        try:
            candidates = model_feature_names(data["name"])
        except InputError as exc:
            raise bad("name", f"is not a model name ({exc})") from None
        for key in ("features", "candidates"):
            if not isinstance(data[key], list) or not all(isinstance(f, str) for f in data[key]):
                raise bad(key, "must be a list of feature names")
        unknown = [f for f in data["features"] if f not in candidates]
        if unknown:
            raise bad(
                "features", f"names {unknown[0]!r}, not a feature of model {data['name']} ({', '.join(candidates)})"
            )
        if not isinstance(data["coefficients"], list) or len(data["coefficients"]) != len(data["features"]):
            raise bad("coefficients", f"must be a list of {len(data['features'])} numbers, one per feature")
        for i, c in enumerate(data["coefficients"]):
            _finite(c, f"coefficients[{i}]", bad)
        _finite(data["intercept"], "intercept", bad)
        if data["train_r"] is not None:
            _finite(data["train_r"], "train_r", bad)
        if isinstance(data["n_train"], bool) or not isinstance(data["n_train"], int) or data["n_train"] < 0:
            raise bad("n_train", "must be a non-negative integer")
        for key in ("trained_on", "signatures"):
            value = data.get(key, {})
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise bad(key, "must be an object of strings")
        if not isinstance(data.get("steps", []), list):
            raise bad("steps", "must be a list")
        return cls(**data)


def _finite(value: Any, key: str, bad: Any) -> float:
    if not is_finite_number(value):
        raise bad(key, "must be a finite number (at most 1.8e308 in magnitude)")
    return float(value)


def signature_core(signature: str) -> str:
    """A feature signature without its ``nrefs`` field (the number of references is data, not a setting)."""
    return "|".join(f for f in signature.split("|") if not f.startswith("nrefs:"))


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
        train_r=None,
        n_train=len(table.human),
        candidates=candidates,
        steps=steps,
        trained_on=dict(trained_on or {}),
        signatures={GROUPS[g][0]: table.signatures.get(GROUPS[g][0], "") for g in model_groups(name)},
    )
    r = pearson(model.predict(table), table.human) if features else math.nan
    model.train_r = r if math.isfinite(r) else None
    return model
