"""Clipped matching of n-gram and skip-bigram bags for a whole corpus at once.

Every sentence (hypotheses and references alike) is a row of integer token ids. Its units
(n-grams, skip-bigrams, SU's unigrams) are encoded as integers with vectorised numpy over the
concatenation of all sentences, one pass per n-gram position or per skip distance rather than
one per sentence. Clipped matches ``sum_u min(count_hyp(u), count_ref(u))`` of every
(hypothesis, reference) pair then come from sorting: keys ``sentence_pair * |units| + unit`` are
counted with ``np.unique`` and intersected with ``np.intersect1d`` (the "sorted-index" trick),
so no Python-level loop runs per segment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Flat:
    """All sentences concatenated: ``tokens`` and, per token, the index of its sentence."""

    tokens: np.ndarray
    sentence: np.ndarray
    lengths: np.ndarray

    @classmethod
    def of(cls, sentences: Sequence[Sequence[int]]) -> Flat:
        """Concatenate token-id sentences."""
        lengths = np.fromiter((len(s) for s in sentences), dtype=np.int64, count=len(sentences))
        total = int(lengths.sum())
        tokens = np.fromiter((t for s in sentences for t in s), dtype=np.int64, count=total)
        sentence = np.repeat(np.arange(len(sentences), dtype=np.int64), lengths)
        return cls(tokens, sentence, lengths)


@dataclass(frozen=True)
class Units:
    """Units of all sentences: parallel arrays of owning sentence and unit code."""

    sentence: np.ndarray
    code: np.ndarray


def _densify(code: np.ndarray) -> np.ndarray:
    """Map codes to ``0..k-1`` preserving equality (keeps later products far from overflow)."""
    if code.size == 0:
        return code
    return np.unique(code, return_inverse=True)[1].astype(np.int64).reshape(-1)


def ngrams(flat: Flat, n: int) -> Units:
    """Contiguous n-grams of every sentence (``c - n + 1`` of them in a sentence of ``c`` tokens)."""
    tok, sent = flat.tokens, flat.sentence
    size = tok.size
    if size < n:
        return Units(np.empty(0, np.int64), np.empty(0, np.int64))
    last = size - n + 1
    dense = _densify(tok)
    base = int(dense.max()) + 1
    code = dense[:last]
    for t in range(1, n):
        code = _densify(code * base + dense[t : t + last])
    valid = np.nonzero(sent[:last] == sent[n - 1 :])[0]
    return Units(sent[valid], code[valid])


def skip_bigrams(flat: Flat, skip: int, unigrams: str | None = None) -> Units:
    """In-order word pairs with at most ``skip`` words between them (``skip < 0``: any distance).

    ``unigrams`` adds ROUGE-SU's unigram units: ``"all"`` every token (the paper), ``"rouge155"``
    every token but the last of each sentence (ROUGE-1.5.5's ``createSkipBigram`` adds a unigram
    only while a pair can still start at that position).
    """
    tok, sent = flat.tokens, flat.sentence
    size = tok.size
    vocab = int(tok.max()) + 1 if size else 1
    base = vocab + 1  # pair code a * base + b, unigram code a * base + vocab
    sents: list[np.ndarray] = []
    codes: list[np.ndarray] = []
    longest = int(flat.lengths.max()) if flat.lengths.size else 0
    top = longest - 1 if skip < 0 else min(skip + 1, longest - 1)
    for gap in range(1, top + 1):
        valid = np.nonzero(sent[:-gap] == sent[gap:])[0]
        sents.append(sent[valid])
        codes.append(tok[valid] * base + tok[valid + gap])
    if unigrams == "all":
        sents.append(sent)
        codes.append(tok * base + vocab)
    elif unigrams == "rouge155":
        keep = np.nonzero(sent[:-1] == sent[1:])[0] if size else np.empty(0, np.int64)
        sents.append(sent[keep])
        codes.append(tok[keep] * base + vocab)
    if not sents:
        return Units(np.empty(0, np.int64), np.empty(0, np.int64))
    return Units(np.concatenate(sents), np.concatenate(codes))


def clipped_matches(units: Units, n_sentences: int, pairs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Clipped matches and unit counts for sentence pairs.

    Args:
        units: units of all sentences.
        n_sentences: number of sentences (for the per-sentence unit counts).
        pairs: ``(p, 2)`` array of (hypothesis sentence, reference sentence) indices.

    Returns:
        ``matches`` (length ``p``) and ``counts`` (units per sentence, length ``n_sentences``).
    """
    counts = np.bincount(units.sentence, minlength=n_sentences).astype(np.float64)
    matches = np.zeros(len(pairs), dtype=np.float64)
    if units.code.size == 0 or len(pairs) == 0:
        return matches, counts
    code = _densify(units.code)
    width = int(code.max()) + 1
    # each sentence takes part in pairs on one side only (hypotheses left, references right), but
    # a hypothesis can pair with several references: key the hypothesis side by pair index.
    hyp_of = pairs[:, 0]
    ref_of = pairs[:, 1]
    order = np.argsort(units.sentence, kind="stable")
    sorted_sent = units.sentence[order]
    starts = np.searchsorted(sorted_sent, np.arange(n_sentences + 1))

    def side(sentences: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lens = starts[sentences + 1] - starts[sentences]
        pair_id = np.repeat(np.arange(len(sentences), dtype=np.int64), lens)
        offsets = np.repeat(starts[sentences] - np.cumsum(lens) + lens, lens) + np.arange(int(lens.sum()))
        keys = pair_id * width + code[order[offsets]]
        uniq, cnt = np.unique(keys, return_counts=True)
        return uniq, cnt

    hk, hc = side(hyp_of)
    rk, rc = side(ref_of)
    common, ih, ir = np.intersect1d(hk, rk, assume_unique=True, return_indices=True)
    matches += np.bincount(common // width, weights=np.minimum(hc[ih], rc[ir]), minlength=len(pairs))
    return matches, counts
