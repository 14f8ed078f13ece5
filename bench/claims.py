"""The claims of docs/results/claims.md, regenerated on the library (data sets: claims_data.py;
claims.md's generated blocks: claims_summary.py).

    python bench/claims.py all -j 2        # every part of PARTS in turn, then claims.md's generated blocks
    python bench/claims.py segment -j 2    # rows 1-4: one two-metric ``meta report`` per comparison
    python bench/claims.py system -j 2     # rows 5, 6, 11: ``features`` on every line, then ``table``

``features`` caches the classic metrics' corpus scores of every to-English system of WMT17, WMT22
(dev) and WMT21 (test); ``table`` trains the combinations (:func:`mtmetrics.stats.mct.grouped_combination`)
on dev and evaluates all on WMT21 (Pearson, Williams: :mod:`mtmetrics.stats`). The mean over pairs is
resampled on 1,000 seeded resamples of each pair's systems (:func:`~mtmetrics.stats.correlation.pearson_rows`);
its interval is ``np.percentile`` (linear interpolation) and p(> X) the share of resamples not above X, as
published: :func:`mtmetrics.stats.significance.interval` (order statistics) and
:func:`~mtmetrics.stats.corrtests.paired_bootstrap_difference` (``(c + 1) / (N + 1)``) would move them.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from claims_data import DATA, DATASETS, ROOT, WMT21_DIR, Data, Pair, _lines_tag, load
from claims_summary import COMPARISONS, PROB, render_doc, segment_docs, segment_markdown, tally, williams_leads

from mtmetrics.stats.correlation import pearson, pearson_rows
from mtmetrics.stats.corrtests import williams
from mtmetrics.stats.mct import grouped_combination, standardise_columns
from mtmetrics_meta.precomputed import read_system_scores

SEED = 12345
# The classic metrics combined (mtmetrics' own, default parameters) and hLEPOR_E (POS level by NLTK).
FEATURES = ["bleu", "nist", "chrf", "meteor", "ter", "gtm", "rouge-l", "rouge-w", "sia", "hlepor", "per", "wer"]
EXTRA = ["hlepor:pos=nltk"]
# Systems named otherwise in scores/COMET than in system-outputs and the human scores.
COMET_NAMES = {"NVIDIA-NeMo": "Nemo", "Allegro.eu": "Allegro"}


#: The metrics a process has loaded (spec -> metric): each loads its resources once per process.
_LOADED: dict[str, Any] = {}


def _metric(spec: str) -> Any:
    """The metric of ``spec`` (``name:k=v,...``), loaded once per process."""
    import mtmetrics

    if spec not in _LOADED:
        name, _, params = spec.partition(":")
        scorer = mtmetrics.load_metric(name, **dict(p.split("=", 1) for p in params.split(",") if p))
        # whole WMT documents of natural text: the segment limits bound adversarial input (a
        # two-word vocabulary), and METEOR's 250 tokens would refuse real segments the claims score
        scorer.max_segment_tokens = 0
        _LOADED[spec] = scorer
    return _LOADED[spec]


def _load(specs: Sequence[str]) -> None:
    """Load every metric (a forked worker has inherited them already)."""
    for spec in specs:
        _metric(spec)


def _score_system(hyp: list[str], ref: list[str], specs: Sequence[str]) -> dict[str, float]:
    """One system's corpus score under each spec (the unit of work of ``features -j``)."""
    return {spec: float(_metric(spec).corpus_score(hyp, [ref]).score) for spec in specs}


def _system_task(loaded: Sequence[str], hyp: list[str], ref: list[str], specs: Sequence[str]) -> dict[str, float]:
    """:func:`_score_system` in a worker of the pool, after loading the ``loaded`` specs once."""
    _load(loaded)
    return _score_system(hyp, ref, specs)


def _take(pair: Pair, k: int, lines: int) -> list[int]:
    """The scored lines of the ``k``-th pair: all candidates, or a seeded sample of ``lines``."""
    if lines <= 0 or lines >= len(pair.lines):
        return list(pair.lines)
    return sorted(np.random.default_rng([SEED, k]).choice(pair.lines, lines, replace=False).tolist())


def features(ns: argparse.Namespace) -> None:
    """Score every system of every data set with FEATURES + EXTRA on the chosen lines, one task per
    system through :func:`mtmetrics.engine.pool.map` (forked after every metric is loaded and warmed
    on one line); systems already in the cache are not scored again."""
    from mtmetrics.cli.progress import Progress
    from mtmetrics.engine import pool

    cache = Path(ns.cache)
    cache.mkdir(parents=True, exist_ok=True)
    docs: dict[str, dict] = {}
    tasks: list[tuple[list[str], list[str], list[str]]] = []
    where: list[tuple[str, str, str]] = []
    for ds in ns.datasets:
        out = cache / f"{ds}-{_lines_tag(ns.lines)}.json"
        doc = docs[ds] = json.loads(out.read_text()) if out.exists() else {}
        # --extra on the test set only: a model trained on raw text refuses WMT17's tokenised text
        specs = FEATURES + EXTRA + (ns.extra if ds == "wmt21" else [])
        for k, pair in enumerate(DATASETS[ds]()):
            take = _take(pair, k, ns.lines)
            entry = doc.setdefault(pair.name, {"human": {}, "scores": {}, "lines": take})
            if entry["lines"] != take:
                raise SystemExit(f"{out}: cached for other lines of {pair.name}; remove it or use another --cache")
            for system, hyp in pair.hyps.items():
                entry["human"][system] = pair.human[system]
                if todo := [s for s in specs if s not in entry["scores"].get(system, {})]:
                    tasks.append(([hyp[i] for i in take], [pair.ref[i] for i in take], todo))
                    where.append((ds, pair.name, system))
            if not pair.hyps:
                print(f"{ds} {pair.name}: no system matched the human scores", file=sys.stderr)
    specs = FEATURES + EXTRA + ns.extra
    lines = sum(len(t[0]) for t in tasks)
    print(f"features: {len(tasks)} systems to score ({lines:,} lines) with {len(specs)} metrics", file=sys.stderr)

    def save() -> None:
        for ds, doc in docs.items():
            (cache / f"{ds}-{_lines_tag(ns.lines)}.json").write_text(json.dumps(doc, indent=1, sort_keys=True))

    if tasks:
        _load(specs)  # load and warm up before forking (WordNet, the tagger, numba's compiled TER)
        _score_system(tasks[0][0][:1], tasks[0][1][:1], tasks[0][2])
        bar = Progress(len(tasks), "claims: system features", enabled=not ns.quiet)

        def done(i: int, scores: dict[str, float]) -> None:
            ds, lp, system = where[i]
            docs[ds][lp]["scores"].setdefault(system, {}).update(scores)
            bar.advance(1)
            if i % 25 == 24:
                save()

        pool.map(_system_task, tasks, ns.jobs, metrics=[_LOADED[s].metric for s in specs], shared=specs, done=done)
        bar.close()
    save()


# ---------------------------------------------------------------- analysis


#: The combination recipes (:func:`mtmetrics.stats.mct.grouped_combination`'s methods) by name.
RECIPES = {
    "OLS, raw features (unconstrained)": "ols-raw",
    "OLS, standardised per pair (unconstrained)": "ols",
    "NNLS, standardised per pair (weights >= 0)": "nnls",
    "MCT at system level, standardised, weights >= 0": "mct",
    "equal weights, standardised (no training)": "mean",
}


#: A combination's weights and whether they weigh standardised features.
Fitted = tuple[np.ndarray, bool]


def _combined(fitted: Fitted, x: np.ndarray) -> np.ndarray:
    """A pair's combined scores under ``fitted``."""
    w, standardised = fitted
    return (standardise_columns(x) if standardised else x) @ w


def _pearsons(scores: Sequence[np.ndarray], hs: Sequence[np.ndarray]) -> np.ndarray:
    """Pearson's r per pair (0 where a side is constant)."""
    return np.nan_to_num([pearson(s, h) for s, h in zip(scores, hs, strict=True)])


def _columns(d: Data, specs: Sequence[str]) -> dict[str, list[np.ndarray]]:
    """Each spec's column of every pair's feature matrix."""
    return {spec: [x[:, j] for x in d.x] for j, spec in enumerate(specs)}


def _combinations(dev17: Data, dev22: Data, sample: str) -> tuple[dict[str, float], dict[str, Fitted], str]:
    """Every recipe on two dev sets (WMT17 + WMT22, WMT22 alone: WMT17's text is tokenised and
    lowercased, WMT21's is raw): its leave-one-pair-out mean Pearson over the 6 WMT22 pairs (WMT17 is
    never the held-out pair), its fit on all dev pairs, the recipe chosen; and each feature's dev r."""
    devsets = {"WMT17+WMT22": (dev17.x + dev22.x, dev17.h + dev22.h, len(dev17.x)), "WMT22": (dev22.x, dev22.h, 0)}
    dev_score: dict[str, float] = {}
    fitted: dict[str, Fitted] = {}
    for dname, (dxs, dhs, off) in devsets.items():
        for name, recipe in RECIPES.items():
            held_out = []
            for k in range(len(dev22.x)):
                keep = [i for i in range(len(dxs)) if i != off + k]
                model = grouped_combination(recipe, [dxs[i] for i in keep], [dhs[i] for i in keep])
                held_out.append(_combined(model, dev22.x[k]))
            label = f"combination: {name}, dev {dname}"
            dev_score[label] = float(np.mean(_pearsons(held_out, dev22.h)))
            fitted[label] = grouped_combination(recipe, dxs, dhs)
    chosen = max(dev_score, key=lambda k: dev_score[k])
    for spec, c in _columns(dev22, FEATURES).items():
        dev_score[f"{spec} (mtmetrics, {sample})"] = float(np.mean(_pearsons(c, dev22.h)))
    return dev_score, fitted, chosen


def _williams(test: Data, col: dict[str, list[np.ndarray]], entries: list[dict[str, Any]]) -> list[str]:
    """Williams' test per pair, hLEPOR vs BLEU, TER, METEOR and hLEPOR_E vs hLEPOR: the Markdown
    lines; the numbers are appended to ``entries``."""
    out = [
        "\nWilliams' test per pair (one-sided p that A's Pearson exceeds B's; same systems):\n",
        "| A vs B | " + " | ".join(test.pairs) + " | pairs A > B | p < 0.05 (uncorrected; Holm: claims.md) |",
        "|---|" + "---|" * len(test.pairs) + "---|---|",
    ]
    for a, b in [("hlepor", "bleu"), ("hlepor", "ter"), ("hlepor", "meteor"), ("hlepor:pos=nltk", "hlepor")]:
        per_pair: list[dict[str, Any]] = []
        for k, h in enumerate(test.h):
            ra, rb, rab = _pearsons([col[a][k], col[b][k], col[a][k]], [h, h, col[b][k]])  # A, B, A with B
            p, p_b = (
                williams(x, y, min(rab, 1.0), len(h)).p_one_sided if abs(rab) < 1 else math.nan
                for x, y in ((ra, rb), (rb, ra))
            )
            per_pair.append({"pair": test.pairs[k], "r_a": ra, "r_b": rb, "n": len(h), "p_a": p, "p_b": p_b})
        ma, mb = (float(np.mean([x[key] for x in per_pair])) for key in ("r_a", "r_b"))
        entries.append({"a": a, "b": b, "pairs": per_pair, "mean_a": ma, "mean_b": mb})
        cells = " | ".join(f"{x['r_a'] - x['r_b']:+.3f} (p={x['p_a']:.2f})" for x in per_pair)
        wins, sig = sum(x["r_a"] > x["r_b"] for x in per_pair), sum(x["p_a"] < 0.05 for x in per_pair)
        out.append(f"| {a} vs {b} | {cells} | {wins}/{len(per_pair)} | {sig}/{len(per_pair)} |")
    for (a, b), tests in williams_leads(entries).items():  # the verdicts of claims.md (Holm per row)
        *_, verdict = tally(tests)
        next(e for e in entries if (e["a"], e["b"]) == (a, b))["verdict"] = verdict
    return out


ROW_KEYS = ("name", "dev_r", "r", "mean", "lower", "upper", "p_not_above_chrf", "p_not_above_comet")


def table(ns: argparse.Namespace) -> dict[str, Any]:
    """The Markdown tables (hLEPOR claim, combination goal) to ``-o`` (or standard output) and every
    number of them as JSON to ``--json``; returns that JSON document."""
    result: dict[str, Any] = {"lines": _lines_tag(ns.lines), "bootstrap": ns.bootstrap, "rows": [], "williams": []}
    cache, specs, sample = Path(ns.cache), FEATURES, "all lines" if ns.lines <= 0 else f"{ns.lines} lines"
    dev17, dev22 = (load(cache, ds, ns.lines, specs) for ds in ("wmt17", "wmt22"))
    test = load(cache, "wmt21", ns.lines, FEATURES + EXTRA + ns.extra)
    col = _columns(test, FEATURES + EXTRA + ns.extra)
    pair_systems = list(zip(test.pairs, test.systems, strict=True))
    result |= {"pairs": test.pairs, "systems": {lp: len(s) for lp, s in pair_systems}}
    result["dev_pairs"] = {"wmt17": dev17.pairs, "wmt22": dev22.pairs}
    # The data's own scores (full test set, reference A).
    with open(WMT21_DIR / "scores" / "automatic-scores.tsv", encoding="utf-8") as f:
        auto = {(r["pair"], r["system"], r["metric"]): float(r["score"]) for r in csv.DictReader(f, delimiter="\t")}
    auto_rows = {m: [np.array([auto[(lp, s, m)] for s in ss]) for lp, ss in pair_systems] for m in ("bleu-A", "chrf-A")}
    rows = [(f"{m} (data's automatic-scores.tsv, full test set)", v) for m, v in auto_rows.items()]
    comet = []
    for lp, ss in pair_systems:
        by_system = read_system_scores(WMT21_DIR / "scores" / "COMET" / lp / "COMET_newstest2021_ref-A.tsv")
        comet.append(np.array([by_system["", COMET_NAMES.get(s, s)] for s in ss]))
    rows.append(("COMET ref-A (data's scores/COMET, full test set)", comet))
    rows += [(f"{spec} (mtmetrics, {sample})", c) for spec, c in col.items()]
    dev_score, fitted, chosen = _combinations(dev17, dev22, sample)
    result["chosen"] = chosen
    test_x = [x[:, : len(specs)] for x in test.x]
    rows += [
        (label + (" ← chosen on dev" if label == chosen else ""), [_combined(model, x) for x in test_x])
        for label, model in fitted.items()
    ]
    rng = np.random.default_rng(SEED)  # seeded resamples of each pair's systems, the same for every row
    draws = [[rng.integers(0, len(h), len(h)) for h in test.h] for _ in range(ns.bootstrap)]
    idx = [np.array(d) for d in zip(*draws, strict=True)]  # per pair: resamples x systems
    boots = [
        np.nan_to_num([pearson_rows(s[i], h[i]) for s, h, i in zip(sc, test.h, idx, strict=True)]).mean(axis=0)
        for _, sc in rows
    ]
    lines = (
        "# System-level claims (rows 5, 6 and 11 of claims.md), generated\n\n"
        f"Written by `python bench/claims.py {ns.cmd}"
        + (f" --lines {ns.lines}" if ns.lines > 0 else "")
        + (f" -j {ns.jobs}" if getattr(ns, "jobs", 1) > 1 else "")
        + f" --bootstrap {ns.bootstrap}` (or as part `system` of `python bench/claims.py all`); every number "
        "below is also in `claims-system.json`.\n",
        f"WMT21 to-English, system level, {len(test.pairs)} pairs "
        f"({', '.join(f'{lp}: {len(s)}' for lp, s in pair_systems)} MT systems); "
        + (
            "mtmetrics' metrics on all lines of each system"
            if ns.lines <= 0
            else f"mtmetrics' metrics on {ns.lines} sampled lines per pair"
        )
        + ", reference A; dev (WMT17 judged lines, WMT22) likewise.\n",
        "| metric | dev mean r (WMT22) | "
        + " | ".join(test.pairs)
        + " | mean r [95 % CI] | p(> chrF-A) | p(> COMET) |",
        "|---|---|" + "---|" * len(test.pairs) + "---|---|---|",
    )
    out = list(lines)
    for (name, scores), bs in zip(rows, boots, strict=True):
        test_r = _pearsons(scores, test.h)
        lo, hi = np.percentile(bs, [2.5, 97.5])
        ps = [float(np.mean(bs - boots[k] <= 0)) for k in (1, 2)]  # chrF-A, COMET
        dv = next((f"{v:.3f}" for k, v in dev_score.items() if name.startswith(k)), "")
        per_pair = dict(zip(test.pairs, map(float, test_r), strict=True))
        values = (name, float(dv) if dv else None, per_pair, float(test_r.mean()), float(lo), float(hi), *ps)
        result["rows"].append(dict(zip(ROW_KEYS, values, strict=True)))
        cells = " | ".join(f"{v:.3f}" for v in test_r)
        out.append(
            f"| {name} | {dv} | {cells} | {test_r.mean():.3f} [{lo:.3f}, {hi:.3f}] | {ps[0]:.3f} | {ps[1]:.3f} |"
        )
    # Final weights of each recipe (trained on all dev pairs): the effect of one standard unit.
    out.append(
        "\nWeights (trained on all pairs of the dev set; per standard unit of each feature, raw OLS per raw"
        " unit; error rates negated):\n"
    )
    for label, (w, _) in fitted.items():
        result.setdefault("weights", {})[label] = dict(zip(specs, w.tolist(), strict=True))
        out.append(f"- {label[13:]}: " + ", ".join(f"{s} {v:+.3f}" for s, v in zip(specs, w.tolist(), strict=True)))
    out += _williams(test, col, result["williams"])
    _write(ns.output, "\n".join(out) + "\n")
    if ns.json:
        Path(ns.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


def _write(path: str | None, text: str) -> None:
    """``text`` to ``path``, or to standard output."""
    if path:
        Path(path).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def orange(ns: argparse.Namespace) -> dict[str, Any]:
    """ORANGE's ranking of metric variants (``meta orange -f json``; lower is better) against their mean
    segment-level Pearson over a ``meta report --json``'s groups: Spearman and Kendall over the
    variants (scipy's p-values), the Markdown to ``-o`` (or standard output), the numbers to ``--json``."""
    from scipy.stats import kendalltau, spearmanr

    ora = {m["spec"]: float(m["orange"]) for m in json.loads(Path(ns.orange).read_text())["metrics"]}
    by: dict[str, list[float]] = defaultdict(list)
    for t in json.loads(Path(ns.report).read_text())["tables"]:
        for c in t["correlations"]:
            if c["level"] == "segment" and c["kind"] == "pearson":
                by[c["metric"]].append(float(c["value"]))
    specs = [s for s in ora if s in by]
    o, r = np.array([-ora[s] for s in specs]), np.array([np.mean(by[s]) for s in specs])
    (rho, p_rho), (tau, p_tau) = spearmanr(o, r), kendalltau(o, r)
    ro = {s: k for k, s in enumerate(sorted(specs, key=lambda s: ora[s]), start=1)}
    rr = {s: k for k, s in enumerate(sorted(specs, key=lambda s: -np.mean(by[s])), start=1)}
    lines = [
        f"{len(specs)} variants; Spearman {rho:.3f} (p={p_rho:.3g}), Kendall {tau:.3f} (p={p_tau:.3g})",
        "| variant | ORANGE % (rank) | mean segment Pearson (rank) |\n|---|---|---|",
    ]
    lines += [f"| {s} | {100 * ora[s]:.2f} ({ro[s]}) | {np.mean(by[s]):.3f} ({rr[s]}) |" for s in specs]
    _write(ns.output, "\n".join(lines) + "\n")
    tests = map(float, (rho, p_rho, tau, p_tau))
    result: dict[str, Any] = dict(zip(("spearman", "p_spearman", "kendall", "p_kendall"), tests, strict=True))
    result["variants"] = [
        {"spec": s, "orange": ora[s], "orange_rank": ro[s], "pearson": float(np.mean(by[s])), "pearson_rank": rr[s]}
        for s in specs
    ]
    if ns.json:
        Path(ns.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


# ---------------------------------------------------------------------------------------------
# Segment-level claims (rows 1-4): one two-metric ``meta report`` per comparison, then the table.

WMT21_DERIVED = WMT21_DIR / "derived"
SEGMENT_TABLES = [WMT21_DERIVED / f"newstest2021.{lp}.da-seg.joined.tsv.gz" for lp in ("is-en", "ja-en", "ru-en")]
SEGMENT_TABLES.append(DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz")


def _mtmetrics(args: list[str]) -> None:
    """``mtmetrics ARGS`` in this process."""
    from mtmetrics.cli import main as cli

    if code := cli(args):
        raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {code}")


def _mtmetrics_process(args: list[str]) -> str:
    """``python -m mtmetrics ARGS`` in a process of its own; returns its standard output."""
    done = subprocess.run([sys.executable, "-m", "mtmetrics", *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {done.returncode}\n{done.stderr}")
    return done.stdout


def _rel(path: Path) -> str:
    """A data path as the recorded command shows it (relative, so that it runs on any machine)."""
    return os.path.relpath(path)


def _prob_table(cache: Path) -> Path:
    """SIA's PROB table: IBM Model 1 English via French on multi30k (``mtmetrics similarity train``)."""
    out, m30 = cache / "en-via-fr.tsv.gz", DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"
    if not out.exists():
        pivot = ["--pivot", str(m30 / "train.fr.gz"), "-o", str(out)]
        _mtmetrics(["similarity", "train", "--english", str(m30 / "train.en.gz"), *pivot])
    return out


def _meta_report(
    tables: Sequence[Path], metrics: Sequence[str], out: Path, name: str, ns: Any, extra: Any = ()
) -> dict:
    """One ``mtmetrics meta report`` into ``out/name.md`` and ``.json`` (``ns.slice``: that many
    source segments per group); returns the JSON."""
    args = ["meta", "report", *map(_rel, tables), "-m", *metrics, "-j", str(ns.jobs)]
    args += ["--bootstrap-n", str(ns.bootstrap)]
    args += [*extra, *(["--sample-segments", str(ns.slice)] if ns.slice else [])]
    _mtmetrics([*args, "--json", _rel(out / f"{name}.json"), "-o", _rel(out / f"{name}.md")])
    return json.loads((out / f"{name}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# The whole table by one command: ``all`` runs every part in turn, then writes the summary.

ORANGE_VARIANTS = [
    *(f"bleus:max_order={k}" for k in range(1, 10)),
    *("rouge-l", "rouge-w:weight=1.1", "rouge-w:weight=1.2"),
    *(f"rouge-s:skip={k}" for k in (0, 1, 4, 9, -1)),
    *(f"rouge-su:skip={k}" for k in (4, 9, -1)),
]
NBEST = DATA / "nbest" / "joshua-bn-en" / "test" / "bn-en" / "hiero"
MCT_SPEC = "combo:model=" + os.path.relpath(ROOT / "docs" / "results" / "source-features-mct-ngram.json", ROOT)
#: The source half of row 9: BLEUS + chrF + SSCN + PRS + MPR + DUP, each at its defaults but the source
#: tokenizer, given so the model records it: every source split at spaces, as when SSCN's defaults were
#: chosen (bench/sscn_tune.py), for all four dev pairs alike (a model applies one).
SOURCE_FEATURES = ["bleus", "chrf", "sscn:src_tokenize=none", "prs:src_tokenize=none", "mpr:src_tokenize=none", "dup"]
MCT_SOURCE = ROOT / "docs" / "results" / "source-features-mct-source.json"
MQM = DATA / "test" / "wmt22-mqm" / "derived"
MQM_TABLES = [MQM / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz" for lp in ("en-de", "zh-en")]
WMT17_DEV = DATA / "dev" / "wmt17-da" / "derived" / "newstest2017.da-seg.joined.tsv.gz"
#: The parts of ``all``, in order: name -> (rows of claims.md, what it writes).
PARTS = {
    "segment": ("1-4", "claims-segment.md, claims-seg-*.md / .json"),
    "system": ("5, 6, 11", "claims-system.md / .json"),
    "orange": ("7", "claims-orange-joshua.json"),
    "orange-corr": ("8", "claims-orange-wmt21.md / .json, claims-orange-rank.md / .json"),
    "mct": ("9", "claims-mct-wmt21.md / .json"),
    "mct-source": ("9", "source-features-mct-source.json, source-features-wmt21-mct.md / .json"),
    "paraphrase": ("10", "paraphrase-models/, paraphrase-models.md"),
    "floors": ("floors", "claims-floors-wmt22-mqm.md / .json"),
}


def part_segment(ns: argparse.Namespace, out: Path) -> None:
    """Rows 1-4: every segment-level comparison (``--slice``: that many source segments per pair) as a
    ``meta report`` (JSON + Markdown), then claims-segment.md."""
    from mtmetrics.cli.progress import Progress

    cache = Path(ns.cache)
    out.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    chosen = [c for c in COMPARISONS if not ns.only or c[1] in ns.only]
    bar = Progress(len(chosen) + 1, "claims: segment level", enabled=True)
    prob = str(_prob_table(cache)) if any(PROB in c[2] + c[3] for c in chosen) else ""
    bar.advance(1)
    t0 = time.perf_counter()
    for row, name, a, b, la, lb in chosen:
        a, b = a.replace(PROB, prob), b.replace(PROB, prob)
        args = ["meta", "report", *map(_rel, SEGMENT_TABLES), "-m", a, b, "--levels", "segment"]
        args += ["--permutations", str(ns.permutations), "--bootstrap-n", str(ns.bootstrap), "-j", str(ns.jobs)]
        args += ["--json", _rel(out / f"claims-seg-{name}.json"), "-o", _rel(out / f"claims-seg-{name}.md")]
        args += ["--title", f"Claim {row}: {la} vs {lb}, segment level"]
        _mtmetrics(args + (["--sample-segments", str(ns.slice)] if ns.slice else []))
        bar.advance(1)
    bar.close()
    run = {"parts": {"segment": {"seconds": time.perf_counter() - t0}}, "jobs": ns.jobs}
    (out / "claims-segment.md").write_text(segment_markdown(segment_docs(out), run), encoding="utf-8")
    print(f"wrote {out / 'claims-segment.md'}", file=sys.stderr)


def part_system(ns: argparse.Namespace, out: Path) -> None:
    """Rows 5, 6 and 11: ``features`` on every line (``--slice``: that many lines), then ``table``."""
    sysns = argparse.Namespace(**{**vars(ns), "lines": ns.slice, "extra": [MCT_SPEC], "datasets": list(DATASETS)})
    sysns.quiet, sysns.cmd, sysns.output, sysns.json = (
        False,
        "system",
        str(out / "claims-system.md"),
        str(out / "claims-system.json"),
    )
    features(sysns)
    table(sysns)


def part_orange(ns: argparse.Namespace, out: Path) -> None:
    """Row 7: ``mtmetrics meta orange`` of the 20 variants on the Joshua bn-en 10-best lists (JSON)."""
    refs = [NBEST / f"reference.en.{k}" for k in range(4)]
    args = ["meta", "orange", _rel(NBEST / "output.gold"), *map(_rel, refs), "-m", *ORANGE_VARIANTS]
    args += ["--bootstrap-n", str(ns.bootstrap), "--seed", str(SEED), "-j", str(ns.jobs), "-f", "json"]
    (out / "claims-orange-joshua.json").write_text(_mtmetrics_process(args), encoding="utf-8")


def part_orange_corr(ns: argparse.Namespace, out: Path) -> None:
    """Row 8: the 20 variants' segment-level Pearson on the data of rows 1-4, against ORANGE."""
    title = "Claim 8: the 20 ORANGE variants, segment-level correlation"
    extra = ["--levels", "segment", "--permutations", "0", "--title", title]
    _meta_report(SEGMENT_TABLES, ORANGE_VARIANTS, out, "claims-orange-wmt21", ns, extra)
    files = {"orange": "claims-orange-joshua.json", "report": "claims-orange-wmt21.json"}
    files |= {"output": "claims-orange-rank.md", "json": "claims-orange-rank.json"}
    orange(argparse.Namespace(**{k: str(out / v) for k, v in files.items()}))


def part_mct(ns: argparse.Namespace, out: Path) -> None:
    """Row 9: the segment-level MCT of BLEUS + chrF (trained on WMT22 dev) against chrF on WMT21."""
    title = "Claim 9: MCT (BLEUS + chrF) vs chrF, segment and system level"
    extra = ["--permutations", str(ns.permutations), "--title", title]
    _meta_report(SEGMENT_TABLES[:3], [MCT_SPEC, "chrf"], out, "claims-mct-wmt21", ns, extra)


def part_mct_source(ns: argparse.Namespace, out: Path) -> None:
    """Row 9's source half: MCT of :data:`SOURCE_FEATURES` retrained on the WMT22 dev sample of
    bench/sscn_tune.py (eflomal links cached), then it and BLEUS + chrF on 500 segments of WMT21 is/ja/ru."""
    from sscn_tune import write_sample

    cache = Path(ns.cache)
    cache.mkdir(parents=True, exist_ok=True)
    sample, model = cache / "wmt22-dev-sample.tsv", out / MCT_SOURCE.name
    write_sample(sample)
    align = ["--aligner", "eflomal", "--align-cache", str(cache / "align"), "--align-src-tokenize", "none"]
    train = ["meta", "mct", _rel(sample), "-m", *SOURCE_FEATURES, *align, "--restarts", "10", "--seed", str(SEED)]
    _mtmetrics([*train, "-j", str(ns.jobs), "-o", _rel(model)])
    title = "MCT with and without source features (Liu & Gildea 2007), trained on WMT22 dev, tested on WMT21 DA "
    title += "is/ja/ru to English (held-out)"
    note = (
        f"Both combinations trained beforehand by maximum correlation training on the WMT22 development sample "
        f"(ja/liv/ru/uk-en, 500 segments per pair, 16,694 rows; bench/sscn_tune.py's sample): {MCT_SPEC[12:]} = "
        f"BLEUS + chrF; {_rel(model)} = BLEUS + chrF + SSCN + PRS + MPR + DUP, retrained by python bench/claims.py "
        f"all --parts mct-source ({' '.join(train)}), each feature at its defaults but the source tokenizer: "
        "src_tokenize=none for SSCN, PRS and MPR (every source split at spaces, as when SSCN's defaults were chosen "
        "on the dev data; recorded in the model's specs and signatures, and the test alignments made on the same "
        "split). SSCN's unaligned reading follows the definition (docs/metrics.md §4.1). With two metrics, the "
        "cluster column is the pairwise test: Williams (system level), PERM-BOTH over whole source segments "
        "(segment level)."
    )
    extra = [*align, "--permutations", str(ns.permutations), "--title", title, "--note", note]
    extra += [] if ns.slice else ["--sample-segments", "500"]
    specs = ["combo:model=" + _rel(model), MCT_SPEC]
    _meta_report(SEGMENT_TABLES[:3], specs, out, "source-features-wmt21-mct", ns, extra)


def part_paraphrase(ns: argparse.Namespace, out: Path) -> None:
    """Row 10: ``paraphrase train`` on WMT17 dev and ``evaluate`` on WMT21 is/ja/ru (``--slice``:
    the first 40 × slice rows of each table); as commands of their own (each report records its argv)."""
    models, jobs = (
        out / "paraphrase-models",
        ["-j", str(ns.jobs), "-q", *(["--limit", str(40 * ns.slice)] if ns.slice else [])],
    )
    _mtmetrics_process(["paraphrase", "train", _rel(WMT17_DEV), "-o", _rel(models), *jobs])
    tables = [*map(_rel, SEGMENT_TABLES[:3]), "-o", _rel(out / "paraphrase-models.md")]
    _mtmetrics_process(["paraphrase", "evaluate", _rel(models), *tables, *jobs])


def part_floors(ns: argparse.Namespace, out: Path) -> None:
    """The floors (a constant and a random metric) of the agreement measures on WMT22 MQM, next to
    BLEU and chrF, on all judged segments (``-j 1``: the command line of the published floors)."""
    title = "Floors of the agreement measures on WMT22 MQM (constant and random metric)"
    extra = ["--levels", "segment", "item", "system", "--kinds", "pearson", "accuracy", "soft-accuracy", "acc-eq"]
    extra += ["--permutations", str(ns.permutations), "--title", title]
    _meta_report(
        MQM_TABLES,
        ["bleu", "chrf"],
        out,
        "claims-floors-wmt22-mqm",
        argparse.Namespace(**{**vars(ns), "jobs": 1}),
        extra,
    )


def run_all(ns: argparse.Namespace) -> None:
    """Every part in turn (a progress line per part on standard error), then the summary."""
    from mtmetrics.cli.progress import Progress

    out = Path(ns.out)
    out.mkdir(parents=True, exist_ok=True)
    parts = [] if ns.render else ns.parts or list(PARTS)
    run_file = out / "claims-run.json"
    run: dict[str, Any] = {"parts": {}} | (json.loads(run_file.read_text()) if run_file.exists() else {})
    bar = Progress(len(parts), "claims: all", enabled=True)
    t_all = time.perf_counter()
    for k, name in enumerate(parts, start=1):
        print(f"\nclaims all: [{k}/{len(parts)}] {name} (rows {PARTS[name][0]}) ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        globals()["part_" + name.replace("-", "_")](ns, out)
        dt = time.perf_counter() - t0
        run["parts"][name] = {"seconds": round(dt, 1), "rows": PARTS[name][0]}
        print(f"claims all: [{k}/{len(parts)}] {name} done in {dt / 60:.1f} min", file=sys.stderr, flush=True)
        run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")  # a failed later part keeps this one
        bar.advance(1)
    bar.close()
    if not ns.render:
        cmd = f"python bench/claims.py all -j {ns.jobs}" + (f" --slice {ns.slice}" if ns.slice else "")
        if ns.permutations != 1000 or ns.bootstrap != 1000:
            cmd += f" --permutations {ns.permutations} --bootstrap {ns.bootstrap}"
        run |= {"command": cmd, "jobs": ns.jobs, "slice": ns.slice}
        run["wall_seconds_this_run"] = round(time.perf_counter() - t_all, 1)
    run["seconds"] = round(sum(v["seconds"] for v in run["parts"].values()), 1)
    run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")
    doc = Path(ns.doc) if ns.doc else out / "claims.md"
    render_doc(out, doc, run)
    print(f"wrote {doc} ({run['seconds'] / 60:.1f} min in all)", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    cache, results = "/tmp/claims-cache", str(ROOT / "docs" / "results")
    f, t, o = sub.add_parser("features"), sub.add_parser("table"), sub.add_parser("orange")
    sg = sub.add_parser("segment", help="rows 1-4: the segment-level comparisons and claims-segment.md")
    sy = sub.add_parser("system", help="rows 5, 6, 11: features (every line) then table, to claims-system.md/.json")
    al = sub.add_parser("all", help="every part in turn (rows 1-11), then the summary of claims.md")
    extra_help = "further metrics scored (features) and reported (table) on WMT21 only, e.g. combo:model=M.json"
    options: list[tuple[tuple, tuple[str, ...], dict[str, Any]]] = [
        ((f,), ("--datasets",), {"nargs": "+", "default": list(DATASETS), "choices": list(DATASETS)}),
        ((f,), ("-q", "--quiet"), {"action": "store_true"}),
        ((f, t, sy), ("--lines",), {"type": int, "default": 0, "help": "lines per pair (0: every line)"}),
        ((f, t), ("--extra",), {"nargs": "*", "default": [], "help": extra_help}),
        ((o,), ("orange",), {"help": "JSON of mtmetrics meta orange -f json"}),
        ((o,), ("report",), {"help": "JSON of mtmetrics meta report --json over the same variants"}),
        ((t, o), ("-o", "--output"), {"default": ""}),
        ((t, o), ("--json",), {"default": ""}),
        ((sg,), ("--segments",), {"type": int, "default": 0, "help": "source segments per pair (0: all)"}),
        ((al,), ("--slice",), {"type": int, "default": 0, "help": "a quick slice: N source segments / lines per pair"}),
        ((al,), ("--parts",), {"nargs": "*", "default": [], "choices": list(PARTS), "help": "run only these parts"}),
        ((al,), ("--doc",), {"default": "", "help": "the claims.md to update (default: OUT/claims.md)"}),
        ((al,), ("--render",), {"action": "store_true", "help": "run no part: rewrite claims.md's blocks only"}),
        ((f, sg, sy, al), ("-j", "--jobs"), {"type": int, "default": 1}),
        ((t, sg, sy, al), ("--bootstrap",), {"type": int, "default": 1000}),
        ((f, t, sg, sy, al), ("--cache",), {"default": cache}),
        ((sg, sy, al), ("--out",), {"default": results}),
        ((sg, al), ("--permutations",), {"type": int, "default": 1000}),
        ((sg, al), ("--only",), {"nargs": "*", "default": [], "help": "segment comparisons to run (default: all)"}),
    ]
    for subs, names, kw in options:
        for p in subs:
            p.add_argument(*names, **kw)
    ns = parser.parse_args()
    if ns.cmd in ("segment", "system"):  # one part on its own, ``--segments`` / ``--lines`` its slice
        ns.slice = ns.segments if ns.cmd == "segment" else ns.lines
        return globals()["part_" + ns.cmd](ns, Path(ns.out))
    {"features": features, "table": table, "orange": orange, "all": run_all}[ns.cmd](ns)


if __name__ == "__main__":
    main()
