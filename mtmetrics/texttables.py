"""Tables as plain text or LaTeX, laid out by ``tabulate`` with number parsing off (every cell
arrives formatted): :func:`aligned` (the CLI's tables: first column left, two spaces, dashes under
the header and before a total) and :func:`latex_tabular` (booktabs; the caller escapes cells with
:func:`latex_escape`, as some carry math markup). Markdown tables stay hand-written
(:func:`markdown_cell`): tabulate would pad their long signature cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

# tabulate is imported on first use: a plain ``-b`` score prints no table, and the CLI's start-up
# time is part of what it is measured on (bench/cli.py)


@cache
def _formats() -> dict[str, Any]:
    """The two tabulate layouts: text (two spaces between columns, dashes for the rules, drawn only
    at ``SEPARATING_LINE`` rows) and LaTeX rows (cells joined by ``&``, booktabs' midrule under the header)."""
    from tabulate import DataRow, Line, TableFormat

    def layout(below_header: Line, row: DataRow) -> TableFormat:
        # lineabove, linebelowheader, linebetweenrows, linebelow, headerrow, datarow, padding, with_header_hide
        return TableFormat(None, below_header, None, None, row, row, 0, None)

    return {
        "text": layout(Line("", "-", "  ", ""), DataRow("", "  ", "")),
        "latex": layout(Line(r"\midrule", "", "", ""), DataRow("", " & ", r" \\")),
    }


def _table(body: list[Sequence[str] | None], layout: str, n: int) -> str:
    """``body[0]`` is the header; a rule is drawn under it and wherever ``None`` stands in the body;
    of the ``n`` columns the first is aligned left, the others right."""
    from tabulate import SEPARATING_LINE, tabulate

    rows = [SEPARATING_LINE if row is None else row for row in body]
    colalign = ["left"] + ["right"] * (n - 1)
    return tabulate(rows, tablefmt=_formats()[layout], colalign=colalign, disable_numparse=True)


_LATEX_SPECIAL = str.maketrans({c: "\\" + c for c in "&%$#_{}"})
_LATEX_SPECIAL.update({ord("\\"): r"\textbackslash{}", ord("~"): r"\textasciitilde{}", ord("^"): r"\textasciicircum{}"})


def aligned(rows: Sequence[Sequence[str]], total: bool = False) -> list[str]:
    """``rows[0]`` is the header; with ``total``, the last row is a total set off by a rule."""
    lines = _plain_aligned(rows, total)
    if lines is not None:
        return lines
    body: list[Sequence[str] | None] = [rows[0], None, *rows[1:]]
    if total and len(rows) > 2:
        body.insert(len(body) - 1, None)
    return _table(body, "text", len(rows[0])).split("\n")


def _plain_aligned(rows: Sequence[Sequence[str]], total: bool) -> list[str] | None:
    """:func:`aligned`'s lines, as tabulate lays them out, when every cell is plain (printable
    ASCII, no edge blank): padding alone, without tabulate's per-cell type inference, which costs
    more than a fast metric on a ``-sl`` table. ``None`` otherwise."""
    n = len(rows[0])
    if n == 0 or any(len(row) != n for row in rows):
        return None
    widths = []
    for column in zip(*rows, strict=True):
        try:
            text = "\n".join(column)  # a TypeError for a cell that is not a string
        except TypeError:
            return None
        if not (text.isascii() and text.replace("\n", "").isprintable()):
            return None
        if text[:1] == " " or text[-1:] == " " or " \n" in text or "\n " in text:
            return None
        widths.append(max(map(len, column)))
    line = "  ".join([f"{{:<{widths[0]}}}", *(f"{{:>{w}}}" for w in widths[1:])]).format
    rule = "  ".join("-" * w for w in widths).rstrip()
    lines = [line(*rows[0]).rstrip(), rule, *(line(*row).rstrip() for row in rows[1:])]
    if total and len(rows) > 2:
        lines.insert(len(lines) - 1, rule)
    return lines


def latex_escape(text: str) -> str:
    """Text with LaTeX's special characters escaped (a system or metric name in a cell)."""
    return text.translate(_LATEX_SPECIAL)


def latex_tabular(rows: Sequence[Sequence[str]]) -> list[str]:
    """A booktabs ``tabular`` (first column ``l``, the others ``r``) of escaped cells, ``rows[0]`` the header."""
    n = len(rows[0])
    text = _table([rows[0], None, *rows[1:]], "latex", n)
    return [
        r"\begin{tabular}{l" + "r" * (n - 1) + "}",
        r"\toprule",
        *text.split("\n"),
        r"\bottomrule",
        r"\end{tabular}",
    ]


def markdown_cell(text: str) -> str:
    """Text for a Markdown table cell: a ``|`` would end the cell (in a code span too), so it is escaped."""
    return text.replace("|", "\\|")
