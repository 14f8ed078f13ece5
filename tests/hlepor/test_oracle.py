"""hLEPOR (impl=paper) equals the literal transcription of docs/metrics.md §2, on real sentences."""

from __future__ import annotations

import math
from typing import Any

import pytest

import mtmetrics
from mtmetrics.resources import Preprocessor

from . import oracle
from .data import wmt17_pairs, wmt21_de_en


def _split(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    ("params", "kw"),
    [
        ({}, {}),
        ({"n": 1}, {"n": 1}),
        ({"n": 3, "alpha": 1.0, "beta": 9.0}, {"n": 3, "alpha": 1.0, "beta": 9.0}),
        ({"weights": "1:3:7", "n": 0}, {"w_hpr": 1.0, "w_elp": 3.0, "w_npp": 7.0, "n": 0}),
    ],
    ids=["defaults", "n1", "n3-alpha1-beta9", "weights-1:3:7-n0"],
)
def test_paper_impl_equals_oracle_on_wmt17(params: dict[str, Any], kw: dict[str, float]) -> None:
    rows = wmt17_pairs()[::4]  # 700 judged segments from five language pairs
    hyps = [h for _, _, h, _ in rows]
    refs = [r for _, r, _, _ in rows]
    metric = mtmetrics.load_metric("hlepor", tokenize="none", **params)
    got = metric.statistics(hyps, [refs]).array[:, 0]
    for i, (h, r) in enumerate(zip(hyps, refs, strict=True)):
        want = oracle.hlepor(_split(h), _split(r), **kw)  # type: ignore[arg-type]
        assert got[i] == pytest.approx(want, abs=1e-9, rel=0), f"segment {i}: {h!r} / {r!r}"


def test_factors_equal_oracle_definitions() -> None:
    rows = wmt17_pairs()[1::50]
    metric = mtmetrics.load_metric("hlepor", tokenize="none")
    stats = metric.statistics([h for _, _, h, _ in rows], [[r for _, r, _, _ in rows]])
    for k, (_, r, h, _) in enumerate(rows):
        hyp, ref = _split(h), _split(r)
        pairs = oracle.alignment(hyp, ref, 2)
        c, rl = len(hyp), len(ref)
        assert stats.column("precision")[k] == pytest.approx(len(pairs) / c, abs=1e-12)
        assert stats.column("recall")[k] == pytest.approx(len(pairs) / rl, abs=1e-12)
        npd = sum(abs((x + 1) / c - (y + 1) / rl) for x, y in pairs) / c
        assert stats.column("npp")[k] == pytest.approx(math.exp(-npd), abs=1e-12)
        elp = math.exp(1 - rl / c) if c < rl else math.exp(1 - c / rl)
        assert stats.column("elp")[k] == pytest.approx(elp, abs=1e-12)


def test_multiref_best_and_tokenisation_on_wmt21() -> None:
    hyps, ref_a, ref_b = wmt21_de_en()
    hyps, ref_a, ref_b = hyps[:150], ref_a[:150], ref_b[:150]
    metric = mtmetrics.load_metric("hlepor", lowercase=True)  # 13a tokens, lowercased
    pre = Preprocessor("13a", lowercase=True)
    res = metric.segment_scores(hyps, [ref_a, ref_b])
    for i, r in enumerate(res):
        want = oracle.hlepor_best(pre(hyps[i]), [pre(ref_a[i]), pre(ref_b[i])])
        assert r.score == pytest.approx(want, abs=1e-9, rel=0)
    corpus = metric.corpus_score(hyps, [ref_a, ref_b])
    assert corpus.score == pytest.approx(math.fsum(r.score for r in res) / len(res), abs=1e-12)  # eq. 10
    assert "refs:best" in str(corpus.signature)


def test_presets_are_table_1() -> None:
    """The preset rows are the paper's Table 1 (typed in here again from the paper)."""
    table = {  # pair: (HPR:ELP:NPP (W), alpha:beta (W), HPR:ELP:NPP (POS), alpha:beta (POS), w_hw:w_hp)
        "cs-en": ("7:2:1", "1:9", None, None, None),
        "de-en": ("3:2:1", "9:1", "3:2:1", "9:1", "1:9"),
        "es-en": ("7:2:1", "1:9", None, None, None),
        "fr-en": ("3:2:1", "9:1", "3:2:1", "9:1", "9:1"),
        "en-cs": ("3:2:1", "9:1", None, None, None),
        "en-de": ("1:3:7", "9:1", "7:2:1", "9:1", "1:9"),
        "en-es": ("3:2:1", "9:1", None, None, None),
        "en-fr": ("3:2:1", "9:1", "3:2:1", "9:1", "9:1"),
    }
    for pair, (w, ab, wp, abp, combo) in table.items():
        sig = mtmetrics.load_metric("hlepor", preset=pair).signature()
        assert sig.get("w") == w and f"{sig.get('alpha')}:{sig.get('beta')}" == ab, pair
        if wp is None:
            with pytest.raises(mtmetrics.ParameterError, match="no POS parameters"):
                mtmetrics.load_metric("hlepor", preset=pair, pos="file")
            continue
        sig_e = mtmetrics.load_metric("hlepor", preset=pair, pos="file").signature()
        assert sig_e.get("posp") == f"{abp}:{wp}" and sig_e.get("wE") == combo, pair


def test_explicit_values_override_the_preset_and_show_in_signature() -> None:
    m = mtmetrics.load_metric("hlepor", preset="en-de", alpha=2.0, weights="7:2:1")
    sig = m.signature()
    assert (sig.get("alpha"), sig.get("beta"), sig.get("w"), sig.get("preset")) == ("2", "1", "7:2:1", "en-de")
    h, r = ["the", "cat", "sat", "on", "the", "mat"], ["the", "cat", "is", "on", "the", "mat"]
    assert m.sentence_score(" ".join(h), [" ".join(r)]).score == pytest.approx(
        oracle.hlepor(h, r, alpha=2.0, beta=1.0), abs=1e-12
    )
