"""``combo``: score with a model learned by ``mtmetrics meta mct`` or ``meta regress``.

The model file is the core format ``mtmetrics-combo/1`` (:mod:`mtmetrics.stats.combination`,
read with :class:`~mtmetrics.stats.combination.CombinationModel`). It lists the feature metrics as ``-m`` specs,
their signatures at training time, a sign per feature (-1 for error rates, which were negated
when learning), the weights and intercept, and the training data's name and SHA-256. A segment's
score is ``intercept + Σ_j weight_j · sign_j · score_j`` where ``score_j`` is feature ``j``'s
sentence-level score; the corpus score is the mean over segments (``mean`` aggregation). The
signature carries the SHA-256 of the model file (its first 16 hex digits) and each feature
metric's signature is checked against the model's: a feature whose signature changed (another
tokenizer, a new version of a plugin) is an error, since the weights were learned for it. The
signatures fix the features' own settings but not how the input text was prepared: the model also
records each feature's scale on the training rows and a profile of the training text (cased or
lowercased, tokenized or not; :mod:`mtmetrics.stats.textprep`), and text prepared grossly
differently (lowercased or pre-tokenized when the training text was raw) is an
:class:`~mtmetrics.InputError` (exit status 2), checked on every batch of 20 or more segments.
Scores are unbounded (weights can be negative), so ``score_range`` is open and identity is not
guaranteed to be best. Features that need the source or annotations (SSCN, PRS, MPR: word
alignments) make the combination need them too, and receive them; the ``align`` field of their
signature (where the alignments came from) is data, not a setting, and is not compared.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

import mtmetrics
from mtmetrics import Field, Inputs, Metric, Param, Segment
from mtmetrics.stats.combination import FORMAT, CombinationModel, Feature


def _spec(text: str) -> tuple[str, dict[str, str]]:
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        params[key.strip().replace("-", "_")] = value.strip()
    return name.strip(), params


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
            "model", str, None, "path of the JSON model written by 'mtmetrics meta mct/regress -o'", None, nullable=True
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
        p = Path(path)
        if not p.exists():
            raise mtmetrics.ResourceError(
                f"combo: model file {path} not found (write one with 'mtmetrics meta mct -o')."
            )
        raw = p.read_bytes()
        self.sha256 = hashlib.sha256(raw).hexdigest()
        self.model = CombinationModel.from_json(raw, f"combo: {path}")
        self.features: list[Metric] = []
        for f in self.model.features:
            name, params = _spec(f.spec)
            metric = mtmetrics.load_metric(name, **params)
            now = _signature_core(str(metric.signature("1")))
            if now != _signature_core(f.signature):
                raise mtmetrics.InputError(
                    f"combo: feature {f.spec} now has the signature {now}, but the model was trained with "
                    f"{_signature_core(f.signature)}."
                )
            self.features.append(metric)
        # what the features need, the combination needs: sources and annotations (alignments of
        # SSCN, PRS, MPR) are passed through to them; per instance, since they depend on the model file
        self.inputs = Inputs(  # type: ignore[misc]
            source=any(f.inputs.source for f in self.features),
            annotations=tuple(dict.fromkeys(a for f in self.features for a in f.inputs.annotations)),
        )

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
        return [f.prepare(refs) for f in self.features]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        self.require_ready()
        problem = self.model.text_mismatch([s.hyp for s in segments])
        if problem:
            raise mtmetrics.InputError(
                f"combo: the model {self.values['model']} was trained on text prepared otherwise: {problem}. "
                "Score the text as it was prepared for training (raw WMT text, as a rule)."
            )
        features: list[Metric] = self.corpus_state if self.corpus_state is not None else self.features
        cols = []
        for metric in features:
            stats = metric.statistics_of(segments)
            cols.append(metric.score_rows(stats.array))
        feats = self.model.signed(np.column_stack(cols))
        return np.column_stack([self.model.combine(feats), feats])

    def resource_fields(self) -> tuple[Field, ...]:
        return (Field("model", self.sha256[:16], "model"),)
