"""The conformance suite, run for every registered metric on the built-in corpus and on real data."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mtmetrics import Metric, plugins
from mtmetrics.resources import kernels
from mtmetrics.testing import CHECKS, Corpus, default_corpus, for_metric, uses_kernels

from .datapaths import WMT21, read_text, require

Check = Callable[[type[Metric], Corpus], None]
METRICS = sorted(plugins.REGISTRY.metric_registry())
plugins.REGISTRY.reset()


def _real_corpus() -> Corpus:
    base = WMT21 / "txt"
    hyps = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:40]
    ref_a = read_text(base / "references" / "newstest2021.de-en.ref.A.en")[:40]
    ref_b = read_text(base / "references" / "newstest2021.de-en.ref.B.en")[:40]
    src = read_text(base / "sources" / "newstest2021.de-en.src.de")[:40]
    return Corpus(hyps, [ref_a, ref_b], src)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", METRICS)
def test_conformance_builtin_corpus(name: str, check: Check, tmp_path: Path) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    check(cls, for_metric(cls, default_corpus(), tmp_path))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", METRICS)
def test_conformance_real_data(name: str, check: Check, tmp_path: Path) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    check(cls, for_metric(cls, _real_corpus(), tmp_path))


@pytest.mark.parametrize("name", METRICS)
def test_conformance_python_kernel(name: str, tmp_path: Path) -> None:
    """Metrics with twin kernels pass every check with the Python kernel too (the runs above use
    ``MTMETRICS_KERNEL=auto``, i.e. numba, a test dependency); the others have nothing to switch."""
    cls = plugins.REGISTRY.metric_class(name)
    corpus = for_metric(cls, _real_corpus(), tmp_path)
    if not uses_kernels(cls, corpus):
        pytest.skip(f"{name} has one kernel")
    with kernels.forced("python"):
        for check in CHECKS:
            check(cls, corpus)
