"""Options: numbers out of range, options given twice or two ways, malformed language pairs, one
output path twice, and non-finite scores in mt-metrics-eval files are each one error line, exit 2.

The failure contract is :func:`tests.core.test_failures.fails`: status 2, one line on standard
error naming what is at fault, nothing on standard output, no file left behind.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from tests.core.test_failures import HYP, REF, _mtme, fails_case, needs_dev, table

ALIGN_OUTPUTS = ("fwd", "rev", "inter", "union", "gdfa", "json")


def _empty_pair(tmp: Path) -> tuple[str, str]:
    """Empty source and target files: ``align`` on old code finishes at once (and writes its files)."""
    for name in ("s", "t"):
        (tmp / name).write_text("", encoding="utf-8")
    return str(tmp / "s"), str(tmp / "t")


def _options(tmp: Path, name: str) -> tuple[list[str], tuple[str, ...]]:
    score = [REF, "-i", HYP]
    if name.startswith("align"):
        pytest.importorskip("mtmetrics_source")
        s, t = _empty_pair(tmp)
        align = {
            "align-samplers": (["--n-samplers", "1000000"], ("--n-samplers", "64")),
            "align-null-prior": (["--null-prior", "-5"], ("--null-prior", "[0, 1]")),
            "align-language-codes": (["-l", "xx-yy"], ("-l", "xx")),
            "align-samplers-twice": (["--n-samplers", "2", "--n-samplers", "4"], ("--n-samplers", "twice")),
            "align-dev-full": (["-o", "/dev/full"], ("/dev/full",)),
        }
        extra, names = align[name]
        out = [] if "-o" in extra else ["-o", "out"]
        return ["align", s, t, *out, *extra], names
    if name == "mtme-nan-system-score":
        root = _mtme(tmp / "mtme")
        (root / "human-scores" / "xx-en.sys.score").write_text("S1\t0.5\nS2\tnan\nS3\t0.1\n", encoding="utf-8")
        return (
            ["meta", "correlate", str(root), "--lp", "xx-en", "-m", "bleu", "--levels", "system"],
            ("xx-en.sys.score:2", "nan"),
        )
    t = str(table(tmp / "t.tsv"))
    values = ["meta", "compare", "--values", "0.5", "0.4", "0.3", "30"]
    cases: dict[str, tuple[list[str], tuple[str, ...]]] = {
        "regress-p-enter": (["meta", "regress", t, "-m", "bleu", "chrf", "--p-enter", "2"], ("--p-enter",)),
        "regress-p-enter-above-remove": (
            ["meta", "regress", t, "-m", "bleu", "chrf", "--p-enter", "0.5"],
            ("p_remove", "p_enter"),
        ),
        "smooth-twice": ([*score, "-m", "bleu", "-s", "floor", "-s", "none"], ("-s", "twice")),
        "smooth-two-spellings": (
            [*score, "-m", "bleu", "-s", "floor", "--bleu-smooth-method", "none"],
            ("-s", "--bleu-smooth-method"),
        ),
        "format-twice": ([*score, "-m", "bleu", "-f", "json", "-f", "text"], ("-f", "twice")),
        "inputs-twice": ([REF, "-i", HYP, "-i", REF, "-m", "bleu"], ("-i", "twice")),
        "metrics-twice": ([*score, "-m", "bleu", "-m", "chrf"], ("-m", "twice")),
        "meta-seed-twice": (["meta", "correlate", t, "-m", "bleu", "--seed", "1", "--seed", "2"], ("--seed", "twice")),
        "inline-beats-flag": (
            [*score, "-m", "bleu:max_ngram_order=3", "--bleu-max-ngram-order", "5"],
            ("max_ngram_order", "--bleu-max-ngram-order", "bleu:max_ngram_order=3"),
        ),
        "inline-beats-tok": ([*score, "-tok", "intl", "-m", "bleu:tokenize=13a"], ("tokenize", "-tok", "-m")),
        "language-words": ([*score, "-m", "bleu", "-l", "english-german"], ("-l", "english-german")),
        "language-case": ([*score, "-m", "bleu", "-l", "EN_DE"], ("-l", "en-de")),
        "language-unknown-code": ([*score, "-m", "bleu", "-l", "en-xx"], ("-l", "'xx'")),
        "report-same-output": (
            ["meta", "report", t, "-m", "bleu", "--bootstrap-n", "0", "-o", "r.md", "--json", "r.md"],
            ("-o", "--json", "same path"),
        ),
        "meta-width": ([*values, "-w", "40"], ("-w", "[0, 17]")),
        "compare-n2": ([*values, "--n2", "2"], ("--n2",)),
        # standard input read for two roles: the second read would find nothing (or the first's rest)
        "stdin-twice": (["-", "-i", "/dev/stdin", "-m", "bleu"], ("standard input", "-", "/dev/stdin")),
        "stdin-src-and-hyp": ([REF, "-i", "-", "--src", "-", "-m", "bleu"], ("standard input",)),
    }
    return cases[name]


OPTIONS = [
    "regress-p-enter",
    "regress-p-enter-above-remove",
    "smooth-twice",
    "smooth-two-spellings",
    "format-twice",
    "inputs-twice",
    "metrics-twice",
    "meta-seed-twice",
    "inline-beats-flag",
    "inline-beats-tok",
    "language-words",
    "language-case",
    "language-unknown-code",
    "report-same-output",
    "meta-width",
    "compare-n2",
    "stdin-twice",
    "stdin-src-and-hyp",
    "mtme-nan-system-score",
    "align-samplers",
    "align-null-prior",
    "align-language-codes",
    "align-samplers-twice",
]


@pytest.mark.parametrize("name", OPTIONS)
def test_options(tmp_path: Path, name: str) -> None:
    fails_case(tmp_path, _options, name)


@needs_dev
def test_align_refuses_a_device_as_prefix(tmp_path: Path) -> None:
    """``-o /dev/full`` would write ``/dev/full.fwd`` and friends (as root): refused, nothing written."""
    try:
        fails_case(tmp_path, _options, "align-dev-full")
    finally:  # old code wrote these as regular files: take them away again
        for suffix in ALIGN_OUTPUTS:
            with contextlib.suppress(OSError):
                if Path(f"/dev/full.{suffix}").is_file():
                    Path(f"/dev/full.{suffix}").unlink()
    assert not any(Path(f"/dev/full.{suffix}").exists() for suffix in ALIGN_OUTPUTS)
