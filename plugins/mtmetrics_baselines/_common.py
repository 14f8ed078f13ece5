"""Helpers shared by the baseline metrics: n-gram counting and parameter checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Ngram = tuple[str, ...]


def ngram_counts(tokens: Sequence[str], n: int) -> Counter[Ngram]:
    """Counts of the ``n``-grams of ``tokens`` (empty when the sequence is shorter than ``n``)."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def positive(value: float) -> str | None:
    """A ``Param.check`` accepting strictly positive numbers."""
    return None if value > 0 else "must be positive"
