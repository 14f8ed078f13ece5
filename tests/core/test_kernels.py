"""One switch for twin kernels: MTMETRICS_KERNEL=auto|python|numba (mtmetrics.resources.kernels)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from mtmetrics import ParameterError, ResourceError
from mtmetrics.resources import kernels
from mtmetrics_baselines import _meteor_align
from mtmetrics_classic import ter_kernel
from mtmetrics_hlepor import batch
from mtmetrics_sia import align

#: The kernel() of every metric with twin kernels: SIA, hLEPOR, METEOR's search, TER.
KERNELS = (align.kernel, batch.kernel, _meteor_align.kernel, ter_kernel.kernel)


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in (kernels.ENV, *kernels.RETIRED):
        monkeypatch.delenv(var, raising=False)
    kernels.reset()
    yield
    kernels.reset()


def _ok(module: ModuleType) -> None:
    return None


def _broken(module: ModuleType) -> None:
    raise RuntimeError("does not compile")


def test_one_switch_for_every_twin_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    import numba  # noqa: F401  (a test dependency)

    assert {k() for k in KERNELS} == {"numba"}  # auto
    monkeypatch.setenv(kernels.ENV, "python")
    kernels.reset()
    assert {k() for k in KERNELS} == {"python"}
    monkeypatch.setenv(kernels.ENV, "NUMBA")
    kernels.reset()
    assert {k() for k in KERNELS} == {"numba"}


def test_read_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernels.ENV, "python")
    assert kernels.choice() == "python"
    monkeypatch.setenv(kernels.ENV, "numba")
    assert kernels.choice() == "python"
    kernels.reset()
    assert kernels.choice() == "numba"


def test_bad_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernels.ENV, "fast")
    with pytest.raises(ParameterError, match="auto, python, numba"):
        kernels.choice()


def test_missing_numba_module(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = "mtmetrics_no_such_kernel_module"
    assert kernels.load(missing, _ok, "demo") is None  # auto: Python
    monkeypatch.setenv(kernels.ENV, "numba")
    kernels.reset()
    with pytest.raises(ResourceError, match=r"pip install 'mtmetrics\[fast\]'") as info:
        kernels.load(missing, _ok, "demo")
    assert "demo" in str(info.value)


def test_python_never_loads_the_compiled_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernels.ENV, "python")
    calls: list[ModuleType] = []
    assert kernels.load("mtmetrics_hlepor._numba", calls.append, "hlepor") is None
    assert calls == []
    assert kernels.requested() == {"hlepor"}


def test_unusable_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.warns(UserWarning, match="demo: numba kernel unusable"):
        assert kernels.load("mtmetrics_hlepor._numba", _broken, "demo") is None
    monkeypatch.setenv(kernels.ENV, "numba")
    kernels.reset()
    with pytest.raises(ResourceError, match=r"demo's compiled kernel cannot be loaded: .*does not compile"):
        kernels.load("mtmetrics_hlepor._numba", _broken, "demo")


def test_kernel_module_failing_at_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba raises RuntimeError at import when no cache directory is writable for a cached kernel:
    ``auto`` warns and scores with Python, ``numba`` refuses with the fix."""
    (tmp_path / "mtmetrics_uncacheable_kernel.py").write_text(
        "raise RuntimeError(\"cannot cache function 'f': no locator available for file 'k.py'\")\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(UserWarning, match=r"demo: numba kernel unusable \(cannot cache function"):
        assert kernels.load("mtmetrics_uncacheable_kernel", _ok, "demo") is None
    monkeypatch.setenv(kernels.ENV, "numba")
    kernels.reset()
    with pytest.raises(ResourceError, match="set NUMBA_CACHE_DIR to a writable directory"):
        kernels.load("mtmetrics_uncacheable_kernel", _ok, "demo")


@pytest.mark.parametrize("old", kernels.RETIRED)
def test_retired_variables_are_named(old: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(old, "python")
    with pytest.warns(UserWarning, match=f"{old} is not read by mtmetrics; set MTMETRICS_KERNEL"):
        assert kernels.choice() == "auto"


def test_forced_restores_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernels.ENV, "numba")
    with kernels.forced("python"):
        assert kernels.choice() == "python"
    assert kernels.choice() == "numba"
