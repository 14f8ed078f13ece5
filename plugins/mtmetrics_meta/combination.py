"""The model file of a learned linear combination of metrics: the format ``mtmetrics-combo/1``.

``mtmetrics meta mct -o`` and ``meta regress -o`` write it; a metric that scores with a learned
combination (this plugin's ``combo``, :mod:`.combo`) reads it with :meth:`CombinationModel.from_json`.
The format is specified here, not in that metric, so that a model is written, read and checked in one
place, and a third-party metric can read it too (naming it in :attr:`~mtmetrics.Metric.model_formats`).

A model file is one JSON object (UTF-8, indented by 2, keys in this order):

``format``
    ``"mtmetrics-combo/1"`` (required; any other value is refused).
``kind``
    how it was learned: ``"mct"`` (maximum correlation training) or ``"stepwise-ols"``.
``features`` (required)
    one object per feature metric: ``spec`` (a ``-m`` spec such as ``bleus:max_order=4``),
    ``signature`` (the metric's signature at training time), ``sign`` (``-1`` when the feature's
    scores were negated for learning: error rates, where lower is better; else ``1``) and
    ``scale`` (``mean``, ``sd``, ``min``, ``max`` of the signed segment scores on the training rows).
``text``
    the profile of the training hypotheses (:func:`~mtmetrics_meta.textprep.text_profile`).
``weights`` (required)
    one number per feature.
``intercept``
    a number (``0`` when absent).
``training``
    the training data: ``table`` (name), ``sha256``, ``human`` (column), ``rows``, ``group``.
any other key
    what the learning method reports (``training_r``, ``leave_one_system_out``, ``steps``, ...),
    kept in :attr:`CombinationModel.extra` in file order; it does not affect scores.

Only ``format``, ``features`` and ``weights`` are required (a hand-written model is valid); absent
optional keys are not written back. A segment's score is
``intercept + Σ_j weight_j · sign_j · score_j`` with ``score_j`` feature ``j``'s sentence-level
score (:meth:`CombinationModel.combine`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mtmetrics.errors import InputError
from mtmetrics.jsonsafe import is_finite_number, strict_json, strict_loads

from . import Record
from .textprep import mismatch, text_profile

#: The format id written into every model file; readers refuse any other.
FORMAT = "mtmetrics-combo/1"
#: Keys of the format with a meaning of their own; every other key goes to ``extra``.
_KNOWN = ("format", "kind", "features", "text", "weights", "intercept", "training")


def _finite(value: Any, key: str, bad: Any) -> float:
    """``value`` as a float when it is a finite JSON number (not a boolean), else ``bad(key, ...)``
    (which names the key, not the value: a model's content is not echoed)."""
    if not is_finite_number(value):
        raise bad(key, "must be a finite number (at most 1.8e308 in magnitude)")
    return float(value)


def _feature(f: Any, key: str, bad: Any) -> Feature:
    """One entry of ``features``, checked key by key."""
    if not isinstance(f, Mapping):
        raise bad(key, "must be an object with spec and signature")
    for name in ("spec", "signature"):
        if name not in f:
            raise bad(f"{key}.{name}", "is missing")
        if not isinstance(f[name], str) or not f[name].strip():
            raise bad(f"{key}.{name}", "must be a non-empty string")
    sign = f.get("sign", 1)
    if isinstance(sign, bool) or sign not in (1, -1):
        raise bad(f"{key}.sign", "must be 1 or -1")
    scale = f.get("scale")
    if scale is not None:
        if not isinstance(scale, Mapping) or set(scale) != {"mean", "sd", "min", "max"}:
            raise bad(f"{key}.scale", "must be an object with mean, sd, min and max")
        scale = Scale(**{k: _finite(scale[k], f"{key}.scale.{k}", bad) for k in ("mean", "sd", "min", "max")})
    return Feature(f["spec"], f["signature"], sign, scale)


@dataclass(frozen=True)
class Scale(Record):
    """Summary of a feature's signed segment scores on the training rows."""

    mean: float
    sd: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Any) -> Scale:
        """The scale of a NumPy vector of signed scores (population standard deviation)."""
        v = np.asarray(values, dtype=np.float64)
        return cls(float(v.mean()), float(v.std()), float(v.min()), float(v.max()))


@dataclass(frozen=True)
class Feature:
    """One feature metric of a model: its spec, signature at training time, sign and scale."""

    spec: str
    signature: str
    #: -1 when the metric's scores were negated for learning (lower is better), else 1
    sign: float = 1
    scale: Scale | None = None

    def to_dict(self) -> dict[str, Any]:
        """The feature's JSON object (``scale`` only when known)."""
        out: dict[str, Any] = {"spec": self.spec, "signature": self.signature, "sign": self.sign}
        if self.scale is not None:
            out["scale"] = self.scale.to_dict()
        return out


@dataclass(frozen=True)
class CombinationModel:
    """A learned linear combination of metric scores (module docstring: the file format)."""

    features: tuple[Feature, ...]
    weights: tuple[float, ...]
    intercept: float = 0.0
    kind: str | None = None
    text: Mapping[str, Any] | None = None
    training: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.features) != len(self.weights):
            raise InputError(f"{FORMAT} model: {len(self.features)} features but {len(self.weights)} weights.")

    # ------------------------------------------------------------------ reading and writing
    def to_dict(self) -> dict[str, Any]:
        """The model as the JSON object of the file, keys in the format's order."""
        out: dict[str, Any] = {"format": FORMAT}
        if self.kind is not None:
            out["kind"] = self.kind
        out["features"] = [f.to_dict() for f in self.features]
        if self.text is not None:
            out["text"] = dict(self.text)
        out["weights"] = list(self.weights)
        out["intercept"] = self.intercept
        if self.training is not None:
            out["training"] = dict(self.training)
        out.update(self.extra)
        return out

    def to_json(self) -> str:
        """The model file's text: strict JSON (non-finite numbers as ``null``), indented by 2."""
        return strict_json(self.to_dict(), indent=2) + "\n"

    @classmethod
    def from_dict(cls, doc: Any, source: str = "model") -> CombinationModel:
        """A model from the file's JSON object; anything that is not a valid model of this format
        is an :class:`~mtmetrics.InputError` naming ``source`` and the key at fault."""
        if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
            raise InputError(f'{source} is not an {FORMAT} model (its "format" must be "{FORMAT}").')

        def bad(key: str, what: str) -> InputError:
            return InputError(f'{source}: malformed {FORMAT} model: "{key}" {what}.')

        for key in ("features", "weights"):
            if key not in doc:
                raise bad(key, "is missing")
        raw_features = doc["features"]
        if not isinstance(raw_features, list) or not raw_features:
            raise bad("features", "must be a non-empty list of objects")
        features = tuple(_feature(f, f"features[{i}]", bad) for i, f in enumerate(raw_features))
        weights = doc["weights"]
        if not isinstance(weights, list):
            raise bad("weights", "must be a list of numbers")
        for i, w in enumerate(weights):
            _finite(w, f"weights[{i}]", bad)
        if len(weights) != len(features):
            raise InputError(f"{source}: {FORMAT} model: {len(features)} features but {len(weights)} weights.")
        intercept = _finite(doc.get("intercept", 0.0), "intercept", bad)
        kind = doc.get("kind")
        if kind is not None and not isinstance(kind, str):
            raise bad("kind", "must be a string")
        for key in ("text", "training"):
            if doc.get(key) is not None and not isinstance(doc[key], Mapping):
                raise bad(key, "must be an object")
        extra = {k: v for k, v in doc.items() if k not in _KNOWN}
        weights = tuple(float(w) for w in weights)
        return cls(features, weights, intercept, kind, doc.get("text"), doc.get("training"), extra)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "model") -> CombinationModel:
        """A model from the file's text (:meth:`from_dict`); text that is not strict JSON (``NaN``
        and ``Infinity`` included), not UTF-8 or nested too deeply is an ``InputError``."""
        return cls.from_dict(strict_loads(text, source), source)

    # ------------------------------------------------------------------ scoring
    @property
    def signs(self) -> np.ndarray:
        """The features' signs as a vector."""
        return np.array([float(f.sign) for f in self.features])

    def signed(self, scores: np.ndarray) -> np.ndarray:
        """Feature scores (one column per feature, one row per segment) times the features' signs."""
        return np.asarray(scores) * self.signs

    def combine(self, signed: np.ndarray) -> np.ndarray:
        """Each row's combination ``intercept + signed @ weights`` (``signed``: from :meth:`signed`)."""
        return float(self.intercept) + signed @ np.array(self.weights, dtype=np.float64)

    def text_mismatch(self, hyps: Sequence[str]) -> str | None:
        """How ``hyps`` were prepared grossly otherwise than the training text, or ``None``
        (also ``None`` for a model without a text profile)."""
        if self.text is None:
            return None
        return mismatch(dict(self.text), text_profile(hyps))
