"""``meta correlate -f markdown`` on real WMT17 rows: every table row keeps its number of cells."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

from mtmetrics import load_metric
from mtmetrics.cli import main


def test_signature_cells_do_not_split_the_table(wmt17_small: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        args = ["correlate", str(wmt17_small), "-m", "chrf", "ter", "-f", "markdown", "--bootstrap-n", "0"]
        code = main(["meta", *args])
    assert code == 0
    lines = out.getvalue().splitlines()
    tables: list[list[str]] = []
    for k, line in enumerate(lines):
        if line.startswith("|") and (k == 0 or not lines[k - 1].startswith("|")):
            tables.append([])
        if line.startswith("|"):
            tables[-1].append(line)
    assert len(tables) >= 3
    for table in tables:
        # cells between unescaped pipes: the same count on every row of one table as in its header
        counts = {len(re.split(r"(?<!\\)\|", row.strip()[1:-1])) for row in table}
        assert counts == {len(re.split(r"(?<!\\)\|", table[0].strip()[1:-1]))}, table
    signatures = tables[-1]
    assert signatures[0] == "| metric | signature |"
    chrf = load_metric("chrf").signature().format()  # an independent look at what the cell must hold
    assert "|" in chrf and f"| chrf | `{chrf.replace('|', chr(92) + '|')}` |" in signatures
