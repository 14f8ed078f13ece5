"""Regression models: stepwise OLS against numpy's least squares, model files, the train/evaluate CLI."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from mtmetrics import InputError
from mtmetrics.cli import main
from mtmetrics_paraphrase.evaluate import compare
from mtmetrics_paraphrase.features import FEATURES
from mtmetrics_paraphrase.models import (
    PAPER_MODELS,
    FeatureTable,
    Model,
    model_feature_names,
    train_model,
)
from tests.datapaths import WMT17, WMT21, require


def _synthetic(n: int = 400, seed: int = 7) -> FeatureTable:
    rng = np.random.default_rng(seed)
    cols = {name: rng.normal(size=n) for name in ("BLEU", "TER", "METEOR", *FEATURES)}
    human = 0.5 + 2.0 * cols["METEOR"] - 1.0 * cols["Wrd"] + 0.05 * rng.normal(size=n)
    return FeatureTable(cols, human)


def test_model_names() -> None:
    assert model_feature_names("BT") == ("BLEU", "TER")
    assert len(model_feature_names("BTMP")) == 13
    assert PAPER_MODELS == ("B", "T", "M", "BP", "TP", "MP", "BT", "BTP", "BTM", "BTMP")
    with pytest.raises(InputError):
        model_feature_names("BX")


def test_stepwise_finds_the_true_features_and_ols_coefficients() -> None:
    table = _synthetic()
    model = train_model("BTMP", table)
    assert {"METEOR", "Wrd"} <= set(model.features)  # noise features may enter at p < 0.05 by chance
    # oracle: ordinary least squares on the selected features with numpy
    x = np.column_stack([np.ones(len(table.human)), *(table.columns[f] for f in model.features)])
    coef, *_ = np.linalg.lstsq(x, table.human, rcond=None)
    assert [model.intercept, *model.coefficients] == pytest.approx(list(coef), rel=1e-9)
    got = dict(zip(model.features, model.coefficients, strict=True))
    assert got["METEOR"] == pytest.approx(2.0, abs=0.02) and got["Wrd"] == pytest.approx(-1.0, abs=0.02)
    assert model.train_r == pytest.approx(np.corrcoef(x @ coef, table.human)[0, 1], rel=1e-12)


def test_model_file_round_trip(tmp_path: Path) -> None:
    table = _synthetic()
    model = train_model("MP", table, trained_on={"table": "synthetic"})
    model.save(tmp_path / "MP.json")
    again = Model.load(tmp_path / "MP.json")
    assert again == model
    assert np.array_equal(again.predict(table), model.predict(table))
    (tmp_path / "bad.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(InputError):
        Model.load(tmp_path / "bad.json")


def test_compare_matches_its_definition() -> None:
    rng = np.random.default_rng(1)
    human = rng.normal(size=300)
    base = human + rng.normal(scale=2.0, size=300)
    better = human + rng.normal(scale=0.5, size=300)
    c = compare(better, base, human)
    assert c.gain == pytest.approx((c.r_model - c.r_base) / abs(c.r_base))
    assert c.p_williams < 0.01 and c.p_mrr < 0.01
    assert math.isclose(compare(base, base + 1e-9 * human, human).gain, 0.0, abs_tol=1e-6)


def test_cli_train_and_evaluate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    train = require(WMT17 / "derived" / "newstest2017.da-seg.joined.tsv.gz")
    test = require(WMT21 / "derived" / "newstest2021.ru-en.da-seg.joined.tsv.gz")
    models = tmp_path / "models"
    monkeypatch.setattr(sys, "argv", ["mtmetrics", "paraphrase", "train"])
    args = ["paraphrase", "train", str(train), "--models", "B,BP,M", "--limit", "120", "-q", "-o", str(models)]
    assert main(args) == 0
    assert sorted(p.name for p in models.glob("*.json")) == ["B.json", "BP.json", "M.json"]
    assert Model.load(models / "B.json").features == ["BLEU"]
    out = tmp_path / "table.md"
    args = ["paraphrase", "evaluate", str(models), str(test), "--limit", "80", "-q", "-o", str(out)]
    assert main([*args, "--json", str(tmp_path / "table.json")]) == 0
    text = out.read_text()
    assert "| B | BLEU |" in text and "| BP |" in text and "B vs. BP" in text and "ru-en" in text
    # the JSON holds the numbers the Markdown prints (strict JSON: no NaN)
    doc = json.loads((tmp_path / "table.json").read_text(), parse_constant=lambda c: pytest.fail(c))
    assert doc["format"] == "mtmetrics-paraphrase-evaluation/1" and doc["tests"] == ["ru-en"]
    assert doc["sizes"] == {"ru-en": 80} and doc["training"]["rows"] == "120"
    b, bp = (next(m for m in doc["models"] if m["name"] == n) for n in ("B", "BP"))
    assert b["vs_baseline"] is None and bp["features"] == Model.load(models / "BP.json").features
    gain = bp["vs_baseline"]["ru-en"]["gain"]
    assert (
        f"| BP | {', '.join(bp['features'])} | {bp['train_r']:.3f} | {bp['r']['ru-en']:.3f} ({gain * 100:+.1f}%)"
        in text
    )
    [pair] = doc["comparisons"]
    t = pair["tests"]["ru-en"]
    assert (pair["without"], pair["with"], t["r_model"], t["r_base"]) == ("B", "BP", bp["r"]["ru-en"], b["r"]["ru-en"])
    assert f"(W p={t['p_williams']:.2g}, MRR p={t['p_mrr']:.2g})" in text
    assert doc["commands"] == {"train": "mtmetrics paraphrase train", "evaluate": "mtmetrics paraphrase train"}  # argv
    # refused in one line, nothing written: both outputs on standard output, one language pair twice
    for tables, bad, message in (
        ([test], ["-o", "-", "--json", "-"], "both name '-'"),
        ([test], ["-o", str(tmp_path / "same"), "--json", str(tmp_path / "same")], "its own file"),
        ([test, test], ["-o", str(tmp_path / "twice.md")], "given twice"),
    ):
        assert main(["paraphrase", "evaluate", str(models), *map(str, tables), "--limit", "80", "-q", *bad]) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "twice.md").exists() and not (tmp_path / "same").exists()
