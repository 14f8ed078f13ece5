"""METEOR's stage search compiled with numba (optional extra ``mtmetrics[fast]``).

A transcription of :meth:`._meteor_align._Search.depth_first` and ``beam`` (with their
``bound`` and ``options``) for searches whose components are all *complete* (every hypothesis word of a
component may map to every one of its reference words: all exact and stem stages), which is
where nearly all search nodes are spent on real text (a WMT21 zh-en segment can need 20,000
nodes, about 50 microseconds each in Python). It makes the same decisions in the same order:
the same nodes are visited and counted against the same budget, the same lower bound prunes,
the same first optimum is returned, and a search stopped by the budget reports the same best
alignment found so far; so the stage alignments, including the approximate ones, are identical
(``tests/baselines/test_meteor_kernels.py`` compares both kernels). Costs are integers, as in
Python. The recursion is an explicit stack. Importing this module raises ``ImportError`` when
numba is missing; the Python search is then used (:mod:`mtmetrics.resources.kernels`).
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _suffix_counts(used: np.ndarray, out: np.ndarray) -> None:  # pragma: no cover - compiled
    """``out[r]`` = number of used reference positions ``>= r`` (``out[len] = 0``)."""
    k = 0
    out[used.shape[0]] = 0
    for r in range(used.shape[0] - 1, -1, -1):
        if used[r]:
            k += 1
        out[r] = k


@numba.njit(cache=True, nogil=True)
def _prefix_min(cand_off: np.ndarray, cand_s: np.ndarray) -> np.ndarray:  # pragma: no cover - compiled
    """``out[q]``: the least static cost among unit ``j``'s candidates up to ``q`` (``j``'s own range)."""
    out = np.empty_like(cand_s)
    for j in range(cand_off.shape[0] - 1):
        m = 0
        for q in range(cand_off[j], cand_off[j + 1]):
            m = cand_s[q] if q == cand_off[j] or cand_s[q] < m else m
            out[q] = m
    return out


@numba.njit(cache=True, nogil=True)
def _bound(
    i: int,
    used: np.ndarray,
    suffix: np.ndarray,
    extra: int,
    need: np.ndarray,
    low: np.ndarray,
    weight: int,
    cand_off: np.ndarray,
    cand_r: np.ndarray,
    cand_s: np.ndarray,
    cand_pm: np.ndarray,
    unit_off: np.ndarray,
    units: np.ndarray,
    mins: np.ndarray,
) -> int:  # pragma: no cover - compiled
    """``_Search.bound``: per component still needing ``n`` links, the ``n`` cheapest of its later
    units' cheapest free candidates above the component's floor (0 for a unit with none).

    ``used`` and ``suffix`` (:func:`_suffix_counts`) describe the used reference positions, plus
    ``extra`` when it is not negative (a link being tried: no recount of ``suffix``). The same
    integer as a scan of every candidate, found faster: a unit's candidates (ascending) are
    scanned from the last down to the floor, and the scan stops once ``weight * suffix[r + 1]``
    (which only grows downwards) plus the least static cost at or below ``r`` (``cand_pm``)
    cannot beat the unit's minimum so far; the ``n`` cheapest are summed after a partition.
    """
    total = 0
    for c in range(need.shape[0]):
        n = need[c]
        if n <= 0:
            continue
        floor = low[c]
        lo, hi = unit_off[c], unit_off[c + 1]
        start = lo
        while start < hi and units[start] < i:
            start += 1
        k = 0
        for u in range(start, hi):
            j = units[u]
            best = 0
            found = False
            for q in range(cand_off[j + 1] - 1, cand_off[j] - 1, -1):
                r = cand_r[q]
                if r <= floor:
                    break
                above = suffix[r + 1] + (1 if extra > r else 0)
                if found and weight * above + cand_pm[q] >= best:
                    break
                if not used[r] and r != extra:
                    v = weight * above + cand_s[q]
                    if not found or v < best:
                        best = v
                        found = True
            mins[k] = best
            k += 1
        if k <= n:
            for t in range(k):
                total += mins[t]
        else:
            cheapest = np.partition(mins[:k], n - 1)
            for t in range(n):
                total += cheapest[t]
    return total


@numba.njit(cache=True, nogil=True)
def _feasible(
    i: int,
    c: int,
    need_c: int,
    low_c: int,
    unit_off: np.ndarray,
    units: np.ndarray,
    ref_off: np.ndarray,
    refs: np.ndarray,
) -> bool:  # pragma: no cover - compiled
    """``_Component.can_reach`` of a complete component from unit ``i`` on (binary searches: a
    component's units and references are sorted)."""
    if need_c <= 0:
        return True
    lo, hi = unit_off[c], unit_off[c + 1]
    while lo < hi:  # the first of the component's units at or after i
        mid = (lo + hi) // 2
        if units[mid] < i:
            lo = mid + 1
        else:
            hi = mid
    if unit_off[c + 1] - lo < need_c:
        return False
    lo, hi = ref_off[c], ref_off[c + 1]
    while lo < hi:  # the first of its references above low_c
        mid = (lo + hi) // 2
        if refs[mid] <= low_c:
            lo = mid + 1
        else:
            hi = mid
    return ref_off[c + 1] - lo >= need_c


@numba.njit(cache=True, nogil=True)
def depth_first(
    comp_of: np.ndarray,
    cand_off: np.ndarray,
    cand_r: np.ndarray,
    cand_s: np.ndarray,
    unit_off: np.ndarray,
    units: np.ndarray,
    ref_off: np.ndarray,
    refs: np.ndarray,
    size: np.ndarray,
    weight: int,
    nref: int,
    nodes: int,
    budget: int,
    upper: int,
) -> tuple[bool, int, bool, int, np.ndarray]:  # pragma: no cover - compiled
    """``_Search.depth_first`` over complete components; ``upper < 0`` means no known cost.

    Returns ``(exceeded, nodes, found, cost, choice)``: whether the budget stopped the search,
    the node count afterwards (it carries over between searches, as in Python), whether a
    complete alignment was found (the optimum, or with ``exceeded`` the best so far), its cost
    and the reference position chosen for each unit (-1: no link).
    """
    n = comp_of.shape[0]
    need = size.copy()
    low = np.full(size.shape[0], -1, dtype=np.int64)
    used = np.zeros(nref, dtype=np.bool_)
    suffix = np.zeros(nref + 1, dtype=np.int64)
    mins = np.empty(n + 1, dtype=np.int64)
    cand_pm = _prefix_min(cand_off, cand_s)
    width = 1
    for j in range(n):
        width = max(width, cand_off[j + 1] - cand_off[j] + 1)
    opt_r = np.empty((n + 1, width), dtype=np.int64)
    opt_s = np.empty((n + 1, width), dtype=np.int64)
    count = np.zeros(n + 1, dtype=np.int64)
    nxt = np.zeros(n + 1, dtype=np.int64)
    applied = np.full(n + 1, -1, dtype=np.int64)
    saved_low = np.zeros(n + 1, dtype=np.int64)
    cost_at = np.zeros(n + 1, dtype=np.int64)
    choice = np.full(n, -1, dtype=np.int64)
    best_choice = np.full(n, -1, dtype=np.int64)
    has_best = upper >= 0
    best_cost = upper + 1
    found = False
    d = 0
    state = 0  # 0: enter node d, 1: node d finished, 2: try the next option of node d
    while True:
        if state == 0:
            nodes += 1
            if nodes > budget:
                return True, nodes, found, best_cost, best_choice
            if d == n:
                if not has_best or cost_at[d] < best_cost:
                    has_best = True
                    found = True
                    best_cost = cost_at[d]
                    best_choice[:] = choice
                state = 1
                continue
            if has_best:
                _suffix_counts(used, suffix)
                b = _bound(
                    d, used, suffix, -1, need, low, weight, cand_off, cand_r, cand_s, cand_pm, unit_off, units, mins
                )
                if cost_at[d] + b >= best_cost:
                    state = 1
                    continue
            # the options of unit d, in tie-break order: free candidates above the floor, then no link
            c = comp_of[d]
            floor = low[c]
            k = 0
            _suffix_counts(used, suffix)
            if need[c] > 0:
                need[c] -= 1
                for q in range(cand_off[d], cand_off[d + 1]):
                    r = cand_r[q]
                    if (
                        r > floor
                        and not used[r]
                        and _feasible(d + 1, c, need[c], max(r, low[c]), unit_off, units, ref_off, refs)
                    ):
                        opt_r[d, k] = r
                        opt_s[d, k] = weight * suffix[r + 1] + cand_s[q]
                        k += 1
                need[c] += 1
            if _feasible(d + 1, c, need[c], low[c], unit_off, units, ref_off, refs):
                opt_r[d, k] = -1
                opt_s[d, k] = 0
                k += 1
            count[d] = k
            nxt[d] = 0
            state = 2
        elif state == 1:
            if d == 0:
                break
            d -= 1
            r = applied[d]
            if r >= 0:
                c = comp_of[d]
                used[r] = False
                need[c] += 1
                low[c] = saved_low[d]
                choice[d] = -1
            state = 2
        else:
            if nxt[d] >= count[d]:
                state = 1
                continue
            k = nxt[d]
            nxt[d] += 1
            r = opt_r[d, k]
            applied[d] = r
            if r >= 0:
                c = comp_of[d]
                used[r] = True
                need[c] -= 1
                saved_low[d] = low[c]
                low[c] = max(r, low[c])
                choice[d] = r
            cost_at[d + 1] = cost_at[d] + opt_s[d, k]
            d += 1
            state = 0
    return False, nodes, found, best_cost, best_choice


@numba.njit(cache=True, nogil=True)
def _compare_links(a: np.ndarray, b: np.ndarray, upto: int, hyps: np.ndarray) -> int:  # pragma: no cover
    """-1, 0, 1 as the link lists ``[(hyps[j], a[j]) for j < upto if a[j] >= 0]`` of ``a`` and ``b``
    compare in Python (lexicographically, a proper prefix first)."""
    ja = 0
    jb = 0
    while True:
        while ja < upto and a[ja] < 0:
            ja += 1
        while jb < upto and b[jb] < 0:
            jb += 1
        if ja == upto or jb == upto:
            if ja == upto and jb == upto:
                return 0
            return -1 if ja == upto else 1
        if hyps[ja] != hyps[jb]:
            return -1 if hyps[ja] < hyps[jb] else 1
        if a[ja] != b[jb]:
            return -1 if a[ja] < b[jb] else 1
        ja += 1
        jb += 1


@numba.njit(cache=True, nogil=True)
def beam(
    comp_of: np.ndarray,
    cand_off: np.ndarray,
    cand_r: np.ndarray,
    cand_s: np.ndarray,
    unit_off: np.ndarray,
    units: np.ndarray,
    ref_off: np.ndarray,
    refs: np.ndarray,
    size: np.ndarray,
    weight: int,
    nref: int,
    hyps: np.ndarray,
    width: int,
) -> tuple[bool, int, np.ndarray]:  # pragma: no cover - compiled
    """``_Search.beam`` over complete components: ``(found, cost, choice)`` of the best complete state.

    Per unit, every state grows by each of its options (in tie-break order); the grown states are
    ranked by (cost + lower bound, link list), the ``width`` first kept (insertion into a bounded
    sorted list; grown states are all distinct, so the order among equals never matters).
    """
    n = comp_of.shape[0]
    ncomp = size.shape[0]
    grow_max = width
    for j in range(n):
        grow_max = max(grow_max, width * (cand_off[j + 1] - cand_off[j] + 1))
    st_choice = np.full((width, n), -1, dtype=np.int64)
    st_cost = np.zeros(width, dtype=np.int64)
    st_need = np.zeros((width, ncomp), dtype=np.int64)
    st_low = np.full((width, ncomp), -1, dtype=np.int64)
    st_need[0, :] = size
    count = 1
    g_choice = np.full((grow_max, n), -1, dtype=np.int64)
    g_cost = np.zeros(grow_max, dtype=np.int64)
    g_key = np.zeros(grow_max, dtype=np.int64)
    g_need = np.zeros((grow_max, ncomp), dtype=np.int64)
    g_low = np.zeros((grow_max, ncomp), dtype=np.int64)
    order = np.empty(grow_max, dtype=np.int64)
    used = np.zeros(nref, dtype=np.bool_)
    suffix = np.zeros(nref + 1, dtype=np.int64)
    mins = np.empty(n + 1, dtype=np.int64)
    cand_pm = _prefix_min(cand_off, cand_s)
    for i in range(n):
        c = comp_of[i]
        grown = 0
        for s in range(count):
            used[:] = False
            for j in range(i):
                if st_choice[s, j] >= 0:
                    used[st_choice[s, j]] = True
            _suffix_counts(used, suffix)
            need = st_need[s]
            low = st_low[s]
            floor = low[c]
            # the options of unit i in this state, in tie-break order; each becomes a grown state
            for q in range(cand_off[i], cand_off[i + 1] + 1):
                if q < cand_off[i + 1]:
                    r = cand_r[q]
                    if need[c] <= 0 or r <= floor or used[r]:
                        continue
                    if not _feasible(i + 1, c, need[c] - 1, max(r, low[c]), unit_off, units, ref_off, refs):
                        continue
                    step = weight * suffix[r + 1] + cand_s[q]
                else:
                    r = -1
                    if not _feasible(i + 1, c, need[c], low[c], unit_off, units, ref_off, refs):
                        continue
                    step = 0
                g = grown
                grown += 1
                g_choice[g, :] = st_choice[s]
                g_cost[g] = st_cost[s] + step
                g_need[g, :] = need
                g_low[g, :] = low
                if r >= 0:
                    g_choice[g, i] = r
                    g_need[g, c] -= 1
                    g_low[g, c] = max(r, low[c])
                b = _bound(
                    i + 1,
                    used,
                    suffix,
                    r,
                    g_need[g],
                    g_low[g],
                    weight,
                    cand_off,
                    cand_r,
                    cand_s,
                    cand_pm,
                    unit_off,
                    units,
                    mins,
                )
                g_key[g] = g_cost[g] + b
        # keep the first `width` grown states in (key, links) order
        kept = 0
        for g in range(grown):
            pos = kept
            while pos > 0:
                h = order[pos - 1]
                if g_key[h] < g_key[g] or (
                    g_key[h] == g_key[g] and _compare_links(g_choice[h], g_choice[g], i + 1, hyps) <= 0
                ):
                    break
                pos -= 1
            if pos >= width:
                continue
            last = min(kept, width - 1)
            for t in range(last, pos, -1):
                order[t] = order[t - 1]
            order[pos] = g
            kept = min(kept + 1, width)
        for t in range(kept):
            g = order[t]
            st_choice[t, :] = g_choice[g]
            st_cost[t] = g_cost[g]
            st_need[t, :] = g_need[g]
            st_low[t, :] = g_low[g]
        count = kept
    if count == 0:
        return False, 0, np.full(n, -1, dtype=np.int64)
    best = 0
    for s in range(1, count):
        if st_cost[s] < st_cost[best] or (
            st_cost[s] == st_cost[best] and _compare_links(st_choice[s], st_choice[best], n, hyps) < 0
        ):
            best = s
    return True, st_cost[best], st_choice[best].copy()
