"""Register the paraphrase plugin for these tests (until it is listed in BUILTIN_PLUGINS)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mtmetrics_paraphrase
from mtmetrics import plugins

NAME = "mtmetrics_paraphrase"


@pytest.fixture(autouse=True)
def _paraphrase_plugin() -> Iterator[None]:
    """Register the plugin unless the core already loads it; unregister afterwards."""
    registered = False
    if not any(info.name == NAME for info in plugins.plugins()):
        plugins.register_plugin(mtmetrics_paraphrase, name=NAME)
        registered = True
    yield
    if registered:
        plugins.unregister_plugin(NAME)
