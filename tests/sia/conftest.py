"""Fixtures of the SIA tests: run metric-level tests under both alignment backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mtmetrics_sia import align


@pytest.fixture(params=["python", "numba"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Force the pure-Python kernel or the numba one (numba is a test dependency)."""
    if request.param == "python":
        monkeypatch.setattr(align, "_load_numba", lambda: None)
    else:
        from mtmetrics_sia import _numba

        monkeypatch.setattr(align, "_load_numba", lambda: _numba)
    yield request.param
