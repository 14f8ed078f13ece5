"""Paths to the real data in ../shared beside the repository, and a reader for it.

Tests that read ../shared are marked ``data`` (tests/conftest.py finds them, see
:func:`reads_shared`). Without ../shared they are skipped with a reason naming it; with the
environment variable ``CI`` or ``MTMETRICS_REQUIRE_DATA`` set, a missing ../shared stops the run
instead, so CI can never pass by skipping them.
"""

from __future__ import annotations

import ast
import gzip
import os
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
WMT21 = DATA / "test" / "wmt21-news"
WMT17 = DATA / "dev" / "wmt17-da"

#: environment variables that make a missing ../shared an error rather than a reason to skip
REQUIRE_DATA_VARIABLES = ("CI", "MTMETRICS_REQUIRE_DATA")

#: the names of this module that lead to ../shared (ROOT and read_text do not)
SHARED_NAMES = frozenset({"SHARED", "DATA", "WMT21", "WMT17", "require", "wmt21_corpus"})


def read_text(path: Path) -> list[str]:
    """Lines of a (possibly gzipped) UTF-8 file."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return fh.read().split("\n")[:-1]


@cache
def wmt21_corpus(pair: str, system: str, labels: str, n: int) -> tuple[list[str], list[list[str]]]:
    """The first n raw lines of a WMT21 system output and of its references ``labels`` (e.g. "AB")."""
    txt, tgt = WMT21 / "txt", pair.split("-")[1]
    hyps = read_text(require(txt / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz"))[:n]
    refs = [read_text(require(txt / "references" / f"newstest2021.{pair}.ref.{k}.{tgt}"))[:n] for k in labels]
    return hyps, refs


def data_required() -> bool:
    """Whether the environment demands ../shared (CI, or ``MTMETRICS_REQUIRE_DATA`` set non-empty)."""
    return any(os.environ.get(name) for name in REQUIRE_DATA_VARIABLES)


def missing_shared_reason(shared: Path = SHARED) -> str:
    """The skip reason (or error) when ``shared`` is absent."""
    return f"../shared is absent ({shared}): the real WMT data and NLTK data tests read live there"


def require(path: Path, shared: Path = SHARED) -> Path:
    """``path`` inside ../shared, which must exist.

    Without ../shared at all the calling test (or module) is skipped, naming ../shared — unless
    :func:`data_required`, when that is an error. With ../shared present a missing file is always
    an error: the data is incomplete, and skipping would hide it.
    """
    if not shared.is_dir() and not data_required():
        pytest.skip(missing_shared_reason(shared), allow_module_level=True)
    assert path.exists(), f"missing test data {path}: clone the repository next to ../shared"
    return path


def _module_name(path: Path) -> tuple[str, ...]:
    """The dotted name of a file under the repository root, as parts (a package's ``__init__`` is the package)."""
    parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def _imported_names(path: Path) -> tuple[set[str], set[str]]:
    """Names imported from tests.datapaths and the other ``tests.*`` modules imported, anywhere in the
    file (function-local imports too), with relative imports resolved.
    """
    own = _module_name(path)
    package = own if path.name == "__init__.py" else own[:-1]
    names: set[str] = set()
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join((*base, *(node.module.split(".") if node.module else ())))
            if module == "tests.datapaths":
                names.update(alias.name for alias in node.names)
            elif module.startswith("tests.") or module == "tests":
                modules.add(module)
                modules.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            modules.update(a.name for a in node.names if a.name.startswith("tests."))
    if "tests.datapaths" in modules:
        names.update(SHARED_NAMES)
        modules.discard("tests.datapaths")
    return names, modules


@cache
def reads_shared(path: Path) -> bool:
    """Whether the Python file ``path`` reads ../shared: it imports a name leading there from this module
    (at module level or inside a function), or imports a ``tests.*`` helper module that does.
    """
    names, modules = _imported_names(path)
    if names & SHARED_NAMES:
        return True
    for module in sorted(modules):
        base = ROOT.joinpath(*module.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file() and reads_shared(candidate):
                return True
    return False
