"""The conformance suite, run for every registered metric on the built-in corpus and on real data."""

from __future__ import annotations

import pytest

from mtmetrics import plugins
from mtmetrics.testing import CHECKS, Corpus, default_corpus, for_metric

from .datapaths import WMT21, read_text, require

METRICS = sorted(plugins.metric_registry())
plugins.reset()


def _real_corpus() -> Corpus:
    base = WMT21 / "txt"
    hyps = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:40]
    ref_a = read_text(base / "references" / "newstest2021.de-en.ref.A.en")[:40]
    ref_b = read_text(base / "references" / "newstest2021.de-en.ref.B.en")[:40]
    src = read_text(base / "sources" / "newstest2021.de-en.src.de")[:40]
    return Corpus(hyps, [ref_a, ref_b], src)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", METRICS)
def test_conformance_builtin_corpus(name: str, check, tmp_path) -> None:
    cls = plugins.metric_class(name)
    check(cls, for_metric(cls, default_corpus(), tmp_path))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", METRICS)
def test_conformance_real_data(name: str, check, tmp_path) -> None:
    cls = plugins.metric_class(name)
    check(cls, for_metric(cls, _real_corpus(), tmp_path))
