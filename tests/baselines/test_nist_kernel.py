"""NIST's array clipping gives the Python count's statistics exactly (the Python count is the oracle).

Equality is ``==`` on every statistic: both sides add the same products with ``math.fsum``,
which rounds the exact sum once, so the order in which matches are found cannot change a bit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics.resources import kernels
from mtmetrics_baselines import nist

from .conftest import wmt21_de_en


def statistics(kernel: str, hyps: list[str], refs: Any, **options: Any) -> np.ndarray:
    with kernels.forced(kernel):
        assert nist.kernel() == ("python" if kernel == "python" else "numpy")
        return mtmetrics.load_metric("nist", **options).statistics(hyps, refs).array


def assert_same(hyps: list[str], refs: Any, **options: Any) -> None:
    python = statistics("python", hyps, refs, **options)
    compiled = statistics("numba", hyps, refs, **options)
    diff = np.flatnonzero((python != compiled).any(axis=1))
    assert diff.size == 0, f"{options} segments {diff[:10]}: {python[diff[:2]]} vs {compiled[diff[:2]]}"


@pytest.mark.parametrize("options", [{}, {"info": "seg"}, {"max_order": 9, "lowercase": True}, {"tokenize": "char"}])
def test_wmt21_two_references(options: dict[str, Any]) -> None:
    hyps, ref_a, ref_b = wmt21_de_en(300)
    assert_same(hyps, [ref_a, ref_b], **options)


def _lines(rng: random.Random, n: int) -> Iterator[str]:
    for _ in range(n):
        vocab = rng.choice(("a b", "a b c d", "x y z ü ж 中 . ,"))
        yield " ".join(rng.choice(vocab.split()) for _ in range(rng.choice((0, 1, 2, 5, 12, 30))))


def test_random_repetitive_text_several_references() -> None:
    """Tiny vocabularies (long repeated n-grams, heavy clipping), empty lines, 1-4 references, missing ones."""
    rng = random.Random(35)
    for _ in range(25):
        n = rng.randint(1, 15)
        hyps = list(_lines(rng, n))
        refs: list[list[str | None]] = [list(_lines(rng, n)) for _ in range(rng.randint(1, 4))]
        for stream in refs[1:]:
            for i in range(n):
                if rng.random() < 0.2:
                    stream[i] = None
        options = {"max_order": rng.randint(1, 9), "info": rng.choice(("corpus", "seg")), "tokenize": "none"}
        assert_same(hyps, refs, **options)


def test_corpus_information_equals_the_weights_dict() -> None:
    """Every weight of the array form is the dict's float, and what the dict lacks is missing too."""
    rng = random.Random(3535)
    for _ in range(20):
        order = rng.randint(1, 9)
        refs = [line.split() for line in _lines(rng, rng.randint(0, 12))]
        want = nist.information_weights(refs, order)
        got = nist.CorpusInformation(refs, order)
        assert all(got[gram] == weight for gram, weight in want.items())
        words = [*sorted({w for r in refs for w in r}), "absent"]
        for gram in {tuple(rng.choice(words) for _ in range(rng.randint(1, order + 1))) for _ in range(50)}:
            if gram not in want:
                with pytest.raises(KeyError):
                    got[gram]
