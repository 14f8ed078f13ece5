"""Fixtures of the source-metric tests: the plugin registered (until it is a built-in) and helpers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mtmetrics_source
from mtmetrics import plugins


@pytest.fixture(autouse=True)
def _source_plugin(_fresh_plugins: None) -> Iterator[None]:
    """Register mtmetrics_source unless the plugin manager already loaded it as a built-in."""
    if not plugins.get_plugin_manager().has_plugin("mtmetrics_source"):
        plugins.register_plugin(mtmetrics_source, name="mtmetrics_source")
    yield
