"""Fixtures of the SIA tests: run metric-level tests under both alignment backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mtmetrics.resources import kernels
from mtmetrics_sia import align


@pytest.fixture(params=["python", "numba"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Force the pure-Python kernel or the numba one (numba is a test dependency) by MTMETRICS_KERNEL."""
    with kernels.forced(request.param):
        assert align.kernel() == request.param
        yield request.param
