"""The command line with signatures (#37): ``-m SIGNATURE``, ``--allow-version-mismatch`` and
``mtmetrics signature explain|compare``."""

from __future__ import annotations

import json
from pathlib import Path

import sacrebleu

import mtmetrics
from tests.cli import run_cli
from tests.datapaths import ROOT

EX = ROOT / "examples"
REF0, REF1, HYP = str(EX / "ref.0.en"), str(EX / "ref.1.en"), str(EX / "hyp.en")
SB = sacrebleu.__version__
SACREBLEU_SIG = f"nrefs:1|case:mixed|eff:no|tok:intl|smooth:floor[0.20]|version:{SB}"


def test_m_signature_scores_as_the_parameters() -> None:
    code, out, err = run_cli(REF0, "-i", HYP, "-m", f"bleu|{SACREBLEU_SIG}", "-b")
    code2, out2, _ = run_cli(REF0, "-i", HYP, "-m", "bleu:tokenize=intl,smooth_method=floor,smooth_value=0.2", "-b")
    assert (code, err, code2) == (0, "", 0) and out == out2
    sig = mtmetrics.load_metric("bleu", tokenize="intl", smooth_method="floor", smooth_value=0.2).signature()
    code, out, _ = run_cli(REF0, "-i", HYP, "-m", sig.format(short=True), "-f", "json")
    assert code == 0 and json.loads(out)["results"][0]["signature"] == sig.format()


def test_mismatch_is_one_line_exit_2_unless_allowed() -> None:
    old = "bleu|#:1|c:mixed|e:no|tok:13a|s:exp|v:2.4.0"
    code, out, err = run_cli(REF0, "-i", HYP, "-m", old)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert (
        "sacrebleu: signed 2.4.0" in err and "pip install sacrebleu==2.4.0" in err and "--allow-version-mismatch" in err
    )
    code, out, err = run_cli(REF0, "-i", HYP, "-m", old, "--allow-version-mismatch")
    assert code == 0 and err.startswith("mtmetrics: warning: ") and err.count("\n") == 1
    assert f"sacrebleu:{SB}(signed 2.4.0)" in out
    code, out, err = run_cli(REF0, "-i", HYP, "-m", old, "--allow-version-mismatch", "-q")
    assert code == 0 and err == ""


def test_run_fields_and_other_settings_conflict() -> None:
    code, _, err = run_cli(REF0, REF1, "-i", HYP, "-m", f"bleu|{SACREBLEU_SIG}")
    assert code == 2 and "nrefs:1, this run has nrefs:2" in err
    code, _, err = run_cli(REF0, "-i", HYP, "-m", f"bleu|{SACREBLEU_SIG}", "-lc")
    assert code == 2 and "a signature sets every parameter" in err and err.count("\n") == 1


def test_signature_explain_text_and_json() -> None:
    code, out, err = run_cli("signature", "explain", f"bleu|{SACREBLEU_SIG}")
    assert code == 0 and err == ""
    assert "smooth:floor[0.20]  sets smooth_method='floor', smooth_value=0.2 (default exp)" in out
    assert "this installation reproduces it" in out
    code, out, _ = run_cli("signature", "explain", "bleu|#:1|v:2.4.0", "-f", "json")
    doc = json.loads(out)
    assert code == 0 and doc["reproduced"] is (SB == "2.4.0") and doc["fields"][1]["key"] == "sacrebleu"


def test_signature_compare() -> None:
    mine = mtmetrics.load_metric("bleu", tokenize="intl", smooth_method="floor", smooth_value=0.2).signature()
    code, out, _ = run_cli("signature", "compare", f"bleu|{SACREBLEU_SIG}", mine.format(short=True))
    assert (code, out) == (0, "comparable\n")
    code, out, _ = run_cli("signature", "compare", f"bleu|{SACREBLEU_SIG}", "BLEU|nrefs:2", "-f", "json")
    assert code == 1 and json.loads(out) == {
        "comparable": False,
        "differ": [
            {"field": "nrefs", "a": "1", "b": "2"},
            {"field": "tok", "a": "intl", "b": "13a"},
            {"field": "smooth", "a": "floor[0.20]", "b": "exp"},
        ],
    }


def test_signature_errors_exit_2() -> None:
    code, out, err = run_cli("signature", "explain", "bleu|nrefs:1|colour:red")
    assert code == 2 and out == "" and "unknown field 'colour'" in err and err.count("\n") == 1
    code, _, err = run_cli("signature", "explain", "bleu|nrefs:1", "--form", "json")
    assert code == 2


def test_a_signature_is_refused_for_a_target_it_cannot_score() -> None:
    sig = mtmetrics.load_metric("meteor").signature().format(short=True)
    code, out, err = run_cli(REF0, "-i", HYP, "-m", sig, "-l", "en-de")
    assert code == 2 and out == "" and "meteor cannot score de" in err and err.count("\n") == 1
    code, out, err = run_cli(REF0, "-i", HYP, "-m", sig, "-l", "de-en", "-b")
    assert code == 0 and out.strip() == "0.4389"


def test_m_signature_takes_its_files_beside_it(tmp_path: Path) -> None:
    """``-m SIG --sia-similarity FILE``: the file a signature records, given where it is; any other
    parameter beside a signature is refused."""
    table = tmp_path / "sim.tsv"
    table.write_text("the\ta\t0.5\na\tthe\t0.5\n", encoding="utf-8")
    code, out, err = run_cli(REF0, "-i", HYP, "-m", "sia", "--sia-similarity", str(table), "-f", "json")
    assert (code, err) == (0, "")
    first = json.loads(out)["results"][0]
    code, out, err = run_cli(REF0, "-i", HYP, "-m", first["signature"], "--sia-similarity", str(table), "-f", "json")
    assert (code, err) == (0, "")
    again = json.loads(out)["results"][0]
    assert (again["score"], again["signature"]) == (first["score"], first["signature"])
    code, out, err = run_cli(REF0, "-i", HYP, "-m", first["signature"], "--sia-similarity", str(table), "-lc")
    assert (code, out) == (2, "") and "sets every parameter but its files; do not set lowercase" in err
    code, out, err = run_cli(REF0, "-i", HYP, "-m", first["signature"])
    assert (code, out) == (2, "") and "give the sim file" in err and err.count("\n") == 1
