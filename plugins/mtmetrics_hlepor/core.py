"""hLEPOR on token sequences (Han et al. 2013, METRICS.md section 2): alignment, factors, score.

Everything here works on lists of tokens (words or POS tags), so the same code serves
``hLEPOR_word`` and ``hLEPOR_POS``. Two alignments are offered:

* :func:`align_paper` — Figure 1 of the paper as METRICS.md section 2 pins it down: hyp words left
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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: An alignment function: (hyp tokens, ref tokens, context window n) -> (aligned count, Σ|PD_i|).
Aligner = Callable[[Sequence[str], Sequence[str], int], tuple[int, float]]


@dataclass(frozen=True)
class Weights:
    """One hLEPOR parameter set: ``α``, ``β`` (eq. 4) and ``w_HPR : w_ELP : w_NPP`` (eq. 9)."""

    alpha: float = 9.0
    beta: float = 1.0
    w_hpr: float = 7.0
    w_elp: float = 2.0
    w_npp: float = 1.0


@dataclass(frozen=True)
class Factors:
    """The sentence-level factors of one hyp/ref pair and the resulting hLEPOR score."""

    score: float
    elp: float
    npp: float
    hpr: float
    precision: float
    recall: float


def _context(words: Sequence[str], i: int, n: int) -> set[str]:
    """Neighbours of position ``i`` within distance ``n``, clipped at the sentence ends."""
    return set(words[max(0, i - n) : i]) | set(words[i + 1 : i + n + 1])


def align_paper(hyp: Sequence[str], ref: Sequence[str], n: int) -> tuple[int, float]:
    """Context-dependent n-gram alignment (Figure 1) as specified in METRICS.md section 2.

    Returns the number of aligned hyp words and ``Σ_i |i/c - j/r|`` over aligned pairs (1-based
    positions ``i`` in the hyp, ``j`` in the ref).
    """
    c, r = len(hyp), len(ref)
    if not c or not r:
        return 0, 0.0
    unused: dict[str, list[int]] = {}
    for j, w in enumerate(ref):
        unused.setdefault(w, []).append(j)
    ref_ctx: dict[int, set[str]] = {}
    aligned = 0
    total = 0.0
    for x, w in enumerate(hyp):
        cands = unused.get(w)
        if not cands:
            continue
        if len(cands) == 1:
            y = cands.pop()
        else:
            hctx = _context(hyp, x, n)
            preferred = []
            for yy in cands:
                rc = ref_ctx.get(yy)
                if rc is None:
                    rc = ref_ctx[yy] = _context(ref, yy, n)
                if not hctx.isdisjoint(rc):
                    preferred.append(yy)
            pool = preferred or cands
            # nearest by |x - y|; cands are ascending, so min() keeps the earliest on ties
            y = min(pool, key=lambda yy: abs(x - yy))
            cands.remove(y)
        aligned += 1
        total += abs((x + 1) / c - (y + 1) / r)
    return aligned, total


def _pypi_context(words: Sequence[str], i: int, n: int) -> list[str]:
    # exactly hLepor 0.0.4's find_words_around slices, including the negative-start wrap-around
    return list(words[i - n : i]) + list(words[i + 1 : i + n + 1])


def align_hlepor_pypi(hyp: Sequence[str], ref: Sequence[str], n: int) -> tuple[int, float]:
    """The alignment of the ``hLepor`` 0.0.4 package (see the module docstring for its two departures)."""
    c, r = len(hyp), len(ref)
    if not c or not r:
        return 0, 0.0
    if list(hyp) == list(ref):
        return r, 0.0
    hyp_counts = Counter(hyp)
    ref_pos: dict[str, list[int]] = {}
    for j, w in enumerate(ref):
        ref_pos.setdefault(w, []).append(j)
    hyp_pos: dict[str, list[int]] = {}
    for i, w in enumerate(hyp):
        if w in ref_pos:
            hyp_pos.setdefault(w, []).append(i)
    aligned = 0
    total = 0.0
    # the package visits the common words in the order of their first occurrence in the ref
    for w, locs in ref_pos.items():
        hlocs = hyp_pos.get(w)
        if not hlocs:
            continue
        aligned += min(len(locs), hyp_counts[w])
        if len(locs) == 1 == len(hlocs):
            total += abs((hlocs[0] + 1) / c - (locs[0] + 1) / r)
            continue
        locs = list(locs)
        for x in hlocs:
            if not locs:
                break
            hctx = _pypi_context(hyp, x, n)
            preferred = [yy for yy in locs if any(h in _pypi_context(ref, yy, n) for h in hctx)]
            pool = preferred or locs
            k = min(range(len(pool)), key=lambda i: abs(x - pool[i]))
            y = locs.pop(k)  # index into the preferred list, used on the full list (departure 2)
            total += abs((x + 1) / c - (y + 1) / r)
    return aligned, total


ALIGNERS: dict[str, Aligner] = {"paper": align_paper, "hlepor-pypi": align_hlepor_pypi}


def factors(hyp: Sequence[str], ref: Sequence[str], weights: Weights, n: int, align: Aligner) -> Factors:
    """ELP (eq. 1), NPosPenal (eqs. 2-3), HPR (eqs. 4-6) and hLEPOR (eq. 9) of one pair.

    A zero factor gives hLEPOR = 0 (the limit of the weighted harmonic mean). An empty hypothesis
    has ``ELP = exp(1 - r/0) = 0``, ``NPD = 0`` and ``P = R = 0``.
    """
    c, r = len(hyp), len(ref)
    if c == 0 or r == 0:
        npp = 1.0
        return Factors(0.0, 0.0, npp, 0.0, 0.0, 0.0)
    elp = math.exp(1.0 - r / c) if c < r else math.exp(1.0 - c / r)
    aligned, pd_sum = align(hyp, ref, n)
    npp = math.exp(-pd_sum / c)
    p = aligned / c
    rec = aligned / r
    hpr = (weights.alpha + weights.beta) / (weights.alpha / rec + weights.beta / p) if aligned else 0.0
    if elp > 0.0 and npp > 0.0 and hpr > 0.0:
        w = weights
        score = (w.w_hpr + w.w_elp + w.w_npp) / (w.w_hpr / hpr + w.w_elp / elp + w.w_npp / npp)
    else:
        score = 0.0
    return Factors(score, elp, npp, hpr, p, rec)


def best_factors(
    hyp: Sequence[str], refs: Sequence[Sequence[str]], weights: Weights, n: int, align: Aligner
) -> Factors:
    """The factors against the reference giving the highest hLEPOR (the first one on ties)."""
    best: Factors | None = None
    for ref in refs:
        f = factors(hyp, ref, weights, n, align)
        if best is None or f.score > best.score:
            best = f
    if best is None:
        raise ValueError("best_factors needs at least one reference")
    return best
