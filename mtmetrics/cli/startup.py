"""What the ``mtmetrics`` process does before its command runs: defer heavy imports, spare BLAS threads.

* **Deferred imports.** numpy and sacrebleu are imported lazily in the command's process
  (:class:`_Deferred`): ``import numpy`` binds a module whose code runs at the first use of one
  of its attributes. ``mtmetrics --help`` and ``mtmetrics list`` read every
  metric's declarations but compute nothing, so they never execute either package; a command
  that scores executes them at its first computation, exactly as an eager import would.
* **BLAS threads.** numpy's BLAS (OpenBLAS, or MKL) starts a pool of threads when numpy loads,
  about 0.1 s of CPU on a small machine. Scoring and listing do no linear algebra, so for those
  commands ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` are set to 1 in
  this process (and so in its ``-j`` workers), before numpy loads, unless the user set any of
  them. Other commands (``meta``, plugins' commands) keep the library's default.

The Python API does neither: ``import mtmetrics`` changes no import machinery and no environment.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Iterable
from types import ModuleType
from typing import Any

#: packages whose code runs at first use in the command's process
DEFERRED = ("numpy", "sacrebleu")
#: the thread-count variables of OpenBLAS, OpenMP and MKL
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
#: the core commands that do no linear algebra
BLAS_FREE_COMMANDS = frozenset({"score", "list"})


class _Deferred(ModuleType):
    """A module whose code runs at the first access to anything but its ``__spec__``.

    The import system reads ``__spec__`` of a module already in :data:`sys.modules` whenever an
    ``import`` statement names it, so answering that without loading is what lets ``import numpy``
    in many modules stay free (:class:`importlib.util.LazyLoader` loads on any attribute).
    """

    def __getattribute__(self, attr: str) -> Any:
        spec = object.__getattribute__(self, "__spec__")
        if attr == "__spec__":
            return spec
        with _loading:
            if type(self) is _Deferred:  # not loaded by another thread meanwhile
                object.__setattr__(self, "__class__", ModuleType)
                spec._initializing = True
                try:
                    spec.loader.exec_module(self)
                except BaseException:
                    sys.modules.pop(spec.name, None)  # as a failed eager import leaves it
                    raise
                finally:
                    spec._initializing = False
        return getattr(self, attr)


_loading = threading.RLock()


def defer_imports(names: Iterable[str] = DEFERRED) -> None:
    """Make ``import NAME`` bind a module that executes at first use (for modules not imported yet)."""
    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            continue  # not installed: the import fails where it is written, as usual
        module = importlib.util.module_from_spec(spec)
        module.__class__ = _Deferred
        sys.modules[name] = module


def executed(name: str) -> bool:
    """Whether module ``name`` has run its code in this process (a deferred one that is unused has not)."""
    module = sys.modules.get(name)
    return module is not None and type(module) is ModuleType


def spare_blas_threads(command: str) -> None:
    """One BLAS thread for ``command`` if it does no linear algebra, numpy is not loaded and the user set none."""
    if command not in BLAS_FREE_COMMANDS or executed("numpy"):
        return
    if any(variable in os.environ for variable in BLAS_THREAD_VARIABLES):
        return
    for variable in BLAS_THREAD_VARIABLES:
        os.environ[variable] = "1"
