"""Golden outputs: a refactor moves no number.

A few whole commands on real WMT text are run and their JSON compared, value for value, with the
files committed in ``tests/golden/``. A change that moves a number on purpose regenerates them in
the same commit (``MTMETRICS_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py``) and says why.
The version fields are left out so that a release does not touch them.
"""

from __future__ import annotations

import io
import json
import os
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from mtmetrics.cli import main
from tests.datapaths import WMT17, WMT21, read_text, require

GOLDEN = Path(__file__).parent / "golden"
TXT = WMT21 / "txt"
N = 120
METRICS = ["bleu", "chrf", "ter", "bleus", "nist", "wer", "per", "gtm", "rouge-l", "rouge-w", "rouge-su"]
METRICS += ["sia", "hlepor", "meteor"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("golden")
    sources = {
        "hypA": TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz",
        "hypB": TXT / "system-outputs" / "newstest2021.de-en.hyp.UEdin.en.gz",
        "refA": TXT / "references" / "newstest2021.de-en.ref.A.en",
        "refB": TXT / "references" / "newstest2021.de-en.ref.B.en",
    }
    out = {}
    for name, path in sources.items():
        (d / name).write_text("".join(x + "\n" for x in read_text(require(path))[:N]), encoding="utf-8")
        out[name] = str(d / name)
    table = read_text(require(WMT17 / "derived" / "newstest2017.da-seg.joined.tsv.gz"))
    (d / "table.tsv").write_text("\n".join(table[:401]) + "\n", encoding="utf-8")
    out["table"] = str(d / "table.tsv")
    return out


def _strip(doc: Any) -> Any:
    """The document without version fields, file paths and timings."""
    if isinstance(doc, dict):
        return {
            k: _strip(v)
            for k, v in doc.items()
            if k not in ("mtmetrics", "version", "seconds", "elapsed", "time", "path", "command")
        }
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    if isinstance(doc, str):
        doc = re.sub(r"\|(plugin|version|p|v):[^|]*", "", doc)
        return re.sub(r"/\S*/golden\d*/", "", doc)
    return doc


def _run(*args: str) -> Any:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(list(args)) == 0
    return _strip(json.loads(buf.getvalue()))


CASES = {
    "score-sl": lambda f: ("refA", "refB", "-i", "hypA", "hypB", "-m", *METRICS, "-f", "json", "-sl"),
    "score-paired-bs": lambda f: ("refA", "-i", "hypA", "hypB", "-m", "bleu", "chrf", "ter", "-pbs", "-pbsn", "200"),
    "score-ci": lambda f: ("refA", "refB", "-i", "hypA", "-m", "bleu", "nist", "rouge-l", "-ci", "-cin", "200"),
    "meta-correlate": lambda f: (
        "meta",
        "correlate",
        "table",
        "-m",
        "chrf",
        "bleus",
        "ter",
        "--human",
        "z",
        "-f",
        "json",
        "--bootstrap-n",
        "100",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_output(files: dict[str, str], case: str) -> None:
    args = [files.get(a, a) for a in CASES[case](files)]
    if case.startswith("score") and "-f" not in args:
        args += ["-f", "json"]
    got = _run(*args)
    path = GOLDEN / f"{case}.json"
    if os.environ.get("MTMETRICS_REGEN_GOLDEN") == "1":
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(require(path).read_text(encoding="utf-8"))
    assert got == expected, f"{case}: output differs from {path.name} (regenerate on purpose, saying why)"
