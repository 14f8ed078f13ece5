"""Shared fixtures: plugin isolation between tests; the ``data`` marker and its CI guard."""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtmetrics import plugins
from tests import background
from tests.datapaths import SHARED, data_required, missing_shared_reason, reads_shared

# WordNet, VerbNet and the POS tagger for tests come from ../shared/nltk_data (as in .ci/run)
os.environ.setdefault("NLTK_DATA", str(SHARED / "nltk_data"))

TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    """CI (``CI`` or ``MTMETRICS_REQUIRE_DATA`` set) never runs without ../shared: stop at once."""
    if data_required() and not SHARED.is_dir():
        raise pytest.UsageError(f"{missing_shared_reason()}; CI / MTMETRICS_REQUIRE_DATA demand it")


def _sources(item: pytest.Item) -> Iterator[Path]:
    """The files an item's data may come from: its module, the conftests above it, its fixtures' modules."""
    path = Path(item.path).resolve()
    yield path
    for parent in path.parents:
        if parent == TESTS or TESTS not in parent.parents:
            break
        if (parent / "conftest.py").is_file():
            yield parent / "conftest.py"
    info = getattr(item, "_fixtureinfo", None)
    for defs in info.name2fixturedefs.values() if info else ():
        for fixturedef in defs:
            source = inspect.getsourcefile(fixturedef.func)
            if source:
                yield Path(source).resolve()


def _reads_shared(item: pytest.Item) -> bool:
    """Whether the item reads ../shared, judged from the files it comes from (the root conftest only sets NLTK_DATA)."""
    own = TESTS / "conftest.py"
    return any(p != own and p.suffix == ".py" and TESTS in p.parents and reads_shared(p) for p in _sources(item))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that reads ../shared with ``data`` (``-m "not data"`` runs the rest)."""
    for item in items:
        if _reads_shared(item):
            item.add_marker(pytest.mark.data)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Without ../shared (and outside CI, see pytest_configure) a ``data`` test is skipped, naming ../shared."""
    if item.get_closest_marker("data") is not None and not SHARED.is_dir():
        pytest.skip(missing_shared_reason())


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the external commands the selected tests only wait for (tests/background.py)."""
    if session.config.option.collectonly:
        return
    for item in session.items:
        start_early = getattr(getattr(item, "module", None), "start_early", None)
        if callable(start_early):
            start_early(item)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """End the commands whose tests did not run to collect them (``-x``, Ctrl-C)."""
    background.stop_all()


@pytest.fixture(autouse=True)
def _fresh_plugins() -> Iterator[None]:
    """Each test starts and ends with a freshly loaded plugin manager."""
    plugins.REGISTRY.reset()
    yield
    plugins.REGISTRY.extra_disabled.clear()
    plugins.REGISTRY.reset()
