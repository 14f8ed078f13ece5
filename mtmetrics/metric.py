"""The Metric protocol: what a metric declares and the four functions it implements.

A metric is a subclass of :class:`Metric` that declares, as class attributes,

* ``name`` (registry name, e.g. ``"bleu"``) and ``params`` (a tuple of :class:`~mtmetrics.Param`),
* ``inputs`` (whether it needs the source sentence and which per-segment annotations),
* ``aggregation``: ``"sum"`` (segment statistic vectors are summed, then scored: BLEU, chrF, TER)
  or ``"mean"`` (each segment is scored, the corpus score is the mean: ROUGE, SIA, hLEPOR),
* ``higher_is_better``, ``score_range`` and ``perfect_on_identity`` (used by meta-evaluation, the
  CLI and the conformance suite),

and implements

* :meth:`Metric.stat_names` — the names of the fixed-width statistics vector,
* :meth:`Metric.segment_statistics` — one :class:`Segment` to that vector,
* :meth:`Metric.compute_score` — aggregated statistics to a :class:`Score`,
* optionally :meth:`Metric.corpus_statistics` (a faster batch version),
  :meth:`Metric.resource_fields` (signature fields of the resources it loaded), and the corpus
  preparation pair :meth:`Metric.needs_corpus` / :meth:`Metric.build_corpus_state` for metrics
  whose segment statistics depend on all references of the corpus (NIST's information weights).

**Corpus preparation.** A segment's statistics normally depend on that segment alone, which is
what lets the core score chunks anywhere (``-j``, Dask, streaming) and resample rows. A metric whose
statistics need state estimated from the whole corpus's references (mteval-v13a's NIST) says so
with :meth:`Metric.needs_corpus` and builds the state in :meth:`Metric.build_corpus_state`. The
core then calls :meth:`Metric.prepare` once per corpus with every segment's references, before any
segment is scored, and scores with the returned copy, which carries the state wherever it goes
(pickled to workers, inherited by forks, shipped to Dask). Rows therefore never depend on chunking,
``-j`` or partitioning, and bootstrap resamples reuse the corpus state, as mteval would. Scoring an
unprepared copy is an error, never a silent per-segment estimate.

For ``mean`` metrics the statistics vector is the segment's score followed by its sub-scores, so
the aggregate is their mean and :meth:`Metric.compute_score` has a default. Everything else — the
Python API, signatures, statistics kept for resampling, the CLI — is built on these by the core.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import numpy as np

from .accumulate import fsum
from .errors import InputError
from .params import Param, resolve_params
from .result import Result, Score
from .signature import Field, Signature, nrefs_value
from .version import __version__

Aggregation = Literal["sum", "mean"]


@dataclass(frozen=True)
class Inputs:
    """What a metric needs besides the hypothesis and references.

    Attributes:
        source: the source sentence of each segment is required.
        annotations: names of per-segment annotations that must be present (e.g. ``"hyp_pos"``,
            ``"align_hyp"``); their values are passed through unchanged in :attr:`Segment.annotations`.
    """

    source: bool = False
    annotations: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment: hypothesis, its references (missing ones already removed), source, annotations."""

    hyp: str
    refs: tuple[str, ...]
    source: str | None = None
    annotations: Mapping[str, Any] = field(default_factory=dict)


def finish_totals(aggregation: Aggregation, totals: np.ndarray, counts: np.ndarray | float) -> np.ndarray:
    """The sum/mean rule, in one place: summed statistics of ``counts`` segments -> ``compute_score``'s input.

    ``sum`` metrics score the sums themselves; ``mean`` metrics their mean. ``totals`` is one row of
    sums (``counts`` a number) or one row per resample (``counts`` a vector); a row over no segment
    is left as it is (all zeros) rather than divided by zero.
    """
    if aggregation != "mean":
        return totals
    n = np.asarray(counts, dtype=np.float64)
    if totals.ndim == 2 and n.ndim == 1:
        n = n[:, None]
    if n.ndim == 0:
        return totals / n if n else totals
    safe = np.where(n > 0, n, 1.0)
    return np.where(n > 0, totals / safe, totals)


@dataclass(frozen=True)
class Statistics:
    """Per-segment statistics of one metric on one system, kept for re-aggregation.

    ``array`` has one row per segment and one column per name in ``names``. Bootstrap resampling
    and paired tests re-aggregate rows (by integer weights) instead of re-scoring text.
    """

    names: tuple[str, ...]
    array: np.ndarray
    aggregation: Aggregation
    nrefs: str

    def __len__(self) -> int:
        return int(self.array.shape[0])

    def column(self, name: str) -> np.ndarray:
        """The column called ``name``."""
        return self.array[:, self.names.index(name)]

    def aggregate(self, weights: np.ndarray | None = None) -> np.ndarray:
        """Sum (or mean) of the rows, optionally weighted by resampling counts.

        Unweighted sums are exactly rounded (``math.fsum``), so the result does not depend on the
        order of segments or on how they were split into chunks.
        """
        if weights is None:
            total = np.array([fsum(col) for col in self.array.T], dtype=np.float64)
            n = float(len(self))
        else:
            total = np.asarray(weights, dtype=np.float64) @ self.array
            n = float(np.sum(weights))
        return finish_totals(self.aggregation, total, n)


def _unwired(*_args: Any) -> Any:
    raise RuntimeError("mtmetrics.metric is used without the mtmetrics package: import mtmetrics first")


class Services:
    """What the protocol's API methods need from outside it, installed by the package's ``__init__``.

    The protocol module imports neither the plugin registry nor the scoring engine: the package
    wires them in here (``mtmetrics/__init__.py``), so a metric's signature can name the plugin that
    registered it and ``statistics()`` can score in chunks and worker processes.
    """

    #: ``(distribution, version)`` of the plugin that registered a metric class
    provenance: Callable[[type[Metric]], tuple[str, str]] = _unwired
    #: ``(metric, segments, jobs, progress) -> rows``: the engine (:func:`mtmetrics.parallel.score_segments`)
    score_segments: Callable[[Metric, Sequence[Segment], int, Callable[[int], None] | None], np.ndarray] = _unwired


SERVICES = Services()


def _rebuild(cls: type[Metric], values: dict[str, Any], state: Any = None) -> Metric:
    metric = cls(**values)
    metric.corpus_state = state
    return metric


def references_of(segments: Iterable[Segment]) -> Iterator[tuple[str, ...]]:
    """Each segment's references, in order: what :meth:`Metric.prepare` takes."""
    for segment in segments:
        yield segment.refs


class Metric(abc.ABC):
    """Base class of every metric. See the module docstring for the protocol."""

    #: Registry name, lowercase with dashes (``rouge-l``); used by ``-m`` and ``load_metric``.
    name: ClassVar[str]
    #: Declared parameters, in signature order.
    params: ClassVar[tuple[Param, ...]] = ()
    #: Inputs beyond hypothesis and references.
    inputs: ClassVar[Inputs] = Inputs()
    #: How segment statistics become a corpus score.
    aggregation: ClassVar[Aggregation] = "sum"
    #: False for error rates (TER, WER): meta-evaluation flips their sign, the CLI says so.
    higher_is_better: ClassVar[bool] = True
    #: Inclusive range of scores; ``math.inf`` for an open upper end.
    score_range: ClassVar[tuple[float, float]] = (0.0, 1.0)
    #: Whether hypothesis == reference always gives the best score in ``score_range``.
    perfect_on_identity: ClassVar[bool] = True
    #: One line shown by ``mtmetrics list``.
    description: ClassVar[str] = ""
    #: Whether ``meta report`` may run it by default on a table's hypotheses and references alone.
    #: False when it needs something a table cannot supply: a model file (learned combinations), a
    #: source or annotations (metrics declaring ``inputs.source`` / ``inputs.annotations`` are left
    #: out by default whatever this says; they declare False as well to say so).
    plain_text: ClassVar[bool] = True
    #: Model file formats (ids such as ``mtmetrics-combo/1``) that this metric's ``model`` parameter
    #: reads: a command that writes such a model names the metrics that apply it, without naming them
    #: in the core.
    model_formats: ClassVar[tuple[str, ...]] = ()
    #: True when a process forked from one that has used this metric can go on using its copy:
    #: everything the metric loads is in memory (no file read lazily through an open handle, no
    #: thread, no socket). Then ``-j`` scores a first chunk in the calling process, so kernels,
    #: tables and taggers are loaded once, and forks warm workers from it; otherwise each worker
    #: starts fresh (``forkserver``) and rebuilds the metric from its parameters.
    fork_safe: ClassVar[bool] = False
    #: Longest segment scored by default, in tokens (whitespace-separated words of the raw hypothesis
    #: or reference), for metrics whose cost grows faster than linearly with segment length; ``None``
    #: for linear ones. A longer segment is an error naming it before anything is scored (a line of
    #: 150,000 tokens once took TER to 14 GB). Raise it per instance (``metric.max_segment_tokens =
    #: N``, ``None`` for no limit) or on the command line (``--max-segment-tokens N``).
    max_segment_tokens: int | None = None
    #: Cost of one segment in its hypothesis length n and reference length m (for the documentation).
    complexity: ClassVar[str] = "O(n + m)"

    def __init__(self, **params: Any) -> None:
        self.values: Mapping[str, Any] = MappingProxyType(resolve_params(type(self).params, params, type(self).name))
        #: corpus-level state built by :meth:`prepare` (None until then, and for most metrics always)
        self.corpus_state: Any = None
        #: number of references of the last corpus scored through the API (for :meth:`get_signature`)
        self.last_nrefs: str | None = None
        self.setup()

    def setup(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Build derived state (tokenizers, tables) from ``self.values``; called by ``__init__``."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from parameters (metrics pickle for worker processes whatever they cache), plus
        # the corpus state of a prepared metric.
        return (_rebuild, (type(self), dict(self.values), self.corpus_state))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{type(self).__name__}({args})"

    # -------------------------------------------------- optional hooks for the conformance suite
    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        """Parameters to build the metric with in the conformance suite, or None: its defaults.

        For metrics that cannot be built from their defaults (``combo`` needs a model file, which
        this writes to ``folder``).
        """
        return None

    @staticmethod
    def example_annotations(hyps: list[str], refs: list[list[str | None]], sources: list[str]) -> dict[str, Any] | None:
        """Annotations for the conformance suite's corpus, for metrics that need some (None: none)."""
        return None

    # ----------------------------------------------------------------- what plugins implement
    @property
    def display_name(self) -> str:
        """Name shown in signatures and tables; may depend on parameters (``chrF2``, ``BLEUS4``)."""
        return type(self).name.upper()

    @abc.abstractmethod
    def stat_names(self) -> tuple[str, ...]:
        """Names of the statistics vector's entries (its width is fixed for a metric instance)."""

    @abc.abstractmethod
    def segment_statistics(self, segment: Segment) -> np.ndarray:
        """The statistics vector of one segment (float64, length ``len(stat_names())``)."""

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        """Statistics of many segments as an ``(n, width)`` array; override for a faster batch path."""
        width = len(self.stat_names())
        out = np.empty((len(segments), width), dtype=np.float64)
        for i, seg in enumerate(segments):
            out[i] = self.segment_statistics(seg)
        return out

    def compute_score(self, stats: np.ndarray) -> Score:
        """The score of aggregated statistics (a sum for ``sum`` metrics, a mean for ``mean`` ones).

        The default serves ``mean`` metrics, whose vector is ``[score, *sub_scores]``.
        """
        if type(self).aggregation != "mean":
            raise NotImplementedError(f"{type(self).__name__} must implement compute_score()")
        names = self.stat_names()
        return Score(float(stats[0]), {n: float(v) for n, v in zip(names[1:], stats[1:], strict=True)})

    @classmethod
    def language_defaults(cls, target: str, source: str | None = None) -> dict[str, Any]:
        """Parameter values implied by the language pair (``-l``) unless the user sets them.

        sacrebleu's BLEU, for instance, tokenises Chinese with ``zh``; the source-sentence metrics
        split a Chinese source with ``zh``. ``source`` is ``None`` where only the target is known.
        The default implies nothing.
        """
        return {}

    @classmethod
    def sentence_defaults(cls) -> dict[str, Any]:
        """Parameter values the CLI's ``-sl`` implies unless the user sets them.

        sacrebleu's ``-sl`` scores BLEU with effective order; so does BLEU here. Nothing by default.
        """
        return {}

    def target_languages(self) -> tuple[str, ...] | None:
        """Target languages (ISO 639-1) this instance's resources support; ``None``: any language.

        A metric with English-only resources (WordNet, an English tagger) returns ``("en",)``, and
        the CLI refuses ``-l`` with another target language instead of scoring it silently.
        """
        return None

    def language_resources(self) -> str:
        """The resources that limit :meth:`target_languages`, named in the error message."""
        return "its resources"

    def needs_corpus(self) -> bool:
        """Whether segment statistics depend on state built from all references of the corpus.

        False by default. A metric that returns True implements :meth:`build_corpus_state`, and
        reads :attr:`corpus_state` in its statistics (see "Corpus preparation" in the module doc).
        """
        return False

    def build_corpus_state(self, references: Iterable[Sequence[str]]) -> Any:
        """The corpus-level state of a corpus whose segments have ``references`` (one tuple per segment).

        Called by :meth:`prepare`, in the calling process, once per corpus. The state must pickle.
        """
        raise NotImplementedError(f"{type(self).__name__}.needs_corpus() is True but build_corpus_state() is missing")

    def prepare(self, references: Iterable[Sequence[str]]) -> Metric:
        """A copy of this metric ready to score the corpus whose segments have ``references``.

        Returns ``self`` when the metric needs no corpus state. ``references`` yields each segment's
        references in corpus order (missing ones already dropped, as in :class:`Segment`); it is
        consumed once, so a generator over files works.
        """
        if not self.needs_corpus():
            return self
        prepared = type(self)(**self.values)
        prepared.corpus_state = self.build_corpus_state(references)
        return prepared

    @property
    def ready(self) -> bool:
        """Whether this copy can score segments (prepared, or needing no preparation)."""
        return self.corpus_state is not None or not self.needs_corpus()

    def require_ready(self) -> None:
        """Raise when an unprepared copy of a corpus-prepared metric is about to score segments."""
        if not self.ready:
            raise RuntimeError(
                f"{self.display_name} needs the corpus's references before scoring segments: score with "
                f"metric.prepare(references) (corpus_score, statistics and the CLI do this)."
            )

    def observe(self, segments: Sequence[Segment]) -> None:  # noqa: B027 - an optional hook
        """See every chunk of segments in the calling process before it is scored (maybe elsewhere).

        For metrics whose signature depends on the input's provenance (which aligner produced the
        annotations); the default does nothing. Statistics must not depend on it.
        """

    def score_rows(self, totals: np.ndarray) -> np.ndarray:
        """Main scores of many rows of aggregated statistics (one per resample in significance tests).

        Must equal ``compute_score(row).score`` for every row; override when scores can be
        computed faster without building :class:`Score` objects.
        """
        return np.array([self.compute_score(row).score for row in totals], dtype=np.float64)

    def resource_fields(self) -> tuple[Field, ...]:
        """Signature fields for the resources this metric uses (name and content hash or version)."""
        return ()

    # ----------------------------------------------------------------------- signatures
    def get_signature(self) -> Signature:
        """The signature of the last corpus scored, as sacrebleu's ``metric.get_signature()``.

        Like sacrebleu, it needs a scored corpus first: the signature names its number of references.
        """
        if self.last_nrefs is None:
            raise InputError(
                f"{self.display_name}.get_signature(): score a corpus first (the signature names its number of "
                f"references), or call signature(nrefs) with the number of references."
            )
        return self.signature(self.last_nrefs)

    def signature(self, nrefs: str = "1") -> Signature:
        """The signature of this metric instance for a run with ``nrefs`` references."""
        fields = [Field("nrefs", nrefs, "#")]
        for p in type(self).params:
            if p.sig_key is not None:
                value = p.signature_value(self.values[p.name], self.values)
                fields.append(Field(p.sig_key, value, p.sig_short or p.sig_key))
        fields.extend(self.resource_fields())
        dist, version = SERVICES.provenance(type(self))
        fields.append(Field("plugin", f"{dist}@{version}", "p"))
        fields.append(Field("version", __version__, "v"))
        return Signature(self.display_name, tuple(fields))

    # ------------------------------------------------------------------------ the API
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
        is accepted. A segment longer than :attr:`max_segment_tokens` is an error.
        """
        hyps, refs = _streams(hyps, hypotheses, refs, references)
        segments = build_segments(hyps, refs, sources, annotations, self.inputs)  # type: ignore[arg-type]
        self.check_lengths(segments)
        stats = self.prepare(references_of(segments)).statistics_of(segments, jobs)
        self.last_nrefs = stats.nrefs
        return stats

    def check_lengths(self, segments: Sequence[Segment], first: int = 1) -> None:
        """Refuse a segment longer than :attr:`max_segment_tokens` before any of them is scored."""
        limit = self.max_segment_tokens
        if limit is None:
            return
        for i, segment in enumerate(segments):
            for what, text in (("hypothesis", segment.hyp), *(("reference", r) for r in segment.refs)):
                n = count_tokens(text, limit)
                if n > limit:
                    raise InputError(
                        f"segment {first + i}: the {what} has {n} tokens, more than the {limit} that "
                        f"{type(self).name} accepts by default (its cost grows as {type(self).complexity}). "
                        f"Raise the limit with {type(self).__name__}.max_segment_tokens = N on the metric "
                        f"(--max-segment-tokens N on the command line), or split the segment."
                    )

    def statistics_of(
        self, segments: Sequence[Segment], jobs: int = 1, progress: Callable[[int], None] | None = None
    ) -> Statistics:
        """Statistics of already built segments (``progress`` is called with each chunk's size).

        Segments are scored in chunks (bounding the memory of batch implementations), by ``jobs``
        worker processes when ``jobs > 1``; the rows are the same either way. A metric that needs
        corpus state and was not prepared is prepared from these segments' references; a prepared
        one keeps its state (so a corpus can be scored in parts with the whole corpus's state).
        """
        metric = self if self.ready else self.prepare(references_of(segments))
        self.observe(segments)
        if metric is not self:
            metric.observe(segments)
        array = SERVICES.score_segments(metric, segments, jobs, progress)
        names = self.stat_names()
        if array.shape != (len(segments), len(names)):
            raise RuntimeError(
                f"{type(self).__name__}.corpus_statistics returned shape {array.shape}, "
                f"expected {(len(segments), len(names))}"
            )
        nrefs = nrefs_value(len(s.refs) for s in segments) if segments else "0"
        return Statistics(names, array, type(self).aggregation, nrefs)

    def score_statistics(self, stats: Statistics, weights: np.ndarray | None = None) -> Result:
        """The corpus result of (optionally resampled) statistics."""
        return self.score_aggregate(stats.aggregate(weights), len(stats), stats.nrefs)

    def score_aggregate(self, aggregated: np.ndarray, n_segments: int, nrefs: str) -> Result:
        """The result of already aggregated statistics (a sum, or a mean for ``mean`` metrics)."""
        return self._result(self.compute_score(aggregated), self.signature(nrefs), n_segments)

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
        hyps, refs = _streams(hyps, hypotheses, refs, references)
        return self.score_statistics(self.statistics(hyps, refs, sources, annotations, jobs))

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
        ann = {k: [v] for k, v in (annotations or {}).items()}
        return self.corpus_score(
            [hyp], [[r] for r in _listed(refs, "references")], None if source is None else [source], ann
        )

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
        hyps, refs = _streams(hyps, hypotheses, refs, references)
        return self.segment_results(self.statistics(hyps, refs, sources, annotations, jobs))

    def segment_results(self, stats: Statistics) -> list[Result]:
        """Per-segment results from already computed statistics (no re-scoring of text)."""
        out = []
        signatures: dict[str, Signature] = {}
        for row in stats.array:
            score = self.compute_score(row.copy())
            out.append(self._result(score, signatures.setdefault(stats.nrefs, self.signature(stats.nrefs)), 1))
        return out

    def _result(self, score: Score, signature: Signature, n: int) -> Result:
        return Result(
            metric=type(self).name,
            name=self.display_name,
            score=score.score,
            sub_scores=MappingProxyType(dict(score.sub_scores)),
            signature=signature,
            params=self.values,
            higher_is_better=type(self).higher_is_better,
            n_segments=n,
            verbose=score.verbose,
            attributes=MappingProxyType(dict(score.attributes)),
            decimals=default_decimals(type(self)),
        )


def default_decimals(cls: type[Metric]) -> int:
    """Decimals the CLI prints by default: 2 for scores on a 0-100 (or open) scale, 4 for 0-1 ones."""
    return 2 if cls.score_range[1] > 1.0 else 4


def count_tokens(text: str, limit: int | None = None) -> int:
    """Whitespace-separated tokens of ``text``; a text of at most ``limit`` characters is not split.

    With ``limit`` the count is exact only when it exceeds ``limit`` (a text of ``c`` characters has
    at most ``c`` tokens), which keeps the check of ordinary lines at one ``len``.
    """
    if limit is not None and len(text) <= limit:
        return 0
    return len(text.split())


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


def _streams(hyps: Any, hypotheses: Any, refs: Any, references: Any) -> tuple[list[str], list[Sequence[str | None]]]:
    """Hypotheses and reference streams from either spelling, read into lists."""
    hyp_list = _listed(_given("hyps", hyps, "hypotheses", hypotheses), "hypotheses")
    ref_given = _given("refs", refs, "references", references)
    if isinstance(ref_given, (str, bytes)):
        raise InputError("refs must be a list of reference streams (lists of strings), e.g. [['a b'], ['a c']].")
    streams = _listed(ref_given, "references")
    return hyp_list, [s if isinstance(s, (str, Sequence)) else _listed(s, "each reference stream") for s in streams]


#: The command-line options that provide an annotation (others come from ``--annotation NAME FILE``).
ANNOTATION_FLAGS = {
    "align_hyp": "--align-hyp FILE (Pharaoh source-hypothesis links; with --align-ref and --src, "
    "e.g. from 'mtmetrics align SRC HYP -o PREFIX')",
    "align_refs": "--align-ref FILE [FILE ...] (one per reference)",
    "align_hyp_rev": "--align-hyp-rev FILE",
    "align_refs_rev": "--align-ref-rev FILE [FILE ...]",
}


def build_segments(
    hyps: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    sources: Sequence[str] | None = None,
    annotations: Mapping[str, Sequence[Any]] | None = None,
    inputs: Inputs = Inputs(),
    names: Mapping[str, str] | None = None,
    first: int = 1,
) -> list[Segment]:
    """Check the streams and zip them into segments; never truncates.

    ``names`` optionally maps ``"hyps"``, ``"ref0"``, ``"ref1"``…, ``"sources"`` to file names for
    error messages, and ``first`` is the number of the first segment (for chunks of a stream).
    A missing reference (``None``) is dropped per segment; a segment left with none is an error.
    An empty line (``""``) is a reference of length 0, as sacrebleu's code treats it.
    """
    names = names or {}

    def label(key: str, default: str) -> str:
        return names.get(key, default)

    if isinstance(hyps, str) or (refs and isinstance(refs[0], str)):
        raise InputError(
            "hyps must be a list of strings and refs a list of reference streams (lists of strings), "
            "e.g. corpus_score(['a b'], [['a b']])."
        )
    n = len(hyps)
    if n == 0:
        raise InputError(f"{label('hyps', 'hypotheses')}: no segments to score (empty input).")
    if not refs:
        raise InputError("no references given: pass at least one reference stream.")
    for k, stream in enumerate(refs):
        if len(stream) != n:
            raise InputError(
                f"{label(f'ref{k}', f'reference stream {k + 1}')} has {len(stream)} segments but "
                f"{label('hyps', 'the hypotheses')} have {n}; every stream needs one line per segment."
            )
    if inputs.source and sources is None:
        raise InputError("this metric needs the source sentences (sources=..., or --src on the command line).")
    if sources is not None and len(sources) != n:
        raise InputError(
            f"{label('sources', 'sources')} have {len(sources)} segments but "
            f"{label('hyps', 'the hypotheses')} have {n}."
        )
    annotations = annotations or {}
    for key in inputs.annotations:
        if key not in annotations:
            flag = ANNOTATION_FLAGS.get(key, f"--annotation {key} FILE")
            raise InputError(
                f"this metric needs the annotation '{key}' for every segment: on the command line {flag}; "
                f"in the API annotations={{'{key}': [...]}}."
            )
    for key, values in annotations.items():
        if len(values) != n:
            raise InputError(f"annotation '{key}' has {len(values)} segments, the hypotheses have {n}.")
    segments = []
    for i in range(n):
        hyp = hyps[i]
        if not isinstance(hyp, str):
            raise InputError(
                f"{label('hyps', 'hypotheses')}: segment {first + i} is {type(hyp).__name__}, not a string."
            )
        for k, stream in enumerate(refs):
            if stream[i] is not None and not isinstance(stream[i], str):
                raise InputError(
                    f"{label(f'ref{k}', f'reference stream {k + 1}')}: segment {first + i} is "
                    f"{type(stream[i]).__name__}, not a string."
                )
        seg_refs = tuple(r for stream in refs if (r := stream[i]) is not None)
        if not seg_refs:
            where = ", ".join(label(f"ref{k}", f"reference stream {k + 1}") for k in range(len(refs)))
            raise InputError(f"segment {first + i} has no reference: it is None in {where}.")
        segments.append(
            Segment(
                hyp,
                seg_refs,
                None if sources is None else sources[i],
                {k: v[i] for k, v in annotations.items()} if annotations else {},
            )
        )
    return segments
