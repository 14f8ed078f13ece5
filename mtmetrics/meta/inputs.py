"""Opening a table of judged segments for meta-evaluation: its columns and human score columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..errors import InputError
from ..io.tables import Columns, Table, default_human, detect_columns, read_table


class ColumnOptions(Protocol):
    """The column choices of a table (``meta`` options ``--human``, ``--system-col`` …; ``None``: the usual names)."""

    @property
    def human(self) -> Sequence[str] | None: ...
    @property
    def system_col(self) -> str | None: ...
    @property
    def segment_col(self) -> str | None: ...
    @property
    def hyp_col(self) -> str | None: ...
    @property
    def ref_cols(self) -> Sequence[str] | None: ...
    @property
    def source_col(self) -> str | None: ...
    @property
    def group_col(self) -> str | None: ...
    @property
    def no_group(self) -> bool: ...


def open_table(path: str, options: ColumnOptions) -> tuple[Table, Columns, list[str]]:
    """Read the table at ``path``, choose its columns (the names ``options`` gives, else the usual ones)
    and its human score columns (``options.human``, else the first usual one); a missing column is an error.

    ``options`` is anything with the column attributes: the ``meta`` commands' parsed arguments or a
    :class:`~mtmetrics.meta.pipeline.ReportSettings`, so that both choose columns the same way."""
    table = read_table(path)
    columns = detect_columns(
        table,
        options.system_col,
        options.segment_col,
        options.hyp_col,
        options.ref_cols,
        options.source_col,
        options.group_col,
        options.no_group,
    )
    chosen = list(options.human or ([h] if (h := default_human(table)) else []))
    if not chosen:
        raise InputError(
            f"{table.name}: give the human score column(s) with --human; columns: {', '.join(table.columns)}."
        )
    for h in chosen:
        if h not in table.columns:
            raise InputError(f"{table.name}: no column '{h}'; columns: {', '.join(table.columns)}.")
    return table, columns, chosen
