"""Both hLEPOR alignments compiled with numba (optional extra ``mtmetrics[fast]``).

The same decisions as :func:`.core.align_paper` and :func:`.core.align_hlepor_pypi`, written
over integer token ids: hyp words left to right, unused equal ref words as candidates, the
context test over the clipped (paper) or Python-sliced (package) windows, the nearest preferred
candidate (paper) or the package's index confusion. ``Σ|PD_i|`` is accumulated in integers, as
in the Python kernel, and the factors are computed here with the same floating-point operations
as :func:`.core.factors_from_counts` (``math.exp`` is the C library's in both), so both kernels
give bit-identical rows; doing the factors and the choice of the best reference in the compiled
loop leaves no per-segment Python work (it was a third of the time on WMT text). Importing this module raises
``ImportError`` when numba is missing; :mod:`.batch` then uses the Python kernel. Compiled code
is cached on disk (``cache=True``).
"""

from __future__ import annotations

import math

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _left(x: int, length: int, n: int, pypi: bool) -> int:  # pragma: no cover - compiled
    """Start of the left context window of position x (it ends before x)."""
    if x - n >= 0:
        return x - n
    if pypi:  # Python's words[x-n:x] with a negative start wraps around (usually: empty)
        return max(0, length + x - n)
    return 0


@numba.njit(cache=True, nogil=True)
def _neighbours(words: np.ndarray, start: int, length: int, i: int, n: int, pypi: bool, out: np.ndarray) -> int:
    """Write the ids of the context window of position i into ``out``; return how many."""
    k = 0
    for a in range(_left(i, length, n, pypi), i):
        out[k] = words[start + a]
        k += 1
    for a in range(i + 1, min(length, i + n + 1)):
        out[k] = words[start + a]
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def _matches(
    hyp: np.ndarray,
    hs: int,
    c: int,
    x: int,
    ref: np.ndarray,
    rs: int,
    r: int,
    y: int,
    n: int,
    pypi: bool,
    hbuf: np.ndarray,
    rbuf: np.ndarray,
) -> bool:  # pragma: no cover - compiled
    """Some word of hyp's window around x equals some word of ref's window around y."""
    kh = _neighbours(hyp, hs, c, x, n, pypi, hbuf)
    kr = _neighbours(ref, rs, r, y, n, pypi, rbuf)
    for a in range(kh):
        for b in range(kr):
            if hbuf[a] == rbuf[b]:
                return True
    return False


@numba.njit(cache=True, nogil=True)
def _align_pair(
    hyp: np.ndarray,
    hs: int,
    c: int,
    ref: np.ndarray,
    rs: int,
    r: int,
    n: int,
    pypi: bool,
    hbuf: np.ndarray,
    rbuf: np.ndarray,
    cands: np.ndarray,
    used: np.ndarray,
) -> tuple[int, int]:  # pragma: no cover - compiled
    """Aligned count and integer ``Σ|(x+1)·r - (y+1)·c|`` of one (hyp, ref) pair (both non-empty)."""
    if pypi and c == r:
        same = True
        for i in range(c):
            if hyp[hs + i] != ref[rs + i]:
                same = False
                break
        if same:
            return r, 0
    used[:r] = False
    acount = 0
    tot = 0
    for x in range(c):
        w = hyp[hs + x]
        k = 0
        for y in range(r):
            if ref[rs + y] == w and not used[y]:
                cands[k] = y
                k += 1
        if k == 0:
            continue
        if k == 1:
            best = cands[0]
        else:
            # nearest preferred candidate (paper) / argmin over the preferred ones (package)
            best = -1
            best_d = 1 << 62
            rank = 0
            best_rank = -1
            for i in range(k):
                y = cands[i]
                if _matches(hyp, hs, c, x, ref, rs, r, y, n, pypi, hbuf, rbuf):
                    d = abs(x - y)
                    if d < best_d:
                        best_d = d
                        best = y
                        best_rank = rank
                    rank += 1
            if best >= 0 and pypi:
                best = cands[best_rank]  # the package's index confusion
            if best < 0:
                best_d = 1 << 62
                for i in range(k):
                    d = abs(x - cands[i])
                    if d < best_d:
                        best_d = d
                        best = cands[i]
        used[best] = True
        acount += 1
        tot += abs((x + 1) * r - (best + 1) * c)
    return acount, tot


@numba.njit(cache=True, nogil=True)
def _factors(
    c: int, r: int, aligned: int, total: int, weights: np.ndarray, out: np.ndarray
) -> None:  # pragma: no cover - compiled
    """:func:`.core.factors_from_counts` operation for operation (so bit-identical) into ``out``."""
    out[:] = 0.0
    if c == 0 or r == 0:
        out[2] = 1.0
        return
    elp = math.exp(1.0 - r / c) if c < r else math.exp(1.0 - c / r)
    npp = math.exp(-(total / (c * r)) / c)
    out[1] = elp
    out[2] = npp
    if aligned == 0:
        return
    p = aligned / c
    rec = aligned / r
    alpha, beta, w_hpr, w_elp, w_npp = weights[0], weights[1], weights[2], weights[3], weights[4]
    hpr = (alpha + beta) / (alpha / rec + beta / p)
    out[3] = hpr
    out[4] = p
    out[5] = rec
    if elp == 0.0:
        return
    out[0] = (w_hpr + w_elp + w_npp) / (w_hpr / hpr + w_elp / elp + w_npp / npp)


@numba.njit(cache=True, nogil=True)
def score_batch(
    hyp: np.ndarray,
    hoff: np.ndarray,
    ref: np.ndarray,
    roff: np.ndarray,
    nrefs: np.ndarray,
    n: int,
    pypi: bool,
    weights: np.ndarray,
) -> np.ndarray:  # pragma: no cover - compiled
    """Per segment, the factors (score, elp, npp, hpr, precision, recall) against its best reference.

    Segment ``s`` is hyp ``s`` with the next ``nrefs[s]`` references in order; the first reference
    with the highest score wins (as :func:`.core.best_factors`).
    """
    m = hoff.shape[0] - 1
    out = np.zeros((m, 6), dtype=np.float64)
    hbuf = np.empty(2 * n + 1, dtype=np.int64)
    rbuf = np.empty(2 * n + 1, dtype=np.int64)
    longest = 1
    for q in range(roff.shape[0] - 1):
        longest = max(longest, roff[q + 1] - roff[q])
    cands = np.empty(longest, dtype=np.int64)
    used = np.zeros(longest, dtype=np.bool_)
    row = np.empty(6, dtype=np.float64)
    q = 0
    for s in range(m):
        hs = hoff[s]
        c = hoff[s + 1] - hs
        for k in range(nrefs[s]):
            rs = roff[q]
            r = roff[q + 1] - rs
            q += 1
            aligned, total = 0, 0
            if c > 0 and r > 0:
                aligned, total = _align_pair(hyp, hs, c, ref, rs, r, n, pypi, hbuf, rbuf, cands, used)
            _factors(c, r, aligned, total, weights, row)
            if k == 0 or row[0] > out[s, 0]:
                out[s, :] = row
    return out


def encode(sequences: list[list[str]], vocab: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """Token ids (flat) and offsets of ``sequences``, extending ``vocab``."""
    flat = [t for s in sequences for t in s]
    for t in dict.fromkeys(flat):
        if t not in vocab:
            vocab[t] = len(vocab)
    ids = np.fromiter(map(vocab.__getitem__, flat), dtype=np.int64, count=len(flat))
    off = np.zeros(len(sequences) + 1, dtype=np.int64)
    np.cumsum([len(s) for s in sequences], out=off[1:])
    return ids, off
