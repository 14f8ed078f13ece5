"""``combo``: score with a model learned by ``mtmetrics meta mct`` or ``meta regress``.

The model file is this plugin's format ``mtmetrics-combo/1`` (:mod:`mtmetrics_meta.combination`,
read with :class:`~mtmetrics_meta.combination.CombinationModel`). It lists the feature metrics as ``-m`` specs,
their signatures at training time, a sign per feature (-1 for error rates, which were negated
when learning), the weights and intercept, and the training data's name and SHA-256. A segment's
score is ``intercept + Σ_j weight_j · sign_j · score_j`` where ``score_j`` is feature ``j``'s
sentence-level score; the corpus score is the mean over segments (``mean`` aggregation). The
signature carries the SHA-256 of the model file (its first 16 hex digits) and each feature
metric's signature is checked against the model's: a feature whose signature changed (another
tokenizer, a new version of a plugin) is an error, since the weights were learned for it. The
signatures fix the features' own settings but not how the input text was prepared: the model also
records each feature's scale on the training rows and a profile of the training text (cased or
lowercased, tokenized or not; :mod:`mtmetrics_meta.textprep`), and text prepared grossly
differently (lowercased or pre-tokenized when the training text was raw) is an
:class:`~mtmetrics.InputError` (exit status 2), checked on every batch of 20 or more segments.
Scores are unbounded (weights can be negative), so ``score_range`` is open and identity is not
guaranteed to be best. Features that need the source or annotations (SSCN, PRS, MPR: word
alignments) make the combination need them too, and receive them; the ``align`` field of their
signature (where the alignments came from) is data, not a setting, and is not compared.

The model file must be a regular file of at most 64 MiB, and is checked key by key
(:meth:`~mtmetrics_meta.combination.CombinationModel.from_dict`). A file path among a feature's
parameters (another model, ``sia:similarity=``, a tagger's spaCy directory) is read relative to the
model file and must stay in its folder: an absolute path, ``..`` or a symbolic link leading out of
the folder is an :class:`~mtmetrics.InputError`, so a model cannot make its user read other files.
A model that refers to itself, directly or through others, or nests combo models more than
:data:`MAX_NESTING` deep is an :class:`~mtmetrics.InputError`.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

import mtmetrics
from mtmetrics import (
    Field,
    Inputs,
    Metric,
    Param,
    Scorer,
    Segment,
    plugins,
)
from mtmetrics.engine import gate
from mtmetrics.io import files
from mtmetrics.params import parse_inline, resolve_params

from .combination import FORMAT, CombinationModel, Feature


def _spec(text: str, model: str) -> tuple[type[Metric], dict[str, str]]:
    """A feature's ``-m`` spec, read as the command line reads it, as its metric class and
    parameters; a path among them (a :attr:`~mtmetrics.Param.path`) is read relative to the file
    ``model`` and must stay in its folder (:func:`~mtmetrics.io.files.resolve_named`)."""
    name, params = parse_inline(text)
    cls = plugins.REGISTRY.metric_class(plugins.REGISTRY.canonical_name(name))
    declared = {p.name: p for p in cls.params}

    def resolve(value: str) -> str:
        return files.resolve_named(value, model)

    for key, value in params.items():
        path = declared[key].path if key in declared else False
        if path and value:
            params[key] = resolve(value) if path is True else path(value, resolve)
    return cls, params


#: Models being loaded in this context, outermost first (real paths): a feature naming one of
#: them is a cycle. A context variable, so that threads loading models never see each other's.
_LOADING: ContextVar[tuple[str, ...]] = ContextVar("combo_models_loading", default=())
#: How deep combo models may nest (a feature that is itself a combo model).
MAX_NESTING = 4


#: Signature fields that describe the data, not the feature: the number of references, and the
#: origin of the word alignments a source metric was given (SSCN, PRS, MPR: ``align:``), which is
#: recorded only once the metric has seen segments.
_DATA_FIELDS = ("nrefs:", "align:")


def _signature_core(sig: str) -> str:
    """A signature without its data fields (the model may be used with other references or alignments)."""
    return "|".join(f for f in sig.split("|") if not f.startswith(_DATA_FIELDS))


class Combo(Metric):
    """A linear combination of metric scores learned by maximum correlation training or regression."""

    name = "combo"
    params = (
        Param(
            "model",
            str,
            None,
            "path of the JSON model written by 'mtmetrics meta mct/regress -o'",
            None,
            nullable=True,
            path=True,
        ),
    )
    aggregation = "mean"
    score_range = (-math.inf, math.inf)
    perfect_on_identity = False
    description: ClassVar[str] = "learned linear combination of metrics (meta mct / meta regress model file)"
    #: it needs a model file, which a meta-evaluation table does not supply
    plain_text: ClassVar[bool] = False
    model_formats: ClassVar[tuple[str, ...]] = (FORMAT,)

    def setup(self) -> None:
        path = self.values["model"]
        if path is None:
            raise mtmetrics.ParameterError(
                "combo needs a model: -m combo:model=PATH (from 'mtmetrics meta mct -o PATH')."
            )
        if not os.path.lexists(path):
            raise mtmetrics.ResourceError(
                f"combo: model file {path} not found (write one with 'mtmetrics meta mct -o')."
            )
        digest = hashlib.sha256()  # of the file as stored, taken on its one reading (gzip or not)
        raw = files.read_bytes(path, "combo: model file", "model", digest=digest)
        self.sha256 = digest.hexdigest()
        self.model = CombinationModel.from_json(raw, f"combo: {path}")
        key = os.path.realpath(path)
        loading = _LOADING.get()
        if key in loading:
            raise mtmetrics.InputError(
                f"combo: {path}: a feature refers to the model itself (directly or through another model)."
            )
        if len(loading) >= MAX_NESTING:
            raise mtmetrics.InputError(
                f"combo: {path}: combo models nested more than {MAX_NESTING} deep (a feature that is a combo model "
                "whose features are combo models ...)."
            )
        token = _LOADING.set((*loading, key))
        try:
            self.features: list[Metric] = [self._feature(i, f, path) for i, f in enumerate(self.model.features)]
        finally:
            _LOADING.reset(token)
        # what the features need, the combination needs: sources and annotations (alignments of
        # SSCN, PRS, MPR) are passed through to them; per instance, since they depend on the model file
        self.inputs = Inputs(  # type: ignore[misc]
            source=any(f.inputs.source for f in self.features),
            annotations=tuple(dict.fromkeys(a for f in self.features for a in f.inputs.annotations)),
            hints={k: v for f in self.features for k, v in f.inputs.hints.items()},
        )

    def _feature(self, i: int, f: Feature, model: str) -> Metric:
        """Feature ``i`` of the model, loaded and checked against its training signature; a path among
        its parameters is read relative to the model file."""
        where = f"combo: {model}: features[{i}].spec {f.spec!r}"
        try:
            cls, params = _spec(f.spec, model)
            metric = cls(**params)
        except mtmetrics.MtmetricsError as exc:
            raise mtmetrics.InputError(f"{where}: {exc}") from None
        now = _signature_core(str(Scorer(metric).signature("1")))
        if now != _signature_core(f.signature):
            raise mtmetrics.InputError(
                f"combo: feature {f.spec} now has the signature {now}, but the model was trained with "
                f"{_signature_core(f.signature)}."
            )
        return metric

    @staticmethod
    def example_params(folder: Path) -> dict[str, str]:
        """A small model over chrF and BLEUS4 written to ``folder``, for the conformance suite."""
        specs = ("chrf", "bleus")
        features = tuple(Feature(s, str(mtmetrics.load_metric(s).signature("1"))) for s in specs)
        path = Path(folder) / "combo-example.json"
        path.write_text(CombinationModel(features, (0.5, 0.5)).to_json(), encoding="utf-8")
        return {"model": str(path)}

    def stat_names(self) -> tuple[str, ...]:
        return ("score", *(f.spec for f in self.model.features))

    def observe(self, segments: Sequence[Segment]) -> None:
        """Let the features record the input's provenance (the aligner named in SSCN's signature)."""
        for f in self.features:
            f.observe(segments)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def needs_corpus(self) -> bool:
        """True when a feature needs corpus state (NIST): the combination is prepared with it."""
        return any(f.needs_corpus() for f in self.features)

    def build_corpus_state(self, references: Iterable[Sequence[str]]) -> Any:
        """The features, each prepared for the corpus (the references are read once, kept as tuples)."""
        refs = [tuple(r) for r in references]
        return [Scorer(f).prepare(refs).metric for f in self.features]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        if self.corpus_state is None and self.needs_corpus():
            raise RuntimeError("combo: a feature needs the corpus's references: score with a prepared copy.")
        problem = self.model.text_mismatch([s.hyp for s in segments])
        if problem:
            raise mtmetrics.InputError(
                f"combo: the model {self.values['model']} was trained on text prepared otherwise: {problem}. "
                "Score the text as it was prepared for training (raw WMT text, as a rule)."
            )
        features: list[Metric] = self.corpus_state if self.corpus_state is not None else self.features
        cols = []
        for metric in features:
            stats = Scorer(metric).statistics_of(segments)
            cols.append(metric.score_rows(stats.array))
        feats = self.model.signed(np.column_stack(cols))
        with np.errstate(over="ignore", invalid="ignore"):
            combined = self.model.combine(feats)
        if np.isinf(combined).any() and np.isfinite(feats).all():
            raise mtmetrics.InputError(
                f'combo: {self.values["model"]}: the model\'s "weights" and "intercept" make a segment\'s '
                "score overflow (beyond 1.8e308); they are not a usable model."
            )
        return np.column_stack([combined, feats])

    def resource_fields(self) -> tuple[Field, ...]:
        return (Field("model", self.sha256[:16], "model"),)

    def segment_limit(self) -> int | None:
        """The strictest limit of the features (none before the model is read)."""
        limited = self._limited()
        return limited[0][1] if limited else None

    def _limited(self) -> list[tuple[Metric, int]]:
        """The features with a limit, and their limits, strictest first."""
        limited = [(f, n) for f in getattr(self, "features", ()) if (n := Scorer(f).max_segment_tokens) is not None]
        return sorted(limited, key=lambda fn: fn[1])

    @property
    def unit(self) -> str:
        limited = self._limited()
        if not limited:
            return "tokens"
        f = limited[0][0]
        scaled = f" (scaled to {type(f).name}'s limit)" if len(limited) > 1 else ""
        return f"{f.unit} of its feature {type(f).name}{scaled}"

    def count_units(self, text: str) -> int:
        """The most of any limited feature's units (each its own: tokens, characters), scaled to the
        strictest feature's limit L: a feature of limit Lf counting n gives ⌈n·L/Lf⌉, which is over L
        exactly when n is over Lf, and at most n (so at most the text's characters)."""
        limited = self._limited()
        if not limited:
            return super().count_units(text)
        strictest = limited[0][1]
        return max(-(-f.count_units(text) * strictest // n) for f, n in limited)

    @property
    def complexity(self) -> str:  # type: ignore[override]
        limited = self._limited()
        if not limited:
            return "the sum of its features' costs"
        strictest = limited[0][0]
        return f"{strictest.complexity} (its feature {type(strictest).name})"

    def target_languages(self) -> tuple[str, ...] | None:
        """The languages every feature covers. Asked on an unbuilt instance (the gate's check before
        :meth:`setup`), it reads the model's feature list only (a bounded read of a small JSON file)
        and asks each feature's class on its parameters, so ``-l en-de`` refuses a model containing
        METEOR before METEOR loads WordNet."""
        out: set[str] | None = None
        for f in self._language_views():
            langs = f.target_languages()
            if langs is not None:
                out = set(langs) if out is None else out & set(langs)
        return None if out is None else tuple(sorted(out))

    def _language_views(self) -> list[Metric]:
        """The features (built), or unbuilt views of them from the model file; nothing when the
        model cannot be read (then :meth:`setup` raises the error that names the fault)."""
        if "features" in vars(self):
            return list(self.features)
        path = self.values.get("model")
        loading = _LOADING.get()
        if not path or not os.path.isfile(path) or len(loading) >= MAX_NESTING:
            return []
        key = os.path.realpath(path)
        if key in loading:
            return []
        token = _LOADING.set((*loading, key))
        try:
            raw = files.read_bytes(path, "combo: model file", "model")
            views = []
            for f in CombinationModel.from_json(raw, f"combo: {path}").features:
                cls, params = _spec(f.spec, path)
                views.append(gate.unbuilt(cls, resolve_params(cls.params, params, cls.name)))
            return views
        except mtmetrics.MtmetricsError:
            return []
        finally:
            _LOADING.reset(token)

    def language_resources(self) -> str:
        limited = [f for f in self._language_views() if f.target_languages() is not None]
        named = "; ".join(f"{type(f).name}: {f.language_resources()}" for f in limited)
        return f"its features' resources ({named})"
