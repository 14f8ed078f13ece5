"""The claims of docs/results/claims.md, regenerated on the library.

Each part runs mtmetrics commands and writes files to docs/results/; ``all`` runs the parts in turn,
then fills claims.md's generated blocks from the files (nothing in them is typed in).

    python bench/claims.py all -j 2        # every part of PARTS in turn, then claims.md's blocks
    python bench/claims.py all --render    # no part: claims.md's blocks (and the ORANGE ranking) only
    python bench/claims.py segment -j 2    # one part (rows 1-4); --slice N: N segments / lines per pair

The system level scores every system with the library's metrics (cached), then tests with the
library's statistics: Pearson, Williams, :func:`mtmetrics.stats.mct.grouped_combination`, and a paired
bootstrap of the mean over pairs (:func:`mtmetrics.stats.significance.group_resamples`, its interval
and its one-sided p by :func:`~mtmetrics.stats.significance.interval` and
:func:`~mtmetrics.stats.corrtests.paired_bootstrap_difference`). Verdicts: Holm over a row's tests
(:func:`mtmetrics.stats.corrections.adjust`) and the rule at the top of claims.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from mtmetrics.cli.progress import Progress
from mtmetrics.io.tables import read_table
from mtmetrics.io.text import read_lines
from mtmetrics.stats.corrections import adjust, p_text
from mtmetrics.stats.correlation import pearson, pearson_rows
from mtmetrics.stats.corrtests import paired_bootstrap_difference, williams
from mtmetrics.stats.mct import grouped_combination, standardise_columns
from mtmetrics.stats.significance import group_resamples, interval
from mtmetrics_meta.precomputed import read_system_scores

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WMT21, MQM = DATA / "test" / "wmt21-news", DATA / "test" / "wmt22-mqm" / "derived"
SEGMENT_TABLES = [WMT21 / "derived" / f"newstest2021.{lp}.da-seg.joined.tsv.gz" for lp in ("is-en", "ja-en", "ru-en")]
SEGMENT_TABLES.append(MQM / "generaltest2022.zh-en.mqm-train.with-refs.tsv.gz")
SEED = 12345
# The classic metrics combined (mtmetrics' own, default parameters) and hLEPOR_E (POS level by NLTK).
FEATURES = ["bleu", "nist", "chrf", "meteor", "ter", "gtm", "rouge-l", "rouge-w", "sia", "hlepor", "per", "wer"]
EXTRA = ["hlepor:pos=nltk"]
ERROR_RATES = {"ter", "per", "wer"}
COMET_NAMES = {"Nemo": "NVIDIA-NeMo", "Allegro": "Allegro.eu"}  # two systems named otherwise in scores/COMET
MCT_SPEC = "combo:model=" + os.path.relpath(ROOT / "docs" / "results" / "source-features-mct-ngram.json", ROOT)
#: The source half of row 9, each feature at its defaults but the source tokenizer (every source split at
#: spaces, as when SSCN's defaults were chosen by bench/sscn_tune.py; given so that the model records it).
SOURCE_FEATURES = ["bleus", "chrf", "sscn:src_tokenize=none", "prs:src_tokenize=none", "mpr:src_tokenize=none", "dup"]
ORANGE_VARIANTS = [
    *(f"bleus:max_order={k}" for k in range(1, 10)),
    *("rouge-l", "rouge-w:weight=1.1", "rouge-w:weight=1.2"),
    *(f"rouge-s:skip={k}" for k in (0, 1, 4, 9, -1)),
    *(f"rouge-su:skip={k}" for k in (4, 9, -1)),
]
PROB = "{prob}"  # replaced by the path of the trained similarity table
WLS, SIA_LC = ("WLS+PROB", "WLS (lowercased)"), ("SIA+PROB", "SIA (lowercased)")
#: The segment-level comparisons: (row, name, claimed better metric, other, label of the better, of the other).
COMPARISONS = [
    ("1", "sia-bleu", "sia", "bleu", "SIA", "BLEU"),
    ("1", "siaprob-bleu", f"sia:similarity={PROB}", "bleu", "SIA+PROB", "BLEU"),
    ("2", "sia-rougew", "sia", "rouge-w", "SIA", "ROUGE-W"),
    ("3", "wlsprob-wls-lc", f"sia:incs=no,lowercase=yes,similarity={PROB}", "sia:incs=no,lowercase=yes", *WLS),
    ("3", "siaprob-sia-lc", f"sia:lowercase=yes,similarity={PROB}", "sia:lowercase=yes", *SIA_LC),
    ("4", "sia-wls", "sia", "sia:incs=no", "WLS+INCS", "WLS"),
]
#: The rows of claims.md's summary: number -> (claim, the part that writes its files).
CLAIMS = {
    "1": ("SIA correlates better than BLEU at segment level", "segment"),
    "2": ("SIA correlates better than ROUGE-W at segment level", "segment"),
    "3": ("PROB adds to WLS (lowercased, as the PROB table)", "segment"),
    "4": ("INCS adds to WLS", "segment"),
    "5": ("hLEPOR beats BLEU, TER and METEOR at system level across language pairs", "system"),
    "6": ("hLEPOR_E (POS level, NLTK perceptron tagger) adds to hLEPOR", "system"),
    "7": ("ROUGE-S4 and BLEUS4 rank best by ORANGE", "orange"),
    "8": ("ORANGE's ranking agrees with the correlation-based ranking", "orange-corr"),
    "9": ("MCT combinations beat their best component", "mct"),
    "10": ("paraphrase models beat the baseline model B", "paraphrase"),
    "11": (
        "a combination of the classic metrics, trained and chosen on dev only, beats chrF (and approaches COMET) at "
        "system level",
        "system",
    ),
}
#: The Williams comparisons of rows 5 and 6 (A, B, their labels), one Holm family per row.
SYSTEM_FAMILIES = [
    [("hlepor", b, "hLEPOR", b.upper()) for b in ("bleu", "ter", "meteor")],
    [("hlepor:pos=nltk", "hlepor", "hLEPOR_E", "hLEPOR")],
]
#: The combination recipes (:func:`mtmetrics.stats.mct.grouped_combination`'s methods) by name.
RECIPES = {
    "OLS, raw features (unconstrained)": "ols-raw",
    "OLS, standardised per pair (unconstrained)": "ols",
    "NNLS, standardised per pair (weights >= 0)": "nnls",
    "MCT at system level, standardised, weights >= 0": "mct",
    "equal weights, standardised (no training)": "mean",
}
#: The data's own system scores in the system-level table: row name -> key in the data.
GIVEN = {
    "bleu-A (data's automatic-scores.tsv, full test set)": "bleu-A",
    "chrf-A (data's automatic-scores.tsv, full test set)": "chrf-A",
    "COMET ref-A (data's scores/COMET, full test set)": "COMET",
}
#: The numbers of each row of the system-level table in claims-system.json.
ROW_KEYS = ("name", "dev_r", "r", "mean", "lower", "upper", "p_not_above_chrf", "p_not_above_comet")
CHOSEN, ALPHA = " ← chosen on dev", 0.05
#: A progress line on standard error.
say = partial(print, file=sys.stderr, flush=True)
SAMPLED = {True: "sampled", False: "all judged segments"}
TESTS = {"perm-both-items": "PERM-BOTH", "perm-both": "PERM-BOTH", "williams": "Williams"}


def _md(cells: Sequence[Any]) -> str:
    """One Markdown table row."""
    return "| " + " | ".join(map(str, cells)) + " |"


def _md_head(cells: Sequence[str]) -> list[str]:
    """A Markdown table's head row and rule."""
    return [_md(cells), "|" + "---|" * len(cells)]


# ---------------------------------------------------------------- system level: data and features


class Pair(NamedTuple):
    """One language pair: reference, system outputs, human system scores, the 0-based lines to sample from."""

    name: str
    ref: list[str]
    hyps: dict[str, list[str]]
    human: dict[str, float]
    lines: list[int]


def _official(base: Path, where: str, prefix: str, sources: str) -> list[Pair]:
    """The to-English pairs from ``sources`` with official system DA z (``ad-sys-ranking-LP-z-names.csv``:
    RAW Z N N.ALL SYS.ID NAME), the first reference and the outputs of the systems it scores."""
    pairs = []
    for lp in (f"{s}-en" for s in sources.split()):
        rank = (base / "humaneval" / where / f"ad-sys-ranking-{lp}-z-names.csv").read_text(encoding="utf-8")
        human = {f[5]: float(f[1]) for f in map(str.split, rank.splitlines()) if len(f) >= 6}
        ref = read_lines(sorted((base / "txt" / "references").glob(f"{prefix}.{lp}.ref.*.en"))[0])
        hyp = f"{prefix}.{lp}.hyp."
        outputs = sorted((base / "txt" / "system-outputs").glob(f"{hyp}*.en.gz"))
        hyps = {name: read_lines(p) for p in outputs if (name := p.name[len(hyp) : -len(".en.gz")]) in human}
        pairs.append(Pair(lp, ref, hyps, human, list(range(len(ref)))))
    return pairs


def wmt17() -> list[Pair]:
    """WMT17 DA (development): human system score = mean z of the system's judged rows."""
    base, pairs = DATA / "dev" / "wmt17-da", []
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    sids: dict[str, set[int]] = defaultdict(set)
    joined = read_table(base / "derived" / "newstest2017.da-seg.joined.tsv.gz").columns
    for lp, systems, z, sid in zip(*(joined[c] for c in ("lp", "system", "z", "sid")), strict=True):
        for system in systems.split("+"):
            rows[lp][system].append(float(z))
        sids[lp].add(int(sid))
    for lp in sorted(rows):
        found = sorted((base / lp).glob(f"newstest2017.*.{lp}.gz"))
        hyps = {n: read_lines(p) for p in found if (n := p.name[len("newstest2017.") : -len(f".{lp}.gz")]) in rows[lp]}
        ref = read_lines(base / f"newstest2017-{lp[:2]}en-ref.en")
        human = {s: float(np.mean(v)) for s, v in rows[lp].items()}
        pairs.append(Pair(lp, ref, hyps, human, sorted(k - 1 for k in sids[lp])))
    return pairs


#: The data sets: WMT17 and WMT22 (dev, to-English pairs with system-level DA), WMT21 (held-out test).
DATASETS: dict[str, Callable[[], list[Pair]]] = {
    "wmt17": wmt17,
    "wmt22": partial(
        _official, DATA / "dev" / "wmt22-general", "DA/newstest2022-toen", "generaltest2022", "cs de ja ru uk zh"
    ),
    "wmt21": partial(_official, WMT21, "newstest2021-toen", "newstest2021", "cs de ha is ja ru zh"),
}


class Data(NamedTuple):
    """Per pair: the system names, feature matrix (systems x features, error rates negated), human."""

    pairs: list[str]
    systems: list[list[str]]
    x: list[np.ndarray]
    h: list[np.ndarray]


def _cache_file(ns: argparse.Namespace, ds: str) -> Path:
    """The feature cache of data set ``ds`` at ``--slice`` lines per pair (``all``: every line)."""
    return Path(ns.cache) / f"{ds}-{ns.slice if ns.slice > 0 else 'all'}.json"


def load(ns: argparse.Namespace, ds: str, specs: Sequence[str]) -> Data:
    """The cached scores of ``specs`` on data set ``ds`` (``features``' JSON), pairs and systems sorted."""
    doc = json.loads(_cache_file(ns, ds).read_text())
    sign = np.array([-1.0 if s.split(":")[0] in ERROR_RATES else 1.0 for s in specs])
    systems = {lp: sorted(doc[lp]["scores"]) for lp in sorted(doc)}
    x = [np.array([[doc[lp]["scores"][s][f] for f in specs] for s in ss]) * sign for lp, ss in systems.items()]
    h = [np.array([doc[lp]["human"][s] for s in ss]) for lp, ss in systems.items()]
    return Data(list(systems), list(systems.values()), x, h)


#: The metrics a process has loaded (spec -> metric): each loads its resources once per process.
_LOADED: dict[str, Any] = {}


def _score_system(loaded: Sequence[str], hyp: list[str], ref: list[str], specs: Sequence[str]) -> dict[str, float]:
    """One system's corpus score under each spec, after loading every ``loaded`` spec once per process
    (the unit of work of :func:`features`: a forked worker has inherited them already)."""
    import mtmetrics

    for spec in (s for s in loaded if s not in _LOADED):
        name, _, params = spec.partition(":")
        _LOADED[spec] = mtmetrics.load_metric(name, **dict(p.split("=", 1) for p in params.split(",") if p))
        # whole WMT documents of natural text: the segment limits bound adversarial input (a two-word
        # vocabulary), and METEOR's 250 tokens would refuse real segments the claims score
        _LOADED[spec].max_segment_tokens = 0
    return {spec: float(_LOADED[spec].corpus_score(hyp, [ref]).score) for spec in specs}


def features(ns: argparse.Namespace) -> None:
    """Score every system of every data set with FEATURES + EXTRA (and the MCT model on WMT21) on every
    line (``--slice``: a seeded sample), one task per system through :func:`mtmetrics.engine.pool.map`
    (forked after every metric is loaded and warmed on one line); cached systems are not scored again."""
    from mtmetrics.engine import pool

    Path(ns.cache).mkdir(parents=True, exist_ok=True)
    docs = {ds: json.loads(_cache_file(ns, ds).read_text()) if _cache_file(ns, ds).exists() else {} for ds in DATASETS}
    todo: list[tuple[str, str, str, list[str], list[str], list[str]]] = []
    for ds, read in DATASETS.items():
        # the MCT model on the test set only: a model trained on raw text refuses WMT17's tokenised text
        specs = FEATURES + EXTRA + ([MCT_SPEC] if ds == "wmt21" else [])
        for k, pair in enumerate(read()):
            take = list(pair.lines)
            if 0 < ns.slice < len(pair.lines):
                take = sorted(np.random.default_rng([SEED, k]).choice(pair.lines, ns.slice, replace=False).tolist())
            entry = docs[ds].setdefault(pair.name, {"human": {}, "scores": {}, "lines": take})
            if entry["lines"] != take:
                raise SystemExit(f"{_cache_file(ns, ds)}: cached for other lines of {pair.name}; use another --cache")
            for system, hyp in pair.hyps.items():
                entry["human"][system] = pair.human[system]
                if missing := [s for s in specs if s not in entry["scores"].get(system, {})]:
                    todo.append((ds, pair.name, system, [hyp[i] for i in take], [pair.ref[i] for i in take], missing))
    specs, tasks = [*FEATURES, *EXTRA, MCT_SPEC], [t[3:] for t in todo]
    say(f"features: {len(tasks)} systems to score ({sum(len(t[0]) for t in tasks):,} lines) with {len(specs)} metrics")

    def save() -> None:
        for ds, doc in docs.items():
            _cache_file(ns, ds).write_text(json.dumps(doc, indent=1, sort_keys=True))

    if tasks:  # load and warm up before forking (WordNet, the tagger, numba's compiled TER)
        _score_system(specs, tasks[0][0][:1], tasks[0][1][:1], tasks[0][2])
        bar = Progress(len(tasks), "claims: system features", enabled=True)

        def done(i: int, scores: dict[str, float]) -> None:
            docs[todo[i][0]][todo[i][1]]["scores"].setdefault(todo[i][2], {}).update(scores)
            bar.advance(1)
            if i % 25 == 24:
                save()

        pool.map(_score_system, tasks, ns.jobs, metrics=[_LOADED[s].metric for s in specs], shared=specs, done=done)
        bar.close()
    save()


# ---------------------------------------------------------------- system level: the tables


def _combined(fitted: tuple[np.ndarray, bool], x: np.ndarray) -> np.ndarray:
    """A pair's combined scores under a combination's weights (on standardised features if so fitted)."""
    weights, standardised = fitted
    return (standardise_columns(x) if standardised else x) @ weights


def _pearsons(scores: Sequence[np.ndarray], hs: Sequence[np.ndarray]) -> np.ndarray:
    """Pearson's r per pair (0 where a side is constant)."""
    return np.nan_to_num([pearson(s, h) for s, h in zip(scores, hs, strict=True)])


def _combinations(dev17: Data, dev22: Data) -> tuple[dict[str, float], dict[str, tuple[np.ndarray, bool]]]:
    """Every recipe on two dev sets (WMT17 + WMT22, WMT22 alone: WMT17's text is tokenised and
    lowercased, WMT21's is raw): its leave-one-pair-out mean Pearson over the 6 WMT22 pairs (WMT17 is
    never the held-out pair) and its fit on all dev pairs."""
    devsets = {"WMT17+WMT22": (dev17.x + dev22.x, dev17.h + dev22.h, len(dev17.x)), "WMT22": (dev22.x, dev22.h, 0)}
    dev_score, fitted = {}, {}
    for dname, (dxs, dhs, off) in devsets.items():
        for name, recipe in RECIPES.items():
            held_out = []
            for k, x in enumerate(dev22.x):  # each WMT22 pair held out in turn
                train = [i for i in range(len(dxs)) if i != off + k]
                fit = grouped_combination(recipe, [dxs[i] for i in train], [dhs[i] for i in train])
                held_out.append(_combined(fit, x))
            label = f"combination: {name}, dev {dname}"
            dev_score[label] = float(np.mean(_pearsons(held_out, dev22.h)))
            fitted[label] = grouped_combination(recipe, dxs, dhs)
    return dev_score, fitted


def _williams(test: Data, col: dict[str, list[np.ndarray]], entries: list[dict[str, Any]]) -> list[str]:
    """Williams' test per pair for each comparison of SYSTEM_FAMILIES: the Markdown lines; the numbers
    and the verdict (Holm per row, as claims.md) are appended to ``entries``."""
    head = ["A vs B", *test.pairs, "pairs A > B", "p < 0.05 (uncorrected; Holm: claims.md)"]
    out = ["\nWilliams' test per pair (one-sided p that A's Pearson exceeds B's; same systems):\n", *_md_head(head)]
    for a, b, *_ in (c for family in SYSTEM_FAMILIES for c in family):
        per_pair: list[dict[str, Any]] = []
        for k, h in enumerate(test.h):
            ra, rb, rab = _pearsons([col[a][k], col[b][k], col[a][k]], [h, h, col[b][k]])  # A, B, A with B
            p, p_b = (
                williams(x, y, rab, len(h)).p_one_sided if abs(rab) < 1 else math.nan for x, y in ((ra, rb), (rb, ra))
            )
            per_pair.append({"pair": test.pairs[k], "r_a": ra, "r_b": rb, "n": len(h), "p_a": p, "p_b": p_b})
        ma, mb = (float(np.mean([x[key] for x in per_pair])) for key in ("r_a", "r_b"))
        entries.append({"a": a, "b": b, "pairs": per_pair, "mean_a": ma, "mean_b": mb})
        cells = [f"{x['r_a'] - x['r_b']:+.3f} (p={x['p_a']:.2f})" for x in per_pair]
        wins, sig = sum(x["r_a"] > x["r_b"] for x in per_pair), sum(x["p_a"] < 0.05 for x in per_pair)
        out.append(_md([f"{a} vs {b}", *cells, f"{wins}/{len(per_pair)}", f"{sig}/{len(per_pair)}"]))
    for entry, tests in zip(entries, (t for family in williams_leads(entries) for t in family), strict=True):
        entry["verdict"] = tally(tests)[-1]
    return out


def part_system(ns: argparse.Namespace, out: Path) -> None:
    """Rows 5, 6 and 11: the features of every system (:func:`features`, cached), then the system-level
    tables (hLEPOR claims, combination goal) to claims-system.md and every number of them to
    claims-system.json, from the features and the data's own scores (full test set)."""
    features(ns)
    specs, sample = FEATURES + EXTRA + [MCT_SPEC], "all lines" if ns.slice <= 0 else f"{ns.slice} lines"
    dev17, dev22 = (load(ns, ds, FEATURES) for ds in ("wmt17", "wmt22"))
    test = load(ns, "wmt21", specs)
    col = {spec: [x[:, j] for x in test.x] for j, spec in enumerate(specs)}
    result: dict[str, Any] = {"lines": str(ns.slice) if ns.slice > 0 else "all", "bootstrap": ns.bootstrap}
    result |= {"rows": [], "williams": [], "pairs": test.pairs}
    result |= {"systems": {lp: len(s) for lp, s in zip(test.pairs, test.systems, strict=True)}}
    result["dev_pairs"] = {"wmt17": dev17.pairs, "wmt22": dev22.pairs}
    auto = read_table(WMT21 / "scores" / "automatic-scores.tsv").columns
    keys = zip(auto["metric"], auto["pair"], auto["system"], strict=True)
    given = dict(zip(keys, map(float, auto["score"]), strict=True))
    for lp in test.pairs:
        comet = read_system_scores(WMT21 / "scores" / "COMET" / lp / "COMET_newstest2021_ref-A.tsv")
        given |= {("COMET", lp, COMET_NAMES.get(s, s)): v for (_, s), v in comet.items()}
    by_pair = list(zip(test.pairs, test.systems, strict=True))
    rows = [(name, [np.array([given[(key, lp, s)] for s in ss]) for lp, ss in by_pair]) for name, key in GIVEN.items()]
    rows += [(f"{spec} (mtmetrics, {sample})", c) for spec, c in col.items()]
    dev_score, fitted = _combinations(dev17, dev22)
    result["chosen"] = chosen = max(dev_score, key=lambda k: dev_score[k])
    for j, spec in enumerate(FEATURES):
        dev_score[f"{spec} (mtmetrics, {sample})"] = float(np.mean(_pearsons([x[:, j] for x in dev22.x], dev22.h)))
    rows += [
        (label + (CHOSEN if label == chosen else ""), [_combined(m, x[:, : len(FEATURES)]) for x in test.x])
        for label, m in fitted.items()
    ]
    idx = group_resamples([len(h) for h in test.h], ns.bootstrap, SEED)  # the same resamples for every row
    boots = [
        np.nan_to_num([pearson_rows(s[i], h[i]) for s, h, i in zip(sc, test.h, idx, strict=True)]).mean(axis=0)
        for _, sc in rows
    ]
    systems = ", ".join(f"{lp}: {n}" for lp, n in result["systems"].items())
    lines = [
        "# System-level claims (rows 5, 6 and 11 of claims.md), generated\n",
        f"Written by `python bench/claims.py system{f' --lines {ns.slice}' if ns.slice > 0 else ''}"
        f"{f' -j {ns.jobs}' if ns.jobs > 1 else ''} --bootstrap {ns.bootstrap}` (or as part `system` of `python "
        "bench/claims.py all`); every number below is also in `claims-system.json`.\n",
        f"WMT21 to-English, system level, {len(test.pairs)} pairs ({systems} MT systems); mtmetrics' metrics on "
        + ("all lines of each system" if ns.slice <= 0 else f"{ns.slice} sampled lines per pair")
        + ", reference A; dev (WMT17 judged lines, WMT22) likewise.\n",
        *_md_head(["metric", "dev mean r (WMT22)", *test.pairs, "mean r [95 % CI]", "p(> chrF-A)", "p(> COMET)"]),
    ]
    for (name, scores), bs in zip(rows, boots, strict=True):
        test_r, iv = _pearsons(scores, test.h), interval(bs, SEED)
        ps = [paired_bootstrap_difference(0, 0, bs, boots[k]).p_one_sided for k in (1, 2)]  # chrF-A, COMET
        dv = next((f"{v:.3f}" for k, v in dev_score.items() if name.startswith(k)), "")
        r = dict(zip(test.pairs, map(float, test_r), strict=True))
        row = (name, float(dv) if dv else None, r, float(test_r.mean()), iv.lower, iv.upper, *ps)
        result["rows"].append(dict(zip(ROW_KEYS, row, strict=True)))
        ci = f"{test_r.mean():.3f} [{iv.lower:.3f}, {iv.upper:.3f}]"
        lines.append(_md([name, dv, *(f"{v:.3f}" for v in test_r), ci, f"{ps[0]:.3f}", f"{ps[1]:.3f}"]))
    lines.append(
        "\nWeights (trained on all pairs of the dev set; per standard unit of each feature, raw OLS per raw"
        " unit; error rates negated):\n"
    )
    result["weights"] = {label: dict(zip(FEATURES, w.tolist(), strict=True)) for label, (w, _) in fitted.items()}
    lines += [
        f"- {label[13:]}: " + ", ".join(f"{s} {v:+.3f}" for s, v in w.items()) for label, w in result["weights"].items()
    ]
    lines += _williams(test, col, result["williams"])
    (out / "claims-system.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out / "claims-system.json").write_text(json.dumps(result, indent=1), encoding="utf-8")


# ---------------------------------------------------------------- the parts: mtmetrics commands


def _mtmetrics(args: list[str], process: bool = False) -> str:
    """``mtmetrics ARGS`` in this process (``process``: in a process of its own); its standard output."""
    if process:
        done = subprocess.run([sys.executable, "-m", "mtmetrics", *args], capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {done.returncode}\n{done.stderr}")
        return done.stdout
    from mtmetrics.cli import main as cli

    if code := cli(args):
        raise SystemExit(f"mtmetrics {' '.join(args)}: exit status {code}")
    return ""


def _rel(path: Path) -> str:
    """A data path as the recorded command shows it (relative, so that it runs on any machine)."""
    return os.path.relpath(path)


def _meta_report(ns: Any, out: Path, name: str, tables: Sequence[Path], metrics: Sequence[str], *extra: str) -> None:
    """One ``mtmetrics meta report`` into ``out/name.md`` and ``.json`` (``--slice``: that many source
    segments per group)."""
    args = ["meta", "report", *map(_rel, tables), "-m", *metrics, "-j", str(ns.jobs)]
    args += ["--bootstrap-n", str(ns.bootstrap), *extra, *(["--sample-segments", str(ns.slice)] if ns.slice else [])]
    _mtmetrics([*args, "--json", _rel(out / f"{name}.json"), "-o", _rel(out / f"{name}.md")])


def part_segment(ns: argparse.Namespace, out: Path) -> None:
    """Rows 1-4: each segment-level comparison as a two-metric ``meta report``, then claims-segment.md;
    PROB is SIA's similarity table, IBM Model 1 English via French on multi30k (``similarity train``)."""
    chosen = [c for c in COMPARISONS if not ns.only or c[1] in ns.only]
    bar = Progress(len(chosen) + 1, "claims: segment level", enabled=True)
    prob, m30 = Path(ns.cache) / "en-via-fr.tsv.gz", DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"
    if not prob.exists() and any(PROB in c[2] + c[3] for c in chosen):
        prob.parent.mkdir(parents=True, exist_ok=True)
        corpus = ["--english", str(m30 / "train.en.gz"), "--pivot", str(m30 / "train.fr.gz")]
        _mtmetrics(["similarity", "train", *corpus, "-o", str(prob)])
    bar.advance(1)
    t0 = time.perf_counter()
    for row, name, a, b, la, lb in chosen:
        metrics, title = [a.replace(PROB, str(prob)), b.replace(PROB, str(prob))], f"Claim {row}: {la} vs {lb}"
        options = ["--levels", "segment", "--permutations", str(ns.permutations), "--title", f"{title}, segment level"]
        _meta_report(ns, out, f"claims-seg-{name}", SEGMENT_TABLES, metrics, *options)
        bar.advance(1)
    bar.close()
    run = {"parts": {"segment": {"seconds": time.perf_counter() - t0}}, "jobs": ns.jobs}
    (out / "claims-segment.md").write_text(segment_markdown(segment_docs(out), run), encoding="utf-8")


def part_orange(ns: argparse.Namespace, out: Path) -> None:
    """Row 7: ``mtmetrics meta orange`` of the 20 variants on the Joshua bn-en 10-best lists (JSON)."""
    nbest = DATA / "nbest" / "joshua-bn-en" / "test" / "bn-en" / "hiero"
    args = ["meta", "orange", _rel(nbest / "output.gold"), *(_rel(nbest / f"reference.en.{k}") for k in range(4))]
    args += ["-m", *ORANGE_VARIANTS, "--bootstrap-n", str(ns.bootstrap), "--seed", str(SEED), "-j", str(ns.jobs)]
    (out / "claims-orange-joshua.json").write_text(_mtmetrics([*args, "-f", "json"], True), encoding="utf-8")


def part_orange_corr(ns: argparse.Namespace, out: Path) -> None:
    """Row 8: the 20 variants' segment-level Pearson on the data of rows 1-4 (ranked against ORANGE by
    :func:`_orange_rows` when claims.md's blocks are written)."""
    title = "Claim 8: the 20 ORANGE variants, segment-level correlation"
    options = ["--levels", "segment", "--permutations", "0", "--title", title]
    _meta_report(ns, out, "claims-orange-wmt21", SEGMENT_TABLES, ORANGE_VARIANTS, *options)


def part_mct(ns: argparse.Namespace, out: Path) -> None:
    """Row 9: the segment-level MCT of BLEUS + chrF (trained on WMT22 dev) against chrF on WMT21."""
    title = "Claim 9: MCT (BLEUS + chrF) vs chrF, segment and system level"
    options = ["--permutations", str(ns.permutations), "--title", title]
    _meta_report(ns, out, "claims-mct-wmt21", SEGMENT_TABLES[:3], [MCT_SPEC, "chrf"], *options)


def part_mct_source(ns: argparse.Namespace, out: Path) -> None:
    """Row 9's source half: MCT of SOURCE_FEATURES retrained on the WMT22 dev sample of
    bench/sscn_tune.py (eflomal links cached), then it and BLEUS + chrF on 500 segments of WMT21 is/ja/ru."""
    from sscn_tune import write_sample

    sample, model = Path(ns.cache) / "wmt22-dev-sample.tsv", out / "source-features-mct-source.json"
    sample.parent.mkdir(parents=True, exist_ok=True)
    write_sample(sample)
    align = ["--aligner", "eflomal", "--align-cache", str(Path(ns.cache) / "align"), "--align-src-tokenize", "none"]
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
    metrics = ["combo:model=" + _rel(model), MCT_SPEC]
    options = [*align, "--permutations", str(ns.permutations), "--title", title, "--note", note]
    options += [] if ns.slice else ["--sample-segments", "500"]
    _meta_report(ns, out, "source-features-wmt21-mct", SEGMENT_TABLES[:3], metrics, *options)


def part_paraphrase(ns: argparse.Namespace, out: Path) -> None:
    """Row 10: ``paraphrase train`` on WMT17 dev and ``evaluate`` on WMT21 is/ja/ru (``--slice``:
    the first 40 × slice rows of each table); as commands of their own (each report records its argv)."""
    models, dev = out / "paraphrase-models", DATA / "dev" / "wmt17-da" / "derived" / "newstest2017.da-seg.joined.tsv.gz"
    jobs = ["-j", str(ns.jobs), "-q", *(["--limit", str(40 * ns.slice)] if ns.slice else [])]
    _mtmetrics(["paraphrase", "train", _rel(dev), "-o", _rel(models), *jobs], True)
    tables = [*map(_rel, SEGMENT_TABLES[:3]), "-o", _rel(out / "paraphrase-models.md")]
    tables += ["--json", _rel(out / "paraphrase-models.json")]
    _mtmetrics(["paraphrase", "evaluate", _rel(models), *tables, *jobs], True)


def part_floors(ns: argparse.Namespace, out: Path) -> None:
    """The floors (a constant and a random metric) of the agreement measures on WMT22 MQM, next to
    BLEU and chrF, on all judged segments (``-j 1``: the command line of the published floors)."""
    tables = [MQM / f"generaltest2022.{lp}.mqm-train.with-refs.tsv.gz" for lp in ("en-de", "zh-en")]
    title = "Floors of the agreement measures on WMT22 MQM (constant and random metric)"
    options = ["--levels", "segment", "item", "system", "--kinds", "pearson", "accuracy", "soft-accuracy", "acc-eq"]
    options += ["--permutations", str(ns.permutations), "--title", title]
    one_job = argparse.Namespace(**{**vars(ns), "jobs": 1})
    _meta_report(one_job, out, "claims-floors-wmt22-mqm", tables, ["bleu", "chrf"], *options)


#: The parts of ``all``, in order: name -> (rows of claims.md, the part).
PARTS: dict[str, tuple[str, Callable[[argparse.Namespace, Path], None]]] = {
    "segment": ("1-4", part_segment),
    "system": ("5, 6, 11", part_system),
    "orange": ("7", part_orange),
    "orange-corr": ("8", part_orange_corr),
    "mct": ("9", part_mct),
    "mct-source": ("9", part_mct_source),
    "paraphrase": ("10", part_paraphrase),
    "floors": ("floors", part_floors),
}


# ---------------------------------------------------------------- claims.md's blocks, from the parts' files
#: One comparison's test on one pair: (pair, r of A, r of B, leader "a"/"b", its one-sided p, ...).
Test = tuple


def holm(families: list[list[Test]], n: int = 0) -> list[list[Test]]:
    """The per-pair tests of one claim with their p-values Holm-adjusted over all of them (one family per
    row of claims.md); ``n`` > 0: the p-values are shares of ``n`` permutations (mt-metrics-eval's)."""
    flat = [x[4] for f in families for x in f]
    q = iter(adjust(np.nan_to_num(np.array(flat, dtype=float), nan=1.0), "holm", n).tolist() if flat else [])
    return [[(*x[:4], next(q), *x[5:]) for x in f] for f in families]


def tally(tests: Sequence[Test]) -> tuple[float, float, list[Test], list[Test], str]:
    """Mean r of A and of B, the tests where A and where B lead significantly (adjusted p <= ALPHA), and
    the verdict by the rule at the top of claims.md."""
    ma, mb = (float(np.mean([x[i] for x in tests])) for i in (1, 2))
    sig_a, sig_b = ([x for x in tests if x[3] == who and x[4] <= ALPHA] for who in "ab")
    if ma > mb and len(sig_a) * 2 >= len(tests) and not sig_b:
        return ma, mb, sig_a, sig_b, "supported"
    if mb > ma and len(sig_b) * 2 >= len(tests) and not sig_a:
        return ma, mb, sig_a, sig_b, "reversed"
    return ma, mb, sig_a, sig_b, "not supported"


def _p(p: float, n: int = 0) -> str:
    """A p-value as printed: of ``n`` resamples by :func:`~mtmetrics.stats.corrections.p_text` (never
    0), an analytic one (``n = 0``) with three decimals or ``< 0.001``."""
    if math.isnan(p):
        return "n/a"
    return p_text(p, n, 3).replace("<", "< ") if n else "< 0.001" if p < 0.001 else f"{p:.3f}"


def _compare(tests: Sequence[Test], la: str, lb: str, n: int) -> tuple[str, str, str]:
    """(result, significance detail, verdict) of one A-vs-B comparison over pairs (``n``: resamples of
    the p-values, 0 analytic)."""
    ma, mb, sig_a, sig_b, verdict = tally(tests)
    diffs = ", ".join(f"{x[0]} {x[1] - x[2]:+.3f}" for x in tests)
    ahead = sum(x[1] > x[2] for x in tests)
    result = f"{la} {ma:.3f} vs {lb} {mb:.3f} (mean); {la} ahead on {ahead}/{len(tests)} ({diffs})"
    detail = []
    for sig, label in ((sig_a, f"{la} significant"), (sig_b, lb)):
        ps = f" ({', '.join(f'{x[0]} p {_p(x[4], n)}' for x in sig)})" if sig else ""
        detail.append(f"{label} on {len(sig)}/{len(tests)}{ps}")
    return result, ", ".join(detail), verdict


def _combine(verdicts: list[str]) -> str:
    """One verdict of several comparisons of a row: the common one, else *not supported*."""
    return verdicts[0] if len(set(verdicts)) == 1 else "not supported"


def _level_pairs(doc: dict, a: str, b: str, level: str) -> list[Test]:
    """Per group of a two-metric report: r of ``a`` and ``b`` at ``level``, the leader, its one-sided p
    (the cluster cell's), every Pearson estimate and the human scores' kind."""
    rows = []
    for tb in doc["tables"]:
        for g in tb["groups"]:
            es = [e for e in tb["correlations"] if (e["group"], e["level"], e["kind"]) == (g, level, "pearson")]
            est = {e["metric"]: (e["value"], e["lower"], e["upper"]) for e in es}
            rank = next(c for c in tb["clusters"] if c["group"] == g and c["level"] == level)["ranking"]
            who, human = "a" if rank[0]["metric"] == a else "b", "MQM" if "mqm" in tb["human"] else "DA"
            rows.append((g, float(est[a][0]), float(est[b][0]), who, float(rank[1]["p_vs_leader"]), est, human))
    return rows


def segment_docs(out: Path) -> dict[str, list[tuple[tuple, dict]]]:
    """Per row of claims 1-4: (comparison, report JSON) of each comparison whose report exists."""
    docs: dict[str, list[tuple[tuple, dict]]] = defaultdict(list)
    for c in COMPARISONS:
        if (path := out / f"claims-seg-{c[1]}.json").exists():
            docs[c[0]].append((c, json.loads(path.read_text(encoding="utf-8"))))
    return docs


def _row_tests(docs: list[tuple[tuple, dict]]) -> tuple[int, list[tuple[str, str, str, str, list[Test]]]]:
    """The permutations of a row of claims 1-4 and each comparison's A, B (the command's order), their
    labels and per-pair tests, Holm over all pairs of the row."""
    n, specs = docs[0][1]["permutations"]["n"], [tuple(m["spec"] for m in d["tables"][0]["metrics"]) for _, d in docs]
    fams = holm([_level_pairs(d, a, b, "segment") for (a, b), (_, d) in zip(specs, docs, strict=True)], n)
    return n, [(a, b, c[4], c[5], tests) for (a, b), (c, _), tests in zip(specs, docs, fams, strict=True)]


def segment_markdown(docs: dict[str, list[tuple[tuple, dict]]], run: dict) -> str:
    """claims-segment.md: per comparison, every pair's r [95 % CI] of both metrics, the PERM-BOTH p
    (Holm-adjusted over the row's pairs), the verdict."""
    d0 = next(iter(docs.values()))[0][1]
    n, segments = d0["permutations"]["n"], (d0["tables"][0].get("sample") or {}).get("segments_per_group", 0)
    minutes = run.get("parts", {}).get("segment", {}).get("seconds", math.nan) / 60
    lines = [
        "# Segment-level claims (rows 1-4 of claims.md), generated",
        "",
        "Written by `python bench/claims.py segment "
        + (f"--segments {segments} " if segments else "")
        + f"--permutations {n} --bootstrap {d0['bootstrap']['n']} -j {run.get('jobs', 1)}` "
        + (f"({segments} source segments per pair)" if segments else "(all judged segments of every table)")
        + f" in {minutes:.1f} min; the per-comparison reports are `claims-seg-*.md` / `.json` beside this file.",
        "Pearson r per pair [95 % bootstrap CI]; p: PERM-BOTH over whole source segments, one-sided, that the "
        "leader (named) is better, Holm-adjusted over the pairs of the claim's row. Verdict: the rule at the "
        "top of claims.md.",
        "",
        *_md_head(["row", "claim (A better than B)", "pair", "A", "B", "p (leader)"]),
    ]
    verdicts = ["", *_md_head(["row", "claim", "mean r A vs B", "A significant", "B significant", "verdict"])]
    for num, row_docs in docs.items():
        for a, b, la, lb, tests in _row_tests(row_docs)[1]:
            for g, _, _, who, p, est, human in tests:
                cells = [f"{est[m][0]:.3f} [{est[m][1]:.3f}, {est[m][2]:.3f}]" for m in (a, b)]
                leader = f"{la if who == 'a' else lb} {_p(p, n)}"
                lines.append(_md([num, f"{la} > {lb}", f"{g} ({human})", *cells, leader]))
            ma, mb, sa, sb, v = tally(tests)
            counts = [f"{len(s)}/{len(tests)}" for s in (sa, sb)]
            verdicts.append(_md([num, f"{la} > {lb}", f"{ma:.3f} vs {mb:.3f}", *counts, f"**{v}**"]))
    return "\n".join(lines + verdicts) + "\n"


def _segment_row(docs: list[tuple[tuple, dict]]) -> list[str]:
    """Rows 1-4: the two-metric segment-level reports of the claim (Holm over all their pairs)."""
    n, rows = _row_tests(docs)
    texts = [(la, lb, *_compare(tests, la, lb, n)) for _, _, la, lb, tests in rows]
    data = ", ".join(f"{t['groups'][0]} {t['rows']:,}" for t in docs[-1][1]["tables"])
    return [
        f"WMT21 DA is/ja/ru + WMT22 MQM zh-en, {SAMPLED[bool(docs[0][1]['tables'][0].get('sample'))]} (rows: {data})",
        "segment Pearson r",
        "; ".join(res for _, _, res, _, _ in texts),
        f"PERM-BOTH per pair, {n:,} permutations, Holm over the row's {sum(len(r[4]) for r in rows)} tests",
        f"**{_combine([v for *_, v in texts])}**: " + "; ".join(f"{la} > {lb}: {v}, {d}" for la, lb, _, d, v in texts),
    ]


def _lead(pair: str, ra: float, rb: float, p_a: float, p_b: float) -> Test:
    """One comparison on one pair as a test: the leader (A if its r is higher, else B) and its one-sided p."""
    return (pair, ra, rb, *(("a", p_a) if ra > rb else ("b", p_b)))


def williams_leads(entries: list[dict]) -> list[list[list[Test]]]:
    """Per row of SYSTEM_FAMILIES, per comparison: the per-pair tests of ``claims-system.json``'s
    ``williams``, Holm over the comparisons of the row."""
    by = {(w["a"], w["b"]): w["pairs"] for w in entries}
    tests = {k: [_lead(*(x[f] for f in ("pair", "r_a", "r_b", "p_a", "p_b"))) for x in v] for k, v in by.items()}
    return [holm([tests[(a, b)] for a, b, *_ in family]) for family in SYSTEM_FAMILIES]


def _system_rows(sysj: dict) -> dict[str, list[str]]:
    """Rows 5, 6 and 11 from ``claims-system.json``."""
    by = {r["name"].replace(CHOSEN, ""): r for r in sysj["rows"]}
    sample = "all lines" if sysj["lines"] == "all" else f"{sysj['lines']} lines"

    def ci(name: str) -> str:
        r = next(r for k, r in by.items() if k.startswith(name))
        return f"{r['mean']:.3f} [{r['lower']:.3f}, {r['upper']:.3f}]"

    texts: list[list[tuple[str, str]]] = []
    for family, tests in zip(SYSTEM_FAMILIES, williams_leads(sysj["williams"]), strict=True):
        texts.append([])
        for (_, _, la, lb), t in zip(family, tests, strict=True):
            _, det, v = _compare(t, la, lb, 0)
            texts[-1].append((v, f"vs {lb}: {v} (ahead on {sum(x[3] == 'a' for x in t)}/{len(t)}; {det})"))
    chosen = next(r for r in sysj["rows"] if r["name"].endswith(CHOSEN))
    label = chosen["name"].replace(CHOSEN, "")
    best = max((r for r in sysj["rows"] if r["name"].startswith("combination:")), key=lambda r: r["mean"])
    p_chrf = chosen["p_not_above_chrf"]
    v11 = "supported" if p_chrf < 0.05 else "reversed" if p_chrf > 0.95 else "not supported"
    nsys, measure = sum(sysj["systems"].values()), "mean over pairs of system Pearson r"
    hlepor = [("hlepor", "hLEPOR"), *((b, lb) for _, b, _, lb in SYSTEM_FAMILIES[0])]
    return {
        "5": [
            f"WMT21 official system DA z, {len(sysj['pairs'])} to-English pairs, {nsys} MT systems, {sample} of each",
            measure,
            "; ".join(f"{lb} {ci(f'{b} (mtmetrics')}" for b, lb in hlepor),
            "Williams per pair, Holm over the row's 21 tests",
            f"**{_combine([v for v, _ in texts[0]])}**: " + "; ".join(t for _, t in texts[0]),
        ],
        "6": [
            "as 5",
            "as 5",
            f"hLEPOR_E {ci('hlepor:pos=nltk (mtmetrics')} vs hLEPOR {ci('hlepor (mtmetrics')}",
            "Williams per pair, Holm",
            f"**{texts[1][0][0]}**: {texts[1][0][1]}",
        ],
        "11": [
            "as 5",
            measure,
            f"chosen on dev ({label[13:]}; dev r {chosen['dev_r']:.3f}): {ci(label)}; chrF (data's) "
            f"{ci('chrf-A')}; COMET {ci('COMET')}; best recipe on test: "
            f"{best['name'][13:].replace(CHOSEN, '')} {best['mean']:.3f}",
            f"paired bootstrap over systems ({sysj['bootstrap']:,})",
            f"**{v11}**: one-sided bootstrap p that the chosen combination is not above chrF {p_chrf:.3f}, not above "
            f"COMET {chosen['p_not_above_comet']:.3f}",
        ],
    }


def _orange_rows(ora: dict, report: dict | None, out: Path) -> dict[str, list[str]]:
    """Row 7 (ORANGE's ranking of the variants on the Joshua n-best lists; no paired test: supported only
    if the two claimed are best and every other variant's interval lies above both) and row 8: that
    ranking against the variants' mean segment-level Pearson over the report's groups (Spearman and
    Kendall over the variants, scipy's p-values; with a ``report``), written to claims-orange-rank.md / .json."""
    from scipy.stats import kendalltau, spearmanr

    ms = sorted(ora["metrics"], key=lambda m: m["orange"])
    rank = {m["spec"]: k for k, m in enumerate(ms, start=1)}
    s4, b4 = (next(m for m in ms if m["spec"] == s) for s in ("rouge-s:skip=4", "bleus:max_order=4"))

    def oc(m: dict) -> str:
        return f"{100 * m['orange']:.2f} [{100 * m['orange_lower']:.2f}, {100 * m['orange_upper']:.2f}]"

    close = [m for m in ms if m["orange_lower"] <= ms[0]["orange_upper"]]  # reaching the best's interval
    clear = all(m["orange_lower"] > max(s4["orange_upper"], b4["orange_upper"]) for m in ms if m not in (s4, b4))
    v7 = "supported" if {rank["rouge-s:skip=4"], rank["bleus:max_order=4"]} == {1, 2} and clear else "not supported"
    rows = {
        "7": [
            f"Joshua bn-en n-best, {len(ora['refs'])} references, {ora['sentences']} sentences "
            f"({ora['candidates']} candidates)",
            "ORANGE % (lower is better)",
            f"BLEUS4 {oc(b4)}, {rank['bleus:max_order=4']} of {len(ms)}; ROUGE-S4 {oc(s4)}, {rank['rouge-s:skip=4']} "
            f"of {len(ms)}; best {ms[0]['spec']} {oc(ms[0])}",
            f"bootstrap intervals ({ora['bootstrap']['n']:,} resamples of sentences; no paired test)",
            f"**{v7}**: {len(close)} of {len(ms)} variants' intervals reach the best's",
        ]
    }
    if report is None:
        return rows
    orange = {m["spec"]: float(m["orange"]) for m in ora["metrics"]}
    by: dict[str, list[float]] = defaultdict(list)
    for c in (c for t in report["tables"] for c in t["correlations"]):
        if c["level"] == "segment" and c["kind"] == "pearson":
            by[c["metric"]].append(float(c["value"]))
    specs = [s for s in orange if s in by]
    mean = {s: float(np.mean(by[s])) for s in specs}
    o, r = [-orange[s] for s in specs], [mean[s] for s in specs]
    (rho, p_rho), (tau, p_tau) = spearmanr(o, r), kendalltau(o, r)
    ro = {s: k for k, s in enumerate(sorted(specs, key=lambda s: orange[s]), start=1)}
    rr = {s: k for k, s in enumerate(sorted(specs, key=lambda s: -mean[s]), start=1)}
    lines = [f"{len(specs)} variants; Spearman {rho:.3f} (p={p_rho:.3g}), Kendall {tau:.3f} (p={p_tau:.3g})"]
    lines += _md_head(["variant", "ORANGE % (rank)", "mean segment Pearson (rank)"])
    lines += [_md([s, f"{100 * orange[s]:.2f} ({ro[s]})", f"{mean[s]:.3f} ({rr[s]})"]) for s in specs]
    (out / "claims-orange-rank.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    variants = [
        {"spec": s, "orange": orange[s], "orange_rank": ro[s], "pearson": mean[s], "pearson_rank": rr[s]} for s in specs
    ]
    rk = {"spearman": float(rho), "p_spearman": float(p_rho), "kendall": float(tau), "p_kendall": float(p_tau)}
    (out / "claims-orange-rank.json").write_text(json.dumps({**rk, "variants": variants}, indent=1), encoding="utf-8")
    best_c, best_o = (min(variants, key=lambda v: v[k]) for k in ("pearson_rank", "orange_rank"))
    sig = p_rho < 0.05
    v8 = "supported" if rho > 0 and sig else "reversed" if rho < 0 and sig else "not supported"
    rows["8"] = [
        f"the {len(specs)} variants of 7: ORANGE on Joshua bn-en vs mean segment Pearson on the data of 1 "
        f"({SAMPLED[any(t.get('sample') for t in report['tables'])]})",
        f"rank correlation over the {len(specs)} variants",
        f"Spearman {rk['spearman']:.2f} (p = {rk['p_spearman']:.2f}), Kendall {rk['kendall']:.2f} (p = "
        f"{rk['p_kendall']:.2f}); best by correlation {best_c['spec']} ({best_c['orange_rank']} by ORANGE), best by "
        f"ORANGE {best_o['spec']} ({best_o['pearson_rank']} by correlation)",
        "scipy's rank-correlation p",
        f"**{v8}** (different data sets on the two sides)",
    ]
    return rows


def _mct_row(mct: dict) -> list[str]:
    """Row 9: the segment-level MCT against chrF, segment and system level (one Holm family per level:
    the resampled p-values are not Williams')."""
    a = next(m["spec"] for m in mct["tables"][0]["metrics"] if m["spec"].startswith("combo"))
    n = mct["permutations"]["n"]
    [seg], [sys_] = holm([_level_pairs(mct, a, "chrf", "segment")], n), holm([_level_pairs(mct, a, "chrf", "system")])
    texts = [(lv, *_compare(pairs, "MCT", "chrF", k)) for lv, pairs, k in (("segment", seg, n), ("system", sys_, 0))]
    tests = {c["level"]: c for c in mct["tables"][0]["clusters"]}.values()
    return [
        f"WMT21 DA is/ja/ru, {SAMPLED[any(t.get('sample') for t in mct['tables'])]}; MCT BLEUS + chrF trained on WMT22 "
        "dev (`source-features-mct-ngram.json`)",
        "segment and system Pearson r",
        "; ".join(f"{lv}: {res}" for lv, res, _, _ in texts),
        ", ".join(f"{TESTS.get(c['test'], c['test'])} ({c['level']})" for c in tests) + ", Holm per level",
        f"**{_combine([v for *_, v in texts])}**: " + "; ".join(f"{lv}: {v}, {det}" for lv, _, det, v in texts),
    ]


def _paraphrase_row(doc: dict, sliced: bool) -> list[str]:
    """Row 10 from ``paraphrase-models.json``: model B against BP, per pair (Williams' one-sided p)."""
    pairs, bp = doc["tests"], next(c["tests"] for c in doc["comparisons"] if (c["without"], c["with"]) == ("B", "BP"))
    raw = [_lead(lp, (t := bp[lp])["r_model"], t["r_base"], t["p_williams"], 1 - t["p_williams"]) for lp in pairs]
    *_, significant, _, v = tally(holm([raw])[0])
    sig = [f"{x[0]} (p Holm = {x[4]:.2g})" for x in significant]
    return [
        f"WMT21 DA is/ja/ru, {'the first rows only' if sliced else 'all judged segments'} (`paraphrase-models.md`)",
        "segment Pearson r",
        "B vs BP: " + ", ".join(f"{lp} {bp[lp]['r_base']:.3f} vs {bp[lp]['r_model']:.3f}" for lp in pairs),
        "Williams, Holm over the pairs",
        f"**{v}**: BP significant on {len(sig)}/{len(pairs)}"
        + (f" ({', '.join(sig)})" if sig else "")
        + f"; trained on {doc['training'].get('rows', '?')} judged segments of WMT17 dev",
    ]


def summary_rows(out: Path, sliced: bool) -> list[str]:
    """The rows of claims.md's summary table, each built from the files the parts wrote (a row whose
    files are missing says so); writes claims-orange-rank.md / .json on the way."""

    def read(name: str) -> Any:
        return (json.loads if name.endswith(".json") else str)((out / name).read_text(encoding="utf-8"))

    have = {p.name for p in out.iterdir()}
    cells: dict[str, list[str]] = {num: _segment_row(docs) for num, docs in segment_docs(out).items()}
    if "claims-system.json" in have:
        cells |= _system_rows(read("claims-system.json"))
    if "claims-orange-joshua.json" in have:
        report = read("claims-orange-wmt21.json") if "claims-orange-wmt21.json" in have else None
        cells |= _orange_rows(read("claims-orange-joshua.json"), report, out)
    if "claims-mct-wmt21.json" in have:
        cells["9"] = _mct_row(read("claims-mct-wmt21.json"))
    if "paraphrase-models.json" in have:
        cells["10"] = _paraphrase_row(read("paraphrase-models.json"), sliced)
    return [
        _md([num, claim, *cells.get(num, [f"not run (part `{part}`)", "", "", "", ""]), f"`{part}`"])
        for num, (claim, part) in CLAIMS.items()
    ]


def floors_table(out: Path) -> list[str]:
    """The floors of the WMT22 MQM report beside BLEU's and chrF's values, per pair and measure."""
    if not (path := out / "claims-floors-wmt22-mqm.json").exists():
        return ["(part `floors` not run)"]
    lines = _md_head(["pair", "level", "measure", "constant metric", "random metric", "BLEU", "chrF"])
    for tb in json.loads(path.read_text(encoding="utf-8"))["tables"]:
        fl: dict[tuple[str, str, str], dict[str, float]] = defaultdict(dict)
        for e in tb.get("floors") or []:
            fl[(e["group"], e["level"], e["kind"])][e["metric"]] = e["value"]
        val = {(e["group"], e["level"], e["kind"], e["metric"]): e["value"] for e in tb["correlations"]}
        for key, f in sorted(fl.items()):
            bleu, chrf = ("" if v is None else f"{v:.3f}" for v in (val.get((*key, m)) for m in ("bleu", "chrf")))
            cst, rnd = (next((v for k, v in f.items() if floor in k), math.nan) for floor in ("constant", "random"))
            lines.append(_md([*key, f"{cst:.3f}", "" if math.isnan(rnd) else f"{rnd:.3f}", bleu, chrf]))
    return lines


def render_doc(out: Path, doc: Path, run: dict) -> None:
    """Write the files derived from the parts' (claims-segment.md, claims-orange-rank.md / .json) and the
    generated blocks of claims.md (the timing, the summary table, the floors) between their markers
    (appended if absent)."""
    if docs := segment_docs(out):
        (out / "claims-segment.md").write_text(segment_markdown(docs, run), encoding="utf-8")
    per_part = ", ".join(f"{k} {v['seconds'] / 60:.1f} min" for k, v in run["parts"].items())
    timing = "(no part run by `all` yet)"
    if "command" in run:
        timing = f"`{run['command']}`: {run['seconds'] / 60:.1f} min in all with `-j {run['jobs']}` "
        timing += f"(per part, as last run: {per_part})."
    summary = _md_head(["#", "claim", "data", "measure", "result", "test", "verdict", "part"])
    summary += summary_rows(out, bool(run.get("slice")))
    blocks = {"timing": [timing], "summary": summary, "floors": floors_table(out)}
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# claims (generated blocks only)\n"
    for name, body in blocks.items():
        begin, end = f"<!-- generated by bench/claims.py all: {name} -->", f"<!-- end of generated: {name} -->"
        block = begin + "\n" + "\n".join(body) + "\n" + end
        if begin in text and end in text:
            text = text[: text.index(begin)] + block + text[text.index(end) + len(end) :]
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
    doc.write_text(text, encoding="utf-8")


def run_all(ns: argparse.Namespace, parts: Sequence[str]) -> None:
    """The ``parts`` in turn (a progress line per part on standard error), then claims.md's blocks."""
    out, t_all = Path(ns.out), time.perf_counter()
    run_file = out / "claims-run.json"
    run: dict[str, Any] = {"parts": {}} | (json.loads(run_file.read_text()) if run_file.exists() else {})
    bar = Progress(len(parts), "claims: all", enabled=True)
    for k, name in enumerate(parts, start=1):
        (rows, part), step = PARTS[name], f"claims all: [{k}/{len(parts)}] {name}"
        say(f"\n{step} (rows {rows}) ...")
        t0 = time.perf_counter()
        part(ns, out)
        run["parts"][name] = {"seconds": round(time.perf_counter() - t0, 1), "rows": rows}
        say(f"{step} done in {(time.perf_counter() - t0) / 60:.1f} min")
        run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")  # a failed later part keeps this one
        bar.advance(1)
    bar.close()
    if parts:
        cmd = f"python bench/claims.py all -j {ns.jobs}" + (f" --slice {ns.slice}" if ns.slice else "")
        if ns.permutations != 1000 or ns.bootstrap != 1000:
            cmd += f" --permutations {ns.permutations} --bootstrap {ns.bootstrap}"
        run |= {"command": cmd, "jobs": ns.jobs, "slice": ns.slice}
        run["wall_seconds_this_run"] = round(time.perf_counter() - t_all, 1)
    run["seconds"] = round(sum(v["seconds"] for v in run["parts"].values()), 1)
    run_file.write_text(json.dumps(run, indent=1), encoding="utf-8")
    doc = Path(ns.doc) if ns.doc else out / "claims.md"
    render_doc(out, doc, run)
    say(f"wrote {doc} ({run['seconds'] / 60:.1f} min in all)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0], allow_abbrev=False)
    common = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    common.add_argument("-j", "--jobs", type=int, default=1)
    common.add_argument(
        "--slice", "--segments", "--lines", type=int, default=0, help="source segments / lines per pair (0: all)"
    )
    common.add_argument("--permutations", type=int, default=1000)
    common.add_argument("--bootstrap", type=int, default=1000)
    common.add_argument("--cache", default="/tmp/claims-cache")
    common.add_argument("--out", default=str(ROOT / "docs" / "results"))
    common.add_argument("--only", nargs="*", default=[], help="segment comparisons to run (default: all)")
    sub = parser.add_subparsers(dest="cmd", required=True)
    al = sub.add_parser("all", parents=[common], help="every part in turn, then claims.md's blocks", allow_abbrev=False)
    al.add_argument("--parts", nargs="+", default=list(PARTS), choices=list(PARTS), help="run only these parts")
    al.add_argument("--doc", default="", help="the claims.md to update (default: OUT/claims.md)")
    al.add_argument("--render", action="store_true", help="run no part: claims.md's blocks only")
    for name, (rows, _) in PARTS.items():
        alone = f"this part alone (rows {rows}; claims.md untouched)"
        sub.add_parser(name, parents=[common], help=alone, allow_abbrev=False)
    ns = parser.parse_args()
    Path(ns.out).mkdir(parents=True, exist_ok=True)
    if ns.cmd == "all":
        run_all(ns, [] if ns.render else ns.parts)
    else:
        PARTS[ns.cmd][1](ns, Path(ns.out))


if __name__ == "__main__":
    main()
