"""A WMT23/WMT24-style global ranking of metrics (``mtmetrics_meta.tasks.rank``) beside
mt-metrics-eval's loop (``CompareMetrics*`` per task, then ``TaskSetResults.AverageCorrMatrix``) on
the same WMT22 MQM numbers, in one process, CPU seconds.

    python bench/wmt_rank.py [--preset wmt24] [--metrics 20] [--resamples 1000] [--systems 5] [--items 60]
                             [--mtme-resamples K] [--full]

Data: ``../shared/data/test/wmt22-mqm`` en-de and zh-en; the ``--systems`` most judged systems of each
pair on the first ``--items`` items all of them were judged on (mtme's soft pairwise accuracy needs
a full grid), or with ``--full`` every row (14 systems, 1,315 and 1,875 items, not every system
judged on every item: mtme cannot run soft pairwise accuracy there, so only ours is timed).
Metrics: the first ``--metrics`` of a fixed list of chrF, BLEU, BLEUS, TER and GTM variants, scored
once (not timed). Both sides run every task with ``k`` draws, mtme's early stop (block 100, 0.02,
0.5) and α = 0.05; mtme draws from ``np.random`` (seeded), we from our keep masks, so p-values
differ by resampling noise, not in kind. With ``--mtme-resamples`` below ``--resamples`` mtme's
loop runs fewer draws and its time at ``k`` is extrapolated linearly per task: its CPU seconds
per pair-draw times the draws our run made in that task (the same early-stop rule; the line says
"extrapolated"). Needs ../shared/oracles (its README). Settings are fixed beforehand; this is a
timing, not a result.
"""

from __future__ import annotations

import argparse
import sys
import time
import types
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import scipy.stats

from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta import tasks as T
from mtmetrics_meta.cli.common import build_metrics
from mtmetrics_meta.scores import score_table

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
MQM = SHARED / "data" / "test" / "wmt22-mqm" / "derived"
SPECS = [
    "chrf", "bleu", "ter", "chrf:word_order=2", "chrf:beta=1", "chrf:char_order=4", "chrf:lowercase=true",
    "bleus", "bleus:max_order=2", "bleus:max_order=3", "bleus:max_order=1", "bleu:max_ngram_order=2",
    "ter:case_sensitive=true", "ter:no_punct=true", "chrf:beta=3", "chrf:word_order=1", "gtm", "gtm:exponent=2",
    "chrf:char_order=3", "bleus:lowercase=true",
]  # fmt: skip


def table(path: Path, n_sys: int, n_items: int) -> Path:
    """The rows of the ``n_sys`` most judged systems of each pair on items all of them share."""
    import gzip

    out: list[str] = []
    header = ""
    for lp in ("en-de", "zh-en"):
        with gzip.open(MQM / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz", "rt", encoding="utf-8") as fh:
            header, *lines = fh.read().split("\n")
        fields = [(line, line.split("\t")) for line in lines if line]
        top = {s for s, _ in Counter(f[1] for _, f in fields).most_common(n_sys)}
        by: dict[str, dict[str, str]] = defaultdict(dict)
        for line, f in fields:
            if f[1] in top:
                by[f[2]][f[1]] = line
        items = sorted((s for s, v in by.items() if len(v) == n_sys), key=int)[:n_items]
        out += [by[s][x] for s in items for x in sorted(by[s])]
    path.write_text(header + "\n" + "".join(line + "\n" for line in out), encoding="utf-8")
    return path


def mtme_rank(gs: dict[str, T.Grid], names: list[str], preset: str, k: int) -> tuple[Any, list[float]]:
    """mt-metrics-eval's loop over the same tasks: the global (metric → (score, cluster)) map and
    each task's CPU seconds."""
    sys.path.insert(0, str(SHARED / "oracles"))
    for name in ("apache_beam", "dacite"):
        sys.modules.setdefault(name, types.ModuleType(name))
    from mt_metrics_eval import data, stats, tasks  # type: ignore[import-not-found]

    np.random.seed(1)
    psd = stats.PermutationSigDiffParams(100, 0.02, 0.5)
    results, weights, seconds = [], [], []
    for task in T.PRESETS[preset](list(gs)):
        t0 = time.process_time()
        g = gs[task.lps[0]]
        n_sys = len(g.systems)
        if task.measure == "accuracy":
            sizes = [len(gs[lp].systems) for lp in task.lps]
            corrs = {
                m: stats.Correlation(
                    sum(sizes),
                    [float(x) for lp in task.lps for x in gs[lp].human_system],
                    [float(x) for lp in task.lps for x in gs[lp].metric_system[m]],
                )
                for m in names
            }

            def accuracy(v1: list[float], v2: list[float], sizes: list[int] = sizes) -> tuple[float, int]:
                agree = pairs = start = 0
                for n in sizes:
                    a, p = stats.Agreement(v1[start : start + n], v2[start : start + n])
                    agree, pairs, start = agree + a, pairs + p, start + n
                return agree / pairs, pairs

            ranked = {m: [accuracy(c.gold_scores, c.metric_scores)[0], 0] for m, c in corrs.items()}
            ranked = dict(sorted(ranked.items(), key=lambda x: (-x[1][0], x[0])))
            sig, index, draws = data.ComputeSigMatrix(corrs, ranked, accuracy, "none", k, psd, False, "scores")
            for v, r in zip(ranked.values(), data.AssignRanks(sig, 0.05), strict=True):
                v[1] = r
            res, fcn = (ranked, sig, index, draws), "accuracy"
        elif task.level == "system" and task.measure == "pearson":
            corrs = {m: stats.Correlation(n_sys, g.human_system.tolist(), g.metric_system[m].tolist()) for m in names}
            res, fcn = data.CompareMetrics(corrs, scipy.stats.pearsonr, "none", k, psd, 0.05), "pearson"
        else:
            corrs = {
                m: stats.Correlation(n_sys, g.human.ravel().tolist(), g.metrics[m].ravel().tolist()) for m in names
            }
            if task.measure == "pearson":
                res, fcn = data.CompareMetrics(corrs, scipy.stats.pearsonr, "none", k, psd, 0.05), "pearson"
            elif task.measure == "soft-accuracy":
                res, fcn = data.CompareMetricsWithPairwiseConfidenceError(corrs, k, psd, 0.05), "pce"
            else:
                res = data.CompareMetrics(
                    corrs, stats.KendallWithTiesOpt, "item", k, psd, 0.05, perm_test="pairs", sample_rate=1.0
                )
                fcn = "KendallWithTiesOpt"
        out = tasks.TaskResults(None, res)
        out.name = f"corr_fcn={fcn} corr_fcn_args={{}} lang={','.join(task.lps)}"
        results.append(out)
        weights.append(task.weight)
        seconds.append(time.process_time() - t0)
    return tasks.TaskSetResults(results).AverageCorrMatrix(weights, 0.05)[0], seconds


def full_table(path: Path) -> Path:
    """Every row of the two pairs, as distributed."""
    import gzip

    out: list[str] = []
    header = ""
    for lp in ("en-de", "zh-en"):
        with gzip.open(MQM / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz", "rt", encoding="utf-8") as fh:
            header, *lines = fh.read().split("\n")
        out += [line for line in lines if line]
    path.write_text(header + "\n" + "".join(line + "\n" for line in out), encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", choices=sorted(T.PRESETS), default="wmt24")
    ap.add_argument("--metrics", type=int, default=20)
    ap.add_argument("--resamples", type=int, default=1000)
    ap.add_argument("--mtme-resamples", type=int, default=None, help="mtme's k (default: --resamples)")
    ap.add_argument("--systems", type=int, default=5)
    ap.add_argument("--items", type=int, default=60)
    ap.add_argument("--full", action="store_true", help="every row (mtme not run)")
    ns = ap.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = full_table(Path(tmp) / "mqm.tsv") if ns.full else table(Path(tmp) / "mqm.tsv", ns.systems, ns.items)
        tb = read_table(path)
    cols = detect_columns(tb)
    specs = SPECS[: ns.metrics]
    scores = score_table(tb, cols, build_metrics(specs))
    gs = T.grids_of(tb, cols, "mqm", scores)
    shape = " + ".join(f"{lp} {g.human.shape[0]}x{g.human.shape[1]}" for lp, g in gs.items())
    settings = T.RankSettings(ns.preset, k=ns.resamples, seed=1)
    t0 = time.process_time()
    ours = T.rank(gs, specs, settings)
    t_ours = time.process_time() - t0
    row = (
        f"| {ns.preset} | {'all rows' if ns.full else 'complete grids'}: {shape} (systems x items) | "
        f"{len(specs)} metrics | k={ns.resamples} | ours {t_ours:.1f} s |"
    )
    if ns.full:
        print(f"{row} mt-metrics-eval: not run (its soft pairwise accuracy needs every system on every item) |")
        return
    k_mtme = ns.mtme_resamples or ns.resamples
    if k_mtme != ns.resamples and k_mtme > 100:
        ap.error("--mtme-resamples: at most 100 (one early-stop block: every pair makes that many draws)")
    theirs, seconds = mtme_rank(gs, specs, ns.preset, k_mtme)
    if k_mtme == ns.resamples:
        t_theirs, how = sum(seconds), "measured"
        same = (
            f"same global cluster: {sum(ours.ranks[ours.order.index(m)] == theirs[m][1] for m in specs)}/{len(specs)}"
        )
    else:  # per task: CPU seconds per pair-draw at k_mtme, times the draws our run made
        pairs = len(specs) * (len(specs) - 1) // 2
        made = [sum(len(d) for d in r.tests.draws.values()) for r in ours.tasks]
        t_theirs = sum(sec / (pairs * k_mtme) * n for sec, n in zip(seconds, made, strict=True))
        how = f"extrapolated from {sum(seconds):.1f} s at k={k_mtme}, where every pair makes {k_mtme} draws"
        same = "clusters not compared"
    print(f"{row} mt-metrics-eval {t_theirs:.1f} s ({how}) | ratio {t_ours / t_theirs:.3f} | {same} |")


if __name__ == "__main__":
    main()
