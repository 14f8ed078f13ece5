"""One METEOR stage as Banerjee & Lavie (2005) define it: most matches, then fewest crossings.

A stage receives its *candidate links* — pairs ``(hyp_pos, ref_pos)`` of still unaligned words
that its module says may map (equal words, equal stems, synonyms) — and the links fixed by the
earlier stages. It returns the stage's alignment: a largest set of candidate links in which
every word is used at most once and, among those, one with the fewest *crossings*: two links
``(h1, r1)``, ``(h2, r2)`` cross when ``(h1 - h2) * (r1 - r2) < 0``.

**What is counted.** The paper selects, among the stage's maximum subsets, "the set" with the
fewest crossings: crossings *between the stage's own links*. Ties are then broken, in order, by

1. the fewest crossings between the stage's links and the links of the earlier stages, then
2. the first alignment in lexicographic order of its links sorted by hypothesis position: the
   earliest hypothesis word is aligned if possible, and to the leftmost reference word possible.

So the result is a well-defined function of the candidates, whatever the search does.

**The search** is exact and fast on ordinary sentences:

* The candidates split into connected components (for the exact and stem stages, one per
  word type). A maximum alignment is maximum in every component. In a *complete* component
  (every hypothesis word may map to every reference word: all equal-word and equal-stem
  components) an optimal alignment never has two crossing links of that component (uncrossing
  them removes that crossing and adds none), so in a complete component with as many
  hypothesis as reference words the monotone pairing is forced: most components are settled
  without any search.
* The rest is a depth-first branch-and-bound over the remaining hypothesis words, left to
  right, each trying its free candidates left to right and then no link (the tie-break
  order, so the first optimum found is the one returned). A branch is cut when a component can
  no longer reach its maximum, or when its cost so far plus a lower bound (each component's
  still needed links at their cheapest against the links already chosen) cannot beat the best.

**Budget.** A search that visits more than :data:`NODE_BUDGET` nodes stops; the stage is then
aligned by a beam search (:data:`BEAM_WIDTH` partial alignments kept per hypothesis word,
ranked by cost plus lower bound) and the better of the beam's result and the best alignment
found before the stop is returned, flagged as approximate (``exact=False``); METEOR counts such
segments in its ``approx_segments`` statistic. The beam keeps the number of matches maximal;
only the crossings may then be more than the minimum.

**Kernels.** When every searched component is complete (exact and stem stages), the depth-first
search and the beam's lower bound run compiled (:mod:`._meteor_numba`, extra ``mtmetrics[fast]``,
switched by ``MTMETRICS_KERNEL``: :mod:`mtmetrics.resources.kernels`). The compiled search visits
the same nodes in the same order and counts them against the same budget, so the alignments,
approximate ones included, are identical (``tests/baselines/test_meteor_kernels.py``); on WMT21
zh-en it is what makes METEOR cost about as much as chrF instead of 40 times more.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mtmetrics.resources import kernels

Link = tuple[int, int]

#: Search nodes visited before the exact search gives up on a stage (about 0.1-0.5 s of Python).
NODE_BUDGET = 20_000
#: Nodes of the first, plain depth-first search; past it a beam search of width
#: ``INCUMBENT_WIDTH`` gives the cost to beat and the search starts again (same total budget).
QUICK_BUDGET = 1_000
INCUMBENT_WIDTH = 8
#: Partial alignments the fallback beam search keeps per hypothesis word.
BEAM_WIDTH = 64


@dataclass(frozen=True)
class StageAlignment:
    """A stage's links (sorted) and whether the search proved them optimal (``False``: beam)."""

    links: tuple[Link, ...]
    exact: bool = True


def _warm(module: Any) -> object:
    one = np.array([0, 1], dtype=np.int64)
    zero = np.zeros(1, dtype=np.int64)
    return module.depth_first(zero, one, zero, zero, one, zero, one, zero, np.ones(1, dtype=np.int64), 1, 1, 0, 10, -1)


def _load_numba() -> Any:
    """The compiled search (:mod:`._meteor_numba`), or None (Python), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_baselines._meteor_numba", _warm, "meteor")


def kernel() -> str:
    """``numba`` or ``python``: which search kernel this process uses."""
    return kernels.name(_load_numba())


class _BudgetExceeded(Exception):
    """Raised inside the depth-first search when it visited ``NODE_BUDGET`` nodes."""


def count_crossings(links: Sequence[Link], others: Sequence[Link] = ()) -> int:
    """Crossings among ``links``, or between ``links`` and ``others`` when ``others`` is given."""
    if others:
        return sum(1 for h, r in links for g, s in others if (h - g) * (r - s) < 0)
    return sum(1 for k, (h, r) in enumerate(links) for g, s in links[k + 1 :] if (h - g) * (r - s) < 0)


def _max_matching(adj: Mapping[int, Sequence[int]], free: set[int] | None = None) -> int:
    """Size of a maximum matching (Kuhn's augmenting paths) of ``adj``, on ``free`` refs only."""
    owner: dict[int, int] = {}

    def augment(h: int, seen: set[int]) -> bool:
        for r in adj[h]:
            if (free is None or r in free) and r not in seen:
                seen.add(r)
                if r not in owner or augment(owner[r], seen):
                    owner[r] = h
                    return True
        return False

    return sum(1 for h in adj if augment(h, set()))


class _Component:
    """One connected component of the candidate links still to be searched."""

    def __init__(self, adj: dict[int, list[int]]) -> None:
        self.adj = adj
        self.refs = sorted({r for rs in adj.values() for r in rs})
        self.complete = all(len(rs) == len(self.refs) for rs in adj.values())
        self.size = min(len(adj), len(self.refs)) if self.complete else _max_matching(adj)

    def can_reach(self, need: int, hyps: Sequence[int], used: set[int], low: int) -> bool:
        """Whether ``need`` more links can be made from the hypothesis words ``hyps`` (in a
        complete component, to reference words after ``low``, its last linked one)."""
        if need <= 0:
            return True
        if len(hyps) < need:
            return False
        if self.complete:
            return len(self.refs) - bisect.bisect_right(self.refs, low) >= need
        free = set(self.refs) - used
        return _max_matching({h: self.adj[h] for h in hyps}, free) >= need


def _components(candidates: Mapping[int, Sequence[int]]) -> list[dict[int, list[int]]]:
    """Connected components of the bipartite candidate graph, as hypothesis → refs maps."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for h, rs in candidates.items():
        for r in rs:
            parent[find(h)] = find(~r)  # refs are the negative keys ~r
    groups: dict[int, dict[int, list[int]]] = {}
    for h in sorted(candidates):
        if candidates[h]:
            groups.setdefault(find(h), {})[h] = sorted(candidates[h])
    return list(groups.values())


class _Search:
    """Branch-and-bound (and beam fallback) over the hypothesis words of unforced components."""

    def __init__(self, comps: list[_Component], forced: list[Link], fixed: Sequence[Link]) -> None:
        units = sorted((h, c) for c, comp in enumerate(comps) for h in comp.adj)
        self.comps = comps
        self.hyps = [h for h, _ in units]
        self.comp_of = [c for _, c in units]
        self.cands = [comps[c].adj[h] for h, c in units]
        # cost = own crossings * weight + crossings with earlier stages (the first tie-break)
        self.weight = len(fixed) * len(units) + 1
        self.static = [
            [self.weight * count_crossings([(h, r)], forced) + count_crossings([(h, r)], fixed) for r in rs]
            for h, rs in zip(self.hyps, self.cands, strict=True)
        ]
        self.units_of: list[list[int]] = [[] for _ in comps]
        for j, c in enumerate(self.comp_of):
            self.units_of[c].append(j)
        self.nodes = 0
        self.incumbent: tuple[int, list[Link]] | None = None
        self.compiled = _load_numba() if all(comp.complete for comp in comps) else None

    def _arrays(self) -> tuple[np.ndarray, ...]:
        """The search's data as flat integer arrays, for the compiled kernel (built once)."""
        if not hasattr(self, "_flat"):
            i64 = np.int64
            cands = [r for rs in self.cands for r in rs]
            self._flat = (
                np.array(self.comp_of, dtype=i64),
                np.cumsum([0, *map(len, self.cands)], dtype=i64),
                np.array(cands, dtype=i64),
                np.array([s for ss in self.static for s in ss], dtype=i64),
                np.cumsum([0, *map(len, self.units_of)], dtype=i64),
                np.array([j for us in self.units_of for j in us], dtype=i64),
                np.cumsum([0, *(len(comp.refs) for comp in self.comps)], dtype=i64),
                np.array([r for comp in self.comps for r in comp.refs], dtype=i64),
                np.array([comp.size for comp in self.comps], dtype=i64),
            )
            self._nref = max(cands) + 1
        return self._flat

    def _bound_compiled(self, i: int, refs: list[int], need: list[int], low: list[int]) -> int:
        """:meth:`bound` by the compiled kernel; ``refs`` are the used reference positions."""
        assert self.compiled is not None
        _, cand_off, cand_r, cand_s, unit_off, units, *_ = self._arrays()
        used = np.zeros(self._nref, dtype=np.bool_)
        used[refs] = True
        suffix = np.zeros(self._nref + 1, dtype=np.int64)
        self.compiled._suffix_counts(used, suffix)
        return int(
            self.compiled._bound(
                i,
                used,
                suffix,
                -1,
                np.array(need, dtype=np.int64),
                np.array(low, dtype=np.int64),
                self.weight,
                cand_off,
                cand_r,
                cand_s,
                self.compiled._prefix_min(cand_off, cand_s),
                unit_off,
                units,
                np.empty(len(self.hyps) + 1, dtype=np.int64),
            )
        )

    def _depth_first_compiled(self, budget: int, upper: int | None) -> tuple[int, list[Link]] | None:
        """:meth:`depth_first` by the compiled kernel (same nodes, same result, same incumbent)."""
        assert self.compiled is not None
        exceeded, self.nodes, found, cost, choice = self.compiled.depth_first(
            *self._arrays(), self.weight, self._nref, self.nodes, budget, -1 if upper is None else upper
        )
        best = (int(cost), [(h, int(r)) for h, r in zip(self.hyps, choice.tolist(), strict=True) if r >= 0])
        if exceeded:
            if found:
                self.incumbent = best
            raise _BudgetExceeded
        return best if found else None

    def later(self, i: int, c: int) -> list[int]:
        """The units of component ``c`` at or after unit ``i``."""
        units = self.units_of[c]
        return units[bisect.bisect_left(units, i) :]

    def _own(self, refs: list[int], r: int) -> int:
        """Crossings of a new link at ref ``r`` with chosen links (all on earlier hypothesis words)."""
        return len(refs) - bisect.bisect_right(refs, r)

    def bound(self, i: int, refs: list[int], used: set[int], need: list[int], low: list[int]) -> int:
        """Lower bound of the cost still to come from unit ``i`` on."""
        if self.compiled is not None:  # the beam's calls (the depth-first search is compiled whole)
            return self._bound_compiled(i, refs, need, low)
        total = 0
        for c, n in enumerate(need):
            if n <= 0:
                continue
            floor = low[c]
            cheapest = sorted(
                min(
                    (
                        self.weight * self._own(refs, r) + s
                        for r, s in zip(self.cands[j], self.static[j], strict=True)
                        if r > floor and r not in used
                    ),
                    default=0,
                )
                for j in self.later(i, c)
            )
            total += sum(cheapest[:n])
        return total

    def feasible(self, i: int, c: int, used: set[int], need: list[int], low: int) -> bool:
        """Whether component ``c`` can still reach its maximum from unit ``i`` on."""
        return self.comps[c].can_reach(need[c], [self.hyps[j] for j in self.later(i, c)], used, low)

    def options(
        self, i: int, refs: list[int], used: set[int], need: list[int], low: list[int]
    ) -> list[tuple[int, int | None]]:
        """``(cost, ref)`` of each feasible choice of unit ``i``, in tie-break order (``None``: no link).

        In a complete component the links are monotone (see the module's docstring): a unit
        links only to reference words after the component's last linked one, ``low[c]``.
        """
        c = self.comp_of[i]
        floor = low[c] if self.comps[c].complete else -1
        out: list[tuple[int, int | None]] = []
        if need[c] > 0:
            need[c] -= 1
            for r, s in zip(self.cands[i], self.static[i], strict=True):
                if r > floor and r not in used:
                    used.add(r)
                    if self.feasible(i + 1, c, used, need, max(r, low[c])):
                        out.append((self.weight * self._own(refs, r) + s, r))
                    used.discard(r)
            need[c] += 1
        if self.feasible(i + 1, c, used, need, low[c]):
            out.append((0, None))
        return out

    def depth_first(self, budget: int, upper: int | None = None) -> tuple[int, list[Link]] | None:
        """The optimum in tie-break order; raises ``_BudgetExceeded`` past ``budget`` nodes.

        ``upper``: the cost of a known alignment; only costs up to it are searched (the search
        still returns its own first optimum, so the tie-break does not depend on ``upper``).
        """
        if self.compiled is not None:
            return self._depth_first_compiled(budget, upper)
        best: list[tuple[int, list[Link]]] = [] if upper is None else [(upper + 1, [])]
        links: list[Link] = []
        refs: list[int] = []
        used: set[int] = set()
        need = [comp.size for comp in self.comps]
        low = [-1 if comp.complete else -(1 << 62) for comp in self.comps]

        def visit(i: int, cost: int) -> None:
            self.nodes += 1
            if self.nodes > budget:
                raise _BudgetExceeded
            if i == len(self.hyps):
                if not best or cost < best[0][0]:
                    best[:] = [(cost, list(links))]
                    self.incumbent = best[0]
                return
            if best and cost + self.bound(i, refs, used, need, low) >= best[0][0]:
                return
            c = self.comp_of[i]
            for step, r in self.options(i, refs, used, need, low):
                if r is None:
                    visit(i + 1, cost)
                    continue
                links.append((self.hyps[i], r))
                used.add(r)
                k = bisect.bisect_right(refs, r)
                refs.insert(k, r)
                need[c] -= 1
                before, low[c] = low[c], max(r, low[c])
                visit(i + 1, cost + step)
                low[c] = before
                need[c] += 1
                del refs[k]
                used.discard(r)
                links.pop()

        visit(0, 0)
        return best[0] if best and (upper is None or best[0][0] <= upper) else None

    def beam(self, width: int) -> tuple[int, list[Link]] | None:
        """Best complete alignment of a beam search keeping ``width`` states per unit."""
        if self.compiled is not None:
            found, cost, choice = self.compiled.beam(
                *self._arrays(), self.weight, self._nref, np.array(self.hyps, dtype=np.int64), width
            )
            if not found:
                return None
            return int(cost), [(h, int(r)) for h, r in zip(self.hyps, choice.tolist(), strict=True) if r >= 0]
        start = [-1 if comp.complete else -(1 << 62) for comp in self.comps]
        states: list[tuple[int, list[Link], list[int], set[int], list[int], list[int]]] = [
            (0, [], [], set(), [comp.size for comp in self.comps], start)
        ]
        for i in range(len(self.hyps)):
            grown: list[tuple[int, int, list[Link], list[int], set[int], list[int], list[int]]] = []
            for cost, links, refs, used, need, low in states:
                for step, r in self.options(i, refs, used, need, low):
                    if r is None:
                        new = (cost, links, refs, used, need, low)
                    else:
                        c = self.comp_of[i]
                        new = (
                            cost + step,
                            [*links, (self.hyps[i], r)],
                            sorted([*refs, r]),
                            used | {r},
                            [n - (k == c) for k, n in enumerate(need)],
                            [max(r, x) if k == c else x for k, x in enumerate(low)],
                        )
                    grown.append((new[0] + self.bound(i + 1, new[2], new[3], new[4], new[5]), *new))
            grown.sort(key=lambda s: (s[0], s[2]))
            states = [s[1:] for s in grown[:width]]
        done = [(cost, links) for cost, links, *_ in states]
        return min(done) if done else None


def align_stage(
    candidates: Mapping[int, Sequence[int]],
    fixed: Sequence[Link] = (),
    budget: int | None = None,
    beam_width: int | None = None,
) -> StageAlignment:
    """The stage alignment of ``candidates`` (hypothesis position → candidate reference positions).

    ``fixed`` holds the earlier stages' links (their words must not be among the candidates);
    ``budget`` and ``beam_width`` default to :data:`NODE_BUDGET` and :data:`BEAM_WIDTH`.
    """
    budget = NODE_BUDGET if budget is None else budget
    beam_width = BEAM_WIDTH if beam_width is None else beam_width
    forced: list[Link] = []
    searched: list[_Component] = []
    for adj in _components(candidates):
        comp = _Component(adj)
        if comp.complete and len(adj) == len(comp.refs):
            forced.extend(zip(sorted(adj), comp.refs, strict=True))
        else:
            searched.append(comp)
    if not searched:
        return StageAlignment(tuple(sorted(forced)))
    search = _Search(searched, forced, fixed)
    try:  # most stages: a plain depth-first search suffices
        found = search.depth_first(min(budget, QUICK_BUDGET))
        return StageAlignment(tuple(sorted(forced + found[1])) if found else (), True)
    except _BudgetExceeded:
        pass
    heuristic = search.beam(INCUMBENT_WIDTH)
    search.incumbent = None
    try:  # harder stages: search again, knowing the cost to beat
        found = search.depth_first(budget, heuristic[0] if heuristic else None)
        exact = True
    except _BudgetExceeded:
        known = [x for x in (search.incumbent, heuristic, search.beam(beam_width)) if x is not None]
        found = min(known) if known else None
        exact = False
    assert found is not None  # the beam always completes (each state can reach the maximum)
    return StageAlignment(tuple(sorted(forced + found[1])), exact)
