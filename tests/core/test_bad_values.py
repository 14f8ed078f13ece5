"""No parameter value can surprise a user, and JSON output is always strict JSON.

* Every ``int``/``float`` parameter of every registered metric declares a range (a plugin author who
  forgets gets this test failing); a value outside it, NaN, or an infinity the range excludes is a
  :class:`ParameterError` through the API and exit status 2 naming the range through the CLI.
* JSON (score, ``list --json``, meta) never holds ``NaN``/``Infinity``: ``null`` and a note instead.
  Parsed here with a parser that refuses those constants, as strict JSON parsers do.
"""

from __future__ import annotations

import json
import math
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics import Metric, Param, ParameterError, Segment, plugins
from mtmetrics.cli import main
from mtmetrics.params import format_range
from mtmetrics_meta.cli.common import _dump
from tests.cli import run_cli as _run
from tests.datapaths import WMT21, read_text, require

REGISTRY = sorted(plugins.REGISTRY.metric_registry())
NUMERIC = [
    (name, p)
    for name in REGISTRY
    for p in plugins.REGISTRY.metric_registry()[name].cls.params
    if p.type in (int, float) and p.type is not bool
]
plugins.REGISTRY.reset()


def _strict_loads(text: str) -> Any:
    """``json.loads`` that refuses NaN and Infinity, as strict JSON parsers do."""

    def refuse(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def wmt(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """Twenty raw WMT21 de-en lines: (hypothesis file, reference file)."""
    d = tmp_path_factory.mktemp("bad")
    base = WMT21 / "txt"
    hyp = read_text(require(base / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:20]
    ref = read_text(require(base / "references" / "newstest2021.de-en.ref.A.en"))[:20]
    (d / "hyp").write_text("".join(x + "\n" for x in hyp), encoding="utf-8")
    (d / "ref").write_text("".join(x + "\n" for x in ref), encoding="utf-8")
    return str(d / "hyp"), str(d / "ref")


# ---------------------------------------------------------------------------------- ranges
def test_numeric_parameters_exist() -> None:
    assert len(NUMERIC) > 20  # the registry was read: every family has some


@pytest.mark.parametrize(("name", "param"), NUMERIC, ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_numeric_parameter_declares_a_range(name: str, param: Param) -> None:
    assert param.range is not None, f"{name}: numeric parameter '{param.name}' declares no range=(low, high)"
    low, high = param.range
    assert not math.isnan(low) and (high is None or not math.isnan(high))
    assert high is None or low <= high
    if param.default is not None:
        assert low <= param.default and (high is None or param.default <= high), (name, param.name)


def _bad_values(param: Param) -> list[Any]:
    """Values outside the declared range: NaN always, an excluded infinity, and just past each finite end."""
    assert param.range is not None
    low, high = param.range
    bad: list[Any] = [math.nan]
    if high != math.inf:
        bad.append(math.inf)
    if low != -math.inf:
        bad.append(-math.inf)
        bad.append(low - 1 if param.type is int else low - 0.5)
    if high is not None and high != math.inf:
        bad.append(high + 1 if param.type is int else high + 0.5)
    return bad


CASES = [(name, p, v) for name, p in NUMERIC for v in _bad_values(p)]


@pytest.mark.parametrize(("name", "param", "value"), CASES, ids=lambda x: x if isinstance(x, str) else str(x))
def test_out_of_range_is_a_parameter_error(name: str, param: Param, value: Any) -> None:
    assert param.range is not None
    with pytest.raises(ParameterError) as info:
        plugins.REGISTRY.metric_class(name)(**{param.name: value})
    message = str(info.value)
    assert param.name in message
    assert format_range(param.range) in message


@pytest.mark.parametrize(("name", "param", "value"), CASES, ids=lambda x: x if isinstance(x, str) else str(x))
def test_out_of_range_exits_2_naming_the_range(wmt: tuple[str, str], name: str, param: Param, value: Any) -> None:
    assert param.range is not None
    hyp, ref = wmt
    text = "nan" if isinstance(value, float) and math.isnan(value) else str(value)
    code, out, err = _run(ref, "-i", hyp, "-m", name, f"--{name}-{param.flag}={text}")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert param.name in err and format_range(param.range) in err


@pytest.mark.parametrize("value", ["inf", "nan", "-5", "1e400"])
def test_bleu_smooth_value_nan_inf_negative(wmt: tuple[str, str], value: str) -> None:
    """The issue's example: these gave NaN scores (or a math domain error)."""
    hyp, ref = wmt
    code, _, err = _run(ref, "-i", hyp, "-m", "bleu", "-s", "add-k", "-sv", value)
    assert code == 2 and "[0, inf)" in err and "smooth_value" in err
    assert mtmetrics.load_metric("bleu", smooth_method="add-k", smooth_value=0.5)  # inside: fine


def test_hlepor_ratio_strings_refuse_infinity() -> None:
    with pytest.raises(ParameterError, match="finite"):
        mtmetrics.load_metric("hlepor", weights="inf:1:1")


def test_ranges_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    text = capsys.readouterr().out
    assert "--bleu-max-ngram-order (int, default 4) range [1, 9]" in text
    assert "--bleu-smooth-value, -sv, --smooth-value (float, default None) range [0, inf)" in text
    assert main(["list", "--json"]) == 0
    doc = _strict_loads(capsys.readouterr().out)
    bleu = next(m for m in doc["metrics"] if m["name"] == "bleu")
    assert {p["name"]: p["range"] for p in bleu["params"]}["max_ngram_order"] == "[1, 9]"
    assert main(["-m", "bleu", "--help"]) == 0
    assert "range [1, 9]" in capsys.readouterr().out


# ------------------------------------------------------------------------------ strict JSON
class _Undefined(Metric):
    """A test metric whose score is NaN on segments containing 'nan' and +inf on those containing 'inf'."""

    name = "toy-undefined"
    aggregation = "mean"
    score_range = (-math.inf, math.inf)
    perfect_on_identity = False

    def stat_names(self) -> tuple[str, ...]:
        return ("score", "ratio")

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        value = math.nan if "nan" in segment.hyp else math.inf if "inf" in segment.hyp else 1.0
        return np.array([value, -value], dtype=np.float64)


@pytest.fixture
def undefined_metric() -> Iterator[None]:
    module = types.ModuleType("toy_undefined")

    @mtmetrics.hookimpl
    def register_metrics(register: Callable[[type[Metric]], None]) -> None:
        register(_Undefined)

    module.register_metrics = register_metrics  # type: ignore[attr-defined]
    plugins.REGISTRY.register_plugin(module, name="toy_undefined")
    yield
    plugins.REGISTRY.unregister_plugin("toy_undefined")


def test_score_json_is_strict_with_notes(undefined_metric: None, tmp_path: Path) -> None:
    hyp, ref = tmp_path / "hyp", tmp_path / "ref"
    hyp.write_text("a nan b\nan inf c\nplain\n", encoding="utf-8")
    ref.write_text("x\ny\nz\n", encoding="utf-8")
    code, out, err = _run(str(ref), "-i", str(hyp), "-m", "toy-undefined", "-f", "json", "-sl")
    assert code == 0, err
    result = _strict_loads(out)["results"][0]  # no bare NaN/Infinity token anywhere
    assert result["score"] is None and result["score_note"].startswith("undefined:")
    assert result["sub_scores"]["ratio"] is None and "ratio" in result["sub_score_notes"]
    assert result["segment_scores"] == [None, None, 1.0]
    assert result["segment_sub_scores"] == [{"ratio": None}, {"ratio": None}, {"ratio": -1.0}]
    notes = result["segment_notes"]
    assert set(notes) == {"1", "2"}
    assert "NaN" in notes["1"]["score"] and "+Infinity" in notes["2"]["score"] and "-Infinity" in notes["2"]["ratio"]


def test_result_to_dict_is_strict(undefined_metric: None) -> None:
    res = mtmetrics.load_metric("toy-undefined").corpus_score(["inf"], [["x"]])
    assert math.isinf(res.score)  # the API keeps the float
    d = res.to_dict()
    assert d["score"] is None and "Infinity" in d["score_note"]
    json.dumps(d, allow_nan=False)


def test_meta_json_refuses_nan_loudly() -> None:
    text = _dump({"r": math.nan, "rows": [1.0, math.inf]})
    assert _strict_loads(text) == {"r": None, "rows": [1.0, None]}


def test_version_is_a_json_string(wmt: tuple[str, str]) -> None:
    hyp, ref = wmt
    code, out, _ = _run(ref, "-i", hyp, "-m", "bleu", "chrf", "-f", "json")
    assert code == 0
    assert _strict_loads(out)["mtmetrics"] == mtmetrics.__version__


def test_exact_sums_of_undefined_statistics_terminate() -> None:
    """A NaN or infinite statistic made the exact running sum loop forever (the CLI hung)."""
    from mtmetrics.engine.accumulate import ExactSum

    acc = ExactSum(3)
    acc.add(np.array([[math.nan, math.inf, 1.0], [1.0, -math.inf, 2.0]]))
    total = acc.total()
    assert math.isnan(total[0]) and math.isnan(total[1]) and total[2] == 3.0
