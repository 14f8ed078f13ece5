"""Plain-text and Markdown renderings of the ``meta`` commands' typed documents.

:func:`correlations_text` / :func:`correlations_markdown` render a
:class:`~mtmetrics.meta.models.CorrelateDocument`, :func:`compare_text` a
:class:`~mtmetrics.meta.compare.CompareDocument`, :func:`orange_text` (and the pictures of
:func:`orange_plots`) an :class:`~mtmetrics.meta.orange.OrangeDocument`; the JSON is each
document's ``to_dict()``. The report's Markdown is :mod:`mtmetrics.meta.markdown`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..stats.agreement import FLOORS
from ..texttables import markdown_cell
from .correlate import Estimate, epsilon_text
from .markdown import UNSEPARATED, separated

if TYPE_CHECKING:
    from .compare import CompareDocument
    from .models import CorrelateDocument
    from .orange import OrangeDocument


def fmt(x: float | None, width: int) -> str:
    """A number with ``width`` decimals; ``nan`` for a missing or undefined one."""
    return "nan" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{width}f}"


_UNITS = {"segment": "segments", "item": "source segments (averaged)", "system": "systems"}


def _cells(doc: CorrelateDocument) -> list[tuple[str, str, str, list[str], list[Estimate]]]:
    """Per (group, human, level): the measures present there (in the order asked for) and the estimates."""
    out = []
    for group, human, level in dict.fromkeys((e.group, e.human, e.level) for e in doc.correlations):
        rows = [e for e in doc.correlations if (e.group, e.human, e.level) == (group, human, level)]
        present = list(dict.fromkeys(e.kind for e in rows))
        out.append((group, human, level, present, rows))
    return out


def _value(e: Estimate | None, width: int) -> str:
    if e is None:
        return "–"
    iv = f" [{fmt(e.lower, width)}, {fmt(e.upper, width)}]" if e.resamples else ""
    eps = f" ({epsilon_text(e, width)})" if e.epsilon is not None and math.isfinite(e.epsilon) else ""
    return fmt(e.value, width) + iv + eps


def _find(rows: Sequence[Estimate], spec: str, kind: str) -> Estimate | None:
    return next((x for x in rows if x.metric == spec and x.kind == kind), None)


def system_human_note(doc: CorrelateDocument) -> str:
    """How the system level's human scores enter the bootstrap: held fixed or resampled."""
    source, resampling = doc.system_human_source, doc.header.bootstrap.system_resampling
    if all(e.level != "system" for e in doc.correlations):
        return ""
    if source is not None:
        return (
            f"system-level human scores: official ({source}, --system-human), held fixed in every resample "
            "(narrower intervals: only the metric's sampling varies)"
        )
    return (
        "system-level human scores: the mean of each system's judged rows, resampled with the segments "
        f"({resampling} resampling; --system-human FILE holds official scores fixed instead)"
    )


def correlations_text(doc: CorrelateDocument, width: int) -> str:
    """``meta correlate``'s correlation tables as plain text."""
    h, metrics = doc.header, doc.metrics
    lines = [
        f"table: {h.table} (sha256 {h.sha256[:16]}…), {h.rows} rows; "
        f"bootstrap {h.bootstrap.n} resamples, seed {h.bootstrap.seed}, 95% percentile intervals"
    ]
    note = system_human_note(doc)
    if note:
        lines.append(note)
    flipped = {m.spec for m in metrics if m.sign_flipped}
    label_w = max([6] + [len(m.spec) + (4 if m.spec in flipped else 0) for m in metrics]) + 2
    cell_w = 3 * (width + 3) + 6
    for group, human, level, present, rows in _cells(doc):
        lines.append("")
        lines.append(f"[{group}] human={human}  {level} level, n={rows[0].n} {_UNITS[level]}")
        widths = [max(cell_w, len(k) + 2) + (width + 6 if k == "acc-eq" else 0) for k in present]
        lines.append("  " + "metric".ljust(label_w) + "".join(k.ljust(w) for k, w in zip(present, widths, strict=True)))
        floors = [e for e in doc.floors if (e.group, e.human, e.level) == (group, human, level)]
        for spec in dict.fromkeys(e.metric for e in rows + floors):
            label = spec + (" (-)" if spec in flipped else "")
            cells = [
                _value(_find(rows + floors, spec, k), width).ljust(w) for k, w in zip(present, widths, strict=True)
            ]
            lines.append("  " + label.ljust(label_w) + "".join(cells).rstrip())
    if flipped:
        lines.append("")
        lines.append("(-) error rate (lower is better): scores negated before correlating")
    lines.append("")
    lines.append("signatures:")
    for m in metrics:
        lines.append(f"  {m.spec}: {m.signature}")
    return "\n".join(lines) + "\n"


def correlations_markdown(doc: CorrelateDocument, width: int) -> str:
    """The correlation tables as Markdown (one table per group, human column and level).

    Compact rows written by hand, as in ``meta report`` (why: :mod:`mtmetrics.texttables`); a ``|``
    in a signature is escaped so that it does not end the cell.
    """
    h, metrics = doc.header, doc.metrics
    lines = [
        f"Table `{h.table}` (sha256 `{h.sha256[:16]}…`), {h.rows} rows; bootstrap {h.bootstrap.n} "
        f"resamples, seed {h.bootstrap.seed}, 95 % percentile intervals."
    ]
    note = system_human_note(doc)
    if note:
        lines[0] += " " + note[0].upper() + note[1:] + "."
    flipped = {m.spec for m in metrics if m.sign_flipped}
    for group, human, level, present, rows in _cells(doc):
        lines += ["", f"### {group}, human = {human}, {level} level ({rows[0].n} {_UNITS[level]})", ""]
        floors = [e for e in doc.floors if (e.group, e.human, e.level) == (group, human, level)]
        heads = [
            k + (" [95 % CI]" if any(e.resamples for e in rows if e.kind == k) else " (no interval)") for k in present
        ]
        bare = [
            k for k in present if not separated([e for e in rows if e.kind == k], [f for f in floors if f.kind == k])
        ]
        heads = [h + (" †" if k in bare else "") for h, k in zip(heads, present, strict=True)]
        lines.append("| metric | " + " | ".join(heads) + " |")
        lines.append("|---|" + "---|" * len(present))
        for spec in dict.fromkeys(e.metric for e in rows + floors):
            label = spec + (" ↓" if spec in flipped else "")
            if spec in FLOORS:
                label = f"*{spec}*"
            cells = [_value(_find(rows + floors, spec, k), width) for k in present]
            lines.append(f"| {markdown_cell(label)} | " + " | ".join(cells) + " |")
        if bare:
            lines += ["", f"† {', '.join(bare)}: {UNSEPARATED}"]
    if flipped:
        lines += ["", "↓ error rate (lower is better): scores negated before correlating."]
    lines += ["", "| metric | signature |", "|---|---|"]
    lines += [f"| {markdown_cell(m.spec)} | `{markdown_cell(m.signature)}` |" for m in metrics]
    return "\n".join(lines) + "\n"


def compare_text(doc: CompareDocument, width: int) -> str:
    """``meta compare``'s tests as plain text: per group and human column, or of given correlations."""
    head = doc.to_dict()
    values = doc.values is not None
    comparisons = [head["values"]] if values else head["comparisons"]
    lines = []
    if not values:
        lines.append(f"table: {head['table']} (sha256 {head['sha256'][:16]}…); {head['level']} level, {head['kind']}")
        if "system_human" in head:
            lines.append(f"system-level human scores: official ({head['system_human']['source']}), held fixed")
    for c in comparisons:
        title = f"[{c['group']}] human={c['human']}: " if "group" in c else ""
        a, b = c.get("a", "A"), c.get("b", "B")
        ra, rb, rab = (
            float(c.get(k, c.get(k2, math.nan))) for k, k2 in (("r_a", "r1"), ("r_b", "r2"), ("r_ab", "r12"))
        )
        lines.append(
            f"{title}r({a}) = {fmt(ra, width)}, r({b}) = {fmt(rb, width)}, r({a},{b}) = {fmt(rab, width)}, n = {c['n']}"
        )
        tests = c["tests"]
        if "error" in tests:
            lines.append(f"  {tests['error']}")
            continue
        for name, label in (("williams", "Williams t"), ("mrr", "MRR z"), ("fisher", "Fisher z (independent)")):
            t = tests[name]
            if "error" in t:
                lines.append(f"  {label}: {t['error']}")
            else:
                df = f", df={t['df']:.0f}" if t.get("df") else ""
                lines.append(
                    f"  {label} = {fmt(t['statistic'], width)}{df}: p (A > B) = {t['p_one_sided']:.4g}, "
                    f"two-sided {t['p_two_sided']:.4g}"
                )
        if "perm_both" in tests:
            pt = tests["perm_both"]
            k, p = pt["permutations"], pt["p_one_sided"]
            # no permutation reached the observed difference: the estimate is 0, the p-value below 1/k
            shown = f"< {1 / k:.4g}" if p == 0 else f"= {p:.4g}"
            lines.append(
                f"  PERM-BOTH (swapping whole {pt['swapped']}): p (A > B) {shown} "
                f"({k} permutations, seed {head['bootstrap']['seed']})"
            )
        if "paired_bootstrap" in tests:
            pb = tests["paired_bootstrap"]
            lines.append(
                f"  paired bootstrap: r(A) - r(B) = {fmt(pb['difference'], width)} "
                f"[{fmt(pb['lower'], width)}, {fmt(pb['upper'], width)}], p (A > B) = {pb['p_one_sided']:.4g} "
                f"({pb['resamples']} resamples, seed {head['bootstrap']['seed']})"
            )
    if not values:
        lines.append("signatures:")
        for m in head["metrics"]:
            lines.append(
                f"  {m['spec']}: {m['signature']}" + ("  (sign-flipped error rate)" if m["sign_flipped"] else "")
            )
    return "\n".join(lines) + "\n"


def orange_plots(document: OrangeDocument, out_dir: Path) -> list[Path]:
    """ORANGE against n-best size (one line per metric) and ORANGE with its interval per metric."""
    from .plots import correlation_bars, orange_curve

    doc = document.to_dict()
    ms = doc["metrics"]
    if not ms:
        return []
    sizes = [row["n"] for row in ms[0]["by_size"]]
    curves = {m["spec"]: [row["orange"] for row in m["by_size"]] for m in ms}
    title = f"{doc['nbest']} ({doc['sentences']} sentences)"
    paths = orange_curve(sizes, curves, out_dir, "orange-by-size", title)
    paths += correlation_bars(
        [m["spec"] for m in ms],
        [100 * m["orange"] for m in ms],
        [100 * m["orange_lower"] for m in ms],
        [100 * m["orange_upper"] for m in ms],
        out_dir,
        "orange",
        "ORANGE % (95 % bootstrap CI; lower is better)",
        title,
    )
    return paths


def orange_text(document: OrangeDocument, width: int) -> str:
    """ORANGE table (percent, lower is better), then ORANGE against n-best size, then signatures."""
    doc = document.to_dict()
    ms = doc["metrics"]
    lab = max([6] + [len(m["spec"]) for m in ms]) + 2
    lines = [
        f"n-best: {doc['nbest']} ({doc['sentences']} sentences, {doc['candidates']} candidates); "
        f"references: {' '.join(doc['refs'])}; bootstrap {doc['bootstrap']['n']} resamples of sentences, "
        f"seed {doc['bootstrap']['seed']}",
        "",
        "metric".ljust(lab) + "ORANGE % (95% CI)".ljust(30) + "avg rank (95% CI)",
    ]
    for m in ms:
        o = f"{100 * m['orange']:.{width}f} [{100 * m['orange_lower']:.{width}f}, {100 * m['orange_upper']:.{width}f}]"
        r = f"{m['average_rank']:.3f} [{m['average_rank_lower']:.3f}, {m['average_rank_upper']:.3f}]"
        lines.append(m["spec"].ljust(lab) + o.ljust(30) + r)
    sizes = [row["n"] for row in ms[0]["by_size"]] if ms else []
    lines += [
        "",
        "ORANGE % by n-best size N (first N candidates of each list):",
        "metric".ljust(lab) + "".join(f"{n:>8}" for n in sizes),
    ]
    for m in ms:
        lines.append(m["spec"].ljust(lab) + "".join(f"{100 * row['orange']:8.{width}f}" for row in m["by_size"]))
    lines += ["", "signatures (nrefs: references per leave-one-out subset):"]
    lines += [f"  {m['spec']}: {m['signature']}" for m in ms]
    return "\n".join(lines) + "\n"
