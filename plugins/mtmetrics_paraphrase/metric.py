"""The ``paraphrase`` metric: the ten paraphrase features of Russo-Lassner et al. (2005) per segment.

The statistics vector of a segment is ``[score, Wrd, NP, WnSyn, Verb, PNP, Order, D2, D3, D4, D5]``
(see :mod:`.features` for each feature's exact definition). The features are meant as regression
inputs (``mtmetrics paraphrase train``); a metric still needs one number, so the **main score** is
defined here as the mean of the five primitive features, each of which lies in ``[0, 1]``::

    score = (Wrd + NP + WnSyn + Verb + PNP) / 5

It is *not* 1 for identical sentences (only some words are noun-phrase heads, verbs or proper
names), hence ``perfect_on_identity = False``. The paper defines no main score; the composite
features are left out of it because they count pairs and are unbounded.

With ``feature=NAME`` (``paraphrase:feature=WnSyn``) the main score is that one feature instead, so
each feature can enter ``mtmetrics meta mct`` / ``meta regress``, which combine metrics' main
scores. Composite features exceed 1, so the declared ``score_range`` is ``[0, inf)``; the default
main score stays within ``[0, 1]``.

The features compare the hypothesis with the one reference that has the lowest TER against it
(sacrebleu's TER with its defaults; ties go to the first reference), as the paper does.
The corpus score is the mean of the segment scores (``aggregation = "mean"``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from mtmetrics import Field, Metric, Param, Segment, load_metric
from mtmetrics.resources import tokenize_param
from mtmetrics.resources.taggers import check_tagger_spec, tagger_paths

from .analysis import Analyzer
from .features import FEATURES, feature_vector

#: Name of the main score in the statistics vector.
SCORE_NAME = "P"


class Paraphrase(Metric):
    """Paraphrase features (Wrd, NP, WnSyn, Verb, PNP, Order, D2-D5) against the lowest-TER reference."""

    name = "paraphrase"
    helpers = ("best_reference",)
    #: cost grows faster than linearly: 4,000 tokens take 3 s and 750 MB
    max_segment_tokens = 2000
    complexity = "O(n·m) time and memory (feature matches)"
    description = "paraphrase features of Russo-Lassner et al. 2005 (Wrd NP WnSyn Verb PNP Order D2-D5)"
    aggregation = "mean"
    higher_is_better = True
    score_range = (0.0, math.inf)
    perfect_on_identity = False
    params: ClassVar[tuple[Param, ...]] = (
        Param(
            "feature",
            str,
            "mean",
            "main score: mean (of the five primitive features) or one feature (Wrd, NP, ..., D5)",
            sig_key="feature",
            sig_short="f",
            choices=("mean", *FEATURES),
        ),
        tokenize_param(),
        Param(
            "tagger",
            str,
            "nltk",
            "POS tagger for NP chunks, verbs and proper names (nltk, nltk:LANG, spacy:MODEL)",
            sig_key=None,  # the resource field 'tagger' names it with version and hash
            check=check_tagger_spec,
            path=tagger_paths,
        ),
    )

    def setup(self) -> None:
        """Load the resources (tagger, WordNet, VerbNet, stemmer) once per process."""
        self._analyzer = Analyzer(self.values["tokenize"], self.values["tagger"])
        self._ter = load_metric("ter").metric  # through the registry: plugins import no other plugin
        feature = self.values["feature"]
        self._main = None if feature == "mean" else FEATURES.index(feature)

    def stat_names(self) -> tuple[str, ...]:
        return (SCORE_NAME, *FEATURES)

    def target_languages(self) -> tuple[str, ...] | None:
        """English: WordNet and VerbNet are English whatever the tagger."""
        return ("en",)

    def language_resources(self) -> str:
        return f"English WordNet and VerbNet (and its tagger, tagger={self.values['tagger']})"

    def resource_fields(self) -> tuple[Field, ...]:
        a = self._analyzer
        return (
            a.stemmer.field(),
            Field("tagger", a.tagger.signature(), "tg"),
            Field("wordnet", f"{a.wordnet.version}@{a.wordnet.sha256[:12]}", "wn"),
            Field("verbnet", f"{a.verbnet.version}@{a.verbnet.sha256[:12]}", "vn"),
        )

    def best_reference(self, hyp: str, refs: Sequence[str]) -> int:
        """Index of the reference with the lowest TER against ``hyp`` (the first one on ties)."""
        if len(refs) == 1:
            return 0
        scores = [self._ter.compute_score(self._ter.segment_statistics(Segment(hyp, (r,)))).score for r in refs]
        return int(np.argmin(scores))

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        refs = [s.refs[self.best_reference(s.hyp, s.refs)] for s in segments]
        analyses = self._analyzer.analyse_many([s.hyp for s in segments] + refs)
        n = len(segments)
        out = np.empty((n, 1 + len(FEATURES)), dtype=np.float64)
        for k in range(n):
            vec = feature_vector(analyses[k], analyses[n + k])
            out[k, 1:] = vec
            out[k, 0] = float(np.mean(vec[:5])) if self._main is None else vec[self._main]
        return out
