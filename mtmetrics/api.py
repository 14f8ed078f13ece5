"""The Python API a user calls on a metric: scores, segment scores, statistics, signatures.

:class:`MetricAPI` is what every :class:`~mtmetrics.Metric` offers its users (sacrebleu's
``corpus_score``, ``sentence_score``, ``get_signature`` and the statistics kept for resampling).
A plugin author implements the protocol (:mod:`mtmetrics.metric`) and never overrides these: they
are built on it by the engine, which they call directly (:mod:`mtmetrics.engine`: the gate every
segment passes, then the chunked, optionally parallel, scoring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from .errors import InputError
from .result import Result, Score
from .signature import Field, Signature, nrefs_value
from .version import __version__

if TYPE_CHECKING:
    from .metric import Metric, Segment, Statistics


class MetricAPI:
    """What a user calls on a metric (inherited by :class:`~mtmetrics.Metric`; plugins do not override it)."""

    #: corpus-level state built by :meth:`prepare` (None until then, and for most metrics always)
    corpus_state: Any = None
    #: number of references of the last corpus scored through the API (for :meth:`get_signature`)
    last_nrefs: str | None = None
    #: the parameters the user set, when the metric was built through the gate (``load_metric``,
    #: the CLI): a language pair's defaults apply to the others
    given: frozenset[str] | None = None

    # ------------------------------------------------------------------ corpus preparation
    def prepare(self, references: Iterable[Sequence[str]]) -> Metric:
        """A copy of this metric ready to score the corpus whose segments have ``references``.

        Returns ``self`` when the metric needs no corpus state. ``references`` yields each segment's
        references in corpus order (missing ones already dropped, as in :class:`Segment`); it is
        consumed once, so a generator over files works.
        """
        self = cast("Metric", self)  # the protocol this API is inherited with
        if not self.needs_corpus():
            return self
        prepared = type(self)(**self.values)
        prepared.corpus_state = self.build_corpus_state(references)
        if "max_segment_tokens" in vars(self):
            prepared.max_segment_tokens = vars(self)["max_segment_tokens"]
        return prepared

    @property
    def ready(self) -> bool:
        """Whether this copy can score segments (prepared, or needing no preparation)."""
        self = cast("Metric", self)  # the protocol this API is inherited with
        return self.corpus_state is not None or not self.needs_corpus()

    def require_ready(self) -> None:
        """Raise when an unprepared copy of a corpus-prepared metric is about to score segments."""
        self = cast("Metric", self)  # the protocol this API is inherited with
        if not self.ready:
            raise RuntimeError(
                f"{self.display_name} needs the corpus's references before scoring segments: score with "
                f"metric.prepare(references) (corpus_score, statistics and the CLI do this)."
            )

    # ------------------------------------------------------------------------- signatures
    def get_signature(self) -> Signature:
        """The signature of the last corpus scored, as sacrebleu's ``metric.get_signature()``.

        Like sacrebleu, it needs a scored corpus first: the signature names its number of references.
        """
        self = cast("Metric", self)  # the protocol this API is inherited with
        if self.last_nrefs is None:
            raise InputError(
                f"{self.display_name}.get_signature(): score a corpus first (the signature names its number of "
                f"references), or call signature(nrefs) with the number of references."
            )
        return self.signature(self.last_nrefs)

    def signature(self, nrefs: str = "1") -> Signature:
        """The signature of this metric instance for a run with ``nrefs`` references."""
        self = cast("Metric", self)  # the protocol this API is inherited with
        # the parameters' fields and the provenance are fixed for an instance: built once
        fixed = vars(self).get("_signature_fields")
        if fixed is None:
            from .plugins import provenance

            params = tuple(
                Field(p.sig_key, p.signature_value(self.values[p.name], self.values), p.sig_short or p.sig_key)
                for p in type(self).params
                if p.sig_key is not None
            )
            dist, version = provenance(type(self))
            tail = (Field("plugin", f"{dist}@{version}", "p"), Field("version", __version__, "v"))
            fixed = self._signature_fields = (params, tail)
        params, tail = fixed
        # a per-segment loop asks for the same signature again and again: one per nrefs and
        # resources (which may change, e.g. with the annotations observed) and display name
        resources = self.resource_fields()
        name = self.display_name
        cache: dict[tuple[str, tuple[Field, ...], str], Signature] = vars(self).setdefault("_signatures", {})
        signature = cache.get((nrefs, resources, name))
        if signature is None:
            fields = (Field("nrefs", nrefs, "#"), *params, *resources, *tail)
            signature = cache[nrefs, resources, name] = Signature(name, fields)
        return signature

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
        The given segments are the corpus: a metric that needs corpus state (:meth:`needs_corpus`)
        is prepared from their references, whatever it was prepared with before. ``hypotheses`` and
        ``references`` are sacrebleu's names for ``hyps`` and ``refs``; any iterable (a generator)
        is accepted. A segment longer than the metric's limit (:func:`mtmetrics.engine.gate.limit_of`)
        is an error naming it, before anything is scored.
        """
        self = cast("Metric", self)  # the protocol this API is inherited with
        from .engine import gate
        from .metric import references_of

        hyp_list, ref_lists = _streams(hyps, hypotheses, refs, references)
        segments = gate.admit([self], hyp_list, ref_lists, _listed_or_none(sources, "sources"), annotations)
        stats = self.prepare(references_of(segments)).statistics_of(segments, jobs)
        self.last_nrefs = stats.nrefs
        return stats

    def statistics_of(
        self,
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
        self = cast("Metric", self)  # the protocol this API is inherited with
        from .metric import Statistics, references_of
        from .parallel import score_segments

        metric = self if self.ready else self.prepare(references_of(segments))
        self.observe(segments)
        if metric is not self:
            metric.observe(segments)
        array = score_segments(metric, segments, jobs, progress=progress)
        names = self.stat_names()
        if array.shape != (len(segments), len(names)):
            raise RuntimeError(
                f"{type(self).__name__}.corpus_statistics returned shape {array.shape}, "
                f"expected {(len(segments), len(names))}"
            )
        nrefs = nrefs_value(len(s.refs) for s in segments) if segments else "0"
        return Statistics(names, array, type(self).aggregation, nrefs)

    # ----------------------------------------------------------------------------- scores
    def score_statistics(self, stats: Statistics, weights: np.ndarray | None = None) -> Result:
        """The corpus result of (optionally resampled) statistics."""
        self = cast("Metric", self)  # the protocol this API is inherited with
        return self.score_aggregate(stats.aggregate(weights), len(stats), stats.nrefs)

    def score_aggregate(self, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
        """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
        self = cast("Metric", self)  # the protocol this API is inherited with
        return _result(self, self.compute_score(aggregated), self.signature(nrefs), n_segments)

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
        self = cast("Metric", self)  # the protocol this API is inherited with
        stats = self.statistics(hyps, refs, sources, annotations, jobs, hypotheses=hypotheses, references=references)
        return self.score_statistics(stats)

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
        self = cast("Metric", self)  # the protocol this API is inherited with
        hyp = _given("hyp", hyp, "hypothesis", hypothesis)
        refs = _given("refs", refs, "references", references)
        if isinstance(refs, str) or not isinstance(hyp, str):
            raise InputError(
                "sentence_score: the hypothesis is one string and the references a list of strings, "
                "not one string: e.g. sentence_score('a b', ['a b c'])."
            )
        ann = {k: [v] for k, v in annotations.items()} if annotations else None
        ref_streams = [[r] for r in _listed(refs, "references")]
        sources = None if source is None else [source]
        gate, finish_totals, score_chunk, observe = _one_segment_road()
        if type(self).observe is not observe or self.needs_corpus():
            return self.corpus_score([hyp], ref_streams, sources, ann)
        # one segment of a metric without corpus state or observers: the corpus road's chunking,
        # preparation and sums of one row would do nothing but cost time; the gate, the batch
        # statistics and the score are the same calls (so the same numbers)
        segments = gate.admit([self], [hyp], ref_streams, sources, ann)
        _, counts, (rows,) = score_chunk([self], segments)
        names = self.stat_names()
        if rows.shape != (1, len(names)):
            raise RuntimeError(
                f"{type(self).__name__}.corpus_statistics returned shape {rows.shape}, expected {(1, len(names))}"
            )
        nrefs = str(counts.pop())
        self.last_nrefs = nrefs
        score = self.compute_score(finish_totals(type(self).aggregation, rows[0].copy(), 1.0))
        return _result(self, score, self.signature(nrefs), 1)

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
        self = cast("Metric", self)  # the protocol this API is inherited with
        stats = self.statistics(hyps, refs, sources, annotations, jobs, hypotheses=hypotheses, references=references)
        return self.segment_results(stats)

    def segment_results(self, stats: Statistics) -> list[Result]:
        """Per-segment results from already computed statistics (no re-scoring of text).

        Everything a result shares with the others (signature, name, parameters) is built once.
        """
        from .parallel import _frozen

        self = cast("Metric", self)  # the protocol this API is inherited with
        signature = self.signature(stats.nrefs)
        cls = type(self)
        common: dict[str, Any] = {
            "metric": cls.name,
            "name": self.display_name,
            "signature": signature,
            "params": self.values,
            "higher_is_better": cls.higher_is_better,
            "n_segments": 1,
            "decimals": default_decimals(cls),
        }
        out = []
        compute = self.compute_score
        # the objects alive now (resources, the statistics) are left out of garbage collection
        # while the results are made: otherwise collections walk them again and again
        with _frozen():
            for row in stats.array:
                score = compute(row.copy())
                out.append(
                    Result(
                        score=score.score,
                        sub_scores=MappingProxyType(dict(score.sub_scores)),
                        verbose=score.verbose,
                        attributes=MappingProxyType(dict(score.attributes)),
                        **common,
                    )
                )
        return out


@cache
def _one_segment_road() -> tuple[ModuleType, Callable[..., np.ndarray], Callable[..., Any], Callable[..., None]]:
    """What :meth:`MetricAPI.sentence_score` calls, imported once (a per-call import costs time in a loop):
    the gate, the sum/mean rule, the engine's unit of work, and the protocol's ``observe`` (which
    does nothing: a metric that overrides it takes the corpus road)."""
    from .engine import gate
    from .metric import Metric, finish_totals
    from .parallel import score_chunk

    return gate, finish_totals, score_chunk, Metric.observe


def _result(metric: Metric, score: Score, signature: Signature, n: int) -> Result:
    return Result(
        metric=type(metric).name,
        name=metric.display_name,
        score=score.score,
        sub_scores=MappingProxyType(dict(score.sub_scores)),
        signature=signature,
        params=metric.values,
        higher_is_better=type(metric).higher_is_better,
        n_segments=n,
        verbose=score.verbose,
        attributes=MappingProxyType(dict(score.attributes)),
        decimals=default_decimals(type(metric)),
    )


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
