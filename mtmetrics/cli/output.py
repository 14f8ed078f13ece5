"""Rendering scored systems as text, JSON, TSV or LaTeX.

JSON is lossless: numbers are full-precision floats (Python's shortest round-tripping repr),
never rounded strings, and every result carries its signature and parameters. The same input
always renders to the same bytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .. import __version__
from ..result import Result

FORMATS = ("text", "json", "tsv", "latex")


@dataclass(frozen=True)
class Scored:
    """One system scored by one metric, with optional per-segment results."""

    system: str
    spec: str
    result: Result
    segments: list[Result] | None = None
    #: default decimals: 2 for metrics on a 0-100 scale, 4 for 0-1 ones
    width: int = 4


def _width(scored: Scored, width: int | None) -> int:
    return scored.width if width is None else width


def render(scored: list[Scored], fmt: str, width: int | None, score_only: bool, short: bool) -> str:
    """The whole output as one string (computed before anything is written)."""
    if fmt == "json":
        return _json(scored, short)
    if fmt == "tsv":
        return _tsv(scored, short)
    if fmt == "latex":
        return _latex(scored, width, short)
    return _text(scored, width, score_only, short)


def _systems(scored: list[Scored]) -> list[str]:
    return list(dict.fromkeys(s.system for s in scored))


def _columns(scored: list[Scored]) -> list[str]:
    return list(dict.fromkeys(s.spec for s in scored))


def _header(s: Scored) -> str:
    arrow = "" if s.result.higher_is_better else " (lower is better)"
    return f"{s.result.name}{arrow}"


def _text(scored: list[Scored], width: int | None, score_only: bool, short: bool) -> str:
    lines: list[str] = []
    systems = _systems(scored)
    if len(systems) == 1 or score_only:
        for s in scored:
            w = _width(s, width)
            if s.segments is not None:
                for seg in s.segments:
                    lines.append(seg.format(w, score_only, short))
            if s.segments is None or not score_only:
                line = s.result.format(w, score_only, short)
                if not score_only and not s.result.higher_is_better:
                    line += " (lower is better)"
                lines.append(line)
        return "\n".join(lines) + "\n"
    # several systems: a table, then each metric's signature once
    cols = _columns(scored)
    by_key = {(s.system, s.spec): s for s in scored}
    first = {c: next(s for s in scored if s.spec == c) for c in cols}
    header = ["system", *(_header(first[c]) for c in cols)]
    rows = [header]
    for sys_name in systems:
        rows.append([sys_name, *(f"{by_key[sys_name, c].result.score:.{_width(first[c], width)}f}" for c in cols)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for k, row in enumerate(rows):
        lines.append(
            "  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row))
        )
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    lines.append("")
    for c in cols:
        lines.append(first[c].result.signature.format(short))
    for s in scored:
        if s.segments is not None:
            lines.append("")
            lines.append(f"# {s.system} {s.result.name}: segment scores")
            lines.extend(f"{seg.score:.{_width(s, width)}f}" for seg in s.segments)
    return "\n".join(lines) + "\n"


def _json(scored: list[Scored], short: bool) -> str:
    results = []
    for s in scored:
        entry = {"system": s.system, "spec": s.spec, **s.result.to_dict(short)}
        if s.segments is not None:
            entry["segment_scores"] = [float(seg.score) for seg in s.segments]
            entry["segment_sub_scores"] = [{k: float(v) for k, v in seg.sub_scores.items()} for seg in s.segments]
        results.append(entry)
    return json.dumps({"mtmetrics": __version__, "results": results}, indent=1, ensure_ascii=False) + "\n"


def _tsv(scored: list[Scored], short: bool) -> str:
    lines = []
    if any(s.segments is not None for s in scored):
        lines.append("system\tmetric\tsegment\tscore")
        for s in scored:
            if s.segments is not None:
                lines.extend(f"{s.system}\t{s.result.name}\t{i + 1}\t{seg.score!r}" for i, seg in enumerate(s.segments))
        return "\n".join(lines) + "\n"
    lines.append("system\tmetric\tscore\thigher_is_better\tsignature")
    for s in scored:
        hib = "yes" if s.result.higher_is_better else "no"
        lines.append(f"{s.system}\t{s.result.name}\t{s.result.score!r}\t{hib}\t{s.result.signature.format(short)}")
    return "\n".join(lines) + "\n"


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def _latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def _latex(scored: list[Scored], width: int | None, short: bool) -> str:
    cols = _columns(scored)
    first = {c: next(s for s in scored if s.spec == c) for c in cols}
    by_key = {(s.system, s.spec): s for s in scored}
    lines = ["% " + first[c].result.signature.format(short) for c in cols]
    lines.append(r"\begin{tabular}{l" + "r" * len(cols) + "}")
    lines.append(r"\toprule")
    heads = [
        _latex_escape(first[c].result.name) + ("" if first[c].result.higher_is_better else r" $\downarrow$")
        for c in cols
    ]
    lines.append(" & ".join(["System", *heads]) + r" \\")
    lines.append(r"\midrule")
    for sys_name in _systems(scored):
        cells = [f"{by_key[sys_name, c].result.score:.{_width(first[c], width)}f}" for c in cols]
        lines.append(" & ".join([_latex_escape(sys_name), *cells]) + r" \\")
    lines.append(r"\bottomrule")
    lines.append(r"\end{tabular}")
    return "\n".join(lines) + "\n"
