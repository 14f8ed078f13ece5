"""The similarity trainer: IBM Model 1 against a literal loop version, eq. 3 by brute force,
deterministic bytes, and the CLI on the real multi30k corpus."""

from __future__ import annotations

import contextlib
import io
import math
from pathlib import Path

import pytest

from mtmetrics.cli import main
from mtmetrics.resources.similarity import load_table
from mtmetrics_sia.train import similarity_entries, table_bytes, train_model1

from ..datapaths import DATA, require

MULTI30K = DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"

EN = [s.split() for s in ["the house", "the book", "a book", "a small house", "the small book"]]
FR = [s.split() for s in ["la maison", "le livre", "un livre", "une petite maison", "le petit livre"]]


def _model1_loops(en: list[list[str]], fr: list[list[str]], iterations: int) -> dict[tuple[str, str], float]:
    """IBM Model 1 EM as in Brown et al. (1993) / Koehn's textbook pseudo-code, with a NULL word."""
    e_vocab = {w for s in en for w in s}
    t: dict[tuple[str, str], float] = {}
    for es, fs in zip(en, fr, strict=True):
        for e in es:
            for f in ["<NULL>", *fs]:
                t[(e, f)] = 1.0 / len(e_vocab)
    for _ in range(iterations):
        count: dict[tuple[str, str], float] = dict.fromkeys(t, 0.0)
        total: dict[str, float] = {}
        for es, fs in zip(en, fr, strict=True):
            fs = ["<NULL>", *fs]
            for e in es:
                z = sum(t[(e, f)] for f in fs)
                for f in fs:
                    c = t[(e, f)] / z
                    count[(e, f)] += c
                    total[f] = total.get(f, 0.0) + c
        t = {(e, f): count[(e, f)] / total[f] for (e, f) in t}
    return t


def test_model1_equals_loop_version() -> None:
    model = train_model1(EN, FR, iterations=4)
    want = _model1_loops(EN, FR, 4)
    got = {(model.english[e], model.pivot[f]): p for e, f, p in zip(model.pe, model.pf, model.prob, strict=True)}
    assert got.keys() == want.keys()
    for k, v in want.items():
        assert got[k] == pytest.approx(v, abs=1e-12)


def test_similarity_is_eq3_top_k_renormalised() -> None:
    model = train_model1(EN, FR, iterations=4)
    t = _model1_loops(EN, FR, 4)
    pivots = {f for (_, f) in t if f != "<NULL>"}
    words = sorted({w for s in EN for w in s})
    top = 3
    entries = similarity_entries(model, top=top, min_prob=0.0)
    for a in words:
        sims = {b: sum(t.get((a, f), 0.0) * t.get((b, f), 0.0) for f in pivots) for b in words}
        best = sorted(((b, v) for b, v in sims.items() if v > 0), key=lambda kv: (-kv[1], kv[0]))[:top]
        z = sum(v for _, v in best)
        got = entries[a]
        assert [b for b, _ in got] == [b for b, _ in best]
        for (_, v), (_, w) in zip(got, best, strict=True):
            assert v == pytest.approx(w / z, abs=1e-12)
        assert math.isclose(sum(v for _, v in got), 1.0)


def test_output_bytes_are_deterministic() -> None:
    one = table_bytes(similarity_entries(train_model1(EN, FR, 3)), ["h"], compress=True)
    two = table_bytes(similarity_entries(train_model1(EN, FR, 3)), ["h"], compress=True)
    assert one == two


def test_cli_on_multi30k(tmp_path: Path) -> None:
    out = tmp_path / "en-via-fr.tsv.gz"
    argv = [
        "similarity", "train", "--english", str(require(MULTI30K / "train.en.gz")),
        "--pivot", str(require(MULTI30K / "train.fr.gz")), "-o", str(out), "--max-lines", "3000",
        "--show", "dog", "-q",
    ]  # fmt: skip
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(argv) == 0
    assert buf.getvalue().startswith("dog: dog ")
    table = load_table(out, 100)
    assert next(iter(table.rows["dog"])) == "dog"
    assert all(len(row) <= 100 for row in table.rows.values())
    again = tmp_path / "again.tsv.gz"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*argv[:7], str(again), *argv[8:]]) == 0
    assert again.read_bytes() == out.read_bytes()


def test_cli_without_subcommand_is_usage_error() -> None:
    with contextlib.redirect_stderr(io.StringIO()):
        assert main(["similarity"]) == 2
