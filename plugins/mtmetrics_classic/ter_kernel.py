"""TER statistics of many segments: the compiled search when numba is installed, else sacrebleu's.

sacrebleu's TER (``sacrebleu.metrics.lib_ter``) is a greedy, order-dependent search: at each step
it tries shifts of matching word blocks, scores every candidate with a beam edit distance and
keeps the best by a fixed ranking, until no shift helps or 1,000 candidates were tried. Any
different tie-break changes the chosen shift and so the number, which is why the compiled kernel
(:mod:`._ter_numba`) transcribes it decision for decision over integer word ids instead of
implementing TER afresh. In pure Python the search costs tens of milliseconds per long segment
and its row cache keeps full matrix rows (14 GB on a 150,000-token line); compiled and storing
only the beam, it is far faster and linear in memory. Tokenisation stays sacrebleu's own
(``TER._preprocess_segment``), so each option (case, normalisation, punctuation, Asian
characters) means exactly what it means there.

The choice is made once per process by ``MTMETRICS_KERNEL`` (:mod:`mtmetrics.resources.kernels`);
``python`` forces sacrebleu's Python code (the two give identical statistics: ``tests/classic/test_ter_kernel.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import sacrebleu

from mtmetrics import Segment
from mtmetrics.resources import kernels

from ._sacrebleu import segment_stats
from .ngram_kernel import offsets, word_ids


def _warm(module: Any) -> object:
    one = np.zeros(1, dtype=np.int64)
    return module.ter_pairs(one, np.array([0, 1]), one, np.array([0, 1]), np.zeros(1, dtype=np.int64))


def _load_numba() -> Any:
    """The compiled module, or None (sacrebleu's Python code), as ``MTMETRICS_KERNEL`` says."""
    return kernels.load("mtmetrics_classic._ter_numba", _warm, "ter")


def kernel() -> str:
    """``numba`` or ``python``: which TER search this process uses."""
    return kernels.name(_load_numba())


def ter_statistics(ter: sacrebleu.TER, segments: Sequence[Segment]) -> np.ndarray:
    """Rows ``(num_edits, ref_length)`` per segment, equal to sacrebleu's for the TER object ``ter``.

    As in sacrebleu: the fewest edits over the references, the mean reference length.
    """
    nb = _load_numba()
    if nb is None:
        return segment_stats(ter, segments)
    prep = ter._preprocess_segment
    hyps = [prep(s.hyp).split() for s in segments]
    refs = [[prep(r).split() for r in s.refs] for s in segments]
    lists = [*hyps, *(r for rs in refs for r in rs)]  # hypotheses, then every reference
    ids, lengths = word_ids(lists)
    off = offsets(lengths)
    pair_hyp = np.repeat(np.arange(len(segments), dtype=np.int64), [len(rs) for rs in refs])
    edits = nb.ter_pairs(ids, off[: len(hyps) + 1], ids, off[len(hyps) :], pair_hyp).tolist()
    out = np.empty((len(segments), 2), dtype=np.float64)
    k = 0
    for row, (words_hyp, words_refs) in enumerate(zip(hyps, refs, strict=True)):
        best = int(1e16)
        ref_lengths = 0
        for words_ref in words_refs:
            num = edits[k]
            if num == nb.ERROR:  # sacrebleu raises on this pair: let it say so
                from sacrebleu.metrics.lib_ter import translation_edit_rate

                num, _ = translation_edit_rate(words_hyp, words_ref)
            ref_lengths += len(words_ref)
            if num < best:
                best = num
            k += 1
        out[row, 0] = best
        out[row, 1] = ref_lengths / len(words_refs)
    return out
