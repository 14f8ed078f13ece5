"""The compiled (numba) and Python kernels give bit-identical statistics on real data."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import mtmetrics
from mtmetrics_hlepor import batch

from .data import wmt17_pairs, wmt21_de_en


@pytest.fixture
def python_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Force the pure-Python kernel for the duration of a test."""
    batch._load_numba.cache_clear()
    monkeypatch.setenv("MTMETRICS_HLEPOR_KERNEL", "python")
    assert batch.kernel() == "python"
    yield
    batch._load_numba.cache_clear()


def _stats(params: dict[str, object], hyps: list[str], refs: list[list[str]]) -> np.ndarray:
    return mtmetrics.load_metric("hlepor", **params).statistics(hyps, refs).array


def test_numba_is_used_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    import numba  # noqa: F401  (a test dependency: the compiled kernel must be tested)

    monkeypatch.delenv("MTMETRICS_HLEPOR_KERNEL", raising=False)
    batch._load_numba.cache_clear()
    try:
        assert batch.kernel() == "numba"
    finally:
        batch._load_numba.cache_clear()


@pytest.mark.parametrize("impl", ["paper", "hlepor-pypi"])
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_kernels_agree_exactly_on_wmt17(impl: str, n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = wmt17_pairs()[::3]
    hyps = [h for _, _, h, _ in rows]
    refs = [[r for _, r, _, _ in rows]]
    params = {"tokenize": "none", "impl": impl, "n": n}
    compiled = _stats(params, hyps, refs)
    batch._load_numba.cache_clear()
    monkeypatch.setenv("MTMETRICS_HLEPOR_KERNEL", "python")
    try:
        python = _stats(params, hyps, refs)
    finally:
        batch._load_numba.cache_clear()
    assert compiled.tobytes() == python.tobytes()


def test_kernels_agree_with_two_references(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps, ref_a, ref_b = wmt21_de_en()
    compiled = _stats({"lowercase": True}, hyps, [ref_a, ref_b])
    batch._load_numba.cache_clear()
    monkeypatch.setenv("MTMETRICS_HLEPOR_KERNEL", "python")
    try:
        python = _stats({"lowercase": True}, hyps, [ref_a, ref_b])
    finally:
        batch._load_numba.cache_clear()
    assert compiled.tobytes() == python.tobytes()


def test_python_kernel_matches_documented_example(python_kernel: None) -> None:
    m = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", lowercase=True)
    ref = "It is a guide to action that ensures that the military will forever heed Party commands"
    hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
    assert round(m.sentence_score(hyp, [ref]).score, 4) == 0.7842
