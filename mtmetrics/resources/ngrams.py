"""Clipped n-gram matches of many segments with numpy sorts: no compiler, no per-n-gram Python objects.

The one counting step that BLEU, chrF and chrF++ share with NIST, metrics of two plugins, so it is a
core resource. Symbols are non-negative integers (a character's code point, a word's id); a segment
is a hypothesis followed by its references, each a run of symbols. Every start position of every
sequence gets a key: its segment, the ``max_order`` symbols from it (0 past its sequence's end, so a
shorter window sorts before its extensions) and its owner (0: the hypothesis, k: reference k), packed
into as few int64 columns as the bits allow. After one sort of the keys, the positions whose windows
share their segment and first ``n`` symbols are adjacent, so each run of them is one distinct n-gram
of one segment, and its count in each sequence is a difference of cumulative sums.

It replaced a numba kernel doing the same walk per segment: as exact, within the speed targets of
``bench/classic_kernels.py``, and without loading numba's compiler (about 110 MB at start-up).
"""

from __future__ import annotations

import numpy as np


def _sorted_keys(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """The digits ``[segment, symbol 1..max_order, owner]`` of every position in key order, the
    order itself (positions into ``sym``) and ``lcp``: how many leading digits a position shares
    with the one before it (so ``lcp[j] > n`` iff j continues the previous one's n-gram run)."""
    total = int(seq_off[-1])
    sizes = np.diff(seg_off)
    seq_of = np.repeat(np.arange(seq_off.size - 1), np.diff(seq_off))
    seg_of = np.repeat(np.arange(sizes.size), sizes)[seq_of]
    present = np.zeros(int(sym.max(initial=0)) + 1, dtype=np.bool_)
    present[sym] = True
    ranks = np.cumsum(present, dtype=np.int64)  # symbols as 1..distinct, in the same order
    padded = np.zeros(total + max_order, dtype=np.int64)
    padded[:total] = ranks[sym]
    inside = seq_off[1:][seq_of] - np.arange(total)  # symbols left in each position's sequence
    widths = [int(sizes.size).bit_length()] + [int(ranks[-1]).bit_length()] * max_order
    widths.append(int(sizes.max()).bit_length())

    def digit(i: int) -> np.ndarray:
        if i == 0:
            return seg_of
        if i > max_order:
            return seq_of - seg_off[seg_of]
        return np.where(inside >= i, padded[i - 1 : i - 1 + total], 0)

    groups: list[list[int]] = [[]]
    for i, width in enumerate(widths):
        if sum(widths[k] for k in groups[-1]) + width > 63:
            groups.append([])
        groups[-1].append(i)
    columns = []
    for group in groups:
        column = np.zeros(total, dtype=np.int64)
        for i in group:
            column <<= widths[i]
            column |= digit(i)
        columns.append(column)
    order = np.argsort(columns[0]) if len(columns) == 1 else np.lexsort(columns[::-1])
    digits = []
    for group, column in zip(groups, columns, strict=True):
        column = column[order]
        shift = sum(widths[i] for i in group)
        for i in group:
            shift -= widths[i]
            digits.append((column >> shift) & ((1 << widths[i]) - 1))
    lcp = np.zeros(total, dtype=np.int32)
    same = np.ones(max(total - 1, 0), dtype=np.bool_)
    for d in digits[:-1]:
        same &= d[1:] == d[:-1]
        lcp[1:] += same
    return digits, order, lcp


def _runs(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> tuple[list[tuple[np.ndarray, np.ndarray, np.ndarray]], np.ndarray, np.ndarray]:
    """Per order ``n``, of every distinct n-gram of a segment: its segment, its count in each of the
    segment's sequences (a row per owner, 0 for owners the segment lacks) and the index of its last
    position in key order. Also the key order and each position's owner in it."""
    if seq_off[-1] == 0:
        return [], np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    digits, order, lcp = _sorted_keys(sym, seq_off, seg_off, max_order)
    owners = int(np.diff(seg_off).max())
    cum = np.zeros((owners, lcp.size + 1), dtype=np.int64)
    for k in range(owners):
        np.cumsum(digits[-1] == k, out=cum[k, 1:])
    runs = []
    for n in range(1, max_order + 1):
        starts = np.flatnonzero(lcp <= n)
        ends = np.append(starts[1:], lcp.size)
        keep = digits[n][starts] != 0  # runs of shorter windows have no n-gram
        starts, ends = starts[keep], ends[keep]
        runs.append((digits[0][starts], cum[:, ends] - cum[:, starts], ends - 1))
    return runs, order, digits[-1]


def ngram_matches(sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int) -> np.ndarray:
    """Clipped n-gram matches, one row per sequence and one column per order ``1..max_order``.

    ``sym[seq_off[s]:seq_off[s + 1]]`` is sequence ``s``; segment ``i`` is sequences
    ``seg_off[i]`` (its hypothesis) to ``seg_off[i + 1] - 1`` (its references). A reference's row
    holds ``sum over n-grams g of min(hyp count of g, its count of g)`` (chrF's matches against
    that reference); a hypothesis's row holds ``sum over g of min(hyp count, largest count in any
    one reference)`` (BLEU's clipped matches).
    """
    rows = seq_off.size - 1
    out = np.zeros((rows, max_order), dtype=np.int64)
    for n, (seg, counts, _) in enumerate(_runs(sym, seq_off, seg_off, max_order)[0]):
        first = seg_off[seg]
        for k in range(1, counts.shape[0]):  # owners a segment lacks count 0: rows past the end get 0
            mine = first + k < seg_off[seg + 1]
            out[:, n] += np.bincount(first[mine] + k, np.minimum(counts[0], counts[k])[mine], rows).astype(np.int64)
        if counts.shape[0] > 1:
            clipped = np.minimum(counts[0], counts[1:].max(axis=0))
            out[:, n] += np.bincount(first, clipped, rows).astype(np.int64)
    return out


def clipped_ngrams(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every distinct hypothesis n-gram that occurs in a reference, with its clipped count.

    Same layout as :func:`ngram_matches`. Returns parallel arrays ``(segment, n, start, count)``,
    ordered by segment and then ``n``: the n-gram of order ``n`` starting at ``start`` (an index
    into ``sym``, in the hypothesis) matches ``count = min(hyp count, largest count in any one
    reference)`` times (NIST's clipping).
    """
    runs, order, owner = _runs(sym, seq_off, seg_off, max_order)
    latest = np.where(owner == 0, np.arange(owner.size), 0)
    hyp_at = order[np.maximum.accumulate(latest)]  # the last hypothesis position so far, in key order
    parts = []
    for n, (seg, counts, last) in enumerate(runs, start=1):
        if counts.shape[0] < 2:
            break
        clipped = np.minimum(counts[0], counts[1:].max(axis=0))
        mine = np.flatnonzero(clipped > 0)  # its run holds a hypothesis position, the last is hyp_at[last]
        parts.append((seg[mine], np.full(mine.size, n, dtype=np.int64), hyp_at[last[mine]], clipped[mine]))
    empty = np.zeros(0, dtype=np.int64)
    if not parts:
        return empty, empty, empty, empty
    seg, n, start, count = (np.concatenate([p[k] for p in parts]) for k in range(4))
    by = np.lexsort((n, seg))
    return seg[by], n[by], start[by], count[by]
