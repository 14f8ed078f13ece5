"""The gate every road passes before anything is scored, so a promise holds on all roads or none.

:func:`build_metric` applies a language pair's defaults and refuses an uncovered target before the
metric loads anything; :func:`admit` builds segments and refuses one over a metric's limit
(:func:`limit_of`); :func:`prepare` gives a metric needing the corpus's references a prepared copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from ..errors import InputError, ParameterError
from ..metric import EngineState, Inputs, Metric, Segment, build_segments
from ..params import resolve_params


def bare_metric(metric: Any) -> Metric:
    """The plugin metric behind what a user passes: a :class:`~mtmetrics.api.Scorer`'s, or a bare metric."""
    inner = metric if isinstance(metric, Metric) else getattr(metric, "metric", None)  # a Scorer's
    if not isinstance(inner, Metric):
        raise ParameterError(f"expected a metric (mtmetrics.load_metric(name)), got {metric!r:.60}.")
    return inner


# ------------------------------------------------------------------------------------ limits
def limit_of(metric: Metric) -> int | None:
    """The longest segment ``metric`` scores (``None``: any): the user's (0: none), else its parameters'."""
    user = metric._engine.limit
    return metric.segment_limit() if user is None else user or None


# ------------------------------------------------------------------------ corpus preparation
def prepare(metric: Metric, references: Iterable[Sequence[str]]) -> Metric:
    """A copy of ``metric`` (with its engine state) ready for the corpus whose segments have ``references``
    (read once); ``metric`` itself when it needs no corpus state."""
    if not metric.needs_corpus():
        return metric
    prepared = type(metric)(**metric.values)
    prepared._engine = replace(metric._engine, corpus_state=metric.build_corpus_state(references))
    return prepared


def ready(metric: Metric) -> bool:
    """Whether this copy can score segments (prepared, or needing no preparation)."""
    return metric.corpus_state is not None or not metric.needs_corpus()


def require_ready(metric: Metric) -> None:
    """Raise when an unprepared copy of a corpus-prepared metric is about to score segments."""
    if not ready(metric):
        raise RuntimeError(
            f"{metric.display_name} needs the corpus's references before scoring segments: score with "
            f"a prepared copy (corpus_score, statistics and the CLI prepare it; scorer.prepare(references))."
        )


@dataclass(frozen=True)
class Rule:
    """One metric's limit: at most ``tokens`` of its units (:meth:`~mtmetrics.Metric.count_units`)."""

    tokens: int
    metric: Metric
    complexity: str

    def over(self, text: str) -> int | None:
        """The units of ``text`` when more than the limit, else ``None`` (short texts stop at ``len``)."""
        if len(text) <= self.tokens:
            return None
        n = self.metric.count_units(text)
        return n if n > self.tokens else None

    def says(self, n: int) -> str:
        """``n`` units against the limit, and why there is one (the middle of a refusal)."""
        return (
            f"{n} {self.metric.unit}, more than the {self.tokens} that {type(self.metric).name} accepts "
            f"(its cost grows as {self.complexity})"
        )


@dataclass(frozen=True)
class Limit:
    """The limits of the chosen metrics, each counted in its metric's own units."""

    rules: tuple[Rule, ...]

    @property
    def tokens(self) -> int:
        """The smallest limit: a text of at most this many characters passes every rule."""
        return min(rule.tokens for rule in self.rules)

    def refuse(self, text: str, where: str, fix: str) -> None:
        """Refuse ``text`` if it breaks a rule: ``where``, its count of that rule's units, then how to ``fix`` it."""
        for rule in self.rules:
            n = rule.over(text)
            if n is not None:
                raise InputError(f"{where}{rule.says(n)}; raise the limit with {fix}.")

    def check_segments(self, segments: Sequence[Segment], first: int = 1, rows: Iterable[int] | None = None) -> None:
        """Refuse a segment (of ``rows``, ``None``: all; named ``first + index``) with a text over the limit."""
        limit = self.tokens
        fix = "metric.max_segment_tokens = N (0: none; --max-segment-tokens N on the command line)"
        for i in range(len(segments)) if rows is None else rows:
            segment = segments[i]
            if len(segment.hyp) <= limit and (not segment.refs or max(map(len, segment.refs)) <= limit):
                continue
            for what, text in (("hypothesis", segment.hyp), *(("reference", r) for r in segment.refs)):
                self.refuse(text, f"segment {first + i}: the {what} has ", f"{fix}, or split the segment")

    def check_lines(self, blocks: Sequence[bytes], names: Sequence[str], first: int) -> None:
        """Refuse a line over the limit in undecoded blocks of lines starting at line ``first`` of each file
        (only lines longer in bytes than the smallest limit are decoded)."""
        for raw, name in zip(blocks, names, strict=True):
            if len(raw) <= self.tokens:
                continue
            for index, line in enumerate(raw.split(b"\n")):
                if len(line) > self.tokens:
                    fix = "--max-segment-tokens N (0: none), or split the line"
                    self.refuse(line.decode("utf-8", "replace"), f"{name}:{first + index}: ", fix)


def strictest(metrics: Iterable[Metric], override: int | None = None) -> Limit | None:
    """The limits of ``metrics`` (``None``: none), or ``override`` for each of them (0: no limit)."""
    if override is not None:
        if isinstance(override, bool) or not isinstance(override, int) or override < 0:
            raise ParameterError(f"--max-segment-tokens must be 0 (no limit) or more, got {override}.")
        if override == 0:
            return None
    rules = []
    for metric in metrics:
        tokens = override if override is not None else limit_of(metric)
        if tokens is not None:
            cost = "the option's value" if override is not None else metric.complexity
            rules.append(Rule(tokens, metric, cost))
    return Limit(tuple(sorted(rules, key=lambda r: r.tokens))) if rules else None


def check(
    metrics: Iterable[Metric], segments: Sequence[Segment], first: int = 1, rows: Iterable[int] | None = None
) -> None:
    """The limit check every road runs on built segments (:meth:`Limit.check_segments`)."""
    limit = strictest(metrics)
    if limit is not None:
        limit.check_segments(segments, first, rows)


def default_limit(cls: type[Metric]) -> tuple[int | None, str, str]:
    """The limit, unit and cost of ``cls`` with its defaults, without building it (``mtmetrics list``)."""
    view = unbuilt(cls, resolve_params(cls.params, {}, cls.name))
    return view.segment_limit(), view.unit, view.complexity


# --------------------------------------------------------------------------------- languages
def unbuilt(cls: type[Metric], values: Mapping[str, Any]) -> Metric:
    """An instance holding only checked parameter values, without :meth:`~mtmetrics.Metric.setup`: what the
    declarations that depend on parameters alone (languages, limits) read."""
    view = cls.__new__(cls)
    view._engine = EngineState()
    view.values = MappingProxyType(dict(values))
    return view


def language_refusal(metric: Metric | type[Metric], target: str, values: Mapping[str, Any] | None = None) -> str | None:
    """Why ``metric`` (an instance, or a class with its checked ``values``) cannot score ``target``, or ``None``."""
    view = metric if isinstance(metric, Metric) else unbuilt(metric, values or {})
    supported = view.target_languages()
    if supported is None or target in supported:
        return None
    resources = view.language_resources()
    return f"{type(view).name} cannot score {target}: {resources} cover {', '.join(supported)} only"


def refuse_language(
    metric: Metric | type[Metric], target: str, context: str = "", values: Mapping[str, Any] | None = None
) -> None:
    """Raise :func:`language_refusal`'s reason, if any, as a :class:`ParameterError` ending with ``context``."""
    reason = language_refusal(metric, target, values)
    if reason is not None:
        raise ParameterError(f"{reason}{context}.")


def implied_params(cls: type[Metric], target: str, source: str | None = None) -> dict[str, Any]:
    """The parameter values ``cls`` implies for a language pair (only its declared parameters)."""
    declared = {p.name for p in cls.params}
    return {k: v for k, v in cls.language_defaults(target, source).items() if k in declared}


def build_metric(
    cls: type[Metric],
    params: Mapping[str, Any],
    target: str | None = None,
    source: str | None = None,
    implied: Mapping[str, Any] | None = None,
    context: str = "",
) -> Metric:
    """``cls`` built from the user's ``params``: the pair's defaults and ``implied`` (``-sl``'s) fill the
    rest, and an uncovered ``target`` is refused before :meth:`~mtmetrics.Metric.setup` (``context`` ends
    the message)."""
    given = dict(params)
    chosen = dict(implied or {})
    if target is not None:
        chosen.update(implied_params(cls, target, source))
    chosen.update(given)
    if target is not None:
        refuse_language(cls, target, context, resolve_params(cls.params, chosen, cls.name))
    metric = cls(**chosen)
    metric._engine.given = frozenset(given)
    if target is not None:  # what only the built metric knows (a combination's features)
        refuse_language(metric, target, context)
    return metric


def for_language(metric: Metric, target: str, source: str | None = None) -> Metric:
    """``metric`` re-built for a language pair when the pair implies other values for parameters the user
    did not set (outside :func:`build_metric`, a value other than the default counts as set)."""
    cls = type(metric)
    given = metric._engine.given
    if given is None:
        given = frozenset(p.name for p in cls.params if metric.values[p.name] != p.default)
    implied = {k: v for k, v in implied_params(cls, target, source).items() if k not in given}
    if all(metric.values[k] == v for k, v in implied.items()):
        return metric
    rebuilt = cls(**{**{k: metric.values[k] for k in given}, **implied})
    rebuilt._engine.given, rebuilt._engine.limit = given, metric._engine.limit
    return rebuilt


# ---------------------------------------------------------------------------------- segments
@cache
def inputs_of(classes: tuple[type[Metric], ...]) -> Inputs:
    """What segments for metrics of ``classes`` need: any one's source, every one's annotations (sorted);
    cached, since the per-segment API asks again and again."""
    return Inputs(
        source=any(cls.inputs.source for cls in classes),
        annotations=tuple(sorted({a for cls in classes for a in cls.inputs.annotations})),
        references=not classes or any(cls.inputs.references for cls in classes),  # unless all are reference-free
        hints={k: v for cls in classes for k, v in cls.inputs.hints.items()},
    )


def admit(
    metrics: Sequence[Metric],
    hyps: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    sources: Sequence[str] | None = None,
    annotations: Mapping[str, Sequence[Any]] | None = None,
    names: Mapping[str, str] | None = None,
    first: int = 1,
    target: str | None = None,
) -> list[Segment]:
    """The checked segments ``metrics`` may score: streams, required inputs, limits and (``target``) language."""
    if target is not None:
        for metric in metrics:
            refuse_language(metric, target)
    inputs = inputs_of(tuple(type(m) for m in metrics))
    segments = build_segments(hyps, refs, sources, annotations, inputs, names, first)
    check(metrics, segments, first)
    return segments
