"""NIST: a hand-computed case, NLTK's nist_score on one reference, an mteval-style oracle on several."""

from __future__ import annotations

import math
import pickle
import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.nist_score import corpus_nist as nltk_corpus_nist
from nltk.translate.nist_score import sentence_nist as nltk_sentence_nist

import mtmetrics
from mtmetrics.resources import Preprocessor
from mtmetrics_baselines.nist import corpus_nist
from tests.datapaths import read_text, require

from .conftest import TXT, wmt21_de_en

PREP = Preprocessor("13a", False)


def test_hand_computed() -> None:
    # ref "a b a c": 4 words; counts a:2 b:1 c:1, bigrams ab:1 ba:1 ac:1
    # info(a) = log2(4/2) = 1, info(b) = log2(4/1) = 2, info(a b) = log2(count(a)/count(a b)) = 1
    # hyp "a b": order 1 (1 + 2) / 2 = 1.5; order 2: 1 / 1; orders 3-5: 0 / max(1, 0)
    # brevity: c/r = 2/4 -> exp(β log²(0.5)), β = log(0.5) / log²(1.5)
    beta = math.log(0.5) / math.log(1.5) ** 2
    expected = 2.5 * math.exp(beta * math.log(0.5) ** 2)
    nist = mtmetrics.load_metric("nist", tokenize="none")
    res = nist.sentence_score("a b", ["a b a c"])
    assert math.isclose(res.score, expected, rel_tol=1e-12)
    assert math.isclose(res.sub_scores["info_precision_1"], 1.5)
    assert math.isclose(res.sub_scores["info_precision_2"], 1.0)
    # BP is 0.5 at two thirds of the reference length (Doddington's choice of β)
    assert math.isclose(
        mtmetrics.load_metric("nist", tokenize="none").sentence_score("a b", ["a b c"]).sub_scores["bp"], 0.5
    )


def test_sentence_agrees_with_nltk_single_reference() -> None:
    hyps, ref_a, _ = wmt21_de_en(200)
    nist = mtmetrics.load_metric("nist", info="seg")  # each segment's weights from its own reference
    rows = nist.segment_scores(hyps, [ref_a])
    checked = 0
    for hyp, ref, ours in zip(hyps, ref_a, rows, strict=True):
        h, r = PREP(hyp), PREP(ref)
        if len(h) < 5:
            continue  # NLTK divides by zero when the hypothesis has no 5-gram
        assert math.isclose(ours.score, nltk_sentence_nist([r], h, 5), rel_tol=1e-9, abs_tol=1e-12)
        checked += 1
    assert checked > 150


@pytest.mark.parametrize("order", [1, 3, 5])
def test_corpus_weights_agree_with_nltk_corpus_nist(order: int) -> None:
    hyps, ref_a, _ = wmt21_de_en(200)
    h = [PREP(x) for x in hyps]
    r = [[PREP(x)] for x in ref_a]
    assert math.isclose(corpus_nist(h, r, order), nltk_corpus_nist(r, h, order), rel_tol=1e-9)


def _mteval_nist(hyps: list[list[str]], refs: list[list[list[str]]], info_refs: list[list[str]], n_max: int) -> float:
    """A transcription of mteval-v13a's NIST: n-grams as space-joined strings, counts in dicts.

    compute_ngram_info: info = -log2(count(ngram) / count(prefix)), prefix of a unigram = total
    words; score_segment: clip each test n-gram by its maximum count in any reference, sum
    info × clipped count; nist_score: Σ_n tst_info[n] / max(tst_cnt[n], 1) × penalty(c / (ref
    words / number of references)).
    """
    ngram_count: dict[str, int] = defaultdict(int)
    tot_words = 0
    for words in info_refs:
        tot_words += len(words)
        for n in range(1, n_max + 1):
            for i in range(len(words) - n + 1):
                ngram_count[" ".join(words[i : i + n])] += 1
    info = {}
    for gram, cnt in ngram_count.items():
        parts = gram.split(" ")
        mgram = " ".join(parts[:-1])
        info[gram] = -math.log(cnt / (ngram_count[mgram] if mgram else tot_words)) / math.log(2)
    tst_info = [0.0] * (n_max + 1)
    tst_cnt = [0] * (n_max + 1)
    sys_words = 0
    ref_words = 0.0
    for hyp, seg_refs in zip(hyps, refs, strict=True):
        sys_words += len(hyp)
        ref_words += sum(len(r) for r in seg_refs) / len(seg_refs)
        ref_max: dict[str, int] = defaultdict(int)
        for r in seg_refs:
            local: dict[str, int] = defaultdict(int)
            for n in range(1, n_max + 1):
                for i in range(len(r) - n + 1):
                    local[" ".join(r[i : i + n])] += 1
            for g, c in local.items():
                ref_max[g] = max(ref_max[g], c)
        tst: dict[str, int] = defaultdict(int)
        for n in range(1, n_max + 1):
            tst_cnt[n] += max(0, len(hyp) - n + 1)
            for i in range(len(hyp) - n + 1):
                tst[" ".join(hyp[i : i + n])] += 1
        for g, c in tst.items():
            if g in ref_max:
                tst_info[len(g.split(" "))] += info[g] * min(c, ref_max[g])
    ratio = sys_words / ref_words
    if ratio >= 1:
        penalty = 1.0
    elif ratio <= 0:
        penalty = 0.0
    else:
        beta = -math.log(0.5) / math.log(1.5) / math.log(1.5)
        penalty = math.exp(-beta * math.log(ratio) * math.log(ratio))
    return sum(tst_info[n] / max(tst_cnt[n], 1) for n in range(1, n_max + 1)) * penalty


def test_multi_reference_matches_mteval_transcription() -> None:
    hyps, ref_a, ref_b = wmt21_de_en(120)
    h = [PREP(x) for x in hyps]
    r = [[PREP(a), PREP(b)] for a, b in zip(ref_a, ref_b, strict=True)]
    # corpus-wide weights (mteval's own setting)
    assert math.isclose(corpus_nist(h, r, 5), _mteval_nist(h, r, [x for seg in r for x in seg], 5), rel_tol=1e-9)
    # the metric (default info=corpus): corpus score and every segment score with corpus weights
    nist = mtmetrics.load_metric("nist")
    every_ref = [x for seg in r for x in seg]
    assert math.isclose(nist.corpus_score(hyps, [ref_a, ref_b]).score, _mteval_nist(h, r, every_ref, 5), rel_tol=1e-9)
    for i, res in enumerate(nist.segment_scores(hyps, [ref_a, ref_b])):
        assert math.isclose(res.score, _mteval_nist([h[i]], [r[i]], every_ref, 5), rel_tol=1e-9, abs_tol=1e-12)
    # info=seg: each segment's weights from its own references
    seg_nist = mtmetrics.load_metric("nist", info="seg")
    for i, res in enumerate(seg_nist.segment_scores(hyps[:40], [ref_a[:40], ref_b[:40]])):
        assert math.isclose(res.score, _mteval_nist([h[i]], [r[i]], r[i], 5), rel_tol=1e-9, abs_tol=1e-12)


@pytest.mark.slow
def test_default_is_mteval_nist_on_a_whole_wmt21_system() -> None:
    """WMT21 de-en Online-B, 1,000 raw segments, reference A: NLTK's corpus_nist (7.75), not 2.91."""
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:1000]
    ref_a = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:1000]
    expected = nltk_corpus_nist([[PREP(x)] for x in ref_a], [PREP(x) for x in hyps], 5)
    nist = mtmetrics.load_metric("nist")
    result = nist.corpus_score(hyps, [ref_a])
    assert math.isclose(result.score, expected, rel_tol=1e-9)
    assert result.signature.get("info") == "corpus"
    assert round(result.score, 2) == 7.75
    old = mtmetrics.load_metric("nist", info="seg").corpus_score(hyps, [ref_a])
    assert round(old.score, 2) == 2.91 and old.signature.get("info") == "seg"
    # chunks and worker processes use the same corpus weights: rows identical to the byte
    two = nist.statistics(hyps, [ref_a], jobs=2)
    assert two.array.tobytes() == nist.statistics(hyps, [ref_a]).array.tobytes()
    # word order matters at corpus weights (mteval's NIST), hardly at all with per-segment weights
    rng = random.Random(7)
    shuffled = []
    for hyp in hyps:
        words = hyp.split()
        rng.shuffle(words)
        shuffled.append(" ".join(words))
    drop = 1 - nist.corpus_score(shuffled, [ref_a]).score / result.score
    drop_seg = 1 - mtmetrics.load_metric("nist", info="seg").corpus_score(shuffled, [ref_a]).score / old.score
    assert drop > 0.15 and drop_seg < 0.05


def test_unprepared_copy_refuses_to_score() -> None:
    """A corpus-weighted NIST never falls back silently to per-segment weights."""
    nist = mtmetrics.load_metric("nist")
    segment = mtmetrics.Segment("a b", ("a b c",))
    with pytest.raises(RuntimeError, match="prepare"):
        nist.metric.segment_statistics(segment)
    prepared = nist.prepare([("a b c",), ("x y",)])
    assert prepared is not nist and nist.metric.corpus_state is None
    row = prepared.metric.segment_statistics(segment)
    # corpus of 5 words: info(a) = log2(5/1); the prepared copy survives pickling with its weights
    assert math.isclose(row[0], 2 * math.log2(5), rel_tol=1e-12)
    clone = pickle.loads(pickle.dumps(prepared))
    assert clone.metric.segment_statistics(segment).tobytes() == row.tobytes()
    with pytest.raises(mtmetrics.InputError, match="prepared with"):
        prepared.metric.segment_statistics(mtmetrics.Segment("q", ("q",)))


def test_nltk_multi_reference_differs_documented() -> None:
    """NLTK picks one reference per order (and its length); mteval clips against all of them."""
    hyp = ["a", "b", "c", "d"]
    refs = [["a", "b", "x", "y"], ["x", "y", "c", "d"]]
    ours = corpus_nist([hyp], [refs], 2)
    assert math.isclose(ours, _mteval_nist([hyp], [refs], refs, 2), rel_tol=1e-12)
    assert not math.isclose(ours, nltk_corpus_nist([refs], [hyp], 2), rel_tol=1e-6)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), min_size=0, max_size=9),
    st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), min_size=1, max_size=9), min_size=1, max_size=3),
)
def test_properties(hyp: list[str], refs: list[list[str]]) -> None:
    nist = mtmetrics.load_metric("nist", tokenize="none", max_order=3)
    score = nist.sentence_score(" ".join(hyp), [" ".join(r) for r in refs]).score
    assert score >= 0.0 and math.isfinite(score)
    assert math.isclose(score, _mteval_nist([hyp], [refs], refs, 3), rel_tol=1e-9, abs_tol=1e-12)
    # reference order does not matter
    again = nist.sentence_score(" ".join(hyp), [" ".join(r) for r in reversed(refs)]).score
    assert math.isclose(score, again, rel_tol=1e-12, abs_tol=1e-12)
