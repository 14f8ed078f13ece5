"""Opening a table of judged segments for meta-evaluation: its columns and human score columns."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError
from ..io.tables import Columns, Table, default_human, detect_columns, read_table


def open_table(
    path: str,
    humans: Sequence[str] | None = None,
    *,
    system: str | None = None,
    segment: str | None = None,
    hyp: str | None = None,
    refs: Sequence[str] | None = None,
    source: str | None = None,
    group: str | None = None,
    no_group: bool = False,
) -> tuple[Table, Columns, list[str]]:
    """Read the table at ``path``, choose its columns (the names given, else the usual ones) and its
    human score columns (``humans``, else the first usual one); a missing column is an error."""
    table = read_table(path)
    columns = detect_columns(table, system, segment, hyp, refs, source, group, no_group)
    chosen = list(humans or ([h] if (h := default_human(table)) else []))
    if not chosen:
        raise InputError(
            f"{table.name}: give the human score column(s) with --human; columns: {', '.join(table.columns)}."
        )
    for h in chosen:
        if h not in table.columns:
            raise InputError(f"{table.name}: no column '{h}'; columns: {', '.join(table.columns)}.")
    return table, columns, chosen
