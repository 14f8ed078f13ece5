"""The plugin protocol stays small: what a plugin author reads on ``Metric`` and what a user calls elsewhere.

:class:`mtmetrics.Metric` holds the declarations and functions a plugin implements, nothing a
user calls; optional hooks live on the capability classes a plugin opts into, and every user
method is on :class:`mtmetrics.api.Scorer`.
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
from mtmetrics import Metric, Score, Segment, plugins
from mtmetrics.api import Scorer
from mtmetrics.engine import hooks
from mtmetrics.metric import CAPABILITIES

#: the plugin protocol, as :class:`Metric`'s docstring lists it
PROTOCOL = {
    # declarations
    "name",
    "params",
    "inputs",
    "aggregation",
    "higher_is_better",
    "score_range",
    "perfect_on_identity",
    "description",
    "values",
    # what a plugin implements
    "__init__",
    "setup",
    "stat_names",
    "segment_statistics",
    "corpus_statistics",
    "compute_score",
}
#: Python's object protocol, overridden so metrics pickle by parameters and print them
OBJECT_PROTOCOL = {"__reduce__", "__repr__"}
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
    assert members(Metric) == PROTOCOL | OBJECT_PROTOCOL
    assert len(PROTOCOL) <= 15
    doc = Metric.__doc__ or ""
    for name in PROTOCOL - {"__init__"}:
        assert f"`{name}`" in doc, f"Metric's docstring does not list {name}"


def test_metric_has_no_user_method_and_the_scorer_has_them_all() -> None:
    for name in USER_METHODS:
        assert not hasattr(Metric, name), name
        assert hasattr(Scorer, name), name
    scorer = mtmetrics.load_metric("chrf")
    assert isinstance(scorer, Scorer) and isinstance(scorer.metric, Metric)
    for name in USER_METHODS:
        assert not hasattr(scorer.metric, name), name


def test_capabilities_are_disjoint_from_the_protocol_and_each_other() -> None:
    seen: set[str] = set()
    for capability in CAPABILITIES:
        own = members(capability) - {"values"}  # a capability may read the parameter values
        assert not own & (PROTOCOL | OBJECT_PROTOCOL), capability
        assert not own & seen, capability
        seen |= own
        assert len(own) <= 5, f"{capability.__name__} has {len(own)} members"


@pytest.mark.parametrize("name", sorted(plugins.metric_registry()))
def test_a_metric_defining_a_capability_member_inherits_the_capability(name: str) -> None:
    """A hook a plugin defines without its capability would be ignored by the engine: never."""
    cls = plugins.metric_class(name)
    for capability in CAPABILITIES:
        for member in members(capability) - {"values"}:
            defined = any(member in vars(k) for k in cls.__mro__ if k is not capability)
            assert not defined or issubclass(cls, capability), (
                f"{name} defines {member} but does not inherit {capability.__name__}"
            )


def test_the_docstring_example_runs() -> None:
    doc = Metric.__doc__ or ""
    code = textwrap.dedent(re.search(r"\(a ``sum`` metric\)::\n\n(.*?)\n\n    It gets", doc, re.S).group(1))  # type: ignore[union-attr]
    namespace: dict[str, Any] = {}
    exec(compile(code, "<Metric docstring>", "exec"), namespace)
    assert namespace["result"].score == 2 / 3


class _Bare(Metric):
    """A metric with no capability: every hook answers its default."""

    name = "bare"

    def stat_names(self) -> tuple[str, ...]:
        return ("n",)

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return np.array([len(segment.hyp)], dtype=np.float64)

    def compute_score(self, stats: np.ndarray) -> Score:
        return Score(float(stats[0]))


def test_hooks_answer_the_defaults_for_a_metric_without_capabilities(tmp_path: Any) -> None:
    bare = _Bare()
    assert hooks.display_name(bare) == "BARE"
    assert hooks.score_rows(bare, np.array([[1.0], [2.0]])).tolist() == [1.0, 2.0]
    assert hooks.target_languages(bare) is None and hooks.language_resources(bare) == "its resources"
    assert hooks.language_defaults(_Bare, "zh", "en") == {} and hooks.sentence_defaults(_Bare) == {}
    assert hooks.segment_limit(bare) is None and hooks.complexity(bare) == "O(n + m)"
    assert hooks.resource_fields(bare) == () and not hooks.observes(bare)
    assert not hooks.fork_safe(_Bare) and hooks.plain_text(_Bare) and hooks.model_formats(_Bare) == ()
    assert not hooks.needs_corpus(bare) and hooks.ready(bare) and hooks.prepare(bare, [("a",)]) is bare
    assert hooks.example_params(_Bare, tmp_path) is None
    assert hooks.example_annotations(_Bare, ["a"], [["a"]], ["a"]) is None
    result = Scorer(bare).corpus_score(["abc", "de"], [["x", "y"]])
    assert result.score == 5.0 and str(result.signature).startswith("BARE|nrefs:1|")
    scorer = Scorer(_Bare())
    scorer.max_segment_tokens = 1
    with pytest.raises(mtmetrics.InputError, match="more than the 1 that bare accepts"):
        scorer.corpus_score(["a b"], [["a"]])
