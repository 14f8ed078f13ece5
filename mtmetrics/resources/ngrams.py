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

from collections.abc import Iterator

import numpy as np

Where = list[tuple[int, int, int]]  # per key digit: its column, its shift in it and its width in bits
#: symbols up to this many more than 4 per input symbol are ranked by a table, sparser ones by a sort
SPARSE_ABOVE = 1 << 21


def _ranks(sym: np.ndarray, seg_of: np.ndarray, small: type, budget: int) -> np.ndarray:
    """Each symbol's rank, from 1 (0 is the end): among the batch's distinct symbols when ranks fit
    in ``budget`` bits (all ``max_order`` of them in one key column), else among its segment's.

    A segment has far fewer distinct words than a batch, so its ranks often make the key fit one
    column, and one ``argsort`` of it is many times faster than the ``lexsort`` of two; ranking
    in segments costs one sort of (segment, symbol) pairs, which come in segment order. The batch's
    ranks come from a table indexed by symbol (code points and word ids are dense), or from a sort
    when the symbols are sparse (hashed ids), so that the table (and its cumulative sum) stays within
    about 5 times the input's memory plus 18 MB."""
    if (top := int(sym.max(initial=0))) < SPARSE_ABOVE + 4 * sym.size:
        present = np.zeros(top + 1, dtype=np.bool_)
        present[sym] = True
        ranks = np.cumsum(present, dtype=small)[sym]
    else:
        ranks = (np.unique(sym, return_inverse=True)[1] + 1).astype(small)
    width = int(ranks.max(initial=0)).bit_length()
    if width <= budget:
        return ranks
    pairs = (seg_of.astype(np.int64) << width) | ranks
    order = np.argsort(pairs, kind="stable")
    pairs = pairs[order]
    new = np.ones(pairs.size, dtype=np.bool_)
    new[1:] = pairs[1:] != pairs[:-1]
    dense: np.ndarray = np.cumsum(new, dtype=small)  # the pair's rank in the batch
    new[1:] = (pairs[1:] >> width) != (pairs[:-1] >> width)  # now: the segment's first pair
    ranks[order] = dense - np.maximum.accumulate(np.where(new, dense, 0)) + 1
    return ranks


def _keys(sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int) -> tuple[list[np.ndarray], Where]:
    """Every position's key (in position order) as int64 columns, and where its digits ``[segment,
    symbol 1..max_order, owner]`` sit in them. Symbols are ranked first (:func:`_ranks`)."""
    total = int(seq_off[-1])
    small = np.int32 if total < 2**31 else np.int64  # for the temporaries: half the memory
    sizes = np.diff(seg_off)
    seq_of = np.repeat(np.arange(seq_off.size - 1, dtype=small), np.diff(seq_off))
    seg_of = np.repeat(np.arange(sizes.size, dtype=small), sizes)[seq_of]
    outer = [int(sizes.size).bit_length(), int(sizes.max()).bit_length()]  # the segment's and owner's widths
    padded = np.zeros(total + max_order, dtype=small)
    padded[:total] = _ranks(sym, seg_of, small, (63 - sum(outer)) // max_order)
    inside = seq_off[1:].astype(small)[seq_of] - np.arange(total, dtype=small)  # symbols left in its sequence
    widths = [outer[0]] + [int(padded.max()).bit_length()] * max_order + [outer[1]]
    columns: list[np.ndarray] = []
    where: Where = []
    used = 64
    for i, width in enumerate(widths):
        if used + width > 63:
            columns.append(np.zeros(total, dtype=np.int64))
            used = 0
        where = [(c, shift + width, w) if c == len(columns) - 1 else (c, shift, w) for c, shift, w in where]
        where.append((len(columns) - 1, 0, width))
        used += width
        columns[-1] <<= width
        if i == 0:
            columns[-1] |= seg_of
        elif i > max_order:
            columns[-1] |= seq_of - seg_off.astype(small)[seg_of]
        else:
            columns[-1] |= np.where(inside >= i, padded[i - 1 : i - 1 + total], 0)
    return columns, where


def _digit(columns: list[np.ndarray], where: Where, i: int, at: np.ndarray | slice = slice(None)) -> np.ndarray:
    """Digit ``i`` of the keys ``at``."""
    column, shift, width = where[i]
    return (columns[column][at] >> shift) & ((1 << width) - 1)


def _runs(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> tuple[Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]], np.ndarray, np.ndarray]:
    """Per order ``n`` (one at a time, to hold little memory), of every distinct n-gram of a segment:
    its segment, its count in each of the segment's sequences (a row per owner, 0 for owners the
    segment lacks) and the index of its last position in key order. Also the key order (positions
    into ``sym``) and each position's owner in it.

    Keys are sorted once; ``lcp[j]``, the number of leading digits key j shares with key j - 1, is
    at most ``n`` exactly where a run of order ``n`` starts."""
    if seq_off[-1] == 0:
        return iter(()), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    columns, where = _keys(sym, seq_off, seg_off, max_order)
    # stable: a merge sort, about twice as fast here as the default (keys come in segment order)
    order = np.argsort(columns[0], kind="stable") if len(columns) == 1 else np.lexsort(columns[::-1])
    columns = [column[order] for column in columns]
    lcp = np.zeros(order.size + 1, dtype=np.int32)  # lcp[-1] = 0: a run always ends at the end
    same = np.ones(order.size - 1, dtype=np.bool_)
    for i in range(max_order + 1):
        d = _digit(columns, where, i)
        same &= d[1:] == d[:-1]
        lcp[1:-1] += same
    owner = _digit(columns, where, max_order + 1)
    cum = np.zeros((int(np.diff(seg_off).max()), lcp.size), dtype=np.int32)
    for k in range(cum.shape[0]):
        np.cumsum(owner == k, out=cum[k, 1:])

    def runs() -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        for n in range(1, max_order + 1):
            bounds = np.flatnonzero(lcp <= n)
            keep = _digit(columns, where, n, bounds[:-1]) != 0  # runs of shorter windows have no n-gram
            starts, ends = bounds[:-1][keep], bounds[1:][keep]
            yield _digit(columns, where, 0, starts), cum.take(ends, axis=1) - cum.take(starts, axis=1), ends - 1

    return runs(), order, owner


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
        best = np.zeros_like(counts[0])  # min(hyp, largest ref count) = largest min(hyp, ref count)
        for k in range(1, counts.shape[0]):  # owners a segment lacks count 0: other rows get 0 added
            matched = np.minimum(counts[0], counts[k])
            out[k:, n] += (per_ref := np.bincount(first, matched, rows).astype(np.int64))[: rows - k]  # row first + k
            np.maximum(best, matched, out=best)
        out[:, n] += per_ref if counts.shape[0] == 2 else np.bincount(first, best, rows).astype(np.int64)  # 1 ref: best
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
    for order_n, (seg_n, counts, last) in enumerate(runs, start=1):
        if counts.shape[0] < 2:
            break
        clipped = np.minimum(counts[0], counts[1:].max(axis=0)).astype(np.int64)
        mine = np.flatnonzero(clipped > 0)  # its run holds a hypothesis position, the last is hyp_at[last]
        parts.append((seg_n[mine], np.full(mine.size, order_n, dtype=np.int64), hyp_at[last[mine]], clipped[mine]))
    seg, n, start, count = (np.concatenate([p[k] for p in parts] or [np.zeros(0, dtype=np.int64)]) for k in range(4))
    by = np.lexsort((n, seg))
    return seg[by], n[by], start[by], count[by]
