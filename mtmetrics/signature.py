"""Reproducibility signatures in sacrebleu's shape:
``NAME|nrefs:N|<parameters>|<resources>|plugin:<dist>@<version>|version:<version>``.

Every parameter with a signature key appears whatever its value (fields dropped at their defaults
made sacrebleu's ambiguous, sacrebleu issue #251); the short form abbreviates the keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """One ``key:value`` pair of a signature, with its abbreviated key and optionally value (a hash's first digits)."""

    key: str
    value: str
    short: str
    short_value: str | None = None

    def format(self, short: bool = False) -> str:
        """Render as ``key:value`` (or ``short:value``, with the short value if there is one)."""
        if short:
            return f"{self.short}:{self.value if self.short_value is None else self.short_value}"
        return f"{self.key}:{self.value}"


@dataclass(frozen=True)
class Signature:
    """An immutable signature: a metric's display name followed by ordered fields."""

    name: str
    fields: tuple[Field, ...]

    def format(self, short: bool = False) -> str:
        """The signature string; ``short=True`` abbreviates the keys."""
        return "|".join([self.name, *(f.format(short) for f in self.fields)])

    def __str__(self) -> str:
        return self.format()

    def get(self, key: str) -> str | None:
        """The value of the field ``key`` (long form), or ``None``."""
        return next((f.value for f in self.fields if f.key == key), None)

    def as_dict(self) -> dict[str, str]:
        """The fields as an ordered ``{key: value}`` mapping (without the name)."""
        return {f.key: f.value for f in self.fields}

    def with_fields(self, extra: Iterable[Field]) -> Signature:
        """A copy with ``extra`` inserted before the trailing ``plugin``/``version`` fields."""
        extra = tuple(extra)
        head = tuple(f for f in self.fields if f.key not in ("plugin", "version"))
        tail = tuple(f for f in self.fields if f.key in ("plugin", "version"))
        return Signature(self.name, head + extra + tail)


def nrefs_value(counts: Iterable[int]) -> str:
    """``'N'`` when every segment has N references, ``'var'`` when the number varies."""
    distinct = set(counts)
    return str(distinct.pop()) if len(distinct) == 1 else "var"
