"""Pre-tagged files reach hlepor-e through the CLI's --annotation flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtmetrics.cli import main
from mtmetrics.resources import Preprocessor
from mtmetrics.resources.taggers import get_tagger
from tests.datapaths import ROOT

EX = ROOT / "examples"


def _tag_file(src: Path, dst: Path) -> None:
    tok, tagger = Preprocessor("13a", False), get_tagger("nltk")
    lines = src.read_text(encoding="utf-8").splitlines()
    dst.write_text("".join(" ".join(tagger.tag(tok(line))) + "\n" for line in lines), encoding="utf-8")


def test_pretagged_files_equal_internal_tagging(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hyp_pos, ref0_pos, ref1_pos = tmp_path / "hyp.pos", tmp_path / "ref0.pos", tmp_path / "ref1.pos"
    _tag_file(EX / "hyp.en", hyp_pos)
    _tag_file(EX / "ref.0.en", ref0_pos)
    _tag_file(EX / "ref.1.en", ref1_pos)
    refs = [str(EX / "ref.0.en"), str(EX / "ref.1.en")]
    argv = [*refs, "-i", str(EX / "hyp.en"), "-b", "-w", "12"]
    assert (
        main(
            [
                *argv,
                "-m",
                "hlepor-e",
                "--annotation",
                "hyp_pos",
                str(hyp_pos),
                "--annotation",
                "ref_pos",
                str(ref0_pos),
                str(ref1_pos),
            ]
        )
        == 0
    )
    pretagged = capsys.readouterr().out
    assert main([*argv, "-m", "hlepor:pos=nltk"]) == 0
    assert capsys.readouterr().out == pretagged


def test_annotation_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    short = tmp_path / "short.pos"
    short.write_text("NN\n", encoding="utf-8")
    argv = [str(EX / "ref.0.en"), "-i", str(EX / "hyp.en"), "-m", "hlepor-e"]
    assert main([*argv, "--annotation", "hyp_pos", str(short), "--annotation", "ref_pos", str(short)]) == 2
    err = capsys.readouterr().err
    assert "files have different numbers of lines" in err and f"{short}: 1 lines" in err and "hyp.en: 12 lines" in err
    assert main(argv) == 2
    assert "needs the annotation 'hyp_pos'" in capsys.readouterr().err
