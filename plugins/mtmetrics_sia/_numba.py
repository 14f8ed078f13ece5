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

from . import align
from .align import Pairs


@numba.njit(cache=True, nogil=True)
def _prunes(pairs: int, cells: int, max_cells: int) -> bool:  # pragma: no cover - compiled
    """:func:`.align.prunes`, compiled."""
    return cells <= max_cells and pairs * pairs > cells


@numba.njit(cache=True, nogil=True)
def _first_at_least(a: np.ndarray, lo: int, hi: int, x: int) -> int:  # pragma: no cover - compiled
    """The first index in ``lo..hi`` with ``a[index] >= x`` (``a`` sorted there), ``hi`` if none."""
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@numba.njit(cache=True, nogil=True)
def _build_row(
    q: np.ndarray, x: int, pj: np.ndarray, alive: np.ndarray, val: np.ndarray, lo: int, hi: int
) -> None:  # pragma: no cover - compiled
    """Row ``x`` of the prefix maximum (:func:`.align._fill_pruned`): row ``x - 1`` raised by the
    values of the alive pairs ``lo..hi`` of hypothesis row ``x``, then maximised left to right."""
    q[x, :] = q[x - 1, :]
    for u in range(lo, hi):
        if alive[u] and val[u] > q[x, pj[u]]:
            q[x, pj[u]] = val[u]
    for p in range(1, q.shape[1]):
        if q[x, p - 1] > q[x, p]:
            q[x, p] = q[x, p - 1]


@numba.njit(cache=True, nogil=True)
def _fill(
    pi: np.ndarray,
    pj: np.ndarray,
    ps: np.ndarray,
    alive: np.ndarray,
    val: np.ndarray,
    back: np.ndarray,
    rowstart: np.ndarray,
    lo: int,
    hi: int,
    start: int,
) -> None:  # pragma: no cover - compiled
    """``val``/``back`` of the alive pairs ``start..hi`` of one reference: every earlier pair tried."""
    for t in range(start, hi):
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


@numba.njit(cache=True, nogil=True)
def _fill_pruned(
    pi: np.ndarray,
    pj: np.ndarray,
    ps: np.ndarray,
    alive: np.ndarray,
    val: np.ndarray,
    back: np.ndarray,
    lo: int,
    hi: int,
    start: int,
    q: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """:func:`_fill` with the provably exact pruning of :func:`.align._fill_pruned` (same values,
    same back pointers): earlier rows from the nearest down, each right to left, stopping as soon
    as the prefix maximum ``q`` shows that no remaining pair can reach the best value so far."""
    c = q.shape[0] - 1
    rows = np.empty(c + 2, dtype=np.int64)  # rows[x]: first pair of hypothesis row >= x
    for x in range(c + 2):
        rows[x] = _first_at_least(pi, lo, hi, x)
    q[0, :] = -np.inf
    built = 0
    for t in range(start, hi):
        if not alive[t]:
            continue
        i = pi[t]
        j = pj[t]
        s = ps[t]
        while built < i - 1:
            built += 1
            _build_row(q, built, pj, alive, val, rows[built], rows[built + 1])
        b = s / math.sqrt(i * j)
        a = -1
        for x in range(i - 1, 0, -1):
            di = i - x
            if q[x, j - 1] + s / math.sqrt(di) < b:
                break
            u = _first_at_least(pj, rows[x], rows[x + 1], j) - 1
            while u >= rows[x]:
                p = pj[u]
                inc = s / math.sqrt(di * (j - p))
                if q[x, p] + inc < b:
                    break
                if alive[u]:
                    v = val[u] + inc
                    if v > b or (v == b and a >= 0):
                        b = v
                        a = u
                u -= 1
        val[t] = b
        back[t] = a


@numba.njit(cache=True, nogil=True)
def _rounds(
    pi: np.ndarray,
    pj: np.ndarray,
    ps: np.ndarray,
    off: np.ndarray,
    c: int,
    alpha: float,
    incs: bool,
    max_cells: int,
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
    pruned = np.zeros(nref, dtype=np.bool_)
    cells = (c + 1) * (maxj + 1)
    for r in range(nref):
        remaining[r] = off[r + 1] - off[r]
        pruned[r] = _prunes(remaining[r], cells, max_cells)
    q = np.empty((c + 1, maxj + 1) if pruned.any() else (1, 1), dtype=np.float64)
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
                if pruned[r]:
                    _fill_pruned(pi, pj, ps, alive, val, back, lo, hi, dirty[r], q)
                else:
                    _fill(pi, pj, ps, alive, val, back, rowstart, lo, hi, dirty[r])
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
        align.MAX_CELLS,
    )
    return float(total), int(rounds)
