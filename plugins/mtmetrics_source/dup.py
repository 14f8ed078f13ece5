"""DUP: POS-discriminative unigram precision (Liu & Gildea 2007, Section 2.3; docs/metrics.md §4.3).

Clipped unigram precision split by the part of speech of the hypothesis word::

    P_t = (matched hypothesis words tagged t) / c        Σ_t P_t = clipped unigram precision

where ``c`` is the hypothesis length and a word type ``w`` is matched ``min(count_hyp(w),
max_k count_ref_k(w))`` times, as in BLEU. When a word is clipped, its *first* occurrences in
the hypothesis count as the matched ones (the paper does not say which; this only matters when
occurrences of one word get different tags).

Tags are coarsened to their first two letters (VBN, VBD, VBZ → VB; NNS, NNP → NN; PRP$ → PR),
as in the paper. The sub-precision vector has one fixed entry per coarse Penn Treebank tag
(:data:`COARSE_TAGS`), plus ``punct`` (tags without letters and the bracket/hyphen tags) and
``other`` (anything else, e.g. universal tags from ``spacy:MODEL:pos``), so its width never
depends on the data. Statistics are summed over the corpus (like BLEU's precisions), so the
corpus sub-precisions are ``Σ matched_t / Σ c``. The paper combines the vector with MCT (docs/meta.md §4);
the score here is the sum of the vector, i.e. clipped unigram precision (no brevity penalty).

The hypothesis is tagged with the ``tagger`` resource on the metric's own tokens
(:mod:`mtmetrics.resources.taggers`); a per-segment ``hyp_pos`` annotation (one tag per token)
overrides the tagger.

Other target languages: the default tagger (NLTK's, English) would tag German or Czech words
with English tags, so DUP declares its tagger's language (:meth:`Dup.target_languages`) and the
CLI refuses ``-l en-de`` with it. For another language give a tagger for it: ``tagger=nltk:LANG``
(NLTK ships ``eng`` and ``rus``; a missing model is a :class:`~mtmetrics.ResourceError` naming the
download command) or ``spacy:MODEL`` (e.g. ``de_core_news_sm``; Penn-style ``tag_`` for English
models, the model's own tag set otherwise — tags that are not Penn's fall in ``other``, use
``spacy:MODEL:pos`` and compare only like with like), or pre-tagged ``hyp_pos``. PRS and MPR look
only at alignments and work for any language pair the aligner handles.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import numpy as np

from mtmetrics import Field, InputError, Metric, Param, Score, Segment
from mtmetrics.resources import LOWERCASE, Preprocessor, tokenize_param
from mtmetrics.resources.taggers import Tagger, check_tagger_spec, get_tagger, tagger_languages, tagger_paths

#: Coarse tags: the Penn Treebank tag set cut to two letters (PDT → PD, POS → PO, WRB → WR…).
COARSE_TAGS: tuple[str, ...] = (
    "CC", "CD", "DT", "EX", "FW", "IN", "JJ", "LS", "MD", "NN", "PD", "PO", "PR",
    "RB", "RP", "SY", "TO", "UH", "VB", "WD", "WP", "WR",
)  # fmt: skip
BUCKETS: tuple[str, ...] = (*COARSE_TAGS, "punct", "other")
_PUNCT_TAGS = {"-LRB-", "-RRB-", "HYPH", "NFP", "-NONE-"}
_INDEX = {t: k for k, t in enumerate(BUCKETS)}


def coarse(tag: str) -> str:
    """The bucket of a tag: its first two letters if a Penn tag, else ``punct`` or ``other``."""
    head = tag[:2]
    if head in _INDEX and head not in ("punct", "other"):
        return head
    if tag in _PUNCT_TAGS or not any(ch.isalnum() for ch in tag):
        return "punct"
    return "other"


def matched_flags(hyp: list[str], refs: list[list[str]]) -> list[bool]:
    """Which hypothesis tokens are matched under clipping (the first occurrences of each word)."""
    max_ref: Counter[str] = Counter()
    for ref in refs:
        for w, n in Counter(ref).items():
            max_ref[w] = max(max_ref[w], n)
    used: Counter[str] = Counter()
    flags = []
    for w in hyp:
        ok = used[w] < max_ref[w]
        if ok:
            used[w] += 1
        flags.append(ok)
    return flags


class Dup(Metric):
    """POS-discriminative unigram precision: a vector of per-POS sub-precisions and their sum."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    name = "dup"
    description = "POS-discriminative unigram precision (Liu & Gildea 2007): sub-precisions per coarse POS"
    aggregation = "sum"
    score_range = (0.0, 1.0)
    perfect_on_identity = True
    params: ClassVar[tuple[Param, ...]] = (
        tokenize_param(),
        LOWERCASE,
        Param(
            "tagger",
            str,
            "nltk",
            "POS tagger of the hypothesis: nltk, nltk:LANG, spacy:MODEL (Penn Treebank tags expected)",
            sig_key=None,  # rendered by resource_fields() with the tagger's version and model hash
            check=check_tagger_spec,
            path=tagger_paths,
        ),
    )

    def setup(self) -> None:
        v = self.values
        self._prep = Preprocessor(v["tokenize"], v["lowercase"])
        self._tagger: Tagger = get_tagger(v["tagger"])

    def resource_fields(self) -> tuple[Field, ...]:
        return (Field("tagger", self._tagger.signature(), "tag"),)

    def target_languages(self) -> tuple[str, ...] | None:
        """The language of the tagger: ``nltk`` is English (``-l xx-de`` is refused, not tagged as English).

        ``nltk:LANG`` is LANG's tagger (``rus``: Russian, whose NLTK tag set is not Penn: its words
        fall in the ``other`` bucket), ``spacy:MODEL`` the language of the model's name (``de_core_news_sm``:
        German; ``xx_...`` multilingual: any).
        """
        return tagger_languages(self.values["tagger"])

    def language_resources(self) -> str:
        return f"its POS tagger (tagger={self.values['tagger']})"

    def stat_names(self) -> tuple[str, ...]:
        return ("hyp_len", *(f"matched_{t}" for t in BUCKETS))

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        refs = [self._prep(r) for r in segment.refs]
        given = segment.annotations.get("hyp_pos")
        if given is not None:
            tags = list(given.split() if isinstance(given, str) else given)
            if len(tags) != len(hyp):
                raise InputError(
                    f"hyp_pos: {len(tags)} tags for {len(hyp)} hypothesis tokens; tags must follow the metric's "
                    f"tokenisation (tokenize={self.values['tokenize']})."
                )
        else:
            # the tagger sees the original case even when matching is lowercased
            tags = self._tagger.tag(Preprocessor(self.values["tokenize"], False)(segment.hyp)) if hyp else []
        out = np.zeros(1 + len(BUCKETS))
        out[0] = len(hyp)
        for tag, ok in zip(tags, matched_flags(hyp, refs), strict=True):
            if ok:
                out[1 + _INDEX[coarse(tag)]] += 1
        return out

    def compute_score(self, stats: np.ndarray) -> Score:
        c = float(stats[0])
        subs = {t: (float(stats[1 + k]) / c if c else 0.0) for k, t in enumerate(BUCKETS)}
        total = float(np.sum(stats[1:])) / c if c else 0.0
        return Score(total, subs)
