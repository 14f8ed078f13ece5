"""The ``paraphrase`` metric: reference choice by TER, signatures, resource errors, conformance."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import TER

from mtmetrics import ResourceError, load_metric
from mtmetrics.testing import Corpus
from mtmetrics_paraphrase.features import FEATURES
from tests.datapaths import WMT21, read_text, require

WORDS = ["the", "cat", "sat", "on", "mat", "dog", "ran", "home", "Paris", "said", "stated", "car", "automobile"]


def _real_corpus(n: int = 12) -> Corpus:
    base = WMT21 / "txt"
    hyps = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:n]
    ref_a = read_text(require(base / "references" / "newstest2021.de-en.ref.A.en"))[:n]
    ref_b = read_text(require(base / "references" / "newstest2021.de-en.ref.B.en"))[:n]
    src = read_text(require(base / "sources" / "newstest2021.de-en.src.de"))[:n]
    return Corpus(hyps, [ref_a, ref_b], src)


def test_reference_with_lowest_ter_is_used() -> None:
    corpus = _real_corpus()
    metric = load_metric("paraphrase")
    both = metric.statistics(corpus.hyps, corpus.refs).array
    ter = TER()
    chosen = []
    for k, hyp in enumerate(corpus.hyps):
        scores = [ter.sentence_score(hyp, [stream[k]]).score for stream in corpus.refs]
        chosen.append(int(np.argmin(scores)))  # oracle: sacrebleu's TER directly, first on ties
    assert 0 < sum(chosen) < len(chosen), "the sample must exercise both references"
    single = [metric.statistics(corpus.hyps, [stream]).array for stream in corpus.refs]
    for k, c in enumerate(chosen):
        assert np.array_equal(both[k], single[c][k])


def test_segment_and_batch_agree_and_stats_layout() -> None:
    corpus = _real_corpus(6)
    metric = load_metric("paraphrase")
    stats = metric.statistics(corpus.hyps, corpus.refs)
    assert stats.names == ("P", *FEATURES)
    for k, res in enumerate(metric.segment_results(stats)):
        one = metric.sentence_score(corpus.hyps[k], [r[k] for r in corpus.refs])
        assert one.score == pytest.approx(res.score, abs=1e-12)
        assert res.score == pytest.approx(np.mean([res.sub_scores[f] for f in FEATURES[:5]]), abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=10), st.lists(st.sampled_from(WORDS), min_size=1, max_size=10)
)
def test_ranges(hyp: list[str], ref: list[str]) -> None:
    res = load_metric("paraphrase").sentence_score(" ".join(hyp), [" ".join(ref)])
    assert 0.0 <= res.score <= 1.0
    for f in FEATURES[:5]:
        assert 0.0 <= res.sub_scores[f] <= 1.0 + 1e-12
    order, *windows = (res.sub_scores[f] for f in FEATURES[5:])
    assert 0.0 <= windows[0] <= windows[1] <= windows[2] <= windows[3]
    n = math.sqrt(len(hyp) * len(ref))
    assert order * n <= math.comb(len(hyp) * len(ref), 2) + 1e-9


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=10))
def test_identity_matches_every_word(words: list[str]) -> None:
    text = " ".join(words)
    res = load_metric("paraphrase").sentence_score(text, [text])
    assert res.sub_scores["Wrd"] == pytest.approx(1.0)
    assert res.sub_scores["Order"] * len(words) == pytest.approx(math.comb(len(words), 2))


def test_signature_names_every_resource() -> None:
    sig = str(load_metric("paraphrase").signature())
    for key in ("tok:13a", "stemmer:porter-PyStemmer", "tagger:nltk-perceptron:eng@", "wordnet:3.0@", "verbnet:2.1@"):
        assert key in sig, sig


def test_missing_verbnet_names_the_downloader(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import nltk

    from mtmetrics_paraphrase.lexicon import DOWNLOAD_HINT, VerbNet

    monkeypatch.setenv("NLTK_DATA", str(tmp_path))
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    with pytest.raises(ResourceError) as err:
        VerbNet()
    assert "python -m nltk.downloader wordnet verbnet averaged_perceptron_tagger_eng" in str(err.value)
    assert DOWNLOAD_HINT in str(err.value)


def test_missing_tagger_names_the_downloader(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtmetrics_paraphrase import analysis

    def missing(spec: str) -> None:
        raise ResourceError("NLTK tagger model not found")

    monkeypatch.setattr(analysis, "get_tagger", missing)
    with pytest.raises(ResourceError, match=r"nltk\.downloader wordnet verbnet averaged_perceptron_tagger_eng"):
        analysis.Analyzer("13a", "nltk")


def test_feature_parameter_selects_the_main_score() -> None:
    hyp, ref = "The old man saw the black dog .", "The black dog saw the old man ."
    full = load_metric("paraphrase").sentence_score(hyp, [ref])
    for name in ("Wrd", "Order", "D5"):
        one = load_metric("paraphrase", feature=name).sentence_score(hyp, [ref])
        assert one.score == full.sub_scores[name]
    assert "feature:D5" in str(load_metric("paraphrase", feature="D5").signature())
