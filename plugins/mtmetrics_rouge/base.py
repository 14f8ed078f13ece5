"""What every ROUGE variant shares: parameters, preprocessing, statistics layout, scoring.

A variant implements :meth:`RougeMetric.match`, which receives the corpus already turned into
token ids and returns, per segment and reference, the hits and the two totals; tokenisation,
stemming, several references, the F-measure and ROUGE-1.5.5's rounding live here.

Statistics vector of a segment: ``[f, precision, recall]``; the corpus score is their mean
(``aggregation = "mean"``), as ROUGE-1.5.5 averages sentence-level scores. rouge-score's
``BootstrapAggregator`` reports as ``mid`` the median of 1,000 unseeded bootstrap resamples' means of
the per-segment scores, an estimate of the same mean that varies from run to run (up to 0.0003
from it in ten runs on 1,000 WMT21 segments, ROUGE-1 F); mtmetrics reports the mean itself, so F
is the mean of per-segment F, never F of the mean P and R, under every ``impl``.
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
from .rougescore_text import SENTENCE_BREAK, VALID_TOKEN, RougeScoreTokenizer, nltk_porter
from .script_text import ScriptTokenizer
from .smart_stopwords import smart_stopwords

#: every implementation; ``rouge-score`` has ROUGE-N and -L(sum) only, so each variant lists its own
IMPLS = ("paper", "rouge155", "rouge-score")
#: the implementations of the variants rouge-score does not have (ROUGE-W, -S, -SU)
IMPLS_155 = ("paper", "rouge155")
MULTIREF = ("best", "average", "jackknife")

#: What ``tok`` and ``case`` say under a tool's ``impl``, whose text handling is the tool's own
#: (ROUGE-1.5.5's ``readText``, rouge-score's ``tokenize``; ``tokenize`` and ``lowercase`` are not
#: used there): the tokenizer's name, and ``lc`` (both lowercase).
TOOL_TOKENIZERS = {"rouge155": "rouge155", "rouge-score": "rouge-score"}
#: Tokens of at most this many characters are never stemmed (ROUGE-1.5.5 and rouge-score).
STEM_MIN_EXCLUSIVE = 3
#: Signature value of ``stem`` when on: which tokens are stemmed.
STEM_ON = f"len>{STEM_MIN_EXCLUSIVE}"
#: Signature value of ``stemmer`` under ``impl=rouge155``: the script's Porter variant after WordNet 2.0's
#: irregular forms (see :mod:`.porter155`).
SCRIPT_STEMMER = "rouge155-porter+wn2.0exc"
#: token ids :meth:`RougeMetric.encode` gives a dropped token (removed) and a sentence end (kept)
DROPPED_ID = -1
BREAK_ID = -2


def _tool_or(
    fmt: Callable[[Any, Mapping[str, Any]], str], tool: Mapping[str, str]
) -> Callable[[Any, Mapping[str, Any]], str]:
    """A signature formatter printing ``tool[impl]`` under a tool's ``impl``, else what ``fmt`` prints."""

    def render(value: Any, values: Mapping[str, Any]) -> str:
        impl = str(values.get("impl"))
        return tool[impl] if impl in tool else fmt(value, values)

    return render


def _stem_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return STEM_ON if value else "no"


def common_params(impls: tuple[str, ...]) -> tuple[Param, ...]:
    """The parameters every variant shares, ``impl`` choosing among ``impls`` (``paper`` the default)."""
    return tuple(replace(p, choices=impls) if p.name == "impl" else p for p in _COMMON)


_COMMON: tuple[Param, ...] = (
    replace(
        tokenize_param(),
        help="sacrebleu tokenizer applied before matching (impl=paper; rouge155 and rouge-score tokenize "
        "as the tool does)",
        fmt=_tool_or(lambda value, values: tokenizer_signature(value), TOOL_TOKENIZERS),
    ),
    replace(
        LOWERCASE,
        help="lowercase hypotheses and references (impl=paper; rouge155 and rouge-score always lowercase, "
        "as the tool does)",
        fmt=_tool_or(lambda value, values: "lc" if value else "mixed", dict.fromkeys(TOOL_TOKENIZERS, "lc")),
    ),
    Param(
        "stem",
        bool,
        False,
        "Porter-stem tokens longer than 3 characters (paper: original algorithm via PyStemmer, "
        "pip install 'mtmetrics[stem]'; rouge155: the script's WordNet table and Porter variant; "
        "rouge-score: NLTK's PorterStemmer() as rouge-score calls it, pip install 'mtmetrics[nltk]')",
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
        "paper: the paper's definitions; rouge155: reproduce ROUGE-1.5.5 exactly; rouge-score: reproduce "
        "Google's rouge-score package (ROUGE-N and -L only; rouge-lsum is rouge-score's alone)",
        sig_key="impl",
        sig_short="i",
        choices=IMPLS,
        # ROUGE-1.5.5 and the rouge-metric package score several references with -f A, the average
        # (stemming and stop words are off and alpha is 0.5 there as here); rouge-score's
        # score_multi keeps the reference with the best F (the first one on ties)
        implies={"rouge155": {"multiref": "average"}, "rouge-score": {"multiref": "best"}},
    ),
    Param(
        "multiref",
        str,
        "best",
        "several references: best (ROUGE-1.5.5 -f B, rouge-score's score_multi), average (-f A; the default "
        "with impl=rouge155, as in the script), jackknife",
        sig_key="multiref",
        sig_short="mr",
        choices=MULTIREF,
    ),
)
#: the shared parameters of the variants rouge-score does not have
COMMON_PARAMS = common_params(IMPLS_155)


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

    docs/metrics.md §3 describes them; where the paper, ROUGE-1.5.5 and rouge-score differ, ``impl``
    chooses.

    Tokens under ``impl=paper``: sacrebleu tokenizer (``tokenize``), optional ``lowercase``,
    optional removal of the SMART ``stopwords``, optional ``stem`` (Porter's original algorithm).
    Under ``impl=rouge155`` the text is handled exactly as the script does it on raw text, in place
    of ``tokenize`` and ``lowercase`` (see :mod:`.script_text`; the signature says ``tok:rouge155``
    and ``case:lc``); ``stopwords`` is its ``-s`` and ``stem`` its ``-m`` (:mod:`.porter155`).
    Under ``impl=rouge-score`` the text is tokenized as rouge-score's ``DefaultTokenizer`` does it and
    ``stem`` is its ``use_stemmer`` (NLTK's Porter stemmer; see :mod:`.rougescore_text`; the
    signature says ``tok:rouge-score`` and ``case:lc``); ``stopwords`` is mtmetrics' (rouge-score has
    none), applied before stemming as everywhere else.
    Every way only tokens longer than three characters are stemmed, as ROUGE-1.5.5 and
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
    #: whether the tokens of a text keep its ``\n``-separated sentences apart (ROUGE-Lsum)
    _summary_level: ClassVar[bool] = False

    def target_languages(self) -> tuple[str, ...] | None:
        """English with ``stem`` (English Porter stemmer) or ``stopwords`` (the English SMART list)."""
        return ("en",) if self.values["stem"] or self.values["stopwords"] else None

    def language_resources(self) -> str:
        used = [f"{p}=yes" for p in ("stem", "stopwords") if self.values[p]]
        return f"its English Porter stemmer / SMART stop words ({', '.join(used)})"

    def setup(self) -> None:
        v = self.values
        self._rouge155 = v["impl"] == "rouge155"
        self._rouge_score = v["impl"] == "rouge-score"
        self._pre: Callable[[str], list[str]]
        if self._rouge155:
            self._pre = ScriptTokenizer()
        elif self._rouge_score:
            self._pre = RougeScoreTokenizer(self._summary_level)
        else:
            self._pre = Preprocessor(v["tokenize"], v["lowercase"])
        self._stopwords = smart_stopwords() if v["stopwords"] else frozenset()
        self._stem: Callable[[str], str] | None = None
        self._stem_field: Field | None = None
        if v["stem"] and self._rouge155:
            self._stem = stem_token
            self._stem_field = Field("stemmer", SCRIPT_STEMMER, "sm")
        elif v["stem"] and self._rouge_score:
            self._stem, self._stem_field = nltk_porter()
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
        are stemmed, in this order as in ROUGE-1.5.5's ``createNGram``. Under ``impl=rouge-score`` a
        stem that is not ``[a-z0-9]+`` is dropped, as its tokenizer's last check does.
        :data:`SENTENCE_BREAK` is kept as it is.
        """
        stop = self._stopwords
        stem = self._stem
        check = self._rouge_score and stem is not None
        out: list[str | None] = []
        for t in types:
            if t in stop:
                out.append(None)
            elif stem is not None and len(t) > STEM_MIN_EXCLUSIVE:
                stemmed = stem(t)
                out.append(None if check and not VALID_TOKEN.fullmatch(stemmed) else stemmed)
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
        :data:`SENTENCE_BREAK` (ROUGE-Lsum's tokenizer only) becomes :data:`BREAK_ID`.
        """
        pre = self._pre
        hyps = [pre(s.hyp) for s in segments]
        refs = [[pre(r) for r in s.refs] for s in segments]
        types = list(dict.fromkeys(chain(chain.from_iterable(hyps), chain.from_iterable(chain.from_iterable(refs)))))
        ids: dict[str, int] = {}
        table: dict[str, int] = {}
        dropped = False
        for raw, norm in zip(types, self.normalise(types), strict=True):
            if raw == SENTENCE_BREAK:
                table[raw] = BREAK_ID
            elif norm is None:
                table[raw] = DROPPED_ID
                dropped = True
            else:
                table[raw] = ids.setdefault(norm, len(ids))
        get = table.__getitem__

        def enc(toks: list[str]) -> list[int]:
            out = list(map(get, toks))
            return [t for t in out if t != DROPPED_ID] if dropped else out

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
