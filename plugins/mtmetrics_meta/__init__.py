"""Built-in plugin: meta-evaluation, how well metrics agree with human judgments (docs/meta.md), on
:mod:`mtmetrics.stats`' numerics and the engine's table scoring (:mod:`mtmetrics.engine.tables`).

Registers the ``mtmetrics meta`` command group (:mod:`.cli`, imported only when it runs: it parses
options, calls this library and prints) and the ``combo`` metric (:mod:`.combo`), which scores with a
model that ``meta mct``/``meta regress -o`` learn (:mod:`.combination`). Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "combo": "mtmetrics_meta.combo:Combo",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Combo", "Record"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register combo by name: its module is imported when the metric is first used."""
    for name, target in METRICS.items():
        register(name, target)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics meta``; :mod:`.cli` is imported only when it runs."""
    register("meta", "meta-evaluation: correlate, compare, orange, mct, regress, report", f"{__name__}.cli")


class Record:
    """A typed record whose JSON object is its fields, in order, a field with a ``to_dict`` (or a
    tuple or mapping of them) as its object (the meta documents' parts)."""

    def to_dict(self) -> dict[str, Any]:
        """The fields by name, in declaration order."""
        return {k: _json(v) for k, v in self.__dict__.items()}


def _json(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_json(x) for x in v]
    if isinstance(v, Mapping):
        return {k: _json(x) for k, x in v.items()}
    return v.to_dict() if hasattr(v, "to_dict") else v
