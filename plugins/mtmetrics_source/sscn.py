"""SSCN: source-sentence constrained n-gram precision (Liu & Gildea 2007, Section 2.1; docs/metrics.md §4.1).

For every hypothesis n-gram ``w_i..w_{i+n-1}`` and every reference n-gram ``r_j..r_{j+n-1}``::

    val = 1                           if the n-grams are token-equal and the constraint holds
    val = Π_k s(w_{i+k}, r_{j+k})     with ``similarity`` (PROB), if the constraint holds
    val = 0                           otherwise
    hits = Σ_i max_{refs, j} val
    SSCN_n = hits / #hyp n-grams × BP          (BP: BLEU's brevity penalty, closest reference length)

The constraint compares the source positions of each aligned word pair ``(w_{i+k}, r_{j+k})``:
the pair *agrees* under a direction when the two words are linked to a common source position
(the definition, literally). A word linked to no source word has no source position, so it agrees
with nothing (``unaligned=disagree``). ``unaligned=agree``: two unaligned words agree, as if
both were linked to the source NULL word (it raised SSCN2 from 0.42 to 0.54 on eflomal
alignments of WMT data); named in the signature (``unal``).

Defaults: ``n=1, constraint=union, constrain=any, unaligned=disagree``. ``unaligned`` keeps the
literal reading of the definition (docs/metrics.md §4.1); the other three were chosen as the
paper chose its variant, by segment-level correlation with human judgments on development data
(WMT22 DA, ja/liv/ru/uk→en, eflomal links; ``docs/results/sscn-dev.md``), as the best variant
with ``unaligned=disagree``: mean Pearson r 0.2925, against 0.241 for ``n=2,
constraint=union, constrain=all``. ``unaligned=agree`` scored 0.302 at ``n=1, constraint=1`` and
remains an option, named in the signature. Directions: ``1`` uses the source→target alignments
(:attr:`Alignment.fwd`), ``2`` the target→source ones (:attr:`Alignment.rev`); ``union`` agrees
if either direction does, ``intersect`` if both do. ``union`` and ``intersect`` need two real
directions (:attr:`Alignment.two_way`: an aligner resource's output, or ``--align-hyp-rev`` /
``--align-ref-rev`` files): given one set of links, they would silently equal ``1``, so they
refuse it with an :class:`~mtmetrics.InputError` naming the flag or annotation to add. ``constrain=all`` requires
every word pair of the n-gram to agree, ``any`` at least one — the paper notes that "not all
words" of a longer n-gram must satisfy the constraint because higher-order n-grams are sparse at
sentence level; the definition leaves the choice open.

Decisions where the sources are silent (the seed text lost its numbers and stop words):

* hits are *not* clipped — each hypothesis n-gram takes its best value over all reference
  n-grams, as in the paper's algorithm (``hits = Σ max_refs val``);
* a hypothesis shorter than ``n`` words is scored on its n'-grams with ``n' = len(hyp)`` (so a
  one-word identical segment scores 1 instead of 0/0); an empty hypothesis scores 0;
* the score is computed per segment and the corpus score is the mean (the paper evaluates at
  sentence level);
* similarity: ``s(w, r) = 1`` if ``w == r``, else the value in the hypothesis word's row of SIA's
  similarity table (top entries renormalised), 0 if absent — the same lookup as SIA's PROB.

Since unaligned words never agree, an identical hypothesis scores 1 only when its words are all
aligned (and aligned as the reference's): ``perfect_on_identity`` is false.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from mtmetrics import Field, InputError, Inputs, Param
from mtmetrics.resources import LOWERCASE
from mtmetrics.resources.similarity import SIMILARITY_PARAMS, SimilarityTable, load_table

from ._common import ALIGN_ANNOTATIONS, ALIGN_HINTS, SRC_TOKENIZE, AlignedMetric, AlignedSegment, source_sets

CONSTRAINTS = ("1", "2", "union", "intersect")
#: Constraints that compare two alignment directions.
TWO_WAY = ("union", "intersect")
UNALIGNED = ("disagree", "agree")
#: ``unaligned`` is the literal reading of the definition (docs/metrics.md §4.1: words agree when aligned to a common
#: source position), not a dev choice. The others are the best ``unaligned=disagree``
#: variant on development data with sources, as the paper chose its variant: the highest mean
#: segment-level Pearson r over WMT22 ja/liv/ru/uk-en DA (500 segments per pair, eflomal links),
#: every n x constraint x constrain x unaligned scored from the same links
#: (docs/results/sscn-dev.md, bench/sscn_tune.py). n=1, constraint=union, disagree: 0.2925 (n=1,
#: constraint=1: 0.289); n=2, union, all, disagree: 0.241; the best
#: ``unaligned=agree`` variant (n=1, constraint=1): 0.302. At n=1 ``constrain`` has no effect;
#: ``any`` is best at every n >= 2 (n=2, union, disagree: 0.280 vs 0.241 with ``all``).
#: ``union`` needs both alignment directions (``mtmetrics align``'s .fwd and .rev, or an aligner).
DEFAULT_N = 1
DEFAULT_CONSTRAINT = "union"
DEFAULT_CONSTRAIN = "any"
DEFAULT_UNALIGNED = "disagree"


def brevity_penalty(c: int, r: int) -> float:
    """BLEU's brevity penalty for hypothesis length ``c`` and effective reference length ``r``."""
    if c == 0:
        return 0.0
    return 1.0 if c >= r else math.exp(1.0 - r / c)


def closest_ref_length(c: int, ref_lens: list[int]) -> int:
    """BLEU's effective reference length: the closest one, the shorter on ties."""
    return min(ref_lens, key=lambda r: (abs(r - c), r))


class Sscn(AlignedMetric):
    """Source-sentence constrained n-gram precision."""

    name = "sscn"
    helpers = ("similarity",)
    description = "source-sentence constrained n-gram precision (Liu & Gildea 2007); needs --src and alignments"
    aggregation = "mean"
    score_range = (0.0, 1.0)
    perfect_on_identity = False
    inputs = Inputs(source=True, annotations=ALIGN_ANNOTATIONS, hints=ALIGN_HINTS)
    params: ClassVar[tuple[Param, ...]] = (
        Param("n", int, DEFAULT_N, "n-gram order", sig_key="n", range=(1, 9)),
        Param(
            "constraint",
            str,
            DEFAULT_CONSTRAINT,
            "alignment direction(s) whose source positions must agree: 1, 2, union, intersect",
            sig_key="con",
            choices=CONSTRAINTS,
        ),
        Param(
            "constrain",
            str,
            DEFAULT_CONSTRAIN,
            "all: every word pair of an n-gram must agree on the source; any: at least one",
            sig_key="words",
            choices=("all", "any"),
        ),
        Param(
            "unaligned",
            str,
            DEFAULT_UNALIGNED,
            "disagree: a word aligned to no source word agrees with nothing (docs/metrics.md §4.1); "
            "agree: two words that are both unaligned agree too (through NULL)",
            sig_key="unal",
            choices=UNALIGNED,
        ),
        LOWERCASE,
        *SIMILARITY_PARAMS,
        SRC_TOKENIZE,
    )

    def setup(self) -> None:
        super().setup()
        v = self.values
        self._table: SimilarityTable | None = None
        if v["similarity"] is not None:
            self._table = load_table(v["similarity"], v["top"])

    @property
    def display_name(self) -> str:
        return f"SSCN{self.values['n']}"

    def resource_fields(self) -> tuple[Field, ...]:
        sim = "none" if self._table is None else self._table.signature_value
        return (*super().resource_fields(), Field("sim", sim, "sim"))

    def stat_names(self) -> tuple[str, ...]:
        return ("sscn", "precision", "bp")

    def similarity(self, w: str, r: str) -> float:
        """``s(w, r)``: 1 for equal words, else the table value (0 without a table)."""
        if w == r:
            return 1.0
        if self._table is None:
            return 0.0
        return self._table.rows.get(w, {}).get(r, 0.0)

    def score_segment(self, seg: AlignedSegment) -> np.ndarray:
        c = len(seg.hyp)
        if c == 0:
            return np.zeros(3)
        order = min(int(self.values["n"]), c)
        agree = self._agreement(seg)
        need_all = self.values["constrain"] == "all"
        exact = self._table is None
        # exact matching: only reference n-grams equal to the hypothesis n-gram can score
        index: list[dict[tuple[str, ...], list[int]]] = []
        if exact:
            for ref in seg.refs:
                where: dict[tuple[str, ...], list[int]] = {}
                for j in range(len(ref) - order + 1):
                    where.setdefault(tuple(ref[j : j + order]), []).append(j)
                index.append(where)
        hits = 0.0
        for i in range(c - order + 1):
            best = 0.0
            gram = tuple(seg.hyp[i : i + order])
            for k, ref in enumerate(seg.refs):
                candidates = index[k].get(gram, []) if exact else range(len(ref) - order + 1)
                for j in candidates:
                    val = 1.0
                    if not exact:
                        for t in range(order):
                            val *= self.similarity(gram[t], ref[j + t])
                            if val == 0.0:
                                break
                    if val <= best:
                        continue
                    flags = (agree(k, i + t, j + t) for t in range(order))
                    if all(flags) if need_all else any(flags):
                        best = val
            hits += best
        precision = hits / (c - order + 1)
        bp = brevity_penalty(c, closest_ref_length(c, [len(r) for r in seg.refs]))
        return np.array([precision * bp, precision, bp])

    def _agreement(self, seg: AlignedSegment) -> Callable[[int, int, int], bool]:
        """``agree(ref index, hyp position, ref position)`` under the chosen constraint."""
        c = len(seg.hyp)
        hyp1, hyp2 = source_sets(seg.hyp_al.fwd, c), source_sets(seg.hyp_al.rev, c)
        refs1 = [source_sets(a.fwd, len(r)) for a, r in zip(seg.ref_als, seg.refs, strict=True)]
        refs2 = [source_sets(a.rev, len(r)) for a, r in zip(seg.ref_als, seg.refs, strict=True)]

        constraint: Any = self.values["constraint"]
        if constraint in TWO_WAY:
            _require_two_way(seg, constraint)
        if self.values["unaligned"] == "agree":

            def same(a: frozenset[int], b: frozenset[int]) -> bool:
                return bool(a & b) or (not a and not b)

        else:

            def same(a: frozenset[int], b: frozenset[int]) -> bool:
                return bool(a & b)

        if constraint == "1":
            return lambda k, i, j: same(hyp1[i], refs1[k][j])
        if constraint == "2":
            return lambda k, i, j: same(hyp2[i], refs2[k][j])
        if constraint == "union":
            return lambda k, i, j: same(hyp1[i], refs1[k][j]) or same(hyp2[i], refs2[k][j])
        return lambda k, i, j: same(hyp1[i], refs1[k][j]) and same(hyp2[i], refs2[k][j])


def _require_two_way(seg: AlignedSegment, constraint: str) -> None:
    """Refuse one-direction alignments for ``union`` / ``intersect`` (they would equal constraint ``1``).

    ``union`` is the default, so the message says so: a user who gave only ``--align-hyp`` /
    ``--align-ref`` did not choose a two-direction constraint and must learn where the other
    direction comes from (``mtmetrics align``'s ``.rev`` files) or how to do without it.
    """
    if not seg.hyp_al.two_way:
        given, flag, key = "--align-hyp", "--align-hyp-rev FILE", "align_hyp_rev"
    elif not all(a.two_way for a in seg.ref_als):
        given, flag, key = "--align-ref", "--align-ref-rev FILE [FILE ...]", "align_refs_rev"
    else:
        return
    which = f"constraint={constraint}" + (" (the default)" if constraint == DEFAULT_CONSTRAINT else "")
    raise InputError(
        f"sscn: {which} compares both alignment directions but {given} gives only source→target: "
        f"add {flag} (target→source, i-j with i the source index, e.g. PREFIX.rev of 'mtmetrics align'; "
        f"API: annotation '{key}'), or score one direction with sscn:constraint=1."
    )
