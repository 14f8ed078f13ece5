"""No floor of ``correlate`` depends on the order in which the systems appear in the table (#36):
the WMT21 ru-en rows listed with the systems in file order, reversed, with the humans' worst system
first, and shuffled give the same floors, to the last bit."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from mtmetrics import load_metric
from mtmetrics.io.tables import Table, detect_columns, read_table
from mtmetrics_meta.correlate import CorrelationSettings, correlate
from mtmetrics_meta.scores import score_table


def _floors(table: Table) -> dict[tuple[str, str, str, str], float]:
    cols = detect_columns(table)
    scores = score_table(table, cols, [("chrf", load_metric("chrf"))])
    settings = CorrelationSettings(
        humans=("z",), levels=("item", "system"), kinds=("accuracy", "soft-accuracy", "acc-eq"), n_boot=0, seed=3
    )
    res = correlate(table, cols, scores, settings)
    assert res.floors
    return {(e.group, e.level, e.kind, e.metric): e.value for e in res.floors}


def _rows_by_system(table: Table, systems: list[str]) -> Table:
    column = detect_columns(table).system
    rank = {s: i for i, s in enumerate(systems)}
    order = sorted(range(len(table)), key=lambda r: rank[table.columns[column][r]])
    return replace(table, columns={k: [v[r] for r in order] for k, v in table.columns.items()})


def test_permuting_the_systems_never_moves_a_floor(wmt21_small: Path) -> None:
    table = read_table(str(wmt21_small))
    column = detect_columns(table).system
    systems = list(dict.fromkeys(table.columns[column]))
    z = np.array(table.numbers("z"))
    names = np.array(table.columns[column])
    worst_first = sorted(systems, key=lambda s: float(z[names == s].mean()))
    shuffled = [systems[i] for i in np.random.default_rng(1).permutation(len(systems))]
    expected = _floors(table)
    for order in (systems[::-1], worst_first, shuffled):
        assert _floors(_rows_by_system(table, order)) == expected
