"""Helpers shared by the baseline metrics: n-gram counting and parameter checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

Ngram = tuple[str, ...]


def ngram_counts(tokens: Sequence[str], n: int) -> Counter[Ngram]:
    """Counts of the ``n``-grams of ``tokens`` (empty when the sequence is shorter than ``n``)."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def int_between(low: int, high: int) -> Callable[[int], str | None]:
    """A ``Param.check`` accepting integers ``low``..``high``."""

    def check(value: int) -> str | None:
        return None if low <= value <= high else f"must be between {low} and {high}"

    return check


def positive(value: float) -> str | None:
    """A ``Param.check`` accepting strictly positive numbers."""
    return None if value > 0 else "must be positive"


def unit_interval(value: float) -> str | None:
    """A ``Param.check`` accepting numbers in [0, 1]."""
    return None if 0.0 <= value <= 1.0 else "must be between 0 and 1"
