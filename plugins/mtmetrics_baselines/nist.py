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
from itertools import chain, repeat
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
    hyp: Sequence[str],
    refs: Sequence[Sequence[str]],
    max_order: int,
    info: dict[Ngram, float] | CorpusInformation | None = None,
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


def _load_kernel() -> Any:
    """The array n-gram count BLEU and chrF use (``mtmetrics.resources.ngrams``), or None
    (the Python count above), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics.resources.ngrams", _warm, "nist")


def word_ids(words: list[str]) -> np.ndarray:
    """One integer per word, equal for equal strings (the vocabulary built and applied at C speed)."""
    vocab = {w: i for i, w in enumerate(dict.fromkeys(words))}
    return np.fromiter(map(vocab.__getitem__, words), dtype=np.int64, count=len(words))


def kernel() -> str:
    """``numpy`` or ``python``: which n-gram count NIST uses in this process."""
    return "python" if _load_kernel() is None else "numpy"


def _log2_ratios(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """``math.log2(num / den)`` elementwise (Python's int division and libm's log2, as
    :func:`information_weights`), computed once per distinct pair."""
    if num.size == 0:
        return np.zeros(0, dtype=np.float64)
    pairs, where = np.unique(np.stack([num, den], axis=1), axis=0, return_inverse=True)
    table = np.array([math.log2(int(a) / int(b)) for a, b in pairs.tolist()], dtype=np.float64)
    return table[where.ravel()]


class CorpusInformation:
    """:func:`information_weights` held as arrays instead of a dict of string tuples.

    Words are numbered (:attr:`vocab`); a unigram's rank is its word's id, and an n-gram's rank is
    its index in the sorted array ``keys[n]`` of ``rank(prefix) * len(vocab) + id(last word)``
    over the distinct n-grams of the references. ``weights[n][rank]`` is its weight, the same
    float as :func:`information_weights` gives (the counts are the same integers and the ratio
    goes through ``math.log2``). Built with numpy sorts instead of a ``Counter`` of tuples;
    ``info[gram]`` works as on the dict (``KeyError`` when absent).
    """

    def __init__(self, references: Iterable[Sequence[str]], max_order: int) -> None:
        token_lists = list(references)
        flat = list(chain.from_iterable(token_lists))
        self.vocab: dict[str, int] = {w: i for i, w in enumerate(dict.fromkeys(flat))}
        self.size = max(1, len(self.vocab))
        ids = np.fromiter(map(self.vocab.__getitem__, flat), dtype=np.int64, count=len(flat))
        lengths = np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))
        ends = np.repeat(np.cumsum(lengths), lengths)  # each position's sequence end
        counts = np.bincount(ids, minlength=len(self.vocab))
        self.keys: list[np.ndarray] = [np.zeros(0, dtype=np.int64), np.arange(len(self.vocab), dtype=np.int64)]
        self.weights: list[np.ndarray] = [
            np.zeros(0),
            _log2_ratios(np.full(counts.size, ids.size, dtype=np.int64), counts),
        ]
        starts = np.arange(ids.size, dtype=np.int64)  # positions with an n-gram of the current order
        rank = ids  # its rank, per entry of starts
        for n in range(2, max_order + 1):
            keep = starts + n <= ends[starts]
            starts, rank = starts[keep], rank[keep]
            keys, rank, order_counts = np.unique(
                rank * self.size + ids[starts + n - 1], return_inverse=True, return_counts=True
            )
            rank = rank.ravel()
            self.keys.append(keys)
            self.weights.append(_log2_ratios(counts[keys // self.size], order_counts))
            counts = order_counts

    def ranks(self, ids: np.ndarray, starts: np.ndarray, orders: np.ndarray) -> np.ndarray:
        """Rank of the n-gram of order ``orders[k]`` at ``ids[starts[k]:]`` (word ids of this
        vocabulary; larger ids are words it does not have), -1 where the references lack it."""
        rank = np.where(ids[starts] < self.size, ids[starts], -1) if starts.size else starts.copy()
        for n in range(2, int(orders.max(initial=1)) + 1):
            todo = np.flatnonzero((orders >= n) & (rank >= 0))
            word = ids[starts[todo] + n - 1]
            key = rank[todo] * self.size + word
            keys = self.keys[n] if n < len(self.keys) else np.zeros(0, dtype=np.int64)
            if keys.size == 0:
                rank[todo] = -1
                continue
            at = np.minimum(np.searchsorted(keys, key), keys.size - 1)
            rank[todo] = np.where((word < self.size) & (keys[at] == key), at, -1)
        return rank

    def __getitem__(self, gram: Ngram) -> float:
        """The weight of ``gram`` (a tuple of words), as ``information_weights(...)[gram]``."""
        ids = np.array([self.vocab[w] for w in gram], dtype=np.int64)
        if not 0 < len(gram) < len(self.keys):
            raise KeyError(gram)
        rank = self.ranks(ids, np.zeros(1, dtype=np.int64), np.array([len(gram)]))[0]
        if rank < 0:
            raise KeyError(gram)
        return float(self.weights[len(gram)][rank])


def nist_statistics_batch(
    nb: Any,
    hyps: Sequence[Sequence[str]],
    refs: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    info: dict[Ngram, float] | CorpusInformation | None,
) -> np.ndarray:
    """:func:`nist_statistics` of many segments (one row each), the clipping done by the array
    kernel ``nb``: it finds each distinct hypothesis n-gram found in a reference with its clipped
    count, and only those are looked up in the information weights (``math.fsum`` of the same
    products, so the same float, whatever their order)."""
    tokens = [seq for hyp, rs in zip(hyps, refs, strict=True) for seq in (hyp, *rs)]
    flat = list(chain.from_iterable(tokens))
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    if isinstance(info, CorpusInformation):  # the corpus's word ids; other words numbered after them
        ids = np.fromiter(map(info.vocab.get, flat, repeat(-1)), dtype=np.int64, count=len(flat))
        unknown = np.flatnonzero(ids < 0)
        ids[unknown] = info.size + word_ids([flat[k] for k in unknown.tolist()])
    else:
        ids = word_ids(flat)
    seq_off = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(lengths, out=seq_off[1:])
    seg_off = np.zeros(len(hyps) + 1, dtype=np.int64)
    np.cumsum(np.fromiter((1 + len(rs) for rs in refs), dtype=np.int64, count=len(refs)), out=seg_off[1:])
    seg, order, start, count = nb.clipped_ngrams(ids, seq_off, seg_off, max_order)
    if isinstance(info, CorpusInformation):
        rank = info.ranks(ids, start, order)
        if (rank < 0).any():
            raise InputError(UNPREPARED)
        weight = np.zeros(rank.size)
        for n in range(1, max_order + 1):
            mine = order == n
            weight[mine] = info.weights[n][rank[mine]]
        products = (weight * count).tolist()
    else:
        weights = [info] * len(hyps) if info is not None else [information_weights(rs, max_order) for rs in refs]
        try:
            products = [
                weights[i][tuple(flat[s : s + n])] * c
                for i, n, s, c in zip(seg.tolist(), order.tolist(), start.tolist(), count.tolist(), strict=True)
            ]
        except KeyError:
            raise InputError(UNPREPARED) from None
    out = np.zeros((len(hyps), 2 * max_order + 2), dtype=np.float64)
    # the products of one (segment, order) are adjacent: one math.fsum per run
    group = seg * (max_order + 1) + order
    bounds = np.flatnonzero(np.diff(group)) + 1
    firsts = np.concatenate([[0], bounds]).astype(np.int64) if group.size else np.zeros(0, dtype=np.int64)
    lasts = np.concatenate([bounds, [group.size]]).astype(np.int64) if group.size else firsts
    sums = [math.fsum(products[a:b]) for a, b in zip(firsts.tolist(), lasts.tolist(), strict=True)]
    out[seg[firsts], order[firsts] - 1] = sums
    hyp_len = lengths[seg_off[:-1]]
    out[:, max_order : 2 * max_order] = np.maximum(hyp_len[:, None] - np.arange(max_order)[None, :], 0)
    out[:, 2 * max_order] = hyp_len
    out[:, 2 * max_order + 1] = [sum(map(len, rs)) / len(rs) if rs else 0.0 for rs in refs]
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
        """The information weights of every reference of every segment, tokenised as scored: as
        arrays for the array count (:class:`CorpusInformation`), else as a dict."""
        if _load_kernel() is not None:
            return CorpusInformation((self._prep(r) for refs in references for r in refs), self._order)
        return information_weights((self._prep(r) for refs in references for r in refs), self._order)

    def stat_names(self) -> tuple[str, ...]:
        return self._names

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        """Rows of :func:`nist_statistics`, clipped by the array count unless MTMETRICS_KERNEL=python."""
        if self.corpus_state is None and self.needs_corpus():
            raise RuntimeError(
                "NIST (info=corpus) needs the corpus's references first: score with a prepared copy "
                "(corpus_score, statistics and the CLI prepare it; scorer.prepare(references))."
            )
        info = self.corpus_state  # None with info=seg: the segment's own references
        hyps = [self._prep(s.hyp) for s in segments]
        refs = [[self._prep(r) for r in s.refs] for s in segments]
        nb = _load_kernel()
        if nb is not None and segments:
            return nist_statistics_batch(nb, hyps, refs, self._order, info)
        rows = [nist_statistics(h, rs, self._order, info) for h, rs in zip(hyps, refs, strict=True)]
        return np.array(rows, dtype=np.float64).reshape(len(segments), len(self._names))

    def compute_score(self, stats: np.ndarray) -> Score:
        score, precisions, bp = nist_from_statistics([float(x) for x in stats], self._order)
        subs = {f"info_precision_{n + 1}": p for n, p in enumerate(precisions)}
        subs.update(bp=bp, hyp_len=float(stats[-2]), ref_len=float(stats[-1]))
        return Score(score, subs)
