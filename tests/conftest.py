"""Shared fixtures: plugin isolation between tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mtmetrics import plugins


@pytest.fixture(autouse=True)
def _fresh_plugins() -> Iterator[None]:
    """Each test starts and ends with a freshly loaded plugin manager."""
    plugins.reset()
    yield
    plugins._state.extra_disabled.clear()
    plugins.reset()
