"""Fixtures for the hLEPOR tests: NLTK data from ../shared/nltk_data, the hLepor package as an oracle."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.datapaths import SHARED, require

NLTK_DATA = SHARED / "nltk_data"


@pytest.fixture
def nltk_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """NLTK_DATA pointing at the shared NLTK resources (the English perceptron tagger model)."""
    path = str(require(NLTK_DATA / "taggers" / "averaged_perceptron_tagger_eng").parents[1])
    monkeypatch.setenv("NLTK_DATA", path)
    yield path


@pytest.fixture(scope="session")
def hlepor_pkg() -> Any:
    """The ``hLepor`` 0.0.4 package (test-only dependency), imported without its side effects.

    It imports nptyping only for type hints (annotations are never evaluated) and nptyping is
    broken under numpy 2, so a stub stands in when the real one cannot be imported; its module
    level ``nltk.download('punkt')`` is replaced by a no-op (tests never use its NLTK tokeniser).
    """
    try:
        import nptyping  # noqa: F401
    except Exception:
        sys.modules["nptyping"] = types.SimpleNamespace(NDArray=object)  # type: ignore[assignment]
    import nltk

    download: Callable[..., Any] = nltk.download
    nltk.download = lambda *a, **k: True
    try:
        module = importlib.import_module("hlepor.hlepor")
    finally:
        nltk.download = download
    return module
