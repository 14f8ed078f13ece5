"""Plugins use only the public API and the core names no plugin.

Every module is parsed with :mod:`ast` (nothing is imported), so the rules hold for code paths the
tests never run (imports inside functions, ``importlib.import_module`` strings):

* no plugin package (``plugins/mtmetrics_*``) imports, or names as a module path, another plugin
  package: a metric of another plugin is obtained through ``mtmetrics.load_metric`` and a shared
  resource lives in the core (``mtmetrics.resources``);
* no core module (``mtmetrics/``) imports a plugin package, and only :data:`mtmetrics.plugins.
  BUILTIN_PLUGINS` names one;
* the core mentions no built-in metric name in its code: not as a string of its own (``"combo"``),
  nor as a ``-m`` spec (``combo:model=``, ``-m combo``), except where the built-ins are listed
  (:mod:`mtmetrics.plugins`). Docstrings and the help texts of command-line options are
  documentation for people and may give examples.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtmetrics import plugins
from tests.datapaths import ROOT

#: Keyword arguments (and attributes) whose strings are documentation (argparse help, descriptions, epilogs).
DOC_KEYWORDS = ("help", "description", "epilog", "usage")
#: The core modules allowed to name plugins and metrics: where the built-ins are listed, and
#: sacrebleu's Python API, whose classes (BLEU, CHRF, TER) are the built-in metrics by name, with
#: the package's list of the names it re-exports from there.
BUILTIN_LISTS = (Path("mtmetrics") / "plugins.py", Path("mtmetrics") / "compat.py", Path("mtmetrics") / "__init__.py")


def _modules(root: Path, folder: str) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted((root / folder).rglob("*.py")):
        if "build" in path.relative_to(root).parts:
            continue
        yield path.relative_to(root), ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imported(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """``(line, top-level package)`` of every absolute import, wherever it is in the module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def _code_strings(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every string constant that is neither a docstring nor a help text."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # attribute docstrings and other bare strings
        elif isinstance(node, ast.keyword) and (node.arg in DOC_KEYWORDS or str(node.arg).endswith("_help")):
            skip.update(id(n) for n in ast.walk(node.value))
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr in DOC_KEYWORDS for t in node.targets
        ):
            skip.update(id(n) for n in ast.walk(node.value))  # action.help = "..."
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node.lineno, node.value


def _plugin_packages(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "plugins").iterdir() if (p / "__init__.py").exists())


def _metric_patterns(names: list[str]) -> list[re.Pattern[str]]:
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return [
        re.compile(rf"^\s*({alt})\s*$", re.IGNORECASE),  # the name as a value of its own
        re.compile(rf"(?<![\w./-])({alt}):[a-z_-]+=", re.IGNORECASE),  # a spec with parameters
        re.compile(rf"(?<![\w-])-m\s+({alt})(?![\w-])", re.IGNORECASE),  # a -m option
    ]


def cross_plugin_imports(root: Path) -> list[str]:
    """Every import (or module-path string) of a plugin package by another plugin package."""
    packages = _plugin_packages(root)
    module_path = re.compile(rf"^({'|'.join(packages)})(\.|$)")
    out = []
    for rel, tree in _modules(root, "plugins"):
        own = rel.parts[1]
        for line, top in _imported(tree):
            if top in packages and top != own:
                out.append(f"{rel}:{line} imports {top}")
        for line, text in _code_strings(tree):
            m = module_path.match(text)
            if m and m.group(1) != own:
                out.append(f"{rel}:{line} names the module {text!r}")
    return out


def core_plugin_names(root: Path, metric_names: list[str]) -> list[str]:
    """Every core import of a plugin package and every plugin or metric name in the core's code."""
    packages = _plugin_packages(root)
    package_name = re.compile(rf"\b({'|'.join(packages)})\b")
    patterns = _metric_patterns(metric_names)
    out = []
    for rel, tree in _modules(root, "mtmetrics"):
        for line, top in _imported(tree):
            if top.startswith("mtmetrics_"):
                out.append(f"{rel}:{line} imports {top}")
        if rel in BUILTIN_LISTS:
            continue
        for line, text in _code_strings(tree):
            if package_name.search(text):
                out.append(f"{rel}:{line} names a plugin package: {text!r}")
            if any(p.search(text) for p in patterns):
                out.append(f"{rel}:{line} names a metric: {text!r}")
    return out


@pytest.fixture(scope="module")
def builtin_metric_names() -> list[str]:
    """The names of the metrics the built-in plugins register."""
    builtin = set(plugins.BUILTIN_PLUGINS)
    return [name for name, entry in plugins.REGISTRY.metric_registry().items() if entry.plugin.name in builtin]


def test_no_plugin_imports_another_plugin() -> None:
    assert cross_plugin_imports(ROOT) == []


def test_the_core_names_no_plugin(builtin_metric_names: list[str]) -> None:
    assert len(builtin_metric_names) >= 20
    assert core_plugin_names(ROOT, builtin_metric_names) == []


def test_the_checks_find_what_they_look_for(tmp_path: Path, builtin_metric_names: list[str]) -> None:
    """Each rule catches a violation planted in a copy-shaped tree (so the tests above can fail)."""
    (tmp_path / "plugins" / "mtmetrics_a").mkdir(parents=True)
    (tmp_path / "plugins" / "mtmetrics_b").mkdir(parents=True)
    (tmp_path / "mtmetrics" / "stats").mkdir(parents=True)
    (tmp_path / "plugins" / "mtmetrics_a" / "__init__.py").write_text(
        '"""A plugin."""\nfrom mtmetrics_a.x import y\nimport importlib\n\n\ndef f():\n'
        '    from mtmetrics_b.ter import Ter\n    return importlib.import_module("mtmetrics_b._nltk")\n',
        encoding="utf-8",
    )
    (tmp_path / "plugins" / "mtmetrics_b" / "__init__.py").write_text('"""Uses mtmetrics_a in prose."""\n')
    assert set(cross_plugin_imports(tmp_path)) == {
        "plugins/mtmetrics_a/__init__.py:7 imports mtmetrics_b",
        "plugins/mtmetrics_a/__init__.py:8 names the module 'mtmetrics_b._nltk'",
    }
    (tmp_path / "mtmetrics" / "stats" / "r.py").write_text(
        '"""Leaves out ``combo`` (prose is allowed)."""\nimport argparse\n\nEXCLUDED = ("combo",)\n'
        'p = argparse.ArgumentParser()\np.add_argument("-o", help="usable as -m combo:model=PATH")\n'
        'msg = f"score with: -m combo:model={p}"\nimport mtmetrics_b\nHINT = "-m chrf"\nn = "mtmetrics_a"\n'
        'ok = "one line per segment"\n',
        encoding="utf-8",
    )
    assert set(core_plugin_names(tmp_path, builtin_metric_names)) == {
        "mtmetrics/stats/r.py:8 imports mtmetrics_b",
        "mtmetrics/stats/r.py:4 names a metric: 'combo'",
        "mtmetrics/stats/r.py:7 names a metric: 'score with: -m combo:model='",
        "mtmetrics/stats/r.py:9 names a metric: '-m chrf'",
        "mtmetrics/stats/r.py:10 names a plugin package: 'mtmetrics_a'",
    }


def private_core_imports(root: Path) -> list[str]:
    """Every name a plugin imports from the core that the core keeps private (``_name``)."""
    out = []
    for rel, tree in _modules(root, "plugins"):
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            if node.module.split(".")[0] == "mtmetrics":
                out += [f"{rel}:{node.lineno} imports {node.module}.{a.name}" for a in node.names if a.name[0] == "_"]
    return out


def test_no_plugin_imports_a_private_core_name() -> None:
    assert private_core_imports(ROOT) == []
