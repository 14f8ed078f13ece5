"""Clipped matching of n-gram and skip-bigram bags for a whole corpus at once.

Every sentence (hypotheses and references alike) is a row of integer token ids. Its units
(n-grams, skip-bigrams, SU's unigrams) are encoded as integers with vectorised numpy over the
concatenation of all sentences, one pass per n-gram position or per skip distance rather than
one per sentence. Clipped matches ``sum_u min(count_hyp(u), count_ref(u))`` of every
(hypothesis, reference) pair then come from sorting: keys ``segment * |units| + unit`` are
counted with ``np.unique`` on each side and matched with ``np.searchsorted`` (the "sorted-index"
trick), so no Python-level loop runs per segment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

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
        tokens = np.fromiter(chain.from_iterable(sentences), dtype=np.int64, count=total)
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


def clipped_matches(units: Units, segment: np.ndarray, slot: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Clipped matches of every (hypothesis, reference) pair and unit counts of every sentence.

    Args:
        units: units of all sentences.
        segment: segment of each sentence.
        slot: ``-1`` for a hypothesis, ``k`` for a segment's ``k``-th reference.
        width: number of reference slots (columns of the result).

    Returns:
        ``matches`` as a ``(segments, width)`` array (0 where a reference is missing) and
        ``counts`` (units per sentence).
    """
    n_seg = int(segment.max()) + 1 if segment.size else 0
    counts = np.bincount(units.sentence, minlength=segment.size).astype(np.float64)
    matches = np.zeros((n_seg, width), dtype=np.float64)
    if units.code.size == 0:
        return matches, counts
    span = int(units.code.max()) + 1
    unit_seg = segment[units.sentence]
    unit_slot = slot[units.sentence]
    # key = segment * span + unit, counted on each side; the hypothesis side once for all slots
    on_hyp = unit_slot < 0
    hyp_keys, hyp_counts = np.unique(unit_seg[on_hyp] * span + units.code[on_hyp], return_counts=True)
    for k in range(width):
        on_ref = unit_slot == k
        ref_keys, ref_counts = np.unique(unit_seg[on_ref] * span + units.code[on_ref], return_counts=True)
        if ref_keys.size == 0 or hyp_keys.size == 0:
            continue
        at = np.minimum(np.searchsorted(hyp_keys, ref_keys), hyp_keys.size - 1)
        hit = hyp_keys[at] == ref_keys
        clipped = np.minimum(hyp_counts[at[hit]], ref_counts[hit])
        matches[:, k] = np.bincount(ref_keys[hit] // span, weights=clipped, minlength=n_seg)
    return matches, counts
