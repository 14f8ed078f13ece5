"""Scoring many segments at once: the compiled kernel when numba is installed, else the Python one.

Both kernels make the same alignment decisions and accumulate ``Σ|PD_i|`` in integers, and the
factors are computed from (c, r, aligned, Σ) with the same floating-point operations
(:func:`.core.factors_from_counts` in Python, its transcription in :mod:`._numba`), so the two
paths give bit-identical statistics (``tests/hlepor/test_batch.py`` checks it). The choice is made once per
process by ``MTMETRICS_KERNEL`` (:mod:`mtmetrics.resources.kernels`); ``python`` forces the Python
kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mtmetrics.resources import kernels

from .core import ALIGNERS, Factors, Weights, best_factors


def _warm(module: Any) -> object:
    one = np.zeros(1, dtype=np.int64)
    off = np.array([0, 1], dtype=np.int64)
    return module.score_batch(one, off, one, off, np.ones(1, dtype=np.int64), 2, False, np.ones(5))


def _load_numba() -> Any:
    """The compiled module, or None (Python kernel), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_hlepor._numba", _warm, "hlepor")


def kernel() -> str:
    """``numba`` or ``python``: which alignment kernel this process uses."""
    return kernels.name(_load_numba())


def score_segments(
    hyps: Sequence[list[str]], refs: Sequence[Sequence[list[str]]], weights: Weights, n: int, impl: str
) -> np.ndarray:
    """Per segment, the factors against its best reference (the first one on ties), one row each:
    the columns of :class:`.core.Factors` (score, elp, npp, hpr, precision, recall)."""
    nb = _load_numba()
    if nb is None:
        align = ALIGNERS[impl]
        rows = [best_factors(h, rs, weights, n, align) for h, rs in zip(hyps, refs, strict=True)]
        return np.array(rows, dtype=np.float64).reshape(len(rows), len(Factors._fields))
    vocab: dict[str, int] = {}
    hyp_ids, hoff = nb.encode(list(hyps), vocab)
    ref_ids, roff = nb.encode([r for rs in refs for r in rs], vocab)
    nrefs = np.fromiter(map(len, refs), dtype=np.int64, count=len(refs))
    if len(refs) and not nrefs.min():
        raise ValueError("every segment needs at least one reference")
    w = np.array([weights.alpha, weights.beta, weights.w_hpr, weights.w_elp, weights.w_npp], dtype=np.float64)
    # a window wider than twice the longest sentence holds the whole sentence, in the paper's
    # clipped windows as in the package's wrapped slices: the same alignment, in bounded memory
    longest = max(max(map(len, hyps), default=0), max((len(r) for rs in refs for r in rs), default=0))
    n = min(n, 2 * longest + 1)
    return nb.score_batch(hyp_ids, hoff, ref_ids, roff, nrefs, n, impl == "hlepor-pypi", w)
