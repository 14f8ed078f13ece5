"""Strict JSON for everything mtmetrics writes: a non-finite float is ``null`` (with a ``*_note``
saying why where it is a score), never ``NaN``/``Infinity``, which strict parsers reject.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import InputError


def finite_or_none(value: float) -> float | None:
    """``value`` as a float, or ``None`` when it is NaN or infinite."""
    x = float(value)
    return x if math.isfinite(x) else None


def undefined_note(value: float) -> str:
    """Why a score is written as ``null``: what the metric's formula gave instead of a number."""
    x = float(value)
    if math.isnan(x):
        return "undefined: the metric gave NaN (not a number, e.g. 0/0), which JSON cannot represent"
    sign = "+" if x > 0 else "-"
    return f"undefined: the metric gave {sign}Infinity (e.g. a division by zero), which JSON cannot represent"


def scores_with_notes(scores: dict[str, float]) -> tuple[dict[str, float | None], dict[str, str]]:
    """Scores by name with non-finite ones as ``None``, and a note for each of those."""
    values = {k: finite_or_none(v) for k, v in scores.items()}
    notes = {k: undefined_note(v) for k, v in scores.items() if values[k] is None}
    return values, notes


def json_safe(obj: Any) -> Any:
    """A copy of ``obj`` (dicts, lists, tuples, scalars) with every non-finite float replaced by ``None``."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    return obj


def strict_json(obj: Any, indent: int | None = None) -> str:
    """``obj`` as strict JSON text (UTF-8 characters kept); non-finite floats become ``null``."""
    return json.dumps(json_safe(obj), indent=indent, ensure_ascii=False, allow_nan=False)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def strict_loads(text: str | bytes, source: str) -> Any:
    """Parse a JSON file's text strictly: not JSON, ``NaN`` or ``Infinity``, bytes that are not
    UTF-8 or nesting too deep for the parser are an :class:`~mtmetrics.InputError` naming ``source``."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source} is not JSON ({exc.msg}, line {exc.lineno}).") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{source} is not UTF-8 (byte {exc.start}).") from None
    except ValueError as exc:
        raise InputError(f"{source} is not strict JSON ({exc}).") from None
    except RecursionError:
        raise InputError(f"{source} is not a model: its JSON is nested too deeply.") from None


def is_finite_number(value: Any) -> bool:
    """Whether a parsed JSON value is a finite number (booleans are not numbers here); an integer
    too large for a float (``1`` and 400 zeros) is not."""
    try:
        return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
    except OverflowError:
        return False
