"""Meta-evaluation: how well metrics agree with human judgments (docs/meta.md), on top of
:mod:`mtmetrics.stats`' numerics; the ``mtmetrics meta`` commands parse options, call it and print.
"""

from collections.abc import Mapping
from typing import Any


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
