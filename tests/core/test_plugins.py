"""The plugin manager: built-ins, entry points, failures, duplicates, disabling, hook docs."""

from __future__ import annotations

import inspect
import subprocess
import sys
import types
from collections.abc import Callable

import numpy as np
import pluggy
import pytest

import mtmetrics
from mtmetrics import Metric, PluginError, Score, Scorer, Segment, UnknownMetricError, hookspecs, plugins
from mtmetrics.cli import main


class Length(Metric):
    """Hypothesis length in tokens (a toy metric for plugin tests)."""

    name = "toy-length"
    aggregation = "mean"
    score_range = (0.0, float("inf"))
    perfect_on_identity = False

    def stat_names(self) -> tuple[str, ...]:
        return ("length",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.array([len(segment.hyp.split())], dtype=np.float64)


def _plugin_module(name: str, *classes: type[Metric]) -> types.ModuleType:
    module = types.ModuleType(name)

    @mtmetrics.hookimpl
    def register_metrics(register: Callable[[type[Metric]], None]) -> None:
        for cls in classes:
            register(cls)

    module.register_metrics = register_metrics  # type: ignore[attr-defined]
    return module


class FakeDist:
    def __init__(self, name: str, version: str) -> None:
        self.metadata = {"Name": name}
        self.version = version


class FakeEntryPoint:
    def __init__(self, name: str, load: Callable[[], object], dist: FakeDist) -> None:
        self.name = name
        self._load = load
        self.dist = dist

    def load(self) -> object:
        return self._load()


def test_builtin_metrics_come_from_builtin_plugins() -> None:
    entry = plugins.REGISTRY.metric_registry()["bleu"]
    assert entry.plugin.name == "mtmetrics_classic" and entry.plugin.builtin
    assert entry.plugin.distribution == "mtmetrics" and entry.plugin.version == mtmetrics.__version__


def test_register_and_unregister_a_plugin_object() -> None:
    plugins.REGISTRY.register_plugin(_plugin_module("toy", Length), name="toy", distribution="toy-dist", version="9.9")
    try:
        res = mtmetrics.load_metric("toy-length").corpus_score(["a b c", "a"], [["x", "y"]])
        assert res.score == 2.0
        assert res.signature.get("plugin") == "toy-dist@9.9"
    finally:
        plugins.REGISTRY.unregister_plugin("toy")
    with pytest.raises(UnknownMetricError):
        mtmetrics.load_metric("toy-length")


def test_entry_points_load_and_a_broken_one_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> object:
        raise ImportError("No module named 'numpyy'")

    eps = [
        FakeEntryPoint("good", lambda: _plugin_module("good", Length), FakeDist("mtmetrics-good", "1.2.3")),
        FakeEntryPoint("bad", broken, FakeDist("mtmetrics-bad", "0.1")),
    ]
    monkeypatch.setattr(plugins, "entry_points", lambda group: eps if group == "mtmetrics" else [])
    plugins.REGISTRY.reset()
    assert plugins.REGISTRY.load_errors() == [("bad", "ImportError: No module named 'numpyy'")]
    entry = plugins.REGISTRY.metric_registry()["toy-length"]
    assert (entry.plugin.name, entry.plugin.distribution, entry.plugin.version) == ("good", "mtmetrics-good", "1.2.3")
    assert "bleu" in plugins.REGISTRY.metric_registry()  # the built-ins still load


def test_duplicate_metric_name_names_both_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeBleu(Length):
        name = "bleu"

    eps = [
        FakeEntryPoint("imposter", lambda: _plugin_module("imposter", FakeBleu), FakeDist("mtmetrics-imposter", "2.0"))
    ]
    monkeypatch.setattr(plugins, "entry_points", lambda group: eps)
    plugins.REGISTRY.reset()
    with pytest.raises(
        PluginError,
        match=r"'bleu' is registered twice: by plugin 'mtmetrics_classic'.*'imposter' \(mtmetrics-imposter 2.0\)",
    ):
        plugins.REGISTRY.metric_registry()
    # disabling either one resolves it
    monkeypatch.setenv(plugins.DISABLE_ENV, "imposter")
    plugins.REGISTRY.reset()
    assert plugins.REGISTRY.metric_registry()["bleu"].plugin.name == "mtmetrics_classic"


def test_disable_builtin_plugin_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(plugins.DISABLE_ENV, "mtmetrics_classic, other")
    plugins.REGISTRY.reset()
    assert "bleu" not in plugins.REGISTRY.metric_registry()


def test_disable_plugin_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json", "--disable-plugin", "mtmetrics_classic"]) == 0
    assert '"bleu"' not in capsys.readouterr().out
    assert main(["--disable-plugin=mtmetrics_classic", "-m", "bleu", "x"]) == 2
    assert "unknown metric 'bleu'" in capsys.readouterr().err


def test_not_a_metric_is_rejected() -> None:
    plugins.REGISTRY.register_plugin(_plugin_module("odd", int), name="odd")  # type: ignore[arg-type]
    try:
        with pytest.raises(PluginError, match="plugin 'odd' registered <class 'int'>, which is not a Metric"):
            plugins.REGISTRY.metric_registry()
    finally:
        plugins.REGISTRY.unregister_plugin("odd")


def test_misspelt_hook_fails_loudly() -> None:
    module = types.ModuleType("typo")

    @mtmetrics.hookimpl
    def register_metric(register: Callable[[type[Metric]], None]) -> None:  # missing "s"
        """Misspelt on purpose."""

    module.register_metric = register_metric  # type: ignore[attr-defined]
    with pytest.raises(pluggy.PluginValidationError):
        plugins.REGISTRY.register_plugin(module, name="typo")
    plugins.REGISTRY.reset()


def test_importing_mtmetrics_loads_no_plugin() -> None:
    code = "import sys, mtmetrics, mtmetrics.plugins, mtmetrics.cli; print('mtmetrics_classic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_every_hook_is_documented() -> None:
    specs = [obj for name, obj in vars(hookspecs).items() if inspect.isfunction(obj) and hasattr(obj, "mtmetrics_spec")]
    assert {s.__name__ for s in specs} == {
        "register_metrics",
        "register_commands",
        "add_row_options",
        "annotate_lines",
        "annotate_table",
        "word_alignments",
    }
    for spec in specs:
        doc = inspect.getdoc(spec) or ""
        assert "Called" in doc, f"{spec.__name__}: say when it is called"
        for arg in inspect.signature(spec).parameters:
            assert arg in doc, f"{spec.__name__}: document the argument {arg}"


def test_metric_without_compute_score_for_sum_fails_clearly() -> None:
    class Incomplete(Length):
        aggregation = "sum"  # type: ignore[assignment]  # Length is a mean metric; this one claims sum

    with pytest.raises(NotImplementedError, match="must implement compute_score"):
        Scorer(Incomplete()).corpus_score(["a"], [["a"]])


def test_mean_metric_default_score_is_the_mean() -> None:
    res = Scorer(Length()).corpus_score(["a b", "a b c d"], [["x", "y"]])
    assert res.score == 3.0 and res.signature.get("plugin") == "unregistered@0"
    assert Score(1.0).sub_scores == {}
