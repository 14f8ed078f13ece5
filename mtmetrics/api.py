"""What a user calls on a metric: :class:`Scorer`, sacrebleu's methods over the engine."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import numpy as np

from .engine import gate, results
from .engine.results import result, score_aggregate, score_statistics, segment_results, signature
from .engine.scoring import score_chunk, statistics_of
from .errors import InputError, ParameterError
from .metric import Metric, Segment, Statistics, references_of
from .params import number
from .result import Result
from .signature import Signature

_P = ParamSpec("_P")
_T = TypeVar("_T")


def _then(
    name: str, read: Callable[Concatenate[Scorer, _P], Statistics], finish: Callable[[Metric, Statistics], _T], doc: str
) -> Callable[Concatenate[Scorer, _P], _T]:
    """Method ``name``: ``finish`` of ``read``'s statistics, with ``read``'s arguments (one signature for all)."""

    def method(self: Scorer, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        return finish(self.metric, read(self, *args, **kwargs))

    functools.update_wrapper(method, read)  # help() shows read's arguments
    method.__name__, method.__qualname__, method.__doc__ = name, f"Scorer.{name}", doc
    return method


class Scorer:
    """A built metric (:attr:`metric`) with sacrebleu's API and the statistics kept for resampling.

    :func:`mtmetrics.load_metric` builds one from a registry name; the metric's declarations are
    read on :attr:`metric` (``scorer.metric.display_name``).
    """

    def __init__(self, metric: Metric) -> None:
        if not isinstance(metric, Metric):
            raise ParameterError(
                f"Scorer wraps a built metric, got {metric!r}: use mtmetrics.load_metric(name) for a metric by name."
            )
        #: the plugin's metric instance this scorer scores with
        self.metric = metric
        #: number of references of the last corpus scored (for :meth:`get_signature`)
        self.last_nrefs: str | None = None

    def __repr__(self) -> str:
        return f"Scorer({self.metric!r})"

    @property
    def max_segment_tokens(self) -> int | None:
        """The longest segment scored, in tokens (``None``: any); settable (0 or ``None``: no limit)."""
        return gate.limit_of(self.metric)

    @max_segment_tokens.setter
    def max_segment_tokens(self, value: int | None) -> None:
        self.metric._engine.limit = 0 if value is None else number(value, "max_segment_tokens", int, (0, None))

    def prepare(self, references: Iterable[Sequence[str]]) -> Scorer:
        """A scorer ready for the corpus whose segments have ``references`` (``self`` if the metric
        needs no corpus state); ``references`` is read once, so a generator over files works."""
        if isinstance(references, (str, bytes)) or not isinstance(references, Iterable):
            raise InputError(f"prepare: references are each segment's list of references, got {references!r:.40}.")
        prepared = gate.prepare(self.metric, references)
        return self if prepared is self.metric else Scorer(prepared)

    @property
    def ready(self) -> bool:
        """Whether this scorer can score segments (prepared, or needing no preparation)."""
        return gate.ready(self.metric)

    def get_signature(self) -> Signature:
        """The signature of the last corpus scored (it names its number of references), as sacrebleu's."""
        if self.last_nrefs is None:
            raise InputError(
                f"{self.metric.display_name}.get_signature(): score a corpus first (the signature names its number "
                f"of references), or call signature(nrefs) with the number of references."
            )
        return signature(self.metric, self.last_nrefs)

    def signature(self, nrefs: str = "1") -> Signature:
        """The signature of this metric instance for a run with ``nrefs`` references."""
        return signature(self.metric, nrefs)

    def statistics(
        self,
        hyps: Iterable[str] | None = None,
        refs: Iterable[Iterable[str | None]] | None = None,
        sources: Iterable[str] | None = None,
        annotations: Mapping[str, Sequence[Any]] | None = None,
        jobs: int = 1,
        *,
        hypotheses: Iterable[str] | None = None,
        references: Iterable[Iterable[str | None]] | None = None,
    ) -> Statistics:
        """Segment statistics of a corpus: the raw material of scores, bootstrap and paired tests.

        ``refs`` is a list of reference streams, each as long as ``hyps``; ``hypotheses`` and
        ``references`` are sacrebleu's names for them, and any iterable works. ``jobs > 1`` uses
        that many worker processes (same bits). The segments are the corpus a metric needing
        corpus state is prepared from; one over the metric's limit is refused before any is scored.
        """
        hyp_list, ref_lists = _streams(hyps, hypotheses, refs, references)
        annotations = _mapping(annotations)
        sources = sources if sources is None or isinstance(sources, Sequence) else _listed(sources, "sources")
        segments = gate.admit([self.metric], hyp_list, ref_lists, sources, annotations)
        stats = statistics_of(gate.prepare(self.metric, references_of(segments)), segments, jobs)
        self.last_nrefs = stats.nrefs
        return stats

    def statistics_of(
        self, segments: Sequence[Segment], jobs: int = 1, progress: Callable[[int], None] | None = None
    ) -> Statistics:
        """Statistics of already built segments, with this scorer's metric (its corpus state kept)."""
        return statistics_of(self.metric, segments, jobs, progress)

    def score_statistics(self, stats: Statistics, weights: np.ndarray | None = None) -> Result:
        """The corpus result of (optionally resampled) statistics."""
        return score_statistics(self.metric, stats, weights)

    def score_aggregate(self, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
        """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
        return score_aggregate(self.metric, aggregated, n_segments, nrefs)

    def segment_results(self, stats: Statistics) -> list[Result]:
        """Per-segment results from already computed statistics (no re-scoring of text)."""
        return segment_results(self.metric, stats)

    corpus_score = _then(
        "corpus_score", statistics, results.score_statistics, "Score a corpus; takes :meth:`statistics`' arguments."
    )
    segment_scores = _then(
        "segment_scores",
        statistics,
        results.segment_results,
        "One result per segment (as :meth:`sentence_score`); :meth:`statistics`' arguments.",
    )

    def sentence_score(
        self,
        hyp: str | None = None,
        refs: Iterable[str | None] | None = None,
        source: str | None = None,
        annotations: Mapping[str, Any] | None = None,
        *,
        hypothesis: str | None = None,
        references: Iterable[str | None] | None = None,
    ) -> Result:
        """Score one segment against its references (``hypothesis=``/``references=`` as in sacrebleu)."""
        hyp = _given("hyp", hyp, "hypothesis", hypothesis)
        refs = [] if refs is None and references is None else _given("refs", refs, "references", references)
        if isinstance(refs, str) or not isinstance(hyp, str):
            raise InputError(
                "sentence_score: the hypothesis is one string and the references a list of strings, "
                "not one string: e.g. sentence_score('a b', ['a b c'])."
            )
        metric = self.metric
        ann = _mapping(annotations)
        ann = {k: [v] for k, v in ann.items()} if ann else None
        ref_streams = [[r] for r in _listed(refs, "references")]
        sources = None if source is None else [source]
        if type(metric).segment_details is not Metric.segment_details:  # the segment's detail too
            return self.segment_scores([hyp], ref_streams, sources, ann)[0]
        if type(metric).observe is not Metric.observe or metric.needs_corpus():
            return self.corpus_score([hyp], ref_streams, sources, ann)
        segments = gate.admit([metric], [hyp], ref_streams, sources, ann)
        # one segment, no corpus state, no observer: the corpus road's chunking and sums would only
        # cost time (a third of chrF's per-segment time); same gate, statistics and score
        (rows,) = score_chunk([metric], segments)
        self.last_nrefs = nrefs = str(len(segments[0].refs))
        return result(metric, metric.compute_score(rows[0].copy()), nrefs, 1)


def _given(name: str, value: Any, alias: str, alias_value: Any) -> Any:
    if value is not None and alias_value is not None:
        raise InputError(f"give {name} or {alias} (sacrebleu's name), not both.")
    chosen = value if value is not None else alias_value
    if chosen is None:
        raise InputError(f"missing {name} (or {alias}).")
    return chosen


def _listed(items: Any, what: str) -> list[Any]:
    """``items`` as a list (a generator or any iterable is read once); anything else is an InputError."""
    if isinstance(items, list):
        return items
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise InputError(f"{what} must be a list of strings (or an iterable of them), not {type(items).__name__}.")
    return list(items)


def _mapping(annotations: Any) -> Any:
    """``annotations`` if it is a mapping (or None), else an :class:`InputError`."""
    if annotations is not None and not isinstance(annotations, Mapping):
        raise InputError(f"annotations map names to values (a dict), got {type(annotations).__name__}.")
    return annotations


def _streams(hyps: Any, hypotheses: Any, refs: Any, references: Any) -> tuple[list[str], list[Sequence[str | None]]]:
    """Hypotheses and reference streams from either spelling, read into lists."""
    hyp_list = _listed(_given("hyps", hyps, "hypotheses", hypotheses), "hypotheses")
    # no references at all: an empty list, which only a reference-free metric accepts (build_segments)
    ref_given = [] if refs is None and references is None else _given("refs", refs, "references", references)
    if isinstance(ref_given, (str, bytes)):
        raise InputError("refs must be a list of reference streams (lists of strings), e.g. [['a b'], ['a c']].")
    streams = _listed(ref_given, "references")
    return hyp_list, [s if isinstance(s, (str, Sequence)) else _listed(s, "each reference stream") for s in streams]
