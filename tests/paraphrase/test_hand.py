"""Hand-worked feature counts on sentences chosen to exercise each feature (real tagger, WordNet, VerbNet).

Each test first checks the tags the hand computation assumes, then the ten counts worked out by
hand from the definitions in ``mtmetrics_paraphrase.features`` (reasoning in the comments).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from mtmetrics_paraphrase.analysis import Analyzer
from mtmetrics_paraphrase.features import FEATURES, primitive_matches, raw_counts

# WordNet, VerbNet and the tagger come from ../shared/nltk_data (tests/conftest.py sets NLTK_DATA)
pytestmark = pytest.mark.data


@pytest.fixture(scope="module")
def analyzer() -> Analyzer:
    return Analyzer("13a", "nltk")


def _check(analyzer: Analyzer, hyp: str, ref: str, tags: tuple[list[str], list[str]], counts: list[int]) -> None:
    for text, expected in zip((hyp, ref), tags, strict=True):
        assert analyzer.tagger.tag(analyzer.preprocess(text)) == expected
    h, r = analyzer.analyse(hyp), analyzer.analyse(ref)
    assert dict(zip(FEATURES, raw_counts(h, r), strict=True)) == dict(zip(FEATURES, counts, strict=True))
    vec = np.asarray(counts, dtype=float) / math.sqrt(len(h.words) * len(r.words))
    from mtmetrics import load_metric

    res = load_metric("paraphrase").sentence_score(hyp, [ref])
    assert [res.sub_scores[f] for f in FEATURES] == pytest.approx(list(vec), abs=1e-12)
    assert res.score == pytest.approx(float(np.mean(vec[:5])), abs=1e-12)


def test_synonym_pair(analyzer: Analyzer) -> None:
    # words: the car is red / the automobile is red (4 x 4, '.' is not a word)
    # Wrd: the, is, red = 3 (car != automobil)      NP: heads car vs automobile = 0
    # WnSyn: car~automobile (car.n.01), is~is, red~red = 3 ('the' is not in WordNet)
    # Verb: 'be' is in no VerbNet 2.1 class = 0      PNP: 0
    # union = the diagonal (0,0)..(3,3): Order = C(4,2) = 6; D2 = 3 adjacent pairs;
    # D3 = 3 + 2 pairs two apart = 5; D4 = D5 = 6
    _check(
        analyzer,
        "The car is red .",
        "The automobile is red .",
        (["DT", "NN", "VBZ", "JJ", "."], ["DT", "NN", "VBZ", "JJ", "."]),
        [3, 0, 3, 0, 0, 6, 3, 5, 6, 6],
    )
    assert primitive_matches(analyzer.analyse("The car is red ."), analyzer.analyse("The automobile is red ."))[
        "WnSyn"
    ] == [(1, 1), (2, 2), (3, 3)]


def test_levin_class_verb_pair(analyzer: Analyzer) -> None:
    # sold/gave: both in VerbNet's give-13.1 (Levin 13.1) but share no WordNet synset
    # Wrd: he, the, book = 3; NP: 'the book' head book = 1; WnSyn: he~he (WordNet's 'he' = helium,
    # no sense disambiguation), book~book = 2; Verb: sold~gave = 1; PNP: 0
    # union = diagonal of 4 -> Order 6, D2 3, D3 5, D4 6, D5 6
    _check(
        analyzer,
        "He sold the book .",
        "He gave the book .",
        (["PRP", "VBD", "DT", "NN", "."], ["PRP", "VBD", "DT", "NN", "."]),
        [3, 1, 2, 1, 0, 6, 3, 5, 6, 6],
    )
    assert analyzer.verb_classes("sold") & analyzer.verb_classes("gave") == {"give-13.1"}
    assert not analyzer.synsets("sold") & analyzer.synsets("gave")


def test_proper_names_reordered(analyzer: Analyzer) -> None:
    # words: obama visited paris / paris welcomed obama (3 x 3)
    # Wrd: obama (0,2), paris (2,0) = 2; NP: one-word chunks, heads obama, paris = 2
    # WnSyn: paris~paris = 1 (WordNet 3.0 has no Obama; visit/welcome share no synset)
    # Verb: visit and welcome share no VerbNet class = 0; PNP: obama, paris = 2
    # union {(0,2), (2,0)}: one pair, crossed -> Order 0; 2 apart in both -> D2 0, D3 = D4 = D5 = 1
    _check(
        analyzer,
        "Obama visited Paris .",
        "Paris welcomed Obama .",
        (["NNP", "VBD", "NNP", "."], ["NNP", "VBD", "NNP", "."]),
        [2, 2, 1, 0, 2, 0, 0, 1, 1, 1],
    )


def test_reordered_noun_phrases(analyzer: Analyzer) -> None:
    # hyp: the old man saw the black dog / ref: the black dog saw the old man (7 x 7)
    # Wrd pairs k-th with k-th occurrence: 0->0 1->5 2->6 3->3 4->4 5->1 6->2 = 7
    # NP: heads man (2->6), dog (6->2) = 2; WnSyn: old, man, saw, black, dog = 5 (not 'the')
    # Verb: saw~saw = 1; PNP: 0; union = the 7 Wrd pairs (the others are among them)
    # Order: j by i = [0,5,6,3,4,1,2] has 12 inversions of C(7,2) = 21 pairs -> 9
    # D2 (adjacent in both): (1,2) (3,4) (5,6) = 3
    # D3 (<= 2 apart in both): (1,2) (1,3) (2,4) (3,4) (3,5) (4,6) (5,6) = 7
    # D4 (<= 3): + (2,3) (4,5) (0,3) (1,4) (3,6) = 12;  D5 (<= 4): + (0,4) (1,5) (2,6) = 15
    _check(
        analyzer,
        "The old man saw the black dog .",
        "The black dog saw the old man .",
        (["DT", "JJ", "NN", "VBD", "DT", "JJ", "NN", "."], ["DT", "JJ", "NN", "VBD", "DT", "JJ", "NN", "."]),
        [7, 2, 5, 1, 0, 9, 3, 7, 12, 15],
    )


def test_np_chunk_heads() -> None:
    from mtmetrics_paraphrase.analysis import np_heads

    # 'the old car dealer' is one chunk headed by its last noun; 'the company 's profits' two
    assert np_heads(["DT", "JJ", "NN", "NN", "VBD"]) == [3]
    assert np_heads(["DT", "NN", "POS", "NNS"]) == [1, 3]
    assert np_heads(["PRP", "VBD", "JJ", "."]) == []
