"""The neural tests need the ``neural`` extra: without it they skip naming it, unless
``MTMETRICS_REQUIRE_NEURAL`` is set (a CI job that installs the extra), where its absence is an error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

EXTRA = "the neural tests need unbabel-comet and torch: pip install 'mtmetrics[neural]'"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip (or, with MTMETRICS_REQUIRE_NEURAL, fail) this folder's tests when the extra is missing."""
    from mtmetrics_neural import available

    if available():
        return
    if os.environ.get("MTMETRICS_REQUIRE_NEURAL"):
        raise pytest.UsageError(f"{EXTRA}; MTMETRICS_REQUIRE_NEURAL demands it")
    here = Path(__file__).parent
    for item in items:  # test_environment.py runs them in the environment that has the extra
        if here in Path(item.path).parents and Path(item.path).name != "test_environment.py":
            item.add_marker(pytest.mark.skip(reason=EXTRA))


@pytest.fixture(scope="session")
def offline() -> Iterator[None]:
    """No hub access: the libraries may only read local files."""
    import torch

    torch.set_num_threads(1)  # a two-layer model of width 32 gains nothing from threads, which spin under load
    saved = {k: os.environ.get(k) for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    os.environ.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def checkpoints(tmp_path_factory: pytest.TempPathFactory, offline: None) -> dict[str, Path]:
    """A tiny random-weight model folder per metric, built once for the session."""
    from mtmetrics_neural.tiny import tiny_checkpoint

    root = tmp_path_factory.mktemp("neural")
    kinds = {"comet": "regression_metric", "cometkiwi": "unified_metric_qe", "xcomet": "xcomet_metric"}
    return {name: tiny_checkpoint(root / name, kind) for name, kind in kinds.items()}
