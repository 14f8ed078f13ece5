"""The command line: sacrebleu-like scoring, output formats, and every bad-input case (exit 2)."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

import mtmetrics
from mtmetrics.cli import main
from tests.datapaths import ROOT

EX = ROOT / "examples"
REF0, REF1, HYP = str(EX / "ref.0.en"), str(EX / "ref.1.en"), str(EX / "hyp.en")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def lines_of(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def test_text_output_matches_sacrebleu(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([REF0, REF1, "-i", HYP, "-m", "bleu", "chrf", "ter"], capsys)
    assert status == 0 and err == ""
    bleu, chrf, ter = out.splitlines()
    refs = [lines_of(REF0), lines_of(REF1)]
    expected = sacrebleu.BLEU().corpus_score(lines_of(HYP), refs)
    assert bleu.startswith("BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|order:4|")
    assert f" = {expected.score:.2f} " in bleu and expected._verbose in bleu
    assert chrf.startswith("chrF2|nrefs:2|") and ter.endswith("(lower is better)")


def test_json_is_lossless(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([REF0, "-i", HYP, "-m", "bleu", "bleus:max_order=6", "-f", "json", "-sl"], capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["mtmetrics"] == mtmetrics.__version__
    bleu, bleus = doc["results"]
    expected = sacrebleu.BLEU().corpus_score(lines_of(HYP), [lines_of(REF0)]).score
    assert bleu["score"] == expected  # full precision, not a rounded string
    assert bleu["params"]["max_ngram_order"] == 4 and bleu["signature"].startswith("BLEU|nrefs:1|")
    assert len(bleu["segment_scores"]) == 12 and "precision_1" in bleu["segment_sub_scores"][0]
    assert bleus["name"] == "BLEUS6" and bleus["params"] == {"lowercase": False, "tokenize": "13a", "max_order": 6}


def test_metric_flags_global_flags_and_precedence(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        [REF0, "-i", HYP, "-m", "bleu", "-lc", "-tok", "intl", "--bleu-max-ngram-order", "2", "-f", "json"], capsys
    )
    assert status == 0
    res = json.loads(out)["results"][0]
    assert (
        res["params"]["lowercase"] is True
        and res["params"]["tokenize"] == "intl"
        and res["params"]["max_ngram_order"] == 2
    )
    expected = sacrebleu.BLEU(lowercase=True, tokenize="intl", max_ngram_order=2).corpus_score(
        lines_of(HYP), [lines_of(REF0)]
    )
    assert res["score"] == expected.score
    # inline parameters and flags combine; a bare boolean flag means yes
    status, out, _ = run(
        [REF0, "-i", HYP, "-m", "bleu:max_ngram_order=3", "--bleu-effective-order", "-f", "json"], capsys
    )
    res = json.loads(out)["results"][0]
    assert res["params"]["max_ngram_order"] == 3 and res["params"]["effective_order"] is True
    # one parameter set both ways is an error naming both (tests/core/test_failures_options.py)
    status, out, _ = run([REF0, "-i", HYP, "-m", "bleu:max_ngram_order=3", "--bleu-max-ngram-order", "2"], capsys)
    assert status == 2 and out == ""


def test_several_systems_as_a_table_and_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    other = tmp_path / "other.en"
    other.write_text("".join(line + "\n" for line in lines_of(REF1)), encoding="utf-8")
    status, out, _ = run([REF0, "-i", HYP, str(other), "-m", "bleu", "ter"], capsys)
    assert status == 0
    rows = out.splitlines()
    assert rows[0].split() == ["system", "BLEU", "TER", "(lower", "is", "better)"]
    assert rows[2].startswith(HYP) and rows[3].startswith(str(other))
    assert any(r.startswith("BLEU|nrefs:1|") for r in rows) and any(r.startswith("TER|nrefs:1|") for r in rows)
    status, out, _ = run([REF0, "-i", HYP, str(other), "-m", "bleu", "-f", "tsv"], capsys)
    header, first, _second = out.splitlines()
    assert header.split("\t") == ["system", "metric", "score", "higher_is_better", "signature"]
    assert float(first.split("\t")[2]) == sacrebleu.BLEU().corpus_score(lines_of(HYP), [lines_of(REF0)]).score
    status, out, _ = run([REF0, "-i", HYP, str(other), "-m", "bleu", "ter", "-f", "latex"], capsys)
    assert r"\begin{tabular}{lrr}" in out and r"TER $\downarrow$" in out and out.startswith("% BLEU|")


def test_score_only_and_sentence_level(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([REF0, "-i", HYP, "-m", "chrf", "-b", "-w", "3"], capsys)
    expected = sacrebleu.CHRF().corpus_score(lines_of(HYP), [lines_of(REF0)]).score
    assert status == 0 and out == f"{expected:.3f}\n"
    status, out, _ = run([REF0, "-i", HYP, "-m", "chrf", "-b", "-sl"], capsys)
    assert len(out.splitlines()) == 12


def test_stdin_hypotheses_and_gzip_references(tmp_path: Path) -> None:
    gz = tmp_path / "ref.en.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as fh:
        fh.write(Path(REF0).read_text(encoding="utf-8"))
    exe = shutil.which("mtmetrics") or str(Path(sys.executable).parent / "mtmetrics")
    proc = subprocess.run(
        [exe, str(gz), "-m", "bleu", "-b"], input=Path(HYP).read_bytes(), capture_output=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    expected = sacrebleu.BLEU().corpus_score(lines_of(HYP), [lines_of(REF0)]).score
    assert proc.stdout.decode() == f"{expected:.2f}\n"


def test_same_input_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [REF0, REF1, "-i", HYP, "-m", "bleu", "chrf", "ter", "bleus", "-f", "json", "-sl"]
    first = run(argv, capsys)[1]
    assert run(argv, capsys)[1] == first


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    status, out, err = run(argv, capsys)
    assert status == 2, err
    assert out == "", "nothing may be written to stdout on error"
    assert "Traceback" not in err and err.startswith("mtmetrics: error: ")
    return err


def test_error_line_count_mismatch_names_files_and_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    short = tmp_path / "short.en"
    short.write_text("one line\n", encoding="utf-8")
    err = _error([REF0, "-i", HYP, str(short)], capsys)
    assert f"{REF0}: 12 lines" in err and f"{short}: 1 lines" in err


def test_error_undecodable_file_names_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "latin1.en"
    bad.write_bytes(b"fine line\nsecond caf\xe9 line\n" + b"x\n" * 10)
    err = _error([REF0, "-i", str(bad)], capsys)
    assert f"{bad}:2: not valid UTF-8 (byte 0xe9 at column 11)" in err


def test_error_missing_file_and_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "no-such.en: no such file" in _error([REF0, "-i", str(tmp_path / "no-such.en")], capsys)
    assert "is a directory" in _error([str(tmp_path), "-i", HYP], capsys)


def test_error_unknown_metric_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    assert "unknown metric 'chrff'. Did you mean: chrf" in _error([REF0, "-i", HYP, "-m", "chrff"], capsys)


def test_error_unknown_parameter_lists_real_ones(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error([REF0, "-i", HYP, "-m", "chrf", "--chrf-char-oder", "4"], capsys)
    assert "unknown parameter '--chrf-char-oder'. Did you mean: char-order" in err
    assert "--chrf-word-order" in err
    assert "unknown parameter 'n'" in _error([REF0, "-i", HYP, "-m", "chrf:n=3"], capsys)
    assert "expected name:param=value" in _error([REF0, "-i", HYP, "-m", "chrf:3"], capsys)


def test_error_bad_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert "parameter 'max_ngram_order' expects an integer in [1, 9], got 'x'" in _error(
        [REF0, "-i", HYP, "--bleu-max-ngram-order", "x"], capsys
    )
    assert "must be one of none, 13a" in _error([REF0, "-i", HYP, "-tok", "moses"], capsys)


def test_error_empty_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.en"
    empty.write_text("", encoding="utf-8")
    assert "no segments to score (empty input)" in _error([str(empty), "-i", str(empty)], capsys)


def test_error_no_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert "no reference file given" in _error(["-i", HYP], capsys)


def test_help_lists_metric_flags(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["-m", "chrf", "--help"], capsys)
    assert status == 0 and "--chrf-word-order VALUE" in out


def test_list_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["list"], capsys)
    assert (
        status == 0
        and "ter  [mtmetrics_classic from mtmetrics" in out
        and "--bleu-max-ngram-order (int, default 4)" in out
    )
    status, out, _ = run(["list", "--json"], capsys)
    doc = json.loads(out)
    bleu = next(m for m in doc["metrics"] if m["name"] == "bleu")
    assert bleu["plugin"] == "mtmetrics_classic" and bleu["version"] == mtmetrics.__version__
    order = next(p for p in bleu["params"] if p["name"] == "max_ngram_order")
    assert {"flag": "--bleu-max-ngram-order", "type": "int", "default": 4}.items() <= order.items()
    smooth = next(p for p in bleu["params"] if p["name"] == "smooth_method")
    assert smooth["aliases"] == ["-s", "--smooth-method"]
    ter = next(m for m in doc["metrics"] if m["name"] == "ter")
    assert ter["higher_is_better"] is False and ter["score_range"] == [0.0, None]


def test_progress_bar_only_on_a_terminal() -> None:
    import io

    from mtmetrics.cli.progress import Progress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = io.StringIO()
    p = Progress(10, "scoring", stream=quiet)
    p.advance(10)
    p.close()
    assert quiet.getvalue() == ""
    tty = Tty()
    p = Progress(10, "scoring", stream=tty)
    p.advance(10)
    assert "10/10" in tty.getvalue()
