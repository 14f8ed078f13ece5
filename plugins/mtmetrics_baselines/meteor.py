"""METEOR (Banerjee & Lavie 2005) through NLTK's ``nltk.translate.meteor_score`` word aligner.

Unigrams of hypothesis and reference are aligned in three stages — exact (after lowercasing),
Porter stem, WordNet synonym (the words share a synset) — each stage aligning only words left
unaligned by the previous ones. With ``m`` aligned unigrams, ``ch`` chunks (maximal runs adjacent
and in the same order on both sides), ``c`` hypothesis and ``r`` reference words::

    P = m / c,  R = m / r,  Fmean = P R / (α P + (1 - α) R)
    Penalty = γ (ch / m)^β,  METEOR = Fmean (1 - Penalty)

α = 0.9, β = 3, γ = 0.5 give the paper's ``Fmean = 10PR / (R + 9P)`` and ``0.5 (ch/m)^3``;
α, β, γ are the parameters of Lavie & Agarwal (2007) and NLTK. Several references: the best
segment score (the paper and NLTK). Corpus score: as the METEOR system score, ``m``, ``c``, ``r``
and ``ch`` of each segment's best reference are summed, then scored (``aggregation = "sum"``).

**What is NLTK's and what differs from the paper.** The alignment is NLTK's ``align_words``
(public API), run on sacrebleu-tokenised words; scores equal ``nltk.translate.meteor_score`` on
the same tokens (tested). NLTK aligns each stage greedily (right to left), which gives the
maximum number of matches for the exact and stem stages but does *not* search, as the paper
does, among the maximal alignments for the one with the fewest crossings; on real sentences this
can add chunks. Like NLTK, matching is always case-insensitive (no ``lowercase`` parameter;
``case:lc`` is in the signature), and multi-word WordNet lemmas are ignored.

**Stemmer.** METRICS.md (section 7) asks for the original Porter algorithm, which the paper's
METEOR used; NLTK's METEOR defaults to NLTK's extended Porter variant. ``stemmer`` chooses:
``porter`` (original algorithm, default) or ``porter-nltk`` (NLTK's default, to reproduce
``meteor_score`` called with its defaults).

Resources: NLTK (the ``nltk`` extra) is imported in :meth:`Meteor.setup`, never when the plugin
is imported; WordNet is read from ``NLTK_DATA``; its version and a content hash are in the
signature (``wn:3.0@<sha256 prefix>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from mtmetrics import Field, Metric, Param, Score, Segment
from mtmetrics.resources import Preprocessor, tokenize_param

from ._common import positive, unit_interval
from ._nltk import load_wordnet, require_nltk

STEMMERS = ("porter", "porter-nltk")


def count_chunks(matches: Sequence[tuple[int, int]]) -> int:
    """Fewest chunks covering the alignment ``matches`` (pairs ``(hyp_pos, ref_pos)``)."""
    pairs = sorted(matches)
    if not pairs:
        return 0
    return 1 + sum(1 for (i, j), (k, l) in zip(pairs, pairs[1:]) if not (k == i + 1 and l == j + 1))


def meteor_from_statistics(
    matches: float, hyp_len: float, ref_len: float, chunks: float, alpha: float, beta: float, gamma: float
) -> tuple[float, float, float, float, float]:
    """``(score, precision, recall, fmean, penalty)``; 0 when nothing matches (as NLTK)."""
    if matches <= 0 or hyp_len <= 0 or ref_len <= 0:
        return 0.0, 0.0, 0.0, 0.0, 0.0
    precision = matches / hyp_len
    recall = matches / ref_len
    fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall)
    penalty = gamma * (chunks / matches) ** beta
    return (1 - penalty) * fmean, precision, recall, fmean, penalty


class _CachedStemmer:
    """An NLTK Porter stemmer with a per-word cache (the aligner stems every unaligned word)."""

    def __init__(self, stemmer: Any) -> None:
        self.stemmer = stemmer
        self.stem = lru_cache(maxsize=1 << 16)(stemmer.stem)


class Meteor(Metric):
    """METEOR: exact, stem and WordNet-synonym unigram alignment with a fragmentation penalty."""

    name = "meteor"
    description = "METEOR (Banerjee & Lavie 2005): exact/stem/WordNet-synonym matching, NLTK's aligner"
    aggregation = "sum"
    higher_is_better = True
    score_range = (0.0, 1.0)
    # identical segments still pay the fragmentation penalty γ (1/m)^β (< 1 unless γ = 0)
    perfect_on_identity = False
    params = (
        tokenize_param(),
        Param("alpha", float, 0.9, "weight of precision against recall in Fmean", sig_key="a", check=unit_interval),
        Param("beta", float, 3.0, "shape (exponent) of the fragmentation penalty", sig_key="b", check=positive),
        Param("gamma", float, 0.5, "weight of the fragmentation penalty", sig_key="g", check=unit_interval),
        Param(
            "stemmer",
            str,
            "porter",
            "porter: original Porter algorithm; porter-nltk: NLTK's extended variant (meteor_score's default)",
            sig_key="stem",
            sig_short="s",
            choices=STEMMERS,
        ),
    )

    def setup(self) -> None:
        v = self.values
        self._nltk = require_nltk()
        meteor = require_nltk("nltk.translate.meteor_score")
        porter = require_nltk("nltk.stem.porter")
        mode = porter.PorterStemmer.ORIGINAL_ALGORITHM if v["stemmer"] == "porter" else porter.PorterStemmer.NLTK_EXTENSIONS
        self._wordnet = load_wordnet()
        self._stemmer = _CachedStemmer(porter.PorterStemmer(mode=mode))
        self._align = meteor.align_words
        self._prep = Preprocessor(v["tokenize"], False)
        self._weights = (float(v["alpha"]), float(v["beta"]), float(v["gamma"]))

    @property
    def stemmer(self) -> Any:
        """The NLTK stemmer object used (to call NLTK's ``meteor_score`` with the same one)."""
        return self._stemmer.stemmer

    def align(self, hyp: Sequence[str], ref: Sequence[str]) -> list[tuple[int, int]]:
        """NLTK's three-stage alignment of two token lists: ``(hyp_pos, ref_pos)`` pairs."""
        matches, _, _ = self._align(list(hyp), list(ref), stemmer=self._stemmer, wordnet=self._wordnet)
        return [(int(i), int(j)) for i, j in matches]

    def stat_names(self) -> tuple[str, ...]:
        return ("matches", "hyp_len", "ref_len", "chunks")

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        best: tuple[float, list[float]] | None = None
        for ref in (self._prep(r) for r in segment.refs):
            matches = self.align(hyp, ref)
            row = [float(len(matches)), float(len(hyp)), float(len(ref)), float(count_chunks(matches))]
            score = meteor_from_statistics(*row, *self._weights)[0]
            if best is None or score > best[0]:
                best = (score, row)
        assert best is not None  # segments always have a reference
        return np.asarray(best[1], dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        m, c, r, ch = (float(x) for x in stats)
        score, p, rec, fmean, penalty = meteor_from_statistics(m, c, r, ch, *self._weights)
        return Score(score, {"precision": p, "recall": rec, "fmean": fmean, "penalty": penalty, "chunks": ch, "matches": m})

    def resource_fields(self) -> tuple[Field, ...]:
        wn = self._wordnet
        return (
            Field("case", "lc", "c"),
            Field("wordnet", f"{wn.version}@{wn.sha256[:12]}", "wn"),
            Field("nltk", str(self._nltk.__version__), "nltk"),
        )
