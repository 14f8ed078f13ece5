"""Scoring many segments at once: the compiled kernel when numba is installed, else the Python one.

Both kernels make the same alignment decisions and accumulate ``Σ|PD_i|`` in integers, and the
factors are computed from (c, r, aligned, Σ) by one Python function, so the two paths give
bit-identical statistics (``tests/hlepor/test_batch.py`` checks it). The choice is made once per
process by ``MTMETRICS_KERNEL`` (:mod:`mtmetrics.resources.kernels`); ``python`` forces the Python
kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mtmetrics.resources import kernels

from .core import ALIGNERS, Factors, Weights, best_factors, factors_from_counts


def _warm(module: Any) -> object:
    one = np.zeros(1, dtype=np.int64)
    off = np.array([0, 1], dtype=np.int64)
    return module.align_batch(one, off, one, off, one, one, 2, False)


def _load_numba() -> Any:
    """The compiled module, or None (Python kernel), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_hlepor._numba", _warm, "hlepor")


def kernel() -> str:
    """``numba`` or ``python``: which alignment kernel this process uses."""
    return kernels.name(_load_numba())


def score_segments(
    hyps: Sequence[list[str]], refs: Sequence[Sequence[list[str]]], weights: Weights, n: int, impl: str
) -> list[Factors]:
    """Per segment, the factors against its best reference (the first one on ties)."""
    nb = _load_numba()
    if nb is None:
        align = ALIGNERS[impl]
        return [best_factors(h, rs, weights, n, align) for h, rs in zip(hyps, refs, strict=True)]
    vocab: dict[str, int] = {}
    flat_refs = [r for rs in refs for r in rs]
    hyp_ids, hoff = nb.encode(list(hyps), vocab)
    ref_ids, roff = nb.encode(flat_refs, vocab)
    counts = np.fromiter((len(rs) for rs in refs), dtype=np.int64, count=len(refs))
    pair_h = np.repeat(np.arange(len(hyps), dtype=np.int64), counts)
    pair_r = np.arange(len(flat_refs), dtype=np.int64)
    aligned, total = nb.align_batch(hyp_ids, hoff, ref_ids, roff, pair_h, pair_r, n, impl == "hlepor-pypi")
    aligned_l, total_l = aligned.tolist(), total.tolist()
    out: list[Factors] = []
    p = 0
    for h, rs in zip(hyps, refs, strict=True):
        c = len(h)
        best: Factors | None = None
        for r in rs:
            f = factors_from_counts(c, len(r), aligned_l[p], total_l[p], weights)
            p += 1
            if best is None or f.score > best.score:
                best = f
        if best is None:
            raise ValueError("every segment needs at least one reference")
        out.append(best)
    return out
