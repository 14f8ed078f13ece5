"""Test oracle: a literal, slow transcription of docs/metrics.md §2 (hLEPOR), independent of the plugin.

Written from the spec text only, deliberately naive: candidates are recomputed from scratch for
every hyp word, the context test compares every neighbour pair by position, fractions are
summed per word as the spec writes them. Two flags switch on, one at a time, the two departures
of the ``hLepor`` 0.0.4 package from the paper (see the plugin's ``core`` docstring), so the tests
can show that each one is real and that both together reproduce the package.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def _neighbours(words: Sequence[str], i: int, n: int, wrap_left: bool) -> list[str]:
    """Words at positions i-n..i-1 and i+1..i+n, clipped at the ends (spec)."""
    # hLepor 0.0.4 takes words[i-n:i]; with a negative start Python wraps it around
    wrapped = wrap_left and i - n < 0
    left = list(words[i - n : i]) if wrapped else [words[k] for k in range(i - n, i) if k >= 0]
    right = [words[k] for k in range(i + 1, i + n + 1) if k < len(words)]
    return left + right


def _context_matches(hyp: Sequence[str], x: int, ref: Sequence[str], y: int, n: int, wrap_left: bool) -> bool:
    """Some neighbour of hyp word x equals some neighbour of ref word y."""
    for a in _neighbours(hyp, x, n, wrap_left):
        for b in _neighbours(ref, y, n, wrap_left):
            if a == b:
                return True
    return False


def alignment(
    hyp: Sequence[str], ref: Sequence[str], n: int = 2, wrap_left: bool = False, index_confusion: bool = False
) -> list[tuple[int, int]]:
    """Figure 1 as docs/metrics.md §2 states it: (hyp position, ref position) pairs, 0-based."""
    used = [False] * len(ref)
    pairs = []
    for x in range(len(hyp)):
        unused = [y for y in range(len(ref)) if ref[y] == hyp[x] and not used[y]]
        if not unused:
            continue  # no equal ref word (left): unaligned
        if len(unused) == 1:
            y = unused[0]
        else:
            preferred = [y for y in unused if _context_matches(hyp, x, ref, y, n, wrap_left)]
            pool = preferred if preferred else unused
            best_d = min(abs(x - y) for y in pool)
            k = next(i for i, y in enumerate(pool) if abs(x - y) == best_d)  # earliest on ties
            y = unused[k] if index_confusion else pool[k]
        used[y] = True
        pairs.append((x, y))
    return pairs


def hlepor(
    hyp: Sequence[str],
    ref: Sequence[str],
    alpha: float = 9.0,
    beta: float = 1.0,
    w_hpr: float = 7.0,
    w_elp: float = 2.0,
    w_npp: float = 1.0,
    n: int = 2,
    wrap_left: bool = False,
    index_confusion: bool = False,
    identity_shortcut: bool = False,
) -> float:
    """Sentence hLEPOR (eq. 9) of one hyp against one ref."""
    c = len(hyp)
    r = len(ref)
    if c == 0:
        return 0.0  # ELP = exp(1 - r/0) = 0
    elp = math.exp(1 - r / c) if c < r else math.exp(1 - c / r)
    if identity_shortcut and list(hyp) == list(ref):
        pairs = [(i, i) for i in range(c)]
    else:
        pairs = alignment(hyp, ref, n, wrap_left, index_confusion)
    pd = [0.0] * c
    for x, y in pairs:
        pd[x] = (x + 1) / c - (y + 1) / r
    npd = sum(abs(v) for v in pd) / c
    npp = math.exp(-npd)
    aligned = len(pairs)
    precision = aligned / c
    recall = aligned / r
    if precision == 0 or recall == 0:
        return 0.0
    hpr = (alpha + beta) * precision * recall / (alpha * precision + beta * recall)
    return (w_hpr + w_elp + w_npp) / (w_hpr / hpr + w_elp / elp + w_npp / npp)


def hlepor_best(hyp: Sequence[str], refs: Sequence[Sequence[str]], **kw: float) -> float:
    """Several references: the best score (``refs:best``)."""
    return max(hlepor(hyp, ref, **kw) for ref in refs)  # type: ignore[arg-type]


def hlepor_e(word: float, pos: float, w_hw: float, w_hp: float) -> float:
    """Eq. 11."""
    return (w_hw * word + w_hp * pos) / (w_hw + w_hp)
