"""Correlations of metric scores with human judgments over a scored table (docs/meta.md §1).

:func:`correlate` computes, per group and human column, the coefficients and the WMT agreement
measures at segment (pooled rows), item (within each source segment, averaged) and system level
(each system's own corpus score, re-aggregated from its statistics, against its mean human score),
with seeded bootstrap 95 % percentile intervals. The draws depend only on the seed, the group and
the row layout, never on the metric, so differences between metrics can be bootstrapped pairwise.
Memory stays bounded: segment resamples are redrawn in blocks of :data:`BLOCK_ELEMENTS` indices,
system resamples are held as counts (:mod:`mtmetrics.stats.bootweights`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from mtmetrics.engine import pool
from mtmetrics.errors import InputError
from mtmetrics.io.tables import Columns, Table
from mtmetrics.stats import agreement as agr
from mtmetrics.stats.bootweights import SystemWeights, compact, weighted_sums
from mtmetrics.stats.correlation import FUNCTIONS, KINDS, ROW_FUNCTIONS, Resampled
from mtmetrics.stats.significance import interval
from mtmetrics.stats.ties import groups_of

from . import Record
from .scores import MetricScores

LEVELS = ("segment", "item", "system")
#: every measure ``correlate`` knows: the correlation coefficients, then the agreement measures
ALL_KINDS = KINDS + agr.KINDS

#: how system-level resamples are drawn: the shared items jointly (WMT, mtme), or each system alone
SYSTEM_RESAMPLING = ("joint", "independent")


@dataclass(frozen=True)
class CorrelationSettings:
    """What :func:`correlate` computes and how it resamples (one frozen value: equal settings, same
    computation). ``split_systems``: the separator of WMT's ``A+B`` rows (``None``: a system of its
    own); ``permutations``: soft-accuracy's (mtme's ``k``); ``keep_samples``: keep every estimate's
    bootstrap replicates in :attr:`Correlations.samples` (paired tests). Unknown names and
    impossible counts raise ``ValueError``."""

    humans: tuple[str, ...]
    levels: tuple[str, ...] = ("segment", "system")
    kinds: tuple[str, ...] = KINDS
    n_boot: int = 1000
    seed: int = 12345
    split_systems: str | None = "+"
    permutations: int = agr.DEFAULT_PERMUTATIONS
    system_resampling: str = "joint"
    keep_samples: bool = False

    def __post_init__(self) -> None:
        for name in ("humans", "levels", "kinds"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if bad := [lv for lv in self.levels if lv not in LEVELS]:
            raise ValueError(f"unknown level(s) {bad}; choose from {LEVELS}")
        if bad := [k for k in self.kinds if k not in ALL_KINDS]:
            raise ValueError(f"unknown measure(s) {bad}; choose from {ALL_KINDS}")
        if self.system_resampling not in SYSTEM_RESAMPLING:
            raise ValueError(f"system_resampling must be one of {SYSTEM_RESAMPLING}, not {self.system_resampling!r}")
        if self.n_boot < 0 or self.permutations < 1:
            raise ValueError("n_boot must be 0 or more and permutations at least 1")

    @classmethod
    def of(cls, options: Any, humans: Sequence[str], **given: Any) -> CorrelationSettings:
        """The settings from a command's options (``bootstrap_n``, ``seed``, ``no_split_systems``,
        ``system_resampling``: parsed options or a ``ReportSettings``); ``given``: the rest."""
        split = None if options.no_split_systems else "+"
        n, seed, resampling = options.bootstrap_n, options.seed, options.system_resampling
        return cls(tuple(humans), n_boot=n, seed=seed, split_systems=split, system_resampling=resampling, **given)


@dataclass(frozen=True)
class Estimate:
    """A correlation, its bootstrap interval and how many points / valid resamples it rests on."""

    group: str
    human: str
    level: str
    metric: str
    kind: str
    value: float
    lower: float
    upper: float
    n: int
    resamples: int
    epsilon: float | None = None  # acc-eq: the calibrated tie threshold
    epsilon_last: float | None = None  # acc-eq: the largest threshold with the same value

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``nan`` becomes ``None``; ``epsilon`` only for acc-eq)."""
        skip = {k for k in ("epsilon", "epsilon_last") if getattr(self, k) is None}
        nan = lambda v: isinstance(v, float) and math.isnan(v)  # noqa: E731
        return {k: None if nan(v) else v for k, v in self.__dict__.items() if k not in skip}


def epsilon_text(e: Estimate, width: int) -> str:
    """acc-eq's threshold: ``ε=x``, or ``ε=x…y`` when every threshold from ``x`` to ``y`` reaches the
    same maximum (mt-metrics-eval reports one of them, whichever its float sum rounds highest)."""
    assert e.epsilon is not None
    text = f"ε={e.epsilon:.{width}g}"
    if e.epsilon_last is not None and math.isfinite(e.epsilon_last) and e.epsilon_last > e.epsilon:
        text += f"…{e.epsilon_last:.{width}g}"
    return text


#: the most row indices of segment-level resamples held at once (a block of resamples)
BLOCK_ELEMENTS = 1 << 19


@dataclass
class GroupDraws:
    """The resampling draws of one group, shared by every metric."""

    rows: np.ndarray  # row indices of the group in the table
    segment_state: dict[str, Any]  # the generator's state before the segment level's draws
    item_ids: np.ndarray  # item (source segment) index of each row of the group
    item_idx: np.ndarray  # (B, n_items) resampled items, in the smallest unsigned integer type
    systems: list[str]
    system_rows: list[np.ndarray]  # positions (within the group) of each system's rows
    system_weights: list[SystemWeights]  # (B, n_s) bootstrap counts of each system's rows, compact
    n_boot: int = 0

    def segment_blocks(self) -> Iterator[np.ndarray]:
        """The segment level's resamples (positions within the group), redrawn from the saved state
        a block at a time: the numbers of one ``integers(0, n, (B, n))`` call, with at most
        :data:`BLOCK_ELEMENTS` indices in memory."""
        rng = np.random.default_rng()
        rng.bit_generator.state = self.segment_state
        yield from _segment_blocks(rng, self.n_boot, len(self.rows))


def _segment_blocks(rng: np.random.Generator, n_boot: int, n: int) -> Iterator[np.ndarray]:
    step = max(1, BLOCK_ELEMENTS // max(n, 1))
    for start in range(0, n_boot, step):
        yield rng.integers(0, n, size=(min(step, n_boot - start), n))


def system_membership(names: Sequence[str], split: str | None = "+") -> tuple[list[str], list[np.ndarray]]:
    """Systems and the positions of their rows. WMT's row ``A+B`` (identical outputs) counts for A
    and for B when ``split`` is ``+`` and every part is a system of its own (else it is one name)."""
    plain = set(names)
    members: dict[str, list[int]] = {}
    for pos, name in enumerate(names):
        parts = name.split(split) if split and split in name else [name]
        if len(parts) > 1 and not all(p in plain for p in parts):
            parts = [name]
        for p in parts:
            members.setdefault(p, []).append(pos)
    return list(members), [np.array(v, dtype=np.int64) for v in members.values()]


def group_draws(
    rows: np.ndarray,
    systems: np.ndarray,
    items: np.ndarray,
    n_boot: int,
    seed: int,
    group_index: int,
    *,
    split: str | None = "+",
    system_resampling: str = "joint",
) -> GroupDraws:
    """Draw the resamples of one group from ``default_rng([seed, group_index])``, in this order: the
    segment level's ``integers(0, n, (B, n))`` (kept as the state they start from), ``item_idx``
    (``integers(0, m, (B, m))`` over the m item ids in sorted order), then, only for
    ``"independent"``, each system's ``integers(0, n_s, (B, n_s))``. With ``"joint"`` a system
    row's weight in resample b is how often ``item_idx[b]`` drew its item."""
    if system_resampling not in SYSTEM_RESAMPLING:
        raise ValueError(f"system_resampling must be one of {SYSTEM_RESAMPLING}, not {system_resampling!r}")
    rng = np.random.default_rng([seed, group_index])
    n = len(rows)
    segment_state = dict(rng.bit_generator.state)
    rng.bit_generator.state = _advanced(segment_state, n_boot, n)
    item_names, item_ids = np.unique(items[rows], return_inverse=True)
    item_ids = item_ids.reshape(-1)
    m_items = len(item_names)
    item_idx = rng.integers(0, m_items, size=(n_boot, m_items))
    sys_names, sys_rows = system_membership(systems[rows].tolist(), split)
    weights = []
    if system_resampling == "joint":
        item_counts = _counts(item_idx, m_items)
        weights = [SystemWeights(item_counts, item_ids[pos]) for pos in sys_rows]
    else:
        for pos in sys_rows:
            weights.append(SystemWeights(_counts(rng.integers(0, len(pos), size=(n_boot, len(pos))), len(pos))))
    return GroupDraws(rows, segment_state, item_ids, compact(item_idx), sys_names, sys_rows, weights, n_boot)


def _advanced(state: dict[str, Any], n_boot: int, n: int) -> dict[str, Any]:
    """The generator state after the segment level's ``B × n`` draws from ``state``."""
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    for _ in _segment_blocks(rng, n_boot, n):
        pass
    return dict(rng.bit_generator.state)


def _counts(draws: np.ndarray, m: int) -> np.ndarray:
    """``(B, m)`` counts of each value ``0..m-1`` in each row of ``draws``, compact."""
    b = len(draws)
    flat = draws + np.arange(b)[:, None] * m
    return compact(np.bincount(flat.ravel(), minlength=b * m).reshape(b, m))


@dataclass
class Points:
    """The points a correlation is computed on, and their bootstrap replicates."""

    metric: np.ndarray
    human: np.ndarray
    metric_boot: np.ndarray | None = None  # (B, n)
    human_boot: np.ndarray | None = None


@dataclass(frozen=True)
class SystemPoint(Record):
    """One system's point at system level: the metric's corpus score and the human score."""

    group: str
    human: str
    metric: str
    system: str
    metric_score: float
    human_score: float
    segments: int  # the judged rows the system's scores rest on


@dataclass
class Correlations:
    """Everything :func:`correlate` computed: estimates, system-level points, bootstrap samples."""

    estimates: list[Estimate] = field(default_factory=list)
    system_points: list[SystemPoint] = field(default_factory=list)
    samples: dict[tuple[str, str, str, str, str], np.ndarray] = field(default_factory=dict)
    points: dict[tuple[str, str, str, str], Points] = field(default_factory=dict)
    #: the agreement measures' floors: a constant and a random metric (:mod:`mtmetrics.stats.floors`)
    floors: list[Estimate] = field(default_factory=list)


def _interval(value: float, boot: np.ndarray, seed: int) -> tuple[float, float, int]:
    finite = boot[np.isfinite(boot)]
    if not len(finite) or math.isnan(value):
        return math.nan, math.nan, len(finite)
    iv = interval(finite, seed)
    return iv.lower, iv.upper, len(finite)


def _correlate(
    table: Table,
    columns: Columns,
    scores: Sequence[MetricScores],
    settings: CorrelationSettings,
    system_human: Mapping[tuple[str, str], float] | None,
) -> Correlations:
    """:func:`correlate` in this process."""
    humans, levels, kinds = settings.humans, settings.levels, settings.kinds
    n_boot, seed, keep_samples = settings.n_boot, settings.seed, settings.keep_samples
    n_rows = len(table)
    groups = np.array(table.columns[columns.group]) if columns.group else np.array(["all"] * n_rows)
    systems = np.array(table.columns[columns.system])
    items = np.array(table.columns[columns.segment])
    human_values = {h: table.numbers(h) for h in humans}
    out = Correlations()
    samples = out.samples if keep_samples else None
    per_group: dict[tuple[str, str, str], list[agr.Value]] = {}
    group_names = list(dict.fromkeys(groups.tolist()))
    for gi, group in enumerate(group_names):
        rows = np.flatnonzero(groups == group)
        split, resampling = settings.split_systems, settings.system_resampling
        draws = group_draws(rows, systems, items, n_boot, seed, gi, split=split, system_resampling=resampling)
        if system_human is not None:
            draws = _official_systems(draws, system_human, group)
        for human in humans:
            h_all = human_values[human][rows]
            h_sys = np.array([h_all[pos].mean() for pos in draws.system_rows])
            h_sys_boot = None
            if system_human is not None:
                h_sys = np.array([_official(system_human, group, name) for name in draws.systems])
                if n_boot:  # official scores have no resamples: fixed in every resample
                    h_sys_boot = np.tile(h_sys, (n_boot, 1))
            elif n_boot:
                with np.errstate(invalid="ignore", divide="ignore"):
                    h_sys_boot = np.column_stack(
                        [
                            np.divide(*weighted_sums(w, h_all[pos]))
                            for w, pos in zip(draws.system_weights, draws.system_rows, strict=True)
                        ]
                    )
            hs = agr.Humans(
                h_sys, h_sys_boot, h_all, draws.item_ids, draws.system_rows, [seed, gi], settings.permutations
            )
            measured = [(lv, k) for lv in levels for k in kinds if k in agr.KINDS and agr.defined(k, lv)]
            for ms in scores:
                m_all = ms.segment_scores[rows]
                for level in levels:
                    pts = _points(level, ms, m_all, h_all, h_sys, h_sys_boot, draws, n_boot, group)
                    out.points[(group, human, level, ms.spec)] = pts
                    seg_boot = _segment_boot(level, kinds, pts, draws)
                    for kind in kinds:
                        key = (group, human, level, ms.spec, kind)
                        if (level, kind) in measured:
                            val = agr.agreement(kind, level, hs, pts.metric, pts.metric_boot, m_all)
                            per_group.setdefault((human, ms.spec, kind), []).append(val)
                            _add(out.estimates, samples, key, val, seed)
                        if kind not in agr.KINDS:
                            est, boot = _estimate(level, kind, pts, draws, n_boot, seg_boot)
                            npts = len(draws.systems) if level == "system" else len(rows)
                            if level == "item":
                                npts = int(np.count_nonzero(np.bincount(draws.item_ids) >= 3))
                            _add(out.estimates, samples, key, agr.Value(est, boot, npts), seed)
                if "system" in levels:
                    sys_scores = out.points[(group, human, "system", ms.spec)].metric
                    for name, score, hval, pos in zip(draws.systems, sys_scores, h_sys, draws.system_rows, strict=True):
                        out.system_points.append(
                            SystemPoint(group, human, ms.spec, name, float(score), float(hval), len(pos))
                        )
            for level, kind in measured:
                for name, val in agr.floor_values(kind, level, hs).items():
                    per_group.setdefault((human, name, kind), []).append(val)
                    _add(out.floors, None, (group, human, level, name, kind), val, seed)
    if len(group_names) > 1 and "system" in levels:
        for (human, spec, kind), vals in per_group.items():
            if kind in ("accuracy", "soft-accuracy"):
                floor = spec in agr.FLOORS
                value = agr.Value(*agr.pooled(vals), sum(v.n for v in vals))
                key = (agr.POOLED, human, "system", spec, kind)
                _add(out.floors if floor else out.estimates, None if floor else samples, key, value, seed)
    return out


def _official(table: Mapping[tuple[str, str], float], group: str, system: str) -> float:
    """The official score of ``system`` in ``group`` (an entry for group ``""`` serves every group)."""
    return table[(group, system)] if (group, system) in table else table[("", system)]


def _official_systems(draws: GroupDraws, table: Mapping[tuple[str, str], float], group: str) -> GroupDraws:
    """The draws restricted to the systems that have an official system-level human score."""
    keep = [i for i, s in enumerate(draws.systems) if (group, s) in table or ("", s) in table]
    return replace(
        draws,
        systems=[draws.systems[i] for i in keep],
        system_rows=[draws.system_rows[i] for i in keep],
        system_weights=[draws.system_weights[i] for i in keep],
    )


def _add(
    out: list[Estimate],
    samples: dict[tuple[str, str, str, str, str], np.ndarray] | None,
    key: tuple[str, str, str, str, str],
    val: agr.Value,
    seed: int,
) -> None:
    """Append estimate ``key`` of ``val``: its interval (from ``val.boot``) and ε; its replicates
    kept in ``samples`` (paired tests), if given."""
    lo, hi, valid = _interval(val.value, val.boot, seed) if len(val.boot) else (math.nan, math.nan, 0)
    out.append(Estimate(*key, val.value, lo, hi, val.n, valid, val.epsilon, val.epsilon_last))
    if samples is not None:
        samples[key] = val.boot


def _points(
    level: str,
    ms: MetricScores,
    m_all: np.ndarray,
    h_all: np.ndarray,
    h_sys: np.ndarray,
    h_sys_boot: np.ndarray | None,
    draws: GroupDraws,
    n_boot: int,
    group: str = "",
) -> Points:
    if level == "system" and ms.system_scores is not None:  # official scores: no resamples
        missing = [s for s in draws.systems if (group, s) not in ms.system_scores and ("", s) not in ms.system_scores]
        if missing:
            raise InputError(f"{ms.spec}: no system-level score for {', '.join(missing)} ({group}).")
        return Points(np.array([_official(ms.system_scores, group, s) for s in draws.systems]), h_sys)
    if level == "system":
        m_sys = np.array([ms.system_score(draws.rows[pos]) for pos in draws.system_rows])
        m_boot = None
        if n_boot:
            m_boot = np.column_stack(
                [
                    ms.resampled_system_scores(draws.rows[pos], w)
                    for w, pos in zip(draws.system_weights, draws.system_rows, strict=True)
                ]
            )
        return Points(m_sys, h_sys, m_boot, h_sys_boot)
    return Points(m_all, h_all)


def _segment_boot(level: str, kinds: Sequence[str], pts: Points, draws: GroupDraws) -> dict[str, np.ndarray]:
    """The segment level's bootstrap replicates of every coefficient in ``kinds``, in one pass over
    the resample blocks (empty for other levels and without resamples)."""
    coefficients = [k for k in kinds if k in FUNCTIONS]
    if level != "segment" or not draws.n_boot or not coefficients:
        return {}
    return Resampled(pts.metric, pts.human).all_rows(coefficients, draws.segment_blocks())


def _estimate(
    level: str, kind: str, pts: Points, draws: GroupDraws, n_boot: int, seg_boot: Mapping[str, np.ndarray]
) -> tuple[float, np.ndarray]:
    fn = FUNCTIONS[kind]
    if level == "item":
        # the correlation within each item (``nan`` where undefined: fewer than 3 rows or constant)
        per_item = np.full(int(draws.item_ids.max()) + 1 if len(draws.item_ids) else 0, np.nan)
        for pos in groups_of(draws.item_ids, 3):
            per_item[draws.item_ids[pos[0]]] = fn(pts.metric[pos], pts.human[pos])
        value = float(np.nanmean(per_item)) if np.any(np.isfinite(per_item)) else math.nan
        boot = np.zeros(0)
        if n_boot:
            sampled = per_item[draws.item_idx]
            with np.errstate(invalid="ignore"):
                counts = np.sum(np.isfinite(sampled), axis=1)
                sums = np.nansum(sampled, axis=1)
                boot = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)
        return value, boot
    value = fn(pts.metric, pts.human)  # nan with fewer than 2 points
    if level == "segment":
        return value, seg_boot.get(kind, np.zeros(0))
    boot = np.zeros(0)
    if n_boot and pts.metric_boot is not None and pts.human_boot is not None and len(pts.metric) >= 2:
        boot = ROW_FUNCTIONS[kind](pts.metric_boot, pts.human_boot)
    return value, boot


def _correlate_part(shared: tuple[Any, ...], specs: list[str]) -> Correlations:
    """The correlations of the metrics ``specs``, with the table, scores and settings a pool shares."""
    table, columns, scores, settings, system_human = shared
    return _correlate(table, columns, [s for s in scores if s.spec in specs], settings, system_human)


def correlate(
    table: Table,
    columns: Columns,
    scores: Sequence[MetricScores],
    settings: CorrelationSettings,
    *,
    jobs: int = 1,
    system_human: Mapping[tuple[str, str], float] | None = None,
) -> Correlations:
    """Correlations of every metric with every human column, per group, as ``settings`` say.

    ``system_human`` (``(group, system) → score``; group ``""``: every group) replaces the system
    level's human scores, fixed in every resample, and keeps only the systems it names. ``jobs > 1``
    shares the metrics among processes (same resamples), merged back in single-process order."""
    if jobs <= 1 or len(scores) <= 1:
        return _correlate(table, columns, scores, settings, system_human)
    specs = [s.spec for s in scores]
    parts_specs = [(specs[i::jobs],) for i in range(min(jobs, len(specs)))]
    # forked when possible (no metric scores text here: only numpy arrays and score formulas); else pickled
    parts = pool.map(_correlate_part, parts_specs, jobs, (), (table, columns, scores, settings, system_human))
    groups = table.columns[columns.group] if columns.group else ["all"]
    g_order = {g: i for i, g in enumerate(dict.fromkeys([*groups, agr.POOLED]))}
    h_order = {h: i for i, h in enumerate(settings.humans)}
    m_order = {m: i for i, m in enumerate(specs)}
    out = Correlations()
    # the floors depend on the table and the draws alone, not on the metrics: every part has the same
    out.floors = list(parts[0].floors)
    for part in parts:
        out.estimates += part.estimates
        out.system_points += part.system_points
        out.samples.update(part.samples)
        out.points.update(part.points)
    # a metric's values come from one part, in order: a stable sort by (group, human, metric) suffices
    out.estimates.sort(key=lambda e: (g_order[e.group], h_order[e.human], m_order[e.metric]))
    out.system_points.sort(key=lambda p: (g_order[p.group], h_order[p.human], m_order[p.metric]))
    key = sorted(out.points, key=lambda k: (g_order[k[0]], h_order[k[1]], m_order[k[3]]))
    out.points = {k: out.points[k] for k in key}
    return out
