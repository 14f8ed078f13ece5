"""The Metric protocol: what a plugin author declares and implements, and nothing else.

:class:`Metric`'s docstring lists every member, in groups, with the default a metric that does
not define one gets; the engine reads them directly, and a public name that is not a member is
refused when the plugin registers (:func:`protocol_problems`). What a user calls is on
:class:`~mtmetrics.api.Scorer`.

**Corpus preparation.** A segment's statistics normally depend on that segment alone, so the core
scores chunks anywhere (``-j``, Dask, streaming) and resamples rows. A metric whose statistics need
state from the whole corpus's references (mteval-v13a's NIST) says so with
:meth:`Metric.needs_corpus` and builds it in :meth:`Metric.build_corpus_state`; the engine prepares
a copy once per corpus, before any segment is scored, whose :attr:`Metric.corpus_state` travels
with it (pickled, forked, shipped to Dask). Scoring an unprepared copy is an error.
"""

from __future__ import annotations

import abc
import inspect
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
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
        references: the metric reads references (False: a reference-free metric such as CometKiwi,
            which every road scores without reference files; references given anyway are not read,
            and the signature says how many were given).
        annotations: names of per-segment annotations that must be present (e.g. ``"hyp_pos"``,
            ``"align_hyp"``); their values are passed through unchanged in :attr:`Segment.annotations`.
        hints: how the command line provides an annotation, by name (the plugin's own option, e.g.
            ``"--align-hyp FILE"``), for the message when it is missing; else ``--annotation NAME FILE``.
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
    """``math.fsum``, except that NaN and infinities propagate as in a plain sum (``inf - inf`` is NaN).

    ``math.fsum`` raises ``ValueError`` on ``inf + -inf``; a metric whose statistics hold both
    (an undefined segment) must give a NaN score, not a traceback.
    """
    values = list(values)
    if all(map(math.isfinite, values)):
        return math.fsum(values)
    return float(sum(values))


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
        if weights is None and len(self) == 1:
            total = self.array[0].copy()  # the exact sum of one row is the row
            n = 1.0
        elif weights is None:
            total = np.array([fsum(col) for col in self.array.T], dtype=np.float64)
            n = float(len(self))
        else:
            total = np.asarray(weights, dtype=np.float64) @ self.array
            n = float(np.sum(weights))
        return finish_totals(self.aggregation, total, n)


@dataclass
class EngineState:
    """What the engine keeps about one metric instance, in one object the plugin never touches.

    It lives in :class:`Metric`'s slot ``_engine``, outside the instance's ``__dict__`` (where the
    plugin's own attributes are), and travels with the metric when it is pickled (the caches aside).
    """

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
      :meth:`compute_score` per row);
    * *languages*: :meth:`target_languages` (any), :meth:`language_resources`,
      :meth:`language_defaults` and :meth:`sentence_defaults` (nothing implied);
    * *limits*: :attr:`max_segment_tokens` (no limit), :attr:`complexity`, :meth:`segment_limit`,
      :attr:`unit`, :meth:`count_units` (the ``tokenize`` parameter's tokens, else words);
    * *resources*: :meth:`resource_fields` (no signature field), :meth:`observe` (nothing),
      :attr:`fork_safe` (False), :attr:`plain_text` (True), :attr:`model_formats` (none);
    * *corpus preparation*: :meth:`needs_corpus` (False), :meth:`build_corpus_state`,
      :attr:`corpus_state` (what it built, on the prepared copy);
    * *conformance examples*: :meth:`example_params`, :meth:`example_annotations` (None).

    The engine reads these members directly. Any other public name a metric class defines must be
    listed in its :attr:`helpers`, or it is refused when the plugin registers (a misspelt
    ``max_segment_token = 5`` would otherwise be ignored); names starting with ``_`` are the
    plugin's own.

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
        state = self._engine
        return (_rebuild, (type(self), dict(self.values), EngineState(state.limit, state.given, state.corpus_state)))

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
        """The score of aggregated statistics (a sum for ``sum`` metrics, a mean for ``mean`` ones).

        The default serves ``mean`` metrics, whose vector is ``[score, *sub_scores]``.
        """
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

        Must equal ``compute_score(row).score`` for every row; override when scores can be computed
        faster without building :class:`Score` objects. A ``mean`` metric that keeps the default
        :meth:`compute_score` scores a row as its first entry (its vector is ``[score, *sub_scores]``).
        """
        cls = type(self)
        if cls.aggregation == "mean" and cls.compute_score is Metric.compute_score:
            return np.array(totals[:, 0], dtype=np.float64)
        return np.array([self.compute_score(row).score for row in totals], dtype=np.float64)

    # ------------------------------------------------------------------------------ languages
    def target_languages(self) -> tuple[str, ...] | None:
        """Target languages (ISO 639-1) these parameters' resources support; ``None``: any language.

        A metric with English-only resources (WordNet, an English tagger) returns ``("en",)``, and
        every road refuses another target language. It must depend on ``self.values`` only: it is
        asked before :meth:`setup`, so a refused run loads nothing.
        """
        return None

    def language_resources(self) -> str:
        """The resources that limit :meth:`target_languages`, named in the error message (``self.values`` only)."""
        return "its resources"

    @classmethod
    def language_defaults(cls, target: str, source: str | None = None) -> dict[str, Any]:
        """Parameter values implied by the language pair (``-l``, a table's ``lp``) unless the user sets them.

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

    # --------------------------------------------------------------------------------- limits
    #: Longest segment scored with the default parameters, in :attr:`unit` (what the metric aligns
    #: or counts), for a metric whose cost grows faster than linearly; ``None``: any. A longer
    #: segment is an error naming it before anything is scored, on every road. A user raises it per
    #: instance (``scorer.max_segment_tokens = N``; 0 or ``None``: no limit) or on the command line
    #: (``--max-segment-tokens N``).
    max_segment_tokens: ClassVar[int | None] = None
    #: Cost of one segment in its hypothesis length n and reference length m, and how its worst case
    #: (repetitive or spaceless text at the limit) is kept under 10 s and 1 GB: by the limit or by
    #: a bound in the algorithm (for messages and ``mtmetrics list``); a property when the
    #: parameters change it.
    complexity: ClassVar[str] = "O(n + m)"

    def segment_limit(self) -> int | None:
        """Longest segment these parameters can score in reasonable time and memory; ``None``: any.

        The default is the class's :attr:`max_segment_tokens`. Override when a parameter changes
        the cost (a run-length exponent, a skip distance, an n-gram order), together with
        :attr:`complexity`. Depends on ``self.values`` only.
        """
        return type(self).max_segment_tokens

    @property
    def unit(self) -> str:
        """What :meth:`count_units` counts, plural: ``"13a tokens"`` (the ``tokenize`` parameter's),
        ``"tokens"`` (whitespace-separated), ``"characters"``."""
        tok = self.values.get("tokenize")
        return f"{tok} tokens" if isinstance(tok, str) else "tokens"

    def count_units(self, text: str) -> int:
        """The units of ``text`` the limit counts: the tokens the metric aligns or counts.

        The default counts the tokens of the metric's ``tokenize`` parameter (sacrebleu's
        tokenizer), else whitespace-separated words. An override must count at most one unit per
        character, so a text of at most N characters holds at most N units (the gate checks only
        longer texts); lowercasing is therefore not applied (it lengthens only U+0130, by a dot).
        Depends on ``self.values`` only.
        """
        tok = self.values.get("tokenize")
        if isinstance(tok, str):
            from .resources.tokenizers import get_tokenizer

            text = get_tokenizer(tok)(text.rstrip())
        return len(text.split())

    # ------------------------------------------------------------------------------ resources
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
    #: thread, no socket). Then ``-j`` forks warm workers from the calling process; otherwise each
    #: worker starts fresh (``forkserver``) and rebuilds the metric from its parameters.
    fork_safe: ClassVar[bool] = False

    def resource_fields(self) -> tuple[Field, ...]:
        """Signature fields for the resources this metric uses (name and content hash or version)."""
        return ()

    def observe(self, segments: Sequence[Segment]) -> None:  # noqa: B027 - optional, does nothing by default
        """See every chunk of segments in the calling process before it is scored (maybe elsewhere).

        For metrics whose signature depends on the input's provenance (which aligner produced the
        annotations); the default does nothing. Statistics must not depend on it.
        """

    # --------------------------------------------------------------------- corpus preparation
    def needs_corpus(self) -> bool:
        """Whether segment statistics depend on state built from all references of the corpus.

        False by default; NIST says True (unless its parameters say otherwise: ``info=seg``).
        """
        return False

    def build_corpus_state(self, references: Iterable[Sequence[str]]) -> Any:
        """The corpus-level state of a corpus whose segments have ``references`` (one tuple per segment).

        Called once per corpus, in the calling process, when :meth:`needs_corpus` is True. The state
        must pickle.
        """
        raise NotImplementedError(f"{type(self).__name__}.needs_corpus() is True but build_corpus_state() is missing")

    @property
    def corpus_state(self) -> Any:
        """What :meth:`build_corpus_state` built for the corpus being scored; None until the engine
        prepared this copy (see "Corpus preparation" in :mod:`mtmetrics.metric`)."""
        return self._engine.corpus_state

    # -------------------------------------------------------------------- conformance examples
    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        """Parameters to build the metric with in the conformance suite (:mod:`mtmetrics.testing`),
        or None: its defaults. For metrics that cannot be built from their defaults (``combo``
        needs a model file, which this writes to ``folder``)."""
        return None

    @staticmethod
    def example_annotations(hyps: list[str], refs: list[list[str | None]], sources: list[str]) -> dict[str, Any] | None:
        """Annotations for the conformance suite's corpus, for metrics that need some (None: none)."""
        return None


#: Every member of the protocol, as a plugin author sees it on :class:`Metric`.
MEMBERS = frozenset(n for n in (*vars(Metric), *Metric.__annotations__) if not n.startswith("_"))


def protocol_problems(cls: type[Metric]) -> list[str]:
    """What is wrong with ``cls`` as a metric class, one sentence each (none: it keeps the protocol).

    The plugin registry refuses a class with a problem (:class:`~mtmetrics.PluginError`), and the
    conformance suite checks it: a name, parameters declared as a tuple of :class:`Param` with
    distinct names, and no public name that is neither a member of :class:`Metric` nor listed in
    the class's :attr:`~Metric.helpers` (so a misspelt member is never ignored silently); a member
    that is a method on :class:`Metric` is a method (or property) in the plugin too.
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
    if not refs and inputs.references:
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
            flag = inputs.hints.get(key, f"--annotation {key} FILE")
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
        if not seg_refs and inputs.references:
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
