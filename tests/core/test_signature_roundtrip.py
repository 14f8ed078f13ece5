"""Property test (#37): for every registered metric, with parameter values drawn from each declared
parameter's domain, metric -> signature -> metric gives the same parameters and the same signature,
long and short. Two configurations that print one signature fail here (then the signature is fixed)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics import MtmetricsError, Param
from mtmetrics.plugins import REGISTRY

#: metrics whose every configuration needs a resource absent here, by name, with the reason
SKIP = {"combo": "needs a model file trained by 'mtmetrics meta mct'"}

HYPS = ["the cat sat on the mat .", "a quick brown fox jumps", "no match here"]
REFS = [["the cat sat on a mat .", "a fast brown fox jumped", "nothing matches"]]


def domain(p: Param) -> st.SearchStrategy[Any]:
    """Values of ``p``: its choices, booleans, numbers in its range; a file path or free text keeps its default."""
    if p.path or (p.type is str and p.choices is None):
        values: st.SearchStrategy[Any] = st.just(p.default)
    elif p.choices is not None:
        values = st.sampled_from(p.choices)
    elif p.type is bool:
        values = st.booleans()
    elif p.type is int:
        low, high = p.range or (0, None)
        values = st.integers(int(low), int(low) + 60 if high is None or math.isinf(high) else int(high))
    else:
        low, high = p.range or (-1e6, None)
        top = 1e6 if high is None or math.isinf(high) else high
        values = st.floats(float(low), float(top), allow_nan=False, allow_infinity=False)
    return st.one_of(st.none(), values) if p.nullable else values


def _statistics(scorer: Any) -> Any:
    cls = type(scorer.metric)
    sources = HYPS if cls.inputs.source else None
    notes = cls.example_annotations(HYPS, REFS, HYPS) if cls.inputs.annotations else None
    return scorer.statistics(HYPS, REFS, sources, notes).array


NAMES = [n for n in REGISTRY.metric_registry() if n not in SKIP]


@pytest.mark.parametrize("name", NAMES)
def test_signature_round_trip(name: str) -> None:
    cls = REGISTRY.metric_class(name)
    built = []

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.fixed_dictionaries({p.name: domain(p) for p in cls.params}))
    def check(params: dict[str, Any]) -> None:
        try:
            scorer = mtmetrics.load_metric(name, **params)
        except MtmetricsError:  # values that exclude each other, or a resource absent here: no metric
            assume(False)
            return
        built.append(params)
        loaded = []
        for short in (False, True):
            text = scorer.signature("1").format(short)
            again = mtmetrics.load_metric(text)
            assert type(again.metric) is cls
            assert again.signature("1").format(short) == text
            assert again.signature("1").format(not short) == scorer.signature("1").format(not short)
            loaded.append(again)
        for again in loaded:  # scored last: a run's annotations change a source metric's align field
            if dict(again.metric.values) != dict(scorer.metric.values):
                # only a value the signature cannot tell from the one it stands for (floor's 0.1 given or
                # not, a preset's alpha given or not, a tool mode's ignored tokenizer): the same computation
                assert (_statistics(again) == _statistics(scorer)).all(), (text, params)

    check()
    assert built, f"{name}: no configuration could be built"


def test_skips_are_registered() -> None:
    assert set(SKIP) <= set(REGISTRY.metric_registry())
