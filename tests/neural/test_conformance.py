"""The conformance suite (:data:`mtmetrics.testing.CHECKS`) for every neural metric, on its tiny
random-weight checkpoint: what every other metric passes in ``tests/test_conformance.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mtmetrics import Metric, plugins
from mtmetrics.testing import CHECKS, Corpus, default_corpus

from .conftest import METRICX

NAMES = ("comet", "cometkiwi", "xcomet", "bleurt", *METRICX)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", NAMES)
def test_conformance(name: str, check: Callable[[type[Metric], Corpus], None], checkpoints: dict[str, Path]) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    corpus = default_corpus()
    check(cls, Corpus(corpus.hyps, corpus.refs, corpus.sources, {"model": str(checkpoints[name])}))
