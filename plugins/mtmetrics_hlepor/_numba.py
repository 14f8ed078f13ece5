"""Both hLEPOR alignments compiled with numba (optional extra ``mtmetrics[fast]``).

The same decisions as :func:`.core.align_paper` and :func:`.core.align_hlepor_pypi`, written
over integer token ids: hyp words left to right, unused equal ref words as candidates, the
context test over the clipped (paper) or Python-sliced (package) windows, the nearest preferred
candidate (paper) or the package's index confusion. ``Σ|PD_i|`` is accumulated in integers, as
in the Python kernel, so both give bit-identical NPD. Importing this module raises
``ImportError`` when numba is missing; :mod:`.batch` then uses the Python kernel. Compiled code
is cached on disk (``cache=True``).
"""

from __future__ import annotations

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
def align_batch(
    hyp: np.ndarray,
    hoff: np.ndarray,
    ref: np.ndarray,
    roff: np.ndarray,
    pair_h: np.ndarray,
    pair_r: np.ndarray,
    n: int,
    pypi: bool,
) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """Aligned counts and integer ``Σ|(x+1)·r - (y+1)·c|`` of every (hyp, ref) pair."""
    m = pair_h.shape[0]
    hbuf = np.empty(2 * n + 1, dtype=np.int64)
    rbuf = np.empty(2 * n + 1, dtype=np.int64)
    aligned = np.zeros(m, dtype=np.int64)
    total = np.zeros(m, dtype=np.int64)
    cands = np.empty(max(1, int(np.max(roff[1:] - roff[:-1])) if roff.shape[0] > 1 else 1), dtype=np.int64)
    for p in range(m):
        hs, he = hoff[pair_h[p]], hoff[pair_h[p] + 1]
        rs, re = roff[pair_r[p]], roff[pair_r[p] + 1]
        c, r = he - hs, re - rs
        if c == 0 or r == 0:
            continue
        if pypi and c == r:
            same = True
            for i in range(c):
                if hyp[hs + i] != ref[rs + i]:
                    same = False
                    break
            if same:
                aligned[p] = r
                continue
        used = np.zeros(r, dtype=np.bool_)
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
        aligned[p] = acount
        total[p] = tot
    return aligned, total


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
