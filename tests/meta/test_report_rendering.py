"""``meta report``'s Markdown: escaped signatures, ★ by the cluster rule, a true header, where it wrote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtmetrics_meta.report import clusters
from tests.cli import run_cli as _run


@pytest.fixture(scope="module")
def report(wmt17_small: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    d = tmp_path_factory.mktemp("report")
    out = d / "r.md"
    code, stdout, stderr = _run(
        "meta", "report", str(wmt17_small), "-m", "chrf", "bleu", "ter", "wer", "--bootstrap-n", "50",
        "--permutations", "0", "-o", str(out),
    )  # fmt: skip
    assert code == 0 and stdout == ""
    return out.read_text(encoding="utf-8"), stderr


def test_signatures_do_not_break_table_cells(report: tuple[str, str]) -> None:
    text, _ = report
    rows = [line for line in text.splitlines() if line.startswith("| chrf | `chrF2")]
    assert rows, "no signature row for chrf"
    # three cells: metric, signature, CPU seconds — every | inside the signature is escaped
    cells = re.split(r"(?<!\\)\|", rows[0].strip().strip("|"))
    assert len(cells) == 3 and "\\|nrefs:1\\|" in cells[1]


def test_star_marks_the_first_cluster(report: tuple[str, str]) -> None:
    text, _ = report
    seen = 0
    for line in text.splitlines():
        m = re.match(r"\| (\w[\w-]*)(?: ↓)? \| (\d+)( ★)? \|", line)
        if m:
            seen += 1
            assert (m.group(2) == "1") == bool(m.group(3)), line
    assert seen >= 8


def test_star_is_the_first_cluster_even_when_tests_are_not_transitive() -> None:
    # C is not beaten by B, B is beaten by A: C ends in cluster 2 behind B, so no star for C
    values = {"A": 0.9, "B": 0.8, "C": 0.7}
    p = {("A", "B"): 0.01, ("A", "C"): 0.2, ("B", "C"): 0.5}
    ranked = clusters(values, {}, 10, test=lambda hi, lo: p[(hi, lo)])
    by = {r.metric: r for r in ranked}
    assert [by[m].cluster for m in "ABC"] == [1, 2, 2]
    assert [by[m].winner for m in "ABC"] == [True, False, False]


def test_header_and_written_lines(report: tuple[str, str]) -> None:
    text, stderr = report
    from_root = (Path.cwd() / "pyproject.toml").is_file() and (Path.cwd() / "mtmetrics").is_dir()
    assert ("run from the repository root" in text) == from_root
    assert stderr.count("mtmetrics: wrote report to ") == 1


def test_scoring_progress_counts_every_row_of_every_metric(wmt17_small: Path) -> None:
    from mtmetrics import load_metric
    from mtmetrics.io.tables import detect_columns, read_table
    from mtmetrics_meta.scores import score_table

    table = read_table(wmt17_small)
    seen: list[int] = []
    specs = [("chrf", load_metric("chrf")), ("bleus", load_metric("bleus"))]
    score_table(table, detect_columns(table), specs, progress=seen.append)
    assert sum(seen) == 2 * len(table) and len(seen) > 2
