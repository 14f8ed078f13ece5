"""BLEU, BLEUS, chrF and TER equal sacrebleu's numbers and carry its signature fields, on WMT21."""

from __future__ import annotations

import csv
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import sacrebleu

import mtmetrics
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


@cache
def system(pair: str, name: str) -> tuple[str, ...]:
    tgt = pair.split("-")[1]
    return tuple(read_text(require(TXT / "system-outputs" / f"newstest2021.{pair}.hyp.{name}.{tgt}.gz")))


@cache
def reference(pair: str, label: str) -> tuple[str, ...]:
    tgt = pair.split("-")[1]
    return tuple(read_text(require(TXT / "references" / f"newstest2021.{pair}.ref.{label}.{tgt}")))


@cache
def published() -> dict[tuple[str, str, str], float]:
    """sacreBLEU scores published with WMT21: (pair, system, metric) -> score."""
    out = {}
    with open(require(WMT21 / "scores" / "automatic-scores.tsv"), encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            out[row["pair"], row["system"], row["metric"]] = float(row["score"])
    return out


DE_EN = ["Online-A", "Borderline", "UEdin", "happypoet", "Facebook-AI", "VolcTrans-GLAT"]


@pytest.mark.parametrize("name", DE_EN)
def test_published_bleu_and_chrf_de_en(name: str) -> None:
    hyps = list(system("de-en", name))
    ref_a, ref_b = list(reference("de-en", "A")), list(reference("de-en", "B"))
    bleu = mtmetrics.load_metric("bleu")
    chrf = mtmetrics.load_metric("chrf")
    pub = published()
    assert bleu.corpus_score(hyps, [ref_a, ref_b]).score == pytest.approx(pub["de-en", name, "bleu-all"], abs=1e-9)
    assert bleu.corpus_score(hyps, [ref_a]).score == pytest.approx(pub["de-en", name, "bleu-A"], abs=1e-9)
    assert chrf.corpus_score(hyps, [ref_a, ref_b]).score == pytest.approx(pub["de-en", name, "chrf-all"], abs=1e-9)
    assert chrf.corpus_score(hyps, [ref_b]).score == pytest.approx(pub["de-en", name, "chrf-B"], abs=1e-9)


@pytest.mark.parametrize(
    ("metric", "params", "sacre"),
    [
        ("bleu", {}, lambda: sacrebleu.BLEU()),
        ("bleu", {"tokenize": "intl", "lowercase": True}, lambda: sacrebleu.BLEU(tokenize="intl", lowercase=True)),
        (
            "bleu",
            {"smooth_method": "floor", "max_ngram_order": 6},
            lambda: sacrebleu.BLEU(smooth_method="floor", max_ngram_order=6),
        ),
        ("bleus", {"max_order": 2}, lambda: sacrebleu.BLEU(smooth_method="add-k", smooth_value=1, max_ngram_order=2)),
        ("bleus", {"max_order": 9}, lambda: sacrebleu.BLEU(smooth_method="add-k", smooth_value=1, max_ngram_order=9)),
        ("chrf", {}, lambda: sacrebleu.CHRF()),
        ("chrf", {"word_order": 2, "eps_smoothing": True}, lambda: sacrebleu.CHRF(word_order=2, eps_smoothing=True)),
        (
            "chrf",
            {"whitespace": True, "lowercase": True, "beta": 1},
            lambda: sacrebleu.CHRF(whitespace=True, lowercase=True, beta=1),
        ),
    ],
)
def test_corpus_and_sentence_scores_equal_sacrebleu(metric: str, params: dict, sacre: Callable[[], Any]) -> None:
    hyps = list(system("de-en", "Online-B"))[:400]
    refs = [list(reference("de-en", "A"))[:400], list(reference("de-en", "B"))[:400]]
    ours = mtmetrics.load_metric(metric, **params)
    theirs = sacre()
    assert ours.corpus_score(hyps, refs).score == theirs.corpus_score(hyps, refs).score
    segs = ours.segment_scores(hyps, refs)
    for i in range(0, 400, 7):
        expected = sacre().sentence_score(hyps[i], [refs[0][i], refs[1][i]]).score
        assert segs[i].score == expected, f"segment {i + 1}"
        assert ours.sentence_score(hyps[i], [refs[0][i], refs[1][i]]).score == expected


def test_ter_equals_sacrebleu_with_two_references() -> None:
    hyps = list(system("de-en", "UEdin"))[:300]
    refs = [list(reference("de-en", "A"))[:300], list(reference("de-en", "B"))[:300]]
    cases: list[tuple[dict[str, Any], sacrebleu.TER]] = [
        ({}, sacrebleu.TER()),
        ({"case_sensitive": True, "no_punct": True}, sacrebleu.TER(case_sensitive=True, no_punct=True)),
    ]
    for params, sacre in cases:
        ours = mtmetrics.load_metric("ter", **params)
        assert ours.corpus_score(hyps, refs).score == sacre.corpus_score(hyps, refs).score
        for i in range(0, 300, 29):
            assert (
                ours.sentence_score(hyps[i], [refs[0][i], refs[1][i]]).score
                == sacre.sentence_score(hyps[i], [refs[0][i], refs[1][i]]).score
            )


def test_three_references_out_of_english() -> None:
    hyps = list(system("en-de", "Online-W"))
    refs = [list(reference("en-de", k)) for k in "ACD"]
    assert mtmetrics.load_metric("bleu").corpus_score(hyps, refs).score == pytest.approx(
        published()["en-de", "Online-W", "bleu-all"], abs=1e-9
    )


def test_chinese_tokenizer() -> None:
    hyps = list(system("en-zh", "Online-B"))[:300]
    refs = [list(reference("en-zh", "A"))[:300]]
    ours = mtmetrics.load_metric("bleu", tokenize="zh").corpus_score(hyps, refs)
    assert ours.score == sacrebleu.BLEU(tokenize="zh").corpus_score(hyps, refs).score
    assert ours.signature.get("tok") == "zh"


def _fields(signature: str) -> dict[str, str]:
    return dict(part.split(":", 1) for part in signature.split("|") if ":" in part)


@pytest.mark.parametrize(
    ("metric", "params", "sacre"),
    [
        ("bleu", {}, sacrebleu.BLEU()),
        (
            "bleu",
            {"smooth_method": "add-k", "effective_order": True, "lowercase": True},
            sacrebleu.BLEU(smooth_method="add-k", effective_order=True, lowercase=True),
        ),
        (
            "bleu",
            {"smooth_method": "floor", "smooth_value": 0.25},
            sacrebleu.BLEU(smooth_method="floor", smooth_value=0.25),
        ),
        ("chrf", {"word_order": 2, "whitespace": True}, sacrebleu.CHRF(word_order=2, whitespace=True)),
        ("chrf", {"eps_smoothing": True}, sacrebleu.CHRF(eps_smoothing=True)),
        ("ter", {"normalized": True, "asian_support": True}, sacrebleu.TER(normalized=True, asian_support=True)),
    ],
)
def test_signature_carries_every_sacrebleu_field(metric: str, params: dict, sacre: Any) -> None:
    hyps, refs = ["a b c d e"], [["a b c d f"], ["a b c"]]
    sacre.corpus_score(hyps, refs)
    theirs = _fields(str(sacre.get_signature()))
    ours = _fields(mtmetrics.load_metric(metric, **params).corpus_score(hyps, refs).signature.format())
    assert theirs.pop("version") == ours["sacrebleu"]
    for key, value in theirs.items():
        assert ours[key] == value, f"{key}: ours {ours.get(key)} != sacrebleu {value}"


def test_exact_signature_strings() -> None:
    v, sv = mtmetrics.__version__, sacrebleu.__version__
    hyps, refs = ["the cat sat"], [["the cat sat"]]
    assert str(mtmetrics.load_metric("bleu").corpus_score(hyps, refs).signature) == (
        f"BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|order:4|sacrebleu:{sv}|plugin:mtmetrics@{v}|version:{v}"
    )
    assert mtmetrics.load_metric("bleu").corpus_score(hyps, refs).signature.format(short=True) == (
        f"BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|o:4|sb:{sv}|p:mtmetrics@{v}|v:{v}"
    )
    assert str(mtmetrics.load_metric("bleus", max_order=6).corpus_score(hyps, refs).signature) == (
        f"BLEUS6|nrefs:1|case:mixed|tok:13a|order:6|sacrebleu:{sv}|plugin:mtmetrics@{v}|version:{v}"
    )
    assert str(mtmetrics.load_metric("chrf", word_order=2).corpus_score(hyps, refs).signature) == (
        f"chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|beta:2|sacrebleu:{sv}|plugin:mtmetrics@{v}|version:{v}"
    )
    assert str(mtmetrics.load_metric("ter").corpus_score(hyps, [["the cat"], [None]]).signature) == (
        f"TER|nrefs:1|case:lc|norm:no|punct:yes|asian:no|tok:tercom|sacrebleu:{sv}|plugin:mtmetrics@{v}|version:{v}"
    )
    var = mtmetrics.load_metric("ter").corpus_score(hyps * 2, [["a", "b"], ["c", None]])
    assert var.signature.get("nrefs") == "var"
