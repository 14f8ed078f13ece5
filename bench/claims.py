"""The claims of docs/results/claims.md, regenerated: segment level, system level, and the whole table.

    python bench/claims.py all -j 2        # every part in turn, then claims.md's generated blocks
    python bench/claims.py segment -j 2    # rows 1-4 only
    python bench/claims.py system -j 2     # rows 5, 6, 11 only (features on every line, then table)
    python bench/claims.py features --lines 0 -j 2 --cache /tmp/claims-cache   # score (cached)
    python bench/claims.py table --lines 0 --cache /tmp/claims-cache -o claims-system.md --json claims-system.json

``all`` runs the parts of :data:`PARTS` (each an existing command: ``segment``, ``system``,
``mtmetrics meta orange``, ``meta report``, ``paraphrase train``/``evaluate``), records their times
in ``claims-run.json`` and writes the blocks of claims.md between its ``generated`` markers (the
summary table, the floors, the time) from the files the parts wrote (:func:`summary_rows`).

``features`` computes, for every to-English MT system of three data sets, each classic metric's
corpus score on every line (``--lines 0``) or on the same seeded sample of lines
(``numpy.random.default_rng([12345, pair_index])``, ``--lines`` per pair), the first reference
only, and caches them as JSON (one file per data set and sample size); ``-j N`` scores N systems
at a time:

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
from typing import Any

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


#: The metrics a worker has loaded (spec -> metric), kept across tasks so that each loads its
#: resources (WordNet, the POS tagger) once and keeps its caches (hLEPOR_E tags each distinct
#: sentence once per instance: a pair's reference once, not once per system).
_LOADED: dict[str, Any] = {}


def _metric(spec: str) -> Any:
    """The metric of ``spec`` (``name:k=v,...``), loaded once per process."""
    import mtmetrics

    if spec not in _LOADED:
        name, _, params = spec.partition(":")
        kw = dict(p.split("=", 1) for p in params.split(",")) if params else {}
        _LOADED[spec] = mtmetrics.load_metric(name, **kw)
    return _LOADED[spec]


def _load(specs: Sequence[str]) -> None:
    """Worker initializer: load (a forked worker has inherited them already) every metric."""
    for spec in specs:
        _metric(spec)


def _score_system(hyp: list[str], ref: list[str], specs: Sequence[str]) -> dict[str, float]:
    """One system's corpus score under each spec (the unit of work of ``features -j``)."""
    return {spec: float(_metric(spec).corpus_score(hyp, [ref]).score) for spec in specs}


def _system_task(loaded: Sequence[str], hyp: list[str], ref: list[str], specs: Sequence[str]) -> dict[str, float]:
    """:func:`_score_system` in a worker of the pool, which loads the ``loaded`` specs once (a forked
    worker has inherited them already)."""
    _load(loaded)
    return _score_system(hyp, ref, specs)


def _lines_tag(lines: int) -> str:
    """The cache file's tag of a sample size: ``all`` (every line) or the number of lines."""
    return "all" if lines <= 0 else str(lines)


def _take(pair: Pair, k: int, lines: int) -> list[int]:
    """The scored lines of the ``k``-th pair: all candidates, or a seeded sample of ``lines``."""
    if lines <= 0 or lines >= len(pair.lines):
        return list(pair.lines)
    rng = np.random.default_rng([SEED, k])
    return sorted(rng.choice(pair.lines, lines, replace=False).tolist())


def features(ns: argparse.Namespace) -> None:
    """Score every system of every data set with FEATURES + EXTRA on the chosen lines; cache JSON.

    One task per (data set, pair, system) scores that system under every metric; ``-j N`` spreads
    the tasks over N processes through the project's one fan-out (:func:`mtmetrics.engine.pool.map`,
    forked from this process after every metric has been loaded and warmed on one line, so no
    worker reloads WordNet or the tagger). Systems already in the cache are not scored again.
    """
    from mtmetrics.cli.progress import Progress
    from mtmetrics.engine import pool

    cache = Path(ns.cache)
    cache.mkdir(parents=True, exist_ok=True)
    docs: dict[str, dict] = {}
    tasks: list[tuple[list[str], list[str], list[str]]] = []
    where: list[tuple[str, str, str]] = []
    for ds in ns.datasets:
        out = cache / f"{ds}-{_lines_tag(ns.lines)}.json"
        doc: dict = json.loads(out.read_text()) if out.exists() else {}
        docs[ds] = doc
        # --extra on the test set only: a model trained on raw text refuses WMT17's tokenised text
        specs = FEATURES + EXTRA + (ns.extra if ds == "wmt21" else [])
        for k, pair in enumerate(DATASETS[ds]()):
            take = _take(pair, k, ns.lines)
            entry = doc.setdefault(pair.name, {"human": {}, "scores": {}, "lines": take})
            if entry["lines"] != take:
                raise SystemExit(f"{out}: cached for other lines of {pair.name}; remove it or use another --cache")
            ref = [pair.ref[i] for i in take]
            for system, hyp in pair.hyps.items():
                entry["human"][system] = pair.human[system]
                todo = [s for s in specs if s not in entry["scores"].get(system, {})]
                if todo:
                    tasks.append(([hyp[i] for i in take], ref, todo))
                    where.append((ds, pair.name, system))
            if not pair.hyps:
                print(f"{ds} {pair.name}: no system matched the human scores", file=sys.stderr)
    specs = FEATURES + EXTRA + ns.extra
    lines = sum(len(t[0]) for t in tasks)
    print(f"features: {len(tasks)} systems to score ({lines:,} lines) with {len(specs)} metrics", file=sys.stderr)
    if tasks:  # load and warm up in this process before forking (WordNet, the tagger, numba's compiled TER)
        _load(specs)
        _score_system(tasks[0][0][:1], tasks[0][1][:1], tasks[0][2])
    bar = Progress(len(tasks), "claims: system features", enabled=not ns.quiet)

    def save() -> None:
        for ds, doc in docs.items():
            (cache / f"{ds}-{_lines_tag(ns.lines)}.json").write_text(json.dumps(doc, indent=1, sort_keys=True))

    def done(i: int, scores: dict[str, float]) -> None:
        ds, lp, system = where[i]
        docs[ds][lp]["scores"].setdefault(system, {}).update(scores)
        bar.advance(1)
        if i % 25 == 24:
            save()

    if not tasks:
        save()
        return
    pool.map(_system_task, tasks, ns.jobs, metrics=[_LOADED[s] for s in specs], shared=specs, done=done)
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
    """Pearson r of two vectors (0 when one is constant), by dot products: the system-level MCT
    evaluates it some 10⁵ times, and ``np.corrcoef``'s overhead made that a minute."""
    if a.max() == a.min() or b.max() == b.min():
        return 0.0
    ac, bc = a - a.mean(), b - b.mean()
    return float(ac @ bc / math.sqrt(float(ac @ ac) * float(bc @ bc)))


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


def table(ns: argparse.Namespace) -> dict[str, Any]:
    """The Markdown tables (hLEPOR claim, combination goal) to ``-o`` (or standard output) and every
    number of them as JSON to ``--json``; returns that JSON document."""
    out_lines: list[str] = []

    def emit(text: str) -> None:
        out_lines.append(text)

    result: dict[str, Any] = {"lines": _lines_tag(ns.lines), "bootstrap": ns.bootstrap, "rows": [], "williams": []}
    emit("# System-level claims (rows 5, 6 and 11 of claims.md), generated\n")
    emit(
        f"Written by `python bench/claims.py {ns.cmd}"
        + (f" --lines {ns.lines}" if ns.lines > 0 else "")
        + (f" -j {ns.jobs}" if getattr(ns, "jobs", 1) > 1 else "")
        + f" --bootstrap {ns.bootstrap}` (or as part `system` of `python bench/claims.py all`); every number "
        "below is also in `claims-system.json`.\n"
    )
    cache = Path(ns.cache)
    specs = FEATURES
    dev = [load(cache, ds, ns.lines, specs) for ds in ("wmt17", "wmt22")]
    test = load(cache, "wmt21", ns.lines, FEATURES + EXTRA + ns.extra)
    result["pairs"] = test.pairs
    result["systems"] = {lp: len(s) for lp, s in zip(test.pairs, test.systems, strict=True)}
    result["dev_pairs"] = {"wmt17": dev[0].pairs, "wmt22": dev[1].pairs}
    test_x = [x[:, : len(specs)] for x in test.x]
    idx = boot_index(test, ns.bootstrap)
    rows: list[tuple[str, list[np.ndarray]]] = []
    sample = "all lines" if ns.lines <= 0 else f"{ns.lines} lines"
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
        rows.append((f"{spec} (mtmetrics, {sample})", [x[:, j] for x in test.x]))
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
    result["chosen"] = chosen
    for j, spec in enumerate(specs):
        dev_score[f"{spec} (mtmetrics, {sample})"] = float(np.mean(per_pair_r([x[:, j] for x in dev[1].x], dev[1].h)))
    for label, (recipe, dxs, dhs) in fitted.items():
        fit = recipe(dxs, dhs)
        rows.append((label + (" ← chosen on dev" if label == chosen else ""), [fit(x) for x in test_x]))
    base_names = {"chrF": 1, "COMET": 2}
    boots = [boot_means(s, test, idx) for _, s in rows]
    emit(
        f"WMT21 to-English, system level, {len(test.pairs)} pairs "
        f"({', '.join(f'{lp}: {len(s)}' for lp, s in zip(test.pairs, test.systems, strict=True))} MT systems); "
        + (
            "mtmetrics' metrics on all lines of each system"
            if ns.lines <= 0
            else f"mtmetrics' metrics on {ns.lines} sampled lines per pair"
        )
        + ", reference A; dev (WMT17 judged lines, WMT22) likewise.\n"
    )
    emit(
        "| metric | dev mean r (WMT22) | " + " | ".join(test.pairs) + " | mean r [95 % CI] | p(> chrF-A) | p(> COMET) |"
    )
    emit("|---|---|" + "---|" * len(test.pairs) + "---|---|---|")
    for (name, scores), bs in zip(rows, boots, strict=True):
        test_r = per_pair_r(scores, test.h)
        lo, hi = np.percentile(bs, [2.5, 97.5])
        ps = [float(np.mean(bs - boots[base_names[k]] <= 0)) for k in ("chrF", "COMET")]
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
        emit(
            f"| {name} | {dv} | "
            + " | ".join(f"{v:.3f}" for v in test_r)
            + f" | {test_r.mean():.3f} [{lo:.3f}, {hi:.3f}] | {ps[0]:.3f} | {ps[1]:.3f} |"
        )
    # Final weights of each recipe (trained on all dev pairs): the effect of one standard unit.
    emit(
        "\nWeights (trained on all pairs of the dev set; per standard unit of each feature, raw OLS per raw"
        " unit; error rates negated):\n"
    )
    for label, (recipe, dxs, dhs) in fitted.items():
        w = _weights(recipe, dxs, dhs, len(specs))
        result.setdefault("weights", {})[label] = dict(zip(specs, w, strict=True))
        emit(f"- {label[13:]}: " + ", ".join(f"{s} {v:+.3f}" for s, v in zip(specs, w, strict=True)))
    # Per-pair Williams tests hLEPOR vs BLEU, TER, METEOR; hLEPOR_E vs hLEPOR.
    from mtmetrics.stats.corrtests import williams

    emit("\nWilliams' test per pair (one-sided p that A's Pearson exceeds B's; same systems):\n")
    col = {spec: [x[:, j] for x in test.x] for j, spec in enumerate(FEATURES + EXTRA)}
    col["COMET"] = comet
    emit("| A vs B | " + " | ".join(test.pairs) + " | pairs A > B | significant (p < 0.05) |")
    emit("|---|" + "---|" * len(test.pairs) + "---|---|")
    pairs_ab = [("hlepor", "bleu"), ("hlepor", "ter"), ("hlepor", "meteor"), ("hlepor:pos=nltk", "hlepor")]
    for a, b in pairs_ab:
        cells, wins, sig = [], 0, 0
        per_pair: list[dict[str, Any]] = []
        for k in range(len(test.pairs)):
            ra, rb = _r(col[a][k], test.h[k]), _r(col[b][k], test.h[k])
            rab = _r(col[a][k], col[b][k])
            n = len(test.h[k])
            p = williams(ra, rb, min(rab, 1.0), n).p_one_sided if abs(rab) < 1 else math.nan
            p_b = williams(rb, ra, min(rab, 1.0), n).p_one_sided if abs(rab) < 1 else math.nan
            cells.append(f"{ra - rb:+.3f} (p={p:.2f})")
            wins += ra > rb
            sig += p < 0.05
            per_pair.append({"pair": test.pairs[k], "r_a": ra, "r_b": rb, "n": n, "p_a": p, "p_b": p_b})
        ma = float(np.mean([x["r_a"] for x in per_pair]))
        mb = float(np.mean([x["r_b"] for x in per_pair]))
        leads = [("a", x["p_a"]) if x["r_a"] > x["r_b"] else ("b", x["p_b"]) for x in per_pair]
        result["williams"].append(
            {"a": a, "b": b, "pairs": per_pair, "mean_a": ma, "mean_b": mb, "verdict": _verdict(leads, ma, mb)}
        )
        emit(f"| {a} vs {b} | " + " | ".join(cells) + f" | {wins}/{len(test.pairs)} | {sig}/{len(test.pairs)} |")
    text = "\n".join(out_lines) + "\n"
    if ns.output:
        Path(ns.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if ns.json:
        Path(ns.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


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


def orange(ns: argparse.Namespace) -> dict[str, Any]:
    """ORANGE's ranking of metric variants against their segment-level correlation ranking.

    Reads ``mtmetrics meta orange -f json`` (lower ORANGE is better) and a ``meta report --json``
    over the same variants; correlates -ORANGE with the mean segment-level Pearson over the report's
    groups (Spearman and Kendall over the variants, scipy's p-values) and names the best of each.
    Prints the Markdown (or writes it to ``-o``), writes the numbers to ``--json``, returns them.
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
    ro = {s: k for k, s in enumerate(sorted(specs, key=lambda s: ora[s]), start=1)}
    rr = {s: k for k, s in enumerate(sorted(specs, key=lambda s: -np.mean(by[s])), start=1)}
    lines = [
        f"{len(specs)} variants; Spearman {rho:.3f} (p={p_rho:.3g}), Kendall {tau:.3f} (p={p_tau:.3g})",
        "| variant | ORANGE % (rank) | mean segment Pearson (rank) |\n|---|---|---|",
    ]
    lines += [f"| {s} | {100 * ora[s]:.2f} ({ro[s]}) | {np.mean(by[s]):.3f} ({rr[s]}) |" for s in specs]
    text = "\n".join(lines) + "\n"
    if getattr(ns, "output", None):
        Path(ns.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
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
            *map(_rel, SEGMENT_TABLES),  # the command, as recorded, runs on any machine
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
            _rel(out / f"claims-seg-{name}.json"),
            "-o",
            _rel(out / f"claims-seg-{name}.md"),
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


# ---------------------------------------------------------------------------------------------
# The whole table by one command: ``all`` runs every part in turn, then writes the summary.

ORANGE_VARIANTS = [
    *(f"bleus:max_order={k}" for k in range(1, 10)),
    "rouge-l",
    "rouge-w:weight=1.1",
    "rouge-w:weight=1.2",
    *(f"rouge-s:skip={k}" for k in (0, 1, 4, 9, -1)),
    *(f"rouge-su:skip={k}" for k in (4, 9, -1)),
]
NBEST = DATA / "nbest" / "joshua-bn-en" / "test" / "bn-en" / "hiero"
MCT_MODEL = ROOT / "docs" / "results" / "source-features-mct-ngram.json"
MCT_SPEC = "combo:model=" + os.path.relpath(MCT_MODEL, ROOT)
MQM_TABLES = [
    DATA / "test" / "wmt22-mqm" / "derived" / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz"
    for lp in ("en-de", "zh-en")
]
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


def _rel(path: Path) -> str:
    """A data path as the recorded command shows it (relative, so that it runs on any machine)."""
    return os.path.relpath(path)


def _meta_report(
    tables: Sequence[Path],
    metrics: Sequence[str],
    out: Path,
    name: str,
    ns: argparse.Namespace,
    extra: Sequence[str] = (),
) -> dict:
    """One ``mtmetrics meta report`` into ``out/name.md`` and ``.json`` (``--slice``: that many
    source segments per group); returns the JSON."""
    args = ["meta", "report", *map(_rel, tables), "-m", *metrics, "-j", str(ns.jobs)]
    args += ["--bootstrap-n", str(ns.bootstrap), *extra]
    if ns.slice:
        args += ["--sample-segments", str(ns.slice)]
    args += ["--json", _rel(out / f"{name}.json"), "-o", _rel(out / f"{name}.md")]
    _mtmetrics(args)
    return json.loads((out / f"{name}.json").read_text(encoding="utf-8"))


def part_segment(ns: argparse.Namespace, out: Path) -> None:
    """Rows 1-4 (``segment``)."""
    seg = argparse.Namespace(
        out=str(out),
        cache=ns.cache,
        only=ns.only,
        segments=ns.slice,
        permutations=ns.permutations,
        bootstrap=ns.bootstrap,
        jobs=ns.jobs,
        render=0,
    )
    segment(seg)


def part_system(ns: argparse.Namespace, out: Path) -> None:
    """Rows 5, 6 and 11: ``features`` on every line (``--slice``: that many lines), then ``table``."""
    sysns = argparse.Namespace(
        lines=ns.slice,
        cache=ns.cache,
        extra=[MCT_SPEC],
        datasets=list(DATASETS),
        jobs=ns.jobs,
        quiet=False,
        bootstrap=ns.bootstrap,
        output=str(out / "claims-system.md"),
        json=str(out / "claims-system.json"),
        cmd="system",
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
    _meta_report(
        SEGMENT_TABLES,
        ORANGE_VARIANTS,
        out,
        "claims-orange-wmt21",
        ns,
        [
            "--levels",
            "segment",
            "--permutations",
            "0",
            "--title",
            "Claim 8: the 20 ORANGE variants, segment-level correlation",
        ],
    )
    orange(
        argparse.Namespace(
            orange=str(out / "claims-orange-joshua.json"),
            report=str(out / "claims-orange-wmt21.json"),
            output=str(out / "claims-orange-rank.md"),
            json=str(out / "claims-orange-rank.json"),
        )
    )


def part_mct(ns: argparse.Namespace, out: Path) -> None:
    """Row 9: the segment-level MCT of BLEUS + chrF (trained on WMT22 dev) against chrF on WMT21."""
    _meta_report(
        SEGMENT_TABLES[:3],
        [MCT_SPEC, "chrf"],
        out,
        "claims-mct-wmt21",
        ns,
        [
            "--permutations",
            str(ns.permutations),
            "--title",
            "Claim 9: MCT (BLEUS + chrF) vs chrF, segment and system level",
        ],
    )


def part_paraphrase(ns: argparse.Namespace, out: Path) -> None:
    """Row 10: ``paraphrase train`` on WMT17 dev and ``evaluate`` on WMT21 is/ja/ru (``--slice``:
    the first 40 × slice rows of each table)."""
    models = out / "paraphrase-models"
    limit = ["--limit", str(40 * ns.slice)] if ns.slice else []
    # as a command of its own: the report records the command that made it (its own argv)
    _mtmetrics_process(["paraphrase", "train", _rel(WMT17_DEV), "-o", _rel(models), "-j", str(ns.jobs), "-q", *limit])
    _mtmetrics_process(
        [
            "paraphrase",
            "evaluate",
            _rel(models),
            *map(_rel, SEGMENT_TABLES[:3]),
            "-o",
            _rel(out / "paraphrase-models.md"),
            "-j",
            str(ns.jobs),
            "-q",
            *limit,
        ]
    )


def _mtmetrics_process(args: list[str]) -> str:
    """``python -m mtmetrics ARGS`` in a process of its own; returns its standard output."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "mtmetrics", *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {done.returncode}\n{done.stderr}")
    return done.stdout


def part_floors(ns: argparse.Namespace, out: Path) -> None:
    """The floors (a constant and a random metric) of the agreement measures on WMT22 MQM, next to
    BLEU and chrF, on all judged segments."""
    # -j 1: two cheap metrics need no second process (and the command line this writes into the
    # report stays the one the published floors were made with).
    _meta_report(
        MQM_TABLES,
        ["bleu", "chrf"],
        out,
        "claims-floors-wmt22-mqm",
        argparse.Namespace(**{**vars(ns), "jobs": 1}),
        [
            "--levels",
            "segment",
            "item",
            "system",
            "--kinds",
            "pearson",
            "accuracy",
            "soft-accuracy",
            "acc-eq",
            "--permutations",
            str(ns.permutations),
            "--title",
            "Floors of the agreement measures on WMT22 MQM (constant and random metric)",
        ],
    )


PART_FUNCS: dict[str, Callable[[argparse.Namespace, Path], None]] = {
    "segment": part_segment,
    "system": part_system,
    "orange": part_orange,
    "orange-corr": part_orange_corr,
    "mct": part_mct,
    "paraphrase": part_paraphrase,
    "floors": part_floors,
}


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
        PART_FUNCS[name](ns, out)
        dt = time.perf_counter() - t0
        run["parts"][name] = {"seconds": round(dt, 1), "rows": PARTS[name][0]}
        print(f"claims all: [{k}/{len(parts)}] {name} done in {dt / 60:.1f} min", file=sys.stderr, flush=True)
        run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")  # a failed later part keeps this one
        bar.advance(1)
    bar.close()
    if not ns.render:
        run["command"] = _all_command(ns)
        run["jobs"] = ns.jobs
        run["slice"] = ns.slice
        run["wall_seconds_this_run"] = round(time.perf_counter() - t_all, 1)
    run["seconds"] = round(sum(v["seconds"] for v in run["parts"].values()), 1)
    run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")
    doc = Path(ns.doc) if ns.doc else out / "claims.md"
    render_doc(out, doc, run)
    print(f"wrote {doc} ({run['seconds'] / 60:.1f} min in all)", file=sys.stderr)


def _all_command(ns: argparse.Namespace) -> str:
    cmd = f"python bench/claims.py all -j {ns.jobs}"
    if ns.slice:
        cmd += f" --slice {ns.slice}"
    if ns.permutations != 1000 or ns.bootstrap != 1000:
        cmd += f" --permutations {ns.permutations} --bootstrap {ns.bootstrap}"
    return cmd


# ---------------------------------------------------------------- the generated summary


def _p(p: float, floor: float = 0.0) -> str:
    """A p-value as printed: ``< 0.001`` under a thousandth, else three decimals."""
    if math.isnan(p):
        return "n/a"
    if p < max(floor, 0.001):
        return f"< {max(floor, 0.001):g}"
    return f"{p:.3f}"


def _level_pairs(doc: dict, a: str, b: str, level: str) -> list[tuple[str, float, float, str, float]]:
    """Per group of a two-metric report: r of ``a`` and ``b`` at ``level``, the leader, its one-sided p."""
    rows = []
    for tb in doc["tables"]:
        for g in tb["groups"]:
            r = {
                e["metric"]: e["value"]
                for e in tb["correlations"]
                if e["group"] == g and e["level"] == level and e["kind"] == "pearson"
            }
            cells = [c for c in tb["clusters"] if c["group"] == g and c["level"] == level]
            cell = cells[0]
            leader = cell["ranking"][0]["metric"]
            p = cell["ranking"][1]["p_vs_leader"]
            rows.append((g, float(r[a]), float(r[b]), "a" if leader == a else "b", float(p)))
    return rows


def _compare_text(
    pairs: list[tuple[str, float, float, str, float]], la: str, lb: str, floor: float
) -> tuple[str, str, str]:
    """(result cell, significance detail, verdict) of one A-vs-B comparison over pairs."""
    ma = float(np.mean([x[1] for x in pairs]))
    mb = float(np.mean([x[2] for x in pairs]))
    leads = [(x[3], x[4]) for x in pairs]
    verdict = _verdict(leads, ma, mb)
    ahead = sum(1 for x in pairs if x[1] > x[2])
    diffs = ", ".join(f"{x[0]} {x[1] - x[2]:+.3f}" for x in pairs)
    result = f"{la} {ma:.3f} vs {lb} {mb:.3f} (mean); {la} ahead on {ahead}/{len(pairs)} ({diffs})"
    sa = [x for x in pairs if x[3] == "a" and x[4] < 0.05]
    sb = [x for x in pairs if x[3] == "b" and x[4] < 0.05]
    detail = f"{la} significant on {len(sa)}/{len(pairs)}" + (
        f" ({', '.join(f'{x[0]} p {_p(x[4], floor)}' for x in sa)})" if sa else ""
    )
    detail += f", {lb} on {len(sb)}/{len(pairs)}" + (
        f" ({', '.join(f'{x[0]} p {_p(x[4], floor)}' for x in sb)})" if sb else ""
    )
    return result, detail, verdict


def _combine(verdicts: list[str]) -> str:
    """One verdict of several comparisons of a row: the common one, else *not supported*."""
    return verdicts[0] if len(set(verdicts)) == 1 else "not supported"


#: The significance tests of meta report's cluster cells, as the summary names them.
TESTS = {"perm-both-items": "PERM-BOTH", "perm-both": "PERM-BOTH", "williams": "Williams"}


def summary_rows(out: Path, sliced: bool = False) -> list[str]:
    """The rows of claims.md's summary table, each built from the files the parts wrote (a row whose
    files are missing says so)."""
    rows: list[str] = []

    def load_json(name: str) -> dict | None:
        path = out / name
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None

    def missing(num: str, claim: str, part: str) -> None:
        rows.append(f"| {num} | {claim} | not run (part `{part}`) | | | | | |")

    # Rows 1-4: segment level.
    seg_claims = {
        "1": ("SIA correlates better than BLEU at segment level", ["sia-bleu", "siaprob-bleu"]),
        "2": ("SIA correlates better than ROUGE-W at segment level", ["sia-rougew"]),
        "3": ("PROB adds to WLS (lowercased, as the PROB table)", ["wlsprob-wls-lc", "siaprob-sia-lc"]),
        "4": ("INCS adds to WLS", ["sia-wls"]),
    }
    for num, (claim, names) in seg_claims.items():
        found = [(c, load_json(f"claims-seg-{c[1]}.json")) for n in names for c in COMPARISONS if c[1] == n]
        docs = [(c, d) for c, d in found if d is not None]
        if not docs:
            missing(num, claim, "segment")
            continue
        results, details, verdicts = [], [], []
        data = ""
        for (_, _, _, _, la, lb), d in docs:
            a, b = (m["spec"] for m in d["tables"][0]["metrics"])  # in the command's order: A, then B
            pairs = _level_pairs(d, a, b, "segment")
            res, det, v = _compare_text(pairs, la, lb, 1 / max(d["permutations"]["n"], 1))
            results.append(res)
            details.append(det)
            verdicts.append(v)
            data = ", ".join(f"{t['groups'][0]} {t['rows']:,}" for t in d["tables"])
        sample = docs[0][1]["tables"][0].get("sample")
        data_cell = (
            "WMT21 DA is/ja/ru + WMT22 MQM zh-en, "
            + ("all judged segments" if not sample else "sampled")
            + f" (rows: {data})"
        )
        rows.append(
            f"| {num} | {claim} | {data_cell} | segment Pearson r | "
            + "; ".join(results)
            + f" | PERM-BOTH per pair, {docs[0][1]['permutations']['n']:,} permutations | **{_combine(verdicts)}**: "
            + "; ".join(f"{docs[i][0][4]} > {docs[i][0][5]}: {verdicts[i]}, {details[i]}" for i in range(len(docs)))
            + " | `segment` |"
        )
    # Rows 5, 6, 11: system level.
    sysj = load_json("claims-system.json")
    if sysj is None:
        for num, claim in (
            ("5", "hLEPOR beats BLEU, TER and METEOR at system level"),
            ("6", "hLEPOR_E (POS) adds to hLEPOR"),
            ("11", "a dev-trained combination of the classic metrics beats chrF"),
        ):
            missing(num, claim, "system")
    else:
        by = {r["name"]: r for r in sysj["rows"]}
        sample = "all lines" if sysj["lines"] == "all" else f"{sysj['lines']} lines"

        def metric_row(spec: str) -> dict:
            return by[f"{spec} (mtmetrics, {sample})"]

        def ci(r: dict) -> str:
            return f"{r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]"

        nsys = sum(sysj["systems"].values())
        data = f"WMT21 official system DA z, {len(sysj['pairs'])} to-English pairs, {nsys} MT systems, {sample} of each"
        wil = {(w["a"], w["b"]): w for w in sysj["williams"]}

        def wtext(w: dict, la: str, lb: str) -> tuple[str, str]:
            pairs = [
                (
                    x["pair"],
                    x["r_a"],
                    x["r_b"],
                    "a" if x["r_a"] > x["r_b"] else "b",
                    x["p_a"] if x["r_a"] > x["r_b"] else x["p_b"],
                )
                for x in w["pairs"]
            ]
            _, det, v = _compare_text(pairs, la, lb, 0.0)
            ahead = sum(1 for x in pairs if x[1] > x[2])
            return v, f"vs {lb}: {v} (ahead on {ahead}/{len(pairs)}; {det})"

        parts5 = [
            wtext(wil[("hlepor", b)], "hLEPOR", lb)
            for b, lb in (("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))
        ]
        rows.append(
            f"| 5 | hLEPOR beats BLEU, TER and METEOR at system level across language pairs | {data} | "
            "mean over pairs of system Pearson r | "
            + "; ".join(
                f"{lab} {ci(metric_row(s))}"
                for s, lab in (("hlepor", "hLEPOR"), ("bleu", "BLEU"), ("ter", "TER"), ("meteor", "METEOR"))
            )
            + f" | Williams per pair | **{_combine([v for v, _ in parts5])}**: "
            + "; ".join(t for _, t in parts5)
            + " | `system` |"
        )
        v6, t6 = wtext(wil[("hlepor:pos=nltk", "hlepor")], "hLEPOR_E", "hLEPOR")
        rows.append(
            f"| 6 | hLEPOR_E (POS level, NLTK perceptron tagger) adds to hLEPOR | as 5 | as 5 | "
            f"hLEPOR_E {ci(metric_row('hlepor:pos=nltk'))} vs hLEPOR {ci(metric_row('hlepor'))} | Williams per pair | "
            f"**{v6}**: {t6} | `system` |"
        )
        chosen = next(r for r in sysj["rows"] if r["name"].endswith("← chosen on dev"))
        chrf = next(r for r in sysj["rows"] if r["name"].startswith("chrf-A"))
        comet = next(r for r in sysj["rows"] if r["name"].startswith("COMET"))
        combos = [r for r in sysj["rows"] if r["name"].startswith("combination:")]
        best = max(combos, key=lambda r: r["mean"])
        p_chrf = chosen["p_not_above_chrf"]
        v11 = "supported" if p_chrf < 0.05 else "reversed" if p_chrf > 0.95 else "not supported"
        rows.append(
            "| 11 | a combination of the classic metrics, trained and chosen on dev only, beats chrF (and approaches "
            f"COMET) at system level | as 5 | mean over pairs of system Pearson r | chosen on dev "
            f"({chosen['name'][13:].replace(' ← chosen on dev', '')}; dev r {chosen['dev_r']:.3f}): {ci(chosen)}; "
            f"chrF (data's) {ci(chrf)}; COMET {ci(comet)}; best recipe on test: "
            f"{best['name'][13:].replace(' ← chosen on dev', '')} {best['mean']:.3f} | paired bootstrap over systems "
            f"({sysj['bootstrap']:,}) | **{v11}**: share of resamples where the chosen combination is not above "
            f"chrF {p_chrf:.3f}, not above COMET {chosen['p_not_above_comet']:.3f} | `system` |"
        )
    # Row 7: ORANGE.
    ora = load_json("claims-orange-joshua.json")
    if ora is None:
        missing("7", "ROUGE-S4 and BLEUS4 rank best by ORANGE", "orange")
    else:
        ms = sorted(ora["metrics"], key=lambda m: m["orange"])
        rank = {m["spec"]: k for k, m in enumerate(ms, start=1)}

        def oc(m: dict) -> str:
            return f"{100 * m['orange']:.2f} [{100 * m['orange_lower']:.2f}, {100 * m['orange_upper']:.2f}]"

        picks = {m["spec"]: m for m in ms}
        s4, b4 = picks["rouge-s:skip=4"], picks["bleus:max_order=4"]
        # overlapping the best's interval: indistinguishable from it
        close = [m for m in ms if m["orange_lower"] <= ms[0]["orange_upper"]]
        v7 = "supported" if {rank["rouge-s:skip=4"], rank["bleus:max_order=4"]} == {1, 2} else "not supported"
        rows.append(
            f"| 7 | ROUGE-S4 and BLEUS4 rank best by ORANGE | Joshua bn-en n-best, {len(ora['refs'])} references, "
            f"{ora['sentences']} sentences ({ora['candidates']} candidates) | ORANGE % (lower is better) | "
            f"BLEUS4 {oc(b4)}, {rank['bleus:max_order=4']} of {len(ms)}; ROUGE-S4 {oc(s4)}, "
            f"{rank['rouge-s:skip=4']} of {len(ms)}; best {ms[0]['spec']} {oc(ms[0])} | bootstrap intervals "
            f"({ora['bootstrap']['n']:,} resamples of sentences; no paired test) | **{v7}**: {len(close)} of "
            f"{len(ms)} variants' intervals reach the best's | `orange` |"
        )
    # Row 8: ORANGE's ranking against the correlation ranking.
    rk = load_json("claims-orange-rank.json")
    if rk is None:
        missing("8", "ORANGE's ranking agrees with the correlation-based ranking", "orange-corr")
    else:
        vs = rk["variants"]
        best_c = min(vs, key=lambda v: v["pearson_rank"])
        best_o = min(vs, key=lambda v: v["orange_rank"])
        v8 = (
            "supported"
            if rk["spearman"] > 0 and rk["p_spearman"] < 0.05
            else "reversed"
            if rk["spearman"] < 0 and rk["p_spearman"] < 0.05
            else "not supported"
        )
        rep = load_json("claims-orange-wmt21.json") or {"tables": []}
        sampled = any(t.get("sample") for t in rep["tables"])
        seg_data = "sampled" if sampled else "all judged segments"
        rows.append(
            f"| 8 | ORANGE's ranking agrees with the correlation-based ranking | the {len(vs)} variants of 7: ORANGE "
            f"on Joshua bn-en vs mean segment Pearson on the data of 1 ({seg_data}) | rank correlation over the "
            f"{len(vs)} variants | Spearman {rk['spearman']:.2f} (p = {rk['p_spearman']:.2f}), "
            f"Kendall {rk['kendall']:.2f} (p = {rk['p_kendall']:.2f}); best by correlation {best_c['spec']} "
            f"({best_c['orange_rank']} by ORANGE), best by ORANGE {best_o['spec']} ({best_o['pearson_rank']} by "
            f"correlation) | scipy's rank-correlation p | **{v8}** (different data sets on the two sides) "
            "| `orange-corr` |"
        )
    # Row 9: MCT vs chrF.
    mct = load_json("claims-mct-wmt21.json")
    if mct is None:
        missing("9", "MCT combinations beat their best component", "mct")
    else:
        a = next(m["spec"] for m in mct["tables"][0]["metrics"] if m["spec"].startswith("combo"))
        texts, verdicts = [], []
        for level in ("segment", "system"):
            pairs = _level_pairs(mct, a, "chrf", level)
            floor = 1 / max(mct["permutations"]["n"], 1) if level == "segment" else 0.0  # permutations / Williams
            res, det, v = _compare_text(pairs, "MCT", "chrF", floor)
            texts.append((level, res, det, v))
            verdicts.append(v)
        sampled = any(t.get("sample") for t in mct["tables"])
        rows.append(
            "| 9 | MCT combinations beat their best component | WMT21 DA is/ja/ru, "
            + ("sampled" if sampled else "all judged segments")
            + "; MCT BLEUS + chrF trained on WMT22 dev (`source-features-mct-ngram.json`) | segment and system "
            "Pearson r | "
            + "; ".join(f"{lv}: {res}" for lv, res, _, _ in texts)
            + " | "
            + ", ".join(
                f"{TESTS.get(c['test'], c['test'])} ({c['level']})"
                for c in {c["level"]: c for c in mct["tables"][0]["clusters"]}.values()
            )
            + " | "
            + f"**{_combine(verdicts)}**: "
            + "; ".join(f"{lv}: {v}, {det}" for lv, _, det, v in texts)
            + " | `mct` |"
        )
    # Row 10: paraphrase.
    para = out / "paraphrase-models.md"
    if not para.exists():
        missing("10", "paraphrase models beat the baseline model B", "paraphrase")
    else:
        rows.append(_paraphrase_row(para.read_text(encoding="utf-8"), sliced))
    order = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "11": 11}
    rows.sort(key=lambda r: order[r.split(" | ")[0].lstrip("| ")])
    return rows


def _paraphrase_row(text: str, sliced: bool) -> str:
    """Row 10 from ``paraphrase-models.md``: model B against BP, per pair (Williams' one-sided p)."""
    lines = text.splitlines()
    head = next(x for x in lines if x.startswith("| Model |"))
    pairs = [c.strip() for c in head.strip("|").split("|")][3:]

    def cells(prefix: str) -> list[str]:
        return [c.strip() for c in next(x for x in lines if x.startswith(prefix)).strip("|").split("|")]

    b = cells("| B |")[3:]
    bp = cells("| BP |")[3:]
    comp = cells("| B vs. BP |")[1:]
    rb = [float(x.split()[0]) for x in b]
    rbp = [float(x.split()[0]) for x in bp]
    ps = [float(c.split("W p=")[1].split(",")[0]) for c in comp]
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
    doc = json.loads(doc_path.read_text(encoding="utf-8"))
    lines = [
        "| pair | level | measure | constant metric | random metric | BLEU | chrF |",
        "|---|---|---|---|---|---|---|",
    ]
    for tb in doc["tables"]:
        fl: dict[tuple[str, str, str], dict[str, float]] = defaultdict(dict)
        for e in tb.get("floors") or []:
            fl[(e["group"], e["level"], e["kind"])][e["metric"]] = e["value"]
        val = {(e["group"], e["level"], e["kind"], e["metric"]): e for e in tb["correlations"]}
        for (g, level, kind), f in sorted(fl.items()):
            mv = {
                m: f"{val[(g, level, kind, m)]['value']:.3f}" if (g, level, kind, m) in val else ""
                for m in ("bleu", "chrf")
            }
            cst = next((v for k, v in f.items() if "constant" in k), math.nan)
            rnd = next((v for k, v in f.items() if "random" in k), math.nan)
            lines.append(
                f"| {g} | {level} | {kind} | {cst:.3f} | "
                + ("" if math.isnan(rnd) else f"{rnd:.3f}")
                + f" | {mv['bleu']} | {mv['chrf']} |"
            )
    return lines


BEGIN, END = "<!-- generated by bench/claims.py all: {} -->", "<!-- end of generated: {} -->"


def _replace_block(text: str, name: str, body: list[str]) -> str:
    """Replace the generated block ``name`` of claims.md (appended if absent)."""
    begin, end = BEGIN.format(name), END.format(name)
    block = begin + "\n" + "\n".join(body) + "\n" + end
    if begin in text and end in text:
        i, j = text.index(begin), text.index(end) + len(end)
        return text[:i] + block + text[j:]
    return text.rstrip("\n") + "\n\n" + block + "\n"


def render_doc(out: Path, doc: Path, run: dict) -> None:
    """Write the generated blocks of claims.md: the summary table, the floors, the timings."""
    head = [
        "| # | claim | data | measure | result | test | verdict | part |",
        "|---|---|---|---|---|---|---|---|",
    ]
    timing = [
        f"`{run['command']}`: {run['seconds'] / 60:.1f} min in all with `-j {run['jobs']}` "
        f"(per part, as last run: "
        + ", ".join(f"{k} {v['seconds'] / 60:.1f} min" for k, v in run["parts"].items())
        + ")."
    ]
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# claims (generated blocks only)\n"
    text = _replace_block(text, "timing", timing)
    text = _replace_block(text, "summary", head + summary_rows(out, bool(run.get("slice"))))
    text = _replace_block(text, "floors", floors_table(out))
    doc.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("features")
    f.add_argument("--datasets", nargs="+", default=list(DATASETS), choices=list(DATASETS))
    t = sub.add_parser("table")
    for p in (f, t):
        p.add_argument("--lines", type=int, default=0, help="lines per pair (0: every line)")
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
    o.add_argument("-o", "--output", default="")
    o.add_argument("--json", default="")
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
    sy = sub.add_parser("system", help="rows 5, 6, 11: features (every line) then table, to claims-system.md/.json")
    sy.add_argument("--lines", type=int, default=0, help="lines per pair (0: every line)")
    sy.add_argument("-j", "--jobs", type=int, default=1)
    sy.add_argument("--cache", default="/tmp/claims-cache")
    sy.add_argument("--bootstrap", type=int, default=1000)
    sy.add_argument("--out", default=str(ROOT / "docs" / "results"))
    al = sub.add_parser("all", help="every part in turn (rows 1-11), then the summary of claims.md")
    al.add_argument("-j", "--jobs", type=int, default=1)
    al.add_argument("--slice", type=int, default=0, help="a quick slice: N source segments / lines per pair")
    al.add_argument("--parts", nargs="*", default=[], choices=list(PARTS), help="run only these parts")
    al.add_argument("--only", nargs="*", default=[], help="segment part: names of comparisons to run")
    al.add_argument("--permutations", type=int, default=1000)
    al.add_argument("--bootstrap", type=int, default=1000)
    al.add_argument("--cache", default="/tmp/claims-cache")
    al.add_argument("--out", default=str(ROOT / "docs" / "results"))
    al.add_argument("--doc", default="", help="the claims.md to update (default: OUT/claims.md)")
    al.add_argument("--render", action="store_true", help="run no part: rewrite claims.md's generated blocks only")
    for p in (f, t):
        p.add_argument("-j", "--jobs", type=int, default=1) if p is f else None
        p.add_argument("-o", "--output", default="") if p is t else None
        p.add_argument("--json", default="") if p is t else None
    f.add_argument("-q", "--quiet", action="store_true")
    ns = parser.parse_args()
    if ns.cmd == "system":
        part_system(argparse.Namespace(**{**vars(ns), "slice": ns.lines}), Path(ns.out))
        return
    commands: dict[str, Callable[[argparse.Namespace], Any]] = {
        "features": features,
        "table": table,
        "orange": orange,
        "segment": segment,
        "all": run_all,
    }
    commands[ns.cmd](ns)


if __name__ == "__main__":
    main()
