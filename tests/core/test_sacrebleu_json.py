"""``-f json --json-style sacrebleu`` prints sacrebleu 2.6's JSON: sacrebleu's own command line is the oracle.

Both tools read the same WMT21 de-en files; the parsed documents must have the same shape, the
same keys in the same order and the same values, except the signature fields, which are
mtmetrics' (each of sacrebleu's fields is there with sacrebleu's value, ``version`` aside).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli import run_cli
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 150
FIXED = ("name", "score", "signature", "confidence_mean", "confidence_var", "confidence", "verbose_score")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("sbjson")
    out = {}
    for key, path in {
        "hyp1": TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz",
        "hyp2": TXT / "system-outputs" / "newstest2021.de-en.hyp.UEdin.en.gz",
        "refA": TXT / "references" / "newstest2021.de-en.ref.A.en",
        "refB": TXT / "references" / "newstest2021.de-en.ref.B.en",
    }.items():
        target = folder / key
        target.write_text("".join(x + "\n" for x in read_text(require(path))[:N]), encoding="utf-8")
        out[key] = str(target)
    return out


def _sacrebleu(*args: str) -> Any:
    done = subprocess.run([sys.executable, "-m", "sacrebleu", *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _ours(*args: str) -> Any:
    code, out, err = run_cli(*args, "-f", "json", "--json-style", "sacrebleu")
    assert code == 0, err
    return json.loads(out)


def _same_object(mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    fixed = [k for k in theirs if k in FIXED]
    assert [k for k in mine if k in FIXED] == fixed
    for key in fixed:
        if key != "signature":
            assert mine[key] == theirs[key], key
    own_fields = dict(item.split(":", 1) for item in mine["signature"].split("|"))
    assert [k for k in mine if k not in FIXED] == list(own_fields)  # one key per signature field, in order
    for item in theirs["signature"].split("|"):
        key, value = item.split(":", 1)
        if key != "version":  # sacrebleu's version is mtmetrics' field "sacrebleu"
            assert mine[key] == value == theirs[key], key
    assert own_fields["sacrebleu"] == theirs["version"]


@pytest.mark.parametrize(
    "args",
    [
        ("-m", "bleu"),
        ("-m", "ter", "chrf", "bleu"),
        ("-m", "bleu", "chrf", "-w", "3"),
        ("-m", "chrf", "--chrf-word-order", "2"),
        ("-m", "bleu", "-lc", "-tok", "intl"),
    ],
    ids=str,
)
def test_single_system_is_sacrebleus(files: dict[str, str], args: tuple[str, ...]) -> None:
    refs = (files["refA"], files["refB"])
    mine, theirs = _ours(*refs, "-i", files["hyp1"], *args), _sacrebleu(*refs, "-i", files["hyp1"], *args)
    assert isinstance(mine, type(theirs))
    mine, theirs = (mine, theirs) if isinstance(theirs, list) else ([mine], [theirs])
    assert len(mine) == len(theirs)
    for a, b in zip(mine, theirs, strict=True):
        _same_object(a, b)


def test_single_system_with_confidence(files: dict[str, str]) -> None:
    args = (files["refA"], "-i", files["hyp1"], "-m", "bleu", "chrf", "-ci", "-cin", "100")
    mine, theirs = _ours(*args), _sacrebleu(*args)
    for a, b in zip(mine, theirs, strict=True):
        _same_object(a, b)
        assert a["bs"] == b["bs"] == "100" and a["seed"] == b["seed"] == "12345"


def test_several_systems_are_sacrebleus_table(files: dict[str, str]) -> None:
    args = (files["refA"], "-i", files["hyp1"], files["hyp2"], "-m", "chrf", "bleu")
    assert _ours(*args) == _sacrebleu(*args)
    paired = (*args, "-par", "-parn", "200")
    mine, theirs = _ours(*paired), _sacrebleu(*paired)
    assert [list(r) for r in mine] == [list(r) for r in theirs]
    for a, b in zip(mine, theirs, strict=True):
        assert a["system"] == b["system"]
        for name in ("BLEU", "chrF2"):
            assert a[name]["score"] == b[name]["score"]
            assert a[name]["p_value"] == b[name]["p_value"]
            assert a[name]["mean"] is b[name]["mean"] is None


def test_json_style_needs_json_and_no_sentence_level(files: dict[str, str]) -> None:
    for extra in (("-f", "text"), ("-f", "json", "-sl")):
        code, out, err = run_cli(files["refA"], "-i", files["hyp1"], "--json-style", "sacrebleu", *extra)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--json-style" in err


def test_default_json_is_unchanged(files: dict[str, str]) -> None:
    code, out, _ = run_cli(files["refA"], "-i", files["hyp1"], "-f", "json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) == {"mtmetrics", "results"} and Path(doc["results"][0]["system"]).name == "hyp1"
