"""The Python API a user calls: :class:`Scorer`, sacrebleu's methods on a metric.

:func:`mtmetrics.load_metric` returns a :class:`Scorer`: it holds the metric (a plugin's
:class:`~mtmetrics.Metric`, which offers only the plugin protocol) and the state of its use (the
number of references of the last corpus, for :meth:`Scorer.get_signature`), and offers sacrebleu's
``corpus_score``, ``sentence_score`` and ``get_signature`` and the statistics kept for resampling.
It calls the engine (:mod:`mtmetrics.engine`): the gate every segment passes, then the engine's one
entry point (:func:`mtmetrics.engine.scoring.run`), then statistics to results
(:mod:`mtmetrics.engine.results`), the functions the core's other roads call on bare metrics.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .engine import gate
from .engine.results import result, score_aggregate, score_statistics, segment_results, signature
from .engine.scoring import score_chunk, statistics_of
from .errors import InputError, ParameterError
from .metric import Metric, Segment, Statistics, references_of
from .params import number
from .result import Result
from .signature import Signature

if TYPE_CHECKING:
    from .metric import Aggregation, Inputs
    from .params import Param


# ------------------------------------------------------------------------------------ Scorer
class Scorer:
    """What a user calls on a metric: sacrebleu's API and the statistics kept for resampling.

    ``Scorer(metric)`` wraps a built metric; :func:`mtmetrics.load_metric` builds both from a
    registry name. The metric's declarations a user reads (:attr:`name`, :attr:`values`,
    :attr:`higher_is_better`, ...) are read-only properties; the metric itself is :attr:`metric`.
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

    # ------------------------------------------------------------------ the metric's declarations
    @property
    def name(self) -> str:
        """The registry name (``bleu``, ``rouge-l``)."""
        return type(self.metric).name

    @property
    def display_name(self) -> str:
        """Name shown in signatures and tables (``BLEU``, ``chrF2``)."""
        return self.metric.display_name

    @property
    def values(self) -> Mapping[str, Any]:
        """The metric's parameter values (every declared parameter)."""
        return self.metric.values

    @property
    def params(self) -> tuple[Param, ...]:
        """The metric's declared parameters."""
        return type(self.metric).params

    @property
    def inputs(self) -> Inputs:
        """What the metric needs besides hypotheses and references."""
        return type(self.metric).inputs

    @property
    def aggregation(self) -> Aggregation:
        """``"sum"`` or ``"mean"``: how segment statistics become a corpus score."""
        return type(self.metric).aggregation

    @property
    def higher_is_better(self) -> bool:
        """False for error rates."""
        return type(self.metric).higher_is_better

    @property
    def score_range(self) -> tuple[float, float]:
        """Inclusive range of scores."""
        return type(self.metric).score_range

    @property
    def description(self) -> str:
        """The metric's one-line description."""
        return type(self.metric).description

    @property
    def given(self) -> frozenset[str] | None:
        """The parameters the user set (``None`` for a metric not built by ``load_metric``)."""
        return self.metric._engine.given

    @property
    def corpus_state(self) -> Any:
        """The corpus state of a prepared scorer (None otherwise)."""
        return self.metric.corpus_state

    @property
    def max_segment_tokens(self) -> int | None:
        """The longest segment scored, in tokens (``None``: any); settable (0 or ``None``: no limit)."""
        return gate.limit_of(self.metric)

    @max_segment_tokens.setter
    def max_segment_tokens(self, value: int | None) -> None:
        self.metric._engine.limit = 0 if value is None else number(value, "max_segment_tokens", int, (0, None))

    # ------------------------------------------------------------------ corpus preparation
    def prepare(self, references: Iterable[Sequence[str]]) -> Scorer:
        """A scorer ready to score the corpus whose segments have ``references``.

        Returns ``self`` when the metric needs no corpus state. ``references`` yields each segment's
        references in corpus order (missing ones already dropped, as in :class:`Segment`); it is
        consumed once, so a generator over files works.
        """
        if isinstance(references, (str, bytes)) or not isinstance(references, Iterable):
            raise InputError(f"prepare: references are each segment's list of references, got {references!r:.40}.")
        prepared = gate.prepare(self.metric, references)
        return self if prepared is self.metric else Scorer(prepared)

    @property
    def ready(self) -> bool:
        """Whether this scorer can score segments (prepared, or needing no preparation)."""
        return gate.ready(self.metric)

    # ------------------------------------------------------------------------- signatures
    def get_signature(self) -> Signature:
        """The signature of the last corpus scored, as sacrebleu's ``metric.get_signature()``.

        Like sacrebleu, it needs a scored corpus first: the signature names its number of references.
        """
        if self.last_nrefs is None:
            raise InputError(
                f"{self.display_name}.get_signature(): score a corpus first (the signature names its number of "
                f"references), or call signature(nrefs) with the number of references."
            )
        return signature(self.metric, self.last_nrefs)

    def signature(self, nrefs: str = "1") -> Signature:
        """The signature of this metric instance for a run with ``nrefs`` references."""
        return signature(self.metric, nrefs)

    # ------------------------------------------------------------------------- statistics
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

        ``jobs > 1`` spreads the segments over that many worker processes (same result, exactly).
        The given segments are the corpus: a metric that needs corpus state is prepared from their
        references, whatever it was prepared with before. ``hypotheses`` and ``references`` are
        sacrebleu's names for ``hyps`` and ``refs``; any iterable (a generator) is accepted. A
        segment longer than the metric's limit (:func:`mtmetrics.engine.gate.limit_of`) is an
        error naming it, before anything is scored.
        """
        hyp_list, ref_lists = _streams(hyps, hypotheses, refs, references)
        annotations = _mapping(annotations)
        segments = gate.admit([self.metric], hyp_list, ref_lists, _listed_or_none(sources, "sources"), annotations)
        stats = statistics_of(gate.prepare(self.metric, references_of(segments)), segments, jobs)
        self.last_nrefs = stats.nrefs
        return stats

    def statistics_of(
        self,
        segments: Sequence[Segment],
        jobs: int = 1,
        progress: Callable[[int], None] | None = None,
    ) -> Statistics:
        """Statistics of already built segments: :func:`statistics_of` with this scorer's metric."""
        return statistics_of(self.metric, segments, jobs, progress)

    # ----------------------------------------------------------------------------- scores
    def score_statistics(self, stats: Statistics, weights: np.ndarray | None = None) -> Result:
        """The corpus result of (optionally resampled) statistics."""
        return score_statistics(self.metric, stats, weights)

    def score_aggregate(self, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
        """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
        return score_aggregate(self.metric, aggregated, n_segments, nrefs)

    def corpus_score(
        self,
        hyps: Iterable[str] | None = None,
        refs: Iterable[Iterable[str | None]] | None = None,
        sources: Iterable[str] | None = None,
        annotations: Mapping[str, Sequence[Any]] | None = None,
        jobs: int = 1,
        *,
        hypotheses: Iterable[str] | None = None,
        references: Iterable[Iterable[str | None]] | None = None,
    ) -> Result:
        """Score a corpus. ``refs`` is a list of reference streams, each as long as ``hyps``.

        ``hypotheses=`` and ``references=`` (sacrebleu's keywords) work too, as do generators.
        """
        stats = self.statistics(hyps, refs, sources, annotations, jobs, hypotheses=hypotheses, references=references)
        return score_statistics(self.metric, stats)

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
        if type(metric).observe is not Metric.observe or metric.needs_corpus():
            return self.corpus_score([hyp], ref_streams, sources, ann)
        segments = gate.admit([metric], [hyp], ref_streams, sources, ann)
        # one segment of a metric without corpus state or observers: the corpus road's chunking and
        # sums of one row would only cost time (a third of chrF's and TER's per-segment time); the
        # gate, the batch statistics and the score are the same calls, so the same numbers
        (rows,) = score_chunk([metric], segments)
        self.last_nrefs = nrefs = str(len(segments[0].refs))
        return result(metric, metric.compute_score(rows[0].copy()), nrefs, 1)

    def segment_scores(
        self,
        hyps: Iterable[str] | None = None,
        refs: Iterable[Iterable[str | None]] | None = None,
        sources: Iterable[str] | None = None,
        annotations: Mapping[str, Sequence[Any]] | None = None,
        jobs: int = 1,
        *,
        hypotheses: Iterable[str] | None = None,
        references: Iterable[Iterable[str | None]] | None = None,
    ) -> list[Result]:
        """One result per segment, each as :meth:`sentence_score` would give it."""
        stats = self.statistics(hyps, refs, sources, annotations, jobs, hypotheses=hypotheses, references=references)
        return segment_results(self.metric, stats)

    def segment_results(self, stats: Statistics) -> list[Result]:
        """Per-segment results from already computed statistics (no re-scoring of text)."""
        return segment_results(self.metric, stats)


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


def _listed_or_none(items: Any, what: str) -> Any:
    return items if items is None or isinstance(items, Sequence) else _listed(items, what)


def _streams(hyps: Any, hypotheses: Any, refs: Any, references: Any) -> tuple[list[str], list[Sequence[str | None]]]:
    """Hypotheses and reference streams from either spelling, read into lists."""
    hyp_list = _listed(_given("hyps", hyps, "hypotheses", hypotheses), "hypotheses")
    # no references at all: an empty list, which only a reference-free metric accepts (build_segments)
    ref_given = [] if refs is None and references is None else _given("refs", refs, "references", references)
    if isinstance(ref_given, (str, bytes)):
        raise InputError("refs must be a list of reference streams (lists of strings), e.g. [['a b'], ['a c']].")
    streams = _listed(ref_given, "references")
    return hyp_list, [s if isinstance(s, (str, Sequence)) else _listed(s, "each reference stream") for s in streams]
