"""Text and Markdown renderings of the ``meta`` commands' typed documents, whose ``to_dict()`` is
the JSON: every number comes from the one document. Markdown tables are compact ``| a | b |`` rows
(:func:`_md_table`): padding every cell to its column's widest would repeat signature cells of
100-300 characters (:mod:`mtmetrics.texttables`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from mtmetrics.stats.agreement import FLOORS
from mtmetrics.stats.corrections import p_text
from mtmetrics.texttables import markdown_cell

from .compare import FailedTest
from .correlate import Estimate, epsilon_text
from .models import Report, TableReport
from .report import REFERENCE_SHARE, target_language

if TYPE_CHECKING:
    from .compare import CompareDocument
    from .models import CorrelateDocument
    from .orange import OrangeDocument
    from .tasks import Ranking


def fmt(x: float | None, width: int, missing: str = "nan") -> str:
    """A number with ``width`` decimals; ``missing`` for a missing or undefined one."""
    return missing if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{width}f}"


_UNITS = {"segment": "segments", "item": "source segments (averaged)", "system": "systems"}


def _cells(
    doc: CorrelateDocument, width: int
) -> Iterator[tuple[tuple[str, str, str], list[str], list[Estimate], list[Estimate], list[tuple[str, list[str]]]]]:
    """Per (group, human, level): the measures present there (in the order asked for), the
    estimates, the floors, and each row's metric and cells: what the text and Markdown tables show."""
    for key in dict.fromkeys((e.group, e.human, e.level) for e in doc.correlations):
        rows = [e for e in doc.correlations if (e.group, e.human, e.level) == key]
        floors = [e for e in doc.floors if (e.group, e.human, e.level) == key]
        present = list(dict.fromkeys(e.kind for e in rows))
        specs = dict.fromkeys(e.metric for e in rows + floors)
        grid = [(spec, [_value(_find(rows + floors, spec, k), width) for k in present]) for spec in specs]
        yield key, present, rows, floors, grid


def _value(e: Estimate | None, width: int, blank_undefined: bool = False) -> str:
    """An estimate with its interval (where resampled) and, for acc-eq, its threshold ε; ``–`` for
    none and, with ``blank_undefined`` (the report), for an undefined value (else ``nan``)."""
    if e is None or (blank_undefined and not _defined(e.value)):
        return "–"
    iv = f" [{fmt(e.lower, width)}, {fmt(e.upper, width)}]" if e.resamples else ""
    eps = f" ({epsilon_text(e, width)})" if e.epsilon is not None and math.isfinite(e.epsilon) else ""
    return fmt(e.value, width) + iv + eps


def _find(rows: Sequence[Estimate], spec: str, kind: str) -> Estimate | None:
    return next((x for x in rows if x.metric == spec and x.kind == kind), None)


def _of(estimates: Sequence[Estimate], kind: str) -> list[Estimate]:
    return [e for e in estimates if e.kind == kind]


def _md_table(heads: Sequence[str], rows: Iterable[Sequence[str]], numbers: bool = False) -> list[str]:
    """A compact Markdown table: a head row, its rule and the rows, cells unpadded (module docstring);
    with ``numbers``, every column but the first right-aligned."""
    rule = "|---|" + ("---:|" if numbers else "---|") * (len(heads) - 1)
    return ["| " + " | ".join(heads) + " |", rule, *("| " + " | ".join(r) + " |" for r in rows)]


def _heads(
    kinds: Sequence[str], metrics: Sequence[Estimate], floors: Sequence[Estimate], cap: bool = False
) -> tuple[list[str], list[str]]:
    """Markdown column heads of the measures ``kinds`` (with or without intervals, † where no metric
    is :func:`separated` from the floor) and the footnote for the † columns."""
    bare = [k for k in kinds if not separated(_of(metrics, k), _of(floors, k))]
    heads = [
        (k.capitalize() if cap else k)
        + (" [95 % CI]" if any(e.resamples for e in _of(metrics, k)) else " (no interval)")
        + (" †" if k in bare else "")
        for k in kinds
    ]
    return heads, (["", f"† {', '.join(bare)}: {UNSEPARATED}"] if bare else [])


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
    for (group, human, level), present, rows, _, grid in _cells(doc, width):
        widths = [max(cell_w, len(k) + 2) + (width + 6 if k == "acc-eq" else 0) for k in present]
        lines += [
            "",
            f"[{group}] human={human}  {level} level, n={rows[0].n} {_UNITS[level]}",
            "  " + "metric".ljust(label_w) + "".join(k.ljust(w) for k, w in zip(present, widths, strict=True)),
        ]
        for spec, cells in grid:
            label = spec + (" (-)" if spec in flipped else "")
            padded = "".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
            lines.append("  " + label.ljust(label_w) + padded.rstrip())
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
    for (group, human, level), present, rows, floors, grid in _cells(doc, width):
        heads, footnote = _heads(present, rows, floors)
        lines += ["", f"### {group}, human = {human}, {level} level ({rows[0].n} {_UNITS[level]})", ""]
        labels = [f"*{spec}*" if spec in FLOORS else spec + (" ↓" if spec in flipped else "") for spec, _ in grid]
        lines += _md_table(
            ["metric", *heads], [[markdown_cell(lb), *c] for lb, (_, c) in zip(labels, grid, strict=True)]
        )
        lines += footnote
    if flipped:
        lines += ["", "↓ error rate (lower is better): scores negated before correlating."]
    lines += [
        "",
        *_md_table(
            ["metric", "signature"], [[markdown_cell(m.spec), f"`{markdown_cell(m.signature)}`"] for m in metrics]
        ),
    ]
    return "\n".join(lines) + "\n"


def _p_is(p: float, n: int) -> str:
    """``= p`` or, at the floor of ``n`` resamples, ``<F`` (:func:`~mtmetrics.stats.corrections.p_text`)."""
    shown = p_text(p, n)
    return shown if shown.startswith("<") else "= " + shown


def compare_text(doc: CompareDocument, width: int) -> str:
    """``meta compare``'s tests as plain text: per group and human column, or of given correlations."""
    lines = []
    if doc.values is None:
        assert doc.header is not None
        h, seed = doc.header, doc.header.bootstrap.seed
        lines.append(f"table: {h.table} (sha256 {h.sha256[:16]}…); {doc.level} level, {doc.kind}")
        if doc.system_human_source is not None and doc.level == "system":
            lines.append(f"system-level human scores: official ({doc.system_human_source}), held fixed")
        rows = [
            (f"[{c.group}] human={c.human}: ", c.a, c.b, c.r_a, c.r_b, c.r_ab, c.n, c.tests) for c in doc.comparisons
        ]
    else:
        v, seed = doc.values, 0
        rows = [("", "A", "B", v.r1, v.r2, v.r12, v.n, v.tests)]
    for title, a, b, ra, rb, rab, n, tests in rows:
        lines.append(
            f"{title}r({a}) = {fmt(ra, width)}, r({b}) = {fmt(rb, width)}, r({a},{b}) = {fmt(rab, width)}, n = {n}"
        )
        if tests.error is not None:
            lines.append(f"  {tests.error}")
            continue
        for t, label in (
            (tests.williams, "Williams t"),
            (tests.mrr, "MRR z"),
            (tests.fisher, "Fisher z (independent)"),
        ):
            if isinstance(t, FailedTest):
                lines.append(f"  {label}: {t.error}")
            elif t is not None:
                df = f", df={t.df:.0f}" if t.df else ""
                lines.append(
                    f"  {label} = {fmt(t.statistic, width)}{df}: p (A > B) = {t.p_one_sided:.4g}, "
                    f"two-sided {t.p_two_sided:.4g}"
                )
        if (pt := tests.perm_both) is not None:
            lines.append(
                f"  PERM-BOTH (swapping whole {pt.swapped}): p (A > B) {_p_is(pt.p_one_sided, pt.permutations)} "
                f"({pt.permutations} permutations, seed {seed})"
            )
        if (pb := tests.paired_bootstrap) is not None:
            lines.append(
                f"  paired bootstrap: r(A) - r(B) = {fmt(pb.difference, width)} "
                f"[{fmt(pb.lower, width)}, {fmt(pb.upper, width)}], "
                f"p (A > B) {_p_is(pb.p_one_sided, pb.resamples)} ({pb.resamples} resamples, seed {seed})"
            )
    if doc.values is None:
        lines.append("signatures:")
        for m in doc.metrics:
            lines.append(f"  {m.spec}: {m.signature}" + ("  (sign-flipped error rate)" if m.sign_flipped else ""))
    return "\n".join(lines) + "\n"


def orange_plots(doc: OrangeDocument, out_dir: Path) -> list[Path]:
    """ORANGE against n-best size (one line per metric) and ORANGE with its interval per metric."""
    from .plots import correlation_bars, orange_curve

    rs = [m.result for m in doc.metrics]
    if not rs:
        return []
    specs, title = [m.spec for m in doc.metrics], f"{doc.nbest} ({doc.sentences} sentences)"
    curves = {spec: [row["orange"] for row in r.by_size] for spec, r in zip(specs, rs, strict=True)}
    paths = orange_curve([int(row["n"]) for row in rs[0].by_size], curves, out_dir, "orange-by-size", title)
    values, lowers, uppers = ([100 * getattr(r, k) for r in rs] for k in ("orange", "lower", "upper"))
    ylabel = "ORANGE % (95 % bootstrap CI; lower is better)"
    return paths + correlation_bars(specs, values, lowers, uppers, out_dir, "orange", ylabel, title)


def orange_text(doc: OrangeDocument, width: int) -> str:
    """ORANGE table (percent, lower is better), then ORANGE against n-best size, then signatures."""
    ms = doc.metrics
    lab = max([6] + [len(m.spec) for m in ms]) + 2
    lines = [
        f"n-best: {doc.nbest} ({doc.sentences} sentences, {doc.candidates} candidates); "
        f"references: {' '.join(doc.refs)}; bootstrap {doc.n_boot} resamples of sentences, seed {doc.seed}",
        "",
        "metric".ljust(lab) + "ORANGE % (95% CI)".ljust(30) + "avg rank (95% CI)",
    ]
    for m in ms:
        r = m.result
        o = f"{100 * r.orange:.{width}f} [{100 * r.lower:.{width}f}, {100 * r.upper:.{width}f}]"
        lines.append(m.spec.ljust(lab) + o.ljust(30) + f"{r.average_rank:.3f} [{r.rank_lower:.3f}, {r.rank_upper:.3f}]")
    sizes = [row["n"] for row in ms[0].result.by_size] if ms else []
    lines += [
        "",
        "ORANGE % by n-best size N (first N candidates of each list):",
        "metric".ljust(lab) + "".join(f"{n:>8}" for n in sizes),
    ]
    for m in ms:
        lines.append(m.spec.ljust(lab) + "".join(f"{100 * row['orange']:8.{width}f}" for row in m.result.by_size))
    lines += ["", "signatures (nrefs: references per leave-one-out subset):"]
    lines += [f"  {m.spec}: {m.signature}" for m in ms]
    return "\n".join(lines) + "\n"


def _defined(x: float | None) -> bool:
    return x is not None and not math.isnan(x)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min ({seconds:.0f} s)"


def markdown(report: Report, width: int = 3) -> str:
    """The report as Markdown: provenance, data, method, time, summary, per-table sections, signatures."""
    lines = [f"# {report.title}", ""]
    where = " (run from the repository root, with ../shared beside it)" if report.from_repository else ""
    lines += [
        f"Produced by `mtmetrics meta report` (mtmetrics {report.version}) with the command{where}:",
        "",
        "```sh",
        report.command,
        "```",
        "",
    ]
    if report.note:
        lines += [f"**Settings.** {report.note}", ""]
    lines += _data(report)
    lines += _method(report)
    lines += _time(report)
    lines += _summary(report, width)
    for tb in report.tables:
        lines += _table_sections(tb, report, width)
    cpu = report.scoring_cpu_seconds
    sigs = [
        [spec, "<br>".join(f"`{markdown_cell(s)}`" for s in sig), f"{cpu.get(spec, 0.0):.1f}"]
        for spec, sig in report.signatures.items()
    ]
    lines += ["## Signatures", "", *_md_table(["metric", "signature", "scoring CPU s"], sigs), ""]
    return "\n".join(lines)


def _data(report: Report) -> list[str]:
    rows = []
    for tb in report.tables:
        used = f"{tb.rows}" + (f" of {tb.sample['of_rows']}" if tb.sample else "")
        rows.append([f"`{tb.table}`", f"`{tb.sha256}`", used, ", ".join(tb.groups), ", ".join(tb.humans)])
    lines = ["## Data", "", *_md_table(["table", "sha256", "rows used", "groups", "human"], rows), ""]
    for tb in report.tables:
        if tb.system_human_source is not None and "system" in report.levels:
            lines += [
                f"`{tb.table}`: the system level correlates with official system-level human scores "
                f"({tb.system_human_source}), held fixed in every resample, not with the mean of the judged rows.",
                "",
            ]
        if tb.dropped_systems:
            names = ", ".join(f"`{n}` ({100 * v:.0f} % of its rows)" for n, v in tb.dropped_systems.items())
            lines += [
                f"`{tb.table}`: left out as systems because their output is one of the references "
                f"(identical to a reference column on more than {100 * REFERENCE_SHARE:.0f} % of their rows; "
                f"every metric would give them a perfect score): {names}. Rows naming them with another "
                "system (`A+B`) count for the other system only.",
                "",
            ]
        for group, items in tb.language_excluded.items():
            names = "; ".join(f"`{x.metric}` ({x.resources}: {', '.join(x.languages)} only)" for x in items)
            lines += [
                f"`{tb.table}`, {group}: left out because their resources do not cover the target language "
                f"`{target_language(group)}`: {names}.",
                "",
            ]
        s = tb.sample
        if s:
            per = "; ".join(
                f"{g}: {v['segments']} of {v['of_segments']} segments, {v['rows']} rows" for g, v in s["groups"].items()
            )
            lines += [
                f"`{tb.table}` is subsampled: per group, {s['segments_per_group']} source segments drawn "
                f"without replacement by `numpy.random.default_rng([{s['seed']}, group_index]).choice(m, "
                f"{s['segments_per_group']}, replace=False)` over the m distinct segment ids in order of first "
                f"appearance (groups numbered in order of first appearance); all systems' rows of a drawn "
                f"segment are kept ({per}).",
                "",
            ]
    return lines


def _method(report: Report) -> list[str]:
    b = report.bootstrap
    perm = report.permutations
    return [
        "## Method",
        "",
        "- Correlations: Pearson, Spearman and Kendall tau-b, per group; segment level pools all judged "
        "segments of the group; system level correlates each system's corpus score (the metric's own "
        "aggregation of its segment statistics) with its mean human score. WMT's `A+B` rows (identical "
        "outputs) count for both systems at system level.",
        f"- Intervals: 95 % bootstrap percentile intervals, {b.n} resamples, seed {b.seed}. Segment level "
        "resamples rows; "
        + (
            "system level resamples each system's segments on its own (`--system-resampling independent`). "
            if b.system_resampling == "independent"
            else "system level resamples the source segments the systems share, jointly: each resample draws "
            "segment ids with replacement and every system keeps its rows of the drawn segments, as WMT and "
            "mt-metrics-eval do. "
        )
        + "Every metric sees the same resamples.",
        "- Error rates (marked ↓) are negated before correlating, so higher is better everywhere.",
        "- Significance clusters (column *cl*, Pearson only): metrics ranked by r; the top metric leads "
        "cluster 1; walking down the ranking, a metric joins the current cluster unless a one-sided test at "
        "p < 0.05 says the cluster's leader is better, in which case it leads the next cluster. ★ marks the "
        "winners: the first cluster, the metrics the top metric does not beat significantly. The test: at system level "
        "Williams' test (using the two metrics' correlation on the same systems; no clusters with 3 or fewer "
        "systems); "
        + (
            "at segment level Williams' test over all rows (`--segment-test williams`), which treats the "
            "systems × segments rows as independent and so overstates significance."
            if report.segment_test == "williams"
            else "at segment and item level the PERM-BOTH permutation test (Deutsch et al. 2021) swapping the "
            "two metrics' standardised scores of whole source segments at once (the rows of one segment share "
            "its source and references and are not independent)"
            + (f", {perm.n} permutations, seed {perm.seed}." if perm.n else " (not run: `--permutations 0`).")
        )
        + (
            f" Column *perm*: the same clusters and winners from mt-metrics-eval's PERM-BOTH test (Deutsch et "
            f"al. 2021), swapping each point (row or system) on its own; {perm.n} "
            f"permutations, seed {perm.seed}."
            if perm.n
            else ""
        ),
        "- Agreement measures, where asked for: pairwise accuracy (Kocmi et al. 2021) and soft pairwise accuracy "
        "(Thompson et al. 2024) at system level, pooled over groups as WMT pools accuracy; acc-eq with tie "
        "calibration (Deutsch et al. 2023) over all segments and grouped by item, with its threshold ε. "
        "Pairwise accuracy has bootstrap intervals from the system-level resamples; soft pairwise accuracy and "
        "acc-eq have none (a permutation test, respectively a threshold search, per resample). Beside the "
        "metrics, each agreement table gives its floors: the value of a *constant metric* (one score for "
        "everything: it agrees with every pair the humans tie) and, where defined, the expected value of a "
        "*random metric* (pairwise accuracy: half the pairs the humans order; soft pairwise accuracy: uniform "
        "p-values). No floor depends on the order of the systems in the file: soft pairwise accuracy's floors "
        "are expectations over a uniformly random order of the systems (each pair counted both ways round, "
        "the humans' p-value that the second system beats the first from the same permutations), since a "
        "constant metric's p-value is 1 whichever system comes first. A value near the floor says the measure "
        "is dominated by human ties, not that the metric agrees with the humans.",
        "",
    ]


def _time(report: Report) -> list[str]:
    t = report.timing
    assert t is not None, "the report is rendered after it is timed"
    lines = [
        "## Time",
        "",
        f"{_duration(t.total)} wall-clock on {report.jobs} process(es) "
        f"(reading {t.read:.1f} s, scoring {t.scoring:.1f} s, correlations and bootstrap "
        f"{t.correlation:.1f} s, significance {t.significance:.1f} s"
        + (f", pictures {t.plots:.1f} s" if t.plots else "")
        + ").",
    ]
    cpu = report.scoring_cpu_seconds
    total_cpu = sum(cpu.values())
    if total_cpu > 0:
        top = max(cpu, key=lambda k: cpu[k])
        share = cpu[top] / total_cpu
        lines.append(
            f"Scoring used {total_cpu:.1f} CPU seconds; the slowest metric, `{top}`, took {cpu[top]:.1f} s "
            f"({100 * share:.0f} %)" + (", and dominates the run." if share >= 0.5 else ".")
        )
    lines.append("")
    if report.unavailable:
        lines += ["Skipped (a resource is missing):", ""]
        lines += [f"- `{u.spec}`: {u.reason}" for u in report.unavailable]
        lines.append("")
    return lines


def _summary(report: Report, width: int) -> list[str]:
    """Per level, every metric's Pearson r in each (table, group, human) column and their mean."""
    out: list[str] = []
    flipped = set(report.flipped)
    cols = [(tb.table, g, h) for tb in report.tables for g in tb.groups for h in tb.humans]
    for level in report.levels:
        table: dict[str, dict[tuple[str, str, str], float]] = {}
        for tb in report.tables:
            for e in tb.correlations:
                if e.level == level and e.kind == "pearson":
                    table.setdefault(e.metric, {})[(tb.table, e.group, e.human)] = e.value
        means = {
            m: float(np.nanmean(list(v.values()))) if any(not math.isnan(x) for x in v.values()) else math.nan
            for m, v in table.items()
        }
        order = sorted(table, key=lambda m: (math.isnan(means[m]), -means[m] if not math.isnan(means[m]) else 0))
        several_humans = len({c[2] for c in cols}) > 1
        heads = [g + (f" ({h})" if several_humans else "") for _, g, h in cols]
        rows = [
            [
                m + (" ↓" if m in flipped else ""),
                *(fmt(table[m].get(c, math.nan), width, "–") for c in cols),
                fmt(means[m], width, "–"),
            ]
            for m in order
        ]
        out += [f"## Summary: {level}-level Pearson r per group", "", *_md_table(["metric", *heads, "mean"], rows), ""]
    return out


def _table_sections(tb: TableReport, report: Report, width: int) -> list[str]:
    """Per group (and the pooled group) and human column: one table per level."""
    out: list[str] = []
    pooled = ("pooled",) if any(e.group == "pooled" for e in tb.correlations) else ()
    for group in tb.groups + pooled:
        for human in tb.humans:
            title = f"## {group}" + (f" — `{tb.table}`" if len(report.tables) > 1 else "") + f" (human: {human})"
            out += [title, ""]
            for level in report.levels:
                ests = [e for e in tb.correlations if (e.group, e.human, e.level) == (group, human, level)]
                ests += [e for e in tb.floors if (e.group, e.human, e.level) == (group, human, level)]
                if ests:
                    out += _level_table(tb, report, (group, human, level), ests, width)
    return out


def _level_table(
    tb: TableReport, report: Report, key: tuple[str, str, str], ests: Sequence[Estimate], width: int
) -> list[str]:
    flipped = set(report.flipped)
    group, human, level = key
    unit = "systems" if level == "system" else "segments"
    out = [f"### {level.capitalize()} level ({ests[0].n} {unit})", ""]
    main = tb.cluster(group, human, level)
    by_metric = {r.metric: r for r in (main.ranking if main else ())}
    perm_cell = tb.cluster(group, human, level, perm=True)
    perm = {r.metric: r for r in (perm_cell.ranking if perm_cell else ())}
    shown = [k for k in report.kinds if any(e.kind == k for e in ests)]
    metrics = [m for m in dict.fromkeys(e.metric for e in ests) if m not in FLOORS]
    metrics.sort(key=lambda m: by_metric[m].rank if m in by_metric else 10**6)
    floors = [m for m in FLOORS if any(e.metric == m for e in ests)]
    heads, footnote = _heads(
        shown, [e for e in ests if e.metric not in FLOORS], [e for e in ests if e.metric in FLOORS], cap=True
    )
    rows = []
    for m in metrics:
        r, q = by_metric.get(m), perm.get(m)
        cl = ["–" if r is None else f"{r.cluster}" + (" ★" if r.winner else "")]
        if perm:
            cl.append("–" if q is None else f"{q.cluster}" + (" ★" if q.winner else ""))
        cells = [_value(_find(ests, m, k), width, True) for k in shown]
        rows.append([f"{m}{' ↓' if m in flipped else ''}", *cl, *cells])
    out += _md_table(["metric", "cl", *(["perm"] if perm else []), *heads], rows)
    for m in floors:
        cells = [_value(e, width, True) if (e := _find(ests, m, k)) else "" for k in shown]
        out.append(f"| *{m}* | | " + ("| " if perm else "") + " | ".join(cells) + " |")
    return [*out, *footnote, ""]


#: where a measure has no interval, the least margin over the floor that counts as separated
FLOOR_MARGIN = 0.01
#: the note under a table whose measures marked † separate no metric from the floor
UNSEPARATED = (
    "no metric is separated from the floor (the better of the constant and the random metric): no interval "
    f"lies above it, and where there are no intervals no value exceeds it by more than {FLOOR_MARGIN}. Such a "
    "measure does not tell these metrics from one that knows nothing."
)


def separated(metrics: Sequence[Estimate], floors: Sequence[Estimate]) -> bool:
    """Whether some metric's value is clear of the highest floor of its measure: its interval's lower
    bound above it or, without an interval, its value above it by more than :data:`FLOOR_MARGIN`.
    A measure without floors counts as separated (nothing to compare with)."""
    bars = [f.value for f in floors if _defined(f.value)]
    if not bars:
        return True
    bar = max(bars)
    for e in metrics:
        if e.resamples and _defined(e.lower):
            if e.lower > bar:
                return True
        elif _defined(e.value) and e.value > bar + FLOOR_MARGIN:
            return True
    return False


def _rank_rows(r: Ranking, width: int) -> list[list[str]]:
    """``meta rank``'s table: a head row, then each metric's cluster, global score and task values."""
    head = ["metric", "cluster", "global", *(f"t{k + 1}" for k in range(len(r.tasks)))]
    rows = [head]
    for m, cluster in zip(r.order, r.ranks, strict=True):
        cells = [m, str(cluster), f"{r.scores[m]:.{width}f}"]
        for t in r.tasks:
            iv = t.intervals.get(m) if t.intervals else None
            span = f" [{iv[0]:.{width}f}, {iv[1]:.{width}f}]" if iv else ""
            cells.append(f"{t.values[m]:.{width}f}{span} ({t.ranks[t.order.index(m)]})")
        rows.append(cells)
    return rows


def _rank_notes(r: Ranking, human: str) -> list[str]:
    s = r.settings
    adjacent = []
    for i in range(len(r.order) - 1):
        a, b = r.order[i], r.order[i + 1]
        draws = max(len(t.mapped(a, b)) for t in r.tasks)  # the global test's draws (early stops tiled)
        adjacent.append(f"{a} > {b}: p = {p_text(float(r.p[i, i + 1]), draws)}")
    return [
        f"human scores: {human}; clusters: a metric starts a new one when any member of the current one beats it "
        f"at p <= {s.alpha} (PERM-BOTH, {s.k} draws per pair and task, seed {s.seed}, mt-metrics-eval's early stop)",
        *(f"t{k + 1}: {t.task.name} (weight {t.task.weight:.4g})" for k, t in enumerate(r.tasks)),
        *(
            [
                f"[lo, hi]: 95% bootstrap percentile intervals, {s.n_boot} resamples of each task's items (seed "
                f"{s.seed}); acc-eq at each metric's epsilon calibrated on all items"
            ]
            if s.n_boot
            else []
        ),
        *(["global, adjacent pairs: " + "; ".join(adjacent)] if adjacent else []),
    ]


def rank_text(r: Ranking, human: str, width: int) -> str:
    """``meta rank``'s ranking as plain text: the signature, the table and the notes."""
    from mtmetrics.texttables import aligned

    lines = [r.settings.signature, "", *aligned(_rank_rows(r, width)), "", *_rank_notes(r, human)]
    return "\n".join(lines) + "\n"


def rank_markdown(r: Ranking, human: str, width: int) -> str:
    """``meta rank``'s ranking as Markdown (the signature a code span outside the table: no escape)."""
    head, *rows = _rank_rows(r, width)
    lines = [f"`{r.settings.signature}`", "", *_md_table(head, [[markdown_cell(c) for c in row] for row in rows], True)]
    lines += ["", *(f"- {markdown_cell(n)}" for n in _rank_notes(r, human))]
    return "\n".join(lines) + "\n"
