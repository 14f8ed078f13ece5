"""The example plugin's own tests: hand-computed cases plus mtmetrics' conformance suite."""

import pytest
from mtmetrics_cer import CharacterErrorRate, levenshtein

from mtmetrics import Scorer
from mtmetrics.testing import CHECKS, default_corpus


def test_levenshtein_by_hand() -> None:
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == 3
    assert levenshtein("abc", "abc") == 0


def test_scores_by_hand() -> None:
    cer = Scorer(CharacterErrorRate())
    # "kitten" -> "sitting": 3 edits over 7 reference characters
    assert cer.sentence_score("kitten", ["sitting"]).score == pytest.approx(300 / 7)
    # the closest reference wins; the corpus score pools edits and lengths
    result = cer.corpus_score(["kitten", "abc"], [["sitting", "abd"], ["kitten", "xyz"]])
    assert result.score == pytest.approx(100 * (0 + 1) / (6 + 3))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_conformance(check) -> None:
    check(CharacterErrorRate, default_corpus())
