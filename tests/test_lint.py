"""ruff (lint and format) and mypy are clean over the whole code base: part of the test suite."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import background
from tests.datapaths import ROOT

MYPY = [sys.executable, "-m", "mypy"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def start_early(item: pytest.Item) -> None:
    """mypy over the whole code base needs nothing from the other tests: it starts with the session."""
    if item.name == "test_mypy":
        background.start("mypy", MYPY, ROOT)


def test_ruff_check() -> None:
    proc = _run("ruff", "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format() -> None:
    proc = _run("ruff", "format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy() -> None:
    proc = background.result("mypy", MYPY, ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
