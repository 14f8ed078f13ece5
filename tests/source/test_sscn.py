"""SSCN: hand-worked examples for each constraint variant, a literal oracle, properties."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics import InputError
from mtmetrics.io.alignments import Alignment

A = Alignment


def sscn(hyp: str, refs: list[str], src: str, hyp_al: Alignment, ref_als: list[Alignment], **params: object) -> float:
    m = mtmetrics.load_metric("sscn", **params)
    return m.sentence_score(hyp, refs, src, {"align_hyp": hyp_al, "align_refs": tuple(ref_als)}).score


DIAG = frozenset({(0, 0), (1, 1), (2, 2)})
# Reference "the cat sat": forward direction diagonal; reverse direction links "cat" (1) to source word 2.
REF_AL = A(DIAG, fwd=DIAG, rev=frozenset({(0, 0), (2, 1), (2, 2)}))


@pytest.mark.parametrize(
    ("n", "constraint", "constrain", "expected"),
    [
        # unigrams: "the" and "sat" agree in both directions; "cat" agrees in direction 1 (source 1
        # on both sides) but not in 2 (hyp: source 1, ref: source 2)
        (1, "1", "all", 3 / 3),
        (1, "2", "all", 2 / 3),
        (1, "union", "all", 3 / 3),
        (1, "intersect", "all", 2 / 3),
        # bigrams "the cat", "cat sat": under 2 each contains the disagreeing "cat" pair
        (2, "2", "all", 0 / 2),
        (2, "2", "any", 2 / 2),  # ... but each also has an agreeing word
        (2, "intersect", "any", 2 / 2),
        (2, "1", "all", 2 / 2),
        (3, "2", "any", 1 / 1),
        (3, "intersect", "all", 0 / 1),
    ],
)
def test_constraint_variants_by_hand(n: int, constraint: str, constrain: str, expected: float) -> None:
    score = sscn(
        "the cat sat", ["the cat sat"], "x y z", A(DIAG), [REF_AL], n=n, constraint=constraint, constrain=constrain
    )
    assert score == pytest.approx(expected)


def test_best_reference_position_and_brevity_penalty() -> None:
    # hyp "the cat" (c=2) against "the cat sat" (r=3): BP = exp(1 - 3/2).
    # "cat" in the hypothesis is aligned to source 0 — so is the reference's "the", not its "cat":
    # unigram "the" (hyp source {0}) vs ref "the" ({0}) agrees → 1; "cat" ({0}) vs ref "cat" ({1}) → 0.
    hyp_al = A(frozenset({(0, 0), (0, 1)}))
    s = sscn("the cat", ["the cat sat"], "x y z", hyp_al, [A(DIAG)], n=1, constraint="1")
    assert s == pytest.approx(0.5 * math.exp(1 - 3 / 2))
    # with a second reference where "cat" is aligned to source 0, the max over references gives 1
    ref2 = A(frozenset({(0, 0), (0, 1)}))
    s = sscn("the cat", ["the cat sat", "the cat"], "x y z", hyp_al, [A(DIAG), ref2], n=1, constraint="1")
    assert s == pytest.approx(1.0)  # closest reference length 2: BP = 1


def test_hits_are_not_clipped() -> None:
    # hyp "a a" vs ref "a": both hypothesis unigrams find the reference "a" (paper's algorithm:
    # hits = Σ max val, no clipping); BP = 1 (c = 2 > r = 1)
    s = sscn("a a", ["a"], "x", A({(0, 0), (0, 1)}), [A({(0, 0)})], n=1)
    assert s == pytest.approx(1.0)


def test_unaligned_pairs_agree_through_null() -> None:
    # "the" unaligned on both sides counts as agreeing (both linked to NULL); "cat" aligned on both
    s = sscn("the cat", ["the cat"], "x", A({(0, 1)}), [A({(0, 1)})], n=2)
    assert s == pytest.approx(1.0)
    # unaligned on one side only: disagreement
    s = sscn("the cat", ["the cat"], "x", A({(0, 1)}), [A({(0, 0), (0, 1)})], n=1)
    assert s == pytest.approx(0.5)


def test_short_hypothesis_uses_its_own_length() -> None:
    assert sscn("quickly", ["quickly"], "schnell", A({(0, 0)}), [A({(0, 0)})], n=4) == pytest.approx(1.0)


def test_similarity_table(tmp_path: Path) -> None:
    table = tmp_path / "sim.tsv"
    table.write_text("feline\tcat\t0.6\nfeline\tkitty\t0.4\n", encoding="utf-8")
    # unigrams: the 1 + feline→cat 0.6 + sat 1 = 2.6 over 3; bigrams: 0.6 + 0.6 over 2
    args = ("the feline sat", ["the cat sat"], "x y z", A(DIAG), [A(DIAG)])
    assert sscn(*args, n=1, similarity=str(table)) == pytest.approx(2.6 / 3)
    assert sscn(*args, n=2, similarity=str(table)) == pytest.approx(0.6)
    assert sscn(*args, n=1) == pytest.approx(2 / 3)
    sig = mtmetrics.load_metric("sscn", similarity=str(table)).signature().format()
    assert "sim:sim@" in sig


def test_signature_names_alignment_origin() -> None:
    m = mtmetrics.load_metric("sscn")
    res = m.corpus_score(
        ["a"],
        [["a"]],
        ["x"],
        {"align_hyp": [A({(0, 0)}, origin="eflomal@2:m3,gdfa")], "align_refs": [(A({(0, 0)}, origin="file"),)]},
    )
    assert res.signature.get("align") == "eflomal@2:m3,gdfa+file"
    assert res.signature.get("con") == "union" and res.signature.get("words") == "all"


def test_errors() -> None:
    m = mtmetrics.load_metric("sscn")
    with pytest.raises(InputError, match="needs the annotation 'align_hyp'"):
        m.corpus_score(["a"], [["a"]], ["x"])
    with pytest.raises(InputError, match="pair '0-3' points to target token 3"):
        m.corpus_score(["a"], [["a"]], ["x"], {"align_hyp": ["0-3"], "align_refs": [("0-0",)]})
    with pytest.raises(InputError, match="1 reference alignment"):
        m.corpus_score(["a"], [["a"], ["b"]], ["x"], {"align_hyp": ["0-0"], "align_refs": [("0-0",)]})


# ------------------------------------------------------------------------------ oracle
def oracle(
    hyp: Sequence[str],
    refs: Sequence[Sequence[str]],
    hyp_fwd: set,
    hyp_rev: set,
    ref_fwd: Sequence[set],
    ref_rev: Sequence[set],
    n: int,
    constraint: str,
    constrain: str,
) -> float:
    """Literal transcription of METRICS.md 4 / the paper's algorithm: every n-gram pair, no index."""

    def src_of(links: set, j: int) -> set:
        return {i for i, jj in links if jj == j}

    def agree_dir(a: set, b: set) -> bool:
        return bool(a & b) or (not a and not b)

    def agree(k: int, i: int, j: int) -> bool:
        one = agree_dir(src_of(hyp_fwd, i), src_of(ref_fwd[k], j))
        two = agree_dir(src_of(hyp_rev, i), src_of(ref_rev[k], j))
        return {"1": one, "2": two, "union": one or two, "intersect": one and two}[constraint]

    c = len(hyp)
    order = min(n, c)
    hits = 0.0
    for i in range(c - order + 1):
        best = 0.0
        for k, ref in enumerate(refs):
            for j in range(len(ref) - order + 1):
                equal = all(hyp[i + t] == ref[j + t] for t in range(order))
                flags = [agree(k, i + t, j + t) for t in range(order)]
                ok = all(flags) if constrain == "all" else any(flags)
                if equal and ok:
                    best = max(best, 1.0)
        hits += best
    r = min((len(x) for x in refs), key=lambda x: (abs(x - c), x))
    bp = 1.0 if c >= r else math.exp(1 - r / c)
    return hits / (c - order + 1) * bp


words = st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=6)


@st.composite
def segments(draw: st.DrawFn) -> tuple:
    src_len = draw(st.integers(1, 4))
    hyp = draw(words)
    refs = draw(st.lists(words, min_size=1, max_size=2))

    def links(tgt_len: int) -> set:
        return draw(st.sets(st.tuples(st.integers(0, src_len - 1), st.integers(0, tgt_len - 1)), max_size=6))

    return (
        src_len,
        hyp,
        refs,
        links(len(hyp)),
        links(len(hyp)),
        [links(len(r)) for r in refs],
        [links(len(r)) for r in refs],
    )


@settings(max_examples=150, deadline=None)
@given(
    segments(), st.integers(1, 3), st.sampled_from(["1", "2", "union", "intersect"]), st.sampled_from(["all", "any"])
)
def test_matches_literal_oracle(seg: tuple, n: int, constraint: str, constrain: str) -> None:
    src_len, hyp, refs, hf, hr, rf, rr = seg
    ann = {
        "align_hyp": A(frozenset(hf | hr), frozenset(hf), frozenset(hr)),
        "align_refs": tuple(A(frozenset(f | r), frozenset(f), frozenset(r)) for f, r in zip(rf, rr, strict=True)),
    }
    m = mtmetrics.load_metric("sscn", n=n, constraint=constraint, constrain=constrain)
    got = m.sentence_score(" ".join(hyp), [" ".join(r) for r in refs], " ".join(["s"] * src_len), ann).score
    assert got == pytest.approx(oracle(hyp, refs, hf, hr, rf, rr, n, constraint, constrain))


@settings(max_examples=60, deadline=None)
@given(
    segments(), st.integers(1, 4), st.sampled_from(["1", "2", "union", "intersect"]), st.sampled_from(["all", "any"])
)
def test_identity_with_identical_alignments_is_one(seg: tuple, n: int, constraint: str, constrain: str) -> None:
    src_len, hyp, _, hf, hr, _, _ = seg
    al = A(frozenset(hf | hr), frozenset(hf), frozenset(hr))
    text = " ".join(hyp)
    m = mtmetrics.load_metric("sscn", n=n, constraint=constraint, constrain=constrain)
    score = m.sentence_score(text, [text], " ".join(["s"] * src_len), {"align_hyp": al, "align_refs": (al,)}).score
    assert score == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(segments(), st.integers(1, 3))
def test_variant_ordering(seg: tuple, n: int) -> None:
    """intersect ≤ 1, 2 ≤ union; all ≤ any; everything in [0, 1]."""
    src_len, hyp, refs, hf, hr, rf, rr = seg
    ann = {
        "align_hyp": A(frozenset(hf | hr), frozenset(hf), frozenset(hr)),
        "align_refs": tuple(A(frozenset(f | r), frozenset(f), frozenset(r)) for f, r in zip(rf, rr, strict=True)),
    }
    args = (" ".join(hyp), [" ".join(r) for r in refs], " ".join(["s"] * src_len), ann)
    s = {
        (c, w): mtmetrics.load_metric("sscn", n=n, constraint=c, constrain=w).sentence_score(*args).score
        for c, w in product(["1", "2", "union", "intersect"], ["all", "any"])
    }
    for w in ("all", "any"):
        assert s["intersect", w] <= min(s["1", w], s["2", w]) + 1e-12
        assert max(s["1", w], s["2", w]) <= s["union", w] + 1e-12
    for c in ("1", "2", "union", "intersect"):
        assert 0.0 <= s[c, "all"] <= s[c, "any"] + 1e-12 <= 1.0 + 1e-9
