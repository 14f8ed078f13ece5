"""What every ROUGE variant shares: parameters, preprocessing, statistics layout, scoring.

A variant implements :meth:`RougeMetric.match`, which receives the corpus already turned into
token ids and returns, per segment and reference, the hits and the two totals; tokenisation,
stemming, several references, the F-measure and ROUGE-1.5.5's rounding live here.

Statistics vector of a segment: ``[f, precision, recall]``; the corpus score is their mean
(``aggregation = "mean"``), as ROUGE-1.5.5 averages sentence-level scores.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import ClassVar

import numpy as np

from mtmetrics import Field, Metric, Param, Segment
from mtmetrics.resources import LOWERCASE, Preprocessor, tokenize_param
from mtmetrics.resources.stemmer import Stemmer, get_stemmer

from .combine import Inverse, Scorer

IMPLS = ("paper", "rouge155")
MULTIREF = ("best", "average", "jackknife")

#: ROUGE-1.5.5 keeps only tokens starting with one of these (after its own lowercasing).
_ROUGE155_TOKEN = re.compile(r"[A-Za-z0-9$]")


def _non_negative(value: float) -> str | None:
    return None if value >= 0 and value != float("inf") else "must be a finite number >= 0"


COMMON_PARAMS: tuple[Param, ...] = (
    tokenize_param(),
    LOWERCASE,
    Param(
        "stem",
        bool,
        False,
        "Porter-stem tokens (original algorithm, via PyStemmer: pip install 'mtmetrics[stem]')",
        sig_key="stem",
        sig_short="st",
    ),
    Param(
        "beta", float, 1.0, "weight of recall over precision in F", sig_key="beta", sig_short="b", check=_non_negative
    ),
    Param(
        "impl",
        str,
        "paper",
        "paper: the paper's definitions; rouge155: reproduce ROUGE-1.5.5 exactly",
        sig_key="impl",
        sig_short="i",
        choices=IMPLS,
    ),
    Param(
        "multiref",
        str,
        "best",
        "several references: best (ROUGE-1.5.5 -f B), average (-f A), jackknife",
        sig_key="multiref",
        sig_short="mr",
        choices=MULTIREF,
    ),
)


@dataclass(frozen=True)
class Matches:
    """Per segment (rows) and reference (columns; NaN where a segment has fewer references).

    ``key`` is what ``multiref=best`` maximises under ``impl=rouge155`` (the script's recall-like
    score of each reference); ``inverse`` maps hit ratios to P and R (``f^-1`` for ROUGE-W).
    """

    hit: np.ndarray
    pbase: np.ndarray
    rbase: np.ndarray
    key: np.ndarray | None = None
    inverse: Inverse | None = None


@dataclass(frozen=True)
class Corpus:
    """Token-id sentences: ``hyps[s]`` and ``refs[s][k]``, ids shared by the whole call."""

    hyps: list[list[int]]
    refs: list[list[list[int]]]

    @property
    def width(self) -> int:
        """Largest number of references of a segment."""
        return max((len(r) for r in self.refs), default=0)

    def empty(self) -> np.ndarray:
        """A ``(segments, width)`` array of NaN to fill per reference."""
        return np.full((len(self.hyps), self.width), np.nan)

    def pairs(self) -> list[tuple[int, int]]:
        """``(segment, reference)`` index pairs in row-major order."""
        return [(s, k) for s, refs in enumerate(self.refs) for k in range(len(refs))]


class RougeMetric(Metric):
    """Base of the ROUGE variants (Lin & Och 2004, ACL and COLING papers; ROUGE-1.5.5).

    METRICS.md section 3 is followed; where the paper and ROUGE-1.5.5 differ, ``impl`` chooses.
    Tokens: sacrebleu tokenizer (``tokenize``), optional ``lowercase``, optional Porter ``stem``.
    Under ``impl=rouge155`` the script's own token handling is applied as well: tokens whose first
    character is not an ASCII letter, digit or ``$`` are dropped, and only tokens longer than
    three bytes are stemmed (its WordNet irregular-form table used with ``-m`` is *not* applied).
    The script always lowercases; pass ``lowercase=True`` to reproduce it on mixed-case text.
    """

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    aggregation = "mean"
    score_range = (0.0, 1.0)
    higher_is_better = True
    params: ClassVar[tuple[Param, ...]] = COMMON_PARAMS

    def setup(self) -> None:
        v = self.values
        self._pre = Preprocessor(v["tokenize"], v["lowercase"])
        self._rouge155 = v["impl"] == "rouge155"
        self._stemmer: Stemmer | None = get_stemmer("porter") if v["stem"] else None
        self._scorer = Scorer(v["beta"], self._rouge155)

    def stat_names(self) -> tuple[str, ...]:
        return ("f", "precision", "recall")

    def resource_fields(self) -> tuple[Field, ...]:
        return (self._stemmer.field(),) if self._stemmer is not None else ()

    # ------------------------------------------------------------------ preprocessing
    def normalise(self, types: list[str]) -> list[str | None]:
        """What each distinct token becomes (``None``: dropped), as ``impl`` and ``stem`` say."""
        out: list[str | None] = list(types)
        if self._rouge155:
            out = [t if t is not None and _ROUGE155_TOKEN.match(t) else None for t in out]
        if self._stemmer is not None:
            stem = self._stemmer
            if self._rouge155:
                out = [stem.stem(t) if t is not None and len(t.encode()) > 3 else t for t in out]
            else:
                out = [*stem.stem_words([t for t in out if t is not None])]  # no None without rouge155
        return out

    def tokens(self, text: str) -> list[str]:
        """The tokens of ``text`` as this instance matches them."""
        raw = self._pre(text)
        table = dict(zip(raw, self.normalise(raw), strict=True))
        return [n for t in raw if (n := table[t]) is not None]

    def encode(self, segments: Sequence[Segment]) -> Corpus:
        """Tokenise every sentence and map tokens to integer ids shared across the call.

        Filtering and stemming are applied once per distinct token, not once per occurrence.
        """
        pre = self._pre
        hyps = [pre(s.hyp) for s in segments]
        refs = [[pre(r) for r in s.refs] for s in segments]
        types = list(dict.fromkeys(chain(chain.from_iterable(hyps), chain.from_iterable(chain.from_iterable(refs)))))
        ids: dict[str, int] = {}
        table: dict[str, int] = {}
        dropped = False
        for raw, norm in zip(types, self.normalise(types), strict=True):
            if norm is None:
                table[raw] = -1
                dropped = True
            else:
                table[raw] = ids.setdefault(norm, len(ids))
        get = table.__getitem__

        def enc(toks: list[str]) -> list[int]:
            out = list(map(get, toks))
            return [t for t in out if t >= 0] if dropped else out

        return Corpus([enc(h) for h in hyps], [[enc(r) for r in seg] for seg in refs])

    # ------------------------------------------------------------------ statistics
    @abc.abstractmethod
    def match(self, corpus: Corpus) -> Matches:
        """Hits and totals of every (segment, reference) pair of ``corpus``."""

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        if not segments:
            return np.empty((0, 3), dtype=np.float64)
        m = self.match(self.encode(segments))
        scorer = Scorer(self._scorer.beta, self._rouge155, m.inverse)
        return scorer.combine(m.hit, m.pbase, m.rbase, self.values["multiref"], m.key)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.asarray(self.corpus_statistics([segment])[0], dtype=np.float64)
