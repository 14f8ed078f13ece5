"""A segment over a metric's limit, counted in the units the metric aligns or counts, is one line.

Limits count the metric's own tokens (after its tokenizer: ``tokenize=char``, ``zh``, TER's
``asian_support``) or characters (chrF), so spaceless text no longer escapes them; and limits are
low enough that repetitive text at the limit stays bounded (``tests/core/test_costs.py``). Each
case is a hypothesis line over the limit against short references (cheap to score, so the old
code, which let it through, fails the test quickly): exit 2, one line naming ``file:line``, the
count in the metric's units, the limit and the fix (``--max-segment-tokens``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import mtmetrics
from mtmetrics import InputError
from tests.core.test_failures import fails

REF_LINES = ["the cat sat on the mat", "a b", "the house is red"]


def _two_words(n: int, sep: str = " ") -> str:
    """``n`` tokens drawn from a two-word vocabulary (the worst case of alignment searches)."""
    rng = random.Random(3)
    return sep.join(rng.choice("ab") for _ in range(n))


def _cjk(n: int) -> str:
    """``n`` CJK characters without spaces (each a token of ``zh``, TER's ``asian_support``)."""
    return "".join(chr(0x4E00 + (i * 7) % 300) for i in range(n))


#: metric spec, hypothesis line 2, what the message names (count and unit, limit)
CASES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "sia-char": ("sia:tokenize=char", _two_words(3000, ""), ("3000 char tokens", "than the 1000 that sia")),
    "sia-zh": ("sia:tokenize=zh", _cjk(1500), ("1500 zh tokens", "than the 1000 that sia")),
    "sia-two-words": ("sia", _two_words(1200), ("1200 13a tokens", "than the 1000 that sia")),
    "meteor-two-words": ("meteor", _two_words(1000), ("1000 13a tokens", "than the 500 that meteor")),
    "hlepor-char": ("hlepor:tokenize=char", "a" * 30000, ("30000 char tokens", "than the 8000 that hlepor")),
    "rouge-s-star-char": (
        "rouge-s:skip=-1,tokenize=char",
        _two_words(6000, ""),
        ("6000 char tokens", "than the 3500 that rouge-s"),
    ),
    "chrf-order-100": ("chrf:char_order=100", _two_words(5000, ""), ("5000 characters", "that chrf accepts")),
    "ter-asian": (
        "ter:asian_support=yes,normalized=yes",
        _cjk(4000),
        ("4000 tercom tokens", "than the 3000 that ter"),
    ),
    "gtm-exponent-2": ("gtm:exponent=2", _two_words(1000), ("1000 13a tokens", "than the 400 that gtm")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_line_over_the_limit_in_the_metrics_units_is_one_line(tmp_path: Path, name: str) -> None:
    spec, line, names = CASES[name]
    (tmp_path / "ref").write_text("".join(x + "\n" for x in REF_LINES), encoding="utf-8")
    (tmp_path / "hyp").write_text(f"{REF_LINES[0]}\n{line}\n{REF_LINES[2]}\n", encoding="utf-8")
    err = fails(tmp_path, ["ref", "-i", "hyp", "-m", spec], "hyp:2: ", *names, "--max-segment-tokens N")
    assert "its cost grows as" in err


@pytest.mark.parametrize("name", ["sia-char", "chrf-order-100", "ter-asian"])
def test_the_api_counts_the_same_units(name: str) -> None:
    spec, line, names = CASES[name]
    metric_name, _, params = spec.partition(":")
    kwargs = dict(p.split("=") for p in params.split(",")) if params else {}
    values: dict[str, Any] = {k: True if v == "yes" else v for k, v in kwargs.items()}
    metric = mtmetrics.load_metric(metric_name, **values)
    with pytest.raises(InputError, match=rf"segment 2: the hypothesis has {names[0]}, more than"):
        metric.corpus_score([*REF_LINES[:1], line, *REF_LINES[2:]], [REF_LINES])


def test_the_option_applies_to_each_metric_in_its_own_units(tmp_path: Path) -> None:
    (tmp_path / "ref").write_text("".join(x + "\n" for x in REF_LINES), encoding="utf-8")
    (tmp_path / "hyp").write_text(f"{REF_LINES[0]}\n{'x' * 600}\n{REF_LINES[2]}\n", encoding="utf-8")
    args = ["ref", "-i", "hyp", "-m", "bleu", "sia:tokenize=char", "--max-segment-tokens", "500"]
    fails(tmp_path, args, "hyp:2: 600 char tokens, more than the 500 that sia accepts")


def test_a_line_over_the_line_cap_is_one_line(tmp_path: Path) -> None:
    # the cap bounds the memory of metrics without a limit (BLEU: about 135 bytes per byte)
    (tmp_path / "ref").write_text("".join(x + "\n" for x in REF_LINES), encoding="utf-8")
    huge = _two_words(1_300_000)  # 2.5 MiB, under the old 64 MiB cap
    (tmp_path / "hyp").write_text(f"{REF_LINES[0]}\n{huge}\n{REF_LINES[2]}\n", encoding="utf-8")
    fails(tmp_path, ["ref", "-i", "hyp", "-m", "bleu"], "hyp:2: a line longer than 1 MiB")


def test_a_combination_checks_each_feature_in_its_own_units(tmp_path: Path) -> None:
    from mtmetrics_meta.combination import CombinationModel, Feature

    # limits 1000 char tokens and 3000 tercom tokens
    sia, ter = mtmetrics.load_metric("sia", tokenize="char"), mtmetrics.load_metric("ter")
    features = (Feature("sia:tokenize=char", str(sia.signature("1"))), Feature("ter", str(ter.signature("1"))))
    (tmp_path / "model.json").write_text(CombinationModel(features, (0.5, -0.5)).to_json(), encoding="utf-8")
    (tmp_path / "ref").write_text("".join(x + "\n" for x in REF_LINES), encoding="utf-8")
    (tmp_path / "hyp").write_text(f"{REF_LINES[0]}\n{'x' * 1200}\n{REF_LINES[2]}\n", encoding="utf-8")
    args = ["ref", "-i", "hyp", "-m", "combo:model=model.json"]
    fails(tmp_path, args, "hyp:2: 1200 char tokens of its feature sia", "than the 1000 that combo")
