"""The source side of SSCN, PRS and MPR split by a sacrebleu tokenizer (``src_tokenize``), on every road.

Chinese and Japanese are written without spaces: split at spaces a source line is one "word" and
the aligner links whole lines. The tokenizer follows the source language (``-l zh-en`` → ``zh``),
shows in the signature (``srctok``), is recorded in ``mtmetrics align``'s sidecar and checked
against the metric's, and without a known language unsegmented CJK text is refused, not aligned.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics import InputError, ResourceError, plugins
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics.resources import tokenizers
from mtmetrics_source.aligners import DiagonalAligner, align_annotations
from mtmetrics_source.alignments import read_alignment_file
from mtmetrics_source.source_tokens import CJK_CHARS_PER_SPACE, source_tokens, unsegmented_cjk
from mtmetrics_source.table_alignments import table_annotations
from tests.cli import run_cli
from tests.datapaths import DATA, WMT21, read_text, require

SOURCE_METRICS = ("sscn", "prs", "mpr")
ZH = ["我们今天去北京。", "他喜欢喝茶。"]
HYP = ["We go to Beijing today .", "He likes tea ."]
REF = ["Today we go to Beijing .", "He likes drinking tea ."]


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{x}\n" for x in lines), encoding="utf-8")
    return str(path)


def _diagonal_files(tmp_path: Path, sources: list[str], tok: str, sidecar: bool) -> dict[str, str]:
    """Source, hypothesis, reference and diagonal Pharaoh files (source split by ``tok``), optionally with
    the JSON sidecar ``mtmetrics align`` writes next to them."""
    files = {"src": _write(tmp_path / "src.txt", sources), "hyp": _write(tmp_path / "hyp.txt", HYP)}
    files["ref"] = _write(tmp_path / "ref.txt", REF)
    for name, targets in (("hyp", HYP), ("ref", REF)):
        links = [DiagonalAligner.links(source_tokens(s, tok), t.split()) for s, t in zip(sources, targets, strict=True)]
        path = tmp_path / f"{name}-al.fwd"
        _write(path, [" ".join(f"{i}-{j}" for i, j in sorted(ls)) for ls in links])
        files[f"{name}-al"] = str(path)
        if sidecar:
            doc = {"format": 1, "command": "mtmetrics align", "source_tokenize": tok}
            (tmp_path / f"{name}-al.json").write_text(json.dumps(doc), encoding="utf-8")
    return files


def _score_args(files: dict[str, str], *extra: str) -> list[str]:
    return [files["ref"], "-i", files["hyp"], "--src", files["src"], "--align-hyp", files["hyp-al"]]


@pytest.mark.parametrize("name", SOURCE_METRICS)
@pytest.mark.parametrize(
    ("source", "expected"), [("zh", "zh"), ("ja", "ja-mecab"), ("ko", "ko-mecab"), ("de", "none"), ("ru", "none")]
)
def test_language_defaults_follow_the_source_language(name: str, source: str, expected: str) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    assert cls.language_defaults("en", source) == {"src_tokenize": expected}
    assert cls.language_defaults("en") == {}


def test_score_cli_with_l_zh_en_tokenises_the_source_and_signs_it(tmp_path: Path) -> None:
    files = _diagonal_files(tmp_path, ZH, "zh", sidecar=True)
    argv = [*_score_args(files), "--align-ref", files["ref-al"], "-m", "prs", "mpr", "-f", "json"]
    code, out, err = run_cli(*argv, "-l", "zh-en")
    assert code == 0, err
    doc = json.loads(out)
    sigs = json.dumps(doc)
    assert "srctok:zh" in sigs and "srctok:none" not in sigs


def test_unsegmented_chinese_without_a_language_is_refused_on_the_cli(tmp_path: Path) -> None:
    files = _diagonal_files(tmp_path, ZH, "none", sidecar=False)
    code, out, err = run_cli(*_score_args(files), "--align-ref", files["ref-al"], "-m", "prs")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "--prs-src-tokenize" in err and "-l SRC-TRG" in err and "prs:src_tokenize" in err


def test_unsegmented_cjk_is_refused_by_the_api_but_segmented_text_is_not() -> None:
    ann = align_annotations(DiagonalAligner(), ZH, HYP, [REF], src_tokenize="zh")
    with pytest.raises(InputError, match="src_tokenize"):
        mtmetrics.load_metric("prs").corpus_score(HYP, [REF], ZH, ann)
    assert mtmetrics.load_metric("prs", src_tokenize="zh").corpus_score(HYP, [REF], ZH, ann).score >= 0
    spaced = ["我们 今天 去 北京 。", "他 喜欢 喝 茶 。"]  # segmented into words: split at spaces is meaningful
    ann = align_annotations(DiagonalAligner(), spaced, HYP, [REF])
    assert mtmetrics.load_metric("prs").corpus_score(HYP, [REF], spaced, ann).score >= 0
    with pytest.raises(InputError, match="src_tokenize"):
        align_annotations(DiagonalAligner(), ZH, HYP, [REF])


def test_threshold_separates_wmt_cjk_sources_from_space_delimited_ones() -> None:
    """Every WMT21/22 zh and ja source is refused as a whole and line by line in most lines; no space-delimited one."""
    sources = {
        **{lp: WMT21 / "txt" / "sources" / f"newstest2021.{lp}.src.{lp[:2]}" for lp in ("zh-en", "ja-en", "ru-en")},
        **{lp: WMT21 / "txt" / "sources" / f"newstest2021.{lp}.src.{lp[:2]}" for lp in ("de-en", "cs-en", "is-en")},
        "en-de": WMT21 / "txt" / "sources" / "newstest2021.en-de.src.en",
    }
    for lp, path in sources.items():
        lines = read_text(require(path))
        assert (unsegmented_cjk(lines) is not None) == (lp[:2] in ("zh", "ja")), lp
    assert CJK_CHARS_PER_SPACE == 12


def test_sidecar_tokenizer_checks_indices_and_mismatch_is_refused(tmp_path: Path) -> None:
    files = _diagonal_files(tmp_path, ZH, "zh", sidecar=True)
    als = read_alignment_file(files["hyp-al"], ZH, HYP)
    assert all(a is not None and a.src_tokenize == "zh" for a in als)
    # index 5 is the 6th character of line 1: valid only because the sidecar says zh
    assert any(i >= 1 for a in als if a is not None for i, _ in a.links)
    # the metric splitting by another tokenizer refuses, naming both and the fix, in one line
    argv = [*_score_args(files), "--align-ref", files["ref-al"], "-m", "prs", "--prs-src-tokenize", "char"]
    code, _, err = run_cli(*argv)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "'zh'" in err and "'char'" in err and "--prs-src-tokenize zh" in err and "--src-tokenize char" in err


def test_file_without_sidecar_is_the_source_split_at_spaces(tmp_path: Path) -> None:
    files = _diagonal_files(tmp_path, ["Wir gehen heute nach Peking .", "Er trinkt gern Tee ."], "none", sidecar=False)
    argv = [*_score_args(files), "--align-ref", files["ref-al"], "-m", "mpr"]
    assert run_cli(*argv, "-l", "de-en")[0] == 0
    code, _, err = run_cli(*argv, "--mpr-src-tokenize", "13a")
    assert code == 2 and "'none'" in err and "'13a'" in err


def _no_module(monkeypatch: pytest.MonkeyPatch, module: str, sacrebleu_module: str) -> None:
    """Make ``import module`` fail as if the extra were not installed, and forget loaded tokenizers."""
    importlib.import_module(f"sacrebleu.tokenizers.{sacrebleu_module}")  # loaded, so undo() puts it back
    monkeypatch.setitem(sys.modules, module, None)
    monkeypatch.delitem(sys.modules, f"sacrebleu.tokenizers.{sacrebleu_module}")
    tokenizers.get_tokenizer.cache_clear()


@pytest.mark.parametrize(
    ("tok", "module", "sacrebleu_module", "extra"),
    [("ja-mecab", "MeCab", "tokenizer_ja_mecab", "ja"), ("ko-mecab", "mecab_ko", "tokenizer_ko_mecab", "ko")],
)
def test_missing_mecab_is_one_line_naming_the_install_command(
    monkeypatch: pytest.MonkeyPatch, tok: str, module: str, sacrebleu_module: str, extra: str
) -> None:
    _no_module(monkeypatch, module, sacrebleu_module)
    try:
        with pytest.raises(ResourceError) as info:
            mtmetrics.load_metric("sscn", src_tokenize=tok)
        message = str(info.value)
        assert "\n" not in message
        assert f"pip install 'mtmetrics[{extra}]'" in message and f"sacrebleu[{extra}]" in message
        code, _, err = run_cli("r", "-i", "h", "--src", "s", "-m", "mpr", "--mpr-src-tokenize", tok)
        assert code == 2 and len(err.strip().splitlines()) == 1 and f"mtmetrics[{extra}]" in err
    finally:
        monkeypatch.undo()
        tokenizers.get_tokenizer.cache_clear()


def _lp_table(tmp_path: Path, lp: str, sources: list[str]) -> Path:
    rows = ["lp\tsystem\tsegment\tsource\tref\thyp\tz"]
    for sysname, bump in (("A", 0.0), ("B", 0.5), ("C", 1.0)):
        for k, (s, h, r) in enumerate(zip(sources, HYP, REF, strict=True)):
            rows.append(f"{lp}\t{sysname}\t{k + 1}\t{s}\t{r}\t{h if sysname != 'C' else r}\t{k + bump}")
    path = tmp_path / f"{lp}.tsv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_table_alignments_split_each_group_by_its_language_pair(tmp_path: Path) -> None:
    table = read_table(_lp_table(tmp_path, "zh-en", ZH))
    cols = detect_columns(table, None, None, None, None, None, None, False)
    ann = table_annotations(table, cols, DiagonalAligner())
    assert {a.src_tokenize for a in ann["align_hyp"]} == {"zh"}
    ann = table_annotations(table, cols, DiagonalAligner(), src_tokenize="char")
    assert {a.src_tokenize for a in ann["align_hyp"]} == {"char"}
    other = read_table(_lp_table(tmp_path, "chinese", ZH))
    with pytest.raises(InputError, match="--align-src-tokenize"):
        table_annotations(
            other,
            detect_columns(other, None, None, None, None, None, None, False),
            DiagonalAligner(),
            option="--align-src-tokenize TOK",
        )


def _meta_report_zh_en(tmp_path: Path) -> dict[str, Any]:
    table = _lp_table(tmp_path, "zh-en", ZH)
    out = tmp_path / "r.json"
    argv = ["meta", "report", str(table), "-m", "prs", "mpr", "--aligner", "diagonal", "-o", "/dev/null"]
    code, _, err = run_cli(*argv, "--json", str(out), "--permutations", "0", "--bootstrap-n", "0")
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return doc


def test_meta_report_on_a_zh_en_table_scores_with_the_zh_source_tokenizer(tmp_path: Path) -> None:
    """The meta-table road: the lp column's source language sets the metrics' src_tokenize (applied per lp by
    the core), the table's alignments are made with the same tokenizer, and the unsegmented Chinese source
    is scored, not refused."""
    doc = _meta_report_zh_en(tmp_path)
    assert set(doc["signatures"]) == {"prs", "mpr"}


def test_meta_report_signature_names_the_source_tokenizer_of_the_pair(tmp_path: Path) -> None:
    """The signature a report prints for a zh-en group is that of the metric as it scored the group."""
    sigs = json.dumps(_meta_report_zh_en(tmp_path)["signatures"])
    assert "srctok:zh" in sigs and "srctok:none" not in sigs


def test_meta_report_on_a_table_of_two_pairs_signs_each_pair(tmp_path: Path) -> None:
    """One table, zh-en and de-en rows: each group is scored with its pair's source tokenizer, and the
    signature names both (a single signature, of either pair, would sign the other group's scores wrongly)."""
    zh = _lp_table(tmp_path, "zh-en", ZH).read_text(encoding="utf-8").splitlines()
    de = _lp_table(tmp_path, "de-en", ["Wir gehen heute nach Peking .", "Er trinkt gern Tee ."])
    both = tmp_path / "both.tsv"
    both.write_text("\n".join(zh + de.read_text(encoding="utf-8").splitlines()[1:]) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    argv = ["meta", "report", str(both), "-m", "prs", "--aligner", "diagonal", "-o", "/dev/null", "--json", str(out)]
    code, _, err = run_cli(*argv, "--permutations", "0", "--bootstrap-n", "0")
    assert code == 0, err
    (sig,) = json.loads(out.read_text(encoding="utf-8"))["signatures"]["prs"]
    parts = dict(part.split(": ", 1) for part in sig.split("; "))
    assert set(parts) == {"zh-en", "de-en"}
    assert "srctok:zh" in parts["zh-en"] and "srctok:none" in parts["de-en"]


def test_align_command_records_the_tokenizer_and_refuses_unsegmented_cjk(tmp_path: Path) -> None:
    pytest.importorskip("eflomal")
    wmt = DATA / "dev" / "wmt22-general" / "txt"
    src = _write(tmp_path / "src.ja", read_text(require(wmt / "sources" / "generaltest2022.ja-en.src.ja"))[:40])
    ref = _write(tmp_path / "ref.en", read_text(require(wmt / "references" / "generaltest2022.ja-en.ref.A.en"))[:40])
    code, _, err = run_cli("align", src, ref, "-o", str(tmp_path / "x"), "-q")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--src-tokenize" in err
    code, _, err = run_cli("align", src, ref, "-l", "ja-en", "-o", str(tmp_path / "ref"), "-q")
    assert code == 0, err
    sidecar: dict[str, Any] = json.loads((tmp_path / "ref.json").read_text(encoding="utf-8"))
    assert sidecar["source_tokenize"] == "ja-mecab" and sidecar["source_tokenizer"].startswith("ja-mecab-")
    words = [source_tokens(s, "ja-mecab") for s in read_text(Path(src))]
    links = [line.split() for line in (tmp_path / "ref.fwd").read_text(encoding="utf-8").splitlines()]
    assert max(int(x.split("-")[0]) for ls in links for x in ls) >= 5  # words, not whole lines
    assert all(int(x.split("-")[0]) < len(w) for w, ls in zip(words, links, strict=True) for x in ls)
    code, out, err = run_cli(
        ref,
        "-i",
        ref,
        "--src",
        src,
        "-l",
        "ja-en",
        "-m",
        "mpr",
        "--align-hyp",
        str(tmp_path / "ref.fwd"),
        "--align-ref",
        str(tmp_path / "ref.fwd"),
        "-f",
        "json",
    )
    assert code == 0, err
    assert "srctok:ja-mecab" in out


def test_index_past_a_source_split_at_spaces_says_how_it_was_split(tmp_path: Path) -> None:
    """A Pharaoh file without sidecar indexes the source as given: the message says so."""
    files = _diagonal_files(tmp_path, ZH, "zh", sidecar=False)
    code, _, err = run_cli(*_score_args(files), "--align-ref", files["ref-al"], "-m", "prs", "-l", "zh-en")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "split at spaces" in err and "sidecar" in err


def test_align_src_tokenize_chooses_the_table_aligners_split_and_needs_aligner(tmp_path: Path) -> None:
    table = _lp_table(tmp_path, "zh-en", ZH)
    argv = ["meta", "report", str(table), "-m", "bleu", "--align-src-tokenize", "char", "-o", "/dev/null"]
    code, _, err = run_cli(*argv)
    assert code == 2 and "--align-src-tokenize needs --aligner" in err
    argv = ["meta", "report", str(table), "-m", "prs:src_tokenize=zh", "--aligner", "diagonal", "-o", "/dev/null"]
    code, _, err = run_cli(*argv, "--align-src-tokenize", "char", "--permutations", "0", "--bootstrap-n", "0")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "'char'" in err and "'zh'" in err and "--align-src-tokenize zh" in err
