"""impl=hlepor-pypi reproduces the hLepor 0.0.4 package; its two departures from the paper are real.

The package (a test-only dependency) is called on whitespace-tokenised text with
``separate_punctuation=False``; mtmetrics gets the same text with ``tokenize=none``. Both lowercase.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics.resources import Preprocessor

from . import oracle
from .data import wmt17_pairs

# The package's own documented examples (README and docstrings of hLepor 0.0.4)
DOC_REF = "It is a guide to action that ensures that the military will forever heed Party commands"
DOC_HYP = "It is a guide to action which ensures that the military always obeys the commands of the party"
README_REF = (
    "Rising urban populations around the world have ushered in the concept of Smart Cities, in which digital "
    "innovations are used to address long-standing urban challenges."
)
README_HYP = (
    "Rising urban populations around the world introduced the concept of Smart Cities, where long-standing "
    "urban challenges are addressed with digital innovations."
)


def _package_scores(pkg: Any, hyps: list[str], refs: list[str], **kw: Any) -> np.ndarray:
    return np.array(
        [pkg.single_hlepor_score(r, h, separate_punctuation=False, **kw) for h, r in zip(hyps, refs, strict=True)]
    )


def test_documented_example_0_7842() -> None:
    metric = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", lowercase=True)
    assert round(metric.sentence_score(DOC_HYP, [DOC_REF]).score, 4) == 0.7842


def test_readme_examples_0_7550_and_0_8395(hlepor_pkg: Any) -> None:
    # The package tokenises with NLTK's word_tokenize; 13a splits these sentences identically.
    # Its README prints 0.7550 for a value of 0.755052 (truncated, not rounded): we check the
    # package's own number on the same tokens, and the README's to 4 decimals' precision.
    metric = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", lowercase=True)
    score = metric.sentence_score(README_HYP, [README_REF]).score
    assert abs(score - 0.7550) < 1e-4
    tok = Preprocessor("13a")
    ref, hyp = " ".join(tok(README_REF)), " ".join(tok(README_HYP))
    assert score == pytest.approx(hlepor_pkg.single_hlepor_score(ref, hyp, separate_punctuation=False), abs=1e-12)
    refs = [
        README_REF,
        "The related construction boom has put increasing demands on builders to erect structures "
        "and systems beautifully and efficiently.",
    ]
    hyps = [
        README_HYP,
        "The related construction boom has put increasing demands on teams to build structures "
        "and systems beautifully and efficiently.",
    ]
    assert round(metric.corpus_score(hyps, [refs]).score, 4) == 0.8395


def test_matches_package_on_2800_real_segments(hlepor_pkg: Any) -> None:
    rows = wmt17_pairs()
    hyps = [h for _, _, h, _ in rows]
    refs = [r for _, r, _, _ in rows]
    want = _package_scores(hlepor_pkg, hyps, refs)
    metric = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", tokenize="none", lowercase=True)
    got = metric.statistics(hyps, [refs]).array[:, 0]
    assert len(got) == 2800
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-9)


@pytest.mark.parametrize(("n", "alpha", "beta", "weights"), [(1, 1.0, 9.0, "3:2:1"), (3, 9.0, 1.0, "1:3:7")])
def test_matches_package_with_other_parameters(
    hlepor_pkg: Any, n: int, alpha: float, beta: float, weights: str
) -> None:
    rows = wmt17_pairs()[::5]
    hyps = [h for _, _, h, _ in rows]
    refs = [r for _, r, _, _ in rows]
    w_hpr, w_elp, w_npp = (float(x) for x in weights.split(":"))
    want = _package_scores(
        hlepor_pkg, hyps, refs, n=n, alpha=alpha, beta=beta, weight_pr=w_hpr, weight_elp=w_elp, weight_pos=w_npp
    )
    metric = mtmetrics.load_metric(
        "hlepor", impl="hlepor-pypi", tokenize="none", lowercase=True, n=n, alpha=alpha, beta=beta, weights=weights
    )
    np.testing.assert_allclose(metric.statistics(hyps, [refs]).array[:, 0], want, rtol=0, atol=1e-9)


def test_the_two_departures_explain_the_package_exactly(hlepor_pkg: Any) -> None:
    """Differential test: the paper oracle differs from the package; each departure alone is not
    enough; both together (plus the identity shortcut) reproduce the package on every segment."""
    rows = wmt17_pairs()[::2]
    hyps = [h for _, _, h, _ in rows]
    refs = [r for _, r, _, _ in rows]
    pkg = _package_scores(hlepor_pkg, hyps, refs)

    def run(**flags: bool) -> np.ndarray:
        return np.array(
            [oracle.hlepor(h.lower().split(), r.lower().split(), **flags) for h, r in zip(hyps, refs, strict=True)]
        )

    def n_diff(a: np.ndarray) -> int:
        return int(np.sum(np.abs(a - pkg) > 1e-9))

    paper = run()
    wrap_only = run(wrap_left=True)
    confusion_only = run(index_confusion=True, identity_shortcut=True)
    both = run(wrap_left=True, index_confusion=True, identity_shortcut=True)
    # on these 1,400 segments the paper differs from the package on hundreds; adding either
    # departure alone still leaves some unexplained; with both, none
    assert n_diff(paper) > 100
    assert n_diff(wrap_only) > 0
    assert n_diff(confusion_only) > 0
    assert n_diff(both) == 0
    # and the plugin's paper mode is the paper oracle, not the package
    metric = mtmetrics.load_metric("hlepor", tokenize="none", lowercase=True)
    np.testing.assert_allclose(metric.statistics(hyps, [refs]).array[:, 0], paper, rtol=0, atol=1e-9)


def test_departure_1_left_context_wraps_at_sentence_start() -> None:
    hyp = ["a", "x", "q", "r", "s", "t", "x"]
    ref = ["x", "b", "c", "d", "a", "x"]
    # paper: hyp x@1 has context {a, q, r}; ref x@0 has {b, c}, ref x@5 has {d, a}: ref 5 is preferred.
    assert dict(oracle.alignment(hyp, ref, 2))[1] == 5
    # package: hyp[-1:1] is empty, so hyp x@1 has context {q, r}; ref[-2:0] is empty too. Nothing
    # matches and the nearest candidate, ref 0, is taken.
    assert dict(oracle.alignment(hyp, ref, 2, wrap_left=True))[1] == 0
    h, r = " ".join(hyp), " ".join(ref)
    paper = mtmetrics.load_metric("hlepor", tokenize="none").sentence_score(h, [r]).score
    pypi = mtmetrics.load_metric("hlepor", tokenize="none", impl="hlepor-pypi").sentence_score(h, [r]).score
    assert paper == pytest.approx(oracle.hlepor(hyp, ref), abs=1e-12)
    assert pypi == pytest.approx(oracle.hlepor(hyp, ref, wrap_left=True), abs=1e-12)
    assert paper != pytest.approx(pypi, abs=1e-6)


def test_departure_2_index_confusion() -> None:
    # hyp x@5 has candidates ref 0, 2, 6; only ref 6 shares a neighbour (b): preferred = [6].
    hyp = ["p", "q", "r", "s", "a", "x", "b"]
    ref = ["x", "c", "x", "d", "e", "f", "x", "b"]
    assert dict(oracle.alignment(hyp, ref, 1))[5] == 6
    # the package takes argmin over [6] -> index 0, then pops index 0 of [0, 2, 6]: ref 0
    assert dict(oracle.alignment(hyp, ref, 1, index_confusion=True))[5] == 0
    paper = mtmetrics.load_metric("hlepor", tokenize="none", n=1)
    pypi = mtmetrics.load_metric("hlepor", tokenize="none", n=1, impl="hlepor-pypi")
    h, r = " ".join(hyp), " ".join(ref)
    assert paper.sentence_score(h, [r]).score == pytest.approx(oracle.hlepor(hyp, ref, n=1), abs=1e-12)
    assert pypi.sentence_score(h, [r]).score == pytest.approx(
        oracle.hlepor(hyp, ref, n=1, index_confusion=True), abs=1e-12
    )
    assert paper.sentence_score(h, [r]).score > pypi.sentence_score(h, [r]).score
