"""PRS and MPR: source-word reordering metrics (Liu & Gildea 2007, Section 2.2; docs/metrics.md §4.2).

``h(x)`` is the position in the hypothesis aligned to source word ``x`` — the mean position if
``x`` is linked to several hypothesis words — and ``r_k(x)`` the same in reference ``k``. Both
use the alignment's symmetrised ``links``. ``L`` is the source length.

* PRS (pairwise reordering similarity): a source pair ``a < b`` is *consistent* if ``h(a)``,
  ``h(b)`` are defined and for some reference ``k`` with ``r_k(a)``, ``r_k(b)`` defined,
  ``(h(a) - h(b)) * (r_k(a) - r_k(b)) > 0``. ``PRS = consistent / C(L, 2)``.
* MPR (monotonic pairwise ratio): the fraction of source pairs ``a < b`` with ``h(a) < h(b)``
  (both defined), over ``C(L, 2)``. It does not look at the references.

As defined (docs/metrics.md §4.2), unaligned source words and ties (two source words on the same mean
position) count in the denominator but never as consistent, so even an identical hypothesis
scores below 1 unless every source word is aligned to its own position: ``perfect_on_identity``
is therefore false for both. A source of fewer than two words has no pairs; both metrics score 1
then (nothing is out of order). Scores are per segment; the corpus score is their mean.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from mtmetrics import Inputs, Param

from ._common import ALIGN_ANNOTATIONS, ALIGN_HINTS, SRC_TOKENIZE, AlignedMetric, AlignedSegment, mean_positions


def prs_score(src_len: int, h: list[float | None], refs: list[list[float | None]]) -> float:
    """PRS from the mean aligned positions of each source word in the hypothesis and the references."""
    pairs = src_len * (src_len - 1) // 2
    if pairs == 0:
        return 1.0
    consistent = 0
    for a in range(src_len):
        ha = h[a]
        if ha is None:
            continue
        for b in range(a + 1, src_len):
            hb = h[b]
            if hb is None:
                continue
            for r in refs:
                ra, rb = r[a], r[b]
                if ra is not None and rb is not None and (ha - hb) * (ra - rb) > 0:
                    consistent += 1
                    break
    return consistent / pairs


def mpr_score(src_len: int, h: list[float | None]) -> float:
    """MPR from the mean aligned positions of each source word in the hypothesis."""
    pairs = src_len * (src_len - 1) // 2
    if pairs == 0:
        return 1.0
    aligned = [x for x in h if x is not None]
    monotone = sum(1 for a in range(len(aligned)) for b in range(a + 1, len(aligned)) if aligned[a] < aligned[b])
    return monotone / pairs


class Prs(AlignedMetric):
    """Pairwise reordering similarity between hypothesis and references, via the source."""

    name = "prs"
    description = "pairwise reordering similarity (Liu & Gildea 2007); needs --src and alignments"
    aggregation = "mean"
    score_range = (0.0, 1.0)
    perfect_on_identity = False
    inputs = Inputs(source=True, annotations=ALIGN_ANNOTATIONS, hints=ALIGN_HINTS)
    params: ClassVar[tuple[Param, ...]] = (SRC_TOKENIZE,)

    def stat_names(self) -> tuple[str, ...]:
        return ("prs",)

    def score_segment(self, seg: AlignedSegment) -> np.ndarray:
        L = len(seg.source)
        h = mean_positions(seg.hyp_al.links, L)
        refs = [mean_positions(a.links, L) for a in seg.ref_als]
        return np.array([prs_score(L, h, refs)])


class Mpr(AlignedMetric):
    """Monotonic pairwise ratio of the source↔hypothesis alignment."""

    name = "mpr"
    description = "monotonic pairwise ratio of the source-hypothesis alignment (Liu & Gildea 2007)"
    aggregation = "mean"
    score_range = (0.0, 1.0)
    perfect_on_identity = False
    inputs = Inputs(source=True, annotations=ALIGN_ANNOTATIONS[:1], hints=ALIGN_HINTS)
    needs_ref_alignments = False
    params: ClassVar[tuple[Param, ...]] = (SRC_TOKENIZE,)

    def stat_names(self) -> tuple[str, ...]:
        return ("mpr",)

    def score_segment(self, seg: AlignedSegment) -> np.ndarray:
        L = len(seg.source)
        return np.array([mpr_score(L, mean_positions(seg.hyp_al.links, L))])
