"""The compiled (numba) and Python kernels give bit-identical statistics on real data."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics.resources import kernels
from mtmetrics_hlepor import batch

from .data import wmt17_pairs, wmt21_de_en


@pytest.fixture
def python_kernel() -> Iterator[None]:
    """Force the pure-Python kernel for the duration of a test."""
    with kernels.forced("python"):
        assert batch.kernel() == "python"
        yield


def _stats(params: dict[str, Any], hyps: list[str], refs: list[list[str]]) -> np.ndarray:
    return mtmetrics.load_metric("hlepor", **params).statistics(hyps, refs).array


def test_numba_is_used_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    import numba  # noqa: F401  (a test dependency: the compiled kernel must be tested)

    monkeypatch.delenv("MTMETRICS_KERNEL", raising=False)
    with kernels.forced("auto"):
        assert batch.kernel() == "numba"


@pytest.mark.parametrize("impl", ["paper", "hlepor-pypi"])
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_kernels_agree_exactly_on_wmt17(impl: str, n: int) -> None:
    rows = wmt17_pairs()[::3]
    hyps = [h for _, _, h, _ in rows]
    refs = [[r for _, r, _, _ in rows]]
    params = {"tokenize": "none", "impl": impl, "n": n}
    with kernels.forced("numba"):
        compiled = _stats(params, hyps, refs)
    with kernels.forced("python"):
        python = _stats(params, hyps, refs)
    assert compiled.tobytes() == python.tobytes()


def test_kernels_agree_with_two_references() -> None:
    hyps, ref_a, ref_b = wmt21_de_en()
    with kernels.forced("numba"):
        compiled = _stats({"lowercase": True}, hyps, [ref_a, ref_b])
    with kernels.forced("python"):
        python = _stats({"lowercase": True}, hyps, [ref_a, ref_b])
    assert compiled.tobytes() == python.tobytes()


def test_python_kernel_matches_documented_example(python_kernel: None) -> None:
    m = mtmetrics.load_metric("hlepor", impl="hlepor-pypi", lowercase=True)
    ref = "It is a guide to action that ensures that the military will forever heed Party commands"
    hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
    assert round(m.sentence_score(hyp, [ref]).score, 4) == 0.7842
