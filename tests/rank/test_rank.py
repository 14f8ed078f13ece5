"""``mtmetrics rank``: all pairs from statistics computed once, corrected, clustered.

Oracles: sacrebleu's own ``PairedTest`` (same seed, same draws) on real WMT21 de-en text for every
pair, a direct numpy re-implementation of the paired bootstrap for scores read from files, and the
numerics' own tests (tests/stats/test_corrections.py) for the corrections and the cluster rule.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from sacrebleu.significance import PairedTest

from mtmetrics import load_metric
from mtmetrics.stats.corrections import adjust
from mtmetrics.version import __version__
from mtmetrics_rank.rank import score_systems
from tests.cli import run_cli
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
SYSTEMS = ("Online-A", "UEdin", "Facebook-AI")


@cache
def texts(n: int = 400) -> tuple[dict[str, list[str]], list[str]]:
    out = "newstest2021.de-en.hyp.{}.en.gz"
    hyps = {s: read_text(require(TXT / "system-outputs" / out.format(s)))[:n] for s in SYSTEMS}
    ref = read_text(TXT / "references" / "newstest2021.de-en.ref.A.en")[:n]
    return hyps, ref


def _files(tmp: Path, n: int = 400) -> tuple[str, list[str]]:
    hyps, ref = texts(n)
    (tmp / "ref.txt").write_text("".join(x + "\n" for x in ref), encoding="utf-8")
    paths = []
    for name, lines in hyps.items():
        (tmp / name).write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        paths.append(str(tmp / name))
    return str(tmp / "ref.txt"), paths


@pytest.fixture
def seed_env() -> Iterator[None]:
    old = os.environ.get("SACREBLEU_SEED")
    yield
    if old is None:
        os.environ.pop("SACREBLEU_SEED", None)
    else:
        os.environ["SACREBLEU_SEED"] = old


#: sacrebleu's class of each metric name
SACRE: dict[str, Any] = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}


@cache
def _sacre_statistics(name: str, hyps: tuple[str, ...], ref: tuple[str, ...]) -> list[list[float]]:
    """sacrebleu's own segment statistics of ``hyps`` against ``ref`` with its defaults for ``name``,
    extracted once for the module (TER's Python search takes seconds per system and is asked for
    each system under every baseline)."""
    stats: list[list[float]] = SACRE[name](references=[list(ref)])._extract_corpus_statistics(list(hyps), None)
    return stats


def _memoised(name: str) -> Any:
    """sacrebleu's class for ``name``, its statistics from :func:`_sacre_statistics`: sacrebleu's own code, run once."""

    base: Any = SACRE[name]

    class Memoised(base):
        def __init__(self, references: list[list[str]]) -> None:
            super().__init__(references=references)
            self._memo_ref = tuple(references[0]) if len(references) == 1 else None

        def _extract_corpus_statistics(self, hypotheses: Any, references: Any) -> Any:
            if references is not None or self._memo_ref is None:
                return super()._extract_corpus_statistics(hypotheses, references)
            return [list(row) for row in _sacre_statistics(name, tuple(hypotheses), self._memo_ref)]

    return Memoised


def _sacre(baseline: str, name: str, test: str, n: int, seed: int) -> dict[str, float]:
    """sacrebleu's p-value of every other system against ``baseline``."""
    hyps, ref = texts()
    os.environ["SACREBLEU_SEED"] = str(seed)
    make = _memoised(name)
    order = [baseline, *(s for s in SYSTEMS if s != baseline)]
    _, scores = PairedTest([(s, hyps[s]) for s in order], {name: make(references=[ref])}, None, test, n)()
    results = next(v for k, v in scores.items() if k != "System")
    out = {}
    for s, r in zip(order[1:], results[1:], strict=True):
        assert not isinstance(r, str) and r.p_value is not None
        out[s] = float(r.p_value)
    return out


def _rank_json(*args: str) -> Any:
    code, out, err = run_cli("rank", *args, "-f", "json")
    assert code == 0, err
    return json.loads(out)


def _pairs(doc: Any, k: int = 0) -> dict[frozenset[str], Any]:
    metric = doc["metrics"][k]
    return {frozenset((p["a"], p["b"])): p for p in metric["pairs"]}


@pytest.mark.parametrize(
    ("name", "test", "n", "seed"),
    [("bleu", "bs", 1000, 12345), ("chrf", "bs", 500, 7), ("bleu", "ar", 1000, 12345), ("ter", "bs", 300, 3)],
)
def test_every_pair_equals_sacrebleus_paired_test(
    tmp_path: Path, seed_env: None, name: str, test: str, n: int, seed: int
) -> None:
    ref, paths = _files(tmp_path)
    doc = _rank_json(ref, "-i", *paths, "-m", name, "--test", test, "-n", str(n), "--seed", str(seed))
    pairs = _pairs(doc)
    assert len(pairs) == 3
    for baseline in SYSTEMS:  # sacrebleu's -pbs looped over every baseline
        for other, p in _sacre(baseline, name, test, n, seed).items():
            ours = pairs[frozenset((baseline, other))]["p_value"]
            # TER: sacrebleu's tie rule (strictly greater) equals ours on real, different systems
            assert ours["value"] == p and ours["n"] == n, (baseline, other)
    raw = [p["p_value"]["value"] for p in doc["metrics"][0]["pairs"]]
    adjusted = [p["p_adjusted"]["value"] for p in doc["metrics"][0]["pairs"]]
    assert adjusted == pytest.approx(list(adjust(raw, "holm")))


def test_scores_and_signature(tmp_path: Path) -> None:
    ref, paths = _files(tmp_path)
    doc = _rank_json(ref, "-i", *paths, "-m", "bleu", "ter", "--correction", "bh", "-n", "200")
    hyps, refs = texts()
    for k, name in enumerate(("bleu", "ter")):
        metric = doc["metrics"][k]
        scores = {r["system"]: r["score"] for r in metric["ranking"]}
        for s in SYSTEMS:  # sacrebleu's corpus_score step by step, from the statistics extracted once
            expected = SACRE[name]()._aggregate_and_compute(_sacre_statistics(name, tuple(hyps[s]), tuple(refs))).score
            assert scores[s] == pytest.approx(expected, abs=1e-9)
        ordered = [r["score"] for r in metric["ranking"]]
        assert ordered == sorted(ordered, reverse=name == "bleu")
        assert "|bs:200|seed:12345|correction:bh|clusters:any|alpha:0.05|" in metric["signature"]
    assert doc["settings"]["p_floor"] == 1 / 201


def test_input_order_does_not_change_the_ranking(tmp_path: Path) -> None:
    ref, paths = _files(tmp_path, 200)
    a = _rank_json(ref, "-i", *paths, "-m", "chrf", "-n", "300")
    b = _rank_json(ref, "-i", *reversed(paths), "-m", "chrf", "-n", "300")
    assert a["metrics"][0]["ranking"] == b["metrics"][0]["ranking"]
    pa, pb = _pairs(a), _pairs(b)
    assert pa.keys() == pb.keys()
    for key in pa:
        assert pa[key]["p_value"] == pb[key]["p_value"] and pa[key]["p_adjusted"] == pb[key]["p_adjusted"]
        assert abs(pa[key]["delta"]) == abs(pb[key]["delta"])


def _bootstrap_reference(columns: list[np.ndarray], n: int, seed: int) -> dict[tuple[int, int], float]:
    """Paired bootstrap of mean scores, written directly as sacrebleu does it (``x[idx]``)."""
    rng = np.random.default_rng(seed)
    idx = rng.choice(len(columns[0]), size=(n, len(columns[0])), replace=True)
    res = [c[idx].mean(axis=1) for c in columns]
    out = {}
    for i in range(len(columns)):
        for j in range(i + 1, len(columns)):
            diffs = np.abs(res[j] - res[i])
            obs = abs(columns[i].mean() - columns[j].mean())
            out[(i, j)] = ((diffs - diffs.mean() >= obs).sum() + 1) / (n + 1)
    return out


def test_scores_from_files(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    names = ["sysA", "sysB", "sysC", "sysD"]
    cols = [rng.normal(mu, 1.0, size=150) for mu in (0.0, 0.05, 0.4, 0.41)]
    lines = "".join(f"{name}\t{v!r}\n" for name, c in zip(names, cols, strict=True) for v in c.tolist())
    path = tmp_path / "comet.seg.score"
    path.write_text(lines, encoding="utf-8")
    doc = _rank_json("-m", f"file:{path}", "-n", "500", "--seed", "9")
    assert doc["systems"] == names
    metric = doc["metrics"][0]
    assert metric["metric"] == "comet"
    assert hashlib.sha256(lines.encode()).hexdigest() in metric["signature"]
    scores = {r["system"]: r["score"] for r in metric["ranking"]}
    assert scores == {n: pytest.approx(float(c.mean()), abs=1e-12) for n, c in zip(names, cols, strict=True)}
    pairs = _pairs(doc)
    for (i, j), p in _bootstrap_reference(cols, 500, 9).items():
        assert pairs[frozenset((names[i], names[j]))]["p_value"]["value"] == pytest.approx(p, abs=1e-12)
    clusters = {r["system"]: r["cluster"] for r in metric["ranking"]}
    assert clusters["sysD"] == clusters["sysC"] == 1 and clusters["sysA"] == clusters["sysB"] == 2
    # one file per system, one score per line: the same numbers
    for name, c in zip(names, cols, strict=True):
        (tmp_path / f"{name}.comet").write_text("".join(f"{v!r}\n" for v in c.tolist()), encoding="utf-8")
    doc2 = _rank_json("-m", f"file:{tmp_path}/{{system}}.comet", "--names", *names, "-n", "500", "--seed", "9")
    assert [p["p_value"] for p in doc2["metrics"][0]["pairs"]] == [p["p_value"] for p in metric["pairs"]]


def test_scores_from_files_beside_metrics(tmp_path: Path) -> None:
    ref, paths = _files(tmp_path, 100)
    hyps, _ = texts(100)
    for s in SYSTEMS:
        (tmp_path / f"{s}.len").write_text("".join(f"{len(x)}\n" for x in hyps[s]), encoding="utf-8")
    doc = _rank_json(ref, "-i", *paths, "-m", "bleu", f"file:{tmp_path}/{{system}}.len", "-n", "100")
    assert [m["metric"] for m in doc["metrics"]] == ["bleu", "len"]
    length = {r["system"]: r["score"] for r in doc["metrics"][1]["ranking"]}
    assert length["UEdin"] == pytest.approx(np.mean([len(x) for x in hyps["UEdin"]]))


GOLDEN_TEXT = (
    "3 systems, 3 pairs; paired bootstrap, 100 resamples, seed 1; correction: Holm; alpha 0.05\n"
    "clusters: systems ordered by score; walking down, a new cluster starts when any member of the current "
    "cluster is significantly better than the next system (WMT's rule); significantly better: Holm-adjusted "
    "p <= 0.05\n"
    "MDD: minimum detectable difference at 80% power, (z(1-alpha/2) + z(power)) x sd of the resampled differences\n"
    "p-values: (c+1)/(N+1) of N resamples; '<F': no resample was as extreme, F = 1/(N+1) = 0.0099 rounded up\n"
    "\n"
    "toy: toy|nrefs:-|from:file:toy.seg.score#0ef93bb26366e7d172e768dd0b9ce2fcd050ea462e8e81aab415584ccf8b5922"
    "|bs:100|seed:1|correction:holm|clusters:any|alpha:0.05|version:VERSION\n"
    "human accuracy: none, mt-thresholds has published no thresholds for this metric\n"
    "\n"
    "cluster  system   score            95% CI\n"
    "-------  ------  ------  ----------------\n"
    "1          good  0.8000  [0.7500, 0.8500]\n"
    "2          fair  0.7000  [0.6550, 0.7400]\n"
    "2          same  0.7000  [0.6550, 0.7400]\n"
    "\n"
    "A        B      A-B        p  p (holm)  sig     MDD\n"
    "----  ----  -------  -------  --------  ---  ------\n"
    "good  fair  +0.1000  <0.0100    0.0297    *  0.0655\n"
    "good  same  +0.1000  <0.0100    0.0297    *  0.0655\n"
    "fair  same  +0.0000   1.0000    1.0000       0.0000\n"
)


def _toy(tmp_path: Path) -> str:
    rows = []
    for name, base, step in (("good", 0.6, 3), ("fair", 0.5, 1), ("same", 0.5, 1)):
        rows += [f"{name}\t{base + (k * step % 5) / 10:.2f}\n" for k in range(40)]
    path = tmp_path / "toy.seg.score"
    path.write_text("".join(rows), encoding="utf-8")
    return f"file:{path}"


def test_text_markdown_latex(tmp_path: Path) -> None:
    spec = _toy(tmp_path)
    code, out, err = run_cli("rank", "-m", spec, "-n", "100", "--seed", "1")
    assert code == 0, err
    assert out.replace(f"version:{__version__}", "version:VERSION") == GOLDEN_TEXT
    code, md, _ = run_cli("rank", "-m", spec, "-n", "100", "--seed", "1", "-f", "markdown")
    assert code == 0 and "## toy" in md and "| cluster | system | score | 95% CI |" in md and "\\|" in md
    code, tex, _ = run_cli("rank", "-m", spec, "-n", "100", "--seed", "1", "-f", "latex")
    assert code == 0 and tex.count(r"\begin{tabular}") == 2 and "$<$0.0100" in tex
    header = next(x for x in tex.splitlines() if x.startswith("A "))
    assert [c.strip() for c in header.removesuffix(r"\\").split("&")] == [
        "A",
        "B",
        "A-B",
        "p",
        "p (holm)",
        "sig",
        "MDD",
    ]
    code, js, _ = run_cli("rank", "-m", spec, "-n", "100", "--seed", "1", "-f", "json")
    doc = json.loads(js)
    floor_pair = next(p for p in doc["metrics"][0]["pairs"] if p["a"] == "good" and p["b"] == "fair")
    assert floor_pair["p_value"] == {"value": 1 / 101, "n": 100, "at_floor": True}


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out_dir = tmp_path / "plots"
    code, _, err = run_cli("rank", "-m", _toy(tmp_path), "-n", "50", "--plot", str(out_dir))
    assert code == 0, err
    assert sorted(p.name for p in out_dir.iterdir()) == ["rank-toy.png", "rank-toy.svg"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--test", "xx"], "argument --test: invalid choice: 'xx'"),
        (["--correction", "bonferroni"], "argument --correction: invalid choice"),
        (["--clusters", "leader"], "argument --clusters: invalid choice"),
        (["-n", "0"], "-n/--resamples: the value must be in [1, "),
        (["--alpha", "0"], "--alpha: the value must be in"),
        (["--seed", "-1"], "--seed: the value must be"),
        (["-f", "csv"], "argument -f/--format: invalid choice"),
        (["--names", "a"], "--names gives 1 names for 3 -i files"),
        (["--names", "a", "a", "b"], "--names: 'a' is given twice"),
        (["-m", "file:"], "scores computed elsewhere are file:PATH"),
        (["-m", "nosuchmetric"], "nosuchmetric"),
    ],
)
def test_invalid_options_are_one_line_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    ref, paths = _files(tmp_path, 20)
    code, out, err = run_cli("rank", ref, "-i", *paths, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1, err


def test_invalid_inputs_are_one_line_exit_2(tmp_path: Path) -> None:
    ref, paths = _files(tmp_path, 20)
    short = tmp_path / "short"
    short.write_text("one line\n", encoding="utf-8")
    bad = tmp_path / "bad.score"
    bad.write_text("a\t0.5\nb\tnope\n", encoding="utf-8")
    uneven = tmp_path / "uneven.score"
    uneven.write_text("a\t0.5\na\t0.6\nb\t0.1\n", encoding="utf-8")
    cases = [
        ([ref, "-i", paths[0]], "at least two"),
        ([ref, "-i", paths[0], str(short)], f"{short}: 1 lines"),
        (["-i", *paths, "-m", "bleu"], "needs reference files"),
        ([ref, "-i", paths[0], paths[0]], "is given twice to -i"),
        (["-m", f"file:{bad}"], f"{bad}:2: 'nope' is not a number"),
        (["-m", f"file:{uneven}"], "system 'b' has 1 scores, expected 2"),
        (["-m", "bleu"], "no systems: give -i SYS1 SYS2"),
        (["--names", "a", "b", "-m", "bleu"], "--names names the -i files: give -i too"),
        ([ref, "-i", *paths, "-m", f"file:{uneven}"], "reference files are given but every metric is a file"),
        (["-i", *paths, "-m", f"file:{tmp_path}/{{system}}.none"], "no scores file"),
        ([ref, "-i", paths[0], str(tmp_path / "missing")], "missing: no such file"),
        ([ref, "-i", *paths, "--plot", ref], "--plot " + ref + ": exists and is not a directory"),
    ]
    for args, message in cases:
        code, out, err = run_cli("rank", *args)
        assert code == 2 and out == "", args
        assert message in err and err.count("\n") == 1, (args, err)


def test_listed_in_the_command_tree() -> None:
    code, out, _ = run_cli("--help")
    assert code == 0 and "rank" in out and "significance clusters" in out


def test_one_pass_equals_scoring_each_system_alone() -> None:
    """``score_systems`` (every system and metric through one run of the engine, ``jobs`` workers)
    gives each system the statistics and signature of :meth:`Scorer.statistics` on it alone."""
    hyps, ref = texts()
    specs = ("bleu", "chrf", "ter")
    inputs = score_systems([load_metric(s) for s in specs], specs, list(hyps.values()), [ref], jobs=2)
    assert [m.label for m in inputs] == list(specs)
    for spec, m in zip(specs, inputs, strict=True):
        alone = load_metric(spec)
        for system, stats in zip(SYSTEMS, m.statistics, strict=True):
            expected = alone.statistics(hyps[system], [ref])
            assert stats.names == expected.names and stats.nrefs == expected.nrefs == "1"
            assert np.array_equal(stats.array, expected.array), (spec, system)
        assert m.signature == alone.get_signature()


def test_segment_limit_names_file_and_line_and_the_option_raises_it(tmp_path: Path) -> None:
    """A line over a metric's limit is refused as in scoring (file:line, and --max-segment-tokens, which
    rank has); the option scores it, with the scores of a run that never had a limit (0)."""
    ref = tmp_path / "ref"
    ref.write_text("a b c\nd e\nf\n", encoding="utf-8")
    long_sys, other = tmp_path / "long", tmp_path / "other"
    long_sys.write_text("a\n" + "x " * 600 + "\nf\n", encoding="utf-8")
    other.write_text("a b\nd e\nf\n", encoding="utf-8")
    args = [str(ref), "-i", str(other), str(long_sys), "-m", "meteor", "-n", "20"]
    code, out, err = run_cli("rank", *args)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"{long_sys}:2: 600 13a tokens, more than the 500 that meteor accepts" in err
    assert "raise the limit with --max-segment-tokens N (0: none)" in err
    code, _, err = run_cli("rank", *args, "--max-segment-tokens", "550")
    assert code == 2 and f"{long_sys}:2: 600 13a tokens, more than the 550" in err
    raised, unlimited = (_rank_json(*args, "--max-segment-tokens", n) for n in ("600", "0"))
    assert raised == unlimited and raised["metrics"][0]["ranking"][0]["system"] == "other"
    code, score_out, _ = run_cli(str(ref), "-i", str(long_sys), "-m", "meteor", "--max-segment-tokens", "0", "-b")
    assert code == 0
    long_score = next(r["score"] for r in raised["metrics"][0]["ranking"] if r["system"] == "long")
    assert float(score_out) == pytest.approx(long_score, abs=5e-5)


def test_metric_options_shared_with_scoring(tmp_path: Path) -> None:
    """-tok and -lc mean in rank what they mean in scoring: the same metric, the same score and signature."""
    ref, paths = _files(tmp_path, 50)
    doc = _rank_json(ref, "-i", *paths, "-m", "bleu", "-tok", "char", "-lc", "-n", "10")
    sig = doc["metrics"][0]["signature"]
    code, out, _ = run_cli(ref, "-i", paths[0], "-m", "bleu", "-tok", "char", "-lc", "-b", "-w", "12")
    assert code == 0 and "|tok:char|" in sig and "|case:lc|" in sig
    ours = next(r["score"] for r in doc["metrics"][0]["ranking"] if r["system"] == Path(paths[0]).name)
    assert float(out) == pytest.approx(ours, abs=1e-11)


def test_one_score_per_line_files_are_read_as_tables_are(tmp_path: Path) -> None:
    """``{system}`` files go through the same reader as SYSTEM<TAB>SCORE files: a bad line is named."""
    (tmp_path / "a.s").write_text("0.5\n0.25\n", encoding="utf-8")
    (tmp_path / "b.s").write_text("0.5\nnope\n", encoding="utf-8")
    (tmp_path / "c.s").write_text("0.5\n\n", encoding="utf-8")
    for bad, message in (("b", "b.s:2: 'nope' is not a number"), ("c", "c.s:2: '' is not a number")):
        code, out, err = run_cli("rank", "-m", f"file:{tmp_path}/{{system}}.s", "--names", "a", bad)
        assert code == 2 and out == "" and message in err and err.count("\n") == 1, err


def test_human_accuracy_from_mt_thresholds(tmp_path: Path) -> None:
    """Beside each pair's p-value, mt-thresholds' own ``accuracy`` of |A-B| for the metrics it has published
    thresholds for (sacrebleu's default BLEU and chrF); none, and the reason, for the others."""
    mt_thresholds = pytest.importorskip("mt_thresholds")
    ref, paths = _files(tmp_path, 200)
    doc = _rank_json(ref, "-i", *paths, "-m", "bleu", "chrf", "ter", "chrf:word_order=2", "-n", "20")
    for metric, name in zip(doc["metrics"], ("bleu", "chrf", None, None), strict=True):
        assert metric["human_accuracy"]["thresholds"] == name
        for p in metric["pairs"]:
            if name is None:
                assert p["human_accuracy"] is None
            else:
                expected = mt_thresholds.accuracy(abs(p["delta"]), name) / 100
                assert p["human_accuracy"] == pytest.approx(expected, rel=1e-12) and 0 < expected < 1
    assert "no thresholds" in doc["metrics"][2]["human_accuracy"]["note"]
    for fmt, header in (("text", "human acc"), ("markdown", "| human acc |"), ("latex", "& human acc &")):
        code, out, err = run_cli("rank", ref, "-i", *paths, "-m", "bleu", "ter", "-n", "20", "-f", fmt)
        assert code == 0, err
        bleu, ter = out.split({"text": "\nter: ", "markdown": "## ter", "latex": "% ter:"}[fmt], 1)
        assert header in bleu and "human acc" not in ter.replace("human accuracy", ""), fmt
        assert "mt-thresholds" in bleu and "published no thresholds" in ter
        first = doc["metrics"][0]["pairs"][0]["human_accuracy"]
        assert f"{first:.1%}".replace("%", "\\%" if fmt == "latex" else "%") in bleu


def test_human_accuracy_without_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without mt-thresholds installed, the column is left out and the legend says why."""
    import sys

    monkeypatch.setitem(sys.modules, "mt_thresholds", None)  # import raises ImportError
    ref, paths = _files(tmp_path, 50)
    doc = _rank_json(ref, "-i", *paths, "-m", "bleu", "-n", "10")
    assert doc["metrics"][0]["human_accuracy"]["thresholds"] is None
    assert "not installed" in doc["metrics"][0]["human_accuracy"]["note"]
    assert all(p["human_accuracy"] is None for p in doc["metrics"][0]["pairs"])
