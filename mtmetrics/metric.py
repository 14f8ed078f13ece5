"""The Metric protocol: what a plugin author declares and implements, and the segments it scores.

A metric whose statistics need state from the whole corpus's references (NIST) says so with
:meth:`Metric.needs_corpus`; the engine then prepares a copy per corpus (:meth:`Metric.build_corpus_state`),
whose :attr:`Metric.corpus_state` travels with it to workers. Scoring an unprepared copy is an error.
"""

from __future__ import annotations

import abc
import inspect
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import numpy as np

from .errors import InputError, suggest
from .params import Param, resolve_params
from .result import Score
from .signature import Field

Aggregation = Literal["sum", "mean"]


@dataclass(frozen=True)
class Inputs:
    """What a metric needs besides the hypothesis and references.

    Attributes:
        source: the source sentence of each segment is required.
        references: the metric reads references (False: reference-free, such as CometKiwi).
        annotations: per-segment annotations that must be present (``"hyp_pos"``), passed unchanged.
        hints: the command-line option giving an annotation (``"--align-hyp FILE"``), for the message
            when it is missing; else ``--annotation NAME FILE``.
    """

    source: bool = False
    annotations: tuple[str, ...] = ()
    references: bool = True
    hints: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment: hypothesis, its references (missing ones already removed), source, annotations."""

    hyp: str
    refs: tuple[str, ...]
    source: str | None = None
    annotations: Mapping[str, Any] = field(default_factory=dict)


def fsum(values: Iterable[float]) -> float:
    """``math.fsum``, except that NaN and infinities propagate as in a plain sum (``inf - inf`` is NaN, no error)."""
    values = list(values)
    if all(map(math.isfinite, values)):
        return math.fsum(values)
    return float(sum(values))


def integer_sums_exact(array: np.ndarray, draws: int) -> bool:
    """Whether every sum of ``draws`` rows of ``array`` (drawn with repetition) is exact in float64
    whatever the order of addition: integers whose sums stay below 2^53 (counts: BLEU's, chrF's,
    TER's). Such sums need no ``fsum`` and may come from a matrix product."""
    return bool(np.array_equal(array, np.rint(array))) and float(np.abs(array).max(initial=0.0)) * draws < 2.0**53


def finish_totals(aggregation: Aggregation, totals: np.ndarray, counts: np.ndarray | float) -> np.ndarray:
    """Summed statistics of ``counts`` segments as ``compute_score``'s input (for ``mean`` metrics, their mean).

    ``totals`` is one row (``counts`` a number) or one per resample (``counts`` a vector); a row
    over no segment stays zeros.
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
    """Per-segment statistics of one metric on one system (a row per segment, a column per name),
    which resampling re-aggregates instead of re-scoring text."""

    names: tuple[str, ...]
    array: np.ndarray
    aggregation: Aggregation
    nrefs: str
    #: the metric's :meth:`Metric.segment_details`, one per row (``None``: it has none)
    details: Sequence[Any] | None = None

    def __len__(self) -> int:
        return int(self.array.shape[0])

    def column(self, name: str) -> np.ndarray:
        """The column called ``name``."""
        return self.array[:, self.names.index(name)]

    def aggregate(self, weights: np.ndarray | None = None) -> np.ndarray:
        """Sum (or mean) of the rows, optionally weighted; unweighted sums are exact (order-independent)."""
        if weights is None and len(self) == 1:
            total = self.array[0].copy()  # the exact sum of one row is the row
            n = 1.0
        elif weights is None:
            n = float(len(self))
            if integer_sums_exact(self.array, len(self)):
                total = self.array.sum(axis=0, dtype=np.float64)  # exact in any order: fsum's totals
            else:
                total = np.array([fsum(col) for col in self.array.T], dtype=np.float64)
        else:
            total = np.asarray(weights, dtype=np.float64) @ self.array
            n = float(np.sum(weights))
        return finish_totals(self.aggregation, total, n)


@dataclass
class EngineState:
    """What the engine keeps about one metric instance, in its slot ``_engine`` (outside the plugin's
    ``__dict__``); pickled with the metric, the caches aside."""

    #: the limit the user set (``scorer.max_segment_tokens = N``; 0: none); ``None``: not set
    limit: int | None = None
    #: the parameters the user gave, when the metric was built through the gate (else ``None``)
    given: frozenset[str] | None = None
    #: what :meth:`Metric.build_corpus_state` built, on a copy prepared for a corpus
    corpus_state: Any = None
    #: the signature's fields fixed for the instance (parameters, provenance), once built
    signature_fields: Any = None
    #: the signatures built so far, by number of references, resource fields and display name
    signatures: dict[Any, Any] = field(default_factory=dict)
    #: fields of the signature it was loaded from that this installation differs in (allowed): ``(key, value)``
    signed: tuple[tuple[str, str], ...] = ()
    #: the run's fields of that signature (``nrefs``), checked when a result is built
    signed_run: tuple[tuple[str, str], ...] = ()


def _rebuild(cls: type[Metric], values: dict[str, Any], state: EngineState) -> Metric:
    metric = cls(**values)
    metric._engine = state
    return metric


def references_of(segments: Iterable[Segment]) -> Iterator[tuple[str, ...]]:
    """Each segment's references, in order: what :func:`mtmetrics.engine.gate.prepare` takes."""
    for segment in segments:
        yield segment.refs


class Metric(abc.ABC):
    """Base class of every metric: the declarations and functions a plugin author writes.

    **Declare** (class attributes): :attr:`name`, :attr:`params`, :attr:`inputs`,
    :attr:`aggregation`, :attr:`higher_is_better`, :attr:`score_range`,
    :attr:`perfect_on_identity`, :attr:`description`, and :attr:`helpers` (public names of your own).
    The checked parameter values are :attr:`values`.

    **Implement**: :meth:`stat_names`, :meth:`segment_statistics` and (for ``sum`` metrics)
    :meth:`compute_score`; optionally :meth:`setup` (load resources from ``self.values``) and
    :meth:`corpus_statistics` (a batch path).

    **Optional groups**, each with a default that suits a metric which does not define it:

    * *presentation*: :attr:`display_name` (the name in capitals), :meth:`score_rows` (one
      :meth:`compute_score` per row), :meth:`thresholds_name` (none);
    * *languages*: :meth:`target_languages` (any), :meth:`language_resources`,
      :meth:`language_defaults` and :meth:`sentence_defaults` (nothing implied);
    * *limits*: :attr:`max_segment_tokens` (no limit), :attr:`complexity`, :meth:`segment_limit`,
      :attr:`unit`, :meth:`count_units` (the ``tokenize`` parameter's tokens, else words);
    * *resources*: :meth:`resource_fields` (no signature field), :meth:`observe` (nothing),
      :attr:`fork_safe` (False), :attr:`plain_text` (True), :attr:`model_formats` (none),
      :attr:`input_fields` (none);
    * *corpus preparation*: :meth:`needs_corpus` (False), :meth:`build_corpus_state`,
      :attr:`corpus_state` (what it built, on the prepared copy);
    * *detail*: :meth:`segment_details` (None: no per-segment detail);
    * *conformance examples*: :meth:`example_params`, :meth:`example_annotations` (None).

    The engine reads these members directly. Any other public name must be listed in
    :attr:`helpers` or the plugin is refused at registration (a misspelt member is never ignored).

    A user never calls a metric directly: :func:`mtmetrics.load_metric` (or
    :class:`~mtmetrics.api.Scorer` around an instance) gives ``corpus_score``,
    ``sentence_score``, ``segment_scores``, ``statistics`` and ``get_signature``, built on these
    members by the engine.

    Example: unigram precision, summed over the corpus then divided (a ``sum`` metric)::

        from collections import Counter

        import numpy as np

        from mtmetrics import Metric, Param, Score, Scorer, Segment

        class UnigramPrecision(Metric):
            name = "uniprec"
            description = "clipped unigram precision"
            params = (Param("lowercase", bool, False, "lowercase first", sig_key="lc"),)

            def setup(self) -> None:
                self._lc = self.values["lowercase"]

            def stat_names(self) -> tuple[str, ...]:
                return ("matches", "hyp_len")

            def segment_statistics(self, segment: Segment) -> np.ndarray:
                norm = str.lower if self._lc else str
                hyp = Counter(norm(segment.hyp).split())
                best = max(sum((hyp & Counter(norm(r).split())).values()) for r in segment.refs)
                return np.array([best, sum(hyp.values())], dtype=np.float64)

            def compute_score(self, stats: np.ndarray) -> Score:
                return Score(float(stats[0] / stats[1]) if stats[1] else 0.0)

        result = Scorer(UnigramPrecision()).corpus_score(["a b c"], [["a b d"]])
        assert result.score == 2 / 3
        assert str(result.signature).startswith("UNIPREC|nrefs:1|lc:no|")

    It gets a signature, ``-j``, significance tests and ``mtmetrics -m uniprec`` once it is
    registered (``docs/plugin-guide.md``).
    """

    # the engine's state of this instance (:class:`EngineState`), outside the instance's __dict__
    __slots__ = ("__dict__", "_engine")
    _engine: EngineState

    # ---------------------------------------------------------------------------- declarations
    #: Registry name, lowercase with dashes (``rouge-l``); used by ``-m`` and ``load_metric``.
    name: ClassVar[str]
    #: Declared parameters, in signature order.
    params: ClassVar[tuple[Param, ...]] = ()
    #: Inputs beyond hypothesis and references.
    inputs: ClassVar[Inputs] = Inputs()
    #: How segment statistics become a corpus score: ``"sum"`` (vectors summed, then scored: BLEU,
    #: chrF, TER) or ``"mean"`` (each segment scored, the corpus score is the mean: ROUGE, SIA).
    aggregation: ClassVar[Aggregation] = "sum"
    #: False for error rates (TER, WER): meta-evaluation flips their sign, the CLI says so.
    higher_is_better: ClassVar[bool] = True
    #: Inclusive range of scores; ``math.inf`` for an open upper end.
    score_range: ClassVar[tuple[float, float]] = (0.0, 1.0)
    #: Whether hypothesis == reference always gives the best score in ``score_range``.
    perfect_on_identity: ClassVar[bool] = True
    #: One line shown by ``mtmetrics list``.
    description: ClassVar[str] = ""
    #: Public names this class defines beyond the protocol (methods its tests or other code call,
    #: such as ROUGE's ``tokens``); each class lists its own. Any other public name is refused.
    helpers: ClassVar[tuple[str, ...]] = ()
    #: The checked parameter values (every declared parameter, defaults filled in); read-only.
    values: Mapping[str, Any]

    def __init__(self, **params: Any) -> None:
        self._engine = EngineState()
        self.values = MappingProxyType(resolve_params(type(self).params, params, type(self).name))
        self.setup()

    def setup(self) -> None:  # noqa: B027 - optional: most metrics derive something, some nothing
        """Build derived state (tokenizers, tables) from ``self.values``; called by ``__init__``."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from parameters (metrics pickle for worker processes whatever they cache), with
        # the engine's state (a prepared copy's corpus state, a limit set) but not its caches
        state = replace(self._engine, signature_fields=None, signatures={})
        return (_rebuild, (type(self), dict(self.values), state))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{type(self).__name__}({args})"

    # ------------------------------------------------------------------------------ implement
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
        """The score of aggregated statistics; the default serves ``mean`` metrics (``[score, *sub_scores]``)."""
        if type(self).aggregation != "mean":
            raise NotImplementedError(f"{type(self).__name__} must implement compute_score()")
        names = self.stat_names()
        values = stats.tolist()
        return Score(values[0], dict(zip(names[1:], values[1:], strict=True)))

    # --------------------------------------------------------------------------- presentation
    @property
    def display_name(self) -> str:
        """Name shown in signatures and tables; may depend on parameters (``chrF2``, ``BLEUS4``)."""
        return type(self).name.upper()

    def score_rows(self, totals: np.ndarray) -> np.ndarray:
        """Main scores of many rows of aggregated statistics (one per resample in significance tests).

        Must equal ``compute_score(row).score`` for every row; override for speed.
        """
        cls = type(self)
        if cls.aggregation == "mean" and cls.compute_score is Metric.compute_score:
            return np.array(totals[:, 0], dtype=np.float64)
        return np.array([self.compute_score(row).score for row in totals], dtype=np.float64)

    def thresholds_name(self) -> str | None:
        """The name under which the ``mt-thresholds`` package (Kocmi et al. 2024) has published
        delta-to-human-accuracy thresholds for this metric with these parameters and this score scale;
        ``None`` (the default) when it has none: ``rank`` then never guesses an accuracy."""
        return None

    # ------------------------------------------------------------------------------ languages
    def target_languages(self) -> tuple[str, ...] | None:
        """Target languages (ISO 639-1) these parameters' resources support (``("en",)``); ``None``: any.

        Asked before :meth:`setup` (so a refused run loads nothing): depends on ``self.values`` only.
        """
        return None

    def language_resources(self) -> str:
        """The resources that limit :meth:`target_languages`, named in the error message (``self.values`` only)."""
        return "its resources"

    @classmethod
    def language_defaults(cls, target: str, source: str | None = None) -> dict[str, Any]:
        """Parameter values a language pair implies unless the user sets them (BLEU tokenises Chinese
        with ``zh``); ``source`` is ``None`` where only the target is known."""
        return {}

    @classmethod
    def sentence_defaults(cls) -> dict[str, Any]:
        """Parameter values the CLI's ``-sl`` implies unless the user sets them (BLEU: effective order)."""
        return {}

    # --------------------------------------------------------------------------------- limits
    #: Longest segment scored with the default parameters, in :attr:`unit`, for a metric whose cost
    #: grows faster than linearly (``None``: any); a longer one is refused before anything is scored.
    max_segment_tokens: ClassVar[int | None] = None
    #: Cost of one segment in hypothesis length n and reference length m, and what bounds its worst
    #: case (for messages and ``mtmetrics list``); a property when the parameters change it.
    complexity: ClassVar[str] = "O(n + m)"

    def segment_limit(self) -> int | None:
        """Longest segment these parameters score in reasonable time and memory (``None``: any); by
        default :attr:`max_segment_tokens`. Depends on ``self.values`` only."""
        return type(self).max_segment_tokens

    @property
    def unit(self) -> str:
        """What :meth:`count_units` counts, plural (``"13a tokens"``, ``"tokens"``, ``"characters"``)."""
        tok = self.values.get("tokenize")
        return f"{tok} tokens" if isinstance(tok, str) else "tokens"

    def count_units(self, text: str) -> int:
        """The units of ``text`` the limit counts: the ``tokenize`` parameter's tokens, else words.

        At most one unit per character (the gate counts only texts longer than the limit).
        """
        tok = self.values.get("tokenize")
        if isinstance(tok, str):
            from .resources.tokenizers import get_tokenizer

            text = get_tokenizer(tok)(text.rstrip())
        return len(text.split())

    # ------------------------------------------------------------------------------ resources
    #: Whether ``meta report`` may run it by default on a table's hypotheses and references alone
    #: (False when it needs a model file, a source or annotations).
    plain_text: ClassVar[bool] = True
    #: Model file formats (``mtmetrics-combo/1``) its ``model`` parameter reads.
    model_formats: ClassVar[tuple[str, ...]] = ()
    #: True when a forked copy of a used metric keeps working (all it loads is in memory: no open
    #: file read lazily, thread or socket); then ``-j`` forks warm workers.
    fork_safe: ClassVar[bool] = False
    #: Keys of :meth:`resource_fields` that describe the input (who made its annotations), not this
    #: installation: a signature's value is checked against the run, never loaded.
    input_fields: ClassVar[tuple[str, ...]] = ()

    def resource_fields(self) -> tuple[Field, ...]:
        """Signature fields for the resources this metric uses (name and content hash or version)."""
        return ()

    def observe(self, segments: Sequence[Segment]) -> None:  # noqa: B027 - optional, does nothing by default
        """See every chunk in the calling process before it is scored, for a signature that depends on
        the input's provenance (which aligner made the annotations); statistics must not depend on it."""

    # --------------------------------------------------------------------- corpus preparation
    def needs_corpus(self) -> bool:
        """Whether segment statistics depend on state built from all references of the corpus (NIST)."""
        return False

    def build_corpus_state(self, references: Iterable[Sequence[str]]) -> Any:
        """The (picklable) state of the corpus whose segments have ``references``, once per corpus."""
        raise NotImplementedError(f"{type(self).__name__}.needs_corpus() is True but build_corpus_state() is missing")

    @property
    def corpus_state(self) -> Any:
        """What :meth:`build_corpus_state` built, on the copy the engine prepared; else None."""
        return self._engine.corpus_state

    # --------------------------------------------------------------------------------- detail
    def segment_details(self, segments: Sequence[Segment]) -> Sequence[Any] | None:
        """A JSON-able object per segment besides its statistics (xCOMET's error spans), which the
        sentence-level JSON (``segment_details``) and the API's segment results (``Result.detail``)
        carry; ``None``: this metric has none (nothing is written).

        Called right after :meth:`corpus_statistics` on the same segments in the same process, so
        it may return what that computed; it must not change the statistics.
        """
        return None

    # -------------------------------------------------------------------- conformance examples
    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        """Parameters for the conformance suite when the defaults cannot build it (files go in ``folder``)."""
        return None

    @staticmethod
    def example_annotations(hyps: list[str], refs: list[list[str | None]], sources: list[str]) -> dict[str, Any] | None:
        """Annotations for the conformance suite's corpus, for metrics that need some (None: none)."""
        return None


#: Every member of the protocol, as a plugin author sees it on :class:`Metric`.
MEMBERS = frozenset(n for n in (*vars(Metric), *Metric.__annotations__) if not n.startswith("_"))


def protocol_problems(cls: type[Metric]) -> list[str]:
    """What is wrong with ``cls`` as a metric class, one sentence each (the registry refuses any).

    A name; a tuple of :class:`Param` with distinct names; no public name outside :class:`Metric`'s
    members and :attr:`~Metric.helpers`; a method of :class:`Metric` stays a method.
    """
    problems = []
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        problems.append("has no name (a class attribute such as name = 'my-metric')")
    params = cls.params
    if not isinstance(params, tuple) or not all(isinstance(p, Param) for p in params):
        problems.append("declares params that are not a tuple of Param")
    elif len({p.name for p in params}) < len(params):
        problems.append("declares two parameters with one name")
    own = cls.__mro__[: cls.__mro__.index(Metric)]
    helpers = {h for klass in own for h in vars(klass).get("helpers", ())}
    seen: set[str] = set()
    for klass in own:
        for member in (*vars(klass), *inspect.get_annotations(klass)):
            value, where = vars(klass).get(member), f"{klass.__name__}.{member}"
            if member == "_engine":
                problems.append(f"defines {where}, which is the engine's (rename it)")
            elif member.startswith("_") or member in helpers or member in seen:
                continue
            elif member not in MEMBERS:
                problems.append(
                    f"defines {where}, which is not a member of Metric.{suggest(member, MEMBERS)} "
                    f"List a public name of your own in {klass.__name__}.helpers, or start it with '_'."
                )
            elif member in vars(klass) and _is_method(vars(Metric).get(member)) and not _is_method(value):
                problems.append(f"defines {where} as {type(value).__name__}, but Metric.{member} is a method")
            seen.add(member)
    return problems


def _is_method(value: Any) -> bool:
    """Whether ``value`` is a function as a class body holds one (plain, class or static method)."""
    return inspect.isfunction(value) or isinstance(value, (classmethod, staticmethod))


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

    ``names`` maps ``"hyps"``, ``"ref0"``…, ``"sources"`` to file names for messages; ``first`` numbers
    the first segment. A ``None`` reference is dropped (a segment left with none is an error).
    """
    label = (names or {}).get
    if isinstance(hyps, str) or (refs and isinstance(refs[0], str)):
        raise InputError(
            "hyps must be a list of strings and refs a list of reference streams (lists of strings), "
            "e.g. corpus_score(['a b'], [['a b']])."
        )
    n = len(hyps)
    ref_names = [label(f"ref{k}", f"reference stream {k + 1}") for k in range(len(refs))]
    if n == 0:
        raise InputError(f"{label('hyps', 'hypotheses')}: no segments to score (empty input).")
    if not refs and inputs.references:
        raise InputError("no references given: pass at least one reference stream.")
    for name, stream in zip(ref_names, refs, strict=True):
        if len(stream) != n:
            raise InputError(
                f"{name} has {len(stream)} segments but {label('hyps', 'the hypotheses')} have {n}; "
                f"every stream needs one line per segment."
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
            flag = inputs.hints.get(key, f"--annotation {key} FILE")
            raise InputError(
                f"this metric needs the annotation '{key}' for every segment: on the command line {flag}; "
                f"in the API annotations={{'{key}': [...]}}."
            )
    for key, values in annotations.items():
        if len(values) != n:
            raise InputError(f"annotation '{key}' has {len(values)} segments, the hypotheses have {n}.")
    types = [set(map(type, stream)) for stream in (hyps, *refs)]  # the common case checked at C speed
    if types[0] - {str} or any(t - {str, type(None)} for t in types[1:]):
        for i, hyp in enumerate(hyps):  # name the first segment that is not a string
            wrong = [] if isinstance(hyp, str) else [(label("hyps", "hypotheses"), hyp)]
            wrong += [
                (name, r) for name, s in zip(ref_names, refs, strict=True) if not isinstance(r := s[i], str | None)
            ]
            if wrong:
                raise InputError(f"{wrong[0][0]}: segment {first + i} is {type(wrong[0][1]).__name__}, not a string.")
    rows: Iterable[tuple[Any, ...]] = zip(*refs, strict=True) if refs else [()] * n
    if any(type(None) in t for t in types[1:]):
        rows = (tuple(r for r in row if r is not None) for row in rows)
    srcs: Sequence[str | None] = [None] * n if sources is None else sources
    segments = []
    for i, (hyp, seg_refs, source) in enumerate(zip(hyps, rows, srcs, strict=True)):
        if not seg_refs and inputs.references:
            raise InputError(f"segment {first + i} has no reference: it is None in {', '.join(ref_names)}.")
        segments.append(Segment(hyp, seg_refs, source, {k: v[i] for k, v in annotations.items()}))
    return segments
