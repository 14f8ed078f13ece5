"""The one loader of every ``meta`` command (:func:`load_input`): a TSV/JSONL table of judged
segments, or an mt-metrics-eval directory with ``lp`` (its ``col:NAME`` metrics from
``metric-scores/LP/NAME.seg.score``, its ``LP.SCORER.sys.score`` as official system scores); its
columns and human columns; and ``system_human``, a file of official system-level human scores that
wins over the directory's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from mtmetrics.errors import InputError
from mtmetrics.io.tables import Columns, Table, default_human, detect_columns, read_table


class InputOptions(Protocol):
    """What a ``meta`` command says about its input (its parsed options or a
    :class:`~mtmetrics_meta.pipeline.ReportSettings`; ``None``: the usual names, no such input)."""

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
    @property
    def metrics(self) -> Sequence[str] | None: ...
    @property
    def lp(self) -> str | None: ...
    @property
    def system_human(self) -> str | None: ...
    @property
    def system_human_col(self) -> str | None: ...


@dataclass(frozen=True)
class Input:
    """What a meta command works on: the table, its columns and human columns, and the official
    system-level human scores (``(group, system) → score``) with where they come from (and, for
    ``meta report``, how the table was cut)."""

    table: Table
    columns: Columns
    humans: list[str]
    system_human: dict[tuple[str, str], float] | None = None
    system_human_source: str | None = None
    #: ``meta report``: how the table was subsampled (:func:`~mtmetrics_meta.report.sample_table`)
    sample: dict[str, Any] | None = None
    #: ``meta report``: the reference systems left out → their share of identical rows
    dropped: dict[str, float] = field(default_factory=dict)


def load_input(path: str, options: InputOptions) -> Input:
    """Read ``path`` (module docstring); a missing column or language pair is an ``InputError``."""
    from .precomputed import read_system_scores

    system_human: dict[tuple[str, str], float] | None = None
    source = None
    if Path(path).is_dir():
        from mtmetrics.io.mtme import read_mtme

        if not options.lp:
            raise InputError(f"{path} is a directory: give the language pair with --lp (mt-metrics-eval layout).")
        columns_of = [sp[4:] for sp in options.metrics or () if sp.startswith("col:")]
        data = read_mtme(path, options.lp, options.human, columns_of, options.ref_cols)
        table, columns, humans = data.table, data.columns, data.humans
        official = data.system_human.get(humans[0])
        if official:
            system_human, source = official, f"human-scores/{options.lp}.{humans[0]}.sys.score"
    else:
        table, columns, humans = _open_table(path, options)
    if options.system_human:
        system_human = read_system_scores(options.system_human, options.system_human_col)
        source = Path(options.system_human).name
    return Input(table, columns, humans, system_human, source)


def _open_table(path: str, options: InputOptions) -> tuple[Table, Columns, list[str]]:
    """The table at ``path``, its columns and human columns (as ``options`` name them, else the usual)."""
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
