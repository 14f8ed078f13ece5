"""Alignments of a meta-evaluation table (``--aligner``, ``--align-cache``) on real WMT22 ru→en rows.

The oracle is the API route that exists independently of the table code: for each row, the source,
hypothesis and reference aligned by :func:`align_annotations` and scored by ``Scorer.segment_scores``.
``meta report --aligner`` must give the same per-segment scores (deterministic aligner), and a
cached eflomal run must be read back link for link, never re-run.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.combo import Combo
from mtmetrics_source.aligners import DiagonalAligner, EflomalAligner, align_annotations
from mtmetrics_source.table_alignments import aligned_pairs, table_annotations
from tests.datapaths import DATA, require

TABLE = DATA / "dev" / "wmt22-general" / "derived" / "generaltest2022.ru-en.da-seg.joined.tsv.gz"
ROWS = 120  # the table's first rows: several systems share sources and references


@pytest.fixture(scope="module")
def small_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first ROWS rows of the joined WMT22 ru-en DA table, unchanged."""
    with gzip.open(require(TABLE), "rt", encoding="utf-8") as fh:
        lines = [next(fh) for _ in range(ROWS + 1)]
    path = tmp_path_factory.mktemp("table") / "ru-en.tsv"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_table_annotations_match_the_api_route(small_table: Path) -> None:
    table = read_table(small_table)
    cols = detect_columns(table, None, None, None, None, None, None, False)
    got = table_annotations(table, cols, DiagonalAligner())
    assert cols.source is not None
    src, hyp, ref = (table.columns[c] for c in (cols.source, cols.hyp, cols.refs[0]))
    want = align_annotations(DiagonalAligner(), src, hyp, [ref])
    assert [a.links for a in got["align_hyp"]] == [a.links for a in want["align_hyp"]]
    assert [[a.links for a in r] for r in got["align_refs"]] == [[a.links for a in r] for r in want["align_refs"]]


@pytest.mark.parametrize("metric", ["sscn:constraint=1", "prs", "mpr"])
def test_meta_report_aligner_scores_as_the_api(small_table: Path, tmp_path: Path, metric: str) -> None:
    out = tmp_path / "r.json"
    argv = ["meta", "report", str(small_table), "-m", metric, "--aligner", "diagonal", "--bootstrap-n", "0"]
    assert main([*argv, "--permutations", "0", "--levels", "segment", "--json", str(out), "-o", "/dev/null"]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    r_report = next(e["value"] for e in doc["tables"][0]["correlations"] if e["kind"] == "pearson")
    table = read_table(small_table)
    cols = detect_columns(table, None, None, None, None, None, None, False)
    assert cols.source is not None
    src, hyp, ref = (table.columns[c] for c in (cols.source, cols.hyp, cols.refs[0]))
    name, _, param = metric.partition(":")
    m = mtmetrics.load_metric(name, **dict([param.split("=")]) if param else {})
    ann = align_annotations(DiagonalAligner(), src, hyp, [ref])
    scores = np.array([s.score for s in m.segment_scores(hyp, [ref], src, ann)])
    assert r_report == pytest.approx(float(np.corrcoef(scores, table.numbers("z"))[0, 1]), abs=1e-12)
    assert "align:diagonal" in doc["signatures"][metric][0]


def test_eflomal_cache_is_read_back_not_rerun(tmp_path: Path, small_table: Path) -> None:
    table = read_table(small_table)
    cols = detect_columns(table, None, None, None, None, None, None, False)
    assert cols.source is not None
    pairs = list(dict.fromkeys(zip(table.columns[cols.source], table.columns[cols.hyp], strict=True)))
    first = aligned_pairs(EflomalAligner(), pairs, tmp_path, "ru-en")

    class Refuses(EflomalAligner):
        def align(self, sources, targets, src_tokenize="none"):  # type: ignore[no-untyped-def]
            raise AssertionError("the cache must be used")

    again = aligned_pairs(Refuses(), pairs, tmp_path, "ru-en")
    assert [(a.links, a.fwd, a.rev) for a in again] == [(a.links, a.fwd, a.rev) for a in first]
    assert all(a.two_way for a in again)
    assert len(list(tmp_path.glob("ru-en-*.fwd"))) == 1


def test_aligner_needs_a_source_column(small_table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [line.split("\t") for line in small_table.read_text(encoding="utf-8").splitlines()]
    keep = [k for k, name in enumerate(rows[0]) if name != "source"]
    no_src = tmp_path / "nosrc.tsv"
    no_src.write_text("".join("\t".join(r[k] for k in keep) + "\n" for r in rows), encoding="utf-8")
    assert main(["meta", "report", str(no_src), "-m", "bleu", "--aligner", "diagonal", "-o", "/dev/null"]) != 0
    assert "--aligner needs a source column" in capsys.readouterr().err


def test_mct_with_source_features_then_combo_in_meta_report(small_table: Path, tmp_path: Path) -> None:
    """meta mct --aligner trains on SSCN and BLEUS; combo:model= then scores with the features' sources and
    alignments passed through: its segment scores are the model's weighted sum of the features' (API oracle)."""
    model = tmp_path / "m.json"
    argv = ["meta", "mct", str(small_table), "-m", "bleus", "sscn:constraint=1", "--aligner", "diagonal"]
    assert main([*argv, "--no-loso", "--restarts", "2", "-o", str(model)]) == 0
    doc = json.loads(model.read_text(encoding="utf-8"))
    out = tmp_path / "r.json"
    spec = f"combo:model={model}"
    argv = ["meta", "report", str(small_table), "-m", spec, "--aligner", "diagonal", "--bootstrap-n", "0"]
    assert main([*argv, "--permutations", "0", "--levels", "segment", "--json", str(out), "-o", "/dev/null"]) == 0
    r_report = next(
        e["value"] for e in json.loads(out.read_text())["tables"][0]["correlations"] if e["kind"] == "pearson"
    )
    table = read_table(small_table)
    cols = detect_columns(table, None, None, None, None, None, None, False)
    assert cols.source is not None
    src, hyp, ref = (table.columns[c] for c in (cols.source, cols.hyp, cols.refs[0]))
    ann = align_annotations(DiagonalAligner(), src, hyp, [ref])
    bleus = [s.score for s in mtmetrics.load_metric("bleus").segment_scores(hyp, [ref])]
    sscn = [s.score for s in mtmetrics.load_metric("sscn", constraint="1").segment_scores(hyp, [ref], src, ann)]
    combo = doc["weights"][0] * np.array(bleus) + doc["weights"][1] * np.array(sscn)
    assert r_report == pytest.approx(float(np.corrcoef(combo, table.numbers("z"))[0, 1]), abs=1e-9)


def test_mct_over_language_pairs_records_one_source_tokenizer(
    small_table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table of two language pairs scores SSCN with each pair's source tokenizer (zh-en: zh, ru-en: none);
    a model applies one, so training refuses until the spec gives it; the model then records it and
    loads (the issue-36 refusal of every pair was a model signed with both pairs' signatures)."""
    lines = small_table.read_text(encoding="utf-8").splitlines(keepends=True)
    lp = lines[0].rstrip("\n").split("\t").index("lp")

    def as_zh(line: str) -> str:
        cells = line.split("\t")
        cells[lp] = "zh-en"
        return "\t".join(cells)

    two = tmp_path / "two.tsv"
    two.write_text("".join([*lines, *map(as_zh, lines[1:])]), encoding="utf-8")
    model = tmp_path / "m.json"
    argv = ["meta", "mct", str(two), "--aligner", "diagonal", "--no-loso", "--restarts", "1", "-o", str(model)]
    assert main([*argv, "-m", "bleus", "sscn"]) == 2 and not model.exists()
    err = capsys.readouterr().err
    assert "src_tokenize" in err and "-m sscn:src_tokenize=VALUE" in err and err.count("\n") == 1
    assert main([*argv, "-m", "bleus", "sscn:src_tokenize=none", "--align-src-tokenize", "none"]) == 0
    sscn = json.loads(model.read_text(encoding="utf-8"))["features"][1]
    assert (
        sscn["spec"] == "sscn:src_tokenize=none"
        and "|srctok:none|" in sscn["signature"]
        and ";" not in sscn["signature"]
    )
    combo = mtmetrics.load_metric("combo", model=str(model)).metric
    assert isinstance(combo, Combo) and combo.features[1].values["src_tokenize"] == "none"
