"""The layers of the core, checked on the source: every import, anywhere in a module, runs down.

Each module of ``mtmetrics/`` belongs to one layer of :data:`LAYERS`, lowest first; a module
imports only modules of its own layer or of lower ones, and no import closes a circle. Imports are
read with ``ast``: module-level, function-local and ``TYPE_CHECKING`` ones alike. Besides:

* every road scores through the engine's one entry point (:func:`mtmetrics.engine.scoring.run`):
  a metric's statistics are computed in one place (``score_chunk``), called by ``run`` and only by
  ``sentence_score``'s one-segment fast path besides;
* ``api.py`` holds the :class:`~mtmetrics.api.Scorer` only; ``stats/`` never scores text;
* no road keeps worker state in module globals (the engine's pool hands a run's shared state to
  its workers);
* there is no service locator: nothing installs functions into the protocol module at import.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mtmetrics"

#: the layers, lowest first: a module's layer is that of the longest prefix of its name listed
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundations",
        (
            "errors",
            "params",
            "signature",
            "result",
            "jsonsafe",
            "version",
            "texttables",
            "resources",  # the package and the resources the protocol and the readers use
            "resources.tokenizers",
            "resources.kernels",
            "resources.ngrams",
            "resources.stemmer",
            "resources.wordnet",
        ),
    ),
    # numerics only: vectors in, numbers out (the tests on a metric's statistics are the engine's)
    ("statistics", ("stats",)),
    ("protocol", ("metric",)),
    ("readers", ("io", "resources.taggers", "resources.similarity", "resources.lid")),
    # the hook specifications name the readers' types (a plugin's line decoder, a table)
    ("registry", ("plugins", "hookspecs")),
    ("engine", ("engine",)),
    # signature_parse: a signature read back builds the metric through the engine's gate
    ("roads", ("api", "dask", "signature_parse")),
    # "": the package itself, the facade over all of it; compat: sacrebleu's classes, on load_metric
    ("front", ("cli", "testing", "compat", "__main__", "")),
)


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of ``module`` (a name relative to the package, ``""`` for it)."""
    best = max(
        ((len(prefix), i) for i, (_, prefixes) in enumerate(LAYERS) for prefix in prefixes
         if module == prefix or (prefix and module.startswith(prefix + "."))),
        default=None,
    )  # fmt: skip
    assert best is not None, f"mtmetrics.{module} is in no layer: add it to LAYERS"
    return best[1]


@cache
def imports(module: str) -> frozenset[str]:
    """The core modules ``module`` imports, anywhere in it (``from X import m`` of a submodule: ``X.m``)."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out: set[str] = set()

    def add(name: str) -> None:  # the longest core module that ``name`` (relative) starts with
        parts = name.split(".")
        while parts and ".".join(parts) not in MODULES:
            parts.pop()
        out.add(".".join(parts))

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            elif node.module and (node.module == "mtmetrics" or node.module.startswith("mtmetrics.")):
                target = node.module.removeprefix("mtmetrics").lstrip(".")
            else:
                continue
            names = [f"{target}.{a.name}".lstrip(".") for a in node.names]
            subs = [n for n in names if n in MODULES]
            for sub in subs:
                out.add(sub)
            if len(subs) < len(names):
                add(target)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "mtmetrics" or alias.name.startswith("mtmetrics."):
                    add(alias.name.removeprefix("mtmetrics").lstrip("."))
    out.discard(module)
    return frozenset(out)


@pytest.mark.parametrize("module", list(MODULES))
def test_imports_run_down_the_layers(module: str) -> None:
    mine = layer_of(module)
    upward = {m: LAYERS[layer_of(m)][0] for m in imports(module) if layer_of(m) > mine}
    assert not upward, f"mtmetrics.{module} ({LAYERS[mine][0]}) imports from higher layers: {upward}"


def test_no_import_circle() -> None:
    """No module reaches itself through imports (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in imports(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in MODULES:
        if module not in index:
            visit(module)
    assert not circles, f"import circles: {circles}"


def _calls(module: str, name: str) -> int:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    return sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "attr", None) == name or getattr(node.func, "id", None) == name)
    )


def test_one_entry_point_into_scoring() -> None:
    """Statistics are computed in ``score_chunk`` alone; ``run`` and ``sentence_score``'s fast path call it."""
    computes = {m for m in MODULES if _calls(m, "corpus_statistics")}
    assert computes == {"engine.scoring"}
    assert {m for m in MODULES if _calls(m, "score_chunk")} == {"engine.scoring", "api"}
    assert _calls("api", "score_chunk") == 1
    assert not {m for m in MODULES if m.startswith("stats") and imports(m) & {"engine.scoring", "engine.tables"}}


def test_api_holds_the_scorer_only() -> None:
    tree = ast.parse(MODULES["api"].read_text(encoding="utf-8"))
    public = {
        node.name
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_")
    }
    assert public == {"Scorer"}


def test_no_worker_state_in_module_globals() -> None:
    """Only the engine's pool keeps what a worker's tasks share (set once, in the worker)."""
    holders = {
        m
        for m in MODULES
        for node in ast.walk(ast.parse(MODULES[m].read_text(encoding="utf-8")))
        if isinstance(node, ast.Global) and m != "resources.kernels"  # the kernel choice: not worker state
    }
    assert holders == {"engine.pool", "engine.scoring"}  # the shared state; the gc freeze's depth


def test_no_service_locator() -> None:
    import mtmetrics.metric

    assert not hasattr(mtmetrics.metric, "SERVICES") and not hasattr(mtmetrics, "_wire")
