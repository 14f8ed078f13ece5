"""WER and PER: word error rates, lower is better.

* **WER** (word error rate, Nießen et al. 2000, as listed in the ORANGE paper): the Levenshtein
  distance between the hypothesis and reference token sequences (substitutions, insertions and
  deletions, each of cost 1) divided by the reference length.
* **PER** (position-independent error rate, Tillmann et al. 1997; Leusch et al. 2003): the same
  with word order ignored, ``(max(c, r) - matches) / r`` where ``matches`` is the number of
  hypothesis tokens matched in the reference as bags of words (clipped unigram counts), i.e.
  ``1 - (matches - max(0, c - r)) / r``.

Several references: each segment uses the reference with the lowest error rate (the first on
ties) — the "best reference" of multi-reference WER (mWER). Corpus score: the edits and the
lengths of the chosen references are summed, then divided (``aggregation = "sum"``), as TER does.
Scores are fractions (0 is perfect; they exceed 1 when the hypothesis is much longer).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

import numpy as np
from rapidfuzz.distance.Levenshtein import distance as _levenshtein

from mtmetrics import Metric, Score, Segment
from mtmetrics.resources import LOWERCASE, Preprocessor, tokenize_param


def word_edit_distance(hyp: Sequence[str], ref: Sequence[str]) -> int:
    """Levenshtein distance between two token sequences (unit costs), rapidfuzz's compiled bit-parallel code.

    Tokens are numbered first (equal tokens, equal numbers), so equality is exact: rapidfuzz
    would otherwise compare multi-character strings by their hash.
    """
    ids: defaultdict[str, int] = defaultdict()
    ids.default_factory = ids.__len__
    return _levenshtein([ids[t] for t in hyp], [ids[t] for t in ref])


def position_independent_errors(hyp: Sequence[str], ref: Sequence[str]) -> int:
    """``max(c, r) - matches``: PER's errors, with matches counted as bags of words.

    A multiset intersection, not an edit distance: no edit-distance library computes it, and
    ``Counter``'s ``&`` is linear in the number of distinct words.
    """
    matches = sum((Counter(hyp) & Counter(ref)).values())
    return max(len(hyp), len(ref)) - matches


def _rate(errors: float, ref_len: float) -> float:
    return errors / ref_len if ref_len > 0 else (0.0 if errors == 0 else float(errors))


class _ErrorRate(Metric):
    """Shared shape of WER and PER: ``[errors, ref_len]`` of the best reference, summed."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    #: the edit count of a hypothesis against one reference, which each variant defines
    helpers = ("errors",)
    aggregation = "sum"
    higher_is_better = False
    score_range = (0.0, math.inf)
    perfect_on_identity = True
    params = (LOWERCASE, tokenize_param())

    def setup(self) -> None:
        self._prep = Preprocessor(self.values["tokenize"], self.values["lowercase"])

    def errors(self, hyp: Sequence[str], ref: Sequence[str]) -> int:
        """Number of errors of ``hyp`` against one reference."""
        raise NotImplementedError

    def stat_names(self) -> tuple[str, ...]:
        return ("errors", "ref_len")

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        best: tuple[float, int, int] | None = None
        for ref in (self._prep(r) for r in segment.refs):
            err = self.errors(hyp, ref)
            rate = _rate(err, len(ref))
            if best is None or rate < best[0]:
                best = (rate, err, len(ref))
        assert best is not None  # segments always have a reference
        return np.array([best[1], best[2]], dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        errors, ref_len = float(stats[0]), float(stats[1])
        return Score(_rate(errors, ref_len), {"errors": errors, "ref_len": ref_len})


class Wer(_ErrorRate):
    """Word error rate: word edit distance / reference length, best reference; lower is better."""

    name = "wer"
    #: cost grows faster than linearly: 50,000 tokens against 50,000 take about 0.3 s
    max_segment_tokens = 50000
    complexity = "O(n·m/64) time (bit-parallel Levenshtein, rapidfuzz), O(m) memory"
    description = "word error rate: word edit distance / reference length (best reference); lower is better"

    def errors(self, hyp: Sequence[str], ref: Sequence[str]) -> int:
        return word_edit_distance(hyp, ref)


class Per(_ErrorRate):
    """Position-independent error rate: bag-of-words errors / reference length; lower is better."""

    name = "per"
    description = "position-independent word error rate (bag of words); lower is better"

    def errors(self, hyp: Sequence[str], ref: Sequence[str]) -> int:
        return position_independent_errors(hyp, ref)
