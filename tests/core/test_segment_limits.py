"""A huge line cannot take a metric whose cost grows faster than linearly to minutes or gigabytes.

Without a limit, a line of 150,000 tokens takes ``ter`` to 14 GB in 60 s. Such metrics
declare ``max_segment_tokens`` (and their ``complexity``); a longer hypothesis or reference is exit
status 2 naming the file, line, length and ``--max-segment-tokens`` before the chunk holding it is
scored, and an :class:`InputError` in the API. Bounds here are loose (seconds, not milliseconds).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import mtmetrics
from mtmetrics import InputError, plugins
from mtmetrics.engine import gate
from tests.cli import run_cli as _run
from tests.datapaths import WMT21, read_text, require

#: metrics whose cost grows faster than linearly with segment length
SUPERLINEAR = [
    "ter",
    "wer",
    "meteor",
    "sia",
    "paraphrase",
    "rouge-l",
    "rouge-w",
    "hlepor",
    "hlepor-e",
    "sscn",
    "prs",
    "mpr",
]
#: linear ones (n-gram counts, bags, character n-grams, taggers): no limit
LINEAR = ["bleu", "bleus", "chrf", "nist", "per", "rouge-n", "gtm", "dup"]
HUGE = 150_000


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str]]:
    base = WMT21 / "txt"
    hyp = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:30]
    ref = read_text(require(base / "references" / "newstest2021.de-en.ref.A.en"))[:30]
    return hyp, ref


def _huge_line(n: int = HUGE) -> str:
    # real words, so nothing about the line is degenerate but its length
    words = [
        "the",
        "ministry",
        "said",
        "prices",
        "rose",
        "sharply",
        "in",
        "march",
        ",",
        "according",
        "to",
        "officials",
        ".",
    ]
    return " ".join(words[i % len(words)] for i in range(n))


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", SUPERLINEAR)
def test_superlinear_metrics_declare_a_limit(name: str) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    assert isinstance(cls.max_segment_tokens, int) and cls.max_segment_tokens >= 250
    assert cls.complexity != "O(n + m)"


@pytest.mark.parametrize("name", LINEAR)
def test_linear_metrics_have_no_limit(name: str) -> None:
    cls = plugins.REGISTRY.metric_class(name)
    assert cls.max_segment_tokens is None
    assert gate.default_limit(cls)[0] is None


def test_rouge_s_star_is_limited_but_a_short_skip_is_not() -> None:
    assert mtmetrics.load_metric("rouge-s").max_segment_tokens is None
    assert mtmetrics.load_metric("rouge-s", skip=-1).max_segment_tokens == 3500
    assert mtmetrics.load_metric("rouge-s", skip=3499).max_segment_tokens == 3500  # a long skip is S* again


@pytest.mark.parametrize(("name", "where"), [("ter", "hyp"), ("wer", "hyp"), ("ter", "ref"), ("rouge-w", "ref")])
def test_a_huge_line_exits_2_within_seconds(
    tmp_path: Path, real: tuple[list[str], list[str]], name: str, where: str
) -> None:
    hyp, ref = (list(x) for x in real)
    (hyp if where == "hyp" else ref)[6] = _huge_line()
    hyp_path, ref_path = _write(tmp_path / "hyp", hyp), _write(tmp_path / "ref", ref)
    start = time.perf_counter()
    code, out, err = _run(ref_path, "-i", hyp_path, "-m", "bleu", name)
    assert time.perf_counter() - start < 10
    assert code == 2 and out == ""
    path = hyp_path if where == "hyp" else ref_path
    limit = gate.default_limit(plugins.REGISTRY.metric_class(name))[0]
    unit = "tercom tokens" if name == "ter" else "13a tokens"
    assert f"{path}:7: {HUGE} {unit}, more than the {limit} that {name} accepts" in err
    assert "--max-segment-tokens N" in err and err.count("\n") == 1


def test_the_limit_is_raised_on_the_command_line(tmp_path: Path, real: tuple[list[str], list[str]]) -> None:
    hyp, ref = (list(x) for x in real)
    hyp[2] = _huge_line(50100)  # over wer's 50,000
    hyp_path, ref_path = _write(tmp_path / "hyp", hyp), _write(tmp_path / "ref", ref)
    code, _, err = _run(ref_path, "-i", hyp_path, "-m", "wer")
    assert code == 2 and ":3: 50100 13a tokens" in err
    code, out, err = _run(ref_path, "-i", hyp_path, "-m", "wer", "--max-segment-tokens", "50200", "-b")
    assert code == 0, err
    expected = mtmetrics.load_metric("wer")
    expected.max_segment_tokens = None
    assert float(out) == pytest.approx(expected.corpus_score(hyp, [ref]).score, abs=0.005)  # 2 decimals
    code, _, err = _run(ref_path, "-i", hyp_path, "-m", "wer", "--max-segment-tokens", "0", "-b")
    assert code == 0, err  # 0: no limit
    code, _, err = _run(ref_path, "-i", hyp_path, "-m", "wer", "--max-segment-tokens", "-1")
    assert code == 2 and "--max-segment-tokens" in err


def test_the_api_refuses_before_scoring(real: tuple[list[str], list[str]]) -> None:
    hyp, ref = (list(x) for x in real)
    hyp[4] = _huge_line()
    ter = mtmetrics.load_metric("ter")
    start = time.perf_counter()
    with pytest.raises(InputError, match=rf"segment 5: the hypothesis has {HUGE} tercom tokens, more than the 3000"):
        ter.corpus_score(hyp, [ref])
    with pytest.raises(InputError, match="max_segment_tokens"):
        ter.sentence_score(hyp[4], [ref[4]])
    assert time.perf_counter() - start < 10


def test_linear_metrics_score_a_huge_line(tmp_path: Path, real: tuple[list[str], list[str]]) -> None:
    hyp, ref = (list(x) for x in real)
    hyp[0] = ref[0] = _huge_line()
    hyp_path, ref_path = _write(tmp_path / "hyp", hyp), _write(tmp_path / "ref", ref)
    start = time.perf_counter()
    code, _, err = _run(ref_path, "-i", hyp_path, "-m", "bleu", "chrf", "-b")
    assert code == 0, err
    assert time.perf_counter() - start < 30
