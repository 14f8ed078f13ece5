"""sacrebleu's TER search compiled with numba (optional extra ``mtmetrics[fast]``).

The same algorithm as sacrebleu's ``lib_ter.translation_edit_rate``, decision for decision, over
integer word ids (see :mod:`.ter_kernel` for the why and the checks):

* the beam edit distance: same pseudo-diagonal ``floor(i * m / n)``, same beam width (25, or
  ``ceil(m / n / 2 + 25)`` for very uneven lengths), the last row computed in full, cells outside
  the beam at the same "infinity" (10**16), and the same preference on ties when the trace is
  read back (match/substitution, then deletion, then insertion, each replacing the current best
  only when strictly cheaper);
* the shift search: candidate pairs in the same order (hypothesis start, reference start, growing
  length up to 10, at most 50 positions apart), the same three filters, the same target
  positions, the same ranking (gain, length, earlier start, earlier target; the first of equals
  kept) and the same 1,000-candidate budget counted across the whole greedy loop.

Where sacrebleu caches rows in a trie keyed by hypothesis prefixes, this kernel keeps, for the
current hypothesis, the forward matrix and a suffix matrix (the cheapest way from each beam cell
to the last one, :func:`_suffix_matrix`). A row depends only on the previous row and its own word
(the hypothesis length, hence the beam, never changes during the search), so a candidate shift
needs only the rows from its first to its last changed word recomputed; the distance is then the
minimum over that row of forward plus suffix cost, the same value sacrebleu's full recomputation
gives (only values are needed for candidates; the trace, where ties matter, is read from the full
forward matrix as sacrebleu does). Only the beam is stored (rows ``1..n-1`` at most ``2 * beam``
cells wide, row ``0`` and row ``n`` in full), so memory stays linear in the segment length where
sacrebleu allocates full ``(n + 1) x (m + 1)`` rows.

Importing this module raises ``ImportError`` when numba is missing; the caller then uses
sacrebleu's Python code. Compiled code is cached on disk (``cache=True``).
"""

from __future__ import annotations

import math

import numba
import numpy as np

INF = 10**16  # sacrebleu's _INT_INFINITY
BEAM_WIDTH = 25
MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
MAX_SHIFT_CANDIDATES = 1000

# edit operations of the (hypothesis -> reference) matrix, as in sacrebleu before it flips them
OP_UNDEF = 0
OP_NOP = 1
OP_SUB = 2
OP_DEL = 3  # consumes a hypothesis word (row i - 1)
OP_INS = 4  # consumes a reference word (column j - 1)

ERROR = -1  # the trace met an undefined cell: sacrebleu raises there, the caller lets it


@numba.njit(cache=True, nogil=True)
def _beam(n: int, m: int) -> tuple[float, int]:  # pragma: no cover - compiled
    """sacrebleu's length ratio and beam width for a hypothesis of n and a reference of m words."""
    ratio = m / n if n > 0 else 1.0
    if ratio / 2 > BEAM_WIDTH:
        return ratio, math.ceil(ratio / 2 + BEAM_WIDTH)
    return ratio, BEAM_WIDTH


@numba.njit(cache=True, nogil=True)
def _layout(n: int, m: int, lo: np.ndarray, hi: np.ndarray, start: np.ndarray) -> int:  # pragma: no cover
    """Fill each row's computed column range [lo, hi) and offset into the flat band; return its size."""
    ratio, bw = _beam(n, m)
    lo[0] = 0
    hi[0] = m + 1
    start[0] = 0
    size = m + 1
    for i in range(1, n + 1):
        diag = math.floor(i * ratio)
        lo[i] = max(0, diag - bw)
        hi[i] = min(m + 1, diag + bw)
        if i == n:
            hi[i] = m + 1
        if hi[i] < lo[i]:
            hi[i] = lo[i]
        start[i] = size
        size += hi[i] - lo[i]
    return size


@numba.njit(cache=True, nogil=True, inline="always")
def _get(vals: np.ndarray, off: int, lo: int, hi: int, j: int) -> int:  # pragma: no cover - compiled
    """A cell of a stored row, or infinity outside the computed range (sacrebleu's empty row)."""
    if lo <= j < hi:
        return vals[off + j - lo]
    return INF


@numba.njit(cache=True, nogil=True, inline="always")
def _cell(
    word: int,
    ref: np.ndarray,
    pvals: np.ndarray,
    poff: int,
    plo: int,
    phi: int,
    cvals: np.ndarray,
    coff: int,
    clo: int,
    chi: int,
    cops: np.ndarray,
    with_ops: bool,
    j: int,
) -> None:  # pragma: no cover - compiled
    """Cell j of a row, any cell (its neighbours read through :func:`_get`, sacrebleu's empty row outside)."""
    if j == 0:
        best = _get(pvals, poff, plo, phi, 0) + 1
        op = OP_DEL
    else:
        best = INF
        op = OP_UNDEF
        if word == ref[j - 1]:
            c = _get(pvals, poff, plo, phi, j - 1)
            sub_op = OP_NOP
        else:
            c = _get(pvals, poff, plo, phi, j - 1) + 1
            sub_op = OP_SUB
        if best > c:
            best = c
            op = sub_op
        c = _get(pvals, poff, plo, phi, j) + 1
        if best > c:
            best = c
            op = OP_DEL
        c = _get(cvals, coff, clo, chi, j - 1) + 1
        if best > c:
            best = c
            op = OP_INS
    cvals[coff + j - clo] = best
    if with_ops:
        cops[coff + j - clo] = op


@numba.njit(cache=True, nogil=True)
def _row(
    word: int,
    ref: np.ndarray,
    pvals: np.ndarray,
    poff: int,
    plo: int,
    phi: int,
    cvals: np.ndarray,
    coff: int,
    clo: int,
    chi: int,
    cops: np.ndarray,
    with_ops: bool,
) -> None:  # pragma: no cover - compiled
    """One row of the beam edit distance, from the previous one (sacrebleu's inner loop).

    The cells whose three neighbours all lie in the computed ranges (most of them) are filled
    without range checks, with the same comparisons in the same order as :func:`_cell`, which fills
    the cells at the edges."""
    a = max(clo, plo) + 1  # j > 0, and j - 1 in both ranges
    b = min(chi, phi)  # j in the previous range
    if b < a:
        a = chi
        b = chi
    for j in range(clo, a):
        _cell(word, ref, pvals, poff, plo, phi, cvals, coff, clo, chi, cops, with_ops, j)
    for j in range(a, b):
        best = INF
        op = OP_UNDEF
        if word == ref[j - 1]:
            c = pvals[poff + j - 1 - plo]
            sub_op = OP_NOP
        else:
            c = pvals[poff + j - 1 - plo] + 1
            sub_op = OP_SUB
        if best > c:
            best = c
            op = sub_op
        c = pvals[poff + j - plo] + 1
        if best > c:
            best = c
            op = OP_DEL
        c = cvals[coff + j - 1 - clo] + 1
        if best > c:
            best = c
            op = OP_INS
        cvals[coff + j - clo] = best
        if with_ops:
            cops[coff + j - clo] = op
    for j in range(b, chi):
        _cell(word, ref, pvals, poff, plo, phi, cvals, coff, clo, chi, cops, with_ops, j)


@numba.njit(cache=True, nogil=True)
def _full_matrix(
    hyp: np.ndarray,
    ref: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    start: np.ndarray,
    vals: np.ndarray,
    ops: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """The whole beam of ``hyp`` against ``ref``, values and operations."""
    n = hyp.shape[0]
    for j in range(hi[0]):
        vals[j] = j
        ops[j] = OP_INS
    for i in range(1, n + 1):
        p = i - 1
        _row(hyp[p], ref, vals, start[p], lo[p], hi[p], vals, start[i], lo[i], hi[i], ops, True)


@numba.njit(cache=True, nogil=True)
def _suffix_matrix(
    hyp: np.ndarray, ref: np.ndarray, lo: np.ndarray, hi: np.ndarray, start: np.ndarray, back: np.ndarray
) -> None:  # pragma: no cover - compiled
    """For each beam cell (i, j), the cheapest way from it to the last cell through beam cells.

    The forward matrix holds the cheapest way from (0, 0) to each cell through beam cells, and
    every such path to the last cell crosses each row, so for any row i the distance is
    ``min_j forward[i, j] + back[i, j]``: a shift that leaves the words from row i on unchanged
    only needs the forward rows up to i recomputed.
    """
    n = hyp.shape[0]
    m = ref.shape[0]
    for i in range(n, -1, -1):
        for j in range(hi[i] - 1, lo[i] - 1, -1):
            if i == n and j == m:
                best = 0
            else:
                best = INF
                if i < n:
                    if j < m and lo[i + 1] <= j + 1 < hi[i + 1]:
                        c = back[start[i + 1] + j + 1 - lo[i + 1]] + (0 if hyp[i] == ref[j] else 1)
                        if c < best:
                            best = c
                    if lo[i + 1] <= j < hi[i + 1]:
                        c = back[start[i + 1] + j - lo[i + 1]] + 1
                        if c < best:
                            best = c
                if j + 1 < hi[i]:
                    c = back[start[i] + j + 1 - lo[i]] + 1
                    if c < best:
                        best = c
            back[start[i] + j - lo[i]] = best


@numba.njit(cache=True, nogil=True)
def _alignment(
    n: int,
    m: int,
    lo: np.ndarray,
    hi: np.ndarray,
    start: np.ndarray,
    ops: np.ndarray,
    trace: np.ndarray,
    align: np.ndarray,
    ref_err: np.ndarray,
    hyp_err: np.ndarray,
) -> bool:  # pragma: no cover - compiled
    """Read the trace back from (n, m) and turn it into sacrebleu's alignment; False on a bad cell.

    sacrebleu flips the trace (it pretends to rewrite the reference into the hypothesis): a
    deletion of the matrix becomes an insertion (a hypothesis word, an error in the hypothesis)
    and an insertion becomes a deletion (a reference word aligned to the current hypothesis
    position, an error in the reference).
    """
    i = n
    j = m
    k = 0
    while i > 0 or j > 0:
        if not (lo[i] <= j < hi[i]):
            return False
        op = ops[start[i] + j - lo[i]]
        trace[k] = op
        k += 1
        if op in (OP_SUB, OP_NOP):
            i -= 1
            j -= 1
        elif op == OP_INS:
            j -= 1
        elif op == OP_DEL:
            i -= 1
        else:
            return False
    pos_hyp = -1
    pos_ref = -1
    for t in range(k - 1, -1, -1):
        op = trace[t]
        if op in (OP_NOP, OP_SUB):
            pos_hyp += 1
            pos_ref += 1
            align[pos_ref] = pos_hyp
            err = 1 if op == OP_SUB else 0
            hyp_err[pos_hyp] = err
            ref_err[pos_ref] = err
        elif op == OP_DEL:  # flipped: insertion
            pos_hyp += 1
            hyp_err[pos_hyp] = 1
        else:  # OP_INS, flipped: deletion
            pos_ref += 1
            align[pos_ref] = pos_hyp
            ref_err[pos_ref] = 1
    return True


@numba.njit(cache=True, nogil=True)
def _copy_slice(src: np.ndarray, a: int, b: int, dst: np.ndarray, k: int) -> int:  # pragma: no cover
    """Append Python's ``src[a:b]`` (non-negative bounds, clipped) to ``dst`` at ``k``."""
    n = src.shape[0]
    a = min(a, n)
    b = min(b, n)
    for t in range(a, b):
        dst[k] = src[t]
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def _perform_shift(words: np.ndarray, s: int, length: int, target: int, out: np.ndarray) -> None:  # pragma: no cover
    """sacrebleu's ``_perform_shift``, slice for slice (including its 'within' case)."""
    k = 0
    if target < s:
        k = _copy_slice(words, 0, target, out, k)
        k = _copy_slice(words, s, s + length, out, k)
        k = _copy_slice(words, target, s, out, k)
        k = _copy_slice(words, s + length, words.shape[0], out, k)
    elif target > s + length:
        k = _copy_slice(words, 0, s, out, k)
        k = _copy_slice(words, s + length, target, out, k)
        k = _copy_slice(words, s, s + length, out, k)
        k = _copy_slice(words, target, words.shape[0], out, k)
    else:
        k = _copy_slice(words, 0, s, out, k)
        k = _copy_slice(words, s + length, length + target, out, k)
        k = _copy_slice(words, s, s + length, out, k)
        k = _copy_slice(words, length + target, words.shape[0], out, k)


@numba.njit(cache=True, nogil=True)
def _shifted_distance(
    words: np.ndarray,
    shifted: np.ndarray,
    ref: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    start: np.ndarray,
    vals: np.ndarray,
    back: np.ndarray,
    rows: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """Beam edit distance of ``shifted``, a permutation of ``words`` whose matrices are given.

    Rows up to the first changed word are those of ``words`` (a row depends only on the rows and
    words before it); the rows up to the last changed word are recomputed, alternating between
    the two halves of the scratch array ``rows``; the rest is ``back``'s (see
    :func:`_suffix_matrix`).
    """
    n = words.shape[0]
    first = 0
    while first < n and shifted[first] == words[first]:
        first += 1
    if first == n:
        return vals[start[n] + hi[n] - 1 - lo[n]]
    last = n
    while shifted[last - 1] == words[last - 1]:
        last -= 1
    width = rows.shape[0] // 2
    pvals = vals
    poff = start[first]
    cur = 0
    for i in range(first + 1, last + 1):
        coff = cur * width
        _row(shifted[i - 1], ref, pvals, poff, lo[i - 1], hi[i - 1], rows, coff, lo[i], hi[i], rows, False)
        pvals = rows
        poff = coff
        cur = 1 - cur
    best = INF
    for j in range(lo[last], hi[last]):
        c = rows[poff + j - lo[last]] + back[start[last] + j - lo[last]]
        if c < best:
            best = c
    return best


@numba.njit(cache=True, nogil=True)
def _errors_in(err: np.ndarray, a: int, b: int) -> bool:  # pragma: no cover - compiled
    """Some position in ``err[a:b]`` is an error (sacrebleu: ``sum(err[a:b]) != 0``)."""
    for t in range(a, b):  # noqa: SIM110 - a plain loop compiles to a plain loop
        if err[t] != 0:
            return True
    return False


@numba.njit(cache=True, nogil=True)
def _ranks_before(length: int, sh: int, idx: int, b_len: int, b_start: int, b_idx: int) -> bool:  # pragma: no cover
    """Whether a candidate with the best one's gain would replace it (sacrebleu's tuple order)."""
    if length != b_len:
        return length > b_len
    if sh != b_start:
        return sh < b_start
    return idx < b_idx


@numba.njit(cache=True, nogil=True)
def ter_pair(hyp: np.ndarray, ref: np.ndarray) -> int:  # pragma: no cover - compiled
    """Number of edits (shifts included) of sacrebleu's TER for one hypothesis and one reference.

    ``ERROR`` when sacrebleu's trace would meet an undefined cell (it raises there); the caller
    then runs sacrebleu's own code.
    """
    n = hyp.shape[0]
    m = ref.shape[0]
    if m == 0:
        return n
    lo = np.empty(n + 1, dtype=np.int64)
    hi = np.empty(n + 1, dtype=np.int64)
    start = np.empty(n + 1, dtype=np.int64)
    size = _layout(n, m, lo, hi, start)
    vals = np.empty(size, dtype=np.int64)
    back = np.empty(size, dtype=np.int64)
    ops = np.empty(size, dtype=np.int8)
    width = 1
    for i in range(n + 1):
        width = max(width, hi[i] - lo[i])
    rows = np.empty(2 * width, dtype=np.int64)
    trace = np.empty(n + m, dtype=np.int8)
    align = np.empty(m, dtype=np.int64)
    ref_err = np.zeros(m, dtype=np.int64)
    hyp_err = np.zeros(n, dtype=np.int64)
    words = hyp.copy()
    shifted = np.empty(n, dtype=hyp.dtype)
    best_words = np.empty(n, dtype=hyp.dtype)
    shifts = 0
    checked = 0
    while True:  # translation_edit_rate's loop; each pass is sacrebleu's _shift on `words`
        _full_matrix(words, ref, lo, hi, start, vals, ops)
        _suffix_matrix(words, ref, lo, hi, start, back)
        pre_score = vals[start[n] + hi[n] - 1 - lo[n]]
        if not _alignment(n, m, lo, hi, start, ops, trace, align, ref_err, hyp_err):
            return ERROR
        found = False
        b_gain = 0
        b_len = 0
        b_start = 0
        b_idx = 0
        stop = False
        for sh in range(n):
            for sr in range(max(0, sh - MAX_SHIFT_DIST), min(m, sh + MAX_SHIFT_DIST + 1)):
                length = 0
                while words[sh + length] == ref[sr + length] and length < MAX_SHIFT_SIZE:
                    length += 1
                    # the candidate block (sh, sr, length), filtered as in sacrebleu
                    if (
                        _errors_in(hyp_err, sh, sh + length)
                        and _errors_in(ref_err, sr, sr + length)
                        and not (sh <= align[sr] < sh + length)
                    ):
                        prev_idx = -1
                        for offset in range(-1, length):
                            idx = 0 if sr + offset == -1 else align[sr + offset] + 1
                            if idx == prev_idx:
                                continue
                            prev_idx = idx
                            _perform_shift(words, sh, length, idx, shifted)
                            gain = pre_score - _shifted_distance(words, shifted, ref, lo, hi, start, vals, back, rows)
                            checked += 1
                            if (
                                not found
                                or gain > b_gain
                                or (gain == b_gain and _ranks_before(length, sh, idx, b_len, b_start, b_idx))
                            ):
                                found = True
                                b_gain = gain
                                b_len = length
                                b_start = sh
                                b_idx = idx
                                best_words[:] = shifted
                        if checked >= MAX_SHIFT_CANDIDATES:
                            stop = True
                            break
                    if n == sh + length or m == sr + length:
                        break
                if stop:
                    break
            if stop:
                break
        if checked >= MAX_SHIFT_CANDIDATES or not found or b_gain <= 0:
            break
        shifts += 1
        words[:] = best_words
    return shifts + pre_score


@numba.njit(cache=True, nogil=True)
def ter_pairs(
    hyp_ids: np.ndarray,
    hyp_off: np.ndarray,
    ref_ids: np.ndarray,
    ref_off: np.ndarray,
    pair_hyp: np.ndarray,
) -> np.ndarray:  # pragma: no cover - compiled
    """Edits of every (hypothesis, reference) pair: reference k goes with hypothesis pair_hyp[k]."""
    out = np.empty(pair_hyp.shape[0], dtype=np.int64)
    for k in range(pair_hyp.shape[0]):
        h = pair_hyp[k]
        out[k] = ter_pair(hyp_ids[hyp_off[h] : hyp_off[h + 1]], ref_ids[ref_off[k] : ref_off[k + 1]])
    return out
