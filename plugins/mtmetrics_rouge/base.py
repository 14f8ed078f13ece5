"""What every ROUGE variant shares: parameters, preprocessing, statistics layout, scoring.

A variant implements :meth:`RougeMetric.match`, which receives the corpus already turned into
token ids and returns, per segment and reference, the hits and the two totals; tokenisation,
stemming, several references, the F-measure and ROUGE-1.5.5's rounding live here.

Statistics vector of a segment: ``[f, precision, recall]``; the corpus score is their mean
(``aggregation = "mean"``), as ROUGE-1.5.5 averages sentence-level scores.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any, ClassVar

import numpy as np

from mtmetrics import Field, Metric, Param, Segment
from mtmetrics.resources import LOWERCASE, Preprocessor, tokenize_param, tokenizer_signature
from mtmetrics.resources.stemmer import get_stemmer

from .combine import Inverse, Scorer
from .porter155 import stem_token
from .script_text import ScriptTokenizer
from .smart_stopwords import smart_stopwords

IMPLS = ("paper", "rouge155")
MULTIREF = ("best", "average", "jackknife")

#: What ``tok`` and ``case`` say under ``impl=rouge155``, whose text handling is the script's own
#: (its ``readText``; ``tokenize`` and ``lowercase`` are not used there).
SCRIPT_TOKENIZER = "rouge155"
#: Tokens of at most this many characters are never stemmed (ROUGE-1.5.5 and rouge-score).
STEM_MIN_EXCLUSIVE = 3
#: Signature value of ``stem`` when on: which tokens are stemmed.
STEM_ON = f"len>{STEM_MIN_EXCLUSIVE}"
#: Signature value of ``stemmer`` under ``impl=rouge155``: the script's Porter variant after WordNet 2.0's
#: irregular forms (see :mod:`.porter155`).
SCRIPT_STEMMER = "rouge155-porter+wn2.0exc"


def _script_or(fmt: Callable[[Any, Mapping[str, Any]], str], script: str) -> Callable[[Any, Mapping[str, Any]], str]:
    """A signature formatter printing ``script`` under ``impl=rouge155``, else what ``fmt`` prints."""

    def render(value: Any, values: Mapping[str, Any]) -> str:
        return script if values.get("impl") == "rouge155" else fmt(value, values)

    return render


def _stem_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return STEM_ON if value else "no"


COMMON_PARAMS: tuple[Param, ...] = (
    replace(
        tokenize_param(),
        help="sacrebleu tokenizer applied before matching (impl=paper; rouge155 cleans text as the script does)",
        fmt=_script_or(lambda value, values: tokenizer_signature(value), SCRIPT_TOKENIZER),
    ),
    replace(
        LOWERCASE,
        help="lowercase hypotheses and references (impl=paper; rouge155 always lowercases ASCII as the script does)",
        fmt=_script_or(lambda value, values: "lc" if value else "mixed", "lc"),
    ),
    Param(
        "stem",
        bool,
        False,
        "Porter-stem tokens longer than 3 characters (paper: original algorithm via PyStemmer, "
        "pip install 'mtmetrics[stem]'; rouge155: the script's WordNet table and Porter variant)",
        sig_key="stem",
        sig_short="st",
        fmt=_stem_fmt,
    ),
    Param(
        "stopwords",
        bool,
        False,
        "remove the SMART stop words before matching (ROUGE-1.5.5 -s)",
        sig_key="stop",
        sig_short="sw",
    ),
    Param("beta", float, 1.0, "weight of recall over precision in F", sig_key="beta", sig_short="b", range=(0.0, None)),
    Param(
        "impl",
        str,
        "paper",
        "paper: the paper's definitions; rouge155: reproduce ROUGE-1.5.5 exactly",
        sig_key="impl",
        sig_short="i",
        choices=IMPLS,
        # ROUGE-1.5.5 and the rouge-metric package score several references with -f A, the average
        # (stemming and stop words are off and alpha is 0.5 there as here)
        implies={"rouge155": {"multiref": "average"}},
    ),
    Param(
        "multiref",
        str,
        "best",
        "several references: best (ROUGE-1.5.5 -f B), average (-f A; the default with impl=rouge155, as in "
        "the script), jackknife",
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

    docs/metrics.md §3 describes both; where the paper and ROUGE-1.5.5 differ, ``impl`` chooses.

    Tokens under ``impl=paper``: sacrebleu tokenizer (``tokenize``), optional ``lowercase``,
    optional removal of the SMART ``stopwords``, optional ``stem`` (Porter's original algorithm).
    Under ``impl=rouge155`` the text is handled exactly as the script does it on raw text, in place
    of ``tokenize`` and ``lowercase`` (see :mod:`.script_text`; the signature says ``tok:rouge155``
    and ``case:lc``); ``stopwords`` is its ``-s`` and ``stem`` its ``-m`` (:mod:`.porter155`).
    Either way only tokens longer than three characters are stemmed, as ROUGE-1.5.5 and
    rouge-score do, so short function words keep their form (``as`` stays ``as`` instead of
    becoming ``a`` and matching the article).
    """

    #: the steps from text to matches, which tests and the variants call
    helpers: ClassVar[tuple[str, ...]] = ("tokens", "encode", "normalise", "match")

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    aggregation = "mean"
    score_range = (0.0, 1.0)
    higher_is_better = True
    params: ClassVar[tuple[Param, ...]] = COMMON_PARAMS

    def target_languages(self) -> tuple[str, ...] | None:
        """English with ``stem`` (English Porter stemmer) or ``stopwords`` (the English SMART list)."""
        return ("en",) if self.values["stem"] or self.values["stopwords"] else None

    def language_resources(self) -> str:
        used = [f"{p}=yes" for p in ("stem", "stopwords") if self.values[p]]
        return f"its English Porter stemmer / SMART stop words ({', '.join(used)})"

    def setup(self) -> None:
        v = self.values
        self._rouge155 = v["impl"] == "rouge155"
        self._pre: Callable[[str], list[str]] = (
            ScriptTokenizer() if self._rouge155 else Preprocessor(v["tokenize"], v["lowercase"])
        )
        self._stopwords = smart_stopwords() if v["stopwords"] else frozenset()
        self._stem: Callable[[str], str] | None = None
        self._stem_field: Field | None = None
        if v["stem"] and self._rouge155:
            self._stem = stem_token
            self._stem_field = Field("stemmer", SCRIPT_STEMMER, "sm")
        elif v["stem"]:
            stemmer = get_stemmer("porter")
            self._stem = stemmer.stem
            self._stem_field = stemmer.field()
        self._scorer = Scorer(v["beta"], self._rouge155)

    def stat_names(self) -> tuple[str, ...]:
        return ("f", "precision", "recall")

    def resource_fields(self) -> tuple[Field, ...]:
        return (self._stem_field,) if self._stem_field is not None else ()

    # ------------------------------------------------------------------ preprocessing
    def normalise(self, types: list[str]) -> list[str | None]:
        """What each distinct token becomes (``None``: dropped), as ``stopwords`` and ``stem`` say.

        Stop words are looked up before stemming, and only tokens longer than three characters
        are stemmed, in this order as in ROUGE-1.5.5's ``createNGram``.
        """
        stop = self._stopwords
        stem = self._stem
        out: list[str | None] = []
        for t in types:
            if t in stop:
                out.append(None)
            elif stem is not None and len(t) > STEM_MIN_EXCLUSIVE:
                out.append(stem(t))
            else:
                out.append(t)
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
