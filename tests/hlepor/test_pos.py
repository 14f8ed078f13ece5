"""hLEPOR_E (eq. 11): POS tags from NLTK's tagger, from a spaCy pipeline, or from pre-tagged files."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics.resources import Preprocessor
from mtmetrics.resources.taggers import NltkPerceptronTagger, get_tagger

from . import oracle
from .conftest import NLTK_DATA
from .data import wmt21_de_en


@lru_cache(maxsize=1)
def _perceptron() -> Any:
    import nltk.data
    from nltk.tag.perceptron import PerceptronTagger

    nltk.data.path.insert(0, str(NLTK_DATA))
    return PerceptronTagger(lang="eng")


def _nltk_tags(tokens: list[str]) -> list[str]:
    """NLTK's tagger called directly (not through the adapter under test)."""
    return [t for _, t in _perceptron().tag(tokens)] if tokens else []


def test_nltk_tagger_gives_penn_tags(nltk_data: str) -> None:
    tagger = get_tagger("nltk")
    assert tagger.tag(["The", "cat", "sat", "on", "the", "mat", "."]) == ["DT", "NN", "VBD", "IN", "DT", "NN", "."]
    sig = tagger.signature()
    assert sig.startswith("nltk-perceptron:eng@") and "#" in sig


def test_hlepor_e_with_nltk_equals_oracle_on_real_data(nltk_data: str) -> None:
    hyps, ref_a, ref_b = wmt21_de_en()
    hyps, ref_a, ref_b = hyps[:60], ref_a[:60], ref_b[:60]
    metric = mtmetrics.load_metric("hlepor", pos="nltk", preset="de-en")
    stats = metric.statistics(hyps, [ref_a, ref_b])
    tok = Preprocessor("13a")
    word_kw: dict[str, Any] = {"alpha": 9, "beta": 1, "w_hpr": 3, "w_elp": 2, "w_npp": 1}  # Table 1, DE-EN (W)
    pos_kw: dict[str, Any] = {"alpha": 9, "beta": 1, "w_hpr": 3, "w_elp": 2, "w_npp": 1}  # DE-EN (POS)
    for i in range(len(hyps)):
        h, refs = tok(hyps[i]), [tok(ref_a[i]), tok(ref_b[i])]
        word = oracle.hlepor_best(h, refs, **word_kw)
        pos = oracle.hlepor_best(_nltk_tags(h), [_nltk_tags(r) for r in refs], **pos_kw)
        assert stats.column("hlepor_word")[i] == pytest.approx(word, abs=1e-9)
        assert stats.column("hlepor_pos")[i] == pytest.approx(pos, abs=1e-9)
        assert stats.column("hlepor_e")[i] == pytest.approx(oracle.hlepor_e(word, pos, 1, 9), abs=1e-9)
    # system level as in the paper: eq. 11 on the system-level means equals the mean of segments
    result = metric.score_statistics(stats)
    mean_word = math.fsum(stats.column("hlepor_word")) / len(hyps)
    mean_pos = math.fsum(stats.column("hlepor_pos")) / len(hyps)
    assert result.score == pytest.approx(oracle.hlepor_e(mean_word, mean_pos, 1, 9), abs=1e-12)
    assert result.name == "hLEPOR_E"
    text = str(result.signature)
    assert "pos:nltk" in text and "tagger:nltk-perceptron:eng@" in text and "wE:1:9" in text


def test_missing_nltk_model_names_the_install_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import nltk.data

    monkeypatch.setenv("NLTK_DATA", str(tmp_path))
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    with pytest.raises(mtmetrics.ResourceError, match=r"python -m nltk\.downloader averaged_perceptron_tagger_eng"):
        NltkPerceptronTagger("eng")


def test_importing_the_plugin_imports_neither_nltk_nor_spacy() -> None:
    code = (
        "import sys, mtmetrics, mtmetrics_hlepor; m = mtmetrics.load_metric('hlepor'); "
        "m.sentence_score('a b', ['a b']); print(sorted(k for k in ('nltk', 'spacy') if k in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_spacy_adapter_with_a_tiny_trained_tagger(tmp_path: Path) -> None:
    """Train a tagger on a few sentences inside the test (no download), save it, load it by path."""
    import spacy  # a test dependency (the "spacy" extra): the adapter is tested for real
    from spacy.training import Example

    nlp = spacy.blank("en")
    tagger: Any = nlp.add_pipe("tagger")
    train = [
        ("the cat sat", ["DT", "NN", "VBD"]),
        ("a dog ran", ["DT", "NN", "VBD"]),
        ("the man saw a cat", ["DT", "NN", "VBD", "DT", "NN"]),
    ]
    for _, tags in train:
        for t in tags:
            tagger.add_label(t)
    examples = [Example.from_dict(nlp.make_doc(t), {"tags": tags}) for t, tags in train]
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(30):
        nlp.update(examples, sgd=optimizer)
    path = tmp_path / "tiny_tagger"
    nlp.to_disk(path)
    spacy_tagger = get_tagger(f"spacy:{path}")
    assert spacy_tagger.tag(["the", "dog", "saw", "a", "man"]) == ["DT", "NN", "VBD", "DT", "NN"]
    assert spacy_tagger.signature().startswith("spacy:en_pipeline@")
    metric = mtmetrics.load_metric("hlepor", pos=f"spacy:{path}", tokenize="none")
    res = metric.sentence_score("the dog saw a man", ["a man saw the dog"])
    word = oracle.hlepor(["the", "dog", "saw", "a", "man"], ["a", "man", "saw", "the", "dog"])
    pos = oracle.hlepor(["DT", "NN", "VBD", "DT", "NN"], ["DT", "NN", "VBD", "DT", "NN"])
    assert res.score == pytest.approx(oracle.hlepor_e(word, pos, 1, 1), abs=1e-12)
    assert "tagger:spacy:en_pipeline@" in str(res.signature)


def test_missing_spacy_model_is_a_resource_error() -> None:
    with pytest.raises(mtmetrics.ResourceError, match="python -m spacy download xx_no_such_model"):
        get_tagger("spacy:xx_no_such_model")


def test_pretagged_files_token_aligned_and_word_tag(tmp_path: Path, nltk_data: str) -> None:
    hyps, ref_a, _ = wmt21_de_en()
    hyps, refs = hyps[:30], ref_a[:30]
    tok = Preprocessor("13a")
    # files written the way a user's tagging pipeline would: tags per token, and word_TAG tokens
    hyp_tags_path = tmp_path / "hyp.pos"
    hyp_tags_path.write_text("".join(" ".join(_nltk_tags(tok(h))) + "\n" for h in hyps), encoding="utf-8")
    ref_wt_path = tmp_path / "ref.wt"
    ref_wt_path.write_text(
        "".join(" ".join(f"{w}_{t}" for w, t in zip(tok(r), _nltk_tags(tok(r)), strict=True)) + "\n" for r in refs),
        encoding="utf-8",
    )
    # as the command line's --annotation reads them: a line per segment, split by the metric
    hyp_tags = [line.split() for line in hyp_tags_path.read_text(encoding="utf-8").splitlines()]
    ref_items = [line.split() for line in ref_wt_path.read_text(encoding="utf-8").splitlines()]
    assert [[item.rpartition("_")[0] for item in line] for line in ref_items] == [tok(r) for r in refs]
    ref_tags = [[item.rpartition("_")[2] for item in line] for line in ref_items]
    ann: dict[str, Sequence[Any]] = {"hyp_pos": hyp_tags, "ref_pos": [[t] for t in ref_tags]}
    from_files = mtmetrics.load_metric("hlepor-e", preset="de-en").corpus_score(hyps, [refs], annotations=ann)
    tagged = mtmetrics.load_metric("hlepor", pos="nltk", preset="de-en").corpus_score(hyps, [refs])
    assert from_files.score == pytest.approx(tagged.score, abs=1e-12)
    same = mtmetrics.load_metric("hlepor", pos="file", preset="de-en").corpus_score(hyps, [refs], annotations=ann)
    assert same.score == from_files.score


def test_misaligned_tags_name_the_annotation() -> None:
    metric = mtmetrics.load_metric("hlepor-e")
    message = r"'hyp_pos': 1 POS tags for the 3 tokens.*counted after tokenisation"
    with pytest.raises(mtmetrics.InputError, match=message):
        metric.corpus_score(
            ["the cat sat"], [["the cat sat"]], annotations={"hyp_pos": [["DT"]], "ref_pos": [[["DT", "NN", "VBD"]]]}
        )
    with pytest.raises(mtmetrics.InputError, match="hyp_pos"):
        metric.corpus_score(["the cat sat"], [["the cat sat"]])


def test_cli_end_to_end_on_wmt17_de_en(nltk_data: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mtmetrics.cli import main
    from tests.datapaths import WMT17, read_text, require

    # from line 2 on: line 1 of the system output starts with a byte-order mark, which the CLI strips
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.online-A.0.de-en.gz"))[1:81]
    refs = read_text(require(WMT17 / "newstest2017-deen-ref.en"))[1:81]
    (tmp_path / "hyp").write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    (tmp_path / "ref").write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    status = main(
        [
            str(tmp_path / "ref"),
            "-i",
            str(tmp_path / "hyp"),
            "-m",
            "hlepor:pos=nltk,preset=de-en",
            "-f",
            "json",
            "--no-progress",
        ]
    )
    assert status == 0
    doc = json.loads(capsys.readouterr().out)["results"][0]
    api = mtmetrics.load_metric("hlepor", pos="nltk", preset="de-en").corpus_score(hyps, [refs])
    assert doc["score"] == api.score
    assert doc["signature"] == api.signature.format()
    assert doc["signature"].startswith("hLEPOR_E|")
