"""``-f json --json-style sacrebleu``: sacrebleu 2.6's JSON, for scripts written against it.

One system: sacrebleu's ``Score.format(is_json=True)`` object per metric (a list for several;
sorted by name, or in ``-m`` order in a paired test), the score rounded to ``-w`` (default 1).
Several systems: sacrebleu's table as a list of ``{"system", "<metric>": "<score>"}``, or result
objects in a test. The signature fields are mtmetrics'; a non-finite score is ``null``.
"""

from __future__ import annotations

import json
import math
from typing import Any, TextIO

from .output import Scored

#: sacrebleu's default number of decimals (its ``-w``)
SACREBLEU_WIDTH = 1


def _finite(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


def _rounded(value: float, width: int) -> float | None:
    return _finite(float(f"{value:.{width}f}")) if math.isfinite(value) else None


def single_object(s: Scored, width: int) -> dict[str, Any]:
    """sacrebleu's ``Score.format(is_json=True)`` object for one metric's result."""
    fields = s.result.signature.fields
    signature = "|".join(f.format() for f in fields)
    doc: dict[str, Any] = {"name": s.result.name, "score": _rounded(s.result.score, width), "signature": signature}
    interval = s.interval
    if interval is not None and interval.mean > 0:
        mean, half = f"{interval.mean:.{width}f}", f"{interval.halfwidth:.{width}f}"
        doc.update(
            confidence_mean=_finite(float(mean)),
            confidence_var=_finite(float(half)),
            confidence=f"μ = {mean} ± {half}",
        )
    if s.result.verbose:
        doc["verbose_score"] = s.result.verbose
    for f in fields:
        doc[f.key] = f.value
    return doc


def _table_value(s: Scored, width: int) -> Any:
    """A cell of sacrebleu's multi-system table: the score as a string, or a result object in a test."""
    if s.comparison is None and s.interval is None and not s.baseline:
        return f"{s.result.score:.{width}f}"
    return {
        "score": _finite(s.result.score),
        "p_value": None if s.comparison is None else _finite(s.comparison.p_value),
        "mean": None if s.interval is None else _finite(s.interval.mean),
        "ci": None if s.interval is None else _finite(s.interval.halfwidth),
    }


def render_sacrebleu_json(scored: list[Scored], width: int | None, out: TextIO) -> None:
    """Write ``scored`` as sacrebleu 2.6's ``-f json`` would (see the module docstring)."""
    w = SACREBLEU_WIDTH if width is None else width
    paired = any(s.comparison is not None or s.baseline for s in scored)
    # sacrebleu scores its metrics sorted by name, except in a paired test (there in -m order)
    ordered = scored if paired else sorted(scored, key=lambda s: s.result.metric)
    systems = list(dict.fromkeys(s.system for s in scored))
    if len(systems) == 1:
        objects = [json.dumps(single_object(s, w), indent=1, ensure_ascii=False, allow_nan=False) for s in ordered]
        out.write((objects[0] if len(objects) == 1 else "[\n" + ",\n".join(objects) + "\n]") + "\n")
        return
    rows = []
    for system in systems:
        mine = [s for s in ordered if s.system == system]
        row: dict[str, Any] = {"system": mine[0].label}
        for s in mine:
            row[s.result.name] = _table_value(s, w)
        rows.append(row)
    out.write(json.dumps(rows, indent=4, allow_nan=False) + "\n")
