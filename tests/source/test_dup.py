"""DUP: hand-worked sub-precisions, sum = clipped unigram precision (oracle: sacrebleu), tag coarsening."""

from __future__ import annotations

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics_source.dup import BUCKETS, coarse
from tests.datapaths import WMT21, read_text, require


def test_by_hand_with_given_tags() -> None:
    # hyp "the cat sat on the mat" (DT NN VBD IN DT NN), ref "the dog sat on a mat":
    # the(1st) ✓, cat ✗, sat ✓, on ✓, the(2nd) ✗ — clipped to the reference's single "the" —, mat ✓
    # → DT 1/6, VB 1/6 (VBD coarsened), IN 1/6, NN 1/6 (mat); sum 4/6
    m = mtmetrics.load_metric("dup")
    res = m.sentence_score(
        "the cat sat on the mat", ["the dog sat on a mat"], annotations={"hyp_pos": "DT NN VBD IN DT NN"}
    )
    assert res.score == pytest.approx(4 / 6)
    expected = {"DT": 1 / 6, "VB": 1 / 6, "IN": 1 / 6, "NN": 1 / 6}
    for tag in BUCKETS:
        assert res.sub_scores[tag] == pytest.approx(expected.get(tag, 0.0)), tag


def test_coarse_tags() -> None:
    assert [coarse(t) for t in ("VBN", "VBD", "VBZ", "NNPS", "PRP$", "WRB", "PDT")] == [
        "VB", "VB", "VB", "NN", "PR", "WR", "PD"
    ]  # fmt: skip
    assert [coarse(t) for t in (".", ",", "``", "-LRB-", "HYPH", "NOUN", "X")] == [
        "punct", "punct", "punct", "punct", "punct", "other", "other"
    ]  # fmt: skip


def test_tagger_in_signature_and_real_tags() -> None:
    m = mtmetrics.load_metric("dup")
    res = m.sentence_score("The cat sat .", ["The cat sat ."])
    assert res.score == 1.0
    assert res.sub_scores["DT"] == res.sub_scores["NN"] == res.sub_scores["VB"] == res.sub_scores["punct"] == 0.25
    assert str(res.signature.get("tagger")).startswith("nltk-perceptron:eng@")


def test_sum_is_sacrebleu_unigram_precision_on_wmt21() -> None:
    """Oracle: sacrebleu's corpus BLEU precision of unigrams (clipped by the max reference count)."""
    base = WMT21 / "txt"
    hyps = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:150]
    refs = [read_text(require(base / "references" / f"newstest2021.de-en.ref.{k}.en"))[:150] for k in "AB"]
    res = mtmetrics.load_metric("dup").corpus_score(hyps, refs)
    bleu = sacrebleu.corpus_bleu(hyps, refs)
    assert res.score * 100 == pytest.approx(bleu.precisions[0], abs=1e-9)
    assert sum(res.sub_scores.values()) == pytest.approx(res.score)
    assert res.sub_scores["NN"] > res.sub_scores["VB"] > 0


text = st.lists(st.sampled_from(["a", "b", "c", "the", "of", "."]), min_size=1, max_size=8).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(text, st.lists(text, min_size=1, max_size=2))
def test_subprecisions_sum_to_unigram_precision(hyp: str, refs: list[str]) -> None:
    res = mtmetrics.load_metric("dup").sentence_score(hyp, refs)
    assert sum(res.sub_scores.values()) == pytest.approx(res.score)
    bleu = sacrebleu.sentence_bleu(hyp, refs)
    assert res.score * 100 == pytest.approx(bleu.precisions[0])


def _wmt21_en_de(tmp_path, n: int = 20):  # type: ignore[no-untyped-def]
    """The first n lines of WMT21 en→de (reference A, one system), raw, written to files."""
    txt = WMT21 / "txt"
    ref = read_text(require(txt / "references" / "newstest2021.en-de.ref.A.de"))[:n]
    hyp_file = sorted((txt / "system-outputs").glob("newstest2021.en-de.hyp.*.de.gz"))[0]
    hyp = read_text(hyp_file)[:n]
    paths = []
    for name, lines in (("ref.de", ref), ("hyp.de", hyp)):
        p = tmp_path / name
        p.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(p))
    return paths


def test_english_tagger_refuses_a_german_target(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """-l en-de with the default (English) tagger is an error naming the tagger, not German tagged as English."""
    from mtmetrics.cli import main

    ref, hyp = _wmt21_en_de(tmp_path)
    assert main([ref, "-i", hyp, "-l", "en-de", "-m", "dup"]) != 0
    err = capsys.readouterr().err
    assert "cannot score de" in err and "tagger=nltk" in err
    # without -l nothing is refused (the user vouches for the tagger)
    assert main([ref, "-i", hyp, "-m", "dup", "-b"]) == 0


def test_missing_tagger_model_is_a_clear_error() -> None:
    """A tagger for a language whose model is not installed: ResourceError naming the download command."""
    with pytest.raises(mtmetrics.ResourceError, match=r"nltk\.downloader averaged_perceptron_tagger_deu"):
        mtmetrics.load_metric("dup", tagger="nltk:deu")


def test_tagger_languages() -> None:
    from mtmetrics_source.dup import tagger_languages

    assert tagger_languages("nltk") == ("en",)
    assert tagger_languages("nltk:rus") == ("ru",)
    assert tagger_languages("spacy:de_core_news_sm") == ("de",)
    assert tagger_languages("spacy:xx_sent_ud_sm") is None
