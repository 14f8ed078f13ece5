"""Clipped n-gram matches of many segments, compiled with numba (optional extra ``mtmetrics[fast]``).

The one counting step that BLEU, chrF and chrF++ share with NIST, metrics of two plugins, so it is a
core resource. Symbols are integers (a character's code point, a word's id); a segment is a hypothesis
followed by its references, each a run of symbols. Per segment, every start position of every
sequence is sorted once by the symbols that follow it (its window, at most ``max_order`` long and
never crossing its sequence's end); in that order the positions whose windows share their first
``n`` symbols are adjacent, so one linear walk per order ``n`` finds each distinct n-gram with its
count in the hypothesis and in each reference. No hashing, no tuples, no ``Counter``.

Importing this module raises ``ImportError`` when numba is missing; the caller then uses
sacrebleu's Python code. Compiled code is cached on disk (``cache=True``).
"""

from __future__ import annotations

import numba
import numpy as np

SMALL = 12  # runs up to this length are sorted by insertion


@numba.njit(cache=True, nogil=True)
def _compare(sym: np.ndarray, end: np.ndarray, a: int, b: int, order: int) -> int:  # pragma: no cover
    """``2 * lcp + after``: lcp is the common prefix length of the windows at a and b (at most
    ``order`` symbols, never past their sequence's end), after is 1 when a's window sorts after b's."""
    la = min(order, end[a] - a)
    lb = min(order, end[b] - b)
    top = min(la, lb)
    t = 0
    while t < top and sym[a + t] == sym[b + t]:
        t += 1
    if t < top:
        return 2 * t + (1 if sym[a + t] > sym[b + t] else 0)
    return 2 * t + (1 if la > lb else 0)


@numba.njit(cache=True, nogil=True)
def _sort(pos: np.ndarray, tmp: np.ndarray, sym: np.ndarray, end: np.ndarray, order: int) -> None:  # pragma: no cover
    """Sort positions by their windows (lexicographic, a shorter window before its extensions):
    insertion sort on small runs, then bottom-up merges."""
    n = pos.size
    for lo in range(0, n, SMALL):
        hi = min(n, lo + SMALL)
        for i in range(lo + 1, hi):
            p = pos[i]
            j = i - 1
            while j >= lo and _compare(sym, end, pos[j], p, order) & 1:
                pos[j + 1] = pos[j]
                j -= 1
            pos[j + 1] = p
    width = SMALL
    src, dst = pos, tmp
    swapped = False
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(n, lo + width)
            hi = min(n, lo + 2 * width)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if _compare(sym, end, src[i], src[j], order) & 1:
                    dst[k] = src[j]
                    j += 1
                else:
                    dst[k] = src[i]
                    i += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                dst[k] = src[j]
                j += 1
                k += 1
        src, dst = dst, src
        swapped = not swapped
        width *= 2
    if swapped:
        pos[:] = src


@numba.njit(cache=True, nogil=True)
def _sorted_windows(
    sym: np.ndarray, seq_off: np.ndarray, first: int, last: int, max_order: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover
    """Positions of sequences ``first..last-1`` (relative to the first one's start) sorted by
    their windows, the common prefix with the previous one, each position's sequence end, and
    which sequence (0: the hypothesis) it belongs to."""
    lo, hi = seq_off[first], seq_off[last]
    total = hi - lo
    end = np.empty(total, dtype=np.int64)
    owner = np.empty(total, dtype=np.int64)
    for s in range(first, last):
        for p in range(seq_off[s], seq_off[s + 1]):
            end[p - lo] = seq_off[s + 1] - lo
            owner[p - lo] = s - first
    local = sym[lo:hi]
    pos = np.arange(total)
    _sort(pos, np.empty(total, dtype=np.int64), local, end, max_order)
    lcp = np.zeros(total, dtype=np.int64)
    for j in range(1, total):
        lcp[j] = _compare(local, end, pos[j - 1], pos[j], max_order) >> 1
    return pos, lcp, end, owner


@numba.njit(cache=True, nogil=True)
def ngram_matches(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> np.ndarray:  # pragma: no cover
    """Clipped n-gram matches, one row per sequence and one column per order ``1..max_order``.

    ``sym[seq_off[s]:seq_off[s + 1]]`` is sequence ``s``; segment ``i`` is sequences
    ``seg_off[i]`` (its hypothesis) to ``seg_off[i + 1] - 1`` (its references). A reference's row
    holds ``sum over n-grams g of min(hyp count of g, its count of g)`` (chrF's matches against
    that reference); a hypothesis's row holds ``sum over g of min(hyp count, largest count in any
    one reference)`` (BLEU's clipped matches).
    """
    out = np.zeros((seq_off.size - 1, max_order), dtype=np.int64)
    for i in range(seg_off.size - 1):
        first, last = seg_off[i], seg_off[i + 1]
        nrefs = last - first - 1
        if nrefs < 1 or seq_off[first + 1] == seq_off[first]:
            continue  # no reference or an empty hypothesis: nothing matches
        pos, lcp, end, owner = _sorted_windows(sym, seq_off, first, last, max_order)
        total = pos.size
        counts = np.zeros(nrefs + 1, dtype=np.int64)
        for n in range(1, max_order + 1):
            open_run = False
            for j in range(total + 1):
                if j == total or lcp[j] < n:  # the run before j (if any) ends
                    if open_run:
                        h = counts[0]
                        if h > 0:
                            best = 0
                            for k in range(1, nrefs + 1):
                                c = counts[k]
                                out[first + k, n - 1] += min(h, c)
                                best = max(best, c)
                            out[first, n - 1] += min(h, best)
                        counts[:] = 0
                        open_run = False
                    if j == total:
                        break
                p = pos[j]
                if end[p] - p >= n:
                    counts[owner[p]] += 1
                    open_run = True
    return out


@numba.njit(cache=True, nogil=True)
def clipped_ngrams(
    sym: np.ndarray, seq_off: np.ndarray, seg_off: np.ndarray, max_order: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover
    """Every distinct hypothesis n-gram that occurs in a reference, with its clipped count.

    Same layout as :func:`ngram_matches`. Returns parallel arrays ``(segment, n, start, count)``:
    the n-gram of order ``n`` starting at ``start`` (an index into ``sym``, in the hypothesis)
    matches ``count = min(hyp count, largest count in any one reference)`` times (NIST's clipping).
    """
    cap = 0  # at most one entry per hypothesis n-gram
    for i in range(seg_off.size - 1):
        length = seq_off[seg_off[i] + 1] - seq_off[seg_off[i]]
        for n in range(1, max_order + 1):
            cap += max(0, length - n + 1)
    seg_out = np.empty(cap, dtype=np.int64)
    n_out = np.empty(cap, dtype=np.int64)
    start_out = np.empty(cap, dtype=np.int64)
    count_out = np.empty(cap, dtype=np.int64)
    size = 0
    for i in range(seg_off.size - 1):
        first, last = seg_off[i], seg_off[i + 1]
        nrefs = last - first - 1
        lo = seq_off[first]
        if nrefs < 1 or seq_off[first + 1] == lo:
            continue
        pos, lcp, end, owner = _sorted_windows(sym, seq_off, first, last, max_order)
        total = pos.size
        counts = np.zeros(nrefs + 1, dtype=np.int64)
        for n in range(1, max_order + 1):
            open_run = False
            where = -1
            for j in range(total + 1):
                if j == total or lcp[j] < n:
                    if open_run:
                        best = 0
                        for k in range(1, nrefs + 1):
                            best = max(best, counts[k])
                        clipped = min(counts[0], best)
                        if clipped > 0:
                            seg_out[size] = i
                            n_out[size] = n
                            start_out[size] = lo + where
                            count_out[size] = clipped
                            size += 1
                        counts[:] = 0
                        open_run = False
                        where = -1
                    if j == total:
                        break
                p = pos[j]
                if end[p] - p >= n:
                    counts[owner[p]] += 1
                    open_run = True
                    if owner[p] == 0:
                        where = p
    return seg_out[:size], n_out[:size], start_out[:size], count_out[:size]


@numba.njit(cache=True, nogil=True)
def _same(codes: np.ndarray, a: int, b: int, length: int) -> bool:  # pragma: no cover
    for t in range(length):  # noqa: SIM110 - a plain loop compiles to a plain loop
        if codes[a + t] != codes[b + t]:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def split_words(
    codes: np.ndarray, text_len: np.ndarray, space: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """``str.split()`` of every text, each word numbered: equal words (same code points) get the same id.

    ``codes`` are the code points of the texts one after another, ``text_len[t]`` text t's length
    in code points, ``space[c]`` whether ``chr(c).isspace()`` (what ``str.split()`` splits at).
    Returns the word ids in order and each text's number of words. Words are found in an
    open-addressing table by a hash of their code points and then compared code point by code
    point, so two different words never share an id.
    """
    ids = np.empty(codes.size, dtype=np.int64)
    counts = np.zeros(text_len.size, dtype=np.int64)
    cap = 1024
    table = np.full(cap, -1, dtype=np.int64)
    rep_start = np.empty(codes.size, dtype=np.int64)  # the first occurrence of word id v
    rep_len = np.empty(codes.size, dtype=np.int64)
    rep_hash = np.empty(codes.size, dtype=np.int64)
    nwords = 0
    nids = 0
    pos = 0
    for t in range(text_len.size):
        end = pos + text_len[t]
        i = pos
        while i < end:
            while i < end and space[codes[i]]:
                i += 1
            if i == end:
                break
            start = i
            h = np.int64(1469598103934665603)
            while i < end and not space[codes[i]]:
                h = (h ^ np.int64(codes[i])) * np.int64(1099511628211)  # FNV-1a, wrapping
                i += 1
            length = i - start
            mask = cap - 1
            slot = h & mask
            while True:
                v = table[slot]
                if v == -1:
                    v = nids
                    nids += 1
                    rep_start[v], rep_len[v], rep_hash[v] = start, length, h
                    table[slot] = v
                    if 2 * nids > cap:  # keep the table at most half full
                        cap *= 2
                        mask = cap - 1
                        table = np.full(cap, -1, dtype=np.int64)
                        for u in range(nids):
                            s = rep_hash[u] & mask
                            while table[s] != -1:
                                s = (s + 1) & mask
                            table[s] = u
                    break
                if rep_hash[v] == h and rep_len[v] == length and _same(codes, rep_start[v], start, length):
                    break
                slot = (slot + 1) & mask
            ids[nwords] = v
            nwords += 1
            counts[t] += 1
        pos = end
    return ids[:nwords], counts
