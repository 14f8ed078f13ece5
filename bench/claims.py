"""System-level claims of docs/results/claims.md: hLEPOR (Han et al. 2013) and the combination goal.

    python bench/claims.py features --lines 200 --cache /tmp/claims-cache      # score (slow, cached)
    python bench/claims.py table --cache /tmp/claims-cache -o docs/results/claims-system.md

``features`` computes, for every to-English MT system of three data sets, each classic metric's
corpus score on the same seeded sample of lines (``numpy.random.default_rng([12345, pair_index])``,
``--lines`` per pair, the first reference only) and caches them as JSON (one file per data set):

* ``wmt17`` (dev): ``dev/wmt17-da``, 5 pairs; lines drawn among the judged segments; the human
  system score is the mean DA z of the system's judged rows (``A+B`` rows count for both).
* ``wmt22`` (dev): ``dev/wmt22-general``, the 6 to-English pairs with system outputs; official
  system-level DA z (``ad-sys-ranking-LP-z-names.csv``).
* ``wmt21`` (test): ``test/wmt21-news``, the 7 to-English pairs; official system-level DA z;
  MT systems only (the human translations have no file in ``system-outputs``).

``table`` then (i) correlates each metric and the data's own BLEU, chrF (``automatic-scores.tsv``,
reference A, full test set) and COMET (``scores/COMET``, reference A) with the human scores per
pair (Pearson), (ii) trains every combination recipe on the dev pairs only, chooses one by
leave-one-pair-out mean Pearson on dev, and (iii) evaluates all recipes once on WMT21. Intervals:
95 % percentile bootstrap of the mean over pairs, resampling systems within each pair (1000
resamples, seed 12345); the same resamples for every row, so the paired difference to a baseline
gets a one-sided bootstrap p-value (share of resamples where the row is not better).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize, nnls

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
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
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        text = f.read()
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def _names_file(path: Path) -> dict[str, float]:
    """WMT's ``ad-sys-ranking-LP-z-names.csv``: RAW Z N N.ALL SYS.ID NAME, space separated."""
    out: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        f = line.split()
        if len(f) >= 6:
            out[f[5]] = float(f[1])
    return out


def _system_outputs(base: Path, prefix: str, human: dict[str, float]) -> dict[str, list[str]]:
    """The outputs ``PREFIX<system>.en.gz`` in ``base/txt/system-outputs`` of the systems with a human score."""
    hyps = {}
    for path in sorted((base / "txt" / "system-outputs").glob(f"{prefix}*.en.gz")):
        name = path.name[len(prefix) : -len(".en.gz")]
        if name in human:
            hyps[name] = _read(path)
    return hyps


def wmt21() -> list[Pair]:
    """WMT21 news, the 7 to-English pairs (held-out test)."""
    base = DATA / "test" / "wmt21-news"
    pairs = []
    for lp in ["cs-en", "de-en", "ha-en", "is-en", "ja-en", "ru-en", "zh-en"]:
        human = _names_file(base / "humaneval" / "newstest2021-toen" / f"ad-sys-ranking-{lp}-z-names.csv")
        ref = _read(base / "txt" / "references" / f"newstest2021.{lp}.ref.A.en")
        hyps = _system_outputs(base, f"newstest2021.{lp}.hyp.", human)
        pairs.append(Pair(lp, ref, hyps, human, list(range(len(ref)))))
    return pairs


def wmt22() -> list[Pair]:
    """WMT22 general, the to-English pairs with system outputs and system-level DA (development)."""
    base = DATA / "dev" / "wmt22-general"
    pairs = []
    for lp in ["cs-en", "de-en", "ja-en", "ru-en", "uk-en", "zh-en"]:
        human = _names_file(base / "humaneval" / "DA" / "newstest2022-toen" / f"ad-sys-ranking-{lp}-z-names.csv")
        refs = sorted((base / "txt" / "references").glob(f"generaltest2022.{lp}.ref.*.en"))
        ref = _read(refs[0])
        hyps = _system_outputs(base, f"generaltest2022.{lp}.hyp.", human)
        pairs.append(Pair(lp, ref, hyps, human, list(range(len(ref)))))
    return pairs


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
        ref = _read(base / f"newstest2017-{lp[:2]}en-ref.en")
        hyps = {}
        for p in sorted((base / lp).glob(f"newstest2017.*.{lp}.gz")):
            name = p.name[len("newstest2017.") : -len(f".{lp}.gz")]
            if name in rows[lp]:
                hyps[name] = _read(p)
        human = {s: float(np.mean(v)) for s, v in rows[lp].items()}
        pairs.append(Pair(lp, ref, hyps, human, sorted(k - 1 for k in sids[lp])))
    return pairs


DATASETS: dict[str, Callable[[], list[Pair]]] = {"wmt17": wmt17, "wmt22": wmt22, "wmt21": wmt21}


def features(ns: argparse.Namespace) -> None:
    """Score every system of every data set with FEATURES + EXTRA on the sampled lines; cache JSON."""
    import mtmetrics

    cache = Path(ns.cache)
    cache.mkdir(parents=True, exist_ok=True)
    specs = FEATURES + EXTRA + ns.extra
    for ds in ns.datasets:
        out = cache / f"{ds}-{ns.lines}.json"
        doc: dict = json.loads(out.read_text()) if out.exists() else {}
        for k, pair in enumerate(DATASETS[ds]()):
            rng = np.random.default_rng([SEED, k])
            take = sorted(rng.choice(pair.lines, min(ns.lines, len(pair.lines)), replace=False).tolist())
            entry = doc.setdefault(pair.name, {"human": {}, "scores": {}, "lines": take})
            ref = [pair.ref[i] for i in take]
            for spec in specs:
                name, _, params = spec.partition(":")
                kw = dict(p.split("=", 1) for p in params.split(",")) if params else {}
                metric = mtmetrics.load_metric(name, **kw)
                for system, hyp in pair.hyps.items():
                    if spec in entry["scores"].get(system, {}):
                        continue
                    t0 = time.perf_counter()
                    score = metric.corpus_score([hyp[i] for i in take], [ref]).score
                    entry["scores"].setdefault(system, {})[spec] = float(score)
                    entry["human"][system] = pair.human[system]
                    print(f"{ds} {pair.name} {system} {spec} {score:.4f} {time.perf_counter() - t0:.1f}s", flush=True)
                out.write_text(json.dumps(doc, indent=1, sort_keys=True))
            if not pair.hyps:
                print(f"{ds} {pair.name}: no system matched the human scores", file=sys.stderr)


# ---------------------------------------------------------------- analysis


@dataclass
class Data:
    """Per pair: the system names, feature matrix (systems x features, error rates negated), human."""

    pairs: list[str]
    systems: list[list[str]]
    x: list[np.ndarray]
    h: list[np.ndarray]


def load(cache: Path, ds: str, lines: int, specs: Sequence[str]) -> Data:
    doc = json.loads((cache / f"{ds}-{lines}.json").read_text())
    out = Data([], [], [], [])
    for lp in sorted(doc):
        systems = sorted(doc[lp]["scores"])
        sign = np.array([-1.0 if s.split(":")[0] in ERROR_RATES else 1.0 for s in specs])
        x = np.array([[doc[lp]["scores"][s][f] for f in specs] for s in systems]) * sign
        out.pairs.append(lp)
        out.systems.append(systems)
        out.x.append(x)
        out.h.append(np.array([doc[lp]["human"][s] for s in systems]))
    return out


def _z(a: np.ndarray) -> np.ndarray:
    sd = a.std(axis=0)
    return (a - a.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def _r(a: np.ndarray, b: np.ndarray) -> float:
    if a.std() == 0 or b.std() == 0:
        return 0.0
    return float(np.corrcoef(a, b)[0, 1])


# A recipe maps (per-pair features, per-pair human) of the training pairs to a scorer of test features.
Recipe = Callable[[list[np.ndarray], list[np.ndarray]], Callable[[np.ndarray], np.ndarray]]


def ols_raw(xs: list[np.ndarray], hs: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """Unconstrained least squares on the raw system scores pooled over pairs (with intercept)."""
    x = np.vstack(xs)
    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.linalg.lstsq(a, np.concatenate(hs), rcond=None)[0]
    return lambda t: t @ w[:-1]


def ols_std(xs: list[np.ndarray], hs: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """Least squares on features and human standardised within each pair (unconstrained)."""
    w = np.linalg.lstsq(np.vstack([_z(x) for x in xs]), np.concatenate([_z(h) for h in hs]), rcond=None)[0]
    return lambda t: _z(t) @ w


def nnls_std(xs: list[np.ndarray], hs: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """Non-negative least squares on per-pair standardised features and human."""
    w = nnls(np.vstack([_z(x) for x in xs]), np.concatenate([_z(h) for h in hs]))[0]
    return lambda t: _z(t) @ w


def mct_nonneg(xs: list[np.ndarray], hs: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """System-level MCT: maximise the mean per-pair Pearson of a non-negative combination of
    standardised features (L-BFGS-B, numeric gradient; starts: equal weights and each feature)."""
    zs = [_z(x) for x in xs]
    nf = zs[0].shape[1]

    def loss(w: np.ndarray) -> float:
        return -float(np.mean([_r(z @ w, h) for z, h in zip(zs, hs, strict=True)]))

    starts = [np.ones(nf) / nf] + [np.eye(nf)[i] + 1e-3 for i in range(nf)]
    best = min((minimize(loss, s, method="L-BFGS-B", bounds=[(0, None)] * nf) for s in starts), key=lambda r: r.fun)
    w = best.x / max(best.x.sum(), 1e-12)
    return lambda t: _z(t) @ w


def mean_std(xs: list[np.ndarray], hs: list[np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """No training: the mean of the per-pair standardised features (equal weights)."""
    return lambda t: _z(t).mean(axis=1)


RECIPES: dict[str, Recipe] = {
    "OLS, raw features (unconstrained)": ols_raw,
    "OLS, standardised per pair (unconstrained)": ols_std,
    "NNLS, standardised per pair (weights >= 0)": nnls_std,
    "MCT at system level, standardised, weights >= 0": mct_nonneg,
    "equal weights, standardised (no training)": mean_std,
}


def per_pair_r(scores: list[np.ndarray], hs: list[np.ndarray]) -> np.ndarray:
    return np.array([_r(s, h) for s, h in zip(scores, hs, strict=True)])


def boot_index(d: Data, n: int) -> list[list[np.ndarray]]:
    """Seeded resamples of each pair's systems (the same for every row)."""
    rng = np.random.default_rng(SEED)
    return [[rng.integers(0, len(h), len(h)) for h in d.h] for _ in range(n)]


def boot_means(scores: list[np.ndarray], d: Data, idx: list[list[np.ndarray]]) -> np.ndarray:
    return np.array([np.mean([_r(s[i], h[i]) for s, h, i in zip(scores, d.h, b, strict=True)]) for b in idx])


def table(ns: argparse.Namespace) -> None:
    """Print the Markdown tables (hLEPOR claim, combination goal)."""
    cache = Path(ns.cache)
    specs = FEATURES
    dev = [load(cache, ds, ns.lines, specs) for ds in ("wmt17", "wmt22")]
    test = load(cache, "wmt21", ns.lines, FEATURES + EXTRA + ns.extra)
    test_x = [x[:, : len(specs)] for x in test.x]
    idx = boot_index(test, ns.bootstrap)
    rows: list[tuple[str, list[np.ndarray]]] = []
    # The data's own scores (full test set, reference A).
    auto: dict[tuple[str, str, str], float] = {}
    with open(DATA / "test" / "wmt21-news" / "scores" / "automatic-scores.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            auto[(row["pair"], row["system"], row["metric"])] = float(row["score"])
    for metric in ("bleu-A", "chrf-A"):
        rows.append(
            (
                f"{metric} (data's automatic-scores.tsv, full test set)",
                [
                    np.array([auto[(lp, s, metric)] for s in ss])
                    for lp, ss in zip(test.pairs, test.systems, strict=True)
                ],
            )
        )
    comet = []
    for lp, ss in zip(test.pairs, test.systems, strict=True):
        path = DATA / "test" / "wmt21-news" / "scores" / "COMET" / lp / "COMET_newstest2021_ref-A.tsv"
        vals = dict(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        comet.append(np.array([float(vals[COMET_NAMES.get(s, s)]) for s in ss]))
    rows.append(("COMET ref-A (data's scores/COMET, full test set)", comet))
    for j, spec in enumerate(FEATURES + EXTRA + ns.extra):
        rows.append((f"{spec} (mtmetrics, sample)", [x[:, j] for x in test.x]))
    # Combinations: every recipe on two dev sets (WMT17 + WMT22, WMT22 alone: WMT17's text is
    # tokenised and lowercased, WMT21's is raw), chosen by leave-one-pair-out over the 6 WMT22 pairs
    # (the held-out pair is dropped from the training pairs; WMT17 is never the held-out pair).
    n17 = len(dev[0].x)
    devsets = {"WMT17+WMT22": (dev[0].x + dev[1].x, dev[0].h + dev[1].h), "WMT22": (dev[1].x, dev[1].h)}
    dev_score: dict[str, float] = {}
    fitted: dict[str, tuple[Recipe, list[np.ndarray], list[np.ndarray]]] = {}
    for dname, (dxs, dhs) in devsets.items():
        off = n17 if dname == "WMT17+WMT22" else 0
        for name, recipe in RECIPES.items():
            rs = []
            for k in range(len(dev[1].x)):
                keep = [i for i in range(len(dxs)) if i != off + k]
                fit = recipe([dxs[i] for i in keep], [dhs[i] for i in keep])
                rs.append(_r(fit(dev[1].x[k]), dev[1].h[k]))
            label = f"combination: {name}, dev {dname}"
            dev_score[label] = float(np.mean(rs))
            fitted[label] = (recipe, dxs, dhs)
    chosen = max(dev_score, key=lambda k: dev_score[k])
    for j, spec in enumerate(specs):
        dev_score[f"{spec} (mtmetrics, sample)"] = float(np.mean(per_pair_r([x[:, j] for x in dev[1].x], dev[1].h)))
    for label, (recipe, dxs, dhs) in fitted.items():
        fit = recipe(dxs, dhs)
        rows.append((label + (" ← chosen on dev" if label == chosen else ""), [fit(x) for x in test_x]))
    base_names = {"chrF": 1, "COMET": 2}
    boots = [boot_means(s, test, idx) for _, s in rows]
    print(
        f"WMT21 to-English, system level, {len(test.pairs)} pairs "
        f"({', '.join(f'{lp}: {len(s)}' for lp, s in zip(test.pairs, test.systems, strict=True))} MT systems); "
        f"metrics on {ns.lines} sampled lines per pair, reference A.\n"
    )
    print(
        "| metric | dev mean r (WMT22) | " + " | ".join(test.pairs) + " | mean r [95 % CI] | p(> chrF-A) | p(> COMET) |"
    )
    print("|---|---|" + "---|" * len(test.pairs) + "---|---|---|")
    for (name, scores), bs in zip(rows, boots, strict=True):
        test_r = per_pair_r(scores, test.h)
        lo, hi = np.percentile(bs, [2.5, 97.5])
        ps = [float(np.mean(bs - boots[base_names[k]] <= 0)) for k in ("chrF", "COMET")]
        dv = next((f"{v:.3f}" for k, v in dev_score.items() if name.startswith(k)), "")
        print(
            f"| {name} | {dv} | "
            + " | ".join(f"{v:.3f}" for v in test_r)
            + f" | {test_r.mean():.3f} [{lo:.3f}, {hi:.3f}] | {ps[0]:.3f} | {ps[1]:.3f} |"
        )
    # Final weights of each recipe (trained on all dev pairs): the effect of one standard unit.
    print(
        "\nWeights (trained on all pairs of the dev set; per standard unit of each feature, raw OLS per raw"
        " unit; error rates negated):\n"
    )
    for label, (recipe, dxs, dhs) in fitted.items():
        w = _weights(recipe, dxs, dhs, len(specs))
        print(f"- {label[13:]}: " + ", ".join(f"{s} {v:+.3f}" for s, v in zip(specs, w, strict=True)))
    # Per-pair Williams tests hLEPOR vs BLEU, TER, METEOR; hLEPOR_E vs hLEPOR.
    from mtmetrics.stats.corrtests import williams

    print("\nWilliams' test per pair (one-sided p that A's Pearson exceeds B's; same systems):\n")
    col = {spec: [x[:, j] for x in test.x] for j, spec in enumerate(FEATURES + EXTRA)}
    col["COMET"] = comet
    print("| A vs B | " + " | ".join(test.pairs) + " | pairs A > B | significant (p < 0.05) |")
    print("|---|" + "---|" * len(test.pairs) + "---|---|")
    pairs_ab = [("hlepor", "bleu"), ("hlepor", "ter"), ("hlepor", "meteor"), ("hlepor:pos=nltk", "hlepor")]
    for a, b in pairs_ab:
        cells, wins, sig = [], 0, 0
        for k in range(len(test.pairs)):
            ra, rb = _r(col[a][k], test.h[k]), _r(col[b][k], test.h[k])
            rab = _r(col[a][k], col[b][k])
            p = williams(ra, rb, min(rab, 1.0), len(test.h[k])).p_one_sided if abs(rab) < 1 else math.nan
            cells.append(f"{ra - rb:+.3f} (p={p:.2f})")
            wins += ra > rb
            sig += p < 0.05
        print(f"| {a} vs {b} | " + " | ".join(cells) + f" | {wins}/{len(test.pairs)} | {sig}/{len(test.pairs)} |")


def _weights(recipe: Recipe, xs: list[np.ndarray], hs: list[np.ndarray], nf: int) -> list[float]:
    """The weight a standardised recipe gives each feature (its score on a unit feature column)."""
    fit = recipe(xs, hs)
    # Two pseudo-systems differing by one standard deviation in feature j only: their score difference.
    out = []
    for j in range(nf):
        t = np.zeros((2, nf))
        t[1, j] = 2.0  # _z maps (0, 2) to (-1, 1): a difference of 2 standard units
        s = fit(t)
        out.append(float(s[1] - s[0]) / 2.0)
    return out


def orange(ns: argparse.Namespace) -> None:
    """ORANGE's ranking of metric variants against their segment-level correlation ranking.

    Reads ``mtmetrics meta orange -f json`` (lower ORANGE is better) and a ``meta report --json``
    over the same variants; correlates -ORANGE with the mean segment-level Pearson over the report's
    groups (Spearman and Kendall over the variants, scipy's p-values) and names the best of each.
    """
    from scipy.stats import kendalltau, spearmanr

    ora = {m["spec"]: float(m["orange"]) for m in json.loads(Path(ns.orange).read_text())["metrics"]}
    rep = json.loads(Path(ns.report).read_text())
    by: dict[str, list[float]] = defaultdict(list)
    for t in rep["tables"]:
        for c in t["correlations"]:
            if c["level"] == "segment" and c["kind"] == "pearson":
                by[c["metric"]].append(float(c["value"]))
    specs = [s for s in ora if s in by]
    o = np.array([-ora[s] for s in specs])
    r = np.array([np.mean(by[s]) for s in specs])
    rho, p_rho = spearmanr(o, r)
    tau, p_tau = kendalltau(o, r)
    print(f"{len(specs)} variants; Spearman {rho:.3f} (p={p_rho:.3g}), Kendall {tau:.3f} (p={p_tau:.3g})")
    print("| variant | ORANGE % (rank) | mean segment Pearson (rank) |\n|---|---|---|")
    ro = {s: k for k, s in enumerate(sorted(specs, key=lambda s: ora[s]), start=1)}
    rr = {s: k for k, s in enumerate(sorted(specs, key=lambda s: -np.mean(by[s])), start=1)}
    for s in specs:
        print(f"| {s} | {100 * ora[s]:.2f} ({ro[s]}) | {np.mean(by[s]):.3f} ({rr[s]}) |")


# ---------------------------------------------------------------------------------------------
# Segment-level claims (rows 1-4): one two-metric ``meta report`` per comparison, then the table.

WMT21_DERIVED = DATA / "test" / "wmt21-news" / "derived"
SEGMENT_TABLES = [
    WMT21_DERIVED / "newstest2021.is-en.da-seg.joined.tsv.gz",
    WMT21_DERIVED / "newstest2021.ja-en.da-seg.joined.tsv.gz",
    WMT21_DERIVED / "newstest2021.ru-en.da-seg.joined.tsv.gz",
    DATA / "test" / "wmt22-mqm" / "derived" / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz",
]
PROB = "{prob}"  # replaced by the path of the trained similarity table
#: (row, name, claimed better metric, other metric, label of the better, label of the other)
COMPARISONS = [
    ("1", "sia-bleu", "sia", "bleu", "SIA", "BLEU"),
    ("1", "siaprob-bleu", f"sia:similarity={PROB}", "bleu", "SIA+PROB", "BLEU"),
    ("2", "sia-rougew", "sia", "rouge-w", "SIA", "ROUGE-W"),
    (
        "3",
        "wlsprob-wls-lc",
        f"sia:incs=no,lowercase=yes,similarity={PROB}",
        "sia:incs=no,lowercase=yes",
        "WLS+PROB",
        "WLS (lowercased)",
    ),
    (
        "3",
        "siaprob-sia-lc",
        f"sia:lowercase=yes,similarity={PROB}",
        "sia:lowercase=yes",
        "SIA+PROB",
        "SIA (lowercased)",
    ),
    ("4", "sia-wls", "sia", "sia:incs=no", "WLS+INCS", "WLS"),
]


def _prob_table(cache: Path) -> Path:
    """SIA's PROB table: IBM Model 1 English via French on multi30k (``mtmetrics similarity train``)."""
    out = cache / "en-via-fr.tsv.gz"
    if not out.exists():
        m30 = DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"
        _mtmetrics(
            [
                "similarity",
                "train",
                "--english",
                str(m30 / "train.en.gz"),
                "--pivot",
                str(m30 / "train.fr.gz"),
                "-o",
                str(out),
            ]
        )
    return out


def _mtmetrics(args: list[str]) -> None:
    from mtmetrics.cli import main as cli

    code = cli(args)
    if code:
        raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {code}")


def _verdict(leads: list[tuple[str, float]], mean_a: float, mean_b: float) -> str:
    """The verdict rule at the top of claims.md: ``leads`` is (leader "a"/"b", one-sided p) per pair."""
    sig_a = sum(1 for who, p in leads if who == "a" and p < 0.05)
    sig_b = sum(1 for who, p in leads if who == "b" and p < 0.05)
    if mean_a > mean_b and sig_a * 2 >= len(leads) and sig_b == 0:
        return "supported"
    if mean_b > mean_a and sig_b and not sig_a:
        return "reversed"
    return "not supported"


def segment(ns: argparse.Namespace) -> None:
    """Run every segment-level comparison and write its report (JSON + Markdown) and the summary."""
    from mtmetrics.cli.progress import Progress

    out = Path(ns.out)
    out.mkdir(parents=True, exist_ok=True)
    cache = Path(ns.cache)
    cache.mkdir(parents=True, exist_ok=True)
    chosen = [c for c in COMPARISONS if not ns.only or c[1] in ns.only]
    bar = Progress(len(chosen) + 1, "claims: segment level", enabled=True)
    prob = str(_prob_table(cache)) if any(PROB in c[2] + c[3] for c in chosen) else ""
    bar.advance(1)
    t0 = time.perf_counter()
    results = []
    for row, name, a, b, la, lb in chosen:
        a, b = a.replace(PROB, prob), b.replace(PROB, prob)
        args = [
            "meta",
            "report",
            *(os.path.relpath(t) for t in SEGMENT_TABLES),  # the command, as recorded, runs on any machine
            "-m",
            a,
            b,
            "--levels",
            "segment",
            "--permutations",
            str(ns.permutations),
            "--bootstrap-n",
            str(ns.bootstrap),
            "-j",
            str(ns.jobs),
            "--json",
            str(out / f"claims-seg-{name}.json"),
            "-o",
            str(out / f"claims-seg-{name}.md"),
            "--title",
            f"Claim {row}: {la} vs {lb}, segment level",
        ]
        if ns.segments:
            args += ["--sample-segments", str(ns.segments)]
        if not ns.render:
            _mtmetrics(args)
        results.append((row, name, a, b, la, lb, json.loads((out / f"claims-seg-{name}.json").read_text())))
        bar.advance(1)
    bar.close()
    seconds = time.perf_counter() - t0 if not ns.render else ns.render
    text = segment_markdown(results, ns, seconds)
    (out / "claims-segment.md").write_text(text, encoding="utf-8")
    print(f"wrote {out / 'claims-segment.md'}", file=sys.stderr)


def _pairs(doc: dict, a: str, b: str) -> list[tuple[str, dict[str, tuple[float, float, float]], str, float]]:
    """Per (table, group): Pearson r [lo, hi] of ``a`` and ``b``, the leader and its one-sided p."""
    rows = []
    for tb in doc["tables"]:
        for g in tb["groups"]:
            est = {
                e["metric"]: (e["value"], e["lower"], e["upper"])
                for e in tb["correlations"]
                if e["group"] == g and e["level"] == "segment" and e["kind"] == "pearson"
            }
            cell = next(
                c
                for c in tb["perm_clusters" if not tb["clusters"] else "clusters"]
                if c["group"] == g and c["level"] == "segment"
            )
            second = cell["ranking"][1]
            leader = cell["ranking"][0]["metric"]
            human = "MQM" if "mqm" in tb["human"] else "DA"
            rows.append((f"{g} ({human})", est, "a" if leader == a else "b", float(second["p_vs_leader"])))
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
    for row, _name, a, b, la, lb, doc in results:
        pairs = _pairs(doc, a, b)
        mean_a = float(np.mean([est[a][0] for _, est, _, _ in pairs]))
        mean_b = float(np.mean([est[b][0] for _, est, _, _ in pairs]))
        for label, est, who, p in pairs:
            cell = lambda v: f"{v[0]:.3f} [{v[1]:.3f}, {v[2]:.3f}]"  # noqa: E731
            lead = la if who == "a" else lb
            pt = f"< {1 / ns.permutations:g}" if p == 0 else f"{p:.3f}"  # no permutation reached the observed
            lines.append(f"| {row} | {la} > {lb} | {label} | {cell(est[a])} | {cell(est[b])} | {lead} {pt} |")
        leads = [(who, p) for _, _, who, p in pairs]
        verdicts.append((row, la, lb, mean_a, mean_b, leads, _verdict(leads, mean_a, mean_b)))
    lines += [
        "",
        "| row | claim | mean r A vs B | A significant | B significant | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for row, la, lb, ma, mb, leads, v in verdicts:
        sa = sum(1 for w, p in leads if w == "a" and p < 0.05)
        sb = sum(1 for w, p in leads if w == "b" and p < 0.05)
        lines.append(
            f"| {row} | {la} > {lb} | {ma:.3f} vs {mb:.3f} | {sa}/{len(leads)} | {sb}/{len(leads)} | **{v}** |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("features")
    f.add_argument("--datasets", nargs="+", default=list(DATASETS), choices=list(DATASETS))
    t = sub.add_parser("table")
    for p in (f, t):
        p.add_argument("--lines", type=int, default=200)
        p.add_argument("--cache", default="/tmp/claims-cache")
        p.add_argument(
            "--extra",
            nargs="*",
            default=[],
            help="further metrics scored (features) and reported (table) on WMT21 only, e.g. "
            "combo:model=docs/results/source-features-mct-ngram.json (a segment-level MCT model)",
        )
    t.add_argument("--bootstrap", type=int, default=1000)
    o = sub.add_parser("orange")
    o.add_argument("orange", help="JSON of mtmetrics meta orange -f json")
    o.add_argument("report", help="JSON of mtmetrics meta report --json over the same variants")
    sg = sub.add_parser("segment", help="rows 1-4: the segment-level comparisons and claims-segment.md")
    sg.add_argument("--segments", type=int, default=0, help="source segments per pair (0: all judged segments)")
    sg.add_argument("--permutations", type=int, default=1000)
    sg.add_argument("--bootstrap", type=int, default=1000)
    sg.add_argument("-j", "--jobs", type=int, default=1)
    sg.add_argument("--only", nargs="*", default=[], help="names of comparisons to run (default: all)")
    sg.add_argument("--out", default=str(ROOT / "docs" / "results"))
    sg.add_argument("--cache", default="/tmp/claims-cache")
    sg.add_argument(
        "--render",
        type=float,
        default=0,
        metavar="SECONDS",
        help="only rewrite claims-segment.md from the reports already in --out (SECONDS: the run's measured time)",
    )
    ns = parser.parse_args()
    {"features": features, "table": table, "orange": orange, "segment": segment}[ns.cmd](ns)


if __name__ == "__main__":
    main()
