"""sacrebleu 2.x's Python API over mtmetrics' metrics: ``BLEU``, ``CHRF``, ``TER``, the functions and
``PairedTest`` (after ``import mtmetrics as sacrebleu``, also ``sacrebleu.metrics``/``.significance``).

The per-segment statistics are mtmetrics'; sums, score objects, bootstrap and paired tests are
sacrebleu's own, so results are sacrebleu's bit for bit. Signatures and input checks (no silent
truncation; :class:`mtmetrics.InputError`, :class:`mtmetrics.ParameterError`) stay mtmetrics'.
"""

from __future__ import annotations

import logging
import os
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import sacrebleu
from sacrebleu.metrics.base import Score as SacrebleuScore
from sacrebleu.metrics.bleu import BLEUScore
from sacrebleu.metrics.chrf import CHRFScore
from sacrebleu.metrics.ter import TERScore
from sacrebleu.significance import PairedTest as _SacrebleuPairedTest
from sacrebleu.significance import Result as TestResult

from . import load_metric
from .errors import InputError, ParameterError
from .plugins import REGISTRY
from .signature import Field

_LOG = logging.getLogger("mtmetrics")

#: sacrebleu's seed for bootstrap resampling (``SACREBLEU_SEED``; ``none``: fresh entropy)
DEFAULT_SEED = "12345"
#: the most resamples or trials one call draws (each costs a pass over the corpus' statistics)
MAX_SAMPLES = 1_000_000
#: bootstrap draws made at once (rows of segment indices): memory stays at one chunk
_CHUNK = 256
#: sacrebleu's abbreviations of the fields a test adds to a signature
_SHORT = {"seed": "rs"}


class SacrebleuSignature:
    """An mtmetrics signature in sacrebleu's ``Signature`` shape (``str()``: the fields, ``info``: a dict)."""

    def __init__(self, signature: Any) -> None:
        self._signature = signature
        self.info: dict[str, str] = dict(signature.as_dict())

    def format(self, short: bool = False) -> str:
        """The fields, ``key:value`` joined by ``|``."""
        return "|".join(f.format(short) for f in self._signature.fields)

    def update(self, key: str, value: Any) -> None:
        """Add a field (a test's ``seed``, ``bs`` or ``ar``), as sacrebleu's ``Signature.update``."""
        self._signature = self._signature.with_fields([Field(key, str(value), _SHORT.get(key, key))])
        self.info = dict(self._signature.as_dict())

    __str__ = __repr__ = format


RefStreams = Sequence[Sequence[str | None]]


class _Metric:
    """What the three classes share, including the sacrebleu ``Metric`` methods its ``PairedTest`` calls."""

    _registry_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any], references: RefStreams | None) -> None:
        self._metric = load_metric(self._registry_name, **params)
        self._ref_cache: list[list[str | None]] | None = None
        self._signature: Any = None
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        if references is not None:
            self._ref_cache = _ref_lists(references)
            counts = {sum(r is not None for r in row) for row in zip(*self._ref_cache, strict=True)}
            self._signature = self._metric.signature(str(counts.pop()) if len(counts) == 1 else "var")

    #: sacrebleu's own metric with the same parameters: its arithmetic from summed statistics
    _sacrebleu: Any

    def _compute_score_from_stats(self, totals: Any) -> Any:
        """sacrebleu's score of summed statistics (a corpus' or a float32 resample's)."""
        return self._sacrebleu._compute_score_from_stats(totals)

    def _typed(self, totals: np.ndarray) -> list[Any]:
        """Summed statistics with the types sacrebleu's sums have (integer counts)."""
        return [int(x) for x in totals]

    def _aggregate_and_compute(self, rows: Any) -> Any:
        """The score of per-segment statistics summed in order, as sacrebleu's ``sum_of_lists`` (TER's last bit)."""
        rows = np.asarray(rows)
        totals = np.cumsum(rows, axis=0)[-1] if len(rows) else np.zeros(rows.shape[1])
        return self._compute_score_from_stats(self._typed(totals))

    def _extract_corpus_statistics(
        self, hypotheses: Iterable[str], references: Iterable[Iterable[str | None]] | None
    ) -> np.ndarray:
        """Per-segment statistics (mtmetrics'); sets the signature."""
        if references is None or (isinstance(references, Sequence) and not references):
            if self._ref_cache is None:
                raise InputError(
                    f"{type(self).__name__}.corpus_score: no references given and none cached "
                    f"(pass references, or {type(self).__name__}(references=...))."
                )
            refs = self._ref_cache
        else:
            refs = _ref_lists(references)
        stats = self._metric.statistics(list(hypotheses), refs)
        self._signature = self._metric.get_signature()
        return stats.array

    def corpus_score(
        self, hypotheses: Iterable[str], references: Iterable[Iterable[str | None]] | None = None, n_bootstrap: int = 1
    ) -> Any:
        """The corpus score (``references=None``: the constructor's); ``n_bootstrap > 1`` adds sacrebleu's
        bootstrap estimate (``SACREBLEU_SEED``) and ``bs:N|seed:S`` to the signature."""
        n_bootstrap = _count("n_bootstrap", n_bootstrap, 1)
        rows = self._extract_corpus_statistics(hypotheses, references)
        result = self._aggregate_and_compute(rows)
        if n_bootstrap > 1:
            seed = _seed()
            ranked = sorted(_resampled(self, rows, np.random.default_rng(seed), n_bootstrap))
            low = len(ranked) // 40  # sacrebleu's Score.estimate_ci, on the scores alone
            result._ci, result._mean = 0.5 * (ranked[-low - 1] - ranked[low]), statistics.mean(ranked)
            self.n_bootstrap, self.seed = n_bootstrap, str(seed).lower()
            self._signature = self._signature.with_fields(
                [Field("bs", str(n_bootstrap), "bs"), Field("seed", self.seed, "rs")]
            )
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> Any:
        """The score of one hypothesis against its references."""
        if isinstance(references, str) or not isinstance(hypothesis, str):
            raise InputError(
                f"{type(self).__name__}.sentence_score: the hypothesis is one string and references is a list "
                f"of strings, not one string: sentence_score('a b', ['a b c'])."
            )
        return self._aggregate_and_compute(self._extract_corpus_statistics([hypothesis], [[r] for r in references]))

    def get_signature(self) -> SacrebleuSignature:
        """mtmetrics' signature of the last scoring (or of the cached references), in sacrebleu's shape."""
        if self._signature is None:
            raise InputError(
                f"{type(self).__name__}.get_signature(): score a corpus first, or give references= to the "
                f"constructor (the signature names the number of references)."
            )
        return SacrebleuSignature(self._signature)

    @property
    def metric(self) -> Any:
        """The mtmetrics scorer behind this object (``load_metric``'s), for everything beyond sacrebleu's API."""
        return self._metric


def _ref_lists(references: Iterable[Iterable[str | None]]) -> list[list[str | None]]:
    """The reference streams as lists (generators are read once), all of one length."""
    streams = [] if isinstance(references, str) else list(references)
    if not streams or any(isinstance(s, str) for s in streams):
        raise InputError(
            "references is a list of reference streams (each a list of strings, one per hypothesis), "
            "e.g. corpus_score(['a b'], [['a b']])."
        )
    lists = [list(stream) for stream in streams]
    if len({len(stream) for stream in lists}) > 1:
        raise InputError(
            "references: the reference streams have different lengths "
            f"({', '.join(str(len(stream)) for stream in lists)}); each has one line per hypothesis."
        )
    return lists


def _seed() -> int | None:
    """``SACREBLEU_SEED`` (default 12345; ``none``: fresh entropy), as sacrebleu reads it."""
    seed = os.environ.get("SACREBLEU_SEED", DEFAULT_SEED)
    if seed.lower() == "none":
        return None
    try:
        return int(seed)
    except ValueError:
        raise ParameterError(f"SACREBLEU_SEED: an integer or 'none', got {seed!r}.") from None


def _count(name: str, value: Any, low: int, high: int = MAX_SAMPLES) -> int:
    """``value`` as an integer in ``[low, high]``, else a :class:`ParameterError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ParameterError(f"{name}: an integer from {low} to {high}, got {value!r}.")
    return int(value)


def _resampled(metric: _Metric, rows: np.ndarray, rng: np.random.Generator, n: int) -> list[float]:
    """Scores of ``n`` bootstrap resamples: sacrebleu's draws, a chunk at a time, summed in float32 as sacrebleu."""
    rows32 = rows.astype(np.float32)
    scores: list[float] = []
    for done in range(0, n, _CHUNK):
        for idx in rng.choice(len(rows), size=(min(_CHUNK, n - done), len(rows)), replace=True):
            scores.append(metric._compute_score_from_stats(rows32[idx].sum(0)).score)
    return scores


class BLEU(_Metric):
    """sacrebleu's ``BLEU``, scored by mtmetrics' ``bleu``; ``tokenize=None`` takes ``trg_lang``'s tokenizer."""

    _registry_name = "bleu"
    SMOOTH_DEFAULTS: ClassVar[dict[str, float | None]] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
    TOKENIZER_DEFAULT = "13a"
    TOKENIZERS: ClassVar[tuple[str, ...]] = ("none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab")
    TOKENIZERS += ("spm", "flores101", "flores200", "spBLEU-1K")  # SentencePiece: from a local model file

    def __init__(
        self,
        lowercase: bool = False,
        force: bool = False,
        tokenize: str | None = None,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int = 4,
        effective_order: bool = False,
        trg_lang: str = "",
        references: RefStreams | None = None,
    ) -> None:
        self.lowercase, self.force, self.trg_lang = lowercase, force, trg_lang
        self.smooth_method, self.smooth_value = smooth_method, smooth_value
        self.max_ngram_order, self.effective_order = max_ngram_order, effective_order
        language = REGISTRY.metric_class("bleu").language_defaults(trg_lang) if trg_lang else {}
        best = language.get("tokenize", self.TOKENIZER_DEFAULT)
        if tokenize is not None and tokenize != best and trg_lang in ("zh", "ja", "ko"):
            _LOG.warning(
                "tokenizer '%s' for target language '%s': sacrebleu recommends '%s'.", tokenize, trg_lang, best
            )
        self.tokenize = best if tokenize is None else tokenize
        params = {"lowercase": lowercase, "force": force, "tokenize": self.tokenize, "smooth_method": smooth_method}
        params |= {"smooth_value": smooth_value, "max_ngram_order": max_ngram_order, "effective_order": effective_order}
        super().__init__(params, references)

    def _compute_score_from_stats(self, totals: Any) -> BLEUScore:
        order = self.max_ngram_order
        correct, total, sys_len, ref_len = totals[2 : 2 + order], totals[2 + order :], int(totals[0]), int(totals[1])
        args = (self.smooth_method, self.smooth_value, self.effective_order, order)
        return self.compute_bleu(correct, total, sys_len, ref_len, *args)

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> BLEUScore:
        """Sentence BLEU (``effective_order=True`` is what sacrebleu recommends here, and warns without)."""
        if not self.effective_order:
            _LOG.warning("It is recommended to enable `effective_order` for sentence-level BLEU.")
        return super().sentence_score(hypothesis, references)

    @staticmethod
    def compute_bleu(
        correct: list[int],
        total: list[int],
        sys_len: int,
        ref_len: int,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = 4,
    ) -> BLEUScore:
        """sacrebleu's ``BLEU.compute_bleu``, its arguments checked first."""
        order = _count("max_ngram_order", max_ngram_order, 1, 9)
        if smooth_method not in BLEU.SMOOTH_DEFAULTS:
            raise ParameterError(f"smooth_method: one of {', '.join(BLEU.SMOOTH_DEFAULTS)}, got {smooth_method!r}.")
        for name, counts in (("correct", correct), ("total", total)):
            if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__") or len(counts) < order:
                raise ParameterError(f"{name}: a list of at least max_ngram_order={order} counts, got {counts!r}.")
        return sacrebleu.BLEU.compute_bleu(
            list(correct[:order]),
            list(total[:order]),
            sys_len,
            ref_len,
            smooth_method,
            smooth_value,
            effective_order,
            order,
        )


class CHRF(_Metric):
    """sacrebleu's ``CHRF`` (chrF, and chrF++ with ``word_order=2``), scored by mtmetrics' ``chrf``."""

    _registry_name = "chrf"
    CHAR_ORDER = 6
    WORD_ORDER = 0
    BETA = 2

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: int = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: RefStreams | None = None,
    ) -> None:
        params = {"char_order": char_order, "word_order": word_order, "beta": beta, "lowercase": lowercase}
        params |= {"whitespace": whitespace, "eps_smoothing": eps_smoothing}
        vars(self).update(params)
        super().__init__(params, references)
        self._sacrebleu = sacrebleu.CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)


class TER(_Metric):
    """sacrebleu's ``TER``, scored by mtmetrics' ``ter`` (sacrebleu's numbers, compiled when possible)."""

    _registry_name = "ter"

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: RefStreams | None = None,
    ) -> None:
        params = {"normalized": normalized, "no_punct": no_punct, "asian_support": asian_support}
        params["case_sensitive"] = case_sensitive
        vars(self).update(params)
        super().__init__(params, references)
        self._sacrebleu = sacrebleu.TER(normalized, no_punct, asian_support, case_sensitive)

    def _typed(self, totals: np.ndarray) -> list[Any]:
        return [int(totals[0]), float(totals[1])]


# ------------------------------------------------------------------------- functional API
def corpus_bleu(
    hypotheses: Sequence[str],
    references: RefStreams,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = False,
) -> BLEUScore:
    """sacrebleu's ``corpus_bleu``."""
    metric = BLEU(lowercase, force, tokenize, smooth_method, smooth_value, effective_order=use_effective_order)
    return metric.corpus_score(hypotheses, references)


def raw_corpus_bleu(
    hypotheses: Sequence[str], references: RefStreams, smooth_value: float | None = BLEU.SMOOTH_DEFAULTS["floor"]
) -> BLEUScore:
    """sacrebleu's ``raw_corpus_bleu``: no tokenization, floor smoothing, effective order."""
    return corpus_bleu(hypotheses, references, "floor", smooth_value, True, False, "none", True)


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str | None],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = True,
) -> BLEUScore:
    """sacrebleu's ``sentence_bleu`` (effective order by default)."""
    metric = BLEU(lowercase, False, tokenize, smooth_method, smooth_value, effective_order=use_effective_order)
    return metric.sentence_score(hypothesis, references)


def corpus_chrf(
    hypotheses: Sequence[str],
    references: RefStreams,
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacrebleu's ``corpus_chrf`` (its ``remove_whitespace`` is the class's ``not whitespace``)."""
    metric = CHRF(char_order, word_order, beta, whitespace=not remove_whitespace, eps_smoothing=eps_smoothing)
    return metric.corpus_score(hypotheses, references)


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str | None],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacrebleu's ``sentence_chrf``."""
    metric = CHRF(char_order, word_order, beta, whitespace=not remove_whitespace, eps_smoothing=eps_smoothing)
    return metric.sentence_score(hypothesis, references)


def corpus_ter(
    hypotheses: Sequence[str],
    references: RefStreams,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's ``corpus_ter``."""
    return TER(normalized, no_punct, asian_support, case_sensitive).corpus_score(hypotheses, references)


def sentence_ter(
    hypothesis: str,
    references: Sequence[str | None],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's ``sentence_ter``."""
    return TER(normalized, no_punct, asian_support, case_sensitive).sentence_score(hypothesis, references)


class PairedTest(_SacrebleuPairedTest):
    """sacrebleu's ``significance.PairedTest`` on this module's metrics, arguments checked, run in this process."""

    def __init__(
        self,
        named_systems: Sequence[tuple[str, Sequence[str]]],
        metrics: Mapping[str, _Metric],
        references: RefStreams | None,
        test_type: str = "ar",
        n_samples: int = 0,
        n_ar_confidence: int = -1,
        n_jobs: int = 1,
    ) -> None:
        if test_type not in ("ar", "bs"):
            raise ParameterError(f"test_type: 'ar' (approximate randomisation) or 'bs' (bootstrap), got {test_type!r}.")
        _count("n_jobs", n_jobs, 0, 1 << 16)
        _count("n_samples", n_samples, 0)
        _count("n_ar_confidence", n_ar_confidence, -1)
        systems: list[tuple[str, Sequence[str]]] = [(str(name), list(hyps)) for name, hyps in named_systems]
        if not systems or not metrics:
            raise ParameterError("PairedTest: give at least one system (the baseline first) and one metric.")
        for name, metric in metrics.items():
            if not isinstance(metric, _Metric):
                raise ParameterError(f"metrics[{name!r}]: a BLEU, CHRF or TER object of mtmetrics.compat.")
        _seed()
        # sacrebleu's test calls only the sacrebleu Metric methods that _Metric has
        duck: Any = metrics
        refs: Any = references
        super().__init__(systems, duck, refs, test_type, n_samples, n_ar_confidence, n_jobs=1)


__all__ = [
    "BLEU",
    "CHRF",
    "TER",
    "BLEUScore",
    "CHRFScore",
    "PairedTest",
    "SacrebleuScore",
    "SacrebleuSignature",
    "TERScore",
    "TestResult",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]
