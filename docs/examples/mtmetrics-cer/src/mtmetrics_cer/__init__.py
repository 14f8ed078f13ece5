"""Character error rate (CER) as an mtmetrics plugin: the example from docs/plugin-guide.md.

CER = (character edits to turn the hypothesis into the reference) / (reference characters).
With several references, the segment uses the reference with the fewest edits (ties: the
shorter one); the corpus score is total edits over total reference length ("sum" aggregation),
so long segments weigh more, exactly like sacrebleu's TER.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from rapidfuzz.distance import Levenshtein

import mtmetrics
from mtmetrics import Metric, Param, Score, Segment


def levenshtein(a: str, b: str) -> int:
    """Edit distance with unit costs for insertion, deletion and substitution (rapidfuzz's compiled code)."""
    return Levenshtein.distance(a, b)


class CharacterErrorRate(Metric):
    """Character edit distance over reference length, in percent; lower is better."""

    name = "cer"
    description = "character error rate (example third-party plugin); lower is better"
    aggregation = "sum"
    higher_is_better = False
    score_range = (0.0, math.inf)
    params = (
        Param(
            "lowercase",
            bool,
            False,
            "lowercase before comparing",
            sig_key="case",
            fmt=lambda value, values: "lc" if value else "mixed",
        ),
        Param("spaces", bool, True, "count spaces as characters", sig_key="space"),
    )

    def _prep(self, text: str) -> str:
        text = text.lower() if self.values["lowercase"] else text
        return text if self.values["spaces"] else text.replace(" ", "")

    def stat_names(self) -> tuple[str, ...]:
        return ("edits", "ref_chars")

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        hyp = self._prep(segment.hyp)
        best = min((levenshtein(hyp, ref), len(ref)) for ref in map(self._prep, segment.refs))
        return np.array(best, dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        edits, ref_chars = float(stats[0]), float(stats[1])
        rate = edits / ref_chars if ref_chars else float(edits > 0)
        return Score(100.0 * rate, {"edits": edits, "ref_chars": ref_chars})


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[Metric]], None]) -> None:
    """Tell mtmetrics about the metric."""
    register(CharacterErrorRate)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics cer-worst``; its module (``.cli``) is imported only when the command runs."""
    register("cer-worst", "the segments with the highest CER (example plugin command)", f"{__name__}.cli")
