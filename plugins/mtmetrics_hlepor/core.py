"""hLEPOR on token sequences (Han et al. 2013, docs/metrics.md §2): alignment, factors, score.

Everything here works on lists of tokens (words or POS tags), so the same code serves
``hLEPOR_word`` and ``hLEPOR_POS``. Two alignments are offered:

* :func:`align_paper` — Figure 1 of the paper as docs/metrics.md §2 pins it down: hyp words left
  to right; one unused equal ref word is taken directly; with several, the candidates whose
  context (neighbours within distance ``n``, clipped at the sentence ends) shares a word with the
  hyp word's context are preferred; the nearest preferred candidate (else the nearest unused one)
  by ``|x - y|`` wins, the earliest on ties.
* :func:`align_hlepor_pypi` — the alignment of the ``hLepor`` package 0.0.4 on PyPI (the Python
  port of the author's Perl), reproduced bug for bug. It departs from the paper in two places,
  found by differential testing on WMT data (``tests/hlepor/test_pypi_oracle.py``):

  1. **Left context at the sentence start.** The context window is taken with Python slices
     ``words[i - n : i]``. For ``i < n`` the start is negative and wraps around, so the slice is
     *empty* (when the sentence has at least ``n`` words) instead of ``words[0:i]``: the first
     ``n`` words of hyp and ref have no left context at all.
  2. **Index confusion among preferred candidates.** ``argmin`` of the distances is taken over the
     *preferred* (context-matching) candidates, but the resulting index is used to pick from, and
     remove from, the list of *all* unused candidates. Whenever the preferred candidates are a
     strict subset, another ref position than the nearest preferred one is aligned.

  It also short-cuts identical token lists to a perfect alignment (which the paper alignment gives
  anyway, but the index confusion would not).

Both count aligned words the same way: the clipped unigram count ``Σ_w min(c_hyp(w), c_ref(w))``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

#: An alignment function: (hyp tokens, ref tokens, context window n) -> (aligned count, total),
#: ``total = Σ|(x+1)·r - (y+1)·c|`` over aligned pairs, i.e. ``Σ|PD_i| = total / (c·r)``, exact.
Aligner = Callable[[Sequence[str], Sequence[str], int], tuple[int, int]]


@dataclass(frozen=True)
class Weights:
    """One hLEPOR parameter set: ``α``, ``β`` (eq. 4) and ``w_HPR : w_ELP : w_NPP`` (eq. 9)."""

    alpha: float = 9.0
    beta: float = 1.0
    w_hpr: float = 7.0
    w_elp: float = 2.0
    w_npp: float = 1.0


class Factors(NamedTuple):
    """The sentence-level factors of one hyp/ref pair and the resulting hLEPOR score."""

    score: float
    elp: float
    npp: float
    hpr: float
    precision: float
    recall: float


_EMPTY = Factors(0.0, 0.0, 1.0, 0.0, 0.0, 0.0)


def _context(words: Sequence[str], i: int, n: int) -> list[str]:
    """Neighbours of position ``i`` within distance ``n``, clipped at the sentence ends.

    A list, not a set: the hyp side's context is only tested against the (cached) sets of the ref
    side, ``set.isdisjoint`` takes any iterable, and one list costs less than three sets.
    """
    return [*words[max(0, i - n) : i], *words[i + 1 : i + n + 1]]


def _pypi_context(words: Sequence[str], i: int, n: int) -> list[str]:
    """hLepor 0.0.4's ``find_words_around`` window: Python slices, negative start included (departure 1)."""
    return [*words[i - n : i], *words[i + 1 : i + n + 1]]


#: Aligns the hyp occurrences ``xs`` of one word to its ref positions ``ys`` (both ascending);
#: returns the aligned (x, y) pairs. Arguments: hyp, ref, n, xs, ys.
_Multi = Callable[[Sequence[str], Sequence[str], int, list[int], list[int]], list[tuple[int, int]]]


def _multi_paper(hyp: Sequence[str], ref: Sequence[str], n: int, xs: list[int], ys: list[int]) -> list[tuple[int, int]]:
    # Figure 1 for a word with several ref occurrences; hyp occurrences left to right. The answer
    # is the nearest context-matching candidate (earliest on ties), else the nearest candidate:
    # so candidates are tried in order of (distance, position) and the first match wins.
    pairs = []
    ref_ctx: dict[int, set[str]] = {}
    for x in xs:
        if not ys:
            break
        if len(ys) == 1:
            pairs.append((x, ys.pop()))
            continue
        hctx = _context(hyp, x, n)
        order = sorted(ys, key=lambda y: (abs(x - y), y))
        best = order[0]
        for y in order:
            rc = ref_ctx.get(y)
            if rc is None:
                rc = ref_ctx[y] = set(_context(ref, y, n))
            if not rc.isdisjoint(hctx):
                best = y
                break
        ys.remove(best)
        pairs.append((x, best))
    return pairs


def _multi_pypi(hyp: Sequence[str], ref: Sequence[str], n: int, xs: list[int], ys: list[int]) -> list[tuple[int, int]]:
    # hLepor 0.0.4's loop in _find_position_difference, bug for bug
    pairs = []
    ref_ctx: dict[int, set[str]] = {}
    for x in xs:
        if not ys:
            break
        hctx = _pypi_context(hyp, x, n)
        preferred = []
        for y in ys:
            rc = ref_ctx.get(y)
            if rc is None:
                rc = ref_ctx[y] = set(_pypi_context(ref, y, n))
            if not rc.isdisjoint(hctx):
                preferred.append(y)
        pool = preferred or ys
        k = min(range(len(pool)), key=lambda i: abs(x - pool[i]))
        pairs.append((x, ys.pop(k)))  # index into the preferred list used on the full list (departure 2)
    return pairs


def _positions(words: Sequence[str], w: str, start: int) -> list[int]:
    """Ascending positions of ``w`` in ``words`` from ``start`` (its first one) on, by C-level search."""
    out = [start]
    index = words.index
    try:
        while True:
            start = index(w, start + 1)
            out.append(start)
    except ValueError:
        return out


def _align(hyp: Sequence[str], ref: Sequence[str], n: int, multi: _Multi) -> tuple[int, int]:
    """Shared driver: words occurring once in the ref align to their first hyp occurrence (both
    alignments agree there: a single candidate is always taken); words occurring several times in
    the ref go to ``multi``. Words never compete for ref positions, so the order of words is free.

    ``Σ|PD_i|`` is accumulated exactly in integers as ``Σ|(x+1)·r - (y+1)·c| / (c·r)``.
    """
    c, r = len(hyp), len(ref)
    if not c or not r:
        return 0, 0
    # 1-based first index of every word: dict() keeps the last value of a key, so go backwards
    # (dict(zip(...)) builds it in C; a comprehension costs twice as much)
    rfirst = dict(zip(reversed(ref), range(r, 0, -1), strict=True))
    hfirst = dict(zip(reversed(hyp), range(c, 0, -1), strict=True))
    common = rfirst.keys() & hfirst.keys()
    if len(rfirst) == r:  # no repeated ref word: every common word aligns its first occurrences
        return len(common), sum([abs(hfirst[w] * r - rfirst[w] * c) for w in common])
    rlast = dict(zip(ref, range(1, r + 1), strict=True))  # a word repeats iff its first and last differ
    repeated = {w for w in common if rfirst[w] != rlast[w]}
    common -= repeated
    total = sum([abs(hfirst[w] * r - rfirst[w] * c) for w in common])
    aligned = len(common)
    if len(repeated) == 1:
        (w,) = repeated
        where = {w: (_positions(hyp, w, hfirst[w] - 1), _positions(ref, w, rfirst[w] - 1))}
    else:  # one pass over each sentence is cheaper than one search per word
        where = {w: ([], []) for w in repeated}
        for x, w in enumerate(hyp):
            if w in where:
                where[w][0].append(x)
        for y, w in enumerate(ref):
            if w in where:
                where[w][1].append(y)
    for xs, ys in where.values():
        for x, y in multi(hyp, ref, n, xs, ys):
            aligned += 1
            total += abs((x + 1) * r - (y + 1) * c)
    return aligned, total


def align_paper(hyp: Sequence[str], ref: Sequence[str], n: int) -> tuple[int, int]:
    """Context-dependent n-gram alignment (Figure 1) as docs/metrics.md §2 specifies it.

    Returns the number of aligned hyp words and ``Σ|i·r - j·c|`` over aligned pairs (1-based
    positions ``i`` in the hyp, ``j`` in the ref), i.e. ``c·r·Σ_i |i/c - j/r|`` in exact integers.
    """
    return _align(hyp, ref, n, _multi_paper)


def align_hlepor_pypi(hyp: Sequence[str], ref: Sequence[str], n: int) -> tuple[int, int]:
    """The alignment of the ``hLepor`` 0.0.4 package (see the module docstring for its two departures)."""
    if len(hyp) == len(ref) and list(hyp) == list(ref):
        return len(ref), 0
    return _align(hyp, ref, n, _multi_pypi)


ALIGNERS: dict[str, Aligner] = {"paper": align_paper, "hlepor-pypi": align_hlepor_pypi}


def factors_from_counts(c: int, r: int, aligned: int, total: int | float, weights: Weights) -> Factors:
    """ELP (eq. 1), NPosPenal (eqs. 2-3), HPR (eqs. 4-6) and hLEPOR (eq. 9) from the alignment.

    ``total`` is ``Σ|(x+1)·r - (y+1)·c|`` over aligned pairs, so ``NPD = total / (c·r) / c``.
    A zero factor gives hLEPOR = 0 (the limit of the weighted harmonic mean). An empty hypothesis
    has ``ELP = exp(1 - r/0) = 0``, ``NPD = 0`` and ``P = R = 0``.
    """
    if c == 0 or r == 0:
        return _EMPTY
    elp = math.exp(1.0 - r / c) if c < r else math.exp(1.0 - c / r)
    npp = math.exp(-(total / (c * r)) / c)
    if not aligned:
        return Factors(0.0, elp, npp, 0.0, 0.0, 0.0)
    p = aligned / c
    rec = aligned / r
    w = weights
    hpr = (w.alpha + w.beta) / (w.alpha / rec + w.beta / p)
    if elp == 0.0:  # exp(1 - r/c) underflows when the lengths differ by a factor > ~746
        return Factors(0.0, elp, npp, hpr, p, rec)
    # NPosPenal >= exp(-1) as NPD <= 1; HPR > 0 as aligned > 0
    score = (w.w_hpr + w.w_elp + w.w_npp) / (w.w_hpr / hpr + w.w_elp / elp + w.w_npp / npp)
    return Factors(score, elp, npp, hpr, p, rec)


def factors(hyp: Sequence[str], ref: Sequence[str], weights: Weights, n: int, align: Aligner) -> Factors:
    """The factors of one hyp/ref pair with the given alignment function."""
    c, r = len(hyp), len(ref)
    if c == 0 or r == 0:
        return _EMPTY
    aligned, total = align(hyp, ref, n)
    return factors_from_counts(c, r, aligned, total, weights)


def best_factors(
    hyp: Sequence[str], refs: Sequence[Sequence[str]], weights: Weights, n: int, align: Aligner
) -> Factors:
    """The factors against the reference giving the highest hLEPOR (the first one on ties)."""
    if len(refs) == 1:
        return factors(hyp, refs[0], weights, n, align)
    best: Factors | None = None
    for ref in refs:
        f = factors(hyp, ref, weights, n, align)
        if best is None or f.score > best.score:
            best = f
    if best is None:
        raise ValueError("best_factors needs at least one reference")
    return best
