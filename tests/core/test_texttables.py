"""The table layouts of :mod:`mtmetrics.texttables` against literal transcriptions of their rules."""

from __future__ import annotations

import hypothesis.strategies as st
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
