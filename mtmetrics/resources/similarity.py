"""Word similarity tables for the metrics that match words stochastically (SIA's PROB, SSCN).

A table (UTF-8, gzipped or not) is ``#`` comments, then ``word<TAB>similar_word<TAB>value`` (finite,
``>= 0``); each word keeps its ``top`` entries renormalised to 1, an absent word is similar only to
itself. Signature ``sim:<name>@<sha256 prefix>`` of the uncompressed bytes.
"""

from __future__ import annotations

import hashlib
import math
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import InputError, ResourceError
from ..io import files
from ..params import Param

TRAIN_HINT = "Build one with: mtmetrics similarity train --english corpus.en --pivot corpus.fr --output table.tsv.gz"


@dataclass(frozen=True)
class SimilarityTable:
    """A loaded table: ``rows[word][similar] = renormalised value``, with its signature name."""

    name: str
    sha256: str
    top: int
    rows: dict[str, dict[str, float]]

    @property
    def signature_value(self) -> str:
        """``<name>@<sha256 prefix>`` for the ``sim:`` signature field."""
        return f"{self.name}@{self.sha256[:12]}"


def table_name(path: str | os.PathLike[str]) -> str:
    """File name without the ``.gz`` and ``.tsv``/``.txt`` suffixes."""
    name = Path(path).name
    for suffix in (".gz", ".tsv", ".txt"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name or "table"


def parse(data: bytes, source: str = "table") -> dict[str, list[tuple[str, float]]]:
    """Entries per word from the table's bytes; raises :class:`ResourceError` on malformed lines."""
    try:
        text = files.decode_utf8(data, source, "similarity table")
    except InputError as exc:  # a malformed table is a resource problem, as its other defects are
        raise ResourceError(str(exc)) from None
    entries: dict[str, list[tuple[str, float]]] = {}
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.rstrip("\r").split("\t")
        # what was expected, never the bytes found: a table named inside a model is not the user's file
        if len(parts) != 3 or not parts[0] or not parts[1]:
            raise ResourceError(
                f"similarity table {source}, line {lineno}: expected 'word<TAB>similar<TAB>value' "
                f"(three non-empty fields), found {len(parts)} field(s)"
            )
        try:
            value = float(parts[2])
        except ValueError:
            raise ResourceError(
                f"similarity table {source}, line {lineno}: the value (third field) is not a number"
            ) from None
        if not math.isfinite(value) or value < 0:
            raise ResourceError(f"similarity table {source}, line {lineno}: the value must be finite and >= 0")
        entries.setdefault(parts[0], []).append((parts[1], value))
    return entries


def top_normalised(entries: dict[str, list[tuple[str, float]]], top: int) -> dict[str, dict[str, float]]:
    """Keep each word's ``top`` best entries (ties alphabetical) and renormalise them to sum 1."""
    rows: dict[str, dict[str, float]] = {}
    for word, items in entries.items():
        merged: dict[str, float] = {}
        for other, value in items:  # a repeated entry keeps its largest value
            if value > merged.get(other, -1.0):
                merged[other] = value
        best = sorted(merged.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        total = math.fsum(v for _, v in best)
        if total > 0:
            rows[word] = {other: v / total for other, v in best if v > 0}
    return rows


def load_table(path: str | os.PathLike[str], top: int) -> SimilarityTable:
    """Load (and cache per process) the table at ``path`` keeping ``top`` entries per word."""
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except OSError:
        raise ResourceError(f"similarity table {path} not found. {TRAIN_HINT}") from None
    return _read_table(p, top, (str(p.resolve()), st.st_mtime_ns, st.st_size), str(path))


@cache
def _read_table(p: Path, top: int, stamp: tuple[str, int, int], shown: str) -> SimilarityTable:
    """The table at ``p`` (named ``shown`` in errors), read again only when its ``stamp`` (resolved
    path, modification time, size) changes."""
    data = files.read_bytes(p, "similarity table", "table")
    try:
        rows = top_normalised(parse(data, shown), top)
    except OverflowError:  # math.fsum of values near the largest float
        raise ResourceError(
            f"similarity table {shown}: a word's values sum beyond the largest float (1.8e308)"
        ) from None
    return SimilarityTable(table_name(p), hashlib.sha256(data).hexdigest(), top, rows)


#: The ``similarity`` and ``top`` parameters of every metric that matches words through a table
#: (SIA's PROB, SSCN's stochastic variant); the table itself is signed by ``sim:<name>@<hash>``.
SIMILARITY_PARAMS: tuple[Param, ...] = (
    Param(
        "similarity",
        str,
        None,
        "word similarity table for stochastic matching (word<TAB>similar<TAB>value, .gz allowed); none = exact",
        sig_key=None,  # rendered by the metric's resource_fields() as sim:<name>@<hash>
        nullable=True,
        path=True,
    ),
    Param("top", int, 100, "similar words kept per word of the similarity table", sig_key="top", range=(1, None)),
)
