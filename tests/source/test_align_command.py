"""``mtmetrics align`` on real text (WMT22 ru→en, first lines as distributed), and its files feeding ``-m sscn``.

The files are checked against what they claim, independently of the aligner: every link fits its
sentences (``i`` a source token, ``j`` a target token), ``.fwd`` gives each target word at most one
source word and ``.rev`` each source word at most one target word, ``.inter``/``.union`` are the
set operations, ``.gdfa`` lies between them, and the sidecar's hashes are the files' own. eflomal
takes no seed, so nothing here asks two runs to agree.
"""

from __future__ import annotations

import builtins
import hashlib
import importlib.metadata
import json
from pathlib import Path
from typing import Any

import pytest

from mtmetrics.cli import main
from mtmetrics_source import aligners
from mtmetrics_source.alignments import read_alignment_file, read_pharaoh, tokens
from tests.datapaths import DATA, read_text, require
from tests.source.sscn_oracle import oracle

WMT22 = DATA / "dev" / "wmt22-general" / "txt"
N = 60
SUFFIXES = ("fwd", "rev", "inter", "union", "gdfa")


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def aligned(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The first N lines of source, reference A and one system, each target aligned by ``mtmetrics align``."""
    tmp = tmp_path_factory.mktemp("align-cmd")
    files = {
        "src": WMT22 / "sources" / "generaltest2022.ru-en.src.ru",
        "ref": WMT22 / "references" / "generaltest2022.ru-en.ref.A.en",
        "hyp": WMT22 / "system-outputs" / "generaltest2022.ru-en.hyp.Online-W.en.gz",
    }
    paths = {}
    for name, path in files.items():
        paths[name] = tmp / name
        paths[name].write_text("".join(f"{x}\n" for x in read_text(require(path))[:N]), encoding="utf-8")
    for name in ("hyp", "ref"):
        paths[f"{name}.prefix"] = tmp / f"{name}-al"
        status = main(["align", str(paths["src"]), str(paths[name]), "-o", str(paths[f"{name}.prefix"]), "-q"])
        assert status == 0
    return paths


def _out(aligned: dict[str, Path], name: str, suffix: str) -> Path:
    return Path(f"{aligned[f'{name}.prefix']}.{suffix}")


@pytest.mark.parametrize("name", ["hyp", "ref"])
def test_files_hold_what_they_claim(aligned: dict[str, Path], name: str) -> None:
    src, tgt = _lines(aligned["src"]), _lines(aligned[name])
    links = {}
    for suffix in SUFFIXES:
        # read_alignment_file checks every i against the source and every j against the target
        als = read_alignment_file(_out(aligned, name, suffix), src, tgt)
        links[suffix] = [a.links if a is not None else frozenset() for a in als]
    assert sum(map(len, links["fwd"])) > N  # real links, not empty lines
    for k in range(N):
        fwd, rev = links["fwd"][k], links["rev"][k]
        assert all(sum(1 for _, j in fwd if j == jj) <= 1 for jj in range(len(tokens(tgt[k]))))
        assert all(sum(1 for i, _ in rev if i == ii) <= 1 for ii in range(len(tokens(src[k]))))
        assert links["inter"][k] == fwd & rev and links["union"][k] == fwd | rev
        assert fwd & rev <= links["gdfa"][k] <= fwd | rev
    assert links["fwd"] != links["rev"]


def test_sidecar_traces_inputs_outputs_and_settings(aligned: dict[str, Path]) -> None:
    side = json.loads(Path(f"{aligned['hyp.prefix']}.json").read_text(encoding="utf-8"))
    for role, key in (("source", "src"), ("target", "hyp")):
        assert side["inputs"][role]["sha256"] == hashlib.sha256(aligned[key].read_bytes()).hexdigest()
        assert side["inputs"][role]["lines"] == N
    for suffix in SUFFIXES:
        out = side["outputs"][suffix]
        assert Path(out["path"]) == _out(aligned, "hyp", suffix)
        assert out["sha256"] == hashlib.sha256(Path(out["path"]).read_bytes()).hexdigest()
    assert side["aligner"]["name"] == "eflomal"
    assert side["aligner"]["version"] == importlib.metadata.version("eflomal")
    assert side["aligner"]["model"] == 3 and side["seed"] is None and side["deterministic"] is False


def test_output_feeds_sscn_end_to_end(aligned: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """PREFIX.fwd as --align-hyp and PREFIX.rev as --align-hyp-rev: sscn scores as the literal oracle."""
    capsys.readouterr()
    argv = [str(aligned["ref"]), "-i", str(aligned["hyp"]), "--src", str(aligned["src"]), "-f", "json", "-sl"]
    argv += ["-m", "sscn", "prs"]
    argv += ["--align-hyp", str(_out(aligned, "hyp", "fwd")), "--align-hyp-rev", str(_out(aligned, "hyp", "rev"))]
    argv += ["--align-ref", str(_out(aligned, "ref", "fwd")), "--align-ref-rev", str(_out(aligned, "ref", "rev"))]
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    sscn, prs = json.loads(out)["results"]
    links = {
        (name, d): [sure for sure, _ in read_pharaoh(_out(aligned, name, d))]
        for name in ("hyp", "ref")
        for d in ("fwd", "rev")
    }
    hyps, refs = _lines(aligned["hyp"]), _lines(aligned["ref"])
    expected = [
        oracle(
            tokens(hyps[k]),
            [tokens(refs[k])],
            links["hyp", "fwd"][k],
            links["hyp", "rev"][k],
            [links["ref", "fwd"][k]],
            [links["ref", "rev"][k]],
            1,  # the defaults: the spec's unaligned reading, the rest chosen on dev (docs/results/sscn-dev.md)
            "union",
            "any",
            "disagree",
        )
        for k in range(N)
    ]
    assert sscn["segment_scores"] == pytest.approx(expected, abs=1e-12)
    assert 0 < sscn["score"] < 1 and 0 < prs["score"] <= 1


def test_line_count_mismatch_names_both_files(
    aligned: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    short = tmp_path / "short"
    short.write_text("eins zwei\n", encoding="utf-8")
    status = main(["align", str(aligned["src"]), str(short), "-o", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert status == 2 and f"{aligned['src']} has {N} lines but {short} has 1" in err
    assert not (tmp_path / "x.fwd").exists()


def test_missing_eflomal_exits_2_with_install_hint(
    aligned: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "eflomal":
            raise ImportError("no eflomal")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(aligners.importlib, "import_module", lambda name: fake_import(name))
    status = main(["align", str(aligned["src"]), str(aligned["hyp"]), "-o", str(tmp_path / "x")])
    assert status == 2 and "pip install 'mtmetrics[align]'" in capsys.readouterr().err
