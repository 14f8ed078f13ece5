"""``-f json --json-style sacrebleu``: sacrebleu 2.6's JSON, for scripts written against it.

One system: sacrebleu's ``Score.format(is_json=True)`` object per metric (a list for several;
sorted by name, or in ``-m`` order in a paired test), the score rounded to ``-w`` (default 1).
Several systems: sacrebleu's table as a list of ``{"system", "<metric>": "<score>"}``, or result
objects in a test. The signature fields are mtmetrics'; a non-finite score is ``null``.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..jsonsafe import json_safe, strict_json
from .output import Scored

#: sacrebleu's default number of decimals (its ``-w``)
SACREBLEU_WIDTH = 1


def single_object(s: Scored, width: int) -> dict[str, Any]:
    """sacrebleu's ``Score.format(is_json=True)`` object for one metric's result."""
    fields = s.result.signature.fields
    signature = "|".join(f.format() for f in fields)
    doc: dict[str, Any] = {"name": s.result.name, "score": float(f"{s.result.score:.{width}f}"), "signature": signature}
    if s.interval is not None and s.interval.mean > 0:
        mean, half = f"{s.interval.mean:.{width}f}", f"{s.interval.halfwidth:.{width}f}"
        doc.update(confidence_mean=float(mean), confidence_var=float(half), confidence=f"μ = {mean} ± {half}")
    if s.result.verbose:
        doc["verbose_score"] = s.result.verbose
    return doc | {f.key: f.value for f in fields}


def _table_value(s: Scored, width: int) -> Any:
    """A cell of sacrebleu's multi-system table: the score as a string, or a result object in a test."""
    if s.comparison is None and s.interval is None and not s.baseline:
        return f"{s.result.score:.{width}f}"
    mean, ci = (None, None) if s.interval is None else (s.interval.mean, s.interval.halfwidth)
    return {
        "score": s.result.score,
        "p_value": None if s.comparison is None else s.comparison.p_value,
        "mean": mean,
        "ci": ci,
    }


def render_sacrebleu_json(scored: list[Scored], width: int | None, out: TextIO) -> None:
    """Write ``scored`` as sacrebleu 2.6's ``-f json`` would (see the module docstring); a number
    that is not finite is ``null``."""
    w = SACREBLEU_WIDTH if width is None else width
    paired = any(s.comparison is not None or s.baseline for s in scored)
    # sacrebleu scores its metrics sorted by name, except in a paired test (there in -m order)
    ordered = scored if paired else sorted(scored, key=lambda s: s.result.metric)
    systems = list(dict.fromkeys(s.system for s in scored))
    if len(systems) == 1:
        objects = [strict_json(single_object(s, w), indent=1) for s in ordered]
        out.write((objects[0] if len(objects) == 1 else "[\n" + ",\n".join(objects) + "\n]") + "\n")
        return
    rows = []
    for system in systems:
        mine = [s for s in ordered if s.system == system]
        rows.append({"system": mine[0].label, **{s.result.name: _table_value(s, w) for s in mine}})
    out.write(json.dumps(json_safe(rows), indent=4, allow_nan=False) + "\n")
