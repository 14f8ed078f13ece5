"""impl=paper: the worked examples of Lin & Och (2004) and a literal transcription as oracle."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mtmetrics

from . import oracle
from .sentences import wmt21

S1 = "police killed the gunman"
S2 = "police kill the gunman"
S3 = "the gunman kill police"
S4 = "the gunman police killed"
X = "A B C D E F G"
Y1 = "A B C D H I K"
Y2 = "A H B K C I D"


def _f(name: str, hyp: str, ref: str, **params: Any) -> float:
    return mtmetrics.load_metric(name, **params).sentence_score(hyp, [ref]).score


def test_rouge_l_paper_example() -> None:
    assert _f("rouge-l", S2, S1) == pytest.approx(0.75)
    assert _f("rouge-l", S3, S1) == pytest.approx(0.5)


def test_rouge_w_paper_example() -> None:
    assert round(_f("rouge-w", Y1, X, weight=2.0), 3) == 0.571
    assert round(_f("rouge-w", Y2, X, weight=2.0), 3) == 0.286


def test_rouge_s_star_paper_example() -> None:
    assert round(_f("rouge-s", S2, S1, skip=-1), 3) == 0.5
    assert round(_f("rouge-s", S3, S1, skip=-1), 3) == 0.167
    assert round(_f("rouge-s", S4, S1, skip=-1), 3) == 0.333


def test_paper_examples_in_the_oracle_too() -> None:
    assert oracle.score("rouge-l", S2, [S1])[0] == pytest.approx(0.75)
    assert round(oracle.score("rouge-w", Y1, [X], weight=2.0)[0], 3) == 0.571
    assert round(oracle.score("rouge-s", S4, [S1], skip=-1)[0], 3) == 0.333


VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("rouge-n", {"n": 1}),
    ("rouge-n", {"n": 2}),
    ("rouge-n", {"n": 4}),
    ("rouge-l", {}),
    ("rouge-w", {"weight": 1.2}),
    ("rouge-w", {"weight": 2.0}),
    ("rouge-s", {"skip": 0}),
    ("rouge-s", {"skip": 4}),
    ("rouge-s", {"skip": -1}),
    ("rouge-su", {"skip": 4}),
    ("rouge-su", {"skip": -1}),
]


@pytest.mark.parametrize("multiref", ["best", "average", "jackknife"])
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: str(v))
def test_equals_paper_transcription(name: str, params: dict[str, Any], multiref: str) -> None:
    hyps, ref_a, ref_b = wmt21(60, offset=200)
    beta = 2.0 if multiref == "average" else 1.0
    metric = mtmetrics.load_metric(name, tokenize="none", multiref=multiref, beta=beta, **params)
    # segment 3 has a single reference (the other is missing), the rest two
    refs_b: list[str | None] = list(ref_b)
    refs_b[3] = None
    got = metric.statistics(hyps, [ref_a, refs_b]).array
    expected = np.array(
        [
            oracle.score(name, h, [a] if b is None else [a, b], multiref=multiref, beta=beta, **params)
            for h, a, b in zip(hyps, ref_a, refs_b, strict=True)
        ]
    )
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)


def test_jackknife_with_three_references_is_mean_of_leave_one_out_bests() -> None:
    hyp, refs = "a b c d", ["a b x y", "a b c y", "z z z z"]
    metric = mtmetrics.load_metric("rouge-n", n=1, multiref="jackknife")
    got = metric.sentence_score(hyp, refs)
    # leave out ref 0 -> best is ref 1 (0.75); ref 1 -> ref 0 (0.5); ref 2 -> ref 1 (0.75)
    assert got.score == pytest.approx((0.75 + 0.5 + 0.75) / 3)
