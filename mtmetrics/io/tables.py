"""Tables of judged segments (TSV with a header, unquoted, or JSONL; gzipped or not) for meta-evaluation:
a row per system's segment; :func:`detect_columns` finds the WMT joins' usual column names."""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError
from .text import iter_lines

SYSTEM_NAMES = ("system", "sys", "da_system", "system_name")
SEGMENT_NAMES = ("sid", "seg_id", "segment_id", "segment", "seg", "line", "id")
SOURCE_NAMES = ("source", "src")
HYP_NAMES = ("hyp", "hypothesis", "mt", "translation", "output")
GROUP_NAMES = ("lp", "langpair", "lang_pair", "pair")
HUMAN_NAMES = ("z", "mqm", "score", "human", "raw", "da")


@dataclass(frozen=True)
class Table:
    """Columns of a table as lists of strings, with the file's name and SHA-256."""

    name: str
    sha256: str
    columns: dict[str, list[str]]

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def numbers(self, column: str) -> np.ndarray:
        """A column as floats; a value that is not a number is an error naming the row."""
        out = np.empty(len(self), dtype=np.float64)
        for i, v in enumerate(self.columns[column]):
            try:
                out[i] = float(v)
            except ValueError:
                raise InputError(f"{self.name}: row {i + 1}, column '{column}': '{v}' is not a number.") from None
            if not math.isfinite(out[i]):
                raise InputError(f"{self.name}: row {i + 1}, column '{column}': '{v}' is not a finite number.")
        return out


@dataclass(frozen=True)
class Columns:
    """Which column plays which part."""

    system: str
    segment: str
    hyp: str
    refs: tuple[str, ...]
    source: str | None = None
    group: str | None = None


def read_table(path: str | Path) -> Table:
    """A TSV or JSONL table, read once as a stream of lines (its SHA-256 taken on the way)."""
    p = Path(path)
    digest = hashlib.sha256()
    lines = iter_lines(p, digest, "table")
    stem = p.name[:-3] if p.name.endswith(".gz") else p.name
    head = next((line for line in lines if line.strip()), None)  # the first line that is not blank
    if head is None:
        raise InputError(f"{p}: empty file.")
    head = head.removeprefix("\ufeff")
    jsonl = stem.endswith((".jsonl", ".json", ".ndjson")) or head.lstrip()[:1] == "{"
    columns = _parse_jsonl(head, lines, str(p)) if jsonl else _parse_tsv(head, lines, str(p))
    if not columns or not len(next(iter(columns.values()))):
        raise InputError(f"{p}: the table has no rows.")
    return Table(p.name, digest.hexdigest(), columns)


def _parse_tsv(head: str, lines: Iterator[str], name: str) -> dict[str, list[str]]:
    header = head.rstrip("\r").split("\t")
    if len(set(header)) != len(header):
        raise InputError(f"{name}: the header names a column twice: {header}.")
    columns: list[list[str]] = [[] for _ in header]
    width = len(header)
    for k, line in enumerate(lines, start=2):
        fields = line.rstrip("\r").split("\t")
        if len(fields) != width:
            raise InputError(f"{name}:{k}: {len(fields)} tab-separated fields, the header has {width}.")
        for column, value in zip(columns, fields, strict=True):
            column.append(value)
    return dict(zip(header, columns, strict=True))


#: a lone surrogate (a JSON escape such as "\\ud800"): not text, and no output could write it as UTF-8
_SURROGATE = re.compile("[\ud800-\udfff]")


def _parse_jsonl(head: str, lines: Iterator[str], name: str) -> dict[str, list[str]]:
    """One JSON object per line into columns, a key first seen late filled with ``""`` before it."""
    cols: dict[str, list[str]] = {}
    n = 0
    for k, line in enumerate(itertools.chain([head], lines), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}:{k}: not valid JSON ({exc.msg}).") from None
        if not isinstance(obj, dict):
            raise InputError(f"{name}:{k}: expected a JSON object per line.")
        n += 1
        for key, v in obj.items():
            if isinstance(v, list):
                raise InputError(f"{name}: row {n}, key '{key}': lists are not supported; use one key per reference.")
            cols.setdefault(key, [""] * (n - 1))
        for key, column in cols.items():
            v = obj.get(key)
            column.append("" if v is None else str(v))
            if _SURROGATE.search(key) or _SURROGATE.search(column[-1]):
                raise InputError(
                    f"{name}:{k}: key '{key}' holds a lone surrogate (a \\uD800-\\uDFFF escape), not text."
                )
    return cols


def _pick(header: Sequence[str], given: str | None, names: Sequence[str], what: str, table: str) -> str | None:
    if given is not None:
        if given not in header:
            raise InputError(f"{table}: no column '{given}' for the {what}; columns: {', '.join(header)}.")
        return given
    lower = {h.lower(): h for h in header}
    for n in names:
        if n in lower:
            return lower[n]
    return None


def detect_columns(
    table: Table,
    system: str | None = None,
    segment: str | None = None,
    hyp: str | None = None,
    refs: Sequence[str] | None = None,
    source: str | None = None,
    group: str | None = None,
    no_group: bool = False,
) -> Columns:
    """Choose the columns, explicit names first, then the usual names; missing required ones are errors.

    No reference column is allowed (a table for reference-free metrics); scoring a metric that reads
    references on it is refused then (:func:`mtmetrics.engine.tables.score_tables`)."""
    header = list(table.columns)
    sys_col = _pick(header, system, SYSTEM_NAMES, "system", table.name)
    seg_col = _pick(header, segment, SEGMENT_NAMES, "segment id", table.name)
    hyp_col = _pick(header, hyp, HYP_NAMES, "hypothesis", table.name)
    src_col = _pick(header, source, SOURCE_NAMES, "source", table.name)
    grp_col = None if no_group else _pick(header, group, GROUP_NAMES, "group", table.name)
    for r in refs or ():
        _pick(header, r, (), "reference", table.name)
    usual = [h for h in header if h.lower() in ("ref", "reference") or h.lower().startswith(("ref_", "ref-"))]
    ref_cols = tuple(refs or usual)
    wanted = {"system (--system-col)": sys_col, "segment id (--segment-col)": seg_col, "hyp (--hyp-col)": hyp_col}
    missing = [what for what, col in wanted.items() if col is None]
    if missing or not (sys_col and seg_col and hyp_col):
        raise InputError(f"{table.name}: cannot find the column(s) {', '.join(missing)}; columns: {', '.join(header)}.")
    # a table that judges one (group, system, segment) twice is refused, naming both rows
    names = [c for c in (grp_col, sys_col, seg_col) if c is not None]
    seen: dict[tuple[str, ...], int] = {}
    for i, key in enumerate(zip(*(table.columns[c] for c in names), strict=True)):
        first = seen.setdefault(key, i)
        if first != i:
            what = ", ".join(f"{c} '{v}'" for c, v in zip(names, key, strict=True))
            raise InputError(
                f"{table.name}: row {i + 1} repeats row {first + 1} ({what}); each system's segment may be judged "
                "once (average repeated judgments before joining)."
            )
    return Columns(sys_col, seg_col, hyp_col, ref_cols, src_col, grp_col)


def default_human(table: Table) -> str | None:
    """The first usual human-score column present (``z``, ``mqm``, ...), if any."""
    return _pick(list(table.columns), None, HUMAN_NAMES, "human score", table.name)
