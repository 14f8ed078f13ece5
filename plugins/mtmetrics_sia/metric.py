"""SIA (Liu & Gildea 2006): stochastic iterative alignment, as docs/metrics.md §1 describes it.

Segment score: ``SIA = LP * sum_k alpha^(k-1) * WLS_k`` where ``WLS_k`` is the score of the
winning reference in alignment round ``k`` (see :mod:`.align`), and ``LP = 1`` when the hypothesis
is at least as long as the arithmetic mean reference length, else the ratio of the two (docs/metrics.md
§1.4). Corpus score: the mean of segment scores (``aggregation = "mean"``, as the paper's system
level). Table 7's configurations: WLS = ``incs=False``; WLS+PROB = ``incs=False,
similarity=table``; WLS+INCS = default; WLS+PROB+INCS = ``similarity=table``.

Where the paper contradicts itself, its formulas are followed (docs/metrics.md §1.3, §1.1):
* round weights are ``alpha^(k-1)`` (the paper's pseudo-code squares alpha each round and
  weights the first round by alpha, so hyp == ref would not score 1);
* the paper's printed worked example (1) (0.399) is a misprint; its formula gives 0.378.
Gaps closed here: an empty hypothesis scores 0; a reference with no tokens (after tokenisation)
is skipped, and a segment whose references all have none scores 0.

WLS is not a switch: every configuration of the paper's Table 7 uses it (docs/metrics.md §1.5).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from mtmetrics import Field, Metric, Param, Segment
from mtmetrics.params import exact
from mtmetrics.resources import LOWERCASE, Preprocessor, tokenize_param
from mtmetrics.resources.similarity import SIMILARITY_PARAMS, SimilarityTable, load_table

from . import align
from .align import Pairs

#: Chosen on the WMT17 DA development data: grid 0, 0.05, ..., 1, best mean Pearson over five
#: language pairs (0.5363; the curve is flat, 0.530 at 0 to 0.536) -- docs/results/sia-alpha.md,
#: bench/sia_tune_alpha.py.
DEFAULT_ALPHA = 0.8


def _alpha_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return exact(float(value), "g")


class Sia(Metric):
    """Stochastic iterative alignment: gap-weighted monotone alignment over all references."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    name = "sia"
    helpers = ("pairs", "score_tokens")
    #: the pruned predecessor search (:func:`.align._fill_pruned`) makes 1,000 tokens of a two-word
    #: vocabulary (500,000 matching pairs) take about a second; without it they took minutes
    max_segment_tokens = 1000
    complexity = "O(n·m) per alignment round, up to n rounds; worst case (repetitive text) bounded by the limit"
    description = "stochastic iterative alignment (Liu & Gildea 2006): gap-weighted alignment, iterated over references"
    aggregation = "mean"
    score_range = (0.0, 1.0)
    params = (
        tokenize_param(),
        LOWERCASE,
        Param(
            "alpha",
            float,
            DEFAULT_ALPHA,
            "decay of the weight of each further alignment round (round k weighs alpha^(k-1))",
            sig_key="alpha",
            sig_short="a",
            fmt=_alpha_fmt,
            range=(0.0, 1.0),
        ),
        Param("incs", bool, True, "iterate alignment rounds over all references (INCS)", sig_key="incs"),
        *SIMILARITY_PARAMS,
    )

    def setup(self) -> None:
        v = self.values
        self._prep = Preprocessor(v["tokenize"], v["lowercase"])
        self._table: SimilarityTable | None = None
        if v["similarity"] is not None:
            self._table = load_table(v["similarity"], v["top"])

    def resource_fields(self) -> tuple[Field, ...]:
        return (Field("sim", "none" if self._table is None else self._table.signature_value, "sim"),)

    def stat_names(self) -> tuple[str, ...]:
        return ("sia", "alignment", "lp", "rounds")

    def pairs(self, hyp: Sequence[str], ref: Sequence[str]) -> Pairs:
        """Matching pairs (1-based positions, sorted) and their strengths ``s > 0``."""
        pi: list[int] = []
        pj: list[int] = []
        ps: list[float] = []
        table = self._table
        if table is None:
            where: dict[str, list[int]] = {}
            for j, w in enumerate(ref, 1):
                where.setdefault(w, []).append(j)
            for i, w in enumerate(hyp, 1):
                js = where.get(w)
                if js:
                    pi.extend([i] * len(js))
                    pj.extend(js)
                    ps.extend([1.0] * len(js))
            return pi, pj, ps
        rows = table.rows
        for i, w in enumerate(hyp, 1):
            row = rows.get(w)
            for j, x in enumerate(ref, 1):
                if x == w:
                    s = 1.0
                elif row is None:
                    continue
                else:
                    s = row.get(x, 0.0)
                    if s <= 0.0:
                        continue
                pi.append(i)
                pj.append(j)
                ps.append(s)
        return pi, pj, ps

    def score_tokens(self, hyp: Sequence[str], refs: Sequence[Sequence[str]]) -> tuple[float, float, float, int]:
        """``(sia, alignment total, length penalty, rounds)`` of tokenised text."""
        refs = [r for r in refs if r]
        c = len(hyp)
        if c == 0 or not refs:
            return 0.0, 0.0, 0.0 if refs else 1.0, 0
        mean_len = math.fsum(len(r) for r in refs) / len(refs)
        lp = 1.0 if c >= mean_len else c / mean_len
        out = align.incs([self.pairs(hyp, r) for r in refs], c, self.values["alpha"], self.values["incs"])
        return out.total * lp, out.total, lp, out.rounds

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        refs = [self._prep(r) for r in segment.refs]
        return np.array(self.score_tokens(hyp, refs), dtype=np.float64)
