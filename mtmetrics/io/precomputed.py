"""The metric that stands for segment scores computed elsewhere (COMET, BLEURT, a new metric), read from a
table column or a ``SYSTEM<TAB>SCORE`` file (:func:`~mtmetrics.io.mtme.read_segment_scores`): it carries
their label and origin into signatures and tables, and never scores text. Higher is better is assumed.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from ..metric import Metric, Segment
from ..params import Param
from ..result import Score


class Precomputed(Metric):
    """Scores read from a column or a file (module docstring); never scores text itself."""

    name = "precomputed"
    description = "segment scores computed elsewhere; system score = mean of the segment scores"
    aggregation = "mean"
    score_range = (-math.inf, math.inf)
    perfect_on_identity = False
    fork_safe = True
    params = (
        Param("label", str, "", "the name shown in tables (the column or the file's stem)", None),
        Param("origin", str, "", "where the scores came from: col:NAME or file:PATH#sha256", "from"),
    )

    @property
    def display_name(self) -> str:
        """The label (e.g. ``COMET``)."""
        return str(self.values["label"]) or "precomputed"

    def stat_names(self) -> tuple[str, ...]:
        """One statistic: the score."""
        return ("score",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        """Not available: precomputed scores are read, never computed from text."""
        raise InputError(f"{self.display_name}: precomputed scores cannot score new text.")

    def compute_score(self, stats: np.ndarray) -> Score:
        """The (mean) score itself."""
        return Score(float(stats[0]), {})

    def score_rows(self, totals: np.ndarray) -> np.ndarray:
        """The first column of each row (the mean score)."""
        return np.asarray(totals, dtype=np.float64)[:, 0]
