"""The layers of the core, checked on the source: the protocol and the engine stay below the CLI.

* the protocol module (``mtmetrics/metric.py``) imports neither the plugin registry nor the
  engine, not even inside a function (the user API, ``mtmetrics/api.py``, calls them);
* the engine (``engine``, ``parallel``, ``streaming``, ``workers``, ``dask``), the user API and
  the readers (``io``) never import the command line;
* there is no service locator: nothing installs functions into the protocol module at import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mtmetrics"


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, as a dotted name relative to the package."""
    out: set[str] = set()
    here = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(here[: len(here) - node.level + 1])
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                out.add(target)
                out.update(f"{target}.{a.name}" for a in node.names)
            elif node.module:
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_protocol_imports_neither_registry_nor_engine() -> None:
    imported = _imports(PACKAGE / "metric.py")
    forbidden = {"mtmetrics.plugins", "mtmetrics.parallel", "mtmetrics.streaming", "mtmetrics.workers"}
    forbidden |= {"mtmetrics.dask", "mtmetrics.cli", "mtmetrics.engine"}
    assert not {m for m in imported if any(m == f or m.startswith(f + ".") for f in forbidden)}


@pytest.mark.parametrize("module", ["engine", "api.py", "parallel.py", "streaming.py", "workers.py", "dask.py", "io"])
def test_engine_and_readers_never_import_the_cli(module: str) -> None:
    path = PACKAGE / module
    for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
        assert not {m for m in _imports(file) if m.startswith("mtmetrics.cli")}, file


def test_no_service_locator() -> None:
    import mtmetrics.metric

    assert not hasattr(mtmetrics.metric, "SERVICES") and not hasattr(mtmetrics, "_wire")
