"""The plugin protocol is read directly: what a plugin author fills in on ``Metric`` is what the engine calls.

:class:`mtmetrics.Metric` holds every member a plugin declares or implements, the optional ones
with their defaults, and nothing a user calls (that is on :class:`mtmetrics.api.Scorer`). A public
name a metric class defines that is not a member (nor one of its ``helpers``) is refused when the
plugin registers, so no member is ever ignored silently.
"""

from __future__ import annotations

import abc
import inspect
import re
import textwrap
from typing import Any

import numpy as np
import pytest

import mtmetrics
from mtmetrics import Metric, PluginError, Score, Segment, plugins
from mtmetrics.api import Scorer
from mtmetrics.engine import gate
from mtmetrics.metric import MEMBERS, protocol_problems

#: the plugin protocol, as :class:`Metric`'s docstring lists it, by group
PROTOCOL: dict[str, set[str]] = {
    "declare": {
        "name",
        "params",
        "inputs",
        "aggregation",
        "higher_is_better",
        "score_range",
        "perfect_on_identity",
        "description",
        "helpers",
        "values",
    },
    "implement": {"__init__", "setup", "stat_names", "segment_statistics", "corpus_statistics", "compute_score"},
    "presentation": {"display_name", "score_rows", "thresholds_name"},
    "languages": {"target_languages", "language_resources", "language_defaults", "sentence_defaults"},
    "limits": {"max_segment_tokens", "complexity", "segment_limit", "unit", "count_units"},
    "resources": {"resource_fields", "observe", "fork_safe", "plain_text", "model_formats", "input_fields"},
    "corpus preparation": {"needs_corpus", "build_corpus_state", "corpus_state"},
    "detail": {"segment_details"},
    "conformance examples": {"example_params", "example_annotations"},
}
ALL = set().union(*PROTOCOL.values())
#: Python's object protocol, overridden so metrics pickle by parameters and print them; the slot
#: holding the engine's state of an instance
OBJECT_PROTOCOL = {"__reduce__", "__repr__", "__slots__", "_engine"}
#: what a user calls: on the scorer, never on the metric
USER_METHODS = (
    "corpus_score",
    "sentence_score",
    "segment_scores",
    "segment_results",
    "statistics",
    "statistics_of",
    "score_statistics",
    "score_aggregate",
    "signature",
    "get_signature",
    "prepare",
    "ready",
)
#: what the class machinery adds to any class body
_MACHINERY = {
    "__module__",
    "__qualname__",
    "__doc__",
    "__dict__",
    "__weakref__",
    "__annotations__",
    "__abstractmethods__",
    "_abc_impl",
}


def members(cls: type) -> set[str]:
    """Names defined or annotated by ``cls`` and its bases, ``object`` and ``abc.ABC`` aside."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass in (object, abc.ABC):
            continue
        names |= set(vars(klass)) | set(inspect.get_annotations(klass))
    return names - _MACHINERY


def test_metric_is_the_documented_protocol() -> None:
    assert Metric.__mro__ == (Metric, abc.ABC, object)
    assert members(Metric) == ALL | OBJECT_PROTOCOL
    assert ALL - {"__init__"} == MEMBERS
    doc = Metric.__doc__ or ""
    for name in ALL - {"__init__"}:
        assert f"`{name}`" in doc, f"Metric's docstring does not list {name}"


def test_metric_has_no_user_method_and_the_scorer_has_them_all() -> None:
    for name in USER_METHODS:
        assert not hasattr(Metric, name), name
        assert hasattr(Scorer, name), name
    scorer = mtmetrics.load_metric("chrf")
    assert isinstance(scorer, Scorer) and isinstance(scorer.metric, Metric)
    for name in USER_METHODS:
        assert not hasattr(scorer.metric, name), name


@pytest.mark.parametrize("name", sorted(plugins.REGISTRY.metric_registry()))
def test_every_metric_keeps_the_protocol(name: str) -> None:
    """No public name outside the protocol and the class's helpers: nothing a plugin defines is ignored."""
    assert protocol_problems(plugins.REGISTRY.metric_class(name)) == []


def test_the_docstring_example_runs() -> None:
    doc = Metric.__doc__ or ""
    code = textwrap.dedent(re.search(r"\(a ``sum`` metric\)::\n\n(.*?)\n\n    It gets", doc, re.S).group(1))  # type: ignore[union-attr]
    namespace: dict[str, Any] = {}
    exec(compile(code, "<Metric docstring>", "exec"), namespace)
    assert namespace["result"].score == 2 / 3


class _Bare(Metric):
    """A metric that defines no optional member: every one answers its default."""

    name = "bare"

    def stat_names(self) -> tuple[str, ...]:
        return ("n",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.array([len(segment.hyp)], dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        return Score(float(stats[0]))


def test_the_defaults_of_a_metric_that_defines_no_optional_member(tmp_path: Any) -> None:
    bare = _Bare()
    assert bare.display_name == "BARE"
    assert bare.score_rows(np.array([[1.0], [2.0]])).tolist() == [1.0, 2.0]
    assert bare.target_languages() is None and bare.language_resources() == "its resources"
    assert _Bare.language_defaults("zh", "en") == {} and _Bare.sentence_defaults() == {}
    assert gate.implied_params(_Bare, "zh", "en") == {}
    assert bare.segment_limit() is None and bare.complexity == "O(n + m)" and gate.limit_of(bare) is None
    assert bare.unit == "tokens" and bare.count_units("a b  c") == 3
    assert bare.resource_fields() == () and type(bare).observe is Metric.observe
    assert not _Bare.fork_safe and _Bare.plain_text and _Bare.model_formats == () and _Bare.input_fields == ()
    assert not bare.needs_corpus() and bare.corpus_state is None
    assert gate.ready(bare) and gate.prepare(bare, [("a",)]) is bare
    assert _Bare.example_params(tmp_path) is None
    assert _Bare.example_annotations(["a"], [["a"]], ["a"]) is None
    result = Scorer(bare).corpus_score(["abc", "de"], [["x", "y"]])
    assert result.score == 5.0 and str(result.signature).startswith("BARE|nrefs:1|")
    scorer = Scorer(_Bare())
    scorer.max_segment_tokens = 1
    with pytest.raises(mtmetrics.InputError, match="more than the 1 that bare accepts"):
        scorer.corpus_score(["a b"], [["a"]])


class _Short(_Bare):
    """A third-party metric that sets its limit by the protocol member alone (no base class beside Metric)."""

    name = "short"
    max_segment_tokens = 5
    complexity = "O(n²)"


def test_a_limit_a_plugin_declares_is_honoured() -> None:
    """Once, a limit declared without the base class it lived on was ignored: 8-token segments were scored."""
    scorer = Scorer(_Short())
    assert scorer.max_segment_tokens == 5
    with pytest.raises(mtmetrics.InputError, match="8 tokens, more than the 5 that short accepts"):
        scorer.corpus_score(["a b c d e f g h"], [["a"]])
    assert scorer.corpus_score(["a b c d e"], [["a"]]).score == 9.0


class _Plugin:
    """A plugin registering one metric class."""

    def __init__(self, cls: type) -> None:
        self.cls = cls

    @mtmetrics.hookimpl
    def register_metrics(self, register: Any) -> None:
        register(self.cls)


def _misspelt_limit() -> type:
    class Misspelt(_Bare):
        name = "misspelt"
        max_segment_token = 5

    return Misspelt


def _misspelt_name() -> type:
    class Misspelt(_Bare):
        name = "misspelt"

        @property
        def display_nam(self) -> str:
            return "MIS"

    return Misspelt


def _bad_kind() -> type:
    class Misspelt(_Bare):
        name = "misspelt"
        needs_corpus = True  # type: ignore[assignment]

    return Misspelt


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            _misspelt_limit,
            r"Misspelt\.max_segment_token, which is not a member of Metric\. Did you mean: max_segment_tokens",
        ),
        (_misspelt_name, r"Misspelt\.display_nam, which is not a member of Metric\. Did you mean: display_name"),
        (_bad_kind, r"Misspelt\.needs_corpus as bool, but Metric\.needs_corpus is a method"),
    ],
)
def test_a_member_that_would_be_ignored_is_refused_at_registration(make: Any, message: str) -> None:
    cls = make()
    assert protocol_problems(cls)
    plugins.REGISTRY.register_plugin(_Plugin(cls), "misspelling")
    with pytest.raises(PluginError, match=r"plugin 'misspelling' registered metric 'misspelt' .*" + message):
        plugins.REGISTRY.metric_registry()


def test_a_helper_declared_or_private_is_the_plugin_own() -> None:
    class Helped(_Bare):
        name = "helped"
        helpers = ("tokens",)

        def tokens(self, text: str) -> list[str]:
            return self._split(text)

        def _split(self, text: str) -> list[str]:
            return text.split()

    assert protocol_problems(Helped) == []
    plugins.REGISTRY.register_plugin(_Plugin(Helped), "helped")
    assert mtmetrics.load_metric("helped").metric.tokens("a b") == ["a", "b"]  # type: ignore[attr-defined]


def test_the_engine_keeps_its_state_out_of_the_plugin_instance() -> None:
    scorer = mtmetrics.load_metric("nist", language_pair="de-en")
    scorer.max_segment_tokens = 7
    prepared = scorer.prepare([("a b",)])
    prepared.corpus_score(["a b"], [["a b"]])
    for metric in (scorer.metric, prepared.metric):
        assert not {"max_segment_tokens", "_given_params", "_signatures", "_signature_fields", "corpus_state"} & set(
            vars(metric)
        )
    assert (
        prepared.max_segment_tokens == 7
        and prepared.metric._engine.given == frozenset()
        and prepared.metric.corpus_state is not None
    )
