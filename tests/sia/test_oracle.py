"""The fast SIA against the literal transcription of the paper's pseudo-code (tests/sia/oracle.py)."""

from __future__ import annotations

import random

import pytest

from mtmetrics_sia import _numba, align
from mtmetrics_sia.metric import Sia

from . import oracle


def _random_table(rng: random.Random, words: str) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for w in words:
        others = rng.sample(words, rng.randint(0, len(words)))
        if others:
            vals = [rng.choice([0.1, 0.25, 0.5, rng.random()]) for _ in others]
            table[w] = {o: v / sum(vals) for o, v in zip(others, vals, strict=True)}
    return table


def _case(rng: random.Random) -> tuple[list[str], list[list[str]], float, bool]:
    words = "abcdefgh"[: rng.choice([2, 3, 4, 6, 8])]
    hyp = [rng.choice(words) for _ in range(rng.randint(0, 7))]
    refs = [[rng.choice(words) for _ in range(rng.randint(1, 7))] for _ in range(rng.randint(1, 3))]
    return hyp, refs, rng.choice([0.0, 0.2, 0.5, 0.9, 1.0]), rng.random() < 0.6


def _metric(alpha: float, incs: bool, table: dict[str, dict[str, float]] | None = None) -> Sia:
    m = Sia(tokenize="none", alpha=alpha, incs=incs)
    if table is not None:
        from mtmetrics.resources.similarity import SimilarityTable

        m._table = SimilarityTable("test", "0" * 64, 100, table)
    return m


@pytest.mark.parametrize("seed", range(4))
def test_exact_matching_equals_oracle(seed: int, backend: str) -> None:
    rng = random.Random(seed)
    for _ in range(250):
        hyp, refs, alpha, incs = _case(rng)
        want = oracle.get_align_score_in_multiple_refs(hyp, refs, alpha, incs)
        got = _metric(alpha, incs).score_tokens(hyp, refs)[0]
        assert got == pytest.approx(want, abs=1e-9), (hyp, refs, alpha, incs)


@pytest.mark.parametrize("seed", range(4))
def test_stochastic_matching_equals_oracle(seed: int, backend: str) -> None:
    rng = random.Random(100 + seed)
    for _ in range(200):
        hyp, refs, alpha, incs = _case(rng)
        table = _random_table(rng, "abcdefgh")
        want = oracle.get_align_score_in_multiple_refs(hyp, refs, alpha, incs, oracle.table_similarity(table))
        got = _metric(alpha, incs, table).score_tokens(hyp, refs)[0]
        assert got == pytest.approx(want, abs=1e-9), (hyp, refs, alpha, incs, table)


def test_single_alignment_equals_figure_3() -> None:
    rng = random.Random(7)
    m = _metric(0.5, False)
    for _ in range(300):
        hyp, refs, _, _ = _case(rng)
        if not hyp:
            continue
        want, want_align = oracle.get_align_score_1(hyp, refs[0], set(), set(), oracle.exact)
        pi, pj, ps = m.pairs(hyp, refs[0])
        value, path = align.wls_best(pi, pj, ps)
        assert value / len(hyp) == pytest.approx(want, abs=1e-12)
        assert [(pi[t], pj[t]) for t in path] == want_align


def test_backends_are_bit_identical() -> None:
    rng = random.Random(11)
    for _ in range(500):
        hyp, refs, alpha, incs = _case(rng)
        if not hyp:
            continue
        table = _random_table(rng, "abcdefgh") if rng.random() < 0.5 else None
        m = _metric(alpha, incs, table)
        pairs = [m.pairs(hyp, r) for r in refs]
        py = align.incs_python(pairs, len(hyp), alpha, incs)
        nb = _numba.incs_numba(pairs, len(hyp), alpha, incs)
        assert (py.total, py.rounds) == nb


def test_longer_sentences_equal_oracle(backend: str) -> None:
    """Realistic lengths (up to 12 words, repeated function words) with 2-3 references."""
    rng = random.Random(5)
    vocab = ["the", "a", "of", "cat", "dog", "sat", "on", "mat", "and", "in"]
    for _ in range(25):
        hyp = [rng.choice(vocab) for _ in range(rng.randint(6, 12))]
        refs = [[rng.choice(vocab) for _ in range(rng.randint(6, 12))] for _ in range(rng.randint(2, 3))]
        want = oracle.get_align_score_in_multiple_refs(hyp, refs, 0.5, True)
        assert _metric(0.5, True).score_tokens(hyp, refs)[0] == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("seed", range(3))
def test_pruned_search_equals_the_full_search(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pruned predecessor search (repetitive text) gives the full search's result in both kernels,
    ties included (a two- or three-word vocabulary has many equal values), with and without PROB."""
    rng = random.Random(300 + seed)
    for _ in range(150):
        words = "abc"[: rng.choice([1, 2, 3])]
        hyp = [rng.choice(words) for _ in range(rng.randint(1, 30))]
        refs = [[rng.choice(words) for _ in range(rng.randint(1, 30))] for _ in range(rng.randint(1, 3))]
        table = _random_table(rng, "abc") if rng.random() < 0.3 else None
        m = _metric(0.8, rng.random() < 0.8, table)
        pairs = [m.pairs(hyp, r) for r in refs]
        got = set()
        for cells in (0, 1 << 22):  # 0: never pruned; else pruned whenever it pays
            monkeypatch.setattr(align, "MAX_CELLS", cells)
            got.add(tuple(align.incs_python(pairs, len(hyp), 0.8, m.values["incs"])))
            got.add(_numba.incs_numba(pairs, len(hyp), 0.8, m.values["incs"]))
        assert len(got) == 1, (hyp, refs, got)
