"""The Python API as sacrebleu users write it, checked against sacrebleu's own objects.

Real WMT21 de-en text (two references): result attributes (``precisions``, ``counts``, ``totals``,
``sys_len``, ``ref_len``, ``bp``, ``ratio``, ``char_order``, ``word_order``, ``beta``, ``num_edits``,
``ref_length``), ``float(result)``, ``get_signature()``, the ``hypotheses=``/``references=`` keywords,
generators, and messages for the inputs sacrebleu users get wrong. Also the error messages for
metric names in any case, sscn without alignments, hLEPOR-E tag counts, gzip without .gz.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

import mtmetrics
from mtmetrics import InputError, MtmetricsError
from tests.cli import run_cli as _run
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 300


@pytest.fixture(scope="module")
def corpus() -> tuple[list[str], list[list[str]]]:
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:N]
    refs = [read_text(TXT / "references" / f"newstest2021.de-en.ref.{k}.en")[:N] for k in "AB"]
    return hyps, refs


def test_bleu_result_answers_sacrebleus_attributes(corpus: tuple[list[str], list[list[str]]]) -> None:
    hyps, refs = corpus
    ours = mtmetrics.load_metric("bleu").corpus_score(hyps, refs)
    theirs = BLEU().corpus_score(hyps, refs)
    for name in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio", "prec_str"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert type(ours.counts) is type(theirs.counts) and type(ours.sys_len) is type(theirs.sys_len)
    assert float(ours) == theirs.score
    sentence = mtmetrics.load_metric("bleu", effective_order=True).sentence_score(hyps[3], [r[3] for r in refs])
    expected = BLEU(effective_order=True).sentence_score(hyps[3], [r[3] for r in refs])
    assert sentence.precisions == expected.precisions and sentence.counts == expected.counts


def test_chrf_and_ter_results_answer_sacrebleus_attributes(corpus: tuple[list[str], list[list[str]]]) -> None:
    hyps, refs = corpus
    chrf = mtmetrics.load_metric("chrf", word_order=2).corpus_score(hyps, refs)
    expected = CHRF(word_order=2).corpus_score(hyps, refs)
    for name in ("score", "char_order", "word_order", "beta"):
        assert getattr(chrf, name) == getattr(expected, name), name
    ter = mtmetrics.load_metric("ter").corpus_score(hyps[:100], [r[:100] for r in refs])
    expected_ter = TER().corpus_score(hyps[:100], [r[:100] for r in refs])
    for name in ("score", "num_edits", "ref_length"):
        assert getattr(ter, name) == getattr(expected_ter, name), name
    assert float(ter) == expected_ter.score


def test_sacrebleu_keywords_and_generators(corpus: tuple[list[str], list[list[str]]]) -> None:
    hyps, refs = corpus
    expected = BLEU().corpus_score(hyps, refs).score
    bleu = mtmetrics.load_metric("bleu")
    assert bleu.corpus_score(hypotheses=hyps, references=refs).score == expected
    assert bleu.corpus_score(iter(hyps), (iter(r) for r in refs)).score == expected
    assert bleu.corpus_score((h for h in hyps), [list(r) for r in refs]).score == expected
    one = bleu.sentence_score(hypothesis=hyps[0], references=[r[0] for r in refs])
    assert one.score == bleu.sentence_score(hyps[0], [r[0] for r in refs]).score
    rows = bleu.segment_scores(hypotheses=hyps[:5], references=[r[:5] for r in refs])
    assert len(rows) == 5


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.corpus_score(42, [["a"]]), "hypotheses must be a list of strings"),
        (lambda m: m.corpus_score(["a"], 42), "references must be a list"),
        (lambda m: m.corpus_score(["a"], [["a"]], hypotheses=["a"]), "not both"),
        (lambda m: m.corpus_score(references=[["a"]]), "missing hyps"),
        (lambda m: m.corpus_score(["a"], [[3]]), "segment 1 is int, not a string"),
        (lambda m: m.sentence_score("a", "a"), "not one string"),
    ],
)
def test_wrong_inputs_are_mtmetrics_errors_not_type_errors(call: Callable[[Any], object], message: str) -> None:
    with pytest.raises(MtmetricsError, match=message):
        call(mtmetrics.load_metric("bleu"))


def test_get_signature_and_str(corpus: tuple[list[str], list[list[str]]]) -> None:
    hyps, refs = corpus
    bleu = mtmetrics.load_metric("bleu")
    with pytest.raises(InputError, match="score a corpus first"):
        bleu.get_signature()
    result = bleu.corpus_score(hyps, refs)
    assert str(bleu.get_signature()) == str(result.signature)
    assert bleu.get_signature().get("nrefs") == "2"
    theirs = BLEU().corpus_score(hyps, refs)
    assert str(result).split(" = ")[1].split(" ")[0] == f"{theirs.score:.2f}"  # BLEU: 2 decimals as the CLI
    rouge = mtmetrics.load_metric("rouge-l").corpus_score(hyps[:20], [refs[0][:20]])
    assert str(rouge).split(" = ")[1].split(" ")[0] == f"{rouge.score:.4f}"  # 0-1 metrics: 4 decimals


def test_metric_names_in_any_case(corpus: tuple[list[str], list[list[str]]], tmp_path: Path) -> None:
    hyps, refs = corpus
    assert type(mtmetrics.load_metric("BLEU")) is type(mtmetrics.load_metric("bleu"))
    hyp, ref = tmp_path / "hyp", tmp_path / "ref"
    hyp.write_text("".join(x + "\n" for x in hyps[:50]), encoding="utf-8")
    ref.write_text("".join(x + "\n" for x in refs[0][:50]), encoding="utf-8")
    code, out, err = _run(str(ref), "-i", str(hyp), "-m", "BLEU", "ChrF", "-b")
    assert code == 0, err
    assert out.split() == [f"{BLEU().corpus_score(hyps[:50], [refs[0][:50]]).score:.2f}", out.split()[1]]
    code, out, err = _run(str(ref), "-i", str(hyp), "-m", "BLEU", "--bleu-max-ngram-order", "2", "-b")
    assert code == 0, err
    assert float(out) == pytest.approx(BLEU(max_ngram_order=2).corpus_score(hyps[:50], [refs[0][:50]]).score, abs=0.01)


def test_gzip_without_gz_suffix_is_read_as_gzip(corpus: tuple[list[str], list[list[str]]], tmp_path: Path) -> None:
    hyps, refs = corpus
    hyp = tmp_path / "hyp.txt"  # compressed, but not named .gz
    hyp.write_bytes(gzip.compress("".join(x + "\n" for x in hyps[:40]).encode("utf-8")))
    ref = tmp_path / "ref"
    ref.write_text("".join(x + "\n" for x in refs[0][:40]), encoding="utf-8")
    code, out, err = _run(str(ref), "-i", str(hyp), "-m", "bleu", "-b")
    assert code == 0, err
    assert out.strip() == f"{BLEU().corpus_score(hyps[:40], [refs[0][:40]]).score:.2f}"


def test_sscn_without_alignments_names_the_flag(tmp_path: Path) -> None:
    src = read_text(require(TXT / "sources" / "newstest2021.de-en.src.de"))[:5]
    hyps = read_text(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz")[:5]
    ref = read_text(TXT / "references" / "newstest2021.de-en.ref.A.en")[:5]
    paths = []
    for name, lines in (("src", src), ("hyp", hyps), ("ref", ref)):
        (tmp_path / name).write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        paths.append(str(tmp_path / name))
    code, out, err = _run(paths[2], "-i", paths[1], "--src", paths[0], "-m", "sscn")
    assert code == 2 and out == ""
    assert "--align-hyp FILE" in err and "mtmetrics align" in err
    with pytest.raises(InputError, match="align_hyp"):
        mtmetrics.load_metric("sscn").corpus_score(hyps, [ref], sources=src)


def test_hlepor_e_tag_mismatch_names_the_file_and_tokenisation(tmp_path: Path) -> None:
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:3]
    ref = read_text(TXT / "references" / "newstest2021.de-en.ref.A.en")[:3]
    files = {}
    for name, lines in (
        ("hyp", hyps),
        ("ref", ref),
        # one tag per whitespace-separated word: too few once punctuation is split off by tokenisation
        ("hyp.pos", [" ".join("NN" for _ in h.split()) for h in hyps]),
        ("ref.pos", [" ".join("NN" for _ in r.split()) for r in ref]),
    ):
        (tmp_path / name).write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        files[name] = str(tmp_path / name)
    code, out, err = _run(
        files["ref"],
        "-i",
        files["hyp"],
        "-m",
        "hlepor-e",
        "--annotation",
        "hyp_pos",
        files["hyp.pos"],
        "--annotation",
        "ref_pos",
        files["ref.pos"],
    )
    assert code == 2 and out == ""
    named = (f"annotation 'hyp_pos' ({files['hyp.pos']})", f"annotation 'ref_pos' ({files['ref.pos']})")
    assert any(x in err for x in named), err
    assert "counted after tokenisation (tokenize=" in err
