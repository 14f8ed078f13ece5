"""A mode named after a tool is that tool with that tool's defaults: meteor:impl=nltk, nist:info=seg.

Each mode is compared with its tool called with nothing but its defaults (and the tokens, which
NLTK's functions take already split).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from nltk.translate.meteor_score import meteor_score as nltk_meteor_score
from nltk.translate.nist_score import sentence_nist

import mtmetrics
from mtmetrics.resources import Preprocessor
from tests.cli import run_cli

from .conftest import wmt21_de_en

PREP = Preprocessor("13a", False)


def test_meteor_impl_nltk_alone_is_nltks_meteor_score_with_its_defaults() -> None:
    hyps, ref_a, ref_b = wmt21_de_en(300)
    meteor = mtmetrics.load_metric("meteor", impl="nltk")
    assert meteor.metric.values["stemmer"] == "porter-nltk"
    ours = meteor.segment_scores(hyps, [ref_a, ref_b])
    differ = [
        i
        for i, (hyp, a, b, res) in enumerate(zip(hyps, ref_a, ref_b, ours, strict=True))
        if not math.isclose(res.score, nltk_meteor_score([PREP(a), PREP(b)], PREP(hyp)), rel_tol=1e-12, abs_tol=1e-12)
    ]
    assert differ == []
    # the example: NLTK's stemmer maps "skies" to "sky", the original Porter algorithm does not
    hyp, ref = "the skies are blue", "the sky is blue"
    expected = nltk_meteor_score([ref.split()], hyp.split())
    assert expected == mtmetrics.load_metric("meteor", impl="nltk").sentence_score(hyp, [ref]).score
    assert round(expected, 4) == 0.6389


def test_meteor_mode_defaults_yield_to_what_the_user_sets() -> None:
    hyp, ref = "the skies are blue", "the sky is blue"
    explicit = mtmetrics.load_metric("meteor", impl="nltk", stemmer="porter").sentence_score(hyp, [ref])
    assert explicit.score == 0.25 and explicit.signature.get("stem") == "porter"
    assert mtmetrics.load_metric("meteor").metric.values["stemmer"] == "porter"  # impl=paper keeps the paper's
    sig = mtmetrics.load_metric("meteor", impl="nltk").signature()
    assert sig.get("stem") == "porter-nltk" and sig.get("impl") == "nltk"


def test_meteor_impl_nltk_on_the_command_line(tmp_path: Path) -> None:
    hyp, ref = tmp_path / "hyp", tmp_path / "ref"
    hyp.write_text("the skies are blue\n", encoding="utf-8")
    ref.write_text("the sky is blue\n", encoding="utf-8")
    code, out, err = run_cli(str(ref), "-i", str(hyp), "-m", "meteor:impl=nltk", "-f", "json")
    assert code == 0, err
    doc = json.loads(out)["results"][0]
    assert doc["score"] == nltk_meteor_score([["the", "sky", "is", "blue"]], ["the", "skies", "are", "blue"])
    assert "|stem:porter-nltk|impl:nltk|" in doc["signature"] and doc["params"]["stemmer"] == "porter-nltk"
    code, out, _ = run_cli(str(ref), "-i", str(hyp), "-m", "meteor:impl=nltk", "--meteor-stemmer", "porter", "-b")
    assert code == 0 and out.strip() == "0.2500"


def test_nist_info_seg_is_nltks_sentence_nist_with_one_reference() -> None:
    hyps, ref_a, _ = wmt21_de_en(200)
    nist = mtmetrics.load_metric("nist", info="seg")
    checked = 0
    for hyp, ref, res in zip(hyps, ref_a, nist.segment_scores(hyps, [ref_a]), strict=True):
        if len(PREP(hyp)) < 5:  # NLTK divides by zero when no hypothesis n-gram of order 5 exists
            continue
        assert math.isclose(res.score, sentence_nist([PREP(ref)], PREP(hyp)), rel_tol=1e-9), hyp
        checked += 1
    assert checked > 150
    info = next(p for p in nist.metric.params if p.name == "info")
    assert "one reference only" in info.help
