"""rouge-score's own test suite, run against ``impl=rouge-score`` through :mod:`.rougescore_adapter`.

Every test method of the test modules installed with rouge-score (``rouge_scorer_test``,
``scoring_test``, ``tokenize_test``, ``tokenizers_test``) runs with rouge-score's names replaced by
the adapter's, so their inputs and expected values check mtmetrics' scores, tokens and LCS helpers.
``scoring_test`` keeps rouge-score's ``BootstrapAggregator`` (mtmetrics reports the mean, see
``test_rougescore.py``) and feeds it mtmetrics' per-segment scores. ``io_test`` is left out: it tests
rouge-score's file-reading command line, not the scores. Tests reading rouge-score's ``testdata``
(not installed with the package) need ``ROUGE_SCORE_TESTDATA``; without it they are skipped.
"""

from __future__ import annotations

import importlib
import unittest
from types import ModuleType

import pytest

from . import rougescore_adapter

MODULES = ("rouge_scorer_test", "scoring_test", "tokenize_test", "tokenizers_test")


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"rouge_score.{name}")


def _cases() -> list[tuple[str, str, str]]:
    """(module, class, method) of every test method of the modules."""
    out = []
    for name in MODULES:
        suite = unittest.defaultTestLoader.loadTestsFromModule(_module(name))
        stack: list[unittest.TestSuite | unittest.TestCase] = [suite]
        while stack:
            item = stack.pop()
            if isinstance(item, unittest.TestSuite):
                stack.extend(item)
            else:
                out.append((name, type(item).__name__, item._testMethodName))
    return sorted(out)


CASES = _cases()


def test_the_suite_is_rouge_scores_forty() -> None:
    """All of it is collected (a failed import would silently shrink the list)."""
    assert len(CASES) >= 40


@pytest.mark.parametrize(("module", "cls", "method"), CASES, ids=[f"{c}.{m}" for _, c, m in CASES])
def test_rouge_score_case(module: str, cls: str, method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    mod = _module(module)
    rougescore_adapter.patch(mod, monkeypatch)
    getattr(mod, cls)(method).debug()  # setUp, the test and tearDown, raising (or skipping) as they do
