"""The shared Porter stemmer resource and stemming in ROUGE."""

from __future__ import annotations

import sys

import pytest
from nltk.stem.porter import PorterStemmer  # type: ignore[import-untyped]

import mtmetrics
from mtmetrics.resources import stemmer as stemmer_module
from mtmetrics.resources.stemmer import get_stemmer
from mtmetrics_rouge import RougeN

from .sentences import wmt17


def test_pystemmer_porter_is_the_original_algorithm() -> None:
    """Oracle: NLTK's transcription of Porter (1980) in ORIGINAL_ALGORITHM mode, on real words."""
    hyps, refs = wmt17(300)
    words = sorted({w for line in hyps + refs for w in line.split() if w.isalpha()})
    assert len(words) > 1000
    nltk_porter = PorterStemmer(PorterStemmer.ORIGINAL_ALGORITHM)
    ours = get_stemmer("porter").stem_words(words)
    differ = [(w, s, nltk_porter.stem(w)) for w, s in zip(words, ours, strict=True) if s != nltk_porter.stem(w)]
    assert not differ, differ[:10]
    # and it is not Porter2/English Snowball, which keeps e.g. 'generously' -> 'generous'
    assert get_stemmer().stem("generously") == "gener"


def test_stemming_changes_matches_and_signature() -> None:
    plain = mtmetrics.load_metric("rouge-n", n=1)
    stem = mtmetrics.load_metric("rouge-n", n=1, stem=True)
    assert plain.sentence_score("cats running", ["cat runs"]).score == 0.0
    assert stem.sentence_score("cats running", ["cat runs"]).score == 1.0
    sig = stem.signature().format()
    assert "stem:yes" in sig and "stemmer:porter-PyStemmer" in sig
    assert "stemmer:" not in plain.signature().format()


def test_rouge155_stems_only_words_longer_than_three() -> None:
    """ROUGE-1.5.5 -m leaves tokens of up to three characters alone ('was' stays 'was')."""
    paper = RougeN(n=1, stem=True)
    script = RougeN(n=1, stem=True, impl="rouge155")
    assert paper.tokens("was runs") == ["wa", "run"]
    assert script.tokens("was runs") == ["was", "run"]


def test_missing_pystemmer_is_a_resource_error(monkeypatch: pytest.MonkeyPatch) -> None:
    get_stemmer.cache_clear()
    monkeypatch.setitem(sys.modules, "Stemmer", None)  # makes `import Stemmer` raise ImportError
    try:
        with pytest.raises(mtmetrics.ResourceError, match=r"pip install 'mtmetrics\[stem\]'"):
            mtmetrics.load_metric("rouge-l", stem=True)
        mtmetrics.load_metric("rouge-l")  # without stemming nothing is needed
    finally:
        get_stemmer.cache_clear()
    assert stemmer_module.STEM_INSTALL_HINT == "pip install 'mtmetrics[stem]'"
