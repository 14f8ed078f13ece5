"""Metrics ranked as the WMT23 and WMT24 metrics tasks rank them (docs/meta.md §7a), as
mt-metrics-eval's ``tasks.WMT23`` / ``tasks.WMT24`` define the tasks and ``TaskSetResults`` ranks.

A *task* is a measure at a level on one language pair (system-level accuracy: on all pairs pooled)
with a weight. Each task ranks the metrics by its value and tests every pair by PERM-BOTH
(:mod:`mtmetrics.stats.sharedperm`); the *global score* of a metric is the weighted mean of its
task values, each mapped to ``[0, 1]`` (Pearson ``(r + 1) / 2``), and the global tests re-use each
task's draws. Clusters follow ``AssignRanks``: walking down the ranking, a metric starts a new
cluster when any member of the current one beats it at ``p <= α``.

Presets (the language pairs are the table's groups, sorted):

* ``wmt23``: system-level pairwise accuracy over all pairs (weight: the number of pairs), and per
  pair system- and segment-level Pearson and segment-level acc-eq averaged over items (weight 1
  each); weights normalised to sum to 1.
* ``wmt24``: per pair system-level soft pairwise accuracy and segment-level acc-eq over items,
  equal weights.

Measures as mtme computes them: a system's score is the mean of its judged segments (humans) and
the metric's corpus score of the same rows; segment Pearson pools every judged cell; soft pairwise
accuracy tests systems on their common items with mtme's 1,000 sign vectors from seed 4; acc-eq
calibrates one ε per metric over all items (:func:`~mtmetrics.stats.ties.acc_eq`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

import mtmetrics
from mtmetrics.errors import InputError, ParameterError
from mtmetrics.io.tables import Columns, Table
from mtmetrics.stats.accuracy import accuracy_rows, pairwise_p_values, permutation_signs
from mtmetrics.stats.corrections import clusters
from mtmetrics.stats.correlation import pearson_rows
from mtmetrics.stats.permutation import RowMeasure, standardise
from mtmetrics.stats.sharedperm import (
    EarlyStop,
    PairBlock,
    PairDraws,
    keep_masks,
    pair_tests,
    perm_pairs,
    perm_scores,
    weighted_tests,
)
from mtmetrics.stats.significance import interval
from mtmetrics.stats.ties import acc_eq

from .scores import MetricScores

#: where each measure lies (mapped to [0, 1] for the global score)
RANGE = {"pearson": (-1.0, 1.0), "accuracy": (0.0, 1.0), "soft-accuracy": (0.0, 1.0), "acc-eq": (0.0, 1.0)}
#: mtme's soft pairwise accuracy: its permutations and their seed (``pce.compute_pairwise_p_values``)
SPA_PERMUTATIONS, SPA_SEED = 1000, 4


@dataclass(frozen=True)
class Task:
    """One task: ``measure`` at ``level`` on ``lps`` (several only for pooled accuracy), weighted."""

    lps: tuple[str, ...]
    level: str
    measure: str
    weight: float

    @property
    def name(self) -> str:
        return f"{','.join(self.lps)} {self.level} {self.measure}"


def _normalised(tasks: Sequence[tuple[tuple[str, ...], str, str, float]]) -> list[Task]:
    total = sum(w for *_, w in tasks)
    return [Task(lps, level, measure, w / total) for lps, level, measure, w in tasks]


def wmt23(lps: Sequence[str]) -> list[Task]:
    """mtme's ``tasks.WMT23``: pooled system accuracy (weight ``len(lps)``), then per pair system and
    segment Pearson and segment acc-eq over items (weight 1 each)."""
    pairs = sorted(lps)
    tasks: list[tuple[tuple[str, ...], str, str, float]] = [(tuple(pairs), "system", "accuracy", float(len(pairs)))]
    for lp in pairs:
        tasks += [((lp,), "system", "pearson", 1.0), ((lp,), "segment", "pearson", 1.0)]
        tasks.append(((lp,), "segment", "acc-eq", 1.0))
    return _normalised(tasks)


def wmt24(lps: Sequence[str]) -> list[Task]:
    """mtme's ``tasks.WMT24``: per pair system soft pairwise accuracy and segment acc-eq, equal weights."""
    tasks: list[tuple[tuple[str, ...], str, str, float]] = []
    for lp in sorted(lps):
        tasks += [((lp,), "system", "soft-accuracy", 1.0), ((lp,), "segment", "acc-eq", 1.0)]
    return _normalised(tasks)


PRESETS: dict[str, Callable[[Sequence[str]], list[Task]]] = {"wmt23": wmt23, "wmt24": wmt24}


@dataclass(frozen=True)
class Grid:
    """One language pair: scores on a systems × items grid (``nan``: not judged) and system scores."""

    systems: tuple[str, ...]
    human: np.ndarray
    metrics: Mapping[str, np.ndarray]
    human_system: np.ndarray
    metric_system: Mapping[str, np.ndarray]

    def cells(self) -> np.ndarray:
        """The judged cells, system by system (mtme's order of a segment-level vector)."""
        return np.isfinite(self.human)


@dataclass(frozen=True)
class RankSettings:
    """Resamples (mtme's ``k``), seed, α, early stopping and bootstrap resamples (0: no intervals)."""

    preset: str
    k: int = 1000
    seed: int = 12345
    alpha: float = 0.05
    stop: EarlyStop = field(default_factory=EarlyStop)
    n_boot: int = 0

    @property
    def signature(self) -> str:
        """What fixes the ranking's numbers besides the data and the metrics."""
        st = self.stop
        return (
            f"preset:{self.preset}|test:perm-both|k:{self.k}|seed:{self.seed}|alpha:{self.alpha}|"
            f"stop:{st.block},{st.early_min},{st.early_max}|spa:{SPA_PERMUTATIONS},{SPA_SEED}|boot:{self.n_boot}|"
            f"version:{mtmetrics.__version__}"
        )


@dataclass
class TaskResult:
    """One task's metrics best first, their values, the pairs' p-values (upper triangle) and clusters."""

    task: Task
    order: list[str]
    values: dict[str, float]
    tests: PairDraws
    ranks: list[int]
    intervals: dict[str, tuple[float, float] | None] | None = None  # 95 % bootstrap percentile intervals

    def mapped(self, a: str, b: str) -> np.ndarray:
        """The draws of ``(a, b)`` (columns in that order), mapped to ``[0, 1]``."""
        i, j = self.order.index(a), self.order.index(b)
        d = self.tests.draws[(i, j)] if i < j else self.tests.draws[(j, i)][:, ::-1]
        lo, hi = RANGE[self.task.measure]
        return (d - lo) / (hi - lo)


@dataclass
class Ranking:
    """The tasks' results and the global ranking: weighted scores best first, p-values, clusters."""

    settings: RankSettings
    tasks: list[TaskResult]
    order: list[str]
    scores: dict[str, float]
    p: np.ndarray
    ranks: list[int]

    def to_dict(self, table: str, sha256: str, human: str, signatures: dict[str, str]) -> dict[str, Any]:
        """The ranking as a JSON document: every value unrounded, p-values as upper-triangle matrices."""

        def upper(p: np.ndarray) -> list[list[float | None]]:
            return [[float(p[i, j]) if j > i else None for j in range(len(p))] for i in range(len(p))]

        return {
            "signature": self.settings.signature,
            "table": {"name": table, "sha256": sha256, "human": human},
            "metrics": [{"spec": m, "signature": signatures[m]} for m in signatures],
            "tasks": [
                {
                    "name": t.task.name,
                    "lps": list(t.task.lps),
                    "level": t.task.level,
                    "measure": t.task.measure,
                    "weight": t.task.weight,
                    "range": list(RANGE[t.task.measure]),
                    "order": t.order,
                    "values": [t.values[m] for m in t.order],
                    **({"intervals": [_listed(t.intervals[m]) for m in t.order]} if t.intervals else {}),
                    "clusters": t.ranks,
                    "p": upper(t.tests.p),
                    "draws": [
                        [len(t.tests.draws[(i, j)]) if j > i else None for j in range(len(t.order))]
                        for i in range(len(t.order))
                    ],
                }
                for t in self.tasks
            ],
            "global": {
                "order": self.order,
                "scores": [self.scores[m] for m in self.order],
                "clusters": self.ranks,
                "p": upper(self.p),
            },
        }


def _listed(iv: tuple[float, float] | None) -> list[float] | None:
    return None if iv is None else list(iv)


def _spa_rows(grid: Grid) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """Soft pairwise accuracy of rows of judged-cell scores (the humans' p-values computed once)."""
    cells = grid.cells()
    signs = permutation_signs(SPA_PERMUTATIONS, grid.human.shape[1], SPA_SEED, np.float32)
    iu = np.triu_indices(len(grid.systems), 1)
    p_h = pairwise_p_values(grid.human, signs)[iu]
    tested = np.isfinite(p_h)

    def rows(x: np.ndarray, _h: np.ndarray) -> np.ndarray:
        out = np.empty(len(x))
        full = np.full(grid.human.shape, np.nan)
        for r, row in enumerate(x):
            full[cells] = row
            gap = np.abs(p_h - pairwise_p_values(full, signs)[iu])[tested]
            out[r] = 1.0 - np.mean(gap) if len(gap) else math.nan
        return out

    return rows


def _spa_gap_counts(
    s1: np.ndarray, zi: np.ndarray, zj: np.ndarray, mi: np.ndarray, mj: np.ndarray, ia: np.ndarray, ib: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """One system pair's p-values (as :func:`~mtmetrics.stats.accuracy.pairwise_p_values`, on its
    common items) in every draw of metric pairs ``(ia, ib)``, both hybrids: ``(pairs, draws)`` each.

    A hybrid's difference is linear in the metrics' points: with ``P_μ = m_i z_μi - m_j z_μj`` (``m``:
    the draw's keep mask) and ``F_μ = z_μi - z_μj``, the hybrid keeping ``a`` differs by
    ``P_a - P_b + F_b``, the other by ``P_b - P_a + F_a``; so the sign sums ``s1`` (signs and a
    column of ones) are multiplied with each metric's ``P`` once, not with every hybrid. The
    tolerance ``1e-9 Σ|diff|`` is the same, summed over the four cases of ``(m_i, m_j)``.
    """
    n_sig, n_draws = s1.shape[1] - 1, len(mi)
    x = mi[None] * zi[:, None, :] - mj[None] * zj[:, None, :]
    sp = np.matmul(x.reshape(-1, x.shape[-1]), s1).reshape(len(zi), n_draws, -1)  # (metrics, draws, signs + 1)
    sf = np.matmul(zi - zj, s1)  # (metrics, signs + 1)
    same = np.abs(zi - zj).T  # |z_i - z_j| of one metric, then of a pair's two metrics either way round
    g11, g00 = (mi & mj) @ same, (~mi & ~mj) @ same
    ab, ba = (mi & ~mj).astype(np.float64), (~mi & mj).astype(np.float64)
    cross = np.abs(zi[ia] - zj[ib]).T, np.abs(zi[ib] - zj[ia]).T
    out = np.empty((2, len(ia), n_draws))
    null, hit = np.empty((n_draws, n_sig + 1)), np.empty((n_draws, n_sig), dtype=bool)  # cache-sized, re-used
    for side, (keep, other) in enumerate(((ia, ib), (ib, ia))):
        gap = (g11[:, keep] + ab @ cross[side] + ba @ cross[1 - side] + g00[:, other]).T  # (pairs, draws)
        tol = 1e-9 * np.maximum(gap, 1e-300)
        for n, (k, o) in enumerate(zip(keep, other, strict=True)):
            np.subtract(sp[k], sp[o], out=null)
            null += sf[o]
            np.greater_equal(null[:, :n_sig], (null[:, n_sig] - tol[n])[:, None], out=hit)
            out[side, n] = np.count_nonzero(hit, axis=1) / n_sig
        out[side][gap == 0] = 1.0  # identical on every common item: every null sum 0 >= 0
    return out[0], out[1]


def _spa_tests(grid: Grid, z: Sequence[np.ndarray], masks: np.ndarray, stop: EarlyStop) -> PairDraws:
    """PERM-BOTH of soft pairwise accuracy on standardised points ``z`` (metrics best first), as
    :func:`~mtmetrics.stats.sharedperm.perm_scores` with :func:`_spa_rows` would make it, a block of
    draws at a time for every pair still going: on a full grid each hybrid through :func:`_spa_rows`,
    else from each metric's share of the sign sums (:func:`_spa_gap_counts`)."""
    cells = grid.cells()
    n_sys, n_items = cells.shape
    signs = permutation_signs(SPA_PERMUTATIONS, n_items, SPA_SEED, np.float32)
    iu = np.triu_indices(n_sys, 1)
    p_h = pairwise_p_values(grid.human, signs)[iu]
    tested = np.isfinite(p_h)
    zg = np.zeros((len(z), n_sys, n_items))
    zg[:, cells] = np.asarray(z)
    measure = _spa_rows(grid)
    base = [float(measure(x[None, :], x[None, :])[0]) for x in z]

    def spa(p: np.ndarray) -> np.ndarray:  # row by row: numpy sums a row of a matrix in another order
        gap = np.abs(p_h[tested] - p[..., tested])
        return np.array([1.0 - np.mean(row) for row in gap.reshape(-1, gap.shape[-1])]).reshape(gap.shape[:-1])

    def block(pairs: list[tuple[int, int]], lo: int, hi: int) -> dict[tuple[int, int], PairBlock]:
        if cells.all():  # hybrid by hybrid, each grid in mtme's float32 arithmetic
            m = masks[lo:hi]
            return {
                (a, b): (base[a], measure(np.where(m, z[a], z[b]), m), base[b], measure(np.where(m, z[b], z[a]), m))
                for a, b in pairs
            }
        keep = np.zeros((hi - lo, n_sys, n_items), dtype=bool)
        keep[:, cells] = masks[lo:hi]
        ia, ib = np.array([i for i, _ in pairs]), np.array([j for _, j in pairs])
        pa, pb = np.full((2, len(pairs), hi - lo, len(iu[0])), np.nan)
        used = np.unique(np.r_[ia, ib])
        at = np.searchsorted(used, ia), np.searchsorted(used, ib)
        s64, zu = signs.astype(np.float64), zg[used]
        for c, (i, j) in enumerate(zip(*iu, strict=True)):
            common = np.flatnonzero(cells[i] & cells[j])
            if len(common):
                s1 = np.column_stack([s64[:, common].T, np.ones(len(common))])
                zi, zj = zu[:, i, common], zu[:, j, common]
                pa[:, :, c], pb[:, :, c] = _spa_gap_counts(s1, zi, zj, keep[:, i, common], keep[:, j, common], *at)
        va, vb = spa(pa), spa(pb)
        return {ij: (base[ij[0]], va[n], base[ij[1]], vb[n]) for n, ij in enumerate(pairs)}

    return pair_tests(len(z), len(masks), block, stop)


def _verdicts(grid: Grid, metric: np.ndarray, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """Each judged system pair's acc-eq verdict, item by item (pairs ``i < j`` of the item's judged
    systems), and the pairs per item (items with two judged systems or more)."""
    out, sizes = [], []
    for item in range(grid.human.shape[1]):
        rows = np.flatnonzero(np.isfinite(grid.human[:, item]))
        if len(rows) < 2:
            continue
        i, j = np.triu_indices(len(rows), 1)
        dh = grid.human[rows[i], item] - grid.human[rows[j], item]
        dm = metric[rows[i], item] - metric[rows[j], item]
        tie = np.abs(dm) <= epsilon
        out.append(np.where(dh == 0, tie, ~tie & (np.sign(dm) == np.sign(dh))))
        sizes.append(len(i))
    return np.concatenate(out), np.array(sizes)


def _exact(verdicts: np.ndarray, sizes: np.ndarray) -> Fraction:
    """acc-eq as an exact fraction (times the number of items): ``Σ agreeing_g / pairs_g``."""
    counts = np.add.reduceat(verdicts.astype(np.int64), np.r_[0, np.cumsum(sizes)[:-1]])
    return sum((Fraction(int(c), int(n)) for c, n in zip(counts, sizes, strict=True)), Fraction(0))


def run_task(t: int, task: Task, grids: Mapping[str, Grid], names: Sequence[str], s: RankSettings) -> TaskResult:
    """One task's values, PERM-BOTH tests (task ``t``'s masks) and clusters."""
    g = grids[task.lps[0]]
    human: np.ndarray
    points: dict[str, np.ndarray]
    measure: RowMeasure
    epsilons: dict[str, float] = {}
    if task.measure == "acc-eq":  # tie-calibrated: an ε per metric
        cells = g.cells()
        items = np.broadcast_to(np.arange(g.human.shape[1]), g.human.shape)[cells]
        values = {}
        for m in names:
            res = acc_eq(g.metrics[m][cells], g.human[cells], items)
            values[m], epsilons[m] = res.value, res.epsilon
    else:
        if task.measure == "accuracy":
            human = np.concatenate([grids[lp].human_system for lp in task.lps])
            points = {m: np.concatenate([grids[lp].metric_system[m] for lp in task.lps]) for m in names}
            measure = partial(accuracy_rows, sizes=[len(grids[lp].systems) for lp in task.lps])
        elif task.level == "system" and task.measure == "pearson":
            human, points = g.human_system, {m: g.metric_system[m] for m in names}
            measure = pearson_rows
        else:  # segment Pearson, soft pairwise accuracy: the judged cells
            human, points = g.human[g.cells()], {m: g.metrics[m][g.cells()] for m in names}
            measure = _spa_rows(g) if task.measure == "soft-accuracy" else pearson_rows
        values = {m: float(measure(points[m][None, :], human[None, :])[0]) for m in names}
    undefined = [m for m in names if math.isnan(values[m])]
    if undefined:
        raise InputError(
            f"task {task.name}: {', '.join(undefined)} has no value (constant scores, or fewer than two systems); "
            "leave it out of -m."
        )
    order = sorted(names, key=lambda m: (-values[m], m))
    if task.measure == "acc-eq":
        verdicts = {m: _verdicts(g, g.metrics[m], epsilons[m]) for m in names}
        sizes = verdicts[names[0]][1]
        exact = {m: _exact(v, sizes) for m, (v, _) in verdicts.items()}
        order = sorted(names, key=lambda m: (-exact[m], m))  # equal values (not their roundings) by name
        masks = keep_masks(s.seed, t, s.k, int(sizes.sum()))
        tests = perm_pairs([verdicts[m][0] for m in order], sizes, masks, s.stop)
    elif task.measure == "soft-accuracy":
        tests = _spa_tests(g, [standardise(points[m]) for m in order], keep_masks(s.seed, t, s.k, len(human)), s.stop)
    else:
        masks = keep_masks(s.seed, t, s.k, len(human))
        tests = perm_scores(measure, human, [points[m] for m in order], masks, s.stop)
    result = TaskResult(task, order, values, tests, clusters(range(len(order)), np.triu(tests.p <= s.alpha, 1)))
    if s.n_boot and bootstrapped(task):
        boot = _boot_acc_eq(verdicts, s, t) if task.measure == "acc-eq" else _boot_cells(task, g, names, s, t)
        result.intervals = {m: _interval(boot[m], s.seed) for m in names}
    return result


def bootstrapped(task: Task) -> bool:
    """Whether ``task`` gets bootstrap intervals: soft pairwise accuracy, acc-eq and segment Pearson (a
    system-level Pearson or accuracy would re-aggregate each metric's corpus statistics: not done)."""
    return task.measure in ("soft-accuracy", "acc-eq") or (task.measure, task.level) == ("pearson", "segment")


def _interval(values: np.ndarray, seed: int) -> tuple[float, float] | None:
    """The 95 % percentile interval (:func:`~mtmetrics.stats.significance.interval`); ``None`` when
    some resample has no value (constant scores or no tested pair in it)."""
    if not np.all(np.isfinite(values)):
        return None
    iv = interval(values, seed)
    return iv.lower, iv.upper


def boot_items(s: RankSettings, t: int, n_items: int) -> np.ndarray:
    """Task ``t``'s bootstrap resamples of its items: ``default_rng([seed, t, 1])``'s ``(n_boot,
    n_items)`` indices drawn with replacement (a stream apart from the task's keep masks)."""
    return np.random.default_rng([s.seed, t, 1]).integers(n_items, size=(s.n_boot, n_items))


def _boot_cells(task: Task, g: Grid, names: Sequence[str], s: RankSettings, t: int) -> dict[str, np.ndarray]:
    """Soft pairwise accuracy or segment Pearson of each resample of the grid's items (columns drawn
    with replacement, a drawn item counting as often as drawn; humans and metrics on the same draw;
    soft pairwise accuracy recomputes the humans' and each metric's pairwise p-values with the sign
    vectors of a test set of that many items)."""
    draws = boot_items(s, t, g.human.shape[1])
    out = {m: np.empty(len(draws)) for m in names}
    for b, cols in enumerate(draws):
        h = g.human[:, cols]
        judged = np.isfinite(h)
        if task.measure == "soft-accuracy":
            x = np.stack([g.metrics[m][:, cols] for m in names])
            spa = _spa_rows(Grid(g.systems, h, {}, g.human_system, {}))
            row = spa(x[:, judged], h[None, judged])
        else:
            row = pearson_rows(np.stack([g.metrics[m][:, cols][judged] for m in names]), h[None, judged])
        for m, v in zip(names, row, strict=True):
            out[m][b] = v
    return out


def _boot_acc_eq(
    verdicts: Mapping[str, tuple[np.ndarray, np.ndarray]], s: RankSettings, t: int
) -> dict[str, np.ndarray]:
    """acc-eq of each resample of the items with a judged pair (drawn with replacement), every metric at
    the ε calibrated on all items (its :func:`_verdicts`), as the permutation test keeps it: the mean
    of the drawn items' shares of agreeing pairs."""
    sizes = next(iter(verdicts.values()))[1]
    draws, starts = boot_items(s, t, len(sizes)), np.r_[0, np.cumsum(sizes)[:-1]]
    return {
        m: np.mean((np.add.reduceat(v.astype(np.float64), starts) / sizes)[draws], axis=1)
        for m, (v, _) in verdicts.items()
    }


def rank(grids: Mapping[str, Grid], names: Sequence[str], s: RankSettings) -> Ranking:
    """Every task of preset ``s.preset`` on ``grids`` (one per language pair), and the global ranking."""
    if s.preset not in PRESETS:
        raise ParameterError(f"preset '{s.preset}': choose from {', '.join(PRESETS)}.")
    if s.k < 1:
        raise ParameterError("rank: at least one resample.")
    tasks = PRESETS[s.preset](list(grids))
    results = [run_task(t, task, grids, names, s) for t, task in enumerate(tasks)]
    scores: dict[str, float] = {}
    for m in names:
        scores[m] = sum(
            r.task.weight * (r.values[m] - lo) / (hi - lo) for r in results for lo, hi in (RANGE[r.task.measure],)
        )
    order = sorted(names, key=lambda m: (-scores[m], m))
    draws = [lambda i, j, r=r: r.mapped(order[i], order[j]) for r in results]
    p = weighted_tests(np.array([scores[m] for m in order]), draws, [r.task.weight for r in results])
    return Ranking(s, results, order, scores, p, clusters(range(len(order)), np.triu(p <= s.alpha, 1)))


def grids_of(table: Table, columns: Columns, human: str, scores: Sequence[MetricScores]) -> dict[str, Grid]:
    """One :class:`Grid` per group of ``table`` (its language pairs; one group ``""`` without):
    items are the segment ids, a system's score the mean of its human scores and the metric's
    corpus score of its rows (``columns`` from :func:`~mtmetrics.io.tables.detect_columns`, which
    refuses a system judged twice on one item)."""
    n = len(table)
    groups = table.columns[columns.group] if columns.group else [""] * n
    systems, segments = table.columns[columns.system], table.columns[columns.segment]
    h = table.numbers(human)
    out = {}
    for group in sorted(set(groups)):
        rows = np.array([r for r in range(n) if groups[r] == group])
        sys_names = sorted({systems[r] for r in rows})
        items = sorted({segments[r] for r in rows}, key=lambda x: (len(x), x))
        si = {name: k for k, name in enumerate(sys_names)}
        ii = {seg: k for k, seg in enumerate(items)}
        pos = (np.array([si[systems[r]] for r in rows]), np.array([ii[segments[r]] for r in rows]))
        grid = np.full((len(sys_names), len(items)), np.nan)
        grid[pos] = h[rows]
        metrics, metric_system = {}, {}
        for ms in scores:
            mg = np.full(grid.shape, np.nan)
            mg[pos] = ms.segment_scores[rows]
            metrics[ms.spec] = mg
            metric_system[ms.spec] = np.array([ms.system_score(rows[pos[0] == k]) for k in range(len(sys_names))])
        out[group] = Grid(tuple(sys_names), grid, metrics, np.nanmean(grid, axis=1), metric_system)
    return out


__all__ = ["PRESETS", "Grid", "RankSettings", "Ranking", "Task", "TaskResult", "grids_of", "rank"]
