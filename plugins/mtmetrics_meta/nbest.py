"""Moses/Joshua n-best lists, ``i ||| hypothesis ||| features ||| score`` per line (0-based sentence
numbers, the last two fields optional), for ORANGE.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtmetrics.errors import InputError
from mtmetrics.io.text import read_lines


@dataclass(frozen=True)
class Entry:
    """One n-best entry."""

    sentence: int
    hyp: str
    features: str = ""
    score: float | None = None


def read_nbest(path: str | Path, n_sentences: int | None = None, digest: Any = None) -> list[list[Entry]]:
    """Entries grouped by sentence number (``n_sentences`` fixes the length; a sentence without
    entries gets an empty list); ``digest`` sees the file's bytes on its one reading."""
    name = str(path)
    entries: list[Entry] = []
    for k, line in enumerate(read_lines(path, digest), start=1):
        if not line.strip():
            continue
        where = f"{name}:{k}"
        fields = [f.strip() for f in line.split("|||")]
        if len(fields) < 2:
            raise InputError(f"{where}: expected 'i ||| hypothesis ||| features ||| score', got {line[:60]!r}.")
        try:
            sent = int(fields[0])
        except ValueError:
            raise InputError(f"{where}: the sentence number {fields[0]!r} is not an integer.") from None
        if sent < 0:
            raise InputError(f"{where}: negative sentence number {sent}.")
        score = None
        if len(fields) >= 4 and fields[3]:
            try:
                score = float(fields[3])
            except ValueError:
                raise InputError(f"{where}: the total score {fields[3]!r} is not a number.") from None
        entries.append(Entry(sent, fields[1], fields[2] if len(fields) >= 3 else "", score))
    if not entries:
        raise InputError(f"{name}: no n-best entries.")
    top = max(e.sentence for e in entries) + 1
    size = top if n_sentences is None else n_sentences
    if top > size:
        raise InputError(f"{name}: sentence number {top - 1} but only {size} reference lines.")
    out: list[list[Entry]] = [[] for _ in range(size)]
    for e in entries:
        out[e.sentence].append(e)
    return out
