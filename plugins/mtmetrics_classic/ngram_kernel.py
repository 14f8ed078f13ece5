"""BLEU and chrF statistics of many segments: an array n-gram count (numpy sorts), or sacrebleu's.

sacrebleu counts n-grams with a ``Counter`` of string tuples per segment, per order and per
reference; that Python work, not the arithmetic, is what BLEU and chrF cost. Here the text is
prepared by sacrebleu's own code (``_preprocess_segment``: lowercasing and, for BLEU, its
tokenizer; chrF++'s ``_remove_punctuation`` for words), turned into integers (a character's code
point, a word's id in a vocabulary of this batch), and the one counting step both metrics share,
``sum over n-grams of min(hypothesis count, reference count)``, runs on whole arrays
(:func:`mtmetrics.resources.ngrams.ngram_matches`). Everything else follows from lengths: a sequence of L
symbols has ``max(0, L - n + 1)`` n-grams of order n, which is what sacrebleu's totals count.

What sacrebleu decides is kept decision for decision: BLEU clips each n-gram by its largest count
in any one reference and takes the closest reference length (the shorter on ties); chrF scores
each reference separately, reports the hypothesis count as 0 against a reference without n-grams
of that order, and keeps the first reference with the highest F-score, computed here with the same
floating-point operations in the same order as ``CHRF._compute_f_score`` (so the same one wins).

The choice is made once per process by ``MTMETRICS_KERNEL`` (:mod:`mtmetrics.resources.kernels`):
``python`` runs sacrebleu's own code (the oracle: ``tests/classic/test_ngram_kernel.py``), ``numba``
and ``auto`` the array count, which needs no numba.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, count
from typing import Any

import numpy as np
import sacrebleu

from mtmetrics import Segment
from mtmetrics.resources import kernels

from ._sacrebleu import segment_stats

EPS = 1e-16  # CHRF._compute_f_score's epsilon


def _warm(module: Any) -> object:
    return module.ngram_matches(np.zeros(2, dtype=np.int64), np.array([0, 1, 2]), np.array([0, 2]), 2)


def _load_kernel() -> Any:
    """The array count's module, or None (sacrebleu's Python code), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics.resources.ngrams", _warm, "bleu/chrf")


def kernel() -> str:
    """``numpy`` or ``python``: which n-gram count BLEU and chrF use in this process."""
    return "python" if _load_kernel() is None else "numpy"


def _layout(segments: Sequence[Segment]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per sequence (hypothesis, then its references, segment after segment): its segment's first
    row; per segment: the offsets of its rows (``seg_off``)."""
    sizes = np.fromiter((1 + len(s.refs) for s in segments), dtype=np.int64, count=len(segments))
    seg_off = np.zeros(len(segments) + 1, dtype=np.int64)
    np.cumsum(sizes, out=seg_off[1:])
    first = np.repeat(seg_off[:-1], sizes)
    return seg_off, first, sizes


def word_ids(token_lists: list[list[str]]) -> tuple[np.ndarray, np.ndarray]:
    """Flat word ids and each list's length. A word's id is the index of its first occurrence: equal
    for equal strings, one dict pass at C speed (the count ranks symbols itself: ids need not be dense)."""
    flat = list(chain.from_iterable(token_lists))
    first: dict[str, int] = {}
    ids = np.fromiter(map(first.setdefault, flat, count()), dtype=np.int64, count=len(flat))
    return ids, np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))


SENTINEL = "\x00"  # marks where a text ends in :func:`split_ids`' joined block (a token no text should be)


def split_ids(texts: list[str], sentinel: str = SENTINEL) -> tuple[np.ndarray, np.ndarray]:
    """:func:`word_ids` of ``[t.split() for t in texts]``, about twice as fast: one ``split`` of the
    texts joined by a sentinel token, numbered in the same dict pass as the words. A text holding
    the sentinel as a token would move a boundary: then (counted, never guessed) the per-text way."""
    flat = f" {sentinel} ".join(texts).split()
    first = {sentinel: 0}
    ids = np.fromiter(map(first.setdefault, flat, count(1)), dtype=np.int64, count=len(flat))
    cuts = np.flatnonzero(ids == 0)
    if cuts.size != len(texts) - 1:
        return word_ids([t.split() for t in texts])
    return ids[ids != 0], np.diff(cuts, prepend=-1, append=len(flat)) - 1


def _codes(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The code points of ``texts`` one after another (lone surrogates kept) and each text's length."""
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    return np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32), lengths


def offsets(lengths: np.ndarray) -> np.ndarray:
    """Where each of the sequences of ``lengths`` starts in their concatenation, and the total at the end."""
    off = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=off[1:])
    return off


def _ngram_totals(lengths: np.ndarray, order: int) -> np.ndarray:
    """``max(0, L - n + 1)`` for n = 1..order: the number of n-grams of a sequence of L symbols."""
    return np.maximum(lengths[:, None] - np.arange(order, dtype=np.int64)[None, :], 0)


def bleu_statistics(bleu: sacrebleu.BLEU, segments: Sequence[Segment]) -> np.ndarray:
    """Rows ``[hyp_len, ref_len, correct_1..N, total_1..N]`` per segment, equal to sacrebleu's."""
    nb = _load_kernel()
    if nb is None or not segments or any(not s.refs for s in segments):
        return segment_stats(bleu, segments)
    prep = bleu._preprocess_segment
    order = int(bleu.max_ngram_order)
    ids, lengths = split_ids([prep(text) for s in segments for text in (s.hyp, *s.refs)])
    seg_off, _, _ = _layout(segments)
    matches = nb.ngram_matches(ids, offsets(lengths), seg_off, order)
    hyp_rows = seg_off[:-1]
    hyp_len = lengths[hyp_rows]
    if lengths.size == 2 * len(segments):  # one reference each: it is the closest
        ref_len = lengths[hyp_rows + 1]
    else:
        closest = bleu._get_closest_ref_len
        all_lengths = lengths.tolist()
        bounds = zip(hyp_rows.tolist(), seg_off[1:].tolist(), strict=True)
        ref_len = np.array([closest(all_lengths[a], all_lengths[a + 1 : b]) for a, b in bounds], dtype=np.int64)
    out = np.empty((len(segments), 2 + 2 * order), dtype=np.float64)
    out[:, 0] = hyp_len
    out[:, 1] = ref_len
    out[:, 2 : 2 + order] = matches[hyp_rows]
    out[:, 2 + order :] = _ngram_totals(hyp_len, order)
    return out


def _order_stats(lengths: np.ndarray, matches: np.ndarray, hyp: np.ndarray, refs: np.ndarray, order: int) -> np.ndarray:
    """chrF's ``[hyp, ref, match]`` per order for each (hypothesis, reference) row pair."""
    ref_totals = _ngram_totals(lengths[refs], order)
    hyp_totals = np.where(ref_totals > 0, _ngram_totals(lengths[hyp], order), 0)
    return np.stack([hyp_totals, ref_totals, matches[refs]], axis=2).reshape(len(refs), 3 * order)


def f_scores(stats: np.ndarray, beta: int, eps_smoothing: bool) -> np.ndarray:
    """``CHRF._compute_f_score`` of every row of ``stats``, element for element the same operations."""
    rows, width = stats.shape
    order = width // 3
    factor = beta**2
    score = np.zeros(rows)
    avg_prec = np.zeros(rows)
    avg_rec = np.zeros(rows)
    effective = np.zeros(rows, dtype=np.int64)
    for i in range(order):
        n_hyp, n_ref, n_match = stats[:, 3 * i], stats[:, 3 * i + 1], stats[:, 3 * i + 2]
        prec = np.where(n_hyp > 0, n_match / np.maximum(n_hyp, 1), EPS)
        rec = np.where(n_ref > 0, n_match / np.maximum(n_ref, 1), EPS)
        denom = factor * prec + rec
        term = np.divide((1 + factor) * prec * rec, denom, out=np.full(rows, EPS), where=denom > 0)
        score += term
        both = (n_hyp > 0) & (n_ref > 0)
        avg_prec += np.where(both, prec, 0.0)  # adding 0.0 leaves a sum of non-negatives unchanged
        avg_rec += np.where(both, rec, 0.0)
        effective += both
    if eps_smoothing:
        return 100 * score / order
    some = effective > 0
    avg_prec = np.where(some, avg_prec / np.maximum(effective, 1), 0.0)
    avg_rec = np.where(some, avg_rec / np.maximum(effective, 1), 0.0)
    total = avg_prec + avg_rec
    top = (1 + factor) * avg_prec * avg_rec
    bottom = factor * avg_prec + avg_rec
    return np.where(total != 0, 100 * np.divide(top, bottom, out=np.zeros(rows), where=total != 0), 0.0)


def chrf_statistics(chrf: sacrebleu.CHRF, segments: Sequence[Segment]) -> np.ndarray:
    """Rows ``[hyp, ref, match]`` per character order, then per word order, equal to sacrebleu's."""
    nb = _load_kernel()
    if nb is None or not segments or any(not s.refs for s in segments):
        return segment_stats(chrf, segments)
    prep = chrf._preprocess_segment
    texts = [prep(text) for s in segments for text in (s.hyp, *s.refs)]
    seg_off, first, sizes = _layout(segments)
    refs = np.flatnonzero(np.arange(len(texts)) != first)  # every row that is not a hypothesis
    hyp = first[refs]
    parts = []
    c_order, w_order = int(chrf.char_order), int(chrf.word_order)
    if c_order:
        chars = texts if chrf.whitespace else ["".join(t.split()) for t in texts]
        codes, lengths = _codes(chars)
        matches = nb.ngram_matches(codes, offsets(lengths), seg_off, c_order)
        parts.append(_order_stats(lengths, matches, hyp, refs, c_order))
    if w_order:
        ids, lengths = word_ids([chrf._remove_punctuation(t) for t in texts])
        matches = nb.ngram_matches(ids, offsets(lengths), seg_off, w_order)
        parts.append(_order_stats(lengths, matches, hyp, refs, w_order))
    stats = np.concatenate(parts, axis=1) if len(parts) > 1 else parts[0]
    nrefs = sizes - 1
    if (nrefs == 1).all():
        return stats.astype(np.float64)
    # several references: the first with the highest F-score, as sacrebleu's strict ">" keeps it
    f = f_scores(stats, int(chrf.beta), bool(chrf.eps_smoothing))
    starts = np.zeros(len(segments), dtype=np.int64)
    np.cumsum(nrefs[:-1], out=starts[1:])
    best = np.maximum.reduceat(f, starts)
    seg_of_row = np.repeat(np.arange(len(segments)), nrefs)
    winners = np.flatnonzero(f == best[seg_of_row])
    _, first_winner = np.unique(seg_of_row[winners], return_index=True)
    return stats[winners[first_winner]].astype(np.float64)
