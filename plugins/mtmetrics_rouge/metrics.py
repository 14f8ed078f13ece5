"""The five ROUGE variants: ROUGE-N, -L, -W, -S and -SU (docs/metrics.md §3).

Each class only says how to count hits and totals of one (hypothesis, reference) pair; see
:mod:`.base` for everything shared. ``impl=paper`` follows Lin & Och (2004); ``impl=rouge155``
follows the ROUGE-1.5.5 Perl script, whose differences are listed per class; ``impl=rouge-score``
follows Google's rouge-score package, which has ROUGE-N, -L and -Lsum (:class:`RougeLsum`, only there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from mtmetrics import Param, ParameterError

from .bags import Flat, Units, clipped_matches, ngrams, skip_bigrams
from .base import BREAK_ID, COMMON_PARAMS, IMPLS, Corpus, Matches, RougeMetric, common_params
from .combine import round5
from .lcs import lcs_length, summary_lcs_hits, wlcs_batch
from .rougescore_text import rougescore_tokens
from .script_text import script_tokens

#: ROUGE-N's largest order: an n-gram is a tuple of n words, so n near a segment's length would
#: hold O(length²) words in memory for nothing (such n-grams never match).
MAX_N = 20
#: ROUGE-W's largest weight: f(k) = k^weight must stay finite for the longest segments (10,000^10 = 1e40).
MAX_WEIGHT = 10.0
#: rouge-score's largest ROUGE-N: its types are ``rouge1`` to ``rouge9`` (``rouge[0-9]``, not 0)
ROUGE_SCORE_MAX_N = 9
#: the implementations of ROUGE-N and -L
ALL_IMPLS = common_params(IMPLS)


def _bag_matches(corpus: Corpus, make_units: Callable[[Flat], Units]) -> tuple[np.ndarray, ...]:
    """Clipped matches and unit counts of every (segment, reference) pair, as ``(S, K)`` arrays."""
    n_seg = len(corpus.hyps)
    sentences = corpus.hyps + [r for refs in corpus.refs for r in refs]
    where = corpus.pairs()
    seg = np.fromiter((s for s, _ in where), dtype=np.int64, count=len(where))
    ref = np.fromiter((k for _, k in where), dtype=np.int64, count=len(where))
    segment = np.concatenate([np.arange(n_seg, dtype=np.int64), seg])
    slot = np.concatenate([np.full(n_seg, -1, dtype=np.int64), ref])
    matches, counts = clipped_matches(make_units(Flat.of(sentences)), segment, slot, corpus.width)
    hit, pbase, rbase = corpus.empty(), corpus.empty(), corpus.empty()
    hit[seg, ref] = matches[seg, ref]
    pbase[seg, ref] = counts[seg]
    rbase[seg, ref] = counts[n_seg:]
    return hit, pbase, rbase


def _recall_key(hit: np.ndarray, rbase: np.ndarray) -> np.ndarray:
    """ROUGE-1.5.5's ``-f B`` criterion for n-grams and skip-bigrams: recall rounded to 5 places."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(rbase > 0, hit / np.where(rbase > 0, rbase, 1.0), 0.0)
    return np.where(np.isnan(hit), np.nan, round5(np.nan_to_num(ratio)))


class RougeN(RougeMetric):
    """ROUGE-N: clipped n-gram matches; R over the reference's n-grams, P over the hypothesis's.

    ``impl=paper`` and ``impl=rouge155`` count the same; rouge155 adds the script's text cleaning,
    rounding and recall-based choice of the best reference. ``impl=rouge-score`` counts the same
    too, on rouge-score's tokens, unrounded, the best reference by F (``score_multi``); it has
    ``n`` up to 9 only, as rouge-score does.
    """

    name = "rouge-n"
    description = "ROUGE-N: n-gram recall, precision and F (Lin 2004)"
    # a segment shorter than n has no n-grams, so hyp == ref scores 0 there
    perfect_on_identity = False
    params = (Param("n", int, 2, "n-gram order", sig_key="n", range=(1, MAX_N)), *ALL_IMPLS)

    def setup(self) -> None:
        n = self.values["n"]
        if self.values["impl"] == "rouge-score" and n > ROUGE_SCORE_MAX_N:
            raise ParameterError(
                f"rouge-n: rouge-score has ROUGE-1 to ROUGE-{ROUGE_SCORE_MAX_N} only (its types are rouge1 to "
                f"rouge{ROUGE_SCORE_MAX_N}); got n={n}. Use n<={ROUGE_SCORE_MAX_N}, or impl=paper or rouge155."
            )
        super().setup()

    @property
    def display_name(self) -> str:
        return f"ROUGE-{self.values['n']}"

    def match(self, corpus: Corpus) -> Matches:
        n = self.values["n"]
        hit, pbase, rbase = _bag_matches(corpus, lambda flat: ngrams(flat, n))
        return Matches(hit, pbase, rbase, key=_recall_key(hit, rbase))


class RougeLimits(RougeMetric):
    """A ROUGE metric with a limit, counted on the tokens ROUGE matches: the script's under
    ``impl=rouge155``, rouge-score's under ``impl=rouge-score``, else the tokenizer's."""

    @property
    def unit(self) -> str:
        impl = self.values["impl"]
        return f"{impl} tokens" if impl != "paper" else super().unit

    def count_units(self, text: str) -> int:
        """ROUGE-1.5.5's or rouge-score's tokens (runs of letters and digits), or ``tokenize``'s."""
        impl = self.values["impl"]
        if impl == "rouge155":
            return len(script_tokens(text))
        if impl == "rouge-score":
            return len(rougescore_tokens(text))
        return super().count_units(text)


class RougeL(RougeLimits):
    """ROUGE-L: ``R = LCS/r``, ``P = LCS/c`` (eqs. 1-3); paper check 0.75 and 0.5.

    For one hypothesis sentence ROUGE-1.5.5 counts the same hit (its union-LCS and unigram
    clipping only matter for multi-sentence summaries); rouge155 differs by text cleaning,
    rounding and choosing the best reference by unrounded recall. rouge-score's ``rougeL`` is the
    same LCS on its tokens of the whole text (newlines included), unrounded, best reference by F.
    """

    name = "rouge-l"
    #: cost grows faster than linearly: 30,000 tokens take 0.2 s
    max_segment_tokens = 50000
    complexity = "O(n·m/64) (bit-parallel LCS)"
    description = "ROUGE-L: longest common subsequence F (Lin & Och 2004)"
    params = ALL_IMPLS

    @property
    def display_name(self) -> str:
        return "ROUGE-L"

    def match(self, corpus: Corpus) -> Matches:
        hit, pbase, rbase = corpus.empty(), corpus.empty(), corpus.empty()
        for s, k in corpus.pairs():
            hyp, ref = corpus.hyps[s], corpus.refs[s][k]
            hit[s, k] = lcs_length(ref, hyp)
            pbase[s, k] = len(hyp)
            rbase[s, k] = len(ref)
        with np.errstate(divide="ignore", invalid="ignore"):
            key = np.where(rbase > 0, hit / rbase, 0.0)
        return Matches(hit, pbase, rbase, key=np.where(np.isnan(hit), np.nan, key))


class RougeW(RougeLimits):
    """ROUGE-W: weighted LCS with ``f(k) = k^weight`` (Section 3.2, eqs. 4-6).

    ``impl=paper``: ``WLCS`` from the paper's ``c``/``w`` tables, ``R = f^-1(WLCS / f(r))``,
    ``P = f^-1(WLCS / f(c))``; with ``weight=2`` the paper's Y1 and Y2 score 0.571 and 0.286.
    ``impl=rouge155`` (the Perl script): the hit is recounted from the LCS path as
    ``sum f(L)`` over runs of consecutive *reference* positions (so Y1 and Y2 tie), the recall
    base is ``f(f(r))`` (the reference length weighted twice), and ``-f B`` picks the reference
    with the best ``f^-1(hit / f(r))``.
    """

    name = "rouge-w"
    #: cost grows faster than linearly: 30,000 tokens take 8 s
    max_segment_tokens = 10000
    complexity = "O(n·m) (weighted LCS table, compiled)"
    description = "ROUGE-W: weighted longest common subsequence F (Lin & Och 2004)"
    # under impl=rouge155 the recall base f(f(r)) keeps hyp == ref below 1 (true under impl=paper)
    perfect_on_identity = False
    params = (
        Param(
            "weight",
            float,
            1.2,
            "exponent of f(k) = k^weight (1 gives ROUGE-L)",
            sig_key="weight",
            sig_short="w",
            range=(1.0, MAX_WEIGHT),
        ),
        *COMMON_PARAMS,
    )

    @property
    def display_name(self) -> str:
        return f"ROUGE-W-{self.values['weight']:g}"

    def match(self, corpus: Corpus) -> Matches:
        w = self.values["weight"]
        where = corpus.pairs()
        pairs = [(corpus.refs[s][k], corpus.hyps[s]) for s, k in where]
        hits = wlcs_batch(pairs, w, runs=self._rouge155)
        hit, pbase, rbase = corpus.empty(), corpus.empty(), corpus.empty()
        key = corpus.empty()
        inv = 1.0 / w
        for (s, k), h, (ref, hyp) in zip(where, hits.tolist(), pairs, strict=True):
            fr = float(len(ref)) ** w
            hit[s, k] = h
            pbase[s, k] = float(len(hyp)) ** w
            rbase[s, k] = fr**w if self._rouge155 else fr
            key[s, k] = (h / fr) ** inv if fr > 0 else 0.0

        def inverse(ratio: np.ndarray) -> np.ndarray:
            return np.power(ratio, inv)

        return Matches(hit, pbase, rbase, key=key, inverse=inverse)


def _skip_fmt(value: int) -> str:
    return "*" if value < 0 else str(value)


#: longest segment of ROUGE-S* (skip=-1), and its number of skip-bigrams
STAR_LIMIT = 3500
STAR_PAIRS = STAR_LIMIT * (STAR_LIMIT - 1) // 2


class RougeS(RougeLimits):
    """ROUGE-S<skip>: skip-bigrams with at most ``skip`` words in between (``-1``: S*, any gap).

    ``skip=0`` is bigram ROUGE-2. Totals are the number of in-range pairs (``C(n, 2)`` for S*).
    rouge155 counts the same; it differs by text cleaning, rounding and recall-based ``best``.
    """

    name = "rouge-s"
    helpers = ("unigrams",)
    description = "ROUGE-S: skip-bigram co-occurrence F (Lin & Och 2004)"
    # a one-word segment has no skip-bigram, so hyp == ref scores 0 there
    perfect_on_identity = False
    unigrams: bool = False
    params = (
        Param(
            "skip",
            int,
            4,
            "maximum number of words between the two words of a pair (-1: no limit)",
            sig_key="skip",
            sig_short="s",
            range=(-1, None),
            fmt=lambda value, values: _skip_fmt(value),
            parse=lambda text: {"skip": -1 if text == "*" else int(text)},  # S* reads back as skip=-1
        ),
        *COMMON_PARAMS,
    )

    def segment_limit(self) -> int | None:
        """Every skip-bigram is held in memory: n(n-1)/2 with ``skip=-1`` (S*), about n·(skip+1)
        otherwise. The limit keeps a segment at S*'s 3,500 words' 6.1 million pairs (5,000 two-word
        tokens took 1.1 GB); a skip under
        10 (at most 10 pairs per word, as n-gram metrics) is linear and unlimited."""
        skip = self.values["skip"]
        if 0 <= skip < 10:
            return None
        if skip < 0:
            return STAR_LIMIT
        return max(STAR_LIMIT, STAR_PAIRS // (skip + 1))

    @property
    def complexity(self) -> str:  # type: ignore[override]
        skip = self.values["skip"]
        return "O(n²) pairs (skip=-1)" if skip < 0 else f"O(n·min(n, {skip + 1})) pairs (skip={skip})"

    @property
    def display_name(self) -> str:
        return f"ROUGE-{'SU' if self.unigrams else 'S'}{_skip_fmt(self.values['skip'])}"

    def match(self, corpus: Corpus) -> Matches:
        skip = self.values["skip"]
        mode = ("rouge155" if self._rouge155 else "all") if self.unigrams else None
        hit, pbase, rbase = _bag_matches(corpus, lambda flat: skip_bigrams(flat, skip, mode))
        return Matches(hit, pbase, rbase, key=_recall_key(hit, rbase))


class RougeSU(RougeS):
    """ROUGE-SU<skip>: ROUGE-S plus unigrams, so a hypothesis with no pair in order still scores.

    ``impl=paper`` adds every unigram. ``impl=rouge155`` adds the unigram of every position but the
    last of each sentence, as the script's unigram marker does (``createSkipBigram``).
    """

    name = "rouge-su"
    description = "ROUGE-SU: skip-bigrams plus unigrams F (Lin & Och 2004)"
    # under impl=rouge155 a one-word segment has no unit at all, so hyp == ref scores 0 there
    perfect_on_identity = False
    unigrams = True


def _sentences(ids: list[int]) -> list[list[int]]:
    """A ROUGE-Lsum text's sentences: its token ids cut at :data:`BREAK_ID`, empty ones left out."""
    out: list[list[int]] = [[]]
    for t in ids:
        if t == BREAK_ID:
            out.append([])
        else:
            out[-1].append(t)
    return [s for s in out if s]


class RougeLsum(RougeLimits):
    """ROUGE-Lsum, rouge-score's ``rougeLsum``: summary-level LCS over ``\\n``-separated sentences.

    ``R = hits / m``, ``P = hits / n`` with ``m`` and ``n`` the token counts of reference and
    hypothesis and ``hits`` the union LCS of each reference sentence with all hypothesis sentences,
    clipped by token counts (:func:`~mtmetrics_rouge.lcs.summary_lcs_hits`; Lin 2004, Section 3.2).
    Sentences are the text's ``\\n``-separated lines (rouge-score's ``split_summaries=False``), so on
    one-line segments (every segment read from a text file) it equals ROUGE-L; texts given through the
    Python API or a table may hold several. Only ``impl=rouge-score`` exists.
    """

    name = "rouge-lsum"
    #: the LCS table of a sentence pair is held for the backtrack: 5,000 x 5,000 tokens is 100 MB
    max_segment_tokens = 5000
    complexity = "O(n·m) (LCS tables per sentence pair)"
    description = "ROUGE-Lsum: summary-level LCS over newline-separated sentences (rouge-score)"
    params = tuple(
        replace(p, default="rouge-score") if p.name == "impl" else p for p in common_params(("rouge-score",))
    )
    _summary_level = True

    @property
    def display_name(self) -> str:
        return "ROUGE-Lsum"

    def match(self, corpus: Corpus) -> Matches:
        hit, pbase, rbase = corpus.empty(), corpus.empty(), corpus.empty()
        hyps = [_sentences(h) for h in corpus.hyps]
        for s, k in corpus.pairs():
            ref = _sentences(corpus.refs[s][k])
            hit[s, k] = summary_lcs_hits(ref, hyps[s])
            pbase[s, k] = sum(map(len, hyps[s]))
            rbase[s, k] = sum(map(len, ref))
        return Matches(hit, pbase, rbase)
