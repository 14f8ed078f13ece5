"""The table layouts of :mod:`mtmetrics.texttables` against literal transcriptions of their rules."""

from __future__ import annotations

from collections.abc import Sequence

import hypothesis.strategies as st
import pytest
from hypothesis import given

from mtmetrics.texttables import aligned, latex_escape, latex_tabular

# printable cells without surrounding blanks (names and formatted numbers); no line breaks
_CELL = st.text(st.characters(min_codepoint=33, max_codepoint=126) | st.sampled_from("μ±–★↓ "), min_size=1).map(
    lambda s: s.strip() or "x"
)


def _by_hand(rows: list[list[str]], total: bool) -> list[str]:
    """The CLI's text layout as the README shows it: widths of the widest cell, first column
    left-aligned, the others right-aligned, two spaces apart, dashes under the header and, with a
    total, before the last row when segment rows precede it."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    rule = "  ".join("-" * w for w in widths)
    out = []
    for k, row in enumerate(rows):
        if total and k == len(rows) - 1 and k > 1:
            out.append(rule)
        out.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row)))
        if k == 0:
            out.append(rule)
    return out


@given(st.integers(2, 5).flatmap(lambda n: st.lists(st.lists(_CELL, min_size=n, max_size=n), min_size=1, max_size=6)))
def test_aligned_is_the_documented_layout(rows: list[list[str]]) -> None:
    assert aligned(rows) == _by_hand(rows, total=False)
    assert aligned(rows, total=True) == _by_hand(rows, total=True)


def test_aligned_segment_table() -> None:
    rows = [["segment", "BLEU"], ["1", "12.50"], ["2", "7.00"], ["corpus", "9.75"]]
    assert aligned(rows, total=True) == [
        "segment   BLEU",
        "-------  -----",
        "1        12.50",
        "2         7.00",
        "-------  -----",
        "corpus    9.75",
    ]


def test_latex_tabular_booktabs_aligned_and_escaped() -> None:
    rows = [["System", "BLEU", r"TER $\downarrow$"], [latex_escape("sys_A & B~"), "12.34$^*$", "71.0"]]
    lines = latex_tabular(rows)
    assert lines[:2] == [r"\begin{tabular}{lrr}", r"\toprule"]
    assert lines[3] == r"\midrule" and lines[-2:] == [r"\bottomrule", r"\end{tabular}"]
    header, body = lines[2], lines[4]
    assert body.startswith(r"sys\_A \& B\textasciitilde{} & ") and body.endswith(r" \\")
    # every cell is the original one, and the column separators line up
    for line, row in ((header, rows[0]), (body, rows[1])):
        assert [c.strip() for c in line[: -len(r" \\")].split(" & ")] == [
            row[0] if line is header else r"sys\_A \& B\textasciitilde{}",
            *row[1:],
        ]
    first = [i for i in range(len(header)) if header.startswith(" & ", i)]
    second = [i for i in range(len(body)) if body.startswith(" & ", i) and body[i - 1] != "\\"]
    assert first == second[-len(first) :]


def test_latex_escape_every_special_character() -> None:
    assert latex_escape(r"\&%$#_{}~^") == (r"\textbackslash{}\&\%\$\#\_\{\}\textasciitilde{}\textasciicircum{}")


def _by_tabulate(rows: list[list[str]], total: bool) -> list[str]:
    """:func:`aligned`'s layout drawn by tabulate itself (what tables with unusual cells get)."""
    from mtmetrics import texttables

    body: list[Sequence[str] | None] = [rows[0], None, *rows[1:]]
    if total and len(rows) > 2:
        body.insert(len(body) - 1, None)
    return texttables._table(body, "text", len(rows[0])).split("\n")


# any cell: empty, with edge blanks, wide or accented characters, tabs
_ANY_CELL = st.text(st.characters(min_codepoint=32, max_codepoint=126) | st.sampled_from("μ±–★↓ \t中é"), max_size=8)


_ANY_TABLE = st.integers(1, 4).flatmap(lambda n: st.lists(st.lists(_ANY_CELL, min_size=n, max_size=n), min_size=1))


@given(_ANY_TABLE, st.booleans())
def test_aligned_is_tabulates_layout_byte_for_byte(rows: list[list[str]], total: bool) -> None:
    assert aligned(rows, total) == _by_tabulate(rows, total)


def test_plain_segment_tables_are_laid_out_without_tabulate(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtmetrics import texttables

    rows = [["segment", "hLEPOR"], *([str(i), f"0.{i:04d}"] for i in range(1, 1001)), ["corpus", "0.7150"]]
    expected = _by_tabulate(rows, True)

    def refuse(*args: object) -> str:
        raise AssertionError("tabulate laid out a table of plain cells")

    monkeypatch.setattr(texttables, "_table", refuse)
    assert aligned(rows, total=True) == expected
