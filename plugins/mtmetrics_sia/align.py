"""The SIA alignment: gap-weighted loose sequence alignment (WLS) and the iterative scheme (INCS).

What is computed (docs/metrics.md §1.1-1.3, the paper's Figures 3-7)
---------------------------------------------------------------------
An alignment of a hypothesis (``c`` tokens) with a reference is a sequence of *matching* pairs
``(i_1, j_1), ..., (i_K, j_K)``, strictly increasing in both coordinates (1-based positions).
With ``(i_0, j_0) = (0, 0)`` its value is ``sum_t s(i_t, j_t) / sqrt((i_t - i_{t-1}) (j_t - j_{t-1}))``;
WLS is the best value divided by ``c``. ``s`` is 1 for equal tokens, else the similarity of the two
words (PROB, Figure 5), and a pair with ``s == 0`` is no match.

The paper's 4-index table ``score[i][j][k][m]`` (prefix ``i, j``, last aligned pair ``k, m``) only
copies the value of the state ``(k, m)`` forward, so the same maximum is reached by a dynamic
programme over the matching pairs alone: ``best[t] = max over earlier pairs u (i_u < i_t,
j_u < j_t) and the start (0, 0) of best[u] + s_t / sqrt(...)``. That is O(K^2) for K matching
pairs instead of O(c^2 r^2) (docs/metrics.md §1.1). The tests keep a literal transcription of the
paper's recursion and check both agree on random cases.

Ties (several alignments with the same value) matter for INCS, because the chosen alignment
decides which positions the next round may use. Both this module and the test oracle break them
the way a literal loop over the paper's table does: the predecessor is the first ``(n, p)`` in
lexicographic order reaching the maximum (the start ``(0, 0)`` first), and the final state is the
first maximal ``(k, m)`` in lexicographic order. Every value is computed with the same floating
point operations as in the oracle (``s / sqrt((i - n) * (j - p))`` added to the predecessor's
value), so ties are detected identically.

INCS (Figure 6): rounds repeat while some reference has a positive WLS over the positions not yet
used; the first reference with the highest round score wins the round, its aligned hypothesis
positions become unusable for every reference and its aligned reference positions for itself.
Round ``k`` is weighted ``alpha ** (k - 1)`` (docs/metrics.md §1.3; the paper's ``alpha *= alpha`` would
square the weight each round and would not give 1.0 for hyp == ref). Without INCS: one round.

Reuse between rounds: the value of a pair depends only on pairs before it in lexicographic order,
so after a round only the pairs from the first removed pair onwards are recomputed; a reference
that lost no pair keeps its result entirely.

Backends
--------
A pure-Python kernel (:func:`incs_python`) and, when the optional ``numba`` package is
installed, the same algorithm compiled (:mod:`._numba`). The choice, documented honestly: the
problem is many tiny dynamic programmes (about 20-60 pairs each, thousands of segments) with a
data-dependent inner loop. Vectorising one programme with numpy costs a numpy call per pair (or per
row), and the call overhead (microseconds) exceeds the arithmetic, so numpy was slower than plain
Python here. A compiled loop removes the interpreter cost; numba does that without a build step,
so ``pip install mtmetrics`` stays a single pure-Python install and ``pip install
'mtmetrics[fast]'`` adds the speed-up. Both backends give bit-identical results (tested). Set the
environment variable ``MTMETRICS_KERNEL=python`` to force the pure-Python kernel (one switch for
every metric with twin kernels: :mod:`mtmetrics.resources.kernels`).
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from mtmetrics.resources import kernels

#: Matching pairs of one hypothesis with one reference, sorted by (hyp position, ref position):
#: 1-based hypothesis positions, 1-based reference positions and match strengths ``s > 0``.
Pairs = tuple[list[int], list[int], list[float]]


#: Largest prefix-maximum table (hypothesis rows x reference columns) the pruned search builds,
#: 32 MB of float64; a larger reference is searched without pruning (same result, slower).
MAX_CELLS = 1 << 22


def prunes(pairs: int, cells: int, max_cells: int) -> bool:
    """Whether a reference with ``pairs`` matching pairs is searched with pruning: its table of
    ``cells`` fits in ``max_cells`` and costs less than trying every earlier pair (``pairs**2``)."""
    return cells <= max_cells and pairs * pairs > cells


class Outcome(NamedTuple):
    """Result of the alignment rounds of one segment (before the length penalty)."""

    total: float
    rounds: int


def wls_best(pi: list[int], pj: list[int], ps: list[float]) -> tuple[float, list[int]]:
    """Best gap-weighted alignment value over the pairs given (not divided by c) and its pairs.

    Returns the value and the indices (into the lists) of the aligned pairs, in order.
    """
    val: list[float] = [0.0] * len(pi)
    back: list[int] = [-1] * len(pi)
    _fill(pi, pj, ps, val, back, 0)
    return _best(val, back)


def _fill(pi: list[int], pj: list[int], ps: list[float], val: list[float], back: list[int], start: int) -> None:
    """Compute ``val``/``back`` for pairs ``start..`` (earlier entries are already valid)."""
    k = len(pi)
    if start >= k:
        return
    sqrt = math.sqrt
    cur_i = pi[start]
    rs = start  # first pair of the current hypothesis row: pairs before it have n < i
    while rs > 0 and pi[rs - 1] == cur_i:
        rs -= 1
    for t in range(start, k):
        i = pi[t]
        if i != cur_i:
            cur_i = i
            rs = t
        j = pj[t]
        s = ps[t]
        b = s / sqrt(i * j)  # from the start (0, 0), the lexicographically first candidate
        a = -1
        for u in range(rs):
            p = pj[u]
            if p < j:
                v = val[u] + s / sqrt((i - pi[u]) * (j - p))
                if v > b:
                    b = v
                    a = u
        val[t] = b
        back[t] = a


def _fill_pruned(
    pi: list[int], pj: list[int], ps: list[float], val: list[float], back: list[int], start: int, shape: tuple[int, int]
) -> None:
    """:func:`_fill` with a pruning that provably changes no value and no back pointer.

    Why: on repetitive text nearly every earlier pair is a candidate predecessor, so :func:`_fill`
    is quadratic in the number of pairs (a 1,000-word two-word text has 500,000). Here the earlier
    rows are tried from the nearest down, each right to left, against ``q[x][p]``, the largest
    value of a pair at or before hypothesis row ``x`` and reference column ``p`` (the rows already
    final, built as they are needed; ``shape`` is ``(c + 1, last reference position + 1)``). A pair
    ``u`` at ``(x, p)`` offers ``val[u] + s / sqrt(di * dj)``, at most ``q[x][p] + s / sqrt(di * dj)``
    in floating point too (rounded ``sqrt``, ``/`` and ``+`` are monotone), and that bound only
    falls as ``p`` falls within a row, or as ``x`` falls (bounded there with ``dj = 1``). So a row
    stops, and the search stops, once the bound is *below* the best value so far: no remaining pair
    can reach or tie it. Scanning downwards visits later pairs first, so an equal value replaces
    the best unless the best is the start (:func:`_fill` keeps the lexicographically first maximum).
    """
    k = len(pi)
    if start >= k:
        return
    sqrt = math.sqrt
    rows, cols = shape
    q: list[list[float]] = [[-math.inf] * cols]
    first = [bisect.bisect_left(pi, x) for x in range(rows + 1)]  # first pair of row >= x
    for t in range(start, k):
        i = pi[t]
        j = pj[t]
        s = ps[t]
        while len(q) < i:  # rows before i are final: extend the prefix maximum to row i - 1
            x = len(q)
            row = q[-1][:]
            for u in range(first[x], first[x + 1]):
                if val[u] > row[pj[u]]:
                    row[pj[u]] = val[u]
            q.append(list(itertools.accumulate(row, max)))
        b = s / sqrt(i * j)
        a = -1
        for x in range(i - 1, 0, -1):
            di = i - x
            qx = q[x]
            if qx[j - 1] + s / sqrt(di) < b:
                break
            for u in range(bisect.bisect_left(pj, j, first[x], first[x + 1]) - 1, first[x] - 1, -1):
                p = pj[u]
                inc = s / sqrt(di * (j - p))
                if qx[p] + inc < b:
                    break
                v = val[u] + inc
                if v > b or (v == b and a >= 0):
                    b = v
                    a = u
        val[t] = b
        back[t] = a


def _best(val: list[float], back: list[int]) -> tuple[float, list[int]]:
    if not val:
        return 0.0, []
    t = max(range(len(val)), key=val.__getitem__)  # the first maximal pair in lexicographic order
    best = val[t]
    path = []
    while t >= 0:
        path.append(t)
        t = back[t]
    path.reverse()
    return best, path


class _RefState:
    """One reference's remaining pairs and the dynamic programme's values over them."""

    __slots__ = ("back", "pi", "pj", "pruned", "ps", "shape", "val", "valid")

    def __init__(self, pairs: Pairs, shape: tuple[int, int], max_cells: int) -> None:
        self.pi, self.pj, self.ps = list(pairs[0]), list(pairs[1]), list(pairs[2])
        self.val: list[float] = [0.0] * len(self.pi)
        self.back: list[int] = [-1] * len(self.pi)
        self.valid = 0  # entries before this index are up to date
        self.shape = shape
        self.pruned = prunes(len(self.pi), shape[0] * shape[1], max_cells)

    def best(self) -> tuple[float, list[int]]:
        if self.pruned:
            _fill_pruned(self.pi, self.pj, self.ps, self.val, self.back, self.valid, self.shape)
        else:
            _fill(self.pi, self.pj, self.ps, self.val, self.back, self.valid)
        self.valid = len(self.pi)
        return _best(self.val, self.back)

    def remove(self, hyp_used: set[int], ref_used: set[int]) -> None:
        """Drop the pairs on used positions; keep the values before the first dropped pair."""
        pi, pj = self.pi, self.pj
        first = next((t for t in range(len(pi)) if pi[t] in hyp_used or pj[t] in ref_used), -1)
        if first < 0:
            return
        keep = [t for t in range(first, len(pi)) if pi[t] not in hyp_used and pj[t] not in ref_used]
        self.pi = pi[:first] + [pi[t] for t in keep]
        self.pj = pj[:first] + [pj[t] for t in keep]
        self.ps = self.ps[:first] + [self.ps[t] for t in keep]
        # back pointers of the kept prefix point into the prefix, so they stay valid
        self.val = self.val[:first] + [0.0] * len(keep)
        self.back = self.back[:first] + [-1] * len(keep)
        self.valid = min(self.valid, first)


def incs_python(refs: Sequence[Pairs], c: int, alpha: float, incs: bool) -> Outcome:
    """Weighted sum of round scores (WLS / c per round) for one hypothesis of length ``c``."""
    if c == 0:
        return Outcome(0.0, 0)
    shape = (c + 1, max((max(p[1], default=0) for p in refs), default=0) + 1)
    states = [_RefState(p, shape, MAX_CELLS) for p in refs]
    total = 0.0
    weight = 1.0
    rounds = 0
    while True:
        max_score = 0.0
        max_ref = -1
        max_path: list[int] = []
        for k, st in enumerate(states):
            if not st.pi:
                continue
            value, path = st.best()
            score = value / c
            if score > max_score:
                max_score, max_ref, max_path = score, k, path
        if max_ref < 0:
            break
        total += max_score * weight
        weight *= alpha
        rounds += 1
        if not incs:
            break
        chosen = states[max_ref]
        hyp_used = {chosen.pi[t] for t in max_path}
        ref_used = {chosen.pj[t] for t in max_path}
        for k, st in enumerate(states):
            st.remove(hyp_used, ref_used if k == max_ref else set())
    return Outcome(total, rounds)


def _warm(module: Any) -> object:
    return module.incs_numba([([1], [1], [1.0])], 1, 0.5, True)


def _load_numba() -> Any:
    """The numba kernel module, or None (pure Python), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_sia._numba", _warm, "sia")


def kernel() -> str:
    """``numba`` or ``python``: which kernel this process uses."""
    return kernels.name(_load_numba())


def incs(refs: Sequence[Pairs], c: int, alpha: float, use_incs: bool) -> Outcome:
    """Run the rounds with the fastest available backend (results are identical)."""
    nb = _load_numba()
    if nb is None or c == 0:
        return incs_python(refs, c, alpha, use_incs)
    total, rounds = nb.incs_numba(refs, c, alpha, use_incs)
    return Outcome(total, rounds)
