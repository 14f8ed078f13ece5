"""A meta-evaluation report of many metrics on a dataset (``mtmetrics meta report``, META.md 1, 2, 6).

This module holds what the report adds to :mod:`.metaeval`: which metrics run by default
(:func:`default_metric_names`), deterministic subsampling of large tables (:func:`sample_table`),
significance clusters (:func:`clusters`) and the Markdown rendering (:func:`markdown`).

Significance clusters, precisely (Pearson's r only; per group and level):

1. Rank the metrics by r, highest first (ties keep the order of ``-m``); metrics with an undefined
   r (constant scores) are left out.
2. Walk down the ranking. The first metric leads cluster 1. Each next metric joins the current
   cluster unless the level's test (one-sided, H1 "the leader's r is higher") gives ``p < 0.05``
   against the cluster's *leader*; then it starts and leads the next cluster. Clusters are
   therefore contiguous in the ranking (the greedy grouping of the WMT metrics task's tables).
3. Separately, a metric is a *winner* when no metric with a higher r beats it significantly
   (``p < 0.05``) — WMT's bold "not significantly outperformed by any other metric".

The test of the main clusters (column *cl*):

* system level: Williams' test (:func:`~.corrtests.williams`, with the correlation between the
  two metrics' system scores); it needs more than 3 points, so 3 systems form no clusters;
* segment and item level: PERM-BOTH (:func:`~.permutation.perm_both`) swapping whole source
  segments (``blocks`` = item): the rows of one source segment (one per system) share the source
  and references and are not independent, so Williams' test with n = all rows gives p-values like
  1e-57 on differences that do not survive resampling the segments. The item level's measure is
  the within-segment r averaged over segments (mtme's ``average_by="item"``). Williams' test over
  all rows stays available (``--segment-test williams``) for comparison with older tables.

Permutation clusters (column *perm*): the same greedy walk and winners with mtme's PERM-BOTH
(Deutsch et al. 2021, as WMT since 2022), each point's (row's or system's) pair of standardised
metric scores swapped with probability 1/2, ``k`` times, seeded per cell and pair of metrics.

Reference systems: WMT's DA tables sometimes list a human translation as a system that is also one
of the table's reference columns (WMT21 ru-en: ``HUMAN.0``); every metric then gives it a perfect
score, which wrecks the system-level correlation. :func:`reference_systems` finds systems whose
hypothesis equals a reference on more than half of their rows and :func:`drop_systems` removes
them (rows ``A+B`` naming a dropped system keep the other names). The report says which systems
were dropped; ``--keep-reference-systems`` keeps them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..io.tables import Columns, Table
from .corrtests import williams
from .metaeval import Correlations, MetricScores

#: a system whose output equals a reference on more than this share of its rows *is* that reference
REFERENCE_SHARE = 0.5

#: metrics left out of the default set although they run on plain text
EXCLUDED_BY_DEFAULT = ("combo",)

ALPHA = 0.05


def default_metric_names(registry: dict[str, Any]) -> list[str]:
    """Registered metrics that run on hypotheses and references alone, in name order.

    Left out: metrics whose class declares ``inputs.source`` or ``inputs.annotations`` (they need
    a source column or aligner/tagger output the table may not have) and ``combo`` (it needs a
    trained model file).
    """
    out = []
    for name, entry in sorted(registry.items()):
        cls = entry.cls
        if name in EXCLUDED_BY_DEFAULT or cls.inputs.source or cls.inputs.annotations:
            continue
        out.append(name)
    return out


def sample_table(table: Table, columns: Columns, n_segments: int, seed: int) -> tuple[Table, dict[str, Any]]:
    """Keep the rows of ``n_segments`` source segments per group, chosen at random with ``seed``.

    Per group (in order of first appearance), the distinct segment ids (in order of first
    appearance) are numbered 0..m-1 and ``numpy.random.default_rng([seed, group_index])
    .choice(m, n_segments, replace=False)`` picks which to keep; every system's rows of a kept
    segment are kept, so all systems are compared on the same segments. Groups with at most
    ``n_segments`` segments are kept whole.
    """
    groups = table.columns[columns.group] if columns.group else ["all"] * len(table)
    segs = table.columns[columns.segment]
    keep_rows: list[int] = []
    info: dict[str, Any] = {"segments_per_group": n_segments, "seed": seed, "groups": {}}
    for gi, group in enumerate(dict.fromkeys(groups)):
        rows = [i for i, g in enumerate(groups) if g == group]
        ids = list(dict.fromkeys(segs[i] for i in rows))
        if len(ids) > n_segments:
            rng = np.random.default_rng([seed, gi])
            chosen = {ids[k] for k in rng.choice(len(ids), n_segments, replace=False).tolist()}
            rows = [i for i in rows if segs[i] in chosen]
        info["groups"][group] = {"segments": min(len(ids), n_segments), "of_segments": len(ids), "rows": len(rows)}
        keep_rows.extend(rows)
    keep_rows.sort()
    sub = Table(table.name, table.sha256, {c: [v[i] for i in keep_rows] for c, v in table.columns.items()})
    info["rows"] = len(keep_rows)
    info["of_rows"] = len(table)
    return sub, info


def reference_systems(
    table: Table, columns: Columns, share: float = REFERENCE_SHARE, split: str | None = "+"
) -> dict[str, float]:
    """Systems whose output equals a reference on more than ``share`` of their rows, with that share.

    A row ``A+B`` (WMT: A and B produced the same output) counts for A and for B when both are
    systems of their own (as :func:`~.metaeval.system_membership` counts it).
    """
    systems = table.columns[columns.system]
    plain = set(systems)
    hyps = table.columns[columns.hyp]
    refs = [table.columns[c] for c in columns.refs]
    total: dict[str, int] = {}
    same: dict[str, int] = {}
    for i, name in enumerate(systems):
        hyp = hyps[i].strip()
        identical = bool(hyp) and any(hyp == r[i].strip() for r in refs)
        parts = name.split(split) if split and split in name else [name]
        if not all(p in plain for p in parts):
            parts = [name]
        for part in parts:
            total[part] = total.get(part, 0) + 1
            same[part] = same.get(part, 0) + identical
    return {n: same[n] / total[n] for n in sorted(total) if same[n] / total[n] > share}


def drop_systems(table: Table, columns: Columns, names: set[str], split: str | None = "+") -> Table:
    """The table without the rows of ``names``; ``A+B`` rows lose the dropped names (or vanish)."""
    keep: list[int] = []
    renamed: dict[int, str] = {}
    for i, name in enumerate(table.columns[columns.system]):
        if name in names:
            continue
        if split and split in name:
            parts = name.split(split)
            left = [p for p in parts if p not in names]
            if not left:
                continue
            if len(left) < len(parts):
                renamed[i] = split.join(left)
        keep.append(i)
    cols = {c: [v[i] for i in keep] for c, v in table.columns.items()}
    sys_col = cols[columns.system]
    for pos, i in enumerate(keep):
        if i in renamed:
            sys_col[pos] = renamed[i]
    return Table(table.name, table.sha256, cols)


def item_ids(table: Table, columns: Columns, group: str) -> np.ndarray:
    """The item (source segment) index of each row of ``group``, in table order (ids sorted as strings)."""
    groups = table.columns[columns.group] if columns.group else ["all"] * len(table)
    segs = [s for g, s in zip(groups, table.columns[columns.segment], strict=True) if g == group]
    return np.unique(np.array(segs), return_inverse=True)[1].reshape(-1)


def target_language(group: str) -> str | None:
    """The target language of a group named like a language pair (``en-de`` → ``de``), else ``None``."""
    m = re.fullmatch(r"([a-z]{2,3})-([a-z]{2,3})", group)
    return m.group(2) if m else None


def exclude_by_language(res: Correlations, scores: Sequence[MetricScores]) -> dict[str, list[dict[str, Any]]]:
    """Remove the estimates of metrics whose resources do not cover a group's target language.

    A metric whose :meth:`~mtmetrics.Metric.target_languages` is not ``None`` and does not name
    the target of a group called like a language pair (``en-de``) is left out of that group's
    tables, clusters and system points (WMT21 en→de with METEOR's English WordNet says nothing
    about METEOR). Returns, per group, the metrics left out and why; ``res`` is changed in place.
    """
    out: dict[str, list[dict[str, Any]]] = {}
    groups = list(dict.fromkeys(e.group for e in res.estimates))
    for group in groups:
        target = target_language(group)
        if target is None:
            continue
        for s in scores:
            langs = s.metric.target_languages()
            if langs is not None and target not in langs:
                out.setdefault(group, []).append(
                    {"metric": s.spec, "languages": list(langs), "resources": s.metric.language_resources()}
                )
    gone = {(g, x["metric"]) for g, xs in out.items() for x in xs}
    if gone:
        res.estimates[:] = [e for e in res.estimates if (e.group, e.metric) not in gone]
        res.system_points[:] = [p for p in res.system_points if (p["group"], p["metric"]) not in gone]
    return out


@dataclass(frozen=True)
class Ranked:
    """One metric's place in a significance ranking."""

    metric: str
    r: float
    rank: int
    cluster: int
    p_vs_leader: float  # one-sided p of "leader > this metric" (nan for the leader)
    winner: bool


def clusters(
    values: dict[str, float],
    cross: dict[tuple[str, str], float],
    n: int,
    alpha: float = ALPHA,
    test: Callable[[str, str], float] | None = None,
) -> list[Ranked]:
    """Greedy significance clusters and winners (module docstring) from correlations with the human
    scores (``values``), correlations between metrics (``cross[(a, b)]``, either order) and ``n``.

    ``test(a, b)``, when given, replaces Williams' test: the one-sided p-value of "``a`` is better
    than ``b``" (e.g. a permutation test); ``cross`` is then unused.
    """
    ranked = sorted((m for m in values if not math.isnan(values[m])), key=lambda m: -values[m])
    if n <= 3:
        return []

    def williams_p(a: str, b: str) -> float:
        r_ab = cross.get((a, b), cross.get((b, a), math.nan))
        if math.isnan(r_ab):
            return math.nan
        try:
            return williams(values[a], values[b], max(-1.0, min(1.0, r_ab)), n).p_one_sided
        except (ValueError, ZeroDivisionError):
            return math.nan

    p_higher = test or williams_p
    out = []
    leader, cluster = "", 0
    for rank, m in enumerate(ranked, 1):
        p = math.nan
        if not leader:
            leader, cluster = m, 1
        else:
            p = p_higher(leader, m)
            if p < alpha:
                leader, cluster = m, cluster + 1
        winner = all(not (p_higher(o, m) < alpha) for o in ranked[: rank - 1] if values[o] > values[m])
        out.append(Ranked(m, values[m], rank, cluster, p, winner))
    return out


# ------------------------------------------------------------------------------ markdown
def _f(x: Any, width: int = 3) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:.{width}f}"


def _cell(e: dict[str, Any], width: int) -> str:
    if e["value"] is None:
        return "–"
    eps = f" (ε={e['epsilon']:.{width}g})" if e.get("epsilon") is not None else ""
    if e["lower"] is None:
        return _f(e["value"], width) + eps
    return f"{_f(e['value'], width)} [{_f(e['lower'], width)}, {_f(e['upper'], width)}]" + eps


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min ({seconds:.0f} s)"


def markdown(doc: dict[str, Any], width: int = 3) -> str:
    """The report as Markdown (``doc`` is the JSON document :func:`mtmetrics.cli.meta` builds)."""
    t = doc["timing"]
    lines = [f"# {doc['title']}", ""]
    lines += [
        f"Produced by `mtmetrics meta report` (mtmetrics {doc['version']}) with the command "
        "(run from the repository root, with ../shared beside it):",
        "",
        "```sh",
        doc["command"],
        "```",
        "",
    ]
    if doc.get("note"):
        lines += [f"**Settings.** {doc['note']}", ""]
    lines += ["## Data", ""]
    lines += ["| table | sha256 | rows used | groups | human |", "|---|---|---|---|---|"]
    for tb in doc["tables"]:
        rows = f"{tb['rows']}" + (f" of {tb['sample']['of_rows']}" if tb.get("sample") else "")
        groups = ", ".join(tb["groups"])
        lines.append(f"| `{tb['table']}` | `{tb['sha256']}` | {rows} | {groups} | {', '.join(tb['human'])} |")
    lines.append("")
    for tb in doc["tables"]:
        dropped = tb.get("dropped_systems") or {}
        if dropped:
            names = ", ".join(f"`{n}` ({100 * v:.0f} % of its rows)" for n, v in dropped.items())
            lines += [
                f"`{tb['table']}`: left out as systems because their output is one of the references "
                f"(identical to a reference column on more than {100 * REFERENCE_SHARE:.0f} % of their rows; "
                f"every metric would give them a perfect score): {names}. Rows naming them with another "
                "system (`A+B`) count for the other system only.",
                "",
            ]
        for group, items in (tb.get("language_excluded") or {}).items():
            names = "; ".join(f"`{x['metric']}` ({x['resources']}: {', '.join(x['languages'])} only)" for x in items)
            lines += [
                f"`{tb['table']}`, {group}: left out because their resources do not cover the target language "
                f"`{target_language(group)}`: {names}.",
                "",
            ]
        s = tb.get("sample")
        if s:
            per = "; ".join(
                f"{g}: {v['segments']} of {v['of_segments']} segments, {v['rows']} rows" for g, v in s["groups"].items()
            )
            lines += [
                f"`{tb['table']}` is subsampled: per group, {s['segments_per_group']} source segments drawn "
                f"without replacement by `numpy.random.default_rng([{s['seed']}, group_index]).choice(m, "
                f"{s['segments_per_group']}, replace=False)` over the m distinct segment ids in order of first "
                f"appearance (groups numbered in order of first appearance); all systems' rows of a drawn "
                f"segment are kept ({per}).",
                "",
            ]
    b = doc["bootstrap"]
    lines += [
        "## Method",
        "",
        "- Correlations: Pearson, Spearman and Kendall tau-b, per group; segment level pools all judged "
        "segments of the group; system level correlates each system's corpus score (the metric's own "
        "aggregation of its segment statistics) with its mean human score. WMT's `A+B` rows (identical "
        "outputs) count for both systems at system level.",
        f"- Intervals: 95 % bootstrap percentile intervals, {b['n']} resamples, seed {b['seed']}. Segment level "
        "resamples rows; "
        + (
            "system level resamples each system's segments on its own (`--system-resampling independent`). "
            if b.get("system_resampling") == "independent"
            else "system level resamples the source segments the systems share, jointly: each resample draws "
            "segment ids with replacement and every system keeps its rows of the drawn segments, as WMT and "
            "mt-metrics-eval do. "
        )
        + "Every metric sees the same resamples.",
        "- Error rates (marked ↓) are negated before correlating, so higher is better everywhere.",
        "- Significance clusters (column *cl*, Pearson only): metrics ranked by r; the top metric leads "
        "cluster 1; walking down the ranking, a metric joins the current cluster unless a one-sided test at "
        "p < 0.05 says the cluster's leader is better, in which case it leads the next cluster. ★ marks the "
        "winners: metrics that no higher-ranked metric beats significantly. The test: at system level "
        "Williams' test (using the two metrics' correlation on the same systems; no clusters with 3 or fewer "
        "systems); "
        + (
            "at segment level Williams' test over all rows (`--segment-test williams`), which treats the "
            "systems × segments rows as independent and so overstates significance."
            if doc.get("segment_test") == "williams"
            else "at segment and item level the PERM-BOTH permutation test (Deutsch et al. 2021) swapping the "
            "two metrics' standardised scores of whole source segments at once (the rows of one segment share "
            "its source and references and are not independent)"
            + (
                f", {doc['permutations']['n']} permutations, seed {doc['permutations']['seed']}."
                if doc.get("permutations", {}).get("n")
                else " (not run: `--permutations 0`)."
            )
        )
        + (
            f" Column *perm*: the same clusters and winners from mt-metrics-eval's PERM-BOTH test (Deutsch et "
            f"al. 2021), swapping each point (row or system) on its own; {doc['permutations']['n']} "
            f"permutations, seed {doc['permutations']['seed']}."
            if doc.get("permutations", {}).get("n")
            else ""
        ),
        "- Agreement measures, where asked for: pairwise accuracy (Kocmi et al. 2021) and soft pairwise accuracy "
        "(Thompson et al. 2024) at system level, pooled over groups as WMT pools accuracy; acc-eq with tie "
        "calibration (Deutsch et al. 2023) over all segments and grouped by item, with its threshold ε.",
        "",
        "## Time",
        "",
        f"{_duration(t['total'])} wall-clock on {doc['jobs']} process(es) "
        f"(reading {t['read']:.1f} s, scoring {t['scoring']:.1f} s, correlations and bootstrap "
        f"{t['correlation']:.1f} s, significance {t['significance']:.1f} s"
        + (f", pictures {t['plots']:.1f} s" if t.get("plots") else "")
        + ").",
    ]
    cpu = doc["scoring_cpu_seconds"]
    total_cpu = sum(cpu.values())
    if total_cpu > 0:
        top = max(cpu, key=lambda k: cpu[k])
        share = cpu[top] / total_cpu
        lines.append(
            f"Scoring used {total_cpu:.1f} CPU seconds; the slowest metric, `{top}`, took {cpu[top]:.1f} s "
            f"({100 * share:.0f} %)" + (", and dominates the run." if share >= 0.5 else ".")
        )
    lines.append("")
    if doc["unavailable"]:
        lines += ["Skipped (a resource is missing):", ""]
        lines += [f"- `{u['spec']}`: {u['reason']}" for u in doc["unavailable"]]
        lines.append("")
    lines += _summary(doc, width)
    for tb in doc["tables"]:
        lines += _table_sections(tb, doc, width)
    lines += ["## Signatures", "", "| metric | signature | scoring CPU s |", "|---|---|---|"]
    for spec, sigs in doc["signatures"].items():
        sig = "<br>".join(f"`{s}`" for s in sigs)
        lines.append(f"| {spec} | {sig} | {cpu.get(spec, 0.0):.1f} |")
    lines.append("")
    return "\n".join(lines)


def _summary(doc: dict[str, Any], width: int) -> list[str]:
    out: list[str] = []
    flipped = set(doc["flipped"])
    for level in doc["levels"]:
        cols: list[tuple[str, str, str]] = []
        for tb in doc["tables"]:
            for g in tb["groups"]:
                for h in tb["human"]:
                    cols.append((tb["table"], g, h))
        values: dict[str, list[float]] = {}
        for tb in doc["tables"]:
            for e in tb["correlations"]:
                if e["level"] == level and e["kind"] == "pearson":
                    values.setdefault(e["metric"], [])
        table: dict[str, dict[tuple[str, str, str], float]] = {m: {} for m in values}
        for tb in doc["tables"]:
            for e in tb["correlations"]:
                if e["level"] == level and e["kind"] == "pearson":
                    v = math.nan if e["value"] is None else e["value"]
                    table[e["metric"]][(tb["table"], e["group"], e["human"])] = v
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


def _table_sections(tb: dict[str, Any], doc: dict[str, Any], width: int) -> list[str]:
    out: list[str] = []
    flipped = set(doc["flipped"])
    kinds = doc["kinds"]
    pooled = ["pooled"] if any(e["group"] == "pooled" for e in tb["correlations"]) else []
    for group in tb["groups"] + pooled:
        for human in tb["human"]:
            title = f"## {group}" + (f" — `{tb['table']}`" if len(doc["tables"]) > 1 else "") + f" (human: {human})"
            out += [title, ""]
            for level in doc["levels"]:
                ests = [e for e in tb["correlations"] if (e["group"], e["human"], e["level"]) == (group, human, level)]
                if not ests:
                    continue
                n = ests[0]["n"]
                unit = "systems" if level == "system" else "segments"
                out += [f"### {level.capitalize()} level ({n} {unit})", ""]
                cl: list[dict[str, Any]] = next(
                    (
                        c["ranking"]
                        for c in tb["clusters"]
                        if (c["group"], c["human"], c["level"]) == (group, human, level)
                    ),
                    [],
                )
                by_metric = {r["metric"]: r for r in cl}
                perm = {
                    r["metric"]: r
                    for c in tb.get("perm_clusters", [])
                    if (c["group"], c["human"], c["level"]) == (group, human, level)
                    for r in c["ranking"]
                }
                shown = [k for k in kinds if any(e["kind"] == k for e in ests)]
                perm_head = "perm | " if perm else ""
                metrics = list(dict.fromkeys(e["metric"] for e in ests))
                metrics.sort(key=lambda m: by_metric[m]["rank"] if m in by_metric else 10**6)
                out.append(
                    "| metric | cl | " + perm_head + " | ".join(k.capitalize() + " [95 % CI]" for k in shown) + " |"
                )
                out.append("|---|---|" + ("---|" if perm else "") + "---|" * len(shown))
                for m in metrics:
                    r = by_metric.get(m)
                    cl_txt = "–" if r is None else f"{r['cluster']}" + (" ★" if r["winner"] else "")
                    if perm:
                        q = perm.get(m)
                        cl_txt += " | " + ("–" if q is None else f"{q['cluster']}" + (" ★" if q["winner"] else ""))
                    cells = []
                    for k in shown:
                        e = next((x for x in ests if x["metric"] == m and x["kind"] == k), None)
                        cells.append("–" if e is None else _cell(e, width))
                    out.append(f"| {m}{' ↓' if m in flipped else ''} | {cl_txt} | " + " | ".join(cells) + " |")
                out.append("")
    return out
