"""Shared fixtures: plugin isolation between tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from mtmetrics import plugins
from tests.datapaths import SHARED

# WordNet, VerbNet and the POS tagger for tests come from ../shared/nltk_data (as in .ci/run)
os.environ.setdefault("NLTK_DATA", str(SHARED / "nltk_data"))


@pytest.fixture(autouse=True)
def _fresh_plugins() -> Iterator[None]:
    """Each test starts and ends with a freshly loaded plugin manager."""
    plugins.reset()
    yield
    plugins._state.extra_disabled.clear()
    plugins.reset()
