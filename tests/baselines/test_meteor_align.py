"""METEOR's stage alignment (Banerjee & Lavie 2005): most matches, then fewest crossings.

Oracles, independent of the branch-and-bound under test:

* brute force: every matching of the candidate links is enumerated; the best has the most links,
  then the fewest crossings among them, then the fewest crossings with the earlier stages'
  links, then the first sorted link list (the documented tie-break);
* an integer program (scipy's HiGHS) for the fewest crossings among maximum exact-match
  alignments, on every segment of a real WMT21 file;
* the number of exact matches, sum over word types of min(count in hyp, count in ref).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.corpus import wordnet
from nltk.stem.porter import PorterStemmer
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix, csr_matrix
from scipy.sparse.csgraph import maximum_bipartite_matching

import mtmetrics
from mtmetrics.api import Scorer
from mtmetrics.resources import Preprocessor
from mtmetrics_baselines import _meteor_align
from mtmetrics_baselines._meteor_align import align_stage
from mtmetrics_baselines.meteor import Meteor

from .conftest import wmt21_de_en

PREP = Preprocessor("13a", False)
Link = tuple[int, int]


def _crosses(a: Link, b: Link) -> bool:
    return (a[0] - b[0]) * (a[1] - b[1]) < 0


def _crossings(links: Sequence[Link]) -> int:
    return sum(_crosses(a, b) for a, b in itertools.combinations(links, 2))


def _max_size(candidates: Mapping[int, Sequence[int]]) -> int:
    """Maximum matching size by scipy (Hopcroft-Karp)."""
    if not candidates:
        return 0
    hyps = sorted(candidates)
    refs = sorted({r for rs in candidates.values() for r in rs})
    rows = [k for k, h in enumerate(hyps) for _ in candidates[h]]
    cols = [refs.index(r) for h in hyps for r in candidates[h]]
    graph = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(hyps), len(refs)))
    return int((maximum_bipartite_matching(graph, perm_type="column") >= 0).sum())


def _maximum_matchings(candidates: Mapping[int, Sequence[int]]) -> list[list[Link]]:
    """Every maximum matching (each hypothesis word takes one free candidate or none)."""
    hyps = sorted(candidates)
    size = _max_size(candidates)
    out: list[list[Link]] = []

    def walk(k: int, chosen: list[Link], used: set[int]) -> None:
        if len(chosen) + len(hyps) - k < size:
            return
        if k == len(hyps):
            out.append(list(chosen))
            return
        for r in candidates[hyps[k]]:
            if r not in used:
                chosen.append((hyps[k], r))
                walk(k + 1, chosen, used | {r})
                chosen.pop()
        walk(k + 1, chosen, used)

    walk(0, [], set())
    return out


def brute_force_stage(candidates: Mapping[int, Sequence[int]], fixed: Sequence[Link] = ()) -> tuple[Link, ...]:
    """The documented stage alignment, by enumeration."""
    if not candidates:
        return ()

    def key(links: list[Link]) -> tuple[int, int, list[Link]]:
        with_fixed = sum(_crosses(a, b) for a in links for b in fixed)
        return _crossings(links), with_fixed, sorted(links)

    return tuple(min(key(m) for m in _maximum_matchings(candidates))[2])


# ------------------------------------------------------------------ the stage search, small cases
@st.composite
def stage_problems(draw: st.DrawFn) -> tuple[dict[int, list[int]], list[Link]]:
    """Candidates on even positions (equal words, or any bipartite graph), earlier links on odd ones."""
    n, m = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    if draw(st.booleans()):
        hw = draw(st.lists(st.sampled_from("abc"), min_size=n, max_size=n))
        rw = draw(st.lists(st.sampled_from("abcd"), min_size=m, max_size=m))
        cands = {2 * i: [2 * j for j in range(m) if rw[j] == hw[i]] for i in range(n)}
    else:
        cands = {2 * i: [2 * j for j in draw(st.sets(st.integers(0, m - 1), max_size=3))] for i in range(n)}
    k = draw(st.integers(0, min(n, m) + 1))
    fh = draw(st.permutations(range(-1, 2 * n + 1, 2)))[:k]
    fr = draw(st.permutations(range(-1, 2 * m + 1, 2)))[:k]
    return {h: rs for h, rs in cands.items() if rs}, list(zip(fh, fr, strict=False))


@settings(max_examples=300, deadline=None)
@given(stage_problems())
def test_stage_is_the_brute_force_optimum(problem: tuple[dict[int, list[int]], list[Link]]) -> None:
    cands, fixed = problem
    got = align_stage(cands, fixed)
    assert got.exact
    assert got.links == brute_force_stage(cands, fixed)


@settings(max_examples=100, deadline=None)
@given(stage_problems())
def test_beam_fallback_keeps_the_most_matches(problem: tuple[dict[int, list[int]], list[Link]]) -> None:
    cands, fixed = problem
    got = align_stage(cands, fixed, budget=0, beam_width=2)
    best = brute_force_stage(cands, fixed)
    assert len(got.links) == len(best)
    assert len({h for h, _ in got.links}) == len({r for _, r in got.links}) == len(got.links)
    assert all(r in cands[h] for h, r in got.links)
    assert _crossings(got.links) >= _crossings(best)
    assert not got.exact or cands == {} or got.links == best


def test_paper_rule_where_greedy_pairing_crosses() -> None:
    # hyp "the man saw the" / ref "the man": NLTK's right-to-left pairing links the last "the"
    # (3 -> 0), crossing "man" (1 -> 1); the paper's rule links the first one: no crossing
    hyp, ref = ["the", "man", "saw", "the"], ["the", "man"]
    cands = {i: [j for j, b in enumerate(ref) if b == a] for i, a in enumerate(hyp) if a in ref}
    assert align_stage(cands).links == ((0, 0), (1, 1))
    meteor = mtmetrics.load_metric("meteor")
    assert meteor.sentence_score("the man saw the", ["the man"]).sub_scores["chunks"] == 1
    greedy = mtmetrics.load_metric("meteor", impl="nltk").sentence_score("the man saw the", ["the man"])
    assert greedy.sub_scores["chunks"] == 2


# ------------------------------------------------------------------ real text
def _meteor(**params: str) -> Scorer:
    scorer = mtmetrics.load_metric("meteor", **params)
    assert isinstance(scorer.metric, Meteor)
    return scorer


def _ilp_fewest_crossings(hyp: list[str], ref: list[str], size: int) -> int:
    """Fewest crossings of an exact-match alignment with ``size`` links, by integer programming.

    A word occurring once on each side is linked in every maximum alignment: those links are
    constants. The others are binaries x_e (at most one per word, ``size`` in all) and each
    crossing pair of them a y_ef >= x_e + x_f - 1; minimised: crossings with the constant links
    plus the y.
    """
    once = {w for w in set(hyp) if hyp.count(w) == 1 and ref.count(w) == 1}
    fixed = [(hyp.index(w), ref.index(w)) for w in once]
    edges = [(i, j) for i, a in enumerate(hyp) for j, b in enumerate(ref) if a == b and a not in once]
    if not edges:
        return _crossings(fixed)
    pairs = [(a, b) for a, b in itertools.combinations(range(len(edges)), 2) if _crosses(edges[a], edges[b])]
    n_x, n_y = len(edges), len(pairs)
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for k, (i, j) in enumerate(edges):  # one link per hyp word, per ref word; total = size
        rows += [i, len(hyp) + j, len(hyp) + len(ref)]
        cols += [k, k, k]
        vals += [1.0, 1.0, 1.0]
    base = len(hyp) + len(ref) + 1
    for p, (a, b) in enumerate(pairs):
        rows += [base + p] * 3
        cols += [a, b, n_x + p]
        vals += [1.0, 1.0, -1.0]
    free = size - len(fixed)
    lower = np.r_[np.zeros(len(hyp) + len(ref)), [free], np.full(n_y, -np.inf)]
    upper = np.r_[np.ones(len(hyp) + len(ref)), [free], np.ones(n_y)]
    matrix = coo_matrix((vals, (rows, cols)), shape=(base + n_y, n_x + n_y)).tocsr()
    with_fixed = [sum(_crosses(e, f) for f in fixed) for e in edges]
    res = milp(
        np.r_[with_fixed, np.ones(n_y)],
        constraints=LinearConstraint(matrix, lower, upper),
        integrality=np.ones(n_x + n_y),
        bounds=Bounds(0, 1),
    )
    assert res.success
    return _crossings(fixed) + round(res.fun)


def test_modules_exact_is_optimal_on_every_wmt21_segment() -> None:
    """Acceptance: on all 1000 segments of WMT21 de-en (Online-A / ref A), raw text, modules=exact
    aligns the most exact matches with the fewest crossings."""
    hyps, refs, _ = wmt21_de_en(1000)
    meteor = _meteor(modules="exact")
    assert isinstance(meteor.metric, Meteor)
    stats = meteor.statistics(hyps, [refs]).array
    assert stats[:, 4].sum() == 0  # no segment needed the beam
    old_greedy_worse = 0
    for hyp_text, ref_text in zip(hyps, refs, strict=True):
        hyp, ref = PREP(hyp_text), PREP(ref_text)
        low_h, low_r = [w.lower() for w in hyp], [w.lower() for w in ref]
        size = sum((Counter(low_h) & Counter(low_r)).values())
        links = meteor.metric.align(hyp, ref)
        assert len(links) == size
        assert all(low_h[i] == low_r[j] for i, j in links)
        crossings = _crossings(links)
        if crossings > 0:  # zero needs no proof
            fewest = _ilp_fewest_crossings(low_h, low_r, size)
            assert crossings == fewest, (hyp_text, ref_text)
            old_greedy_worse += _crossings(_nltk_exact_links(low_h, low_r)) > fewest
    assert old_greedy_worse > 0  # NLTK's (and the old) right-to-left greedy pairing is not optimal here


def _nltk_exact_links(hyp: list[str], ref: list[str]) -> list[Link]:
    from nltk.translate.meteor_score import exact_match

    return [(int(i), int(j)) for i, j in exact_match(hyp, ref)[0]]


@cache
def _stemmer() -> PorterStemmer:
    return PorterStemmer(mode=PorterStemmer.ORIGINAL_ALGORITHM)


def _synonyms(word: str) -> set[str]:
    names = {lemma.name() for synset in wordnet.synsets(word) for lemma in synset.lemmas()}
    return {n for n in names if "_" not in n} | {word}


def brute_force_meteor(hyp: list[str], ref: list[str]) -> tuple[Link, ...]:
    """Exact, Porter stem, WordNet synonym stages, each by :func:`brute_force_stage` on the words left."""
    low_h, low_r = [w.lower() for w in hyp], [w.lower() for w in ref]
    stem = _stemmer().stem
    rules = (
        lambda a, b: a == b,
        lambda a, b: stem(a) == stem(b),
        lambda a, b: b in _synonyms(a),
    )
    links: list[Link] = []
    for rule in rules:
        done_h, done_r = {i for i, _ in links}, {j for _, j in links}
        cands = {
            i: [j for j, b in enumerate(low_r) if j not in done_r and rule(a, b)]
            for i, a in enumerate(low_h)
            if i not in done_h
        }
        links += brute_force_stage({i: rs for i, rs in cands.items() if rs}, links)
    return tuple(sorted(links))


def test_three_stages_equal_the_brute_force_on_short_wmt21_segments() -> None:
    hyps, ref_a, ref_b = wmt21_de_en(1000)
    meteor = _meteor()
    assert isinstance(meteor.metric, Meteor)
    checked = differs_from_exact_only = 0
    for hyp_text, ref_text in itertools.chain(zip(hyps, ref_a, strict=True), zip(hyps, ref_b, strict=True)):
        hyp, ref = PREP(hyp_text), PREP(ref_text)
        if len(hyp) > 14 or len(ref) > 14:
            continue
        expected = brute_force_meteor(hyp, ref)
        assert tuple(meteor.metric.align(hyp, ref)) == expected, (hyp_text, ref_text)
        checked += 1
        differs_from_exact_only += len(expected) > sum(
            (Counter(map(str.lower, hyp)) & Counter(map(str.lower, ref))).values()
        )
    assert checked > 50 and differs_from_exact_only > 5


def test_pathological_segment_falls_back_and_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps, refs, _ = wmt21_de_en(1000)
    longest = sorted(range(len(hyps)), key=lambda i: -len(hyps[i]))[:3]
    sample_h, sample_r = [hyps[i] for i in longest], [refs[i] for i in longest]
    exact = mtmetrics.load_metric("meteor").statistics(sample_h, [sample_r]).array
    monkeypatch.setattr(_meteor_align, "NODE_BUDGET", 0)
    res = mtmetrics.load_metric("meteor").corpus_score(sample_h, [sample_r])
    approx = mtmetrics.load_metric("meteor").statistics(sample_h, [sample_r]).array
    assert res.sub_scores["approx_segments"] == 3
    assert (approx[:, 0] == exact[:, 0]).all()  # the beam still finds the most matches
    assert (exact[:, 4] == 0).all() and (approx[:, 4] == 1).all()
