"""chrF and chrF++ (Popović 2015, 2017) via sacrebleu.

n-grams are counted by the array count of :mod:`.ngram_kernel` (sacrebleu's statistics, bit for bit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import sacrebleu

from mtmetrics import Field, Metric, Param, Score, Segment
from mtmetrics.resources import LOWERCASE

from ._sacrebleu import sacrebleu_field
from .ngram_kernel import chrf_statistics, f_scores


def _eff_fmt(eps_smoothing: Any, values: Mapping[str, Any]) -> str:
    # sacrebleu's signature says eff:yes when effective-order averaging is used, i.e. no eps smoothing
    return "no" if eps_smoothing else "yes"


#: n-gram orders beyond this add only empty n-gram sets (no segment is scored on them) but cost a
#: pass over every segment each: an order of a million would hang the run.
MAX_ORDER = 100
#: n-gram orders up to this need no segment limit; beyond, one segment may use about this many bytes
ORDERS_WITHOUT_LIMIT = 10
SEGMENT_BYTES = 1_000_000_000


class Chrf(Metric):
    """sacrebleu's chrF: character (and word, for chrF++) n-gram F-beta from summed statistics."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    name = "chrf"
    description = "chrF / chrF++ (Popović 2015, 2017) as computed by sacrebleu"
    aggregation = "sum"
    score_range = (0.0, 100.0)
    params = (
        LOWERCASE,
        Param(
            "eps_smoothing",
            bool,
            False,
            "epsilon smoothing as chrF++.py/NLTK/Moses instead of effective-order averaging",
            sig_key="eff",
            sig_short="e",
            fmt=_eff_fmt,
        ),
        Param("char_order", int, 6, "character n-gram order", sig_key="nc", range=(0, MAX_ORDER), aliases=("-cc",)),
        Param(
            "word_order",
            int,
            0,
            "word n-gram order (2 gives chrF++)",
            sig_key="nw",
            range=(0, MAX_ORDER),
            aliases=("-cw",),
        ),
        Param("whitespace", bool, False, "include whitespace in character n-grams", sig_key="space", sig_short="s"),
        Param(
            "beta",
            int,
            2,
            "weight of recall over precision",
            sig_key="beta",
            sig_short="b",
            range=(0, 100),  # F-beta weighs recall beta² times precision: 100 is recall to 4 decimals
            aliases=("-cb",),
        ),
    )

    def segment_limit(self) -> int | None:
        """Memory per character grows with the square of the n-gram orders (every n-gram of every
        order is held): at most about 30·(c² + w²) + 2,000 bytes (order 100 of a spaceless line took
        2.75 GB for 10⁵ characters, when its words were counted). Orders up to 10 are linear (the
        reader's line cap bounds them); higher ones are limited, in characters, to what fits 1 GB
        (orders 100/100: 1,661 characters)."""
        c, w = self.values["char_order"], self.values["word_order"]
        if max(c, w) <= ORDERS_WITHOUT_LIMIT:
            return None
        return SEGMENT_BYTES // (30 * (c * c + w * w) + 2000)

    unit = "characters"

    def count_units(self, text: str) -> int:
        """The characters chrF takes n-grams of (without whitespace unless ``whitespace``)."""
        return len(text) if self.values["whitespace"] else len("".join(text.split()))

    @property
    def complexity(self) -> str:  # type: ignore[override]
        c, w = self.values["char_order"], self.values["word_order"]
        return f"O(n·(c² + w²)) memory with c={c}, w={w} (every n-gram of every order)"

    def setup(self) -> None:
        v = self.values
        self._chrf = sacrebleu.CHRF(
            char_order=v["char_order"],
            word_order=v["word_order"],
            beta=v["beta"],
            lowercase=v["lowercase"],
            whitespace=v["whitespace"],
            eps_smoothing=v["eps_smoothing"],
        )
        order = v["char_order"] + v["word_order"]
        if order < 1:
            from mtmetrics import ParameterError

            raise ParameterError("chrf: char_order + word_order must be at least 1.")
        self._names = tuple(
            f"{kind}_{label}{n}"
            for label, top in (("c", v["char_order"]), ("w", v["word_order"]))
            for n in range(1, top + 1)
            for kind in ("hyp", "ref", "match")
        )

    @property
    def display_name(self) -> str:
        return f"chrF{self.values['beta']}" + "+" * self.values["word_order"]

    def stat_names(self) -> tuple[str, ...]:
        return self._names

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return chrf_statistics(self._chrf, [segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        return chrf_statistics(self._chrf, segments)

    def compute_score(self, stats: np.ndarray) -> Score:
        v = self.values  # sacrebleu's CHRFScore attributes
        attributes = {"char_order": v["char_order"], "word_order": v["word_order"], "beta": v["beta"]}
        return Score(float(self._chrf._compute_f_score([int(x) for x in stats])), attributes=attributes)

    def score_rows(self, totals: np.ndarray) -> np.ndarray:
        """chrF of many statistics rows (resamples) at once: :func:`.ngram_kernel.f_scores`, the
        operations of sacrebleu's ``_compute_f_score`` over whole columns (integers below 2**53
        divide as Python's ints do)."""
        rows = np.trunc(np.asarray(totals, dtype=np.float64))  # compute_score's int(x)
        return f_scores(rows, int(self.values["beta"]), bool(self.values["eps_smoothing"]))

    def thresholds_name(self) -> str | None:
        """sacrebleu's default chrF (chrF2, character order 6, no words) is mt-thresholds' ``chrf``."""
        return "chrf" if all(self.values[p.name] == p.default for p in self.params) else None

    def resource_fields(self) -> tuple[Field, ...]:
        return (sacrebleu_field(),)
