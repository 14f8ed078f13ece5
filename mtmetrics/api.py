"""The Python API a user calls: scores, segment scores, statistics and signatures of a metric.

:func:`mtmetrics.load_metric` returns a :class:`Scorer`: it holds the metric (a plugin's
:class:`~mtmetrics.Metric`, which offers only the plugin protocol) and the state of its use (the
number of references of the last corpus, for :meth:`Scorer.get_signature`), and offers sacrebleu's
``corpus_score``, ``sentence_score`` and ``get_signature`` and the statistics kept for resampling.
It calls the engine directly (:mod:`mtmetrics.engine`: the gate every segment passes, then the
chunked, optionally parallel, scoring). The functions below (:func:`statistics_of`,
:func:`score_aggregate`, :func:`signature`, ...) are the same operations on a bare metric, for the
core's own roads (the CLI, meta-evaluation, Dask), which hold metrics rather than scorers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .engine import gate
from .errors import InputError, ParameterError
from .metric import Metric, Segment, Statistics, references_of
from .parallel import _frozen, score_chunk, score_segments
from .params import number
from .result import Result, Score
from .signature import Field, Signature, nrefs_value
from .version import __version__

if TYPE_CHECKING:
    from .metric import Aggregation, Inputs
    from .params import Param


# ------------------------------------------------------------------------ on a bare metric
def signature(metric: Metric, nrefs: str = "1") -> Signature:
    """The signature of ``metric`` for a run with ``nrefs`` references."""
    # the parameters' fields and the provenance are fixed for an instance: built once, and kept
    # in the engine's state of the instance (which a pickled copy rebuilds)
    state = metric._engine
    fixed = state.signature_fields
    if fixed is None:
        from .plugins import provenance

        params = tuple(
            Field(p.sig_key, p.signature_value(metric.values[p.name], metric.values), p.sig_short or p.sig_key)
            for p in type(metric).params
            if p.sig_key is not None
        )
        dist, version = provenance(type(metric))
        tail = (Field("plugin", f"{dist}@{version}", "p"), Field("version", __version__, "v"))
        fixed = state.signature_fields = (params, tail)
    params, tail = fixed
    # a per-segment loop asks for the same signature again and again: one per nrefs and
    # resources (which may change, e.g. with the annotations observed) and display name
    resources = metric.resource_fields()
    name = metric.display_name
    signatures: dict[tuple[str, tuple[Field, ...], str], Signature] = state.signatures
    found = signatures.get((nrefs, resources, name))
    if found is None:
        fields = (Field("nrefs", nrefs, "#"), *params, *resources, *tail)
        found = signatures[nrefs, resources, name] = Signature(name, fields)
    return found


def statistics_of(
    metric: Metric,
    segments: Sequence[Segment],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Statistics:
    """Statistics of already built segments (``progress`` is called with each chunk's size).

    Segments are scored in chunks (bounding the memory of batch implementations), by ``jobs``
    worker processes when ``jobs > 1``; the rows are the same either way. A metric that needs
    corpus state and was not prepared is prepared from these segments' references; a prepared
    one keeps its state (so a corpus can be scored in parts with the whole corpus's state).
    """
    jobs = number(jobs, "jobs", int, (1, None))
    if not all(isinstance(s, Segment) for s in segments):
        raise InputError("statistics_of takes Segments (mtmetrics.build_segments); for text, call statistics().")
    prepared = metric if gate.ready(metric) else gate.prepare(metric, references_of(segments))
    metric.observe(segments)
    if prepared is not metric:
        prepared.observe(segments)
    array = score_segments(prepared, segments, jobs, progress=progress)
    names = metric.stat_names()
    if array.shape != (len(segments), len(names)):
        raise RuntimeError(
            f"{type(metric).__name__}.corpus_statistics returned shape {array.shape}, "
            f"expected {(len(segments), len(names))}"
        )
    nrefs = nrefs_value(len(s.refs) for s in segments) if segments else "0"
    return Statistics(names, array, type(metric).aggregation, nrefs)


def score_aggregate(metric: Metric, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
    """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
    width = len(metric.stat_names())
    try:
        aggregated = np.asarray(aggregated, dtype=np.float64)
    except (TypeError, ValueError):
        aggregated = np.full(0, 0.0)
    if aggregated.shape != (width,):
        raise InputError(f"{type(metric).name}: aggregated statistics are {width} numbers, one per stat_names().")
    n_segments = number(n_segments, "n_segments", int, (0, None))
    return _result(metric, metric.compute_score(aggregated), signature(metric, nrefs), n_segments)


def score_statistics(metric: Metric, stats: Statistics, weights: np.ndarray | None = None) -> Result:
    """The corpus result of (optionally resampled) statistics (``weights``: a count per segment)."""
    stats = statistics_for(metric, stats)
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64) if isinstance(weights, (np.ndarray, list)) else None
        if weights is None or weights.shape != (len(stats),) or not (np.isfinite(weights) & (weights >= 0)).all():
            raise InputError(f"weights: one non-negative count per segment ({len(stats)}), as bootstrap draws give.")
    return score_aggregate(metric, stats.aggregate(weights), len(stats), stats.nrefs)


def statistics_for(metric: Metric, stats: Any) -> Statistics:
    """``stats`` if they are statistics of ``metric``'s kind (its ``stat_names()``), else an :class:`InputError`."""
    if not isinstance(stats, Statistics):
        raise InputError(f"expected Statistics (Scorer.statistics(...)), got {type(stats).__name__}.")
    if stats.names != tuple(metric.stat_names()):
        raise InputError(f"these statistics are not {type(metric).name}'s: their columns are {', '.join(stats.names)}.")
    return stats


def segment_results(metric: Metric, stats: Statistics) -> list[Result]:
    """Per-segment results from already computed statistics (no re-scoring of text).

    Everything a result shares with the others (signature, name, parameters) is built once.
    """
    stats = statistics_for(metric, stats)
    cls = type(metric)
    common: dict[str, Any] = {
        "metric": cls.name,
        "name": metric.display_name,
        "signature": signature(metric, stats.nrefs),
        "params": metric.values,
        "higher_is_better": cls.higher_is_better,
        "n_segments": 1,
        "decimals": default_decimals(cls),
    }
    out = []
    compute = metric.compute_score
    # the objects alive now (resources, the statistics) are left out of garbage collection
    # while the results are made: otherwise collections walk them again and again
    with _frozen():
        for row in stats.array:
            out.append(Result.of(compute(row.copy()), common))
    return out


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
        refs = _given("refs", refs, "references", references)
        if isinstance(refs, str) or not isinstance(hyp, str):
            raise InputError(
                "sentence_score: the hypothesis is one string and the references a list of strings, "
                "not one string: e.g. sentence_score('a b', ['a b c'])."
            )
        metric = self.metric
        annotations = _mapping(annotations)
        simple = type(metric).observe is Metric.observe and not metric.needs_corpus()
        # the common case (a string and a list of strings, nothing else) is admitted as one segment
        # with the gate's own checks; anything else goes through the streams' full checks
        segment = gate.admit_one(metric, hyp, refs) if simple and source is None and not annotations else None
        if segment is not None:
            segments = [segment]
        else:
            ann = {k: [v] for k, v in annotations.items()} if annotations else None
            ref_streams = [[r] for r in _listed(refs, "references")]
            sources = None if source is None else [source]
            if not simple:
                return self.corpus_score([hyp], ref_streams, sources, ann)
            segments = gate.admit([metric], [hyp], ref_streams, sources, ann)
        # one segment of a metric without corpus state or observers: the corpus road's chunking,
        # preparation and sums of one row would do nothing but cost time; the gate, the batch
        # statistics and the score are the same calls (so the same numbers). The sum or mean of
        # one row is the row (a mean divides by 1.0, which leaves every float as it is)
        _, counts, (rows,) = score_chunk([metric], segments)
        names = metric.stat_names()
        if rows.shape != (1, len(names)):
            raise RuntimeError(
                f"{type(metric).__name__}.corpus_statistics returned shape {rows.shape}, expected {(1, len(names))}"
            )
        nrefs = str(counts.pop())
        self.last_nrefs = nrefs
        score = metric.compute_score(rows[0].copy())
        return _result(metric, score, signature(metric, nrefs), 1)

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


def metric_of(metric: Metric | Scorer) -> Metric:
    """The plugin metric behind ``metric``: a scorer's, or ``metric`` itself.

    The library's entry points that take a metric (Dask, meta-evaluation tables) take what
    :func:`mtmetrics.load_metric` returns as well as a bare metric.
    """
    if isinstance(metric, Scorer):
        return metric.metric
    if not isinstance(metric, Metric):
        raise ParameterError(f"expected a metric (mtmetrics.load_metric(name)), got {metric!r:.60}.")
    return metric


def _result(metric: Metric, score: Score, signature: Signature, n: int) -> Result:
    cls = type(metric)
    common = {
        "metric": cls.name,
        "name": metric.display_name,
        "signature": signature,
        "params": metric.values,
        "higher_is_better": cls.higher_is_better,
        "n_segments": n,
        "decimals": default_decimals(cls),
    }
    return Result.of(score, common)


def default_decimals(cls: type[Metric]) -> int:
    """Decimals the CLI prints by default: 2 for scores on a 0-100 (or open) scale, 4 for 0-1 ones."""
    return 2 if cls.score_range[1] > 1.0 else 4


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
    ref_given = _given("refs", refs, "references", references)
    if isinstance(ref_given, (str, bytes)):
        raise InputError("refs must be a list of reference streams (lists of strings), e.g. [['a b'], ['a c']].")
    streams = _listed(ref_given, "references")
    return hyp_list, [s if isinstance(s, (str, Sequence)) else _listed(s, "each reference stream") for s in streams]
