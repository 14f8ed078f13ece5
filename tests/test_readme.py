"""The examples of the README and docs/meta.md run and print what the documents say they print.

Each ```python block is executed and its output compared with the ``` block right after it;
each ```sh block that starts with ``mtmetrics`` is run and compared the same way. Version
numbers in signatures are normalised, so a new sacrebleu patch release does not break the test.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys

import pytest

from tests.datapaths import ROOT

BLOCK = re.compile(r"```(\w*)\n(.*?)```", re.S)


#: the documents whose examples run: the README and the meta-evaluation guide's Python entry points
DOCUMENTS = ("README.md", "docs/meta.md")


def _blocks() -> list[tuple[str, str, str]]:
    found = [b for doc in DOCUMENTS for b in BLOCK.findall((ROOT / doc).read_text(encoding="utf-8"))]
    pairs = []
    for (lang, body), (next_lang, next_body) in zip(found, [*found[1:], ("", "")], strict=True):
        if lang == "python" or (lang == "sh" and body.startswith("mtmetrics ")):
            pairs.append((lang, body, next_body if next_lang == "" else ""))
    return pairs


def _normalise(text: str) -> str:
    text = re.sub(r"\(signed [^)]*\)", "", text)  # an allowed version mismatch (README: runnable signatures)
    text = re.sub(r"mt-thresholds [0-9][^ ]*", "mt-thresholds X", text)
    text = re.sub(r"(sacrebleu|version|sb|v|nltk):[0-9][^|\s]*", r"\1:X", text)
    return re.sub(r"@[0-9][^|\s]*", "@X", text)


EXAMPLES = _blocks()

#: metrics whose examples read WordNet or a tagger model, which the tests take from ../shared/nltk_data
NLTK_METRICS = ("meteor", "paraphrase", "dup", "pos=")


def _params() -> list[object]:
    """The examples, those using NLTK data marked ``data`` (skipped without ../shared)."""
    return [
        pytest.param(
            lang,
            code,
            expected,
            id=f"{lang}-{i}",
            marks=[pytest.mark.data] if any(f'"{m}' in code or f" {m}" in code for m in NLTK_METRICS) else [],
        )
        for i, (lang, code, expected) in enumerate(EXAMPLES)
    ]


def test_readme_has_examples() -> None:
    assert [lang for lang, _, _ in EXAMPLES].count("python") >= 1
    assert [lang for lang, _, _ in EXAMPLES].count("sh") >= 1


@pytest.mark.parametrize(("lang", "code", "expected"), _params())
def test_readme_example(lang: str, code: str, expected: str) -> None:
    if lang == "python":
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {"__name__": "__main__"})
        actual = out.getvalue()
    else:
        argv = shlex.split(code.strip())
        proc = subprocess.run(
            [sys.executable, "-m", "mtmetrics", *argv[1:]], cwd=ROOT, capture_output=True, text=True, check=True
        )
        actual = proc.stdout
    if expected:
        assert _normalise(actual) == _normalise(expected)
