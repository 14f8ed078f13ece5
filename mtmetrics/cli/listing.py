"""``mtmetrics list [--json]``: every metric, its parameters and defaults, and who provides it."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from .. import plugins
from ..engine import gate
from ..io.text import MAX_LINE_BYTES
from ..jsonsafe import strict_json
from .args import StrictArgumentParser


def describe_metrics() -> list[dict[str, Any]]:
    """A JSON-ready description of every registered metric."""
    out = []
    for name, entry in plugins.REGISTRY.metric_registry().items():
        cls: Any = entry.cls
        lo, hi = cls.score_range
        limit, unit, complexity = gate.default_limit(cls)
        out.append(
            {
                "name": name,
                "description": cls.description,
                "plugin": entry.plugin.name,
                "distribution": entry.plugin.distribution,
                "version": entry.plugin.version,
                "aggregation": cls.aggregation,
                "higher_is_better": cls.higher_is_better,
                "score_range": [lo, None if math.isinf(hi) else hi],
                "needs_source": cls.inputs.source,
                "annotations": list(cls.inputs.annotations),
                "max_segment_tokens": limit,
                "unit": unit,
                "complexity": complexity,
                "params": [
                    {
                        "name": p.name,
                        "flag": f"--{name}-{p.flag}",
                        "aliases": list(p.aliases),
                        "type": p.type.__name__,
                        "default": p.default,
                        "choices": list(p.choices) if p.choices else None,
                        "range": p.range_text,
                        "signature_key": p.sig_key,
                        "help": p.help,
                    }
                    for p in cls.params
                ],
            }
        )
    return out


def main(argv: Sequence[str]) -> int:
    """Print the metric list as text or JSON."""
    parser = StrictArgumentParser(prog="mtmetrics list", description="List metrics and their parameters.")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    ns = parser.parse_args(list(argv))
    metrics = describe_metrics()
    errors = plugins.REGISTRY.load_errors()
    if ns.json:
        doc = {
            "metrics": metrics,
            "plugins": [vars(p) | {} for p in plugins.REGISTRY.plugins()],
            "failed_plugins": [{"name": n, "error": e} for n, e in errors],
        }
        sys.stdout.write(strict_json(doc, indent=1) + "\n")
        return 0
    lines = []
    for m in metrics:
        direction = "" if m["higher_is_better"] else ", lower is better"
        lines.append(
            f"{m['name']}  [{m['plugin']} from {m['distribution']} {m['version']}; {m['aggregation']}{direction}]"
        )
        if m["description"]:
            lines.append(f"    {m['description']}")
        limit = m["max_segment_tokens"]
        tokens = (
            f"at most {limit:,} {m['unit']}" if limit else f"no limit (lines of at most {MAX_LINE_BYTES >> 20} MiB)"
        )
        lines.append(f"    segments: {tokens} with the defaults; cost {m['complexity']}")
        for p in m["params"]:
            choices = f" {{{','.join(map(str, p['choices']))}}}" if p["choices"] else ""
            choices += f" range {p['range']}" if p["range"] else ""
            flags = ", ".join([p["flag"], *p["aliases"]])
            lines.append(f"    {flags} ({p['type']}, default {p['default']}){choices}: {p['help']}")
    for name, err in errors:
        lines.append(f"FAILED plugin {name}: {err}")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
