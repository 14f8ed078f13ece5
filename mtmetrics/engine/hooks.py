"""What the engine reads of a metric's optional capabilities, with the default for a metric without one.

A plugin opts into a capability by inheriting its class (:class:`~mtmetrics.metric.Presentation`,
:class:`~mtmetrics.metric.Languages`, :class:`~mtmetrics.metric.Limits`,
:class:`~mtmetrics.metric.Resources`, :class:`~mtmetrics.metric.CorpusPreparation`,
:class:`~mtmetrics.metric.Examples`); the core never asks a metric for a capability member
directly, but through one function here, which answers what a metric without the capability
means (no languages implied, no limit, no resources, no corpus state). The per-use state the
engine keeps on an instance (a limit the user set, the parameters the user gave, the corpus
state of a prepared copy) is read and written here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np

from ..metric import (
    CorpusPreparation,
    Examples,
    Languages,
    Limits,
    Metric,
    Presentation,
    Resources,
    Segment,
    score_rows_of,
)
from ..signature import Field

#: the key under which an instance keeps the limit a user set on it (``scorer.max_segment_tokens = N``)
_LIMIT = "max_segment_tokens"
#: the key under which an instance keeps the names of the parameters the user gave
_GIVEN = "_given_params"


# -------------------------------------------------------------------------------- presentation
def display_name(metric: Metric) -> str:
    """Name shown in signatures and tables (the registry name in capitals by default)."""
    return metric.display_name if isinstance(metric, Presentation) else type(metric).name.upper()


def score_rows(metric: Metric, totals: np.ndarray) -> np.ndarray:
    """Main scores of many rows of aggregated statistics (``compute_score(row).score`` each)."""
    return metric.score_rows(totals) if isinstance(metric, Presentation) else score_rows_of(metric, totals)


# ----------------------------------------------------------------------------------- languages
def target_languages(metric: Metric) -> tuple[str, ...] | None:
    """Target languages the metric's resources support; ``None``: any."""
    return metric.target_languages() if isinstance(metric, Languages) else None


def language_resources(metric: Metric) -> str:
    """The resources that limit :func:`target_languages`, for the refusal message."""
    return metric.language_resources() if isinstance(metric, Languages) else "its resources"


def language_defaults(cls: type[Metric], target: str, source: str | None = None) -> dict[str, Any]:
    """Parameter values a language pair implies for ``cls`` (none by default)."""
    if not issubclass(cls, Languages):
        return {}
    import inspect

    takes_source = len(inspect.signature(cls.language_defaults).parameters) > 1
    return cls.language_defaults(target, source) if takes_source else cls.language_defaults(target)


def sentence_defaults(cls: type[Metric]) -> dict[str, Any]:
    """Parameter values ``-sl`` implies for ``cls`` (none by default)."""
    return cls.sentence_defaults() if issubclass(cls, Languages) else {}


# -------------------------------------------------------------------------------------- limits
def segment_limit(metric: Metric) -> int | None:
    """The longest segment the metric's parameters allow, in tokens; ``None``: any."""
    return metric.segment_limit() if isinstance(metric, Limits) else None


def complexity(metric: Metric) -> str:
    """The cost of one segment, for messages and ``mtmetrics list``."""
    return metric.complexity if isinstance(metric, Limits) else Limits.complexity


def unit(metric: Metric) -> str:
    """What the metric's limit counts (``"tokens"``, ``"char tokens"``, ``"characters"``)."""
    return metric.unit if isinstance(metric, Limits) else cast("str", Limits.unit.fget(metric))  # type: ignore[attr-defined]


def count_units(metric: Metric, text: str) -> int:
    """The units of ``text`` the metric's limit counts (its tokens; by default whitespace words)."""
    return metric.count_units(text) if isinstance(metric, Limits) else Limits.count_units(cast("Limits", metric), text)


def limit_set(metric: Metric) -> tuple[bool, Any]:
    """Whether the user set a limit on this instance, and the value set (unchecked)."""
    own = vars(metric)
    return (_LIMIT in own, own.get(_LIMIT))


def set_limit(metric: Metric, value: Any) -> None:
    """Set the instance's limit (0 or ``None``: none); checked where it is used (:func:`~.gate.limit_of`)."""
    vars(metric)[_LIMIT] = value


def copy_limit(source: Metric, target: Metric) -> None:
    """Give ``target`` the limit the user set on ``source``, if any."""
    is_set, value = limit_set(source)
    if is_set:
        set_limit(target, value)


# ----------------------------------------------------------------------------------- resources
def resource_fields(metric: Metric) -> tuple[Field, ...]:
    """Signature fields for the resources the metric uses (none by default)."""
    return metric.resource_fields() if isinstance(metric, Resources) else ()


def observes(metric: Metric) -> bool:
    """Whether the metric looks at the segments before they are scored (its signature depends on them)."""
    return isinstance(metric, Resources) and type(metric).observe is not Resources.observe


def observe(metric: Metric, segments: Sequence[Segment]) -> None:
    """Show the metric a chunk of segments in the calling process (nothing by default)."""
    if isinstance(metric, Resources):
        metric.observe(segments)


def fork_safe(cls: type[Metric]) -> bool:
    """Whether a process forked from one that used ``cls`` may go on using its copy (False by default)."""
    return issubclass(cls, Resources) and cls.fork_safe


def plain_text(cls: type[Metric]) -> bool:
    """Whether ``meta report`` may run ``cls`` by default on a table's plain text (True by default)."""
    return not issubclass(cls, Resources) or cls.plain_text


def model_formats(cls: type[Metric]) -> tuple[str, ...]:
    """Model file formats the ``model`` parameter of ``cls`` reads (none by default)."""
    return cls.model_formats if issubclass(cls, Resources) else ()


# --------------------------------------------------------------------------- corpus preparation
def needs_corpus(metric: Metric) -> bool:
    """Whether the metric's statistics depend on state built from the whole corpus's references."""
    return isinstance(metric, CorpusPreparation) and metric.needs_corpus()


def corpus_state(metric: Metric) -> Any:
    """The corpus state of a prepared copy (None otherwise)."""
    return metric.corpus_state if isinstance(metric, CorpusPreparation) else None


def prepare(metric: Metric, references: Iterable[Sequence[str]]) -> Metric:
    """A copy of ``metric`` ready to score the corpus whose segments have ``references``.

    Returns ``metric`` itself when it needs no corpus state. ``references`` yields each segment's
    references in corpus order (missing ones already dropped, as in :class:`Segment`); it is
    consumed once, so a generator over files works. The copy keeps a limit set on the instance.
    """
    if not isinstance(metric, CorpusPreparation) or not metric.needs_corpus():
        return metric
    prepared = type(metric)(**metric.values)
    assert isinstance(prepared, CorpusPreparation)
    prepared.corpus_state = metric.build_corpus_state(references)
    copy_limit(metric, prepared)
    return prepared


def ready(metric: Metric) -> bool:
    """Whether this copy can score segments (prepared, or needing no preparation)."""
    return not isinstance(metric, CorpusPreparation) or metric.corpus_state is not None or not metric.needs_corpus()


def require_ready(metric: Metric) -> None:
    """Raise when an unprepared copy of a corpus-prepared metric is about to score segments."""
    if not ready(metric):
        raise RuntimeError(
            f"{display_name(metric)} needs the corpus's references before scoring segments: score with "
            f"a prepared copy (corpus_score, statistics and the CLI prepare it; scorer.prepare(references))."
        )


# ------------------------------------------------------------------------------- given params
def given(metric: Metric) -> frozenset[str] | None:
    """The parameters the user set, when the metric was built through the gate (else ``None``)."""
    value = vars(metric).get(_GIVEN)
    return value if isinstance(value, frozenset) else None


def set_given(metric: Metric, names: Iterable[str]) -> None:
    """Record which parameters the user set (a language pair's defaults apply to the others)."""
    vars(metric)[_GIVEN] = frozenset(names)


# ------------------------------------------------------------------------------ conformance
def example_params(cls: type[Metric], folder: Path) -> dict[str, str] | None:
    """Parameters the conformance suite builds ``cls`` with (None: its defaults)."""
    return cls.example_params(folder) if issubclass(cls, Examples) else None


def example_annotations(
    cls: type[Metric], hyps: list[str], refs: list[list[str | None]], sources: list[str]
) -> dict[str, Any] | None:
    """Annotations the conformance suite's corpus gives ``cls`` (None: none)."""
    return cls.example_annotations(hyps, refs, sources) if issubclass(cls, Examples) else None


__all__ = [
    "complexity",
    "copy_limit",
    "corpus_state",
    "count_units",
    "display_name",
    "example_annotations",
    "example_params",
    "fork_safe",
    "given",
    "language_defaults",
    "language_resources",
    "limit_set",
    "model_formats",
    "needs_corpus",
    "observe",
    "observes",
    "plain_text",
    "prepare",
    "ready",
    "require_ready",
    "resource_fields",
    "score_rows",
    "segment_limit",
    "sentence_defaults",
    "set_given",
    "set_limit",
    "target_languages",
    "unit",
]
