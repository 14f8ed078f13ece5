"""The combination model is a core format (``mtmetrics_meta.combination``, ``mtmetrics-combo/1``).

Files written by ``meta mct -o`` / ``meta regress -o`` on real WMT17 cs-en DA rows are read back
and written again byte for byte (so files written before the format moved to the core load
unchanged); the score of a model is checked against a plain loop over the formula
``intercept + Σ weight · sign · score``; the core names the metrics that apply a model through
``Metric.model_formats`` and picks ``meta report``'s default metrics through ``Metric.plain_text``
(a plugin registered here declares both), not by name.
"""

from __future__ import annotations

import io
import json
import math
import types
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest
import sacrebleu

import mtmetrics
from mtmetrics import InputError, Metric, Param, Segment, plugins
from mtmetrics.cli import main
from mtmetrics_meta.combination import FORMAT, CombinationModel, Feature
from mtmetrics_meta.report import default_metric_names


def _learn(command: str, table: Path, out: Path, *extra: str) -> str:
    buf = io.StringIO()
    args = ["meta", command, str(table), "-m", "chrf", "bleus", "ter", "--human", "z", "--only-group", "cs-en"]
    with redirect_stdout(buf):
        assert main([*args, *extra, "-o", str(out)]) == 0
    return buf.getvalue()


@pytest.mark.parametrize("command", ["mct", "regress"])
def test_written_models_round_trip_byte_for_byte(command: str, wmt17_small: Path, tmp_path: Path) -> None:
    extra = ("--restarts", "1", "--no-loso") if command == "mct" else ()
    _learn(command, wmt17_small, tmp_path / "m.json", *extra)
    text = (tmp_path / "m.json").read_text(encoding="utf-8")
    model = CombinationModel.from_json(text)
    assert model.to_json() == text
    doc = json.loads(text)
    assert doc["format"] == FORMAT and list(doc)[:7] == [
        "format",
        "kind",
        "features",
        "text",
        "weights",
        "intercept",
        "training",
    ]
    assert [f.spec for f in model.features] == ["chrf", "bleus", "ter"]
    assert [f.sign for f in model.features] == [1, 1, -1]  # TER: lower is better, negated for learning
    assert model.training is not None and model.training["rows"] == 560
    assert dict(model.extra) == {k: v for k, v in doc.items() if k not in list(doc)[:7]}
    assert "training_r" in model.extra


def test_hand_written_model_round_trips_and_scores_by_the_formula(tmp_path: Path) -> None:
    sig = {s: str(mtmetrics.load_metric(s).signature("1")) for s in ("chrf", "ter")}
    doc = {
        "format": FORMAT,
        "features": [
            {"spec": "chrf", "signature": sig["chrf"], "sign": 1},
            {"spec": "ter", "signature": sig["ter"], "sign": -1},
        ],
        "weights": [0.25, 2.0],
        "intercept": -3.5,
    }
    text = json.dumps(doc, indent=2) + "\n"
    model = CombinationModel.from_json(text)
    assert model.to_json() == text and model.text is None and model.kind is None
    assert model.text_mismatch(["the text is never checked"] * 50) is None
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    hyps = ["The cat sat on the mat.", "Hello world", "A b c d e"]
    refs = ["The cat sat on a mat.", "Hello, world!", "a b d c e"]
    combo = mtmetrics.load_metric("combo", model=str(path))
    got = [combo.sentence_score(h, [r]).score for h, r in zip(hyps, refs, strict=True)]
    # the formula, written out with sacrebleu's own sentence chrF and TER as the feature scores
    want = [
        -3.5 + 0.25 * sacrebleu.sentence_chrf(h, [r]).score + 2.0 * -sacrebleu.sentence_ter(h, [r]).score
        for h, r in zip(hyps, refs, strict=True)
    ]
    assert got == pytest.approx(want, abs=1e-9)


def test_combine_is_the_formula() -> None:
    rng = np.random.default_rng(7)
    n, k = 50, 4
    x = rng.normal(size=(n, k)) * 30
    signs = [1, -1, 1, -1]
    weights = tuple(float(w) for w in rng.normal(size=k))
    model = CombinationModel(tuple(Feature(f"f{j}", "sig", signs[j]) for j in range(k)), weights, 0.75)
    got = model.combine(model.signed(x))
    for i in range(n):
        want = 0.75 + math.fsum(weights[j] * signs[j] * float(x[i, j]) for j in range(k))
        assert got[i] == pytest.approx(want, rel=1e-12, abs=1e-12)


def test_malformed_models_are_input_errors() -> None:
    with pytest.raises(InputError, match="not JSON"):
        CombinationModel.from_json("{", "m.json")
    with pytest.raises(InputError, match="not an mtmetrics-combo/1 model"):
        CombinationModel.from_json('{"format": "mtmetrics-combo/2", "features": [], "weights": []}')
    with pytest.raises(InputError, match="malformed"):
        CombinationModel.from_json(json.dumps({"format": FORMAT, "weights": [1.0]}))
    with pytest.raises(InputError, match="1 features but 2 weights"):
        CombinationModel.from_json(
            json.dumps({"format": FORMAT, "features": [{"spec": "a", "signature": "s"}], "weights": [1, 2]})
        )


# ------------------------------------------------------------------------------ declared, not named
class _Reader(Metric):
    """A third-party metric that applies combination models and needs its model file."""

    name = "toy-model-reader"
    params = (Param("model", str, None, "model file", None, nullable=True),)
    plain_text = False
    model_formats: ClassVar[tuple[str, ...]] = (FORMAT,)

    def stat_names(self) -> tuple[str, ...]:
        return ("n",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.array([1.0])


class _Plain(_Reader):
    """Runs on plain text (the default of ``plain_text``) and reads no model."""

    name = "toy-plain"
    plain_text = True
    model_formats = ()


def _module(*classes: type[Metric]) -> types.ModuleType:
    module = types.ModuleType("toy_readers")

    @mtmetrics.hookimpl
    def register_metrics(register: Callable[[type[Metric]], None]) -> None:
        for cls in classes:
            register(cls)

    module.register_metrics = register_metrics  # type: ignore[attr-defined]
    return module


@pytest.fixture
def toy_plugin() -> Iterator[None]:
    plugins.REGISTRY.register_plugin(_module(_Reader, _Plain), name="toy_readers")
    yield None
    plugins.REGISTRY.unregister_plugin("toy_readers")


@pytest.mark.usefixtures("toy_plugin")
def test_report_defaults_follow_plain_text() -> None:
    names = default_metric_names(plugins.REGISTRY.metric_registry())
    assert "toy-plain" in names and "toy-model-reader" not in names and "combo" not in names
    for name in names:
        assert plugins.REGISTRY.metric_class(name).plain_text


@pytest.mark.usefixtures("toy_plugin")
def test_learn_names_every_metric_that_reads_the_format(wmt17_small: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    text = _learn("regress", wmt17_small, out)
    assert f"model written to {out} (score with: -m combo:model={out}, -m toy-model-reader:model={out})" in text
