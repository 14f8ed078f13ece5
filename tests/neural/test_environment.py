"""The neural tests in the environment that has the ``neural`` extra.

unbabel-comet requires numpy < 2, so the extra lives in its own virtual environment,
``.venv-neural`` beside ``.venv`` (the README's install command makes both). Run from the main
environment, this test runs ``tests/neural`` there with ``MTMETRICS_REQUIRE_NEURAL=1``, so the one
test command covers them; without that environment it is skipped naming the command that makes it,
and under CI (``MTMETRICS_REQUIRE_DATA``) its absence is an error.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtmetrics_neural import available
from tests import background

ROOT = Path(__file__).resolve().parents[2]
PYTHON = Path(os.environ.get("MTMETRICS_NEURAL_PYTHON", ROOT / ".venv-neural" / "bin" / "python"))
MAKE = "python3 -m venv .venv-neural && .venv-neural/bin/pip install -e '.[neural,metricx,test]'"


def _command() -> tuple[list[str], dict[str, str]]:
    """The neural tests in the neural environment; it imports its own editable install, never this one's path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"MTMETRICS_REQUIRE_NEURAL": "1"}
    return [str(PYTHON), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/neural"], env


def start_early(item: pytest.Item) -> None:
    """The neural run needs nothing from the other tests: it starts with the session (tests/background.py)."""
    if item.name == "test_the_neural_tests_pass_in_the_neural_environment" and not available() and PYTHON.exists():
        args, env = _command()
        background.start("neural", args, ROOT, env)


@pytest.mark.skipif(available(), reason="this environment has the neural extra: the neural tests run here directly")
def test_the_neural_tests_pass_in_the_neural_environment() -> None:
    if not PYTHON.exists():
        if os.environ.get("MTMETRICS_REQUIRE_DATA") or os.environ.get("CI"):
            pytest.fail(f"no neural environment at {PYTHON}; make it with: {MAKE}")
        pytest.skip(f"no neural environment at {PYTHON}; make it with: {MAKE}")
    args, env = _command()
    run = background.result("neural", args, ROOT, env, timeout=1800)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
