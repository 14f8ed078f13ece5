"""Longest common subsequences: plain LCS (ROUGE-L) and weighted LCS (ROUGE-W).

Both are the hot loops of the family, so neither walks a Python-level ``m x n`` table (nor does
:func:`summary_lcs_hits`, ROUGE-Lsum's union LCS over sentences, below):

* :func:`lcs_length` is rapidfuzz's compiled bit-parallel LCS (Allison & Dix 1986, Hyyrö 2004) on
  the token ids, about 14x faster than the same algorithm on Python integers. It gives the LCS
  *length*, which is all ROUGE-L needs in both implementations (for one hypothesis sentence
  ROUGE-1.5.5's hit count is the LCS length: its unigram clipping can never bite).
* :func:`wlcs_batch` fills the WLCS tables of Section 3.2 of the paper for many pairs at once with
  numpy: pairs of similar shape are stacked and the table is swept anti-diagonal by
  anti-diagonal (every cell of an anti-diagonal depends only on the two previous ones), so the
  Python loop runs ``m + n`` times per batch instead of ``m * n`` times per pair; tables are
  stored by anti-diagonal so each step reads contiguous slices. Cells are
  computed with the same floating-point operations in the same order as the paper's recursion
  and ROUGE-1.5.5's ``wlcs_inner`` (``(c + f(k+1)) - f(k)``, ``f`` from C ``pow``), so the tables
  are bit-identical to the Perl script's and its tie-breaking on equal cells is reproduced.

Orientation follows the paper: ``x`` (rows, length ``m``) is the reference, ``y`` (columns,
length ``n``) the hypothesis.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain

import numpy as np
from rapidfuzz.distance.LCSseq import similarity as _lcs_similarity

#: Cells (rows x columns x pairs) allowed in one batch: bounds memory at ~3 tables x 8 bytes each.
_MAX_CELLS = 1 << 21
#: Pairs are grouped by lengths rounded up to a multiple of this (less padding vs fewer batches).
_BUCKET = 8

# Backtracking directions, as ROUGE-1.5.5's markLCS reads them.
_DIAG, _UP, _LEFT = 0, 1, 2


def lcs_length(x: Sequence[int], y: Sequence[int]) -> int:
    """Length of a longest common subsequence of ``x`` and ``y`` (exact: the ids are integers)."""
    return _lcs_similarity(x, y)


def weight_table(weight: float, size: int) -> np.ndarray:
    """``f(k) = k ** weight`` for ``k = 0..size``, computed with C ``pow`` as ROUGE-1.5.5 does."""
    return np.array([float(k) ** weight for k in range(size + 1)], dtype=np.float64)


def wlcs_batch(pairs: Sequence[tuple[Sequence[int], Sequence[int]]], weight: float, runs: bool = False) -> np.ndarray:
    """WLCS of each ``(x, y)`` pair (``x`` the reference), or ROUGE-1.5.5's run-based hit.

    With ``runs=False`` the result is ``c(m, n)`` of the paper's recursion (Section 3.2):
    on a match ``c(i,j) = c(i-1,j-1) + f(k+1) - f(k)`` with ``k = w(i-1,j-1)``, otherwise the
    larger of ``c(i-1,j)`` and ``c(i,j-1)``. With ``runs=True`` it is what ROUGE-1.5.5 counts as
    the hit: the same table is backtracked as ``markLCS`` does (diagonal on a match, up when
    ``c(i-1,j) >= c(i,j-1)``, else left), the reference positions on the path are marked, and
    each maximal run of consecutive marked reference positions of length ``L`` adds ``f(L)``.
    """
    out = np.zeros(len(pairs), dtype=np.float64)
    lengths = [(len(x), len(y)) for x, y in pairs]
    todo = [i for i, (m, n) in enumerate(lengths) if m and n]
    if not todo:
        return out
    longest = max(max(lengths[i]) for i in todo)
    f = weight_table(weight, longest + 1)
    buckets: dict[tuple[int, int], list[int]] = {}
    for i in todo:
        m, n = lengths[i]
        key = (-(-m // _BUCKET) * _BUCKET, -(-n // _BUCKET) * _BUCKET)
        buckets.setdefault(key, []).append(i)
    for (mm, nn), members in buckets.items():
        step = max(1, _MAX_CELLS // ((mm + 1) * (nn + 1)))
        for start in range(0, len(members), step):
            chunk = members[start : start + step]
            out[chunk] = _wlcs_chunk([pairs[i] for i in chunk], mm, nn, f, runs)
    return out


def _wlcs_chunk(
    pairs: Sequence[tuple[Sequence[int], Sequence[int]]], mm: int, nn: int, f: np.ndarray, runs: bool
) -> np.ndarray:
    """One batch of pairs padded to ``mm x nn``.

    Tables are kept per anti-diagonal ``d = i + j`` as ``[i, pair]`` arrays, so the three
    neighbours of a diagonal's cells are plain slices of the two previous diagonals.
    """
    b = len(pairs)
    x = np.full((mm, b), -1, dtype=np.int64)  # reference padding never equals hypothesis padding
    y_rev = np.full((nn, b), -2, dtype=np.int64)  # y_rev[t] = y[nn - 1 - t]
    ms = np.empty(b, dtype=np.int64)
    ns = np.empty(b, dtype=np.int64)
    for p, (xs, ys) in enumerate(pairs):
        x[: len(xs), p] = xs
        y_rev[nn - len(ys) :, p] = ys[::-1]
        ms[p] = len(xs)
        ns[p] = len(ys)
    ends = ms + ns
    out = np.zeros(b, dtype=np.float64)
    back = np.zeros((mm + nn + 1, mm + 1, b), dtype=np.int8) if runs else None
    f_next = f[1:]
    c2 = np.zeros((mm + 1, b))  # diagonal d - 2
    c1 = np.zeros((mm + 1, b))  # diagonal d - 1
    w2 = np.zeros((mm + 1, b), dtype=np.int64)
    w1 = np.zeros((mm + 1, b), dtype=np.int64)
    for d in range(2, mm + nn + 1):
        lo, hi = max(1, d - nn), min(mm, d - 1)
        eq = x[lo - 1 : hi] == y_rev[nn - d + lo : nn - d + hi + 1]
        k = w2[lo - 1 : hi]
        diag = (c2[lo - 1 : hi] + f_next[k]) - f[k]
        up = c1[lo - 1 : hi]
        left = c1[lo : hi + 1]
        c0 = np.zeros((mm + 1, b))
        w0 = np.zeros((mm + 1, b), dtype=np.int64)
        c0[lo : hi + 1] = np.where(eq, diag, np.maximum(up, left))
        w0[lo : hi + 1] = np.where(eq, k + 1, 0)
        if back is not None:
            back[d, lo : hi + 1] = np.where(eq, _DIAG, np.where(up >= left, _UP, _LEFT))
        else:
            done = np.nonzero(ends == d)[0]
            if done.size:
                out[done] = c0[ms[done], done]
        c2, c1, w2, w1 = c1, c0, w1, w0
    if back is None:
        return out
    return _run_hits(back, ms, ns, f)


def _run_hits(back: np.ndarray, ms: np.ndarray, ns: np.ndarray, f: np.ndarray) -> np.ndarray:
    """ROUGE-1.5.5's WLCS hit: backtrack every pair at once, then weigh runs of marked rows."""
    mm = back.shape[1] - 1
    b = back.shape[2]
    cols = np.arange(b)
    marked = np.zeros((b, mm + 2), dtype=bool)  # one False column on each side for run detection
    i = ms.copy()
    j = ns.copy()
    active = (i > 0) & (j > 0)
    while active.any():
        move = back[i + j, i, cols]
        is_diag = active & (move == _DIAG)
        marked[cols[is_diag], i[is_diag]] = True  # row i (1-based) is reference position i - 1
        i = i - (active & (move != _LEFT))
        j = j - (active & (move != _UP))
        active = (i > 0) & (j > 0)
    edges = np.diff(marked.astype(np.int8), axis=1)
    starts_p, starts_c = np.nonzero(edges == 1)
    _, ends_c = np.nonzero(edges == -1)
    # np.nonzero is row-major, so starts and ends pair up run by run, left to right per pair
    hits = np.zeros(b, dtype=np.float64)
    np.add.at(hits, starts_p, f[ends_c - starts_c])
    return hits


def lcs_indices(ref: Sequence[int], can: Sequence[int]) -> list[int]:
    """Positions in ``ref`` of one LCS of ``ref`` and ``can``: the one rouge-score's backtrack reads.

    The table row ``i`` is the running maximum of ``c(i-1, j-1) + 1`` where the tokens match and
    ``c(i-1, j)`` elsewhere (one more reference token raises the LCS by at most one), so each row is
    one numpy pass. The walk back from the corner takes the diagonal on a match, else moves left
    when ``c(i, j-1) > c(i-1, j)`` and up otherwise: ties go up, as in rouge-score, which decides
    which tokens the union LCS of ROUGE-Lsum holds.
    """
    m, n = len(ref), len(can)
    if not m or not n:
        return []
    r = np.asarray(ref, dtype=np.int64)
    c = np.asarray(can, dtype=np.int64)
    table = np.zeros((m + 1, n + 1), dtype=np.int32)
    for i in range(1, m + 1):
        prev = table[i - 1]
        table[i, 1:] = np.maximum.accumulate(np.where(c == r[i - 1], prev[:-1] + 1, prev[1:]))
    out: list[int] = []
    i, j = m, n
    while i > 0 and j > 0:
        if ref[i - 1] == can[j - 1]:
            out.append(i - 1)
            i -= 1
            j -= 1
        elif table[i, j - 1] > table[i - 1, j]:
            j -= 1
        else:
            i -= 1
    out.reverse()
    return out


def union_positions(positions: Iterable[Iterable[int]]) -> list[int]:
    """The sorted union of several LCS's positions (ROUGE-Lsum's union LCS of a reference sentence)."""
    out: set[int] = set()
    for p in positions:
        out.update(p)
    return sorted(out)


def summary_lcs_hits(ref_sents: Sequence[Sequence[int]], can_sents: Sequence[Sequence[int]]) -> int:
    """Summary-level LCS hits (Lin 2004, Section 3.2) as ROUGE-1.5.5 and rouge-score count them.

    For each reference sentence in order, the union of its LCS with every candidate sentence
    (:func:`lcs_indices`) is walked left to right, and a token counts while both texts still have an
    unused occurrence of it, so no token is matched more often than either text holds it. With one
    sentence on each side that is the LCS length (an LCS never uses a token more often than either
    side has it), which rapidfuzz computes directly.
    """
    if len(ref_sents) == 1 and len(can_sents) == 1:
        return lcs_length(ref_sents[0], can_sents[0])
    left_r = Counter(chain.from_iterable(ref_sents))
    left_c = Counter(chain.from_iterable(can_sents))
    hits = 0
    for sent in ref_sents:
        union = union_positions(lcs_indices(sent, can) for can in can_sents)
        for token in (sent[i] for i in union):
            if left_c[token] > 0 and left_r[token] > 0:
                hits += 1
                left_c[token] -= 1
                left_r[token] -= 1
    return hits
