"""NIST (Doddington 2002): information-weighted n-gram co-occurrence with NIST's brevity penalty.

Per order n, the matched hypothesis n-grams (clipped by the largest count in any one reference,
as mteval-v13a clips) each contribute their *information weight*

    info(w1..wn) = log2( count(w1..wn-1) / count(w1..wn) )      (count(empty prefix) = #ref words)

with counts taken over the references. The score is

    NIST = Σ_n  Σ info(matched n-grams) / max(1, #hyp n-grams)  ×  BP
    BP   = exp( β · log²( min(1, c / r̄) ) ),  β = log 0.5 / log² 1.5   (BP = 0.5 when c = ⅔ r̄)

where c is the hypothesis length and r̄ the *average* reference length (mteval-v13a: total
reference words / number of reference sets). Corpus score: the statistics above are summed over
segments, then scored (``aggregation = "sum"``).

**Where the information weights come from.** As in Doddington (2002) and mteval-v13a, from the
n-gram counts of *all* references of the evaluated corpus (``info=corpus``, the default): the
metric declares that it needs the corpus (:meth:`~mtmetrics.Metric.needs_corpus`), and the core
prepares it from every segment's references before scoring any segment (the API, the CLI's second
pass over the reference files, ``-j``, Dask and ``meta`` all do this). Per-segment statistics
(``-sl``, bootstrap rows) then use the corpus weights, as mteval's segment scores do. With several
references each reference of each segment counts (mteval's ``compute_ngram_info`` over every
reference set), n-grams are clipped by their largest count in any one reference, and the brevity
penalty uses the average reference length.

``info=seg`` estimates the weights from *each segment's own references* instead (NLTK's
``sentence_nist`` for one sentence). It is not mteval's NIST:
every n-gram whose prefix occurs once in a segment's references gets weight 0, so the score is
almost all unigram precision.

**NLTK.** ``nltk.translate.nist_score`` was checked and not wrapped: with several references it
chooses, per n-gram order separately, the one reference with the highest precision (and its
length for the brevity penalty) instead of clipping against all references and averaging their
lengths as mteval-v13a and the paper do, and it raises ``ZeroDivisionError`` when no hypothesis
is as long as n. With one reference and non-empty n-gram totals the two agree exactly (tested).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any

import numpy as np

from mtmetrics import InputError, Metric, Param, Score, Segment
from mtmetrics.resources import LOWERCASE, Preprocessor, kernels, tokenize_param

from ._common import Ngram, ngram_counts

UNPREPARED = (
    "NIST: a segment's references were not among those the metric was prepared with; "
    "prepare it with the references of the corpus it scores (scorer.prepare(references))."
)

#: β of the brevity penalty: a hypothesis 2/3 as long as the references is penalised by 0.5.
BETA = math.log(0.5) / math.log(1.5) ** 2


def brevity_penalty(hyp_len: float, ref_len: float) -> float:
    """NIST's length penalty ``exp(β log²(min(1, c/r)))`` (1 for c >= r, 0 for c = 0)."""
    if hyp_len <= 0:
        return 0.0
    if ref_len <= 0 or hyp_len >= ref_len:
        return 1.0
    return math.exp(BETA * math.log(hyp_len / ref_len) ** 2)


def information_weights(references: Iterable[Sequence[str]], max_order: int) -> dict[Ngram, float]:
    """Information weight of every n-gram (n <= max_order) of ``references`` (Doddington eq. 2).

    ``references`` are token lists, every reference of every segment (mteval-v13a's
    ``compute_ngram_info`` counts each reference of each reference set).
    """
    lengths: list[int] = []

    def grams() -> Iterator[Iterable[Ngram]]:
        for ref in references:
            lengths.append(len(ref))
            for n in range(1, max_order + 1):  # zip of n shifted views: the n-gram tuples, built in C
                yield zip(*(ref[i:] for i in range(n)), strict=False)

    counts: Counter[Ngram] = Counter(chain.from_iterable(grams()))
    total_words = sum(lengths)
    return {
        gram: math.log2((counts[gram[:-1]] if len(gram) > 1 else total_words) / count) for gram, count in counts.items()
    }


def nist_statistics(
    hyp: Sequence[str], refs: Sequence[Sequence[str]], max_order: int, info: dict[Ngram, float] | None = None
) -> list[float]:
    """``[info_1..info_N, count_1..count_N, hyp_len, ref_len]`` of one segment.

    ``info`` defaults to the weights of this segment's own references.
    """
    if info is None:
        info = information_weights(refs, max_order)
    gained = [0.0] * max_order
    totals = [0.0] * max_order
    for n in range(1, max_order + 1):
        hyp_grams = ngram_counts(hyp, n)
        totals[n - 1] = float(sum(hyp_grams.values()))
        ref_max: Counter[Ngram] = Counter()
        for ref in refs:
            ref_max |= ngram_counts(ref, n)
        try:
            gained[n - 1] = math.fsum(info[g] * min(c, ref_max[g]) for g, c in hyp_grams.items() if g in ref_max)
        except KeyError:
            raise InputError(UNPREPARED) from None
    ref_len = sum(len(r) for r in refs) / len(refs) if refs else 0.0
    return [*gained, *totals, float(len(hyp)), float(ref_len)]


def _warm(module: Any) -> object:
    one = np.zeros(2, dtype=np.int64)
    return module.clipped_ngrams(one, np.array([0, 1, 2]), np.array([0, 2]), 2)


def _load_numba() -> Any:
    """The compiled n-gram count BLEU and chrF use (``mtmetrics_classic._ngram_numba``), or None
    (the Python count above), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_classic._ngram_numba", _warm, "nist")


def word_ids(words: list[str]) -> np.ndarray:
    """One integer per word, equal for equal strings (the vocabulary built and applied at C speed)."""
    vocab = {w: i for i, w in enumerate(dict.fromkeys(words))}
    return np.fromiter(map(vocab.__getitem__, words), dtype=np.int64, count=len(words))


def kernel() -> str:
    """``numba`` or ``python``: which n-gram count NIST uses in this process."""
    return kernels.name(_load_numba())


def nist_statistics_batch(
    nb: Any,
    hyps: Sequence[Sequence[str]],
    refs: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    info: dict[Ngram, float] | None,
) -> np.ndarray:
    """:func:`nist_statistics` of many segments (one row each), the clipping done by the compiled
    kernel ``nb``: it finds each distinct hypothesis n-gram found in a reference with its clipped
    count, and only those are looked up in the information weights (``math.fsum`` of the same
    products, so the same float, whatever their order)."""
    tokens = [seq for hyp, rs in zip(hyps, refs, strict=True) for seq in (hyp, *rs)]
    flat = list(chain.from_iterable(tokens))
    ids = word_ids(flat)
    seq_off = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens)), out=seq_off[1:])
    seg_off = np.zeros(len(hyps) + 1, dtype=np.int64)
    np.cumsum(np.fromiter((1 + len(rs) for rs in refs), dtype=np.int64, count=len(refs)), out=seg_off[1:])
    seg, order, start, count = (a.tolist() for a in nb.clipped_ngrams(ids, seq_off, seg_off, max_order))
    weights = [info] * len(hyps) if info is not None else [information_weights(rs, max_order) for rs in refs]
    try:
        products = [weights[i][tuple(flat[s : s + n])] * c for i, n, s, c in zip(seg, order, start, count, strict=True)]
    except KeyError:
        raise InputError(UNPREPARED) from None
    out = np.zeros((len(hyps), 2 * max_order + 2), dtype=np.float64)
    a = 0
    for b in range(1, len(products) + 1):  # the products of one (segment, order) are adjacent
        if b == len(products) or seg[b] != seg[a] or order[b] != order[a]:
            out[seg[a], order[a] - 1] = math.fsum(products[a:b])
            a = b
    for i, (hyp, rs) in enumerate(zip(hyps, refs, strict=True)):
        for n in range(1, max_order + 1):
            out[i, max_order + n - 1] = float(max(0, len(hyp) - n + 1))
        out[i, 2 * max_order] = float(len(hyp))
        out[i, 2 * max_order + 1] = sum(len(r) for r in rs) / len(rs) if rs else 0.0
    return out


def nist_from_statistics(stats: Sequence[float], max_order: int) -> tuple[float, list[float], float]:
    """``(score, per-order information precisions, brevity penalty)`` of (summed) statistics."""
    precisions = [float(stats[n]) / max(1.0, float(stats[max_order + n])) for n in range(max_order)]
    bp = brevity_penalty(float(stats[2 * max_order]), float(stats[2 * max_order + 1]))
    return math.fsum(precisions) * bp, precisions, bp


def corpus_nist(hyps: Sequence[Sequence[str]], refs: Sequence[Sequence[Sequence[str]]], max_order: int = 5) -> float:
    """mteval-v13a's corpus NIST: information weights from *all* references of the corpus.

    ``hyps`` are token lists, ``refs[i]`` the token lists of segment i's references. Not a
    protocol metric (see the module docstring); useful to reproduce mteval or NLTK's
    ``corpus_nist`` on single-reference data.
    """
    info = information_weights([r for seg in refs for r in seg], max_order)
    rows = [nist_statistics(h, r, max_order, info) for h, r in zip(hyps, refs, strict=True)]
    summed = [math.fsum(col) for col in zip(*rows, strict=True)]
    return nist_from_statistics(summed, max_order)[0]


class Nist(Metric):
    """mteval-v13a's NIST: information weights from the corpus's references; statistics summed."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    name = "nist"
    description = (
        "NIST (Doddington 2002) as mteval-v13a computes it: information-weighted n-gram precision, "
        "weights from all references of the corpus"
    )
    aggregation = "sum"
    higher_is_better = True
    score_range = (0.0, math.inf)
    perfect_on_identity = False  # no fixed maximum: identity scores the references' information
    params = (
        LOWERCASE,
        tokenize_param(),
        Param("max_order", int, 5, "maximum n-gram order", sig_key="order", sig_short="o", range=(1, 9)),
        Param(
            "info",
            str,
            "corpus",
            "where the information weights come from: 'corpus' (mteval-v13a, all references of the corpus) "
            "or 'seg' (each segment's own references; not mteval's NIST). 'seg' equals NLTK's sentence_nist "
            "with one reference only: with several, NLTK scores each n-gram order against the one reference "
            "with the best precision, mtmetrics clips against all and averages their lengths",
            sig_key="info",
            sig_short="i",
            choices=("corpus", "seg"),
        ),
    )

    def setup(self) -> None:
        self._order = int(self.values["max_order"])
        self._prep = Preprocessor(self.values["tokenize"], self.values["lowercase"])
        self._names = (
            *(f"info_{n}" for n in range(1, self._order + 1)),
            *(f"count_{n}" for n in range(1, self._order + 1)),
            "hyp_len",
            "ref_len",
        )

    @property
    def display_name(self) -> str:
        return "NIST"

    def needs_corpus(self) -> bool:
        return bool(self.values["info"] == "corpus")

    def build_corpus_state(self, references: Iterable[Sequence[str]]) -> Any:
        """The information weights of every reference of every segment, tokenised as scored."""
        return information_weights((self._prep(r) for refs in references for r in refs), self._order)

    def stat_names(self) -> tuple[str, ...]:
        return self._names

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        """Rows of :func:`nist_statistics`, clipped by the compiled kernel when there is one."""
        if self.corpus_state is None and self.needs_corpus():
            raise RuntimeError(
                "NIST (info=corpus) needs the corpus's references first: score with a prepared copy "
                "(corpus_score, statistics and the CLI prepare it; scorer.prepare(references))."
            )
        info = self.corpus_state  # None with info=seg: the segment's own references
        hyps = [self._prep(s.hyp) for s in segments]
        refs = [[self._prep(r) for r in s.refs] for s in segments]
        nb = _load_numba()
        if nb is not None and segments:
            return nist_statistics_batch(nb, hyps, refs, self._order, info)
        rows = [nist_statistics(h, rs, self._order, info) for h, rs in zip(hyps, refs, strict=True)]
        return np.array(rows, dtype=np.float64).reshape(len(segments), len(self._names))

    def compute_score(self, stats: np.ndarray) -> Score:
        score, precisions, bp = nist_from_statistics([float(x) for x in stats], self._order)
        subs = {f"info_precision_{n + 1}": p for n, p in enumerate(precisions)}
        subs.update(bp=bp, hyp_len=float(stats[-2]), ref_len=float(stats[-1]))
        return Score(score, subs)
