"""What the ``mtmetrics`` process (never the library) does before its command runs.

* :func:`defer_imports`: numpy and sacrebleu run their code at first use, so ``--help`` and ``list``
  never execute them.
* :func:`spare_blas_threads`: ``score`` and ``list`` do no linear algebra, ``analyze`` small products only,
  so BLAS starts one thread (saving 0.1 s of CPU, and the sync of a pool) unless the user set its variables.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

#: packages whose code runs at first use in the command's process
DEFERRED = ("numpy", "sacrebleu")
#: the thread-count variables of OpenBLAS, OpenMP and MKL
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
#: the commands whose linear algebra, if any, is small products: one thread does them fastest
BLAS_FREE_COMMANDS = frozenset({"score", "list", "analyze"})


def defer_imports(names: Iterable[str] = DEFERRED) -> None:
    """Make ``import NAME`` bind a module whose ``__getattr__`` (PEP 562) runs its code at the first access."""
    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            continue  # not installed: the import fails where it is written, as usual
        module = importlib.util.module_from_spec(spec)
        hidden: dict[str, Any] = {
            k: module.__dict__.pop(k) for k in ("__path__", "__file__", "__cached__") if k in module.__dict__
        }
        module.__getattr__ = _runner(module, hidden)  # type: ignore[method-assign]
        _waiting.add(name)
        sys.modules[name] = module


def _runner(module: ModuleType, hidden: dict[str, Any]) -> Callable[[str], Any]:
    def run(attr: str) -> Any:
        spec = module.__spec__
        assert spec is not None and spec.loader is not None
        with _loading:
            if vars(module).get("__getattr__") is run:  # not run by another thread meanwhile
                del module.__getattr__
                module.__dict__.update(hidden)
                _waiting.discard(spec.name)
                spec._initializing = True  # type: ignore[attr-defined]
                try:
                    spec.loader.exec_module(module)
                except BaseException:
                    sys.modules.pop(spec.name, None)  # as a failed eager import leaves it
                    raise
                finally:
                    spec._initializing = False  # type: ignore[attr-defined]
        return getattr(module, attr)

    return run


_loading = threading.RLock()
#: deferred modules whose code has not run yet
_waiting: set[str] = set()


def executed(name: str) -> bool:
    """Whether module ``name`` has run its code in this process (a deferred one that is unused has not)."""
    return name in sys.modules and name not in _waiting


def spare_blas_threads(command: str) -> None:
    """One BLAS thread for ``command`` if it does little linear algebra, numpy is not loaded and the user set none."""
    if command not in BLAS_FREE_COMMANDS or executed("numpy"):
        return
    if any(variable in os.environ for variable in BLAS_THREAD_VARIABLES):
        return
    for variable in BLAS_THREAD_VARIABLES:
        os.environ[variable] = "1"
