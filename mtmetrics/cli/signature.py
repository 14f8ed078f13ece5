"""``mtmetrics signature explain SIG`` and ``mtmetrics signature compare SIG1 SIG2``: a signature in
words (each field, the parameter it sets, its default, whether this installation reproduces it), and
the fields that make two signatures' scores incomparable. Read by :mod:`mtmetrics.signature_parse`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..jsonsafe import strict_json
from ..signature_parse import Reading, compare, explain, read
from .args import StrictArgumentParser


def _parser() -> StrictArgumentParser:
    parser = StrictArgumentParser(
        prog="mtmetrics signature",
        description="Explain a signature, or compare two. A sacrebleu signature goes after the metric's name: "
        "'bleu|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0'.",
        epilog="compare exits with status 1 when the scores are not comparable.",
    )
    sub = parser.add_subparsers(dest="action", required=True)
    for name, n, what in (("explain", 1, "each field in words"), ("compare", 2, "the fields that differ")):
        p = sub.add_parser(name, help=what, allow_abbrev=False)
        p.add_argument("signatures", nargs=n, metavar="SIG")
        p.add_argument("-f", "--format", choices=("text", "json"), default="text", help="output format")
    return parser


def _explain_text(reading: Reading, rows: list[dict[str, Any]]) -> list[str]:
    metric = reading.metric
    lines = [f"{metric.display_name}: metric '{type(metric).name}' ({type(metric).description})"]
    for row in rows:
        head = f"  {row['field']}:{row['value']}"
        if row["kind"] == "param":
            sets = ", ".join(f"{k}={v!r}" for k, v in row["params"].items())
            lines.append(f"{head}  sets {sets} (default {row['default']}): {row['description']}")
        elif row["kind"] == "installed":
            here = "reproduced here" if row["reproduced"] else f"NOT reproduced: installed {row['installed']}"
            lines.append(f"{head}  {row['key']}, {here}" + ("" if row["reproduced"] else f" ({row['description']})"))
        else:
            lines.append(f"{head}  {row['key']}: {row['description']}")
    differ = reading.mismatches()
    lines.append(
        "this installation reproduces it" if not differ else f"this installation differs in {len(differ)} field(s)"
    )
    return lines


def main(argv: Sequence[str]) -> int:
    """Run ``signature explain`` or ``signature compare``; returns the exit status (1: not comparable)."""
    ns = _parser().parse_args(list(argv))
    readings = [read(text) for text in ns.signatures]
    differ: list[tuple[str, str | None, str | None]] = []
    if ns.action == "explain":
        rows = explain(readings[0])
        doc: dict[str, Any] = {"metric": type(readings[0].metric).name, "fields": rows}
        doc["reproduced"] = not readings[0].mismatches()
        lines = _explain_text(readings[0], rows)
    else:
        differ = compare(*readings)
        doc = {"comparable": not differ, "differ": [{"field": k, "a": a, "b": b} for k, a, b in differ]}
        lines = ["not comparable:" if differ else "comparable"]
        lines += [f"  {k}: {'(absent)' if a is None else a} vs {'(absent)' if b is None else b}" for k, a, b in differ]
    sys.stdout.write((strict_json(doc, indent=1) if ns.format == "json" else "\n".join(lines)) + "\n")
    return 1 if differ else 0
