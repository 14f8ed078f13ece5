"""One switch for twin kernels (a fast one and Python, bit-identical): ``MTMETRICS_KERNEL`` is
``auto`` (the fast one if usable, else Python with a warning), ``python`` or ``numba``. :func:`load`
gives a plugin its fast module, or ``None`` for Python. The fast twin is a numba module for TER,
hLEPOR, SIA and METEOR, and numpy's sorts (:mod:`mtmetrics.resources.ngrams`, no compiler) for the
n-gram count of BLEU, chrF and NIST, which ``numba`` selects too.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

from mtmetrics.errors import ParameterError, ResourceError

ENV = "MTMETRICS_KERNEL"
CHOICES = ("auto", "python", "numba")
#: Per-metric kernel variables that mtmetrics does not read: one that is set is warned about, naming ENV.
RETIRED = ("MTMETRICS_SIA_BACKEND", "MTMETRICS_HLEPOR_KERNEL", "MTMETRICS_TER_KERNEL")

_choice: str | None = None
_loaded: dict[str, ModuleType | None] = {}
_requested: set[str] = set()


def choice() -> str:
    """The value of ``MTMETRICS_KERNEL`` (``auto`` when unset), read once per process."""
    global _choice
    if _choice is None:
        value = os.environ.get(ENV, "").strip().lower() or "auto"
        if value not in CHOICES:
            raise ParameterError(f"{ENV}={os.environ[ENV]!r}: use one of {', '.join(CHOICES)}.")
        for old in RETIRED:
            if old in os.environ:
                warnings.warn(
                    f"{old} is not read by mtmetrics; set {ENV}=python|numba|auto (one switch for every metric).",
                    stacklevel=2,
                )
        _choice = value
    return _choice


def reset() -> None:
    """Forget the choice and the loaded kernels (for tests that change ``MTMETRICS_KERNEL``)."""
    global _choice
    _choice = None
    _loaded.clear()
    _requested.clear()


def requested() -> frozenset[str]:
    """Names of the metrics that asked for a kernel since the last :func:`reset` (the conformance
    suite runs those under both kernels)."""
    return frozenset(_requested)


def numba_available() -> bool:
    """Whether numba can be imported (the ``fast`` extra is installed)."""
    return importlib.util.find_spec("numba") is not None


@contextmanager
def forced(value: str) -> Iterator[None]:
    """Run a block with ``MTMETRICS_KERNEL=value`` (for tests and benchmarks); restore it afterwards."""
    if value not in CHOICES:
        raise ValueError(f"{ENV}: {value!r} is not one of {CHOICES}")
    old = os.environ.get(ENV)
    os.environ[ENV] = value
    reset()
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = old
        reset()


def load(module: str, warmup: Callable[[ModuleType], object], metric: str) -> ModuleType | None:
    """The compiled kernel module ``module``, warmed up by ``warmup`` (failing early), or ``None`` for Python."""
    _requested.add(metric)
    if module in _loaded:
        return _loaded[module]
    how = choice()
    result: ModuleType | None = None
    if how != "python":
        try:
            result = importlib.import_module(module)
        except ImportError:
            if how == "numba":
                raise ResourceError(
                    f"{ENV}=numba but numba is not installed ({metric}'s compiled kernel). "
                    "Install it with: pip install 'mtmetrics[fast]'"
                ) from None
        except Exception as exc:  # e.g. numba finds no writable directory for a cached kernel
            _unusable(how, metric, exc)
        if result is not None:
            try:
                warmup(result)
            except Exception as exc:
                _unusable(how, metric, exc)
                result = None
    _loaded[module] = result
    return result


def _unusable(how: str, metric: str, exc: Exception) -> None:
    """A kernel that failed to import or to warm up: with ``numba`` an error naming the fixes, with
    ``auto`` a warning (the Python kernel takes over, same numbers)."""
    if how == "numba":
        raise ResourceError(
            f"{ENV}=numba but {metric}'s compiled kernel cannot be loaded: {exc}. If numba cannot write its "
            f"cache, set NUMBA_CACHE_DIR to a writable directory; or set {ENV}=python (the same numbers, slower)."
        ) from exc
    warnings.warn(f"{metric}: numba kernel unusable ({exc}); using the Python kernel", stacklevel=3)


def name(module: ModuleType | None) -> str:
    """``numba`` or ``python``: the name of a kernel :func:`load` returned."""
    return "python" if module is None else "numba"
