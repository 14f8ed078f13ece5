"""What ``meta report`` adds to :mod:`.correlate` (docs/meta.md §1, §2): default metrics, seeded
subsampling, reference systems, language exclusions and significance clusters.

Clusters (Pearson's r, per group and level): walking down the ranking, a metric joins the current
cluster unless the level's one-sided test against the cluster's *leader* gives ``p < 0.05``; then it
leads the next one. The first cluster are the winners. The test is Williams' at system level (more
than 3 points) and PERM-BOTH over whole source segments at segment and item level (the rows of one
segment are not independent; ``--segment-test williams`` keeps Williams' test over all rows).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mtmetrics.io.tables import Columns, Table
from mtmetrics.metric import Metric
from mtmetrics.stats.corrtests import williams

from . import Record
from .correlate import Correlations, system_membership
from .scores import MetricScores

#: a system whose output equals a reference on more than this share of its rows *is* that reference
REFERENCE_SHARE = 0.5

ALPHA = 0.05


def runs_on_plain_text(cls: type[Metric]) -> bool:
    """Whether ``meta report`` runs ``cls`` by default: it declares :attr:`~mtmetrics.Metric.plain_text`
    and needs neither a source nor annotations (which a table may not have)."""
    return cls.plain_text and not cls.inputs.source and not cls.inputs.annotations


def default_metric_names(registry: Mapping[str, Any]) -> list[str]:
    """Registered metrics that run on hypotheses and references alone (:func:`runs_on_plain_text`),
    in name order."""
    return [name for name, entry in sorted(registry.items()) if runs_on_plain_text(entry.cls)]


def sample_table(table: Table, columns: Columns, n_segments: int, seed: int) -> tuple[Table, dict[str, Any]]:
    """Keep every system's rows of ``n_segments`` source segments per group (all systems on the same
    segments): per group, ``default_rng([seed, group_index]).choice(m, n_segments, replace=False)``
    over its m segment ids in order of first appearance; smaller groups are kept whole."""
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
    """Systems whose output equals a reference on more than ``share`` of their rows, with that share
    (an ``A+B`` row counts for A and B, as :func:`~.correlate.system_membership` counts it)."""
    refs = [table.columns[c] for c in columns.refs]
    same = [
        bool(h := hyp.strip()) and any(h == r[i].strip() for r in refs)
        for i, hyp in enumerate(table.columns[columns.hyp])
    ]
    names, rows = system_membership(table.columns[columns.system], split)
    shares = {n: sum(same[i] for i in pos) / len(pos) for n, pos in zip(names, rows, strict=True)}
    return {n: shares[n] for n in sorted(shares) if shares[n] > share}


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


@dataclass(frozen=True)
class LanguageExclusion:
    """A metric left out of a group because its resources do not cover the target language."""

    metric: str
    languages: tuple[str, ...]
    resources: str

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "languages": list(self.languages), "resources": self.resources}


def exclude_by_language(res: Correlations, scores: Sequence[MetricScores]) -> dict[str, list[LanguageExclusion]]:
    """Remove, in place, the estimates and system points of a group named like a language pair
    (``en-de``) for metrics whose :meth:`~mtmetrics.Metric.target_languages` leave out its target
    (METEOR's English WordNet says nothing on en→de); returns, per group, who was left out and why."""
    out: dict[str, list[LanguageExclusion]] = {}
    groups = list(dict.fromkeys(e.group for e in res.estimates))
    for group in groups:
        target = target_language(group)
        if target is None:
            continue
        for s in scores:
            langs = s.metric.target_languages()
            if langs is not None and target not in langs:
                out.setdefault(group, []).append(LanguageExclusion(s.spec, tuple(langs), s.metric.language_resources()))
    gone = {(g, x.metric) for g, xs in out.items() for x in xs}
    if gone:
        res.estimates[:] = [e for e in res.estimates if (e.group, e.metric) not in gone]
        res.system_points[:] = [p for p in res.system_points if (p.group, p.metric) not in gone]
    return out


@dataclass(frozen=True)
class Ranked(Record):
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
    """Greedy significance clusters and winners (module docstring) from correlations with the humans
    (``values``), between metrics (``cross[(a, b)]``, either order) and ``n``; ``test(a, b)`` (the
    one-sided p of "a is better than b", e.g. a permutation test) replaces Williams' test."""
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
        # ★ follows the cluster rule: the winners are the first cluster (not significantly below its
        # leader). A per-pair rule ("no higher metric beats it") could mark a last-ranked metric and
        # not a higher one, since the tests are not transitive.
        out.append(Ranked(m, values[m], rank, cluster, p, cluster == 1))
    return out
