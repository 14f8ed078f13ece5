"""``meta rank`` (mtmetrics_meta.tasks) against Google's mt-metrics-eval in ../shared/oracles, on
WMT22 MQM en-de and zh-en rows.

The oracle draws its permutations from ``np.random.binomial``, one call per draw (and per item for
acc-eq's pair swaps); ours come from one keep mask per task (:func:`keep_masks`). To compare every
p-value exactly, the oracle is fed our masks: ``np.random.binomial`` returns the rows of the
task's mask, restarted for each pair, and acc-eq's pair test gets our calibrated ε (mtme picks
among equally good thresholds by float rounding; the values are equal either way). Values, orders,
p-values, the draws kept after early stopping, per-task clusters, the weighted global scores,
global p-values and clusters must then all be equal. mtme's soft pairwise accuracy needs every
system judged on every item, so the WMT24 comparison uses the items all of five systems share; the
WMT23 one also runs on the rows as they are (systems missing on some items). Equal values are
ordered by name, here and in mtme, except acc-eq's: mtme orders them by the rounding of a running
float sum (``tau_optimization``); the subsets have no equal acc-eq values (checked).
"""

from __future__ import annotations

import gzip
import io
import json
import sys
import types
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.stats

from mtmetrics import load_metric
from mtmetrics.cli import main
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics.stats.sharedperm import EarlyStop, keep_masks, stop_at
from mtmetrics.stats.ties import acc_eq
from mtmetrics_meta import tasks as T
from mtmetrics_meta.scores import score_table
from tests.datapaths import DATA, SHARED, require

MQM = DATA / "test" / "wmt22-mqm" / "derived"
K, SEED = 200, 7
METRICS = ["chrf", "bleu", "ter"]


def oracle() -> types.SimpleNamespace:
    """mt-metrics-eval's modules, imported as ../shared/oracles/README.md says (beam and dacite stubbed:
    neither the parallel path nor the rating files are used)."""
    require(SHARED / "oracles" / "mt_metrics_eval" / "tasks.py")
    if str(SHARED / "oracles") not in sys.path:
        sys.path.insert(0, str(SHARED / "oracles"))
    for name in ("apache_beam", "dacite"):
        sys.modules.setdefault(name, types.ModuleType(name))
    from mt_metrics_eval import data, stats, tasks  # type: ignore[import-not-found]

    return types.SimpleNamespace(data=data, stats=stats, tasks=tasks)


def write_subset(path: Path, n_sys: int, n_items: int, complete: bool) -> Path:
    """The rows of the ``n_sys`` most judged systems of each pair on ``n_items`` items (all of them
    judged on each item when ``complete``), lines copied unchanged."""
    out: list[str] = []
    header = ""
    for lp in ("en-de", "zh-en"):
        with gzip.open(require(MQM / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz"), "rt", encoding="utf-8") as fh:
            header, *lines = fh.read().split("\n")
        rows = [line for line in lines if line]
        fields = [line.split("\t") for line in rows]
        top = {s for s, _ in Counter(f[1] for f in fields).most_common(n_sys)}
        by: dict[str, dict[str, str]] = defaultdict(dict)
        for line, f in zip(rows, fields, strict=True):
            if f[1] in top:
                by[f[2]][f[1]] = line
        items = sorted((s for s, v in by.items() if len(v) == n_sys or not complete), key=int)[:n_items]
        out += [by[s][x] for s in items for x in sorted(by[s])]
    path.write_text(header + "\n" + "".join(line + "\n" for line in out), encoding="utf-8")
    return path


def grids(path: Path) -> dict[str, T.Grid]:
    """The table's grids with the three metrics and a noise metric (so that clusters split)."""
    table = read_table(path)
    cols = detect_columns(table)
    scores = score_table(table, cols, [(n, load_metric(n)) for n in METRICS])
    out = {}
    rng = np.random.default_rng(0)
    for lp, g in T.grids_of(table, cols, "mqm", scores).items():
        noise = np.where(g.cells(), rng.normal(size=g.human.shape), np.nan)
        metrics = {**g.metrics, "noise": noise}
        system = {**g.metric_system, "noise": np.nanmean(noise, axis=1)}
        out[lp] = T.Grid(g.systems, g.human, metrics, g.human_system, system)
    return out


class Masks:
    """``np.random.binomial`` for the oracle: row after row of the current task's keep mask; for a
    ``(n, n)`` draw (acc-eq's pair swaps of one item) the item's pairs of the row, in turn."""

    def __init__(self) -> None:
        self.masks = np.zeros((0, 0), dtype=bool)
        self.row = self.offset = 0

    def reset(self, masks: np.ndarray) -> None:
        self.masks, self.row, self.offset = masks, 0, 0

    def __call__(self, n: int, p: float, size: Any) -> np.ndarray:
        assert (n, p) == (1, 0.5)
        if isinstance(size, tuple):
            m = size[0]
            pairs = m * (m - 1) // 2
            out = np.zeros((m, m), dtype=np.int64)
            out[np.triu_indices(m, 1)] = self.masks[self.row, self.offset : self.offset + pairs]
            self.offset += pairs
            if self.offset == self.masks.shape[1]:
                self.row, self.offset = self.row + 1, 0
            return out
        assert size == self.masks.shape[1]
        self.row += 1
        return self.masks[self.row - 1].astype(np.int64)


@pytest.fixture
def mtme(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[types.SimpleNamespace, Masks, dict[int, float]]]:
    """The oracle with our masks (restarted for each pair) and our ε for acc-eq's pair test."""
    o = oracle()
    masks = Masks()
    eps: dict[int, float] = {}  # id(Correlation) -> ε
    perm, pairs = o.stats.PermutationSigDiff, o.stats.PairwisePermutationSigDiff
    mask_source: dict[str, np.ndarray] = {}

    def perm_sig(*args: Any, **kw: Any) -> Any:
        masks.reset(mask_source["now"])
        return perm(*args, **kw)

    def pair_sig(c1: Any, c2: Any, *args: Any, **kw: Any) -> Any:
        masks.reset(mask_source["now"])
        return pairs(c1, c2, *args, epsilon1=eps[id(c1)], epsilon2=eps[id(c2)], **kw)

    monkeypatch.setattr(np.random, "binomial", masks)
    monkeypatch.setattr(o.stats, "PermutationSigDiff", perm_sig)
    monkeypatch.setattr(o.stats, "PairwisePermutationSigDiff", pair_sig)
    o.mask_source = mask_source
    yield o, masks, eps


def run_oracle(
    o: types.SimpleNamespace, eps: dict[int, float], t: int, task: T.Task, gs: dict[str, T.Grid], names: list[str]
) -> Any:
    """One task by mtme's ``CompareMetrics*`` on Correlation objects of the same numbers (gold
    ``None`` where a system was not judged); pooled accuracy as ``CompareMetricsWithGlobalAccuracy``
    does it after merging its EvalSets, which the oracle cannot build without its data download."""
    psd = o.stats.PermutationSigDiffParams(100, 0.02, 0.5)
    g = gs[task.lps[0]]
    n_sys, n_items = g.human.shape
    gold = [None if np.isnan(x) else float(x) for x in g.human.ravel()]
    if task.measure == "accuracy":
        sizes = [len(gs[lp].systems) for lp in task.lps]
        corrs = {
            m: o.stats.Correlation(
                sum(sizes),
                [float(x) for lp in task.lps for x in gs[lp].human_system],
                [float(x) for lp in task.lps for x in gs[lp].metric_system[m]],
            )
            for m in names
        }

        def accuracy(v1: list[float], v2: list[float]) -> tuple[float, int]:
            agree = pairs = start = 0
            for n in sizes:
                a, p = o.stats.Agreement(v1[start : start + n], v2[start : start + n])
                agree, pairs, start = agree + a, pairs + p, start + n
            return agree / pairs, pairs

        ranked = {m: [accuracy(c.gold_scores, c.metric_scores)[0], 0] for m, c in corrs.items()}
        ranked = dict(sorted(ranked.items(), key=lambda x: (-x[1][0], x[0])))
        o.mask_source["now"] = keep_masks(SEED, t, K, sum(sizes))
        sig, index, draws = o.data.ComputeSigMatrix(corrs, ranked, accuracy, "none", K, psd, False, "scores")
        for v, r in zip(ranked.values(), o.data.AssignRanks(sig, 0.05), strict=True):
            v[1] = r
        res, fcn = (ranked, sig, index, draws), "accuracy"
    elif task.level == "system" and task.measure == "pearson":
        corrs = {m: o.stats.Correlation(n_sys, g.human_system.tolist(), g.metric_system[m].tolist()) for m in names}
        o.mask_source["now"] = keep_masks(SEED, t, K, n_sys)
        res, fcn = o.data.CompareMetrics(corrs, scipy.stats.pearsonr, "none", K, psd, 0.05), "pearson"
    else:
        corrs = {m: o.stats.Correlation(n_sys, gold, np.nan_to_num(g.metrics[m]).ravel().tolist()) for m in names}
        cells = int(np.count_nonzero(g.cells()))
        o.mask_source["now"] = keep_masks(SEED, t, K, cells)
        if task.measure == "pearson":
            res, fcn = o.data.CompareMetrics(corrs, scipy.stats.pearsonr, "none", K, psd, 0.05), "pearson"
        elif task.measure == "soft-accuracy":
            res, fcn = o.data.CompareMetricsWithPairwiseConfidenceError(corrs, K, psd, 0.05), "pce"
        else:
            items = np.broadcast_to(np.arange(n_items), g.human.shape)[g.cells()]
            for m in names:
                eps[id(corrs[m])] = acc_eq(g.metrics[m][g.cells()], g.human[g.cells()], items).epsilon
            judged = np.sum(g.cells(), axis=0)
            o.mask_source["now"] = keep_masks(SEED, t, K, int(np.sum(judged * (judged - 1) // 2)))
            res = o.data.CompareMetrics(
                corrs, o.stats.KendallWithTiesOpt, "item", K, psd, 0.05, perm_test="pairs", sample_rate=1.0
            )
            fcn = "KendallWithTiesOpt"
    out = o.tasks.TaskResults(None, res)
    out.name = f"corr_fcn={fcn} corr_fcn_args={{}} lang={','.join(task.lps)}"
    return out


def compare(o: types.SimpleNamespace, eps: dict[int, float], gs: dict[str, T.Grid], preset: str) -> tuple[int, int]:
    """Every number of our ranking equals the oracle's; the largest cluster number (tasks, global)."""
    names = [*METRICS, "noise"]
    ours = T.rank(gs, names, T.RankSettings(preset, k=K, seed=SEED))
    theirs = [run_oracle(o, eps, t, r.task, gs, names) for t, r in enumerate(ours.tasks)]
    for r, th in zip(ours.tasks, theirs, strict=True):
        if r.task.measure == "acc-eq":
            gaps = np.diff([r.values[m] for m in r.order])
            assert np.all(np.abs(gaps) > 1e-9), f"{r.task.name}: a tie (ordered by name here, by rounding in mtme)"
        assert list(th.corr_ranks) == r.order, r.task.name
        for m in names:
            assert r.values[m] == pytest.approx(th.corr_ranks[m][0], abs=1e-12), (r.task.name, m)
        assert [th.corr_ranks[m][1] for m in r.order] == r.ranks, r.task.name
        iu = np.triu_indices(len(names), 1)
        np.testing.assert_array_equal(r.tests.p[iu], th.matrix[iu], err_msg=r.task.name)
        for (i, j), d in r.tests.draws.items():
            np.testing.assert_allclose(d, th.Draws(r.order[i], r.order[j]), rtol=0, atol=1e-12)
    weights = [r.task.weight for r in ours.tasks]
    g_ranks, g_p = o.tasks.TaskSetResults(theirs).AverageCorrMatrix(weights, 0.05)
    assert list(g_ranks) == ours.order
    for m in names:
        assert ours.scores[m] == pytest.approx(g_ranks[m][0], abs=1e-12)
    assert [g_ranks[m][1] for m in ours.order] == ours.ranks
    np.testing.assert_array_equal(ours.p[np.triu_indices(len(names), 1)], g_p[np.triu_indices(len(names), 1)])
    return max(max(r.ranks) for r in ours.tasks), max(ours.ranks)


def test_presets_are_mtme_task_sets() -> None:
    """Our presets list mtme's tasks (pair, level, measure) with its weights, in its order."""
    o = oracle()
    name = {"pearson": "pearson", "accuracy": "accuracy", "pce": "soft-accuracy", "KendallWithTiesOpt": "acc-eq"}
    level = {"sys": "system", "seg": "segment"}
    for preset, build in (("wmt23", o.tasks.WMT23), ("wmt24", o.tasks.WMT24)):
        taskset, weights = build()
        lps = sorted({lp for t in taskset for lp in t.lang.split(",")})
        ours = T.PRESETS[preset](lps)
        assert [(",".join(t.lps), t.level, t.measure) for t in ours] == [
            (t.lang, level[t.level], name[t.corr_fcn]) for t in taskset
        ]
        assert [t.weight for t in ours] == pytest.approx(weights, abs=1e-15)
        for t, theirs in zip(ours, taskset, strict=True):  # acc-eq: averaged over items, pair swaps
            if t.measure == "acc-eq":
                assert (theirs.avg_by, theirs.perm_test, theirs.corr_fcn_args) == (
                    "item",
                    "pairs",
                    {"sample_rate": 1.0},
                )


def test_wmt23_and_wmt24_equal_mtme_on_complete_items(mtme: Any, tmp_path: Path) -> None:
    o, _, eps = mtme
    gs = grids(write_subset(tmp_path / "complete.tsv", 5, 24, complete=True))
    split = [compare(o, eps, gs, preset) for preset in ("wmt23", "wmt24")]
    # the comparison means something: clusters split in the tasks and globally
    assert max(s[0] for s in split) > 1 and max(s[1] for s in split) > 1


def test_wmt23_equals_mtme_with_missing_judgments(mtme: Any, tmp_path: Path) -> None:
    o, _, eps = mtme
    gs = grids(write_subset(tmp_path / "rows.tsv", 6, 20, complete=False))
    assert not all(np.all(g.cells()) for g in gs.values())
    compare(o, eps, gs, "wmt23")


def test_early_stop_is_mtmes_loop() -> None:
    """:func:`stop_at` against mtme's loops, written out (the pairs test checks only at a counted draw)."""
    rng = np.random.default_rng(3)
    stop = EarlyStop(10, 0.2, 0.6)
    for _ in range(200):
        hits = rng.random(100) < rng.random()
        for counted_only in (False, True):
            count, used = 0, len(hits)
            for i, h in enumerate(hits, 1):
                count += int(h)
                if (
                    (h or not counted_only)
                    and i % stop.block == 0
                    and not stop.early_min <= count / i <= stop.early_max
                ):
                    used = i
                    break
            assert stop_at(hits, stop, counted_only) == used


def cli(*args: str) -> str:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(list(args)) == 0
    return buf.getvalue()


def test_command_json_text_markdown(tmp_path: Path) -> None:
    path = write_subset(tmp_path / "t.tsv", 4, 12, complete=True)
    base = ["meta", "rank", str(path), "--preset", "wmt24", "-m", "chrf", "bleu", "--permutations", "50", "--seed", "3"]
    doc = json.loads(first := cli(*base, "-f", "json"))
    assert cli(*base, "-f", "json") == first  # same bytes
    assert doc["signature"].startswith("preset:wmt24|test:perm-both|k:50|seed:3|alpha:0.05|")
    assert [t["name"] for t in doc["tasks"]] == [
        "en-de system soft-accuracy", "en-de segment acc-eq", "zh-en system soft-accuracy", "zh-en segment acc-eq"
    ]  # fmt: skip
    table = read_table(path)
    scores = score_table(table, detect_columns(table), [(n, load_metric(n)) for n in ("chrf", "bleu")])
    r = T.rank(
        T.grids_of(table, detect_columns(table), "mqm", scores), ["chrf", "bleu"], T.RankSettings("wmt24", 50, 3)
    )
    assert doc["global"] == {
        "order": r.order,
        "scores": [r.scores[m] for m in r.order],
        "clusters": r.ranks,
        "p": [[None, r.p[0, 1]], [None, None]],
    }
    text = cli(*base)
    assert text.startswith(doc["signature"] + "\n") and "t4: zh-en segment acc-eq (weight 0.25)" in text
    assert cli(*base, "-f", "markdown").startswith(f"`{doc['signature']}`\n\n| metric | cluster | global |")


def test_two_human_columns_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_subset(tmp_path / "t.tsv", 3, 5, complete=True)
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text(
        "\n".join([lines[0] + "\tz", *(line + "\t0" for line in lines[1:] if line)]) + "\n", encoding="utf-8"
    )
    assert main(["meta", "rank", str(path), "--preset", "wmt23", "-m", "chrf", "--human", "mqm", "z"]) == 2
    assert "one human column, found mqm, z" in capsys.readouterr().err


def test_keep_masks_are_one_draw_made_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtmetrics.stats.sharedperm.CHUNK_CELLS", 1000)  # blocks of 3 rows
    np.testing.assert_array_equal(keep_masks(3, 1, 50, 300), np.random.default_rng([3, 1]).random((50, 300)) < 0.5)


def test_a_system_judged_twice_on_an_item_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_subset(tmp_path / "t.tsv", 3, 5, complete=True)
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join([*lines[:-1], lines[1], ""]), encoding="utf-8")
    assert main(["meta", "rank", str(path), "--preset", "wmt24", "-m", "chrf"]) == 2
    assert "t.tsv: row 31 repeats row 1" in capsys.readouterr().err


def test_a_metric_without_a_value_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A constant metric has no Pearson correlation: an error naming task and metric, not a ranking."""
    path = write_subset(tmp_path / "t.tsv", 3, 5, complete=True)
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line]
    path.write_text("\n".join([lines[0] + "\tc", *(line + "\t1" for line in lines[1:])]) + "\n", encoding="utf-8")
    assert main(["meta", "rank", str(path), "--preset", "wmt23", "-m", "chrf", "col:c", "--permutations", "10"]) == 2
    assert "task en-de system pearson: col:c has no value" in capsys.readouterr().err


@pytest.mark.parametrize("complete", [True, False])
def test_soft_accuracy_tests_equal_one_hybrid_at_a_time(tmp_path: Path, complete: bool) -> None:
    """The SPA tests made a block at a time for all pairs (stacked float32 hybrids on a full grid,
    each metric's share of the sign sums with missing judgments) equal PERM-BOTH run hybrid by
    hybrid through the measure (:func:`perm_scores` with ``_spa_rows``): every p-value and draw."""
    gs = grids(write_subset(tmp_path / "t.tsv", 5 if complete else 7, 30, complete=complete))
    names = [*METRICS, "noise"]
    for g in gs.values():
        assert bool(np.all(g.cells())) == complete
        points = [g.metrics[m][g.cells()] for m in names]
        masks = keep_masks(SEED, 0, 300, len(points[0]))
        stop = EarlyStop(100, 0.02, 0.5)
        ours = T._spa_tests(g, [T.standardise(x) for x in points], masks, stop)
        loop = T.perm_scores(T._spa_rows(g), g.human[g.cells()], points, masks, stop)
        np.testing.assert_array_equal(ours.p, loop.p)
        assert ours.draws.keys() == loop.draws.keys()
        for ij, d in loop.draws.items():
            np.testing.assert_array_equal(ours.draws[ij], d)


def brute_intervals(o: types.SimpleNamespace, task: T.Task, t: int, g: T.Grid, names: list[str], n: int) -> dict:
    """Each metric's 95 % percentile interval written out: items drawn by ``default_rng([SEED, t, 1])``,
    soft pairwise accuracy by mtme's ``PairwiseConfidenceError`` on the drawn columns, acc-eq pair by
    pair at the ε calibrated on all items, segment Pearson by scipy on the drawn judged cells."""
    cells = g.cells()
    if task.measure == "acc-eq":
        items = [c for c in range(g.human.shape[1]) if np.count_nonzero(cells[:, c]) >= 2]
    else:
        items = list(range(g.human.shape[1]))
    draws = np.random.default_rng([SEED, t, 1]).integers(len(items), size=(n, len(items)))
    out = {}
    for m in names:
        all_items = np.broadcast_to(np.arange(g.human.shape[1]), cells.shape)[cells]
        eps = acc_eq(g.metrics[m][cells], g.human[cells], all_items).epsilon
        values = []
        for draw in draws:
            cols = [items[d] for d in draw]
            h, x = g.human[:, cols], g.metrics[m][:, cols]
            if task.measure == "soft-accuracy":
                n_sys = len(g.systems)
                values.append(o.stats.PairwiseConfidenceError(list(h.ravel()), list(x.ravel()), n_sys)[0])
            elif task.measure == "pearson":
                ok = np.isfinite(h)
                values.append(scipy.stats.pearsonr(h[ok], x[ok])[0])
            else:
                shares = []
                for c in range(len(cols)):
                    rows = [r for r in range(len(g.systems)) if np.isfinite(h[r, c])]
                    agree = pairs = 0
                    for a in range(len(rows)):
                        for b in range(a + 1, len(rows)):
                            dh, dm = h[rows[a], c] - h[rows[b], c], x[rows[a], c] - x[rows[b], c]
                            tie = abs(dm) <= eps
                            agree += tie if dh == 0 else (not tie and np.sign(dm) == np.sign(dh))
                            pairs += 1
                    shares.append(agree / pairs)
                values.append(sum(shares) / len(shares))
        ordered = sorted(values)
        out[m] = (ordered[n // 40], ordered[n - n // 40 - 1])
    return out


@pytest.mark.parametrize(("preset", "complete"), [("wmt24", True), ("wmt23", False)])
def test_bootstrap_intervals_are_the_loop_written_out(tmp_path: Path, preset: str, complete: bool) -> None:
    o = oracle()
    gs = grids(write_subset(tmp_path / "t.tsv", 5, 16, complete=complete))
    names = [*METRICS, "noise"]
    n = 60
    ours = T.rank(gs, names, T.RankSettings(preset, k=20, seed=SEED, n_boot=n))
    checked = set()
    for t, r in enumerate(ours.tasks):
        if r.task.level == "system" and r.task.measure != "soft-accuracy":
            assert r.intervals is None, r.task.name  # corpus statistics are not re-aggregated
            continue
        assert r.intervals is not None
        theirs = brute_intervals(o, r.task, t, gs[r.task.lps[0]], names, n)
        for m in names:
            assert r.intervals[m] == pytest.approx(theirs[m], abs=1e-12), (r.task.name, m)
            lo, hi = theirs[m]
            assert lo < hi, (r.task.name, m)  # the resamples vary
        checked.add(r.task.measure)
    assert checked == ({"soft-accuracy", "acc-eq"} if preset == "wmt24" else {"pearson", "acc-eq"})


def test_command_bootstrap_intervals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_subset(tmp_path / "t.tsv", 4, 12, complete=True)
    base = ["meta", "rank", str(path), "--preset", "wmt24", "-m", "chrf", "bleu", "--permutations", "20", "--seed", "3"]
    assert "|boot:0|" in json.loads(cli(*base, "-f", "json"))["signature"]
    doc = json.loads(cli(*base, "--bootstrap-n", "40", "-f", "json"))
    assert "|spa:1000,4|boot:40|version:" in doc["signature"]
    table = read_table(path)
    scores = score_table(table, detect_columns(table), [(n, load_metric(n)) for n in ("chrf", "bleu")])
    gs = T.grids_of(table, detect_columns(table), "mqm", scores)
    r = T.rank(gs, ["chrf", "bleu"], T.RankSettings("wmt24", 20, 3, n_boot=40))
    for task, t in zip(doc["tasks"], r.tasks, strict=True):
        assert t.intervals is not None
        assert task["intervals"] == [list(t.intervals[m] or ()) for m in t.order]
    text = cli(*base, "--bootstrap-n", "40")
    assert "95% bootstrap percentile intervals, 40 resamples of each task's items (seed 3)" in text
    iv = (r.tasks[0].intervals or {})["chrf"]
    assert iv is not None and f"[{iv[0]:.4f}, {iv[1]:.4f}]" in text
    for command, words in (
        ("rank", "seed of the PERM-BOTH draws and of the bootstrap"),
        ("correlate", "bootstrap seed"),
    ):
        with pytest.raises(SystemExit):
            main(["meta", command, "--help"])
        assert words in " ".join(capsys.readouterr().out.split())


def test_one_metric_is_ranked_alone(tmp_path: Path) -> None:
    """One metric has no pair to test (the draws stop at once, no crash): every task ranks it first."""
    path = write_subset(tmp_path / "t.tsv", 4, 12, complete=True)
    doc = json.loads(
        cli("meta", "rank", str(path), "--preset", "wmt24", "-m", "chrf", "--permutations", "20", "-f", "json")
    )
    assert doc["global"]["order"] == ["chrf"] and doc["global"]["clusters"] == [1]
    assert all(t["order"] == ["chrf"] and t["clusters"] == [1] and t["draws"] == [[None]] for t in doc["tasks"])
