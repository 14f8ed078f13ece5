"""The Markdown of a meta-evaluation report, rendered from its typed model (:mod:`.models`).

Every number comes from the :class:`~.models.Report` object the JSON is made from, so the
two can not disagree; undefined values (``nan``) print as ``–``. The tables are written by hand as
compact ``| a | b |`` rows: tabulate would pad every cell to its column's widest, and the data and
signature tables have cells of 100-300 characters (see :mod:`mtmetrics.texttables`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..stats.agreement import FLOORS
from ..texttables import markdown_cell
from .correlate import Estimate, epsilon_text
from .models import Report, TableReport
from .report import REFERENCE_SHARE, target_language


def _f(x: float | None, width: int = 3) -> str:
    if x is None or math.isnan(x):
        return "–"
    return f"{x:.{width}f}"


def _defined(x: float | None) -> bool:
    return x is not None and not math.isnan(x)


def _cell(e: Estimate, width: int) -> str:
    """An estimate with its interval and, for acc-eq, its threshold ε."""
    if not _defined(e.value):
        return "–"
    eps = f" ({epsilon_text(e, width)})" if _defined(e.epsilon) else ""
    if not _defined(e.lower):
        return _f(e.value, width) + eps
    return f"{_f(e.value, width)} [{_f(e.lower, width)}, {_f(e.upper, width)}]" + eps


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
    lines += ["## Signatures", "", "| metric | signature | scoring CPU s |", "|---|---|---|"]
    for spec, sigs in report.signatures.items():
        sig = "<br>".join(f"`{markdown_cell(s)}`" for s in sigs)
        lines.append(f"| {spec} | {sig} | {cpu.get(spec, 0.0):.1f} |")
    lines.append("")
    return "\n".join(lines)


def _data(report: Report) -> list[str]:
    lines = ["## Data", ""]
    lines += ["| table | sha256 | rows used | groups | human |", "|---|---|---|---|---|"]
    for tb in report.tables:
        rows = f"{tb.rows}" + (f" of {tb.sample['of_rows']}" if tb.sample else "")
        groups = ", ".join(tb.groups)
        lines.append(f"| `{tb.table}` | `{tb.sha256}` | {rows} | {groups} | {', '.join(tb.humans)} |")
    lines.append("")
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
        "p-values). A value near the floor says the measure is dominated by human ties, not that the metric "
        "agrees with the humans.",
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
        out += [
            f"## Summary: {level}-level Pearson r per group",
            "",
            "| metric | " + " | ".join(heads) + " | mean |",
            "|---|" + "---|" * (len(cols) + 1),
        ]
        for m in order:
            label = m + (" ↓" if m in flipped else "")
            out.append(
                f"| {label} | "
                + " | ".join(_f(table[m].get(c, math.nan), width) for c in cols)
                + f" | {_f(means[m], width)} |"
            )
        out.append("")
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
    perm_head = "perm | " if perm else ""
    metrics = [m for m in dict.fromkeys(e.metric for e in ests) if m not in FLOORS]
    metrics.sort(key=lambda m: by_metric[m].rank if m in by_metric else 10**6)
    floors = [m for m in FLOORS if any(e.metric == m for e in ests)]
    heads = []
    unseparated = []
    for k in shown:
        of_kind = [e for e in ests if e.kind == k and e.metric not in FLOORS]
        head = k.capitalize() + (" [95 % CI]" if any(e.resamples for e in of_kind) else " (no interval)")
        if not separated(of_kind, [e for e in ests if e.kind == k and e.metric in FLOORS]):
            head += " †"
            unseparated.append(k)
        heads.append(head)
    out.append("| metric | cl | " + perm_head + " | ".join(heads) + " |")
    out.append("|---|---|" + ("---|" if perm else "") + "---|" * len(shown))
    for m in metrics:
        r = by_metric.get(m)
        cl_txt = "–" if r is None else f"{r.cluster}" + (" ★" if r.winner else "")
        if perm:
            q = perm.get(m)
            cl_txt += " | " + ("–" if q is None else f"{q.cluster}" + (" ★" if q.winner else ""))
        cells = []
        for k in shown:
            e = next((x for x in ests if x.metric == m and x.kind == k), None)
            cells.append("–" if e is None else _cell(e, width))
        out.append(f"| {m}{' ↓' if m in flipped else ''} | {cl_txt} | " + " | ".join(cells) + " |")
    for m in floors:
        cells = []
        for k in shown:
            e = next((x for x in ests if x.metric == m and x.kind == k), None)
            cells.append("" if e is None else _cell(e, width))
        out.append(f"| *{m}* | | " + ("| " if perm else "") + " | ".join(cells) + " |")
    if unseparated:
        out += [
            "",
            "† " + ", ".join(unseparated) + ": " + UNSEPARATED,
        ]
    out.append("")
    return out


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
