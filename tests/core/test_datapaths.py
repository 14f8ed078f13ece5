"""Tests that read ../shared are marked ``data``, skipped without it, and never skipped in CI.

tests.datapaths is imported by name (importlib), not with an import statement: that statement is
what marks a module ``data``, and these tests read nothing from ../shared.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

datapaths = importlib.import_module("tests.datapaths")
root_conftest = importlib.import_module("tests.conftest")
TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither CI nor MTMETRICS_REQUIRE_DATA set."""
    for name in datapaths.REQUIRE_DATA_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("no_ci")
def test_require_skips_naming_shared_when_it_is_absent(tmp_path: Path) -> None:
    absent = tmp_path / "shared"
    with pytest.raises(pytest.skip.Exception, match=r"\.\./shared is absent"):
        datapaths.require(absent / "data" / "x.txt", shared=absent)


@pytest.mark.parametrize("variable", ["CI", "MTMETRICS_REQUIRE_DATA"])
def test_require_fails_when_ci_demands_the_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    for name in datapaths.REQUIRE_DATA_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, "1")
    absent = tmp_path / "shared"
    with pytest.raises(AssertionError, match="missing test data"):
        datapaths.require(absent / "data" / "x.txt", shared=absent)


@pytest.mark.usefixtures("no_ci")
def test_require_fails_on_a_missing_file_inside_a_present_shared(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    with pytest.raises(AssertionError, match="missing test data"):
        datapaths.require(tmp_path / "shared" / "data" / "x.txt", shared=tmp_path / "shared")
    present = tmp_path / "shared" / "y.txt"
    present.write_text("y\n", encoding="utf-8")
    assert datapaths.require(present, shared=tmp_path / "shared") == present


def test_ci_without_shared_stops_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(root_conftest, "SHARED", tmp_path / "absent")
    for name in datapaths.REQUIRE_DATA_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    root_conftest.pytest_configure(pytest.Config.__new__(pytest.Config))  # no variable: no error
    monkeypatch.setenv("MTMETRICS_REQUIRE_DATA", "1")
    with pytest.raises(pytest.UsageError, match=r"\.\./shared is absent"):
        root_conftest.pytest_configure(pytest.Config.__new__(pytest.Config))


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("rouge/test_rouge155.py", True),  # relative import of a helper module that reads WMT text
        ("test_conformance.py", True),  # relative import of require
        ("sia/test_train.py", True),  # ..datapaths
        ("classic/test_ter_kernel.py", True),
        ("baselines/conftest.py", True),
        ("core/test_params_signature.py", False),
        ("test_lint.py", False),  # only ROOT
        ("core/test_datapaths.py", False),  # this module
    ],
)
def test_reads_shared_follows_imports(path: str, expected: bool) -> None:
    assert datapaths.reads_shared(TESTS / path) is expected


def test_this_module_is_not_marked_data(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("data") is None


def test_data_tests_are_marked() -> None:
    """Collecting a module that reads ../shared marks each of its tests ``data`` (and only those)."""
    args = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    modules = ["tests/classic/test_ter_kernel.py", "tests/core/test_params_signature.py"]
    marked = subprocess.run([*args, "-m", "data", *modules], cwd=TESTS.parent, capture_output=True, text=True)
    ids = [line for line in marked.stdout.splitlines() if "::" in line]
    assert ids and all(i.startswith(modules[0]) for i in ids), marked.stdout + marked.stderr
