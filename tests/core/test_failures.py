"""Every failure is one line on standard error and exit status 2, with nothing written.

Each test runs the real command line in this process on small files made in ``tmp_path`` and
checks the whole contract: status 2, exactly one line on standard error that names the file, key
or line at fault, nothing on standard output, and no file left behind (the directory holds what
it held before). One parametrised test per class of failure: write failures, malformed combo and
paraphrase models, unreadable inputs (devices, directories, bad UTF-8), inconsistent meta
data, impossible numbers, non-finite options and options that would otherwise do nothing.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import random
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.io.mtme import read_mtme
from mtmetrics_meta.combination import CombinationModel, Feature
from tests.cli import run_cli
from tests.datapaths import ROOT

EX = ROOT / "examples"
REF, HYP = str(EX / "ref.0.en"), str(EX / "hyp.en")
HAVE_DEV = os.path.exists("/dev/full") and os.path.exists("/dev/zero")
needs_dev = pytest.mark.skipif(not HAVE_DEV, reason="needs /dev/full and /dev/zero")

WORDS = ["the", "a", "cat", "dog", "sat", "on", "mat", "house", "red", "blue", "big", "small", "went", "home"]


# ------------------------------------------------------------------------------ helpers
def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def _one_line(code: int, out: str, err: str, names: tuple[str, ...]) -> str:
    assert code == 2, (code, err)
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("mtmetrics: error: "), err
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


def fails(root: Path, args: list[str], *names: str) -> str:
    """Run ``mtmetrics ARGS`` from ``root``; check the failure contract; return the error line."""
    before = _tree(root)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        code, out, err = run_cli(*args)
    finally:
        os.chdir(cwd)
    line = _one_line(code, out, err, names)
    assert _tree(root) == before, sorted(_tree(root) ^ before)
    return line


Case = Callable[[Path, str], tuple[list[str], tuple[str, ...]]]


def fails_case(root: Path, build: Case, name: str) -> str:
    """:func:`fails` on case ``name`` of ``build``, which writes its files under ``root`` and returns
    the command's arguments and what the message must name."""
    args, names = build(root, name)
    return fails(root, args, *names)


def table(path: Path, rows: int = 8, systems: str = "ABC", human: Callable[[int], float] | None = None) -> Path:
    """A judged table: system, sid, hyp, ref, z (random words, seeded)."""
    rng = random.Random(7)
    lines = ["system\tsid\thyp\tref\tz"]
    k = 0
    for s in systems:
        for i in range(1, rows + 1):
            hyp = " ".join(rng.choice(WORDS) for _ in range(6))
            ref = " ".join(rng.choice(WORDS) for _ in range(6))
            z = human(k) if human else round(rng.gauss(0, 1), 3)
            lines.append(f"{s}\t{i}\t{hyp}\t{ref}\t{z}")
            k += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def combo_doc() -> dict[str, Any]:
    """A valid combination model over chrF and BLEUS (the features' signatures as they are now)."""
    specs = ("chrf", "bleus")
    features = tuple(Feature(s, str(mtmetrics.load_metric(s).signature("1"))) for s in specs)
    doc: dict[str, Any] = json.loads(CombinationModel(features, (0.5, 0.5)).to_json())
    return doc


def write_json(path: Path, doc: Any) -> Path:
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


@contextlib.contextmanager
def stdout_to(stream: Any) -> Iterator[io.StringIO]:
    err = io.StringIO()
    with redirect_stdout(stream), redirect_stderr(err):
        yield err


# ------------------------------------------------------------------------------ write failures
def _broken_pipe() -> Any:
    r, w = os.pipe()
    os.close(r)
    return os.fdopen(w, "w")


STDOUT_FAILURES: dict[str, Callable[[], Any]] = {
    "closed": lambda: None,
    "broken-pipe": _broken_pipe,
}
if HAVE_DEV:
    STDOUT_FAILURES["full"] = lambda: open("/dev/full", "w")  # noqa: SIM115 - closed below


@pytest.mark.parametrize("kind", list(STDOUT_FAILURES))
@pytest.mark.parametrize(
    "args",
    [[REF, "-i", HYP, "-m", "bleu"], ["list"], ["meta", "compare", "--values", "0.5", "0.4", "0.3", "100"]],
    ids=["score", "list", "meta"],
)
def test_standard_output_failures(kind: str, args: list[str]) -> None:
    stream = STDOUT_FAILURES[kind]()
    try:
        with stdout_to(stream) as err:
            code = main(args)
    finally:
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    if kind == "broken-pipe":  # the reader went away (| head): quiet, as Unix tools are
        assert (code, err.getvalue()) == (141, "")
        return
    _one_line(code, "", err.getvalue(), ("standard output",))


def _write_cases(tmp: Path) -> list[tuple[list[str], tuple[str, ...]]]:
    t = str(table(tmp / "t.tsv"))
    corpus = tmp / "c.en"
    corpus.write_text("the cat\nthe dog\n", encoding="utf-8")
    pivot = tmp / "c.fr"
    pivot.write_text("le chat\nle chien\n", encoding="utf-8")
    (tmp / "exists").write_text("x", encoding="utf-8")
    (tmp / "adir").mkdir()
    cases: list[tuple[list[str], tuple[str, ...]]] = []
    for target, why in (("missing/out", "does not exist"), ("adir", "directory")):
        cases += [
            (["meta", "report", t, "-m", "bleu", "--bootstrap-n", "0", "-o", target], (target, why)),
            (["meta", "mct", t, "-m", "bleu", "chrf", "--no-loso", "-o", target], (target, why)),
            (["meta", "regress", t, "-m", "bleu", "chrf", "-o", target], (target, why)),
            (["similarity", "train", "--english", str(corpus), "--pivot", str(pivot), "-o", target], (target, why)),
        ]
    cases += [
        (["meta", "correlate", t, "-m", "bleu", "--save-scores", "exists"], ("--save-scores", "exists")),
        (["paraphrase", "train", t, "--models", "B", "-o", "exists"], ("exists", "not a directory")),
        (["paraphrase", "evaluate", "adir", t, "-o", "adir"], ("adir", "directory")),
        (["meta", "report", t, "-m", "bleu", "--bootstrap-n", "0", "--plot", "exists"], ("--plot", "exists")),
    ]
    if HAVE_DEV:
        cases += [
            (["meta", "report", t, "-m", "bleu", "--bootstrap-n", "0", "-o", "/dev/full"], ("/dev/full",)),
            # the report goes to standard output only once its JSON is written
            (["meta", "report", t, "-m", "bleu", "--bootstrap-n", "0", "--json", "/dev/full"], ("/dev/full",)),
            (["meta", "mct", t, "-m", "bleu", "chrf", "--no-loso", "-o", "/dev/full"], ("/dev/full",)),
            (
                ["similarity", "train", "--english", str(corpus), "--pivot", str(pivot), "-o", "/dev/full", "-q"],
                ("/dev/full",),
            ),
        ]
    return cases


WRITE_IDS = [
    *(f"{c}-{w}" for w in ("missing-dir", "onto-dir") for c in ("report", "mct", "regress", "similarity")),
    "save-scores-existing",
    "paraphrase-train-onto-file",
    "paraphrase-evaluate-onto-dir",
    "plot-onto-file",
    *(["report-full", "report-json-full", "mct-full", "similarity-full"] if HAVE_DEV else []),
]


@pytest.mark.parametrize("case", range(len(WRITE_IDS)), ids=WRITE_IDS)
def test_write_failures(tmp_path: Path, case: int) -> None:
    args, names = _write_cases(tmp_path)[case]
    fails(tmp_path, args, *names)


# ------------------------------------------------------------------------------ combo models
def _combo(tmp: Path, name: str) -> tuple[str, tuple[str, ...]]:
    """Write malformed model ``name``; return the -m spec and what the message must name."""
    doc = combo_doc()
    m = tmp / "m.json"
    if name == "not-json":
        write_json(m, "{")
        return f"combo:model={m}", ("m.json", "not JSON")
    if name == "not-utf8":
        m.write_bytes(b'{"format": "\xff"}')
        return f"combo:model={m}", ("m.json", "UTF-8")
    if name == "list":
        write_json(m, [doc])
        return f"combo:model={m}", ("m.json", "format")
    if name == "deep":
        write_json(m, "[" * 100_000 + "]" * 100_000)
        return f"combo:model={m}", ("m.json", "nested")
    if name == "dir":
        (tmp / "d.json").mkdir()
        return f"combo:model={tmp / 'd.json'}", ("d.json", "directory")
    if name == "self":
        doc["features"][0] = {"spec": "combo:model=m.json", "signature": "x", "sign": 1}
        write_json(m, doc)
        return f"combo:model={m}", ("features[0]", "itself")
    if name == "nested":
        for k in range(6):
            inner = combo_doc()
            inner["features"][0] = {"spec": f"combo:model=n{k + 1}.json", "signature": "x", "sign": 1}
            write_json(tmp / f"n{k}.json", inner)
        write_json(tmp / "n6.json", combo_doc())
        return f"combo:model={tmp / 'n0.json'}", ("nested more than",)
    if name == "dev-zero-inside":
        doc["features"][0] = {"spec": "sia:similarity=/dev/zero", "signature": "x", "sign": 1}
        write_json(m, doc)
        return f"combo:model={m}", ("features[0]", "/dev/zero", "absolute")
    mutate: dict[str, tuple[Callable[[dict[str, Any]], None], tuple[str, ...]]] = {
        "format": (lambda d: d.update(format="mtmetrics-combo/9"), ("format",)),
        "no-features": (lambda d: d.pop("features"), ('"features"', "missing")),
        "no-weights": (lambda d: d.pop("weights"), ('"weights"', "missing")),
        "features-type": (lambda d: d.update(features="chrf"), ('"features"',)),
        "spec-missing": (lambda d: d["features"][1].pop("spec"), ('"features[1].spec"', "missing")),
        "spec-type": (lambda d: d["features"][0].update(spec=3), ('"features[0].spec"',)),
        "sign": (lambda d: d["features"][0].update(sign=2), ('"features[0].sign"',)),
        "weight-type": (lambda d: d["weights"].__setitem__(1, "1"), ('"weights[1]"', "finite number")),
        "weights-count": (lambda d: d["weights"].append(1.0), ("2 features but 3 weights",)),
        "unknown-metric": (lambda d: d["features"][1].update(spec="nosuchmetric"), ("features[1]", "nosuchmetric")),
        "bad-param": (lambda d: d["features"][0].update(spec="chrf:nosuch=1"), ("features[0]", "nosuch")),
        "kind": (lambda d: d.update(kind=[1]), ('"kind"',)),
        "training": (lambda d: d.update(training=3), ('"training"',)),
    }
    if name in mutate:
        change, names = mutate[name]
        change(doc)
        write_json(m, doc)
        return f"combo:model={m}", ("m.json", *names)
    text = json.dumps(doc)
    if name == "nan-weight":
        write_json(m, text.replace('"weights": [0.5, 0.5]', '"weights": [NaN, 0.5]'))
        return f"combo:model={m}", ("m.json", "NaN")
    if name == "inf-intercept":
        write_json(m, text.replace('"intercept": 0.0', '"intercept": Infinity'))
        return f"combo:model={m}", ("m.json", "Infinity")
    raise AssertionError(name)


COMBO_CASES = [
    "not-json",
    "not-utf8",
    "list",
    "deep",
    "dir",
    "self",
    "nested",
    "format",
    "no-features",
    "no-weights",
    "features-type",
    "spec-missing",
    "spec-type",
    "sign",
    "weight-type",
    "weights-count",
    "unknown-metric",
    "bad-param",
    "kind",
    "training",
    "nan-weight",
    "inf-intercept",
    "dev-zero-inside",
]


@pytest.mark.parametrize("name", COMBO_CASES)
def test_malformed_combo_models(tmp_path: Path, name: str) -> None:
    spec, names = _combo(tmp_path, name)
    fails(tmp_path, [REF, "-i", HYP, "-m", spec], *names)


def test_combo_paths_inside_a_model_are_relative_to_it(tmp_path: Path) -> None:
    """A feature naming ``inner.json`` reads the file beside the model, wherever the command runs."""
    sub = tmp_path / "models"
    sub.mkdir()
    write_json(sub / "inner.json", combo_doc())
    inner = mtmetrics.load_metric("combo", model=str(sub / "inner.json"))
    outer = CombinationModel((Feature("combo:model=inner.json", str(inner.signature("1"))),), (1.0,))
    write_json(sub / "outer.json", outer.to_json())
    code, out, err = run_cli(REF, "-i", HYP, "-m", f"combo:model={sub / 'outer.json'}", "-b")
    assert (code, err) == (0, "")
    code2, out2, _ = run_cli(REF, "-i", HYP, "-m", f"combo:model={sub / 'inner.json'}", "-b")
    assert code2 == 0 and out == out2


def test_combo_languages_are_checked_before_its_features_load(tmp_path: Path) -> None:
    """A model containing METEOR is refused on ``-l en-de`` from the model's feature list, before
    any feature is built (METEOR would load WordNet first)."""
    import sys

    meteor = next(p for p in mtmetrics.plugins.REGISTRY.metric_class("meteor").params if p.name == "modules")
    assert meteor.default  # the default modules need English resources
    feature = Feature("meteor", "METEOR|nrefs:1")  # never compared: the refusal comes first
    write_json(tmp_path / "m.json", CombinationModel((feature,), (1.0,)).to_json())
    loaded_before = "nltk.corpus" in sys.modules and hasattr(sys.modules["nltk.corpus"], "wordnet")
    line = fails(tmp_path, [REF, "-i", HYP, "-m", f"combo:model={tmp_path / 'm.json'}", "-l", "en-de"], "combo", "de")
    assert "meteor" in line and "cover en only" in line
    if not loaded_before:
        assert "nltk.corpus.reader.wordnet" not in sys.modules


# ------------------------------------------------------------------------------ paraphrase models
def _para_doc() -> dict[str, Any]:
    return {
        "name": "B",
        "features": ["BLEU"],
        "coefficients": [0.01],
        "intercept": 0.0,
        "train_r": 0.3,
        "n_train": 24,
        "candidates": ["BLEU"],
        "steps": [],
        "trained_on": {},
        "signatures": {"bleus": str(mtmetrics.load_metric("bleus").signature("1"))},
        "format": "mtmetrics-paraphrase-model/1",
    }


PARA_CASES: dict[str, tuple[Callable[[dict[str, Any]], Any], tuple[str, ...]]] = {
    "not-json": (lambda d: "{", ("B.json", "not JSON")),
    "format": (lambda d: {**d, "format": "x"}, ("B.json", "format")),
    "missing-key": (lambda d: {k: v for k, v in d.items() if k != "intercept"}, ('"intercept"', "missing")),
    "unknown-key": (lambda d: {**d, "extra": 1}, ('"extra"',)),
    "bad-name": (lambda d: {**d, "name": "BX"}, ('"name"',)),
    "unknown-feature": (lambda d: {**d, "features": ["TER"]}, ('"features"', "TER")),
    "coefficients-count": (lambda d: {**d, "coefficients": [1.0, 2.0]}, ('"coefficients"',)),
    "nan": (lambda d: json.dumps(d).replace('"intercept": 0.0', '"intercept": NaN'), ("B.json", "NaN")),
    "signature": (
        lambda d: {**d, "signatures": {"bleus": "BLEUS|nrefs:1|case:other"}},
        ("model B", "bleus", "signature"),
    ),
}


@pytest.mark.parametrize("name", list(PARA_CASES))
def test_malformed_paraphrase_models(tmp_path: Path, name: str) -> None:
    change, names = PARA_CASES[name]
    models = tmp_path / "models"
    models.mkdir()
    write_json(models / "B.json", change(_para_doc()))
    t = table(tmp_path / "t.tsv")
    fails(tmp_path, ["paraphrase", "evaluate", "models", str(t), "-q"], *names)


def test_paraphrase_train_writes_strict_json(tmp_path: Path) -> None:
    """Constant predictions (no feature selected) give ``"train_r": null``, never ``NaN``."""
    t = table(tmp_path / "t.tsv")
    out = str(tmp_path / "m")
    code, _, err = run_cli("paraphrase", "train", str(t), "--models", "B", "--p-enter", "1e-12", "-o", out, "-q")
    assert code == 0, err
    text = (tmp_path / "m" / "B.json").read_text(encoding="utf-8")

    def refuse(name: str) -> None:
        raise ValueError(name)

    doc = json.loads(text, parse_constant=refuse)
    assert doc["features"] == [] and doc["train_r"] is None


# ------------------------------------------------------------------------------ unreadable inputs
def _unreadable(tmp: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    t = table(tmp / "t.tsv")
    bad = tmp / "bad.tsv"
    bad.write_bytes(b"system\tscore\nA\t1.0\nB\t\xff2\n")
    if name == "table-dev-zero":
        return ["meta", "correlate", "/dev/zero", "-m", "bleu"], ("/dev/zero", "not a regular file")
    if name == "table-dir":
        return ["meta", "correlate", str(tmp), "-m", "bleu", "--lp", "xx-en"], (str(tmp),)
    if name == "table-utf8":
        return ["meta", "correlate", str(bad), "-m", "bleu"], ("bad.tsv:3", "UTF-8")
    if name == "system-human-utf8":
        return ["meta", "correlate", str(t), "-m", "bleu", "--system-human", str(bad)], ("bad.tsv:3", "UTF-8")
    if name == "system-human-dev-zero":
        return ["meta", "correlate", str(t), "-m", "bleu", "--system-human", "/dev/zero"], ("/dev/zero",)
    if name == "system-human-dir":
        return ["meta", "correlate", str(t), "-m", "bleu", "--system-human", str(tmp)], (str(tmp), "directory")
    if name == "scores-file-utf8":
        (tmp / "s.seg.score").write_bytes(b"A\t1\n" + b"A\t\xff\n")
        return ["meta", "correlate", str(t), "-m", f"file:{tmp / 's.seg.score'}"], ("s.seg.score:2", "UTF-8")
    if name == "combo-dev-zero":
        return [REF, "-i", HYP, "-m", "combo:model=/dev/zero"], ("/dev/zero", "not a regular file")
    if name == "sia-dev-zero":
        return [REF, "-i", HYP, "-m", "sia:similarity=/dev/zero"], ("/dev/zero", "not a regular file")
    if name == "alignment-dev-zero":
        return (
            [REF, "-i", HYP, "--src", HYP, "-m", "sscn", "--align-hyp", "/dev/zero", "--align-ref", "/dev/zero"],
            ("/dev/zero", "not a regular file"),
        )
    if name == "hyp-dev-zero":
        return [REF, "-i", "/dev/zero", "-m", "bleu"], ("/dev/zero:1", "longer than")
    if name == "nbest-dev-zero":
        return ["meta", "orange", "/dev/zero", REF, str(EX / "ref.1.en"), "-m", "bleu"], ("/dev/zero:1", "longer than")
    if name == "paraphrase-model-dev-zero":
        (tmp / "models").mkdir()
        os.symlink("/dev/zero", tmp / "models" / "B.json")
        return ["paraphrase", "evaluate", str(tmp / "models"), str(t)], ("B.json", "symbolic link")
    raise AssertionError(name)


UNREADABLE = [
    "table-utf8",
    "system-human-utf8",
    "system-human-dir",
    "scores-file-utf8",
]
UNREADABLE_DEV = [
    "table-dev-zero",
    "system-human-dev-zero",
    "combo-dev-zero",
    "sia-dev-zero",
    "alignment-dev-zero",
    "paraphrase-model-dev-zero",
    "hyp-dev-zero",
    "nbest-dev-zero",
]


@pytest.mark.parametrize("name", [*UNREADABLE, *(pytest.param(n, marks=needs_dev) for n in UNREADABLE_DEV)])
def test_unreadable_inputs(tmp_path: Path, name: str) -> None:
    fails_case(tmp_path, _unreadable, name)


# ------------------------------------------------------------------------------ inconsistent meta data
def _mtme(root: Path, short: bool = False, long: bool = False) -> Path:
    n = 5
    rng = random.Random(3)
    (root / "sources").mkdir(parents=True)
    (root / "references").mkdir()
    (root / "system-outputs" / "xx-en").mkdir(parents=True)
    (root / "human-scores").mkdir()

    def text() -> str:
        return "".join(" ".join(rng.choice(WORDS) for _ in range(5)) + "\n" for _ in range(n))

    (root / "sources" / "xx-en.txt").write_text(text(), encoding="utf-8")
    for ref in ("refB", "refA"):
        (root / "references" / f"xx-en.{ref}.txt").write_text(text(), encoding="utf-8")
    lines = []
    for system in ("S1", "S2", "S3"):
        (root / "system-outputs" / "xx-en" / f"{system}.txt").write_text(text(), encoding="utf-8")
        count = n - 1 if short and system == "S2" else n + 1 if long and system == "S2" else n
        lines += [f"{system}\t{rng.random():.3f}" for _ in range(count)]
    (root / "human-scores" / "xx-en.seg.score").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _inconsistent(tmp: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    t = table(tmp / "t.tsv")
    if name == "duplicate-row":
        text = t.read_text(encoding="utf-8").splitlines()
        dup = tmp / "dup.tsv"
        dup.write_text("\n".join([*text, text[3]]) + "\n", encoding="utf-8")
        return ["meta", "correlate", str(dup), "-m", "bleu"], ("dup.tsv", "row 25 repeats row 3")
    if name == "duplicate-system":
        sh = tmp / "sys.tsv"
        # a blank line counts: the message names the file's own line number
        sh.write_text("system\tscore\n\nA\t1\nB\t2\nA\t3\n", encoding="utf-8")
        return ["meta", "correlate", str(t), "-m", "bleu", "--system-human", str(sh)], ("sys.tsv:5", "'A'")
    if name in ("mtme-short", "mtme-long"):
        root = _mtme(tmp / "mtme", short=name == "mtme-short", long=name == "mtme-long")
        n = "4" if name == "mtme-short" else "6"
        return (
            ["meta", "correlate", str(root), "--lp", "xx-en", "-m", "bleu"],
            ("xx-en.seg.score", "'S2'", f"{n} scores"),
        )
    if name in ("scores-file-short", "scores-file-long"):
        count = 7 if name == "scores-file-short" else 9
        lines = [f"{s}\t0.5" for s in "ABC" for _ in range(count if s == "B" else 8)]
        (tmp / "m.seg.score").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return (
            ["meta", "correlate", str(t), "-m", f"file:{tmp / 'm.seg.score'}"],
            ("m.seg.score", "'B'", f"{count} scores"),
        )
    if name == "regress-two-rows":
        small = table(tmp / "small.tsv", rows=1, systems="AB")
        return ["meta", "regress", str(small), "-m", "bleu", "chrf"], ("at least 3",)
    if name == "mct-constant-human":
        flat = table(tmp / "flat.tsv", human=lambda k: 0.5)
        return ["meta", "mct", str(flat), "-m", "bleu", "chrf", "-o", "model.json"], ("constant",)
    values = {
        "values-inf": ["0.5", "inf", "0.3", "100"],
        "values-nan": ["nan", "0.4", "0.3", "100"],
        "values-above-one": ["1.5", "0.4", "0.3", "100"],
        "values-small-n": ["0.5", "0.4", "0.3", "3"],
        "values-fraction-n": ["0.5", "0.4", "0.3", "10.5"],
        "values-impossible": ["0.9", "-0.9", "0.9", "100"],
    }
    return ["meta", "compare", "--values", *values[name]], ("--values",)


INCONSISTENT = [
    "duplicate-row",
    "duplicate-system",
    "mtme-short",
    "mtme-long",
    "scores-file-short",
    "scores-file-long",
    "regress-two-rows",
    "mct-constant-human",
    "values-inf",
    "values-nan",
    "values-above-one",
    "values-small-n",
    "values-fraction-n",
    "values-impossible",
]


@pytest.mark.parametrize("name", INCONSISTENT)
def test_inconsistent_meta_data(tmp_path: Path, name: str) -> None:
    fails_case(tmp_path, _inconsistent, name)


def test_mtme_references_keep_their_named_order(tmp_path: Path) -> None:
    root = _mtme(tmp_path / "mtme")
    assert read_mtme(root, "xx-en").columns.refs == ("ref_refA", "ref_refB")
    assert read_mtme(root, "xx-en", refs=["refB", "refA"]).columns.refs == ("ref_refB", "ref_refA")
    assert read_mtme(root, "xx-en", refs=["ref_refB", "ref_refA"]).columns.refs == ("ref_refB", "ref_refA")


# ------------------------------------------------------------------------------ options
def _options(tmp: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    t = str(table(tmp / "t.tsv"))
    score = [REF, "-i", HYP]
    cases: dict[str, tuple[list[str], tuple[str, ...]]] = {
        "disable-unknown-plugin": ([*score, "--disable-plugin", "mtmetrics_clasic"], ("mtmetrics_clasic",)),
        "unused-annotation": ([*score, "-m", "bleu", "--annotation", "hyp_pos", HYP], ("hyp_pos",)),
        "seed-without-test": ([*score, "-m", "bleu", "--seed", "3"], ("--seed",)),
        "cin-without-ci": ([*score, "-m", "bleu", "-cin", "50"], ("-cin",)),
        "pbsn-without-pbs": ([*score, REF, "-m", "bleu", "-ci", "-pbsn", "50"], ("-pbsn",)),
        "parn-without-par": ([*score, REF, "-m", "bleu", "-pbs", "-parn", "50"], ("-parn",)),
        "repeated-inline-key": ([*score, "-m", "bleu:tokenize=13a,tokenize=intl"], ("tokenize", "twice")),
        "repeated-inline-key-meta": (["meta", "correlate", t, "-m", "chrf:beta=1,beta=3"], ("beta", "twice")),
        "nan-float-option": (["paraphrase", "train", t, "-o", "m", "--p-enter", "nan"], ("--p-enter", "nan")),
        "inf-float-option": (["meta", "compare", "--values", "0.1", "0.2", "0.3", "inf"], ("--values", "inf")),
    }
    return cases[name]


OPTIONS = [
    "disable-unknown-plugin",
    "unused-annotation",
    "seed-without-test",
    "cin-without-ci",
    "pbsn-without-pbs",
    "parn-without-par",
    "repeated-inline-key",
    "repeated-inline-key-meta",
    "nan-float-option",
    "inf-float-option",
]


@pytest.mark.parametrize("name", OPTIONS)
def test_options_that_would_do_nothing_or_give_nan(tmp_path: Path, name: str) -> None:
    fails_case(tmp_path, _options, name)


def test_align_refuses_a_nan_prior(tmp_path: Path) -> None:
    pytest.importorskip("mtmetrics_source")
    src = tmp_path / "s"
    src.write_text("a b\n", encoding="utf-8")
    fails(tmp_path, ["align", str(src), str(src), "-o", "out", "--null-prior", "nan"], "--null-prior", "nan")


def test_json_files_never_hold_nan() -> None:
    """The combination model writer maps undefined numbers to null; strict parsing reads it back."""
    features = (Feature("chrf", "sig"),)
    model = CombinationModel(features, (1.0,), extra={"training_r": math.nan})
    doc = json.loads(model.to_json(), parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    assert doc["training_r"] is None
