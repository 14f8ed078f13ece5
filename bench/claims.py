"""The claims of docs/results/claims.md, regenerated on the library (every statistic is mtmetrics').

    python bench/claims.py all -j 2        # every part of PARTS in turn, then claims.md's generated blocks
    python bench/claims.py segment -j 2    # rows 1-4: one two-metric ``meta report`` per comparison
    python bench/claims.py system -j 2     # rows 5, 6, 11: ``features`` on every line, then ``table``

``features`` caches each classic metric's corpus score of every to-English system of WMT17 and
WMT22 (dev) and WMT21 (test), first reference only; ``table`` correlates them with the human system
scores per pair, trains the combination recipes (:func:`mtmetrics.stats.mct.grouped_combination`)
on dev, chooses one by leave-one-pair-out mean Pearson on dev and evaluates all once on WMT21
(95 % percentile bootstrap of the mean over pairs, systems resampled within each pair, seed 12345).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from mtmetrics.stats.correlation import pearson
from mtmetrics.stats.corrtests import williams
from mtmetrics.stats.mct import grouped_combination, standardise_columns

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WMT21_DIR = DATA / "test" / "wmt21-news"
SEED = 12345
ERROR_RATES = {"ter", "per", "wer"}
# The classic metrics combined (mtmetrics' own, default parameters) and hLEPOR_E (POS level by NLTK).
FEATURES = ["bleu", "nist", "chrf", "meteor", "ter", "gtm", "rouge-l", "rouge-w", "sia", "hlepor", "per", "wer"]
EXTRA = ["hlepor:pos=nltk"]
# Systems named otherwise in scores/COMET than in system-outputs and the human scores.
COMET_NAMES = {"NVIDIA-NeMo": "Nemo", "Allegro.eu": "Allegro"}


@dataclass
class Pair:
    """One language pair: line-aligned reference and system outputs, human system scores."""

    name: str
    ref: list[str]
    hyps: dict[str, list[str]]
    human: dict[str, float]
    lines: list[int]  # candidate 0-based line numbers to sample from


def _read(path: Path) -> list[str]:
    with (gzip.open if path.suffix == ".gz" else open)(path, "rt", encoding="utf-8") as f:
        text = f.read()
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def _official(base: Path, where: str, prefix: str, lps: Sequence[str]) -> list[Pair]:
    """Pairs with official system DA z (``ad-sys-ranking-LP-z-names.csv``: RAW Z N N.ALL SYS.ID NAME),
    the first reference and the outputs ``PREFIX.LP.hyp.<system>.en.gz`` of the systems it scores."""
    pairs = []
    for lp in lps:
        rank = (base / "humaneval" / where / f"ad-sys-ranking-{lp}-z-names.csv").read_text(encoding="utf-8")
        human = {f[5]: float(f[1]) for f in map(str.split, rank.splitlines()) if len(f) >= 6}
        ref = _read(sorted((base / "txt" / "references").glob(f"{prefix}.{lp}.ref.*.en"))[0])
        hyp = f"{prefix}.{lp}.hyp."
        hyps = {
            name: _read(p)
            for p in sorted((base / "txt" / "system-outputs").glob(f"{hyp}*.en.gz"))
            if (name := p.name[len(hyp) : -len(".en.gz")]) in human
        }
        pairs.append(Pair(lp, ref, hyps, human, list(range(len(ref)))))
    return pairs


def wmt21() -> list[Pair]:
    """WMT21 news, the 7 to-English pairs (held-out test)."""
    lps = ["cs-en", "de-en", "ha-en", "is-en", "ja-en", "ru-en", "zh-en"]
    return _official(WMT21_DIR, "newstest2021-toen", "newstest2021", lps)


def wmt22() -> list[Pair]:
    """WMT22 general, the to-English pairs with system outputs and system-level DA (development)."""
    lps = ["cs-en", "de-en", "ja-en", "ru-en", "uk-en", "zh-en"]
    return _official(DATA / "dev" / "wmt22-general", "DA/newstest2022-toen", "generaltest2022", lps)


def wmt17() -> list[Pair]:
    """WMT17 DA (development): human system score = mean z of the system's judged rows."""
    base = DATA / "dev" / "wmt17-da"
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    sids: dict[str, set[int]] = defaultdict(set)
    with gzip.open(base / "derived" / "newstest2017.da-seg.joined.tsv.gz", "rt", encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            for system in r["system"].split("+"):
                rows[r["lp"]][system].append(float(r["z"]))
            sids[r["lp"]].add(int(r["sid"]))
    pairs = []
    for lp in sorted(rows):
        hyps = {
            name: _read(p)
            for p in sorted((base / lp).glob(f"newstest2017.*.{lp}.gz"))
            if (name := p.name[len("newstest2017.") : -len(f".{lp}.gz")]) in rows[lp]
        }
        human = {s: float(np.mean(v)) for s, v in rows[lp].items()}
        ref = _read(base / f"newstest2017-{lp[:2]}en-ref.en")
        pairs.append(Pair(lp, ref, hyps, human, sorted(k - 1 for k in sids[lp])))
    return pairs


DATASETS: dict[str, Callable[[], list[Pair]]] = {"wmt17": wmt17, "wmt22": wmt22, "wmt21": wmt21}

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


def _lines_tag(lines: int) -> str:
    """The cache file's tag of a sample size: ``all`` (every line) or the number of lines."""
    return "all" if lines <= 0 else str(lines)


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


@dataclass
class Data:
    """Per pair: the system names, feature matrix (systems x features, error rates negated), human."""

    pairs: list[str]
    systems: list[list[str]]
    x: list[np.ndarray]
    h: list[np.ndarray]


def load(cache: Path, ds: str, lines: int, specs: Sequence[str]) -> Data:
    doc = json.loads((cache / f"{ds}-{_lines_tag(lines)}.json").read_text())
    sign = np.array([-1.0 if s.split(":")[0] in ERROR_RATES else 1.0 for s in specs])
    out = Data([], [], [], [])
    for lp in sorted(doc):
        systems = sorted(doc[lp]["scores"])
        out.pairs.append(lp)
        out.systems.append(systems)
        out.x.append(np.array([[doc[lp]["scores"][s][f] for f in specs] for s in systems]) * sign)
        out.h.append(np.array([doc[lp]["human"][s] for s in systems]))
    return out


#: The combination recipes (:func:`mtmetrics.stats.mct.grouped_combination`'s methods) by name.
RECIPES = {
    "OLS, raw features (unconstrained)": "ols-raw",
    "OLS, standardised per pair (unconstrained)": "ols",
    "NNLS, standardised per pair (weights >= 0)": "nnls",
    "MCT at system level, standardised, weights >= 0": "mct",
    "equal weights, standardised (no training)": "mean",
}


def _r(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson's r (0 when one side is constant)."""
    return float(np.nan_to_num(pearson(a, b)))


def fit(method: str, xs: list[np.ndarray], hs: list[np.ndarray]) -> tuple[np.ndarray, Callable]:
    """The weights learned by ``method`` on the pairs ``xs``, ``hs`` and the scorer of a pair's features."""
    w, standardised = grouped_combination(method, xs, hs)
    return w, lambda t: (standardise_columns(t) if standardised else t) @ w


def per_pair_r(scores: list[np.ndarray], hs: list[np.ndarray]) -> np.ndarray:
    return np.array([_r(s, h) for s, h in zip(scores, hs, strict=True)])


def _columns(d: Data, specs: Sequence[str]) -> dict[str, list[np.ndarray]]:
    return {spec: [x[:, j] for x in d.x] for j, spec in enumerate(specs)}


def _combinations(dev17: Data, dev22: Data, sample: str) -> tuple[dict[str, float], dict[str, tuple], str]:
    """Every recipe on two dev sets (WMT17 + WMT22, WMT22 alone: WMT17's text is tokenised and
    lowercased, WMT21's is raw): its leave-one-pair-out mean Pearson over the 6 WMT22 pairs (WMT17 is
    never the held-out pair), its fit on all dev pairs, the recipe chosen; and each feature's dev r."""
    devsets = {"WMT17+WMT22": (dev17.x + dev22.x, dev17.h + dev22.h, len(dev17.x)), "WMT22": (dev22.x, dev22.h, 0)}
    dev_score: dict[str, float] = {}
    fitted: dict[str, tuple[np.ndarray, Callable]] = {}
    for dname, (dxs, dhs, off) in devsets.items():
        for name, recipe in RECIPES.items():
            rs = []
            for k in range(len(dev22.x)):
                keep = [i for i in range(len(dxs)) if i != off + k]
                rs.append(_r(fit(recipe, [dxs[i] for i in keep], [dhs[i] for i in keep])[1](dev22.x[k]), dev22.h[k]))
            label = f"combination: {name}, dev {dname}"
            dev_score[label] = float(np.mean(rs))
            fitted[label] = fit(recipe, dxs, dhs)
    chosen = max(dev_score, key=lambda k: dev_score[k])
    for spec, c in _columns(dev22, FEATURES).items():
        dev_score[f"{spec} (mtmetrics, {sample})"] = float(np.mean(per_pair_r(c, dev22.h)))
    return dev_score, fitted, chosen


def _williams(test: Data, col: dict[str, list[np.ndarray]], entries: list[dict[str, Any]]) -> list[str]:
    """Williams' test per pair, hLEPOR vs BLEU, TER, METEOR and hLEPOR_E vs hLEPOR: the Markdown
    lines; the numbers are appended to ``entries``."""
    out = [
        "\nWilliams' test per pair (one-sided p that A's Pearson exceeds B's; same systems):\n",
        "| A vs B | " + " | ".join(test.pairs) + " | pairs A > B | significant (p < 0.05) |",
        "|---|" + "---|" * len(test.pairs) + "---|---|",
    ]
    for a, b in [("hlepor", "bleu"), ("hlepor", "ter"), ("hlepor", "meteor"), ("hlepor:pos=nltk", "hlepor")]:
        per_pair: list[dict[str, Any]] = []
        for k, h in enumerate(test.h):
            ra, rb, rab = _r(col[a][k], h), _r(col[b][k], h), _r(col[a][k], col[b][k])
            p, p_b = (
                williams(x, y, min(rab, 1.0), len(h)).p_one_sided if abs(rab) < 1 else math.nan
                for x, y in ((ra, rb), (rb, ra))
            )
            per_pair.append({"pair": test.pairs[k], "r_a": ra, "r_b": rb, "n": len(h), "p_a": p, "p_b": p_b})
        ma, mb = (float(np.mean([x[key] for x in per_pair])) for key in ("r_a", "r_b"))
        leads = [("a", x["p_a"]) if x["r_a"] > x["r_b"] else ("b", x["p_b"]) for x in per_pair]
        entries.append(
            {"a": a, "b": b, "pairs": per_pair, "mean_a": ma, "mean_b": mb, "verdict": _verdict(leads, ma, mb)}
        )
        cells = " | ".join(f"{x['r_a'] - x['r_b']:+.3f} (p={x['p_a']:.2f})" for x in per_pair)
        wins, sig = sum(x["r_a"] > x["r_b"] for x in per_pair), sum(x["p_a"] < 0.05 for x in per_pair)
        out.append(f"| {a} vs {b} | {cells} | {wins}/{len(per_pair)} | {sig}/{len(per_pair)} |")
    return out


def table(ns: argparse.Namespace) -> dict[str, Any]:
    """The Markdown tables (hLEPOR claim, combination goal) to ``-o`` (or standard output) and every
    number of them as JSON to ``--json``; returns that JSON document."""
    result: dict[str, Any] = {"lines": _lines_tag(ns.lines), "bootstrap": ns.bootstrap, "rows": [], "williams": []}
    cache, specs, sample = Path(ns.cache), FEATURES, "all lines" if ns.lines <= 0 else f"{ns.lines} lines"
    dev17, dev22 = (load(cache, ds, ns.lines, specs) for ds in ("wmt17", "wmt22"))
    test = load(cache, "wmt21", ns.lines, FEATURES + EXTRA + ns.extra)
    col = _columns(test, FEATURES + EXTRA + ns.extra)
    pair_systems = list(zip(test.pairs, test.systems, strict=True))
    result["pairs"] = test.pairs
    result["systems"] = {lp: len(s) for lp, s in pair_systems}
    result["dev_pairs"] = {"wmt17": dev17.pairs, "wmt22": dev22.pairs}
    # The data's own scores (full test set, reference A).
    with open(WMT21_DIR / "scores" / "automatic-scores.tsv", encoding="utf-8") as f:
        auto = {(r["pair"], r["system"], r["metric"]): float(r["score"]) for r in csv.DictReader(f, delimiter="\t")}
    rows = [
        (
            f"{m} (data's automatic-scores.tsv, full test set)",
            [np.array([auto[(lp, s, m)] for s in ss]) for lp, ss in pair_systems],
        )
        for m in ("bleu-A", "chrf-A")
    ]
    comet = []
    for lp, ss in pair_systems:
        path = WMT21_DIR / "scores" / "COMET" / lp / "COMET_newstest2021_ref-A.tsv"
        vals = dict(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        comet.append(np.array([float(vals[COMET_NAMES.get(s, s)]) for s in ss]))
    rows.append(("COMET ref-A (data's scores/COMET, full test set)", comet))
    rows += [(f"{spec} (mtmetrics, {sample})", c) for spec, c in col.items()]
    dev_score, fitted, chosen = _combinations(dev17, dev22, sample)
    result["chosen"] = chosen
    test_x = [x[:, : len(specs)] for x in test.x]
    rows += [
        (label + (" ← chosen on dev" if label == chosen else ""), [f(x) for x in test_x])
        for label, (_, f) in fitted.items()
    ]
    rng = np.random.default_rng(SEED)  # seeded resamples of each pair's systems, the same for every row
    idx = [[rng.integers(0, len(h), len(h)) for h in test.h] for _ in range(ns.bootstrap)]
    boots = [
        np.array([np.mean([_r(s[i], h[i]) for s, h, i in zip(sc, test.h, b, strict=True)]) for b in idx])
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
        test_r = per_pair_r(scores, test.h)
        lo, hi = np.percentile(bs, [2.5, 97.5])
        ps = [float(np.mean(bs - boots[k] <= 0)) for k in (1, 2)]  # chrF-A, COMET
        dv = next((f"{v:.3f}" for k, v in dev_score.items() if name.startswith(k)), "")
        result["rows"].append(
            {
                "name": name,
                "dev_r": float(dv) if dv else None,
                "r": dict(zip(test.pairs, map(float, test_r), strict=True)),
                "mean": float(test_r.mean()),
                "lower": float(lo),
                "upper": float(hi),
                "p_not_above_chrf": ps[0],
                "p_not_above_comet": ps[1],
            }
        )
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
    _write(getattr(ns, "output", None), "\n".join(lines) + "\n")
    result = {
        "spearman": float(rho),
        "p_spearman": float(p_rho),
        "kendall": float(tau),
        "p_kendall": float(p_tau),
        "variants": [
            {"spec": s, "orange": ora[s], "orange_rank": ro[s], "pearson": float(np.mean(by[s])), "pearson_rank": rr[s]}
            for s in specs
        ],
    }
    if getattr(ns, "json", None):
        Path(ns.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


# ---------------------------------------------------------------------------------------------
# Segment-level claims (rows 1-4): one two-metric ``meta report`` per comparison, then the table.

WMT21_DERIVED = WMT21_DIR / "derived"
SEGMENT_TABLES = [WMT21_DERIVED / f"newstest2021.{lp}.da-seg.joined.tsv.gz" for lp in ("is-en", "ja-en", "ru-en")]
SEGMENT_TABLES.append(DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz")
PROB = "{prob}"  # replaced by the path of the trained similarity table
WLS, SIA_LC = ("WLS+PROB", "WLS (lowercased)"), ("SIA+PROB", "SIA (lowercased)")
#: (row, name, claimed better metric, other metric, label of the better, label of the other)
COMPARISONS = [
    ("1", "sia-bleu", "sia", "bleu", "SIA", "BLEU"),
    ("1", "siaprob-bleu", f"sia:similarity={PROB}", "bleu", "SIA+PROB", "BLEU"),
    ("2", "sia-rougew", "sia", "rouge-w", "SIA", "ROUGE-W"),
    ("3", "wlsprob-wls-lc", f"sia:incs=no,lowercase=yes,similarity={PROB}", "sia:incs=no,lowercase=yes", *WLS),
    ("3", "siaprob-sia-lc", f"sia:lowercase=yes,similarity={PROB}", "sia:lowercase=yes", *SIA_LC),
    ("4", "sia-wls", "sia", "sia:incs=no", "WLS+INCS", "WLS"),
]


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


def _verdict(leads: list[tuple[str, float]], mean_a: float, mean_b: float) -> str:
    """The verdict rule at the top of claims.md: ``leads`` is (leader "a"/"b", one-sided p) per pair."""
    sig_a = sum(1 for who, p in leads if who == "a" and p < 0.05)
    sig_b = sum(1 for who, p in leads if who == "b" and p < 0.05)
    if mean_a > mean_b and sig_a * 2 >= len(leads) and sig_b == 0:
        return "supported"
    if mean_b > mean_a and sig_b and not sig_a:
        return "reversed"
    return "not supported"


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


def segment(ns: argparse.Namespace) -> None:
    """Run every segment-level comparison and write its report (JSON + Markdown) and the summary."""
    from mtmetrics.cli.progress import Progress

    out, cache = Path(ns.out), Path(ns.cache)
    out.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    chosen = [c for c in COMPARISONS if not ns.only or c[1] in ns.only]
    bar = Progress(len(chosen) + 1, "claims: segment level", enabled=True)
    prob = str(_prob_table(cache)) if any(PROB in c[2] + c[3] for c in chosen) else ""
    bar.advance(1)
    t0 = time.perf_counter()
    results = []
    for row, name, a, b, la, lb in chosen:
        a, b = a.replace(PROB, prob), b.replace(PROB, prob)
        args = ["meta", "report", *map(_rel, SEGMENT_TABLES), "-m", a, b, "--levels", "segment"]
        args += ["--permutations", str(ns.permutations), "--bootstrap-n", str(ns.bootstrap), "-j", str(ns.jobs)]
        args += ["--json", _rel(out / f"claims-seg-{name}.json"), "-o", _rel(out / f"claims-seg-{name}.md")]
        args += ["--title", f"Claim {row}: {la} vs {lb}, segment level"]
        _mtmetrics(args + (["--sample-segments", str(ns.segments)] if ns.segments else []))
        results.append((row, a, b, la, lb, json.loads((out / f"claims-seg-{name}.json").read_text())))
        bar.advance(1)
    bar.close()
    (out / "claims-segment.md").write_text(segment_markdown(results, ns, time.perf_counter() - t0), encoding="utf-8")
    print(f"wrote {out / 'claims-segment.md'}", file=sys.stderr)


Pairs = list[tuple[str, float, float, str, float, dict[str, tuple[float, float, float]], str]]


def _level_pairs(doc: dict, a: str, b: str, level: str, perm: bool = False) -> Pairs:
    """Per group of a two-metric report: r of ``a`` and ``b`` at ``level``, the leader, its one-sided p,
    every Pearson estimate and the human scores' kind (``perm``: PERM-BOTH clusters if no others)."""
    rows = []
    for tb in doc["tables"]:
        for g in tb["groups"]:
            est = {
                e["metric"]: (e["value"], e["lower"], e["upper"])
                for e in tb["correlations"]
                if e["group"] == g and e["level"] == level and e["kind"] == "pearson"
            }
            cells = tb["perm_clusters" if perm and not tb["clusters"] else "clusters"]
            cell = next(c for c in cells if c["group"] == g and c["level"] == level)
            who = "a" if cell["ranking"][0]["metric"] == a else "b"
            human = "MQM" if "mqm" in tb["human"] else "DA"
            rows.append(
                (g, float(est[a][0]), float(est[b][0]), who, float(cell["ranking"][1]["p_vs_leader"]), est, human)
            )
    return rows


def segment_markdown(results: list, ns: argparse.Namespace, seconds: float) -> str:
    """claims-segment.md: per comparison, every pair's r [95 % CI] of both metrics, the PERM-BOTH p, the verdict."""
    lines = [
        "# Segment-level claims (rows 1-4 of claims.md), generated",
        "",
        "Written by `python bench/claims.py segment "
        + (f"--segments {ns.segments} " if ns.segments else "")
        + f"--permutations {ns.permutations} --bootstrap {ns.bootstrap} -j {ns.jobs}` "
        + ("(all judged segments of every table)" if not ns.segments else f"({ns.segments} source segments per pair)")
        + f" in {seconds / 60:.1f} min; the per-comparison reports are `claims-seg-*.md` / `.json` beside this file.",
        "Pearson r per pair [95 % bootstrap CI]; p: PERM-BOTH over whole source segments, one-sided, that the "
        "leader (named) is better. Verdict: the rule at the top of claims.md.",
        "",
        "| row | claim (A better than B) | pair | A | B | p (leader) |",
        "|---|---|---|---|---|---|",
    ]
    verdicts = []
    for row, a, b, la, lb, doc in results:
        pairs = _level_pairs(doc, a, b, "segment", perm=True)
        for g, _, _, who, p, est, human in pairs:
            cell = [f"{est[m][0]:.3f} [{est[m][1]:.3f}, {est[m][2]:.3f}]" for m in (a, b)]
            pt = f"< {1 / ns.permutations:g}" if p == 0 else f"{p:.3f}"  # no permutation reached the observed
            lines.append(
                f"| {row} | {la} > {lb} | {g} ({human}) | {cell[0]} | {cell[1]} | {la if who == 'a' else lb} {pt} |"
            )
        mean_a, mean_b = (float(np.mean([x[i] for x in pairs])) for i in (1, 2))
        leads = [(x[3], x[4]) for x in pairs]
        verdicts.append((row, la, lb, mean_a, mean_b, leads, _verdict(leads, mean_a, mean_b)))
    lines += [
        "",
        "| row | claim | mean r A vs B | A significant | B significant | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for row, la, lb, ma, mb, leads, v in verdicts:
        sa, sb = (sum(1 for w, p in leads if w == who and p < 0.05) for who in "ab")
        lines.append(
            f"| {row} | {la} > {lb} | {ma:.3f} vs {mb:.3f} | {sa}/{len(leads)} | {sb}/{len(leads)} | **{v}** |"
        )
    return "\n".join(lines) + "\n"


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
    "paraphrase": ("10", "paraphrase-models/, paraphrase-models.md"),
    "floors": ("floors", "claims-floors-wmt22-mqm.md / .json"),
}


def part_segment(ns: argparse.Namespace, out: Path) -> None:
    """Rows 1-4 (``segment``)."""
    segment(argparse.Namespace(**{**vars(ns), "out": str(out), "segments": ns.slice, "render": 0}))


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
    run: dict[str, Any] = json.loads(run_file.read_text()) if run_file.exists() else {}
    run.setdefault("parts", {})
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


# ---------------------------------------------------------------- the generated summary


def _p(p: float, floor: float = 0.0) -> str:
    """A p-value as printed: ``< 0.001`` under a thousandth, else three decimals."""
    if math.isnan(p):
        return "n/a"
    return f"< {max(floor, 0.001):g}" if p < max(floor, 0.001) else f"{p:.3f}"


def _compare_text(pairs: Sequence[tuple], la: str, lb: str, floor: float) -> tuple[str, str, str]:
    """(result cell, significance detail, verdict) of one A-vs-B comparison over pairs
    (group, r of A, r of B, leader "a"/"b", its one-sided p)."""
    ma, mb = (float(np.mean([x[i] for x in pairs])) for i in (1, 2))
    verdict = _verdict([(x[3], x[4]) for x in pairs], ma, mb)
    diffs = ", ".join(f"{x[0]} {x[1] - x[2]:+.3f}" for x in pairs)
    result = (
        f"{la} {ma:.3f} vs {lb} {mb:.3f} (mean); {la} ahead on {sum(x[1] > x[2] for x in pairs)}/{len(pairs)} ({diffs})"
    )
    detail = []
    for who, label in (("a", f"{la} significant"), ("b", lb)):
        sig = [x for x in pairs if x[3] == who and x[4] < 0.05]
        ps = f" ({', '.join(f'{x[0]} p {_p(x[4], floor)}' for x in sig)})" if sig else ""
        detail.append(f"{label} on {len(sig)}/{len(pairs)}{ps}")
    return result, ", ".join(detail), verdict


def _combine(verdicts: list[str]) -> str:
    """One verdict of several comparisons of a row: the common one, else *not supported*."""
    return verdicts[0] if len(set(verdicts)) == 1 else "not supported"


#: The significance tests of meta report's cluster cells, as the summary names them.
TESTS = {"perm-both-items": "PERM-BOTH", "perm-both": "PERM-BOTH", "williams": "Williams"}
SEGMENT_CLAIMS = {
    "1": ("SIA correlates better than BLEU at segment level", ["sia-bleu", "siaprob-bleu"]),
    "2": ("SIA correlates better than ROUGE-W at segment level", ["sia-rougew"]),
    "3": ("PROB adds to WLS (lowercased, as the PROB table)", ["wlsprob-wls-lc", "siaprob-sia-lc"]),
    "4": ("INCS adds to WLS", ["sia-wls"]),
}
SYSTEM_CLAIMS = {
    "5": "hLEPOR beats BLEU, TER and METEOR at system level",
    "6": "hLEPOR_E (POS) adds to hLEPOR",
    "11": "a dev-trained combination of the classic metrics beats chrF",
}
SAMPLED = {True: "sampled", False: "all judged segments"}


def _ci(r: dict) -> str:
    return f"{r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]"


def _segment_rows(num: str, claim: str, docs: list[tuple[tuple, dict]]) -> str:
    """Rows 1-4: the two-metric segment-level reports of the claim."""
    results, texts, verdicts = [], [], []
    for (_, _, _, _, la, lb), d in docs:
        a, b = (m["spec"] for m in d["tables"][0]["metrics"])  # in the command's order: A, then B
        res, det, v = _compare_text(_level_pairs(d, a, b, "segment"), la, lb, 1 / max(d["permutations"]["n"], 1))
        results.append(res)
        texts.append(f"{la} > {lb}: {v}, {det}")
        verdicts.append(v)
    d = docs[-1][1]
    data = ", ".join(f"{t['groups'][0]} {t['rows']:,}" for t in d["tables"])
    sampled = SAMPLED[bool(docs[0][1]["tables"][0].get("sample"))]
    return (
        f"| {num} | {claim} | WMT21 DA is/ja/ru + WMT22 MQM zh-en, {sampled} (rows: {data}) | segment Pearson r | "
        + "; ".join(results)
        + f" | PERM-BOTH per pair, {docs[0][1]['permutations']['n']:,} permutations | **{_combine(verdicts)}**: "
        + "; ".join(texts)
        + " | `segment` |"
    )


def _system_rows(sysj: dict) -> list[str]:
    """Rows 5, 6 and 11 from ``claims-system.json``."""
    by = {r["name"]: r for r in sysj["rows"]}
    sample = "all lines" if sysj["lines"] == "all" else f"{sysj['lines']} lines"
    row = {spec: by[f"{spec} (mtmetrics, {sample})"] for spec in ("hlepor", "bleu", "ter", "meteor", "hlepor:pos=nltk")}
    nsys = sum(sysj["systems"].values())
    data = f"WMT21 official system DA z, {len(sysj['pairs'])} to-English pairs, {nsys} MT systems, {sample} of each"
    wil = {(w["a"], w["b"]): w for w in sysj["williams"]}

    def wtext(a: str, b: str, la: str, lb: str) -> tuple[str, str]:
        ahead = [x["r_a"] > x["r_b"] for x in wil[(a, b)]["pairs"]]
        pairs = [
            (x["pair"], x["r_a"], x["r_b"], "a" if up else "b", x["p_a"] if up else x["p_b"])
            for x, up in zip(wil[(a, b)]["pairs"], ahead, strict=True)
        ]
        _, det, v = _compare_text(pairs, la, lb, 0.0)
        return v, f"vs {lb}: {v} (ahead on {sum(ahead)}/{len(pairs)}; {det})"

    parts5 = [wtext("hlepor", b, "hLEPOR", lb) for b, lb in (("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))]
    labels = (("hlepor", "hLEPOR"), ("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))
    v6, t6 = wtext("hlepor:pos=nltk", "hlepor", "hLEPOR_E", "hLEPOR")
    chosen = next(r for r in sysj["rows"] if r["name"].endswith("← chosen on dev"))
    chrf = next(r for r in sysj["rows"] if r["name"].startswith("chrf-A"))
    comet = next(r for r in sysj["rows"] if r["name"].startswith("COMET"))
    best = max((r for r in sysj["rows"] if r["name"].startswith("combination:")), key=lambda r: r["mean"])
    p_chrf = chosen["p_not_above_chrf"]
    v11 = "supported" if p_chrf < 0.05 else "reversed" if p_chrf > 0.95 else "not supported"
    return [
        f"| 5 | hLEPOR beats BLEU, TER and METEOR at system level across language pairs | {data} | "
        "mean over pairs of system Pearson r | "
        + "; ".join(f"{lab} {_ci(row[s])}" for s, lab in labels)
        + f" | Williams per pair | **{_combine([v for v, _ in parts5])}**: "
        + "; ".join(t for _, t in parts5)
        + " | `system` |",
        f"| 6 | hLEPOR_E (POS level, NLTK perceptron tagger) adds to hLEPOR | as 5 | as 5 | "
        f"hLEPOR_E {_ci(row['hlepor:pos=nltk'])} vs hLEPOR {_ci(row['hlepor'])} | Williams per pair | "
        f"**{v6}**: {t6} | `system` |",
        "| 11 | a combination of the classic metrics, trained and chosen on dev only, beats chrF (and approaches "
        f"COMET) at system level | as 5 | mean over pairs of system Pearson r | chosen on dev "
        f"({chosen['name'][13:].replace(' ← chosen on dev', '')}; dev r {chosen['dev_r']:.3f}): {_ci(chosen)}; "
        f"chrF (data's) {_ci(chrf)}; COMET {_ci(comet)}; best recipe on test: "
        f"{best['name'][13:].replace(' ← chosen on dev', '')} {best['mean']:.3f} | paired bootstrap over systems "
        f"({sysj['bootstrap']:,}) | **{v11}**: share of resamples where the chosen combination is not above "
        f"chrF {p_chrf:.3f}, not above COMET {chosen['p_not_above_comet']:.3f} | `system` |",
    ]


def _orange_row(ora: dict) -> str:
    """Row 7: ORANGE's ranking of the variants on the Joshua n-best lists."""
    ms = sorted(ora["metrics"], key=lambda m: m["orange"])
    rank = {m["spec"]: k for k, m in enumerate(ms, start=1)}
    s4, b4 = (next(m for m in ms if m["spec"] == s) for s in ("rouge-s:skip=4", "bleus:max_order=4"))

    def oc(m: dict) -> str:
        return f"{100 * m['orange']:.2f} [{100 * m['orange_lower']:.2f}, {100 * m['orange_upper']:.2f}]"

    close = [m for m in ms if m["orange_lower"] <= ms[0]["orange_upper"]]  # reaching the best's interval
    v7 = "supported" if {rank["rouge-s:skip=4"], rank["bleus:max_order=4"]} == {1, 2} else "not supported"
    return (
        f"| 7 | ROUGE-S4 and BLEUS4 rank best by ORANGE | Joshua bn-en n-best, {len(ora['refs'])} references, "
        f"{ora['sentences']} sentences ({ora['candidates']} candidates) | ORANGE % (lower is better) | "
        f"BLEUS4 {oc(b4)}, {rank['bleus:max_order=4']} of {len(ms)}; ROUGE-S4 {oc(s4)}, "
        f"{rank['rouge-s:skip=4']} of {len(ms)}; best {ms[0]['spec']} {oc(ms[0])} | bootstrap intervals "
        f"({ora['bootstrap']['n']:,} resamples of sentences; no paired test) | **{v7}**: {len(close)} of "
        f"{len(ms)} variants' intervals reach the best's | `orange` |"
    )


def _rank_row(rk: dict, rep: dict) -> str:
    """Row 8: ORANGE's ranking against the correlation ranking."""
    vs = rk["variants"]
    best_c, best_o = (min(vs, key=lambda v: v[k]) for k in ("pearson_rank", "orange_rank"))
    sig = rk["p_spearman"] < 0.05
    v8 = "supported" if rk["spearman"] > 0 and sig else "reversed" if rk["spearman"] < 0 and sig else "not supported"
    seg_data = SAMPLED[any(t.get("sample") for t in rep["tables"])]
    return (
        f"| 8 | ORANGE's ranking agrees with the correlation-based ranking | the {len(vs)} variants of 7: ORANGE "
        f"on Joshua bn-en vs mean segment Pearson on the data of 1 ({seg_data}) | rank correlation over the "
        f"{len(vs)} variants | Spearman {rk['spearman']:.2f} (p = {rk['p_spearman']:.2f}), "
        f"Kendall {rk['kendall']:.2f} (p = {rk['p_kendall']:.2f}); best by correlation {best_c['spec']} "
        f"({best_c['orange_rank']} by ORANGE), best by ORANGE {best_o['spec']} ({best_o['pearson_rank']} by "
        f"correlation) | scipy's rank-correlation p | **{v8}** (different data sets on the two sides) "
        "| `orange-corr` |"
    )


def _mct_row(mct: dict) -> str:
    """Row 9: the segment-level MCT against chrF, segment and system level."""
    a = next(m["spec"] for m in mct["tables"][0]["metrics"] if m["spec"].startswith("combo"))
    texts = []
    for level in ("segment", "system"):
        floor = 1 / max(mct["permutations"]["n"], 1) if level == "segment" else 0.0  # permutations / Williams
        texts.append((level, *_compare_text(_level_pairs(mct, a, "chrf", level), "MCT", "chrF", floor)))
    tests = {c["level"]: c for c in mct["tables"][0]["clusters"]}.values()
    return (
        "| 9 | MCT combinations beat their best component | WMT21 DA is/ja/ru, "
        + SAMPLED[any(t.get("sample") for t in mct["tables"])]
        + "; MCT BLEUS + chrF trained on WMT22 dev (`source-features-mct-ngram.json`) | segment and system "
        "Pearson r | "
        + "; ".join(f"{lv}: {res}" for lv, res, _, _ in texts)
        + " | "
        + ", ".join(f"{TESTS.get(c['test'], c['test'])} ({c['level']})" for c in tests)
        + f" | **{_combine([v for *_, v in texts])}**: "
        + "; ".join(f"{lv}: {v}, {det}" for lv, _, det, v in texts)
        + " | `mct` |"
    )


def summary_rows(out: Path, sliced: bool = False) -> list[str]:
    """The rows of claims.md's summary table, each built from the files the parts wrote (a row whose
    files are missing says so)."""

    def load_json(name: str) -> dict | None:
        return json.loads((out / name).read_text(encoding="utf-8")) if (out / name).exists() else None

    def missing(num: str, claim: str, part: str) -> str:
        return f"| {num} | {claim} | not run (part `{part}`) | | | | | |"

    rows = []
    for num, (claim, names) in SEGMENT_CLAIMS.items():
        docs = [(c, d) for n in names for c in COMPARISONS if c[1] == n if (d := load_json(f"claims-seg-{n}.json"))]
        rows.append(_segment_rows(num, claim, docs) if docs else missing(num, claim, "segment"))
    sysj = load_json("claims-system.json")
    rows += _system_rows(sysj) if sysj else [missing(n, c, "system") for n, c in SYSTEM_CLAIMS.items()]
    ora, rk, mct = (load_json(f"claims-{n}.json") for n in ("orange-joshua", "orange-rank", "mct-wmt21"))
    rows.append(_orange_row(ora) if ora else missing("7", "ROUGE-S4 and BLEUS4 rank best by ORANGE", "orange"))
    rep = load_json("claims-orange-wmt21.json") or {"tables": []}
    claim8 = "ORANGE's ranking agrees with the correlation-based ranking"
    rows.append(_rank_row(rk, rep) if rk else missing("8", claim8, "orange-corr"))
    rows.append(_mct_row(mct) if mct else missing("9", "MCT combinations beat their best component", "mct"))
    para = out / "paraphrase-models.md"
    claim10 = "paraphrase models beat the baseline model B"
    rows.append(
        _paraphrase_row(para.read_text(encoding="utf-8"), sliced)
        if para.exists()
        else missing("10", claim10, "paraphrase")
    )
    return sorted(rows, key=lambda r: int(r.split(" | ")[0].lstrip("| ")))


def _paraphrase_row(text: str, sliced: bool) -> str:
    """Row 10 from ``paraphrase-models.md``: model B against BP, per pair (Williams' one-sided p)."""
    lines = text.splitlines()

    def cells(prefix: str) -> list[str]:
        return [c.strip() for c in next(x for x in lines if x.startswith(prefix)).strip("|").split("|")]

    pairs = cells("| Model |")[3:]
    rb, rbp = ([float(x.split()[0]) for x in cells(f"| {m} |")[3:]] for m in ("B", "BP"))
    ps = [float(c.split("W p=")[1].split(",")[0]) for c in cells("| B vs. BP |")[1:]]
    leads = [("a", p) if x > y else ("b", 1 - p) for x, y, p in zip(rbp, rb, ps, strict=True)]
    v = _verdict(leads, float(np.mean(rbp)), float(np.mean(rb)))
    sig = [f"{lp} (p = {p:.2g})" for lp, (who, p) in zip(pairs, leads, strict=True) if who == "a" and p < 0.05]
    rows_used = next((x for x in lines if x.startswith("Training table:")), "")
    trained = rows_used.split("(")[1].split(",")[0] if "(" in rows_used else "?"
    return (
        "| 10 | paraphrase models beat the baseline model B | WMT21 DA is/ja/ru, "
        + ("all judged segments" if not sliced else "the first rows only")
        + " (`paraphrase-models.md`) | segment Pearson r | B vs BP: "
        + ", ".join(f"{lp} {x:.3f} vs {y:.3f}" for lp, x, y in zip(pairs, rb, rbp, strict=True))
        + f" | Williams | **{v}**: BP significant on {len(sig)}/{len(pairs)}"
        + (f" ({', '.join(sig)})" if sig else "")
        + f"; trained on {trained} of WMT17 dev | `paraphrase` |"
    )


def floors_table(out: Path) -> list[str]:
    """The floors of the WMT22 MQM report beside BLEU's and chrF's values, per pair and measure."""
    doc_path = out / "claims-floors-wmt22-mqm.json"
    if not doc_path.exists():
        return ["(part `floors` not run)"]
    lines = [
        "| pair | level | measure | constant metric | random metric | BLEU | chrF |",
        "|---|---|---|---|---|---|---|",
    ]
    for tb in json.loads(doc_path.read_text(encoding="utf-8"))["tables"]:
        fl: dict[tuple[str, str, str], dict[str, float]] = defaultdict(dict)
        for e in tb.get("floors") or []:
            fl[(e["group"], e["level"], e["kind"])][e["metric"]] = e["value"]
        val = {(e["group"], e["level"], e["kind"], e["metric"]): e["value"] for e in tb["correlations"]}
        for key, f in sorted(fl.items()):
            bleu, chrf = ("" if v is None else f"{v:.3f}" for v in (val.get((*key, m)) for m in ("bleu", "chrf")))
            cst = next((v for k, v in f.items() if "constant" in k), math.nan)
            rnd = next((v for k, v in f.items() if "random" in k), math.nan)
            rnd_text = "" if math.isnan(rnd) else f"{rnd:.3f}"
            lines.append(f"| {' | '.join(key)} | {cst:.3f} | {rnd_text} | {bleu} | {chrf} |")
    return lines


BEGIN, END = "<!-- generated by bench/claims.py all: {} -->", "<!-- end of generated: {} -->"


def _replace_block(text: str, name: str, body: list[str]) -> str:
    """Replace the generated block ``name`` of claims.md (appended if absent)."""
    begin, end = BEGIN.format(name), END.format(name)
    block = begin + "\n" + "\n".join(body) + "\n" + end
    if begin in text and end in text:
        return text[: text.index(begin)] + block + text[text.index(end) + len(end) :]
    return text.rstrip("\n") + "\n\n" + block + "\n"


def render_doc(out: Path, doc: Path, run: dict) -> None:
    """Write the generated blocks of claims.md: the summary table, the floors, the timings."""
    head = ["| # | claim | data | measure | result | test | verdict | part |", "|---|---|---|---|---|---|---|---|"]
    per_part = ", ".join(f"{k} {v['seconds'] / 60:.1f} min" for k, v in run["parts"].items())
    timing = [
        f"`{run['command']}`: {run['seconds'] / 60:.1f} min in all with `-j {run['jobs']}` "
        f"(per part, as last run: {per_part})."
    ]
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# claims (generated blocks only)\n"
    text = _replace_block(text, "timing", timing)
    text = _replace_block(text, "summary", head + summary_rows(out, bool(run.get("slice"))))
    doc.write_text(_replace_block(text, "floors", floors_table(out)), encoding="utf-8")


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
    if ns.cmd == "system":
        return part_system(argparse.Namespace(**{**vars(ns), "slice": ns.lines}), Path(ns.out))
    {"features": features, "table": table, "orange": orange, "segment": segment, "all": run_all}[ns.cmd](ns)


if __name__ == "__main__":
    main()
