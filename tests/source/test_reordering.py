"""PRS and MPR: hand-worked examples, brute-force oracles, the monotone/identity properties."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics_source.alignments import Alignment


def score(name: str, hyp: str, refs: list[str], src: str, hyp_al: set, ref_als: list[set]) -> float:
    ann = {"align_hyp": Alignment(frozenset(hyp_al)), "align_refs": tuple(Alignment(frozenset(a)) for a in ref_als)}
    return mtmetrics.load_metric(name).sentence_score(hyp, refs, src, ann).score


def test_prs_and_mpr_by_hand() -> None:
    # source "a b c" (C(3,2) = 3 pairs); hyp links a→0, b→2, c→1: h = (0, 2, 1); reference diagonal r = (0, 1, 2)
    # PRS pairs: (a,b): (0-2)(0-1) = 2 > 0 ✓; (a,c): (0-1)(0-2) = 2 ✓; (b,c): (2-1)(1-2) = -1 ✗ → 2/3
    # MPR: h(a)<h(b) ✓, h(a)<h(c) ✓, h(b)<h(c) ✗ → 2/3
    hyp = {(0, 0), (1, 2), (2, 1)}
    ref = {(0, 0), (1, 1), (2, 2)}
    assert score("prs", "x z y", ["x y z"], "a b c", hyp, [ref]) == pytest.approx(2 / 3)
    assert score("mpr", "x z y", ["x y z"], "a b c", hyp, [ref]) == pytest.approx(2 / 3)


def test_mean_position_and_unaligned_words() -> None:
    # source "a b c": a→{0, 3} (mean 1.5), b→1, c unaligned. Pairs: (a,b): h 1.5 > 1 — reference
    # (diagonal) has a<b, so inconsistent; pairs with c never count. PRS = 0/3; MPR = 0/3.
    hyp = {(0, 0), (0, 3), (1, 1)}
    assert score("prs", "w x y z", ["w x y"], "a b c", hyp, [{(0, 0), (1, 1), (2, 2)}]) == 0.0
    assert score("mpr", "w x y z", ["w x y"], "a b c", hyp, [set()]) == 0.0
    # a second reference with b before a makes (a,b) consistent: PRS = 1/3
    ref2 = {(0, 1), (1, 0), (2, 2)}
    assert score("prs", "w x y z", ["w x y", "x w y"], "a b c", hyp, [{(0, 0), (1, 1), (2, 2)}, ref2]) == pytest.approx(
        1 / 3
    )


def test_one_word_source_scores_one() -> None:
    assert score("prs", "x", ["x"], "a", {(0, 0)}, [{(0, 0)}]) == 1.0
    assert score("mpr", "x", ["x"], "a", set(), [set()]) == 1.0


def test_mpr_needs_no_reference_alignments() -> None:
    m = mtmetrics.load_metric("mpr")
    assert m.sentence_score("x y", ["q"], "a b", {"align_hyp": "0-0 1-1"}).score == 1.0


# -------------------------------------------------------------------------- oracles
def positions(links: set, src_len: int) -> list[float | None]:
    return [
        (sum(j for i, j in links if i == x) / n) if (n := sum(1 for i, _ in links if i == x)) else None
        for x in range(src_len)
    ]


def prs_oracle(src_len: int, hyp: set[tuple[int, int]], refs: list[set[tuple[int, int]]]) -> float:
    h = positions(hyp, src_len)
    rs = [positions(r, src_len) for r in refs]
    pairs = list(combinations(range(src_len), 2))
    if not pairs:
        return 1.0
    ok = 0
    for a, b in pairs:
        ha, hb = h[a], h[b]
        if ha is None or hb is None:
            continue
        if any((ra := r[a]) is not None and (rb := r[b]) is not None and (ha - hb) * (ra - rb) > 0 for r in rs):
            ok += 1
    return ok / len(pairs)


def mpr_oracle(src_len: int, hyp: set) -> float:
    h = positions(hyp, src_len)
    pairs = list(combinations(range(src_len), 2))
    if not pairs:
        return 1.0
    return sum(1 for a, b in pairs if (ha := h[a]) is not None and (hb := h[b]) is not None and ha < hb) / len(pairs)


@st.composite
def case(draw: st.DrawFn) -> tuple:
    src_len = draw(st.integers(1, 6))
    hyp_len = draw(st.integers(1, 6))
    ref_lens = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))

    def links(t: int) -> set:
        return draw(st.sets(st.tuples(st.integers(0, src_len - 1), st.integers(0, t - 1)), max_size=10))

    return src_len, hyp_len, ref_lens, links(hyp_len), [links(n) for n in ref_lens]


@settings(max_examples=150, deadline=None)
@given(case())
def test_match_oracles(c: tuple) -> None:
    src_len, hyp_len, ref_lens, hyp, refs = c
    src = " ".join(["s"] * src_len)
    hyp_text = " ".join(["h"] * hyp_len)
    ref_texts = [" ".join(["r"] * n) for n in ref_lens]
    assert score("prs", hyp_text, ref_texts, src, hyp, refs) == pytest.approx(prs_oracle(src_len, hyp, refs))
    assert score("mpr", hyp_text, ref_texts, src, hyp, refs) == pytest.approx(mpr_oracle(src_len, hyp))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.data())
def test_monotone_alignment_gives_mpr_one_and_identity_gives_prs_one(src_len: int, data: st.DataObject) -> None:
    # a strictly increasing map of every source word into the hypothesis (one-to-one, monotone)
    tgt_len = data.draw(st.integers(src_len, src_len + 4))
    cols = sorted(data.draw(st.lists(st.integers(0, tgt_len - 1), min_size=src_len, max_size=src_len, unique=True)))
    links = {(i, j) for i, j in enumerate(cols)}
    text = " ".join(["w"] * tgt_len)
    src = " ".join(["s"] * src_len)
    assert score("mpr", text, [text], src, links, [links]) == 1.0
    # identical hypothesis and reference with identical alignments (every source word aligned,
    # to distinct positions, in any order) gives PRS 1
    perm = data.draw(st.permutations(cols))
    links = {(i, j) for i, j in enumerate(perm)}
    assert score("prs", text, [text], src, links, [links]) == 1.0
