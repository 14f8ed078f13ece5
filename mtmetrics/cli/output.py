"""Rendering scored systems as text, JSON, TSV or LaTeX. JSON is lossless (shortest round-tripping
floats, every result with its signature and parameters) and strict (:mod:`mtmetrics.jsonsafe`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..jsonsafe import finite_or_none, scores_with_notes, strict_json
from ..result import Result
from ..texttables import aligned, latex_escape, latex_tabular
from ..version import __version__

if TYPE_CHECKING:
    from ..engine.streaming import SegmentStore
    from ..resources.lid import OffTarget
    from ..stats.significance import Comparison, Interval


def significance_mark(p_value: float) -> str:
    """The significance mark of a p-value (imported on use: the tests' module loads numpy code)."""
    from ..stats.significance import significance_mark as mark

    return mark(p_value)


FORMATS = ("text", "json", "tsv", "latex")
#: rows of ``-sl -b`` written at once
_BLOCK = 2000


@dataclass(frozen=True)
class Scored:
    """One system scored by one metric, with optional per-segment results."""

    system: str
    spec: str
    result: Result
    segments: SegmentStore | None = None
    interval: Interval | None = None
    comparison: Comparison | None = None
    #: the baseline of a paired test
    baseline: bool = False
    #: the system's off-target segments (``--target-lang``)
    off_target: OffTarget | None = None

    @property
    def label(self) -> str:
        """The system's name, marked when it is the baseline of a paired test."""
        return f"Baseline: {self.system}" if self.baseline else self.system

    def cells(self, width: int | None) -> list[str]:
        """Score, then ``μ ± half-width`` and ``p`` when the run computed them."""
        w = _width(self, width)
        out = [f"{self.result.score:.{w}f}"]
        if self.interval is not None:
            out.append(self.mean(w))
        if self.comparison is not None:
            out.append(f"{self.comparison.p_value:.4f}{significance_mark(self.comparison.p_value)}")
        return out

    def mean(self, w: int) -> str:
        """The bootstrap interval as ``μ ± half-width``, ``w`` decimals."""
        assert self.interval is not None
        return f"{self.interval.mean:.{w}f} ± {self.interval.halfwidth:.{w}f}"


def _width(scored: Scored, width: int | None) -> int:
    """The decimals of ``scored``: ``-w``, else its metric's default (2 on a 0-100 scale, 4 on 0-1)."""
    return scored.result.decimals if width is None else width


def render(scored: list[Scored], fmt: str, width: int | None, score_only: bool, short: bool, out: TextIO) -> None:
    """Write the output, computed before; per-segment scores are streamed from their spool files."""
    if fmt == "json":
        pieces: Iterable[str] = _json(scored, short)
    elif fmt == "tsv":
        pieces = _tsv(scored, short)
    elif fmt == "latex":
        pieces = [_latex(scored, width, short)]
    else:
        pieces = _text(scored, width, score_only, short)
        if not score_only and (len(_systems(scored)) == 1 or any(s.segments is not None for s in scored)):
            pieces = itertools.chain(pieces, _off_target_notes(scored))  # a table has a column
    for piece in pieces:  # write(), not writelines(): each write's failure is the CLI's OutputError
        out.write(piece)


def _off_target_notes(scored: list[Scored], prefix: str = "") -> list[str]:
    """Each system's off-target line (``--target-lang``), named when there are several systems."""
    reports = {s.system: s.off_target for s in scored if s.off_target is not None}
    several = len(reports) > 1
    return [f"{prefix}{f'{name}: ' if several else ''}{r.describe()}\n" for name, r in reports.items()]


def _systems(scored: list[Scored]) -> list[str]:
    return list(dict.fromkeys(s.system for s in scored))


def _columns(scored: list[Scored]) -> list[str]:
    return list(dict.fromkeys(s.spec for s in scored))


def _header(s: Scored) -> str:
    arrow = "" if s.result.higher_is_better else " (lower is better)"
    return f"{s.result.name}{arrow}"


def _tested(scored: list[Scored]) -> bool:
    return any(s.interval is not None or s.comparison is not None for s in scored)


def _text(scored: list[Scored], width: int | None, score_only: bool, short: bool) -> Iterator[str]:
    if any(s.segments is not None for s in scored):
        yield from _segments_text(scored, width, score_only, short)
        return
    if score_only:
        # the score (with its interval and p-value when a test ran), one line per system and metric
        for s in scored:
            w = _width(s, width)
            line = f"{s.result.score:.{w}f}"
            if s.interval is not None:
                line += f" (μ = {s.mean(w)})"
            if s.comparison is not None:
                line += f" (p = {s.comparison.p_value:.4f}){significance_mark(s.comparison.p_value)}"
            yield line + "\n"
        return
    systems = _systems(scored)
    if len(systems) == 1 and _tested(scored):
        for s in scored:
            w = _width(s, width)
            text = f" = {s.result.score:.{w}f}"
            yield s.result.format(w, short=short).replace(text, f"{text} (μ = {s.mean(w)})", 1) + "\n"
        return
    if len(systems) > 1:  # a table, then each metric's signature once
        yield _table(scored, width, short)
        return
    for s in scored:
        line = s.result.format(_width(s, width), False, short)
        yield line + ("" if s.result.higher_is_better else " (lower is better)") + "\n"


def _segments_text(scored: list[Scored], width: int | None, score_only: bool, short: bool) -> Iterator[str]:
    """``-sl``: a row per segment and a column per system and metric, the corpus row and signatures last;
    with ``-b`` the scores alone, streamed."""
    several = len(_systems(scored)) > 1
    columns = [s for s in scored if s.segments is not None]
    # one formatter per column, built once (a table has a row per segment)
    formats = [f"{{:.{_width(s, width)}f}}".format for s in columns]
    # the main scores one by one, streamed: memory stays one block
    values = [
        itertools.chain.from_iterable(b.tolist() for b in s.segments.scores())
        for s in columns
        if s.segments is not None
    ]
    if score_only:
        rows = zip(*values, strict=True)
        while block := list(itertools.islice(rows, _BLOCK)):
            yield "".join(["\t".join([f(x) for f, x in zip(formats, row, strict=True)]) + "\n" for row in block])
        return
    cells = [[f(x) for x in column] for f, column in zip(formats, values, strict=True)]
    header = ["segment", *(f"{s.system} {_header(s)}" if several else _header(s) for s in columns)]
    numbers = [str(i) for i in range(1, len(cells[0]) + 1)]
    corpus = ["corpus", *(f"{s.result.score:.{_width(s, width)}f}" for s in columns)]
    lines = aligned([header, *zip(numbers, *cells, strict=True), corpus], total=True)
    signatures = list(dict.fromkeys(s.result.signature.format(short) for s in columns))
    yield "\n".join([*lines, "", *signatures]) + "\n"


def _table(scored: list[Scored], width: int | None, short: bool) -> str:
    cols = _columns(scored)
    first = {c: next(s for s in scored if s.spec == c) for c in cols}
    header = ["system"]
    for c in cols:
        header.append(_header(first[c]))
        if first[c].interval is not None:
            header.append("μ ± 95% CI")
        if any(s.comparison is not None for s in scored if s.spec == c):
            header.append("p-value")
    off_target = any(s.off_target is not None for s in scored)
    if off_target:
        header.append("off-target")
    rows = [header]
    by_key = {(s.system, s.spec): s for s in scored}
    for sys_name in _systems(scored):
        row = [by_key[sys_name, cols[0]].label]
        for c in cols:
            item = by_key[sys_name, c]
            cells = item.cells(width)
            if item.baseline and any(s.comparison is not None for s in scored if s.spec == c):
                cells.append("-")
            row.extend(cells)
        report = by_key[sys_name, cols[0]].off_target
        if off_target:
            row.append("" if report is None else f"{report.count} ({report.share:.2%})")
        rows.append(row)
    lines = [*aligned(rows), ""]
    lines.extend(first[c].result.signature.format(short) for c in cols)
    if report is not None:
        lines.append(f"off-target: segments {report.legend()}")
    if any(s.comparison is not None for s in scored):
        lines.append("* p < 0.05 against the baseline")
    return "\n".join(lines) + "\n"


def _json(scored: list[Scored], short: bool) -> Iterator[str]:
    yield f'{{\n "mtmetrics": {strict_json(__version__)},\n "results": [\n'
    for k, s in enumerate(scored):
        entry: dict[str, Any] = {"system": s.system, "spec": s.spec, **s.result.to_dict(short)}
        if s.interval is not None:
            entry["confidence"] = dict(vars(s.interval))
        if s.comparison is not None:
            entry["paired"] = {**vars(s.comparison), "baseline": next(x.system for x in scored if x.baseline)}
        elif s.baseline:
            entry["paired"] = {"baseline": s.system}
        if s.off_target is not None:
            entry["off_target"] = s.off_target.to_dict()
        text = strict_json(entry, indent=1)
        if s.segments is not None:
            # streamed from the spool; a non-finite score is null, segment_notes says why
            notes: dict[str, dict[str, str]] = {}
            yield text[: -len("\n}")] + ',\n "segment_scores": ['
            for n, seg in enumerate(s.segments):
                value = finite_or_none(seg.score)
                if value is None:
                    notes[str(n + 1)] = scores_with_notes({"score": seg.score})[1]
                yield ("," if n else "") + "\n  " + strict_json(value)
            yield '\n ],\n "segment_sub_scores": ['
            for n, seg in enumerate(s.segments):
                subs, sub_notes = scores_with_notes(dict(seg.sub_scores))
                if sub_notes:
                    notes.setdefault(str(n + 1), {}).update(sub_notes)
                yield ("," if n else "") + "\n  " + strict_json(subs)
            yield "\n ]"
            details = s.segments.details()
            if details is not None:  # the metric's own per-segment detail (xCOMET's error spans)
                yield ',\n "segment_details": ['
                for n, detail in enumerate(details):
                    yield ("," if n else "") + "\n  " + detail
                yield "\n ]"
            if notes:
                yield ',\n "segment_notes": ' + strict_json(notes)
            yield "\n}"
        else:
            yield text
        yield ",\n" if k < len(scored) - 1 else "\n"
    yield " ]\n}\n"


def _tsv(scored: list[Scored], short: bool) -> Iterator[str]:
    if any(s.segments is not None for s in scored):
        yield "system\tmetric\tsegment\tscore\n"
        for s in scored:
            if s.segments is not None:
                first = 1
                for block in s.segments.scores():
                    head = f"{s.system}\t{s.result.name}\t"
                    yield "".join([f"{head}{i}\t{x!r}\n" for i, x in enumerate(block.tolist(), first)])
                    first += len(block)
        return
    tested = _tested(scored)
    extra = ["mean", "ci_lower", "ci_upper", "p_value"] if tested else []
    off_target = any(s.off_target is not None for s in scored)
    extra += ["off_target", "off_target_share"] if off_target else []
    lines = ["\t".join(["system", "metric", "score", "higher_is_better", *extra, "signature"])]
    for s in scored:
        iv, cp, ot = s.interval, s.comparison, s.off_target
        values: list[object] = [iv and iv.mean, iv and iv.lower, iv and iv.upper, cp and cp.p_value] if tested else []
        if off_target:
            values += [None, None] if ot is None else [ot.count, ot.share]
        hib = "yes" if s.result.higher_is_better else "no"
        cells = [s.system, s.result.name, repr(s.result.score), hib, *("" if v is None else repr(v) for v in values)]
        lines.append("\t".join([*cells, s.result.signature.format(short)]))
    yield "\n".join(lines) + "\n"


def _latex(scored: list[Scored], width: int | None, short: bool) -> str:
    cols = _columns(scored)
    first = {c: next(s for s in scored if s.spec == c) for c in cols}
    by_key = {(s.system, s.spec): s for s in scored}
    heads = [
        latex_escape(first[c].result.name) + ("" if first[c].result.higher_is_better else r" $\downarrow$")
        for c in cols
    ]
    rows = [["System", *heads]]
    for sys_name in _systems(scored):
        cells = []
        for c in cols:
            item = by_key[sys_name, c]
            cell = f"{item.result.score:.{_width(first[c], width)}f}"
            if item.comparison is not None and significance_mark(item.comparison.p_value):
                cell += "$^*$"
            cells.append(cell)
        rows.append([latex_escape(sys_name), *cells])
    lines = ["% " + first[c].result.signature.format(short) for c in cols]
    lines += [note.rstrip("\n") for note in _off_target_notes(scored, "% ")]
    return "\n".join([*lines, *latex_tabular(rows)]) + "\n"
