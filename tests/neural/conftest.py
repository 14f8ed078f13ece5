"""The neural tests need the ``neural`` extra: without it they skip naming it, unless
``MTMETRICS_REQUIRE_NEURAL`` is set (a CI job that installs the extra), where its absence is an error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

#: the MetricX metrics, all scored on the same tiny checkpoint
METRICX = ("metricx", "metricxqe", "metricx23", "metricx23qe")
EXTRA = "the neural tests need {}: pip install 'mtmetrics[neural,metricx]'"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip (or, with MTMETRICS_REQUIRE_NEURAL, fail) this folder's tests when the extra is missing."""
    from mtmetrics_neural import missing

    if not missing():
        return
    reason = EXTRA.format(", ".join(missing()))
    if os.environ.get("MTMETRICS_REQUIRE_NEURAL"):
        raise pytest.UsageError(f"{reason}; MTMETRICS_REQUIRE_NEURAL demands it")
    here = Path(__file__).parent
    for item in items:  # test_environment.py runs them in the environment that has the extra
        if here in Path(item.path).parents and Path(item.path).name != "test_environment.py":
            item.add_marker(pytest.mark.skip(reason=reason))


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
    from mtmetrics_neural.tiny import tiny_bleurt, tiny_checkpoint, tiny_metricx

    root = tmp_path_factory.mktemp("neural")
    kinds = {"comet": "regression_metric", "cometkiwi": "unified_metric_qe", "xcomet": "xcomet_metric"}
    folders = {name: tiny_checkpoint(root / name, kind) for name, kind in kinds.items()}
    metricx = tiny_metricx(root / "metricx")  # one checkpoint: the four metrics differ in their inputs
    return folders | {"bleurt": tiny_bleurt(root / "bleurt")} | dict.fromkeys(METRICX, metricx)
