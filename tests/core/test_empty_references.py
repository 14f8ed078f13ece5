"""An empty reference line is a reference of length 0 and a byte-order mark is kept, as in sacrebleu.

sacrebleu itself is the oracle, on real WMT21 de-en text: its API for the Python side, and its
own way of reading files (Python's ``utf-8`` codec) for the command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from tests.cli import run_cli
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 150  # segments: enough for every metric's corpus statistics, quick for sacrebleu's TER
BLANK = (4, 17)  # lines blanked in reference B


def _data() -> tuple[list[str], list[str], list[str]]:
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:N]
    ref_a = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:N]
    ref_b = read_text(require(TXT / "references" / "newstest2021.de-en.ref.B.en"))[:N]
    return hyps, ref_a, ref_b


def _blanked(stream: list[str], value: str | None = "") -> Any:
    """``stream`` with the lines of BLANK replaced by ``value`` (typed Any: sacrebleu's hints omit None)."""
    out: list[str | None] = list(stream)
    for i in BLANK:
        out[i] = value
    return out


SACRE = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}


@pytest.mark.parametrize("name", sorted(SACRE))
def test_empty_reference_line_is_a_reference_of_length_zero(name: str) -> None:
    hyps, ref_a, ref_b = _data()
    ours, theirs = mtmetrics.load_metric(name), SACRE[name]()
    configs: list[list[Any]] = [[ref_a, _blanked(ref_b)], [_blanked(ref_a)], [_blanked(ref_a, "  ")]]
    for refs in configs:
        got = ours.corpus_score(hyps, refs)
        assert got.score == theirs.corpus_score(hyps, refs).score
        assert got.signature.get("nrefs") == str(len(refs))  # an empty line is a reference
        for i in BLANK:
            seg_refs = [r[i] for r in refs]
            assert ours.sentence_score(hyps[i], seg_refs).score == theirs.sentence_score(hyps[i], seg_refs).score


def test_ter_with_one_blanked_line_differs_from_dropping_it() -> None:
    """TER averages the reference length over the empty reference too, as sacrebleu does."""
    hyps, ref_a, ref_b = _data()
    refs = [ref_a, _blanked(ref_b)]
    got = mtmetrics.load_metric("ter").corpus_score(hyps, refs).score
    dropped = sacrebleu.TER().corpus_score(hyps, [ref_a, _blanked(ref_b, None)]).score
    assert got == sacrebleu.TER().corpus_score(hyps, refs).score
    assert got != dropped


def test_none_is_a_missing_reference() -> None:
    hyps, ref_a, ref_b = _data()
    refs = [ref_a, _blanked(ref_b, None)]
    for name, cls in SACRE.items():
        got = mtmetrics.load_metric(name).corpus_score(hyps, refs)
        assert got.signature.get("nrefs") == "var"
        assert got.score == cls().corpus_score(hyps, refs).score


def _write(path: Path, lines: list[str | None], prefix: bytes = b"") -> str:
    path.write_bytes(prefix + "".join(f"{x}\n" for x in lines).encode("utf-8"))
    return str(path)


def test_cli_scores_empty_lines_and_warns_once_per_file(tmp_path: Path) -> None:
    hyps, ref_a, ref_b = _data()
    hyp = _write(tmp_path / "hyp.en", list(hyps))
    a = _write(tmp_path / "a.en", list(ref_a))
    b = _write(tmp_path / "b.en", _blanked(ref_b))
    code, out, err = run_cli(a, b, "-i", hyp, "-m", "ter", "-f", "json")
    assert code == 0, err
    assert json.loads(out)["results"][0]["score"] == sacrebleu.TER().corpus_score(hyps, [ref_a, _blanked(ref_b)]).score
    assert err.splitlines() == [
        f"mtmetrics: warning: {b}: 2 lines are empty; each is scored as a reference of length 0, as sacrebleu "
        "does (in the API, None marks a missing reference)."
    ]
    code, _, err = run_cli(a, b, "-i", hyp, "-m", "ter", "-q")
    assert code == 0 and err == ""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["", " ", "\t", "\r", "\x0b", "\x0c", "a", "é", " b "]), max_size=8), st.booleans())
def test_empty_lines_are_counted_as_a_line_by_line_reading_counts_them(parts: list[str], last_end: bool) -> None:
    """``count_blank`` works on undecoded blocks of whole lines; a line-by-line reading is the oracle
    (``\r`` of a CRLF line end and other whitespace make a line blank, a line end ends the file or not)."""
    from mtmetrics.io.references import count_blank

    text = "\n".join(parts) + ("\n" if last_end and parts else "")
    if not text:
        return  # an empty file is refused as input before any warning
    lines = text.split("\n")
    if text.endswith("\n"):  # the last line end starts no line
        lines.pop()
    expected = sum(1 for line in lines if not line.strip(" \t\r\x0b\x0c"))
    assert count_blank(text.encode("utf-8")) == expected


@pytest.mark.parametrize("where", ["hyp", "ref"])
def test_byte_order_mark_is_kept_as_sacrebleu_keeps_it(tmp_path: Path, where: str) -> None:
    hyps, ref_a, _ = _data()
    bom = b"\xef\xbb\xbf"
    hyp = _write(tmp_path / "hyp.en", list(hyps), bom if where == "hyp" else b"")
    ref = _write(tmp_path / "ref.en", list(ref_a), bom if where == "ref" else b"")
    # what sacrebleu's command line reads: Python's utf-8 codec, which keeps the mark
    with open(hyp, encoding="utf-8") as fh_h, open(ref, encoding="utf-8") as fh_r:
        sacre_hyps, sacre_refs = fh_h.read().splitlines(), fh_r.read().splitlines()
    assert (sacre_hyps if where == "hyp" else sacre_refs)[0].startswith("\ufeff")
    code, out, err = run_cli(ref, "-i", hyp, "-m", "bleu", "chrf", "-f", "json")
    assert code == 0, err
    got = [r["score"] for r in json.loads(out)["results"]]
    expected = [
        sacrebleu.corpus_bleu(sacre_hyps, [sacre_refs]).score,
        sacrebleu.corpus_chrf(sacre_hyps, [sacre_refs]).score,
    ]
    assert got == expected
    assert got[1] != sacrebleu.corpus_chrf(hyps, [ref_a]).score  # the mark changes chrF: it was not dropped
    named = hyp if where == "hyp" else ref
    assert err.splitlines() == [
        f"mtmetrics: warning: {named} starts with a UTF-8 byte-order mark: it is kept as part of line 1, as "
        f"sacrebleu keeps it (remove it with: sed -i '1s/^\\xEF\\xBB\\xBF//' {named})."
    ]
