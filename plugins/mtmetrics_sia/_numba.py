"""The SIA rounds compiled with numba (optional extra ``mtmetrics[fast]``).

The same algorithm, tie-breaking and floating-point operations as :func:`.align.incs_python`
(see :mod:`.align` for the why), written over flat arrays with an ``alive`` mask instead of
compacted lists. Importing this module raises ``ImportError`` when numba is missing; the caller
then uses the pure-Python kernel. Compiled code is cached on disk (``cache=True``), so only the
first run on a machine pays the compilation (about a second).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numba
import numpy as np

from .align import Pairs


@numba.njit(cache=True, nogil=True)
def _rounds(
    pi: np.ndarray, pj: np.ndarray, ps: np.ndarray, off: np.ndarray, c: int, alpha: float, incs: bool
) -> tuple[float, int]:  # pragma: no cover - compiled
    n = pi.shape[0]
    nref = off.shape[0] - 1
    alive = np.ones(n, dtype=np.bool_)
    val = np.zeros(n, dtype=np.float64)
    back = np.full(n, -1, dtype=np.int64)
    rowstart = np.empty(n, dtype=np.int64)
    maxj = 0
    for r in range(nref):
        for t in range(off[r], off[r + 1]):
            if t == off[r] or pi[t] != pi[t - 1]:
                rowstart[t] = t
            else:
                rowstart[t] = rowstart[t - 1]
            if pj[t] > maxj:
                maxj = pj[t]
    dirty = off[:nref].copy()  # per reference: first pair whose value must be recomputed
    remaining = np.empty(nref, dtype=np.int64)
    best_val = np.zeros(nref, dtype=np.float64)
    best_end = np.full(nref, -1, dtype=np.int64)
    for r in range(nref):
        remaining[r] = off[r + 1] - off[r]
    hyp_used = np.zeros(c + 1, dtype=np.bool_)
    ref_used = np.zeros(maxj + 1, dtype=np.bool_)
    total = 0.0
    weight = 1.0
    rounds = 0
    while True:
        max_score = 0.0
        max_ref = -1
        for r in range(nref):
            if remaining[r] == 0:
                continue
            lo = off[r]
            hi = off[r + 1]
            if dirty[r] < hi:
                for t in range(dirty[r], hi):
                    if not alive[t]:
                        continue
                    i = pi[t]
                    j = pj[t]
                    s = ps[t]
                    b = s / math.sqrt(i * j)
                    a = -1
                    for u in range(lo, rowstart[t]):
                        if alive[u]:
                            p = pj[u]
                            if p < j:
                                v = val[u] + s / math.sqrt((i - pi[u]) * (j - p))
                                if v > b:
                                    b = v
                                    a = u
                    val[t] = b
                    back[t] = a
                dirty[r] = hi
                bv = -1.0
                bt = -1
                for t in range(lo, hi):
                    if alive[t] and val[t] > bv:
                        bv = val[t]
                        bt = t
                best_val[r] = bv
                best_end[r] = bt
            score = best_val[r] / c
            if score > max_score:
                max_score = score
                max_ref = r
        if max_ref < 0:
            break
        total += max_score * weight
        weight *= alpha
        rounds += 1
        if not incs:
            break
        hyp_used[:] = False
        ref_used[:] = False
        t = best_end[max_ref]
        while t >= 0:
            hyp_used[pi[t]] = True
            ref_used[pj[t]] = True
            t = back[t]
        for r in range(nref):
            for t in range(off[r], off[r + 1]):
                if alive[t] and (hyp_used[pi[t]] or (r == max_ref and ref_used[pj[t]])):
                    alive[t] = False
                    remaining[r] -= 1
                    if t < dirty[r]:
                        dirty[r] = t
    return total, rounds


def incs_numba(refs: Sequence[Pairs], c: int, alpha: float, incs: bool) -> tuple[float, int]:
    """Compiled equivalent of :func:`.align.incs_python` (same arguments, ``(total, rounds)``)."""
    pi: list[int] = []
    pj: list[int] = []
    ps: list[float] = []
    off = [0]
    for a, b, s in refs:
        pi += a
        pj += b
        ps += s
        off.append(len(pi))
    total, rounds = _rounds(
        np.array(pi, dtype=np.int64),
        np.array(pj, dtype=np.int64),
        np.array(ps, dtype=np.float64),
        np.array(off, dtype=np.int64),
        c,
        float(alpha),
        bool(incs),
    )
    return float(total), int(rounds)
