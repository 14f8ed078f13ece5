"""SSCN on real WMT22 ru→en text with eflomal alignments in both directions, through the command line.

eflomal (run here, both directions) writes one Pharaoh file per direction for the hypothesis and the
reference; ``mtmetrics --align-hyp/--align-hyp-rev/--align-ref/--align-ref-rev`` must then give,
for each of the four constraint variants, the per-segment scores of the literal oracle
(:mod:`tests.source.sscn_oracle`) computed from the same files and the raw text.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

from mtmetrics.cli import main
from mtmetrics_source.aligners import EflomalAligner
from mtmetrics_source.alignments import read_pharaoh, tokens, write_pharaoh
from tests.datapaths import DATA, read_text, require
from tests.source.sscn_oracle import oracle

WMT22 = DATA / "dev" / "wmt22-general" / "txt"
N = 200  # the first segments of generaltest2022 ru-en, text as distributed
CONSTRAINTS = ("1", "2", "union", "intersect")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Source, reference, one system's output (first N lines, unchanged) and eflomal's two directions for each."""
    tmp = tmp_path_factory.mktemp("sscn-real")
    texts = {
        "src": read_text(require(WMT22 / "sources" / "generaltest2022.ru-en.src.ru"))[:N],
        "ref": read_text(require(WMT22 / "references" / "generaltest2022.ru-en.ref.A.en"))[:N],
        "hyp": read_text(require(WMT22 / "system-outputs" / "generaltest2022.ru-en.hyp.Online-B.en.gz"))[:N],
    }
    paths = {}
    for name, lines in texts.items():
        paths[name] = tmp / name
        paths[name].write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    src = [tokens(s) for s in texts["src"]]
    als = EflomalAligner().align([*src, *src], [tokens(t) for t in [*texts["hyp"], *texts["ref"]]])
    for name, part in (("hyp", als[:N]), ("ref", als[N:])):
        for direction in ("fwd", "rev"):
            paths[f"{name}.{direction}"] = tmp / f"{name}.{direction}"
            write_pharaoh(paths[f"{name}.{direction}"], [getattr(a, direction) for a in part])
    return paths


def cli(corpus: dict[str, Path], capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    argv = [str(corpus["ref"]), "-i", str(corpus["hyp"]), "--src", str(corpus["src"]), "-f", "json", "-sl", *extra]
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def both_directions(corpus: dict[str, Path]) -> list[str]:
    return [
        *("--align-hyp", str(corpus["hyp.fwd"]), "--align-hyp-rev", str(corpus["hyp.rev"])),
        *("--align-ref", str(corpus["ref.fwd"]), "--align-ref-rev", str(corpus["ref.rev"])),
    ]


def oracle_scores(
    corpus: dict[str, Path], constraint: str, unaligned: str = "disagree", n: int = 2, constrain: str = "all"
) -> list[float]:
    """The literal oracle per segment, from the raw text and the Pharaoh files."""
    hyps = corpus["hyp"].read_text(encoding="utf-8").splitlines()
    refs = corpus["ref"].read_text(encoding="utf-8").splitlines()
    links = {k: [sure for sure, _ in read_pharaoh(corpus[k])] for k in ("hyp.fwd", "hyp.rev", "ref.fwd", "ref.rev")}
    return [
        oracle(
            tokens(hyps[s]),
            [tokens(refs[s])],
            links["hyp.fwd"][s],
            links["hyp.rev"][s],
            [links["ref.fwd"][s]],
            [links["ref.rev"][s]],
            n,
            constraint,
            constrain,
            unaligned,
        )
        for s in range(len(hyps))
    ]


def test_directions_differ(corpus: dict[str, Path]) -> None:
    """The two files really are two directions (else the variants could not differ)."""
    fwd, rev = read_pharaoh(corpus["hyp.fwd"]), read_pharaoh(corpus["hyp.rev"])
    assert sum(f != r for f, r in zip(fwd, rev, strict=True)) > N // 2


def test_four_constraints_match_oracle_and_differ(corpus: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    corpus_scores = {}
    for constraint in CONSTRAINTS:
        status, out, err = cli(
            corpus,
            capsys,
            "-m",
            f"sscn:constraint={constraint},n=2,constrain=all,unaligned=disagree",
            *both_directions(corpus),
        )
        assert status == 0, err
        res = json.loads(out)["results"][0]
        assert f"|con:{constraint}|" in res["signature"] and "|unal:disagree|" in res["signature"]
        assert res["segment_scores"] == pytest.approx(oracle_scores(corpus, constraint), abs=1e-12)
        corpus_scores[constraint] = res["score"]
    for a, b in combinations(CONSTRAINTS, 2):
        assert corpus_scores[a] != pytest.approx(corpus_scores[b], abs=1e-6), (a, b, corpus_scores)
    assert corpus_scores["intersect"] < min(corpus_scores["1"], corpus_scores["2"])
    assert max(corpus_scores["1"], corpus_scores["2"]) < corpus_scores["union"]


def test_unaligned_agree_is_the_old_higher_reading(corpus: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """The NULL reading (``unaligned=agree``) scores higher on real alignments and is named in the signature."""
    status, out, _ = cli(
        corpus, capsys, "-m", "sscn:constraint=union,n=2,constrain=all,unaligned=agree", *both_directions(corpus)
    )
    assert status == 0
    res = json.loads(out)["results"][0]
    assert "|unal:agree|" in res["signature"]
    old = oracle_scores(corpus, "union", "agree")
    new = oracle_scores(corpus, "union")
    assert res["segment_scores"] == pytest.approx(old, abs=1e-12)
    assert all(n <= o for n, o in zip(new, old, strict=True))
    assert sum(n < o for n, o in zip(new, old, strict=True)) > N // 4


@pytest.mark.parametrize("constraint", ["union", "intersect"])
def test_one_direction_is_refused_naming_the_flag(
    corpus: dict[str, Path], capsys: pytest.CaptureFixture[str], constraint: str
) -> None:
    one = ["--align-hyp", str(corpus["hyp.fwd"]), "--align-ref", str(corpus["ref.fwd"])]
    status, out, err = cli(corpus, capsys, "-m", f"sscn:constraint={constraint},n=2,constrain=all", *one)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "add --align-hyp-rev FILE" in err
    status, _, err = cli(
        corpus, capsys, "-m", f"sscn:constraint={constraint},n=2,constrain=all", *one, "--align-hyp-rev", one[1]
    )
    assert status == 2 and "add --align-ref-rev FILE" in err
    # constraint 1 needs one direction only
    status, out, _ = cli(corpus, capsys, "-m", "sscn:constraint=1,n=2,constrain=all,unaligned=disagree", *one)
    assert status == 0
    assert json.loads(out)["results"][0]["segment_scores"] == pytest.approx(oracle_scores(corpus, "1"), abs=1e-12)


def test_default_with_one_direction_is_refused_clearly(
    corpus: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The default constraint (union) with only --align-hyp/--align-ref: exit 2, one line saying what to add."""
    one = ["--align-hyp", str(corpus["hyp.fwd"]), "--align-ref", str(corpus["ref.fwd"])]
    status, out, err = cli(corpus, capsys, "-m", "sscn", *one)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "constraint=union (the default) compares both alignment directions" in err
    assert "add --align-hyp-rev FILE" in err and "PREFIX.rev of 'mtmetrics align'" in err
    assert "sscn:constraint=1" in err
    # with both directions the default scores as the literal oracle (n=1, union, any, disagree)
    status, out, err = cli(corpus, capsys, "-m", "sscn", *both_directions(corpus))
    assert status == 0, err
    res = json.loads(out)["results"][0]
    assert "|n:1|con:union|words:any|unal:disagree|" in res["signature"]
    assert res["segment_scores"] == pytest.approx(oracle_scores(corpus, "union", n=1, constrain="any"), abs=1e-12)


def test_rev_flags_need_their_forward_flags(corpus: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(corpus, capsys, "-m", "sscn", "--align-hyp-rev", str(corpus["hyp.rev"]))
    assert status == 2 and "give --align-hyp FILE too" in err
    argv = [*both_directions(corpus), str(corpus["ref.rev"])]  # two files after --align-ref-rev
    status, _, err = cli(corpus, capsys, "-m", "sscn", *argv)
    assert status == 2 and "2 --align-ref-rev file(s) for 1 reference file(s)" in err


def test_rev_file_errors_name_file_and_line(
    corpus: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = corpus["hyp.rev"].read_text(encoding="utf-8").splitlines()
    lines[6] = "0-999"
    bad = tmp_path / "bad.rev"
    bad.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    argv = both_directions(corpus)
    argv[argv.index("--align-hyp-rev") + 1] = str(bad)
    status, _, err = cli(corpus, capsys, "-m", "sscn", *argv)
    assert status == 2 and f"{bad}:7: pair '0-999' points to target token 999" in err
