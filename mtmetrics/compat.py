"""sacrebleu 2.x's Python API over mtmetrics' own metrics: switch by changing one import.

``from mtmetrics.compat import BLEU, CHRF, TER`` (or ``from mtmetrics import BLEU``) gives classes
that take sacrebleu's constructor arguments (``trg_lang``, ``references=`` for cached references,
``tokenize=None`` for the target language's default tokenizer), have its methods
(``corpus_score`` with ``n_bootstrap``, ``sentence_score``, ``get_signature``, ``BLEU.compute_bleu``)
and return score objects that print, format and answer attributes as sacrebleu's ``BLEUScore``,
``CHRFScore`` and ``TERScore`` do. The functional API (``corpus_bleu``, ``sentence_chrf``, …) is
here too, with sacrebleu's argument names, and so is ``PairedTest`` (sacrebleu's
``significance.PairedTest``). After ``import mtmetrics as sacrebleu``, ``sacrebleu.compat``,
``sacrebleu.metrics`` and ``sacrebleu.significance`` are this module, so sacrebleu's README snippets
run unchanged.

The numbers are sacrebleu's bit for bit, types included: corpus statistics are summed in sacrebleu's
order (TER's fractional reference lengths with three or more references), BLEU's score is
sacrebleu's ``compute_bleu`` on the statistics with the smoothing value exactly as given (so add-k's
``counts`` stay integers), and the paired tests draw and compare as sacrebleu's do.

Every number comes from the mtmetrics metric that :func:`mtmetrics.load_metric` returns (``bleu``,
``chrf``, ``ter``); this module only translates arguments and results. Two things stay mtmetrics':
signatures (``get_signature()`` lists every parameter, sacrebleu's version and the plugin, so
``score.format(signature=str(metric.get_signature()))`` prints mtmetrics' richer signature), and
input checking (streams of different lengths raise :class:`mtmetrics.InputError` where sacrebleu's
``zip`` truncates; a bad argument is an :class:`mtmetrics.MtmetricsError`, not ``TypeError``).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import sacrebleu

from .errors import InputError, ParameterError

_LOG = logging.getLogger("mtmetrics")

#: sacrebleu's seed for bootstrap resampling (``SACREBLEU_SEED``; ``none``: fresh entropy)
DEFAULT_SEED = "12345"
#: the most resamples or trials one call draws (each costs a pass over the corpus' statistics)
MAX_SAMPLES = 1_000_000
#: bootstrap draws made at once (rows of segment indices)
_CHUNK = 256


# ----------------------------------------------------------------------------------- scores
class SacrebleuScore:
    """A score as sacrebleu's ``metrics.base.Score``: ``name``, ``score``, and ``_mean``/``_ci`` after bootstrap.

    ``str()`` and ``repr()`` are :meth:`format`'s default, ``BLEU = 48.53 …``.
    """

    def __init__(self, name: str, score: float) -> None:
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """``NAME[|SIGNATURE] = SCORE [(μ = MEAN ± CI)] [DETAILS]``, as sacrebleu prints it.

        ``width`` decimals; ``score_only`` gives the number (and interval) alone; ``signature`` is
        inserted after the name (pass ``str(metric.get_signature())``: mtmetrics' signature, which
        names every parameter and resource); ``is_json`` gives sacrebleu's JSON object instead.
        """
        text = f"{self.score:.{width}f}"
        doc: dict[str, Any] = {"name": self.name, "score": float(text), "signature": signature}
        if self._mean > 0:
            mean, half = f"{self._mean:.{width}f}", f"{self._ci:.{width}f}"
            interval = f"μ = {mean} ± {half}"
            text = f"{text} ({interval})"
            doc.update(confidence_mean=float(mean), confidence_var=float(half), confidence=interval)
        if self._verbose:
            doc["verbose_score"] = self._verbose
        if score_only:
            return text
        if is_json:
            for item in signature.split("|") if signature else ():
                key, _, value = item.partition(":")
                doc[key] = value
            return json.dumps(doc, indent=1, ensure_ascii=False)
        head = f"{self.name}|{signature}" if signature else self.name
        line = f"{head} = {text}"
        return f"{line} {self._verbose}" if self._verbose else line

    def estimate_ci(self, scores: Sequence[SacrebleuScore]) -> None:
        """Set ``_mean`` and ``_ci`` (half the width of the 95 % interval) from resampled scores."""
        _set_interval(self, [s.score for s in scores])

    def __repr__(self) -> str:
        return self.format()


class BLEUScore(SacrebleuScore):
    """sacrebleu's ``BLEUScore``: ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``,
    ``ratio``, ``prec_str``; the precisions and brevity penalty follow the score when printed.
    """

    def __init__(
        self,
        score: float,
        counts: list[int],
        totals: list[int],
        precisions: list[float],
        bp: float,
        sys_len: int,
        ref_len: int,
    ) -> None:
        super().__init__("BLEU", score)
        self.bp = bp
        self.counts = counts
        self.totals = totals
        self.sys_len = sys_len
        self.ref_len = ref_len
        self.precisions = precisions
        self.prec_str = "/".join(f"{p:.1f}" for p in precisions)
        self.ratio = sys_len / ref_len if ref_len else 0
        self._verbose = (
            f"{self.prec_str} (BP = {bp:.3f} ratio = {self.ratio:.3f} hyp_len = {sys_len:d} ref_len = {ref_len:d})"
        )


class CHRFScore(SacrebleuScore):
    """sacrebleu's ``CHRFScore``: named ``chrF<beta>`` with a ``+`` per word n-gram order."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: int) -> None:
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)


class TERScore(SacrebleuScore):
    """sacrebleu's ``TERScore``: ``num_edits`` (an integer) and ``ref_length`` (average reference length)."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length


def _set_interval(score: SacrebleuScore, values: Sequence[float]) -> None:
    """sacrebleu's bootstrap estimate: the mean, and half the distance between the 2.5 % and 97.5 % ranks."""
    import statistics

    ranked = sorted(values)
    low = len(ranked) // 40
    score._ci = 0.5 * (ranked[len(ranked) - low - 1] - ranked[low])
    score._mean = statistics.mean(ranked)


# ------------------------------------------------------------------------------- signatures
class SacrebleuSignature:
    """An mtmetrics signature in sacrebleu's ``Signature`` shape: ``str()`` is the fields without the name.

    So ``score.format(signature=str(metric.get_signature()))`` prints ``BLEU|nrefs:1|… = 33.84``,
    as with sacrebleu; the fields are mtmetrics' (every parameter, sacrebleu's version, the plugin).
    ``info`` maps each field to its value, and ``format(short=True)`` abbreviates the keys.
    """

    def __init__(self, signature: Any) -> None:
        self._signature = signature
        self.info: dict[str, str] = dict(signature.as_dict())

    def format(self, short: bool = False) -> str:
        """The fields, ``key:value`` joined by ``|`` (``short``: abbreviated keys)."""
        return "|".join(f.format(short) for f in self._signature.fields)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


# ---------------------------------------------------------------------------------- metrics
RefStreams = Sequence[Sequence[str | None]]


class _Metric:
    """What the three classes share: an mtmetrics metric, cached references, bootstrap."""

    _registry_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any], references: RefStreams | None) -> None:
        from . import load_metric

        self._metric = load_metric(self._registry_name, **params)
        self._ref_cache: list[list[str | None]] | None = None
        self._signature: Any = None
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        if references is not None:
            self._ref_cache = _ref_lists(references)
            counts = {sum(r is not None for r in row) for row in zip(*self._ref_cache, strict=True)}
            self._signature = self._metric.signature(str(counts.pop()) if len(counts) == 1 else "var")

    def _score(self, totals: Any) -> SacrebleuScore:
        """sacrebleu's ``_compute_score_from_stats`` on summed statistics: a list of sacrebleu's types
        (:meth:`_typed`) for a corpus, a float32 array for a resample (sacrebleu's arithmetic on it)."""
        raise NotImplementedError

    def _typed(self, totals: np.ndarray) -> list[Any]:
        """Summed statistics with the types sacrebleu's sums have (integer counts)."""
        return [int(x) for x in totals]

    def _rows(self, hypotheses: Iterable[str], references: Iterable[Iterable[str | None]] | None) -> np.ndarray:
        """Per-segment statistics (sacrebleu's ``_extract_corpus_statistics``); sets the signature."""
        stats = self._metric.statistics(list(hypotheses), self._refs(references))
        self._signature = self._metric.get_signature()
        return stats.array

    def _refs(self, references: Iterable[Iterable[str | None]] | None) -> list[list[str | None]]:
        if references is not None and not (isinstance(references, Sequence) and not references):
            return _ref_lists(references)
        if self._ref_cache is not None:
            return self._ref_cache
        raise InputError(
            f"{type(self).__name__}.corpus_score: no references given and none cached "
            f"(pass references, or {type(self).__name__}(references=...))."
        )

    def corpus_score(
        self,
        hypotheses: Iterable[str],
        references: Iterable[Iterable[str | None]] | None = None,
        n_bootstrap: int = 1,
    ) -> Any:
        """The corpus score; ``references=None`` uses the references given to the constructor.

        ``n_bootstrap > 1`` adds sacrebleu's bootstrap estimate (``_mean``, ``_ci``, printed as
        ``(μ = MEAN ± CI)``), resampling with ``SACREBLEU_SEED`` (default 12345) as sacrebleu does;
        the signature then carries ``bs:N|seed:S``.
        """
        from .signature import Field

        n_bootstrap = _count("n_bootstrap", n_bootstrap, 1)
        rows = self._rows(hypotheses, references)
        result = self._score(self._typed(_summed(rows)))
        if n_bootstrap > 1:
            seed = _seed()
            scores = _resampled(self, rows, np.random.default_rng(seed), n_bootstrap)
            _set_interval(result, scores)
            self.n_bootstrap, self.seed = n_bootstrap, str(seed).lower()
            extra = (Field("bs", str(n_bootstrap), "bs"), Field("seed", str(seed).lower(), "rs"))
            self._signature = self._signature.with_fields(extra)
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> Any:
        """The score of one hypothesis against its references."""
        if isinstance(references, str) or not isinstance(hypothesis, str):
            raise InputError(
                f"{type(self).__name__}.sentence_score: the hypothesis is one string and references is a list "
                f"of strings, not one string: sentence_score('a b', ['a b c'])."
            )
        return self._score(self._typed(self._rows([hypothesis], [[r] for r in references])[0]))

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


def _ref_lists(references: RefStreams | Iterable[Iterable[str | None]]) -> list[list[str | None]]:
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


def _summed(rows: np.ndarray) -> np.ndarray:
    """Column sums in segment order, as sacrebleu's ``sum_of_lists`` adds them (the last bit of TER's
    fractional reference lengths depends on the order)."""
    return np.cumsum(rows, axis=0)[-1] if len(rows) else np.zeros(rows.shape[1])


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
    """Scores of ``n`` bootstrap resamples drawn from ``rng``, summed as sacrebleu sums them (float32).

    The draws are sacrebleu's (``rng.choice(len, size=(n, len))``), made 256 rows at a time: numpy's
    stream is the same, and memory stays at one chunk of indices.
    """
    rows32 = rows.astype(np.float32)
    scores: list[float] = []
    for done in range(0, n, _CHUNK):
        for idx in rng.choice(len(rows), size=(min(_CHUNK, n - done), len(rows)), replace=True):
            scores.append(metric._score(rows32[idx].sum(0)).score)
    return scores


class BLEU(_Metric):
    """sacrebleu's ``BLEU`` class, scored by mtmetrics' ``bleu``.

    ``tokenize=None`` takes the target language's tokenizer (``trg_lang``: ``zh``, ``ja-mecab``,
    ``ko-mecab``; otherwise ``13a``), as sacrebleu does.
    """

    _registry_name = "bleu"
    SMOOTH_DEFAULTS: ClassVar[dict[str, float | None]] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
    TOKENIZER_DEFAULT = "13a"
    TOKENIZERS: ClassVar[tuple[str, ...]] = ("none", "zh", "13a", "char", "intl", "ja-mecab", "ko-mecab", "spm")

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
        from .plugins import REGISTRY

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
        params = {
            "lowercase": lowercase,
            "force": force,
            "tokenize": self.tokenize,
            "smooth_method": smooth_method,
            "smooth_value": smooth_value,
            "max_ngram_order": max_ngram_order,
            "effective_order": effective_order,
        }
        super().__init__(params, references)

    def _score(self, totals: Any) -> BLEUScore:
        order = self.max_ngram_order
        return self.compute_bleu(
            totals[2 : 2 + order],
            totals[2 + order :],
            int(totals[0]),
            int(totals[1]),
            self.smooth_method,
            self.smooth_value,
            self.effective_order,
            order,
        )

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> BLEUScore:
        """Sentence BLEU (``effective_order=True`` is what sacrebleu recommends here, and warns without)."""
        if not self.effective_order:
            _LOG.warning("It is recommended to enable `effective_order` for sentence-level BLEU.")
        result: BLEUScore = super().sentence_score(hypothesis, references)
        return result

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
        """BLEU from n-gram match counts and lengths: sacrebleu's ``BLEU.compute_bleu`` itself, with
        its arguments checked first (a short list is an error naming it, not an ``IndexError``)."""
        order = _count("max_ngram_order", max_ngram_order, 1, 9)
        if smooth_method not in BLEU.SMOOTH_DEFAULTS:
            raise ParameterError(f"smooth_method: one of {', '.join(BLEU.SMOOTH_DEFAULTS)}, got {smooth_method!r}.")
        for name, counts in (("correct", correct), ("total", total)):
            if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__") or len(counts) < order:
                raise ParameterError(f"{name}: a list of at least max_ngram_order={order} counts, got {counts!r}.")
        res = sacrebleu.BLEU.compute_bleu(
            correct=list(correct[:order]),
            total=list(total[:order]),
            sys_len=sys_len,
            ref_len=ref_len,
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            effective_order=effective_order,
            max_ngram_order=order,
        )
        return BLEUScore(res.score, res.counts, res.totals, res.precisions, res.bp, res.sys_len, res.ref_len)


class CHRF(_Metric):
    """sacrebleu's ``CHRF`` class (chrF, and chrF++ with ``word_order=2``), scored by mtmetrics' ``chrf``."""

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
        self.char_order, self.word_order, self.beta = char_order, word_order, beta
        self.lowercase, self.whitespace, self.eps_smoothing = lowercase, whitespace, eps_smoothing
        params = {
            "char_order": char_order,
            "word_order": word_order,
            "beta": beta,
            "lowercase": lowercase,
            "whitespace": whitespace,
            "eps_smoothing": eps_smoothing,
        }
        super().__init__(params, references)
        # sacrebleu's own arithmetic from summed statistics (the statistics are mtmetrics')
        self._sacrebleu = sacrebleu.CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)

    def _score(self, totals: Any) -> CHRFScore:
        res = self._sacrebleu._compute_score_from_stats(totals)
        return CHRFScore(res.score, self.char_order, self.word_order, self.beta)


class TER(_Metric):
    """sacrebleu's ``TER`` class, scored by mtmetrics' ``ter`` (sacrebleu's numbers, compiled when possible)."""

    _registry_name = "ter"

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: RefStreams | None = None,
    ) -> None:
        self.normalized, self.no_punct = normalized, no_punct
        self.asian_support, self.case_sensitive = asian_support, case_sensitive
        params = {
            "normalized": normalized,
            "no_punct": no_punct,
            "asian_support": asian_support,
            "case_sensitive": case_sensitive,
        }
        super().__init__(params, references)
        self._sacrebleu = sacrebleu.TER(normalized, no_punct, asian_support, case_sensitive)

    def _score(self, totals: Any) -> TERScore:
        res = self._sacrebleu._compute_score_from_stats(totals)
        return TERScore(res.score, res.num_edits, res.ref_length)

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
    metric = BLEU(
        lowercase=lowercase,
        force=force,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    result: BLEUScore = metric.corpus_score(hypotheses, references)
    return result


def raw_corpus_bleu(
    hypotheses: Sequence[str], references: RefStreams, smooth_value: float | None = BLEU.SMOOTH_DEFAULTS["floor"]
) -> BLEUScore:
    """sacrebleu's ``raw_corpus_bleu``: no tokenization, floor smoothing, effective order."""
    return corpus_bleu(
        hypotheses,
        references,
        smooth_method="floor",
        smooth_value=smooth_value,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )


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
    metric = BLEU(
        lowercase=lowercase,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return metric.sentence_score(hypothesis, references)


def _chrf(char_order: int, word_order: int, beta: int, remove_whitespace: bool, eps_smoothing: bool) -> CHRF:
    """The metric of sacrebleu's functional chrF, whose ``remove_whitespace`` is the class's ``not whitespace``."""
    return CHRF(char_order, word_order, beta, whitespace=not remove_whitespace, eps_smoothing=eps_smoothing)


def corpus_chrf(
    hypotheses: Sequence[str],
    references: RefStreams,
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacrebleu's ``corpus_chrf``."""
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    result: CHRFScore = metric.corpus_score(hypotheses, references)
    return result


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
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    result: CHRFScore = metric.sentence_score(hypothesis, references)
    return result


def corpus_ter(
    hypotheses: Sequence[str],
    references: RefStreams,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's ``corpus_ter``."""
    result: TERScore = TER(normalized, no_punct, asian_support, case_sensitive).corpus_score(hypotheses, references)
    return result


def sentence_ter(
    hypothesis: str,
    references: Sequence[str | None],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's ``sentence_ter``."""
    result: TERScore = TER(normalized, no_punct, asian_support, case_sensitive).sentence_score(hypothesis, references)
    return result


# ------------------------------------------------------------------------- paired tests
class TestResult:
    """sacrebleu's ``significance.Result``: a system's ``score``, its ``p_value`` against the baseline,
    and the bootstrap ``mean`` and ``ci`` (half the width of the 95 % interval)."""

    def __init__(
        self, score: float, p_value: float | None = None, mean: float | None = None, ci: float | None = None
    ) -> None:
        self.score, self.p_value, self.mean, self.ci = score, p_value, mean, ci

    def __repr__(self) -> str:
        return ",".join(f"{k}={v!s}" for k, v in vars(self).items())


def _estimate(scores: Sequence[float] | np.ndarray) -> tuple[Any, Any]:
    """sacrebleu's ``estimate_ci``: the mean of resampled scores and half their 95 % percentile range
    (numpy scalars of the scores' type, as sacrebleu's, so they print alike)."""
    ranked = np.sort(np.asarray(scores))
    low = len(ranked) // 40
    return ranked.mean(), 0.5 * (ranked[len(ranked) - low - 1] - ranked[low])


def _p_value(sample: np.ndarray, observed: float) -> float:
    """sacrebleu's p-value: ``(c + 1) / (N + 1)``, ``c`` = sampled statistics strictly above the observed."""
    return (int(np.count_nonzero(sample > observed)) + 1) / (len(sample) + 1)


class PairedTest:
    """sacrebleu's ``significance.PairedTest``: every system against the first, by paired bootstrap
    (``test_type='bs'``, Koehn 2004) or approximate randomisation (``'ar'``, Riezler & Maxwell 2005).

    ``named_systems`` is a list of ``(name, hypotheses)``, the baseline first; ``metrics`` maps names
    to this module's ``BLEU``, ``CHRF`` or ``TER`` objects; ``references=None`` uses their cached
    references. ``n_samples=0`` takes sacrebleu's defaults (1,000 resamples, 10,000 trials);
    ``n_ar_confidence`` adds bootstrap intervals to ``ar`` (-1: none, 0: 1,000). Calling the object
    returns sacrebleu's pair: the signatures by metric name, and the table (``System`` and one column
    of :class:`TestResult` per metric). The draws, the statistics and the p-values are sacrebleu's,
    so are the numbers; ``n_jobs`` is accepted for sacrebleu's signature and the tests run in this
    process (the results do not depend on it).
    """

    _DEFAULT_SAMPLES: ClassVar[dict[str, int]] = {"ar": 10000, "bs": 1000}

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
        from .signature import Field

        if test_type not in self._DEFAULT_SAMPLES:
            raise ParameterError(f"test_type: 'ar' (approximate randomisation) or 'bs' (bootstrap), got {test_type!r}.")
        _count("n_jobs", n_jobs, 0, 1 << 16)
        self.test_type = test_type
        self.n_samples = _count("n_samples", n_samples, 0) or self._DEFAULT_SAMPLES[test_type]
        self.n_ar_confidence = _count("n_ar_confidence", n_ar_confidence, -1) or self._DEFAULT_SAMPLES["bs"]
        self.named_systems = [(str(name), list(hyps)) for name, hyps in named_systems]
        if not self.named_systems or not metrics:
            raise ParameterError("PairedTest: give at least one system (the baseline first) and one metric.")
        for name, metric in metrics.items():
            if not isinstance(metric, _Metric):
                raise ParameterError(f"metrics[{name!r}]: a BLEU, CHRF or TER object of mtmetrics.compat.")
        self._seed = _seed()
        self.references = references
        confidence = self.n_samples if test_type == "bs" else self.n_ar_confidence
        self.metrics: dict[str, _Metric] = {}
        self._baseline: dict[str, tuple[np.ndarray, TestResult]] = {}
        self._signatures: dict[str, SacrebleuSignature] = {}
        hyps0 = self.named_systems[0][1]
        for metric in metrics.values():
            rows = metric._rows(hyps0, references)
            score = metric._score(_summed(rows))
            result = TestResult(score.score)
            if confidence > 0:
                result.mean, result.ci = _estimate(
                    _resampled(metric, rows, np.random.default_rng(self._seed), confidence)
                )
            self._baseline[score.name] = (rows, result)
            self.metrics[score.name] = metric
            extra = [Field("seed", str(self._seed).lower(), "rs"), Field(test_type, str(self.n_samples), test_type)]
            if self.n_ar_confidence > 0:
                extra.append(Field("bs", str(self.n_ar_confidence), "bs"))
            self._signatures[score.name] = SacrebleuSignature(metric._signature.with_fields(extra))

    def __call__(self) -> tuple[dict[str, SacrebleuSignature], dict[str, list[Any]]]:
        """Run the tests: ``(signatures, {"System": names, metric: [TestResult, ...]})``."""
        table: dict[str, list[Any]] = {"System": [name for name, _ in self.named_systems]}
        for key, (_, result) in self._baseline.items():
            table[key] = [result]
        for _, hyps in self.named_systems[1:]:
            # sacrebleu reseeds for every system and treats seed 0 as unseeded
            rng = np.random.default_rng(self._seed if self._seed else None)
            test = self._bootstrap if self.test_type == "bs" else self._randomise
            for key, result in test(hyps, rng).items():
                table[key].append(result)
        return self._signatures, table

    def _bootstrap(self, hyps: list[str], rng: np.random.Generator) -> dict[str, TestResult]:
        """sacrebleu's ``_paired_bs_test`` for one system: the same resamples for baseline and system."""
        n = len(hyps)
        idxs = rng.choice(n, size=(self.n_samples, n), replace=True)
        out = {}
        for key, metric in self.metrics.items():
            base_rows, base = self._baseline[key]
            rows = metric._rows(hyps, self.references)
            score = metric._score(_summed(rows)).score
            sys32, base32 = rows.astype(np.float32), base_rows.astype(np.float32)
            resample = metric._score
            sys_scores = np.array([resample(sys32[i].sum(0)).score for i in idxs])
            base_scores = np.array([resample(base32[i].sum(0)).score for i in idxs])
            mean, ci = _estimate(sys_scores)
            diffs = np.abs(sys_scores - base_scores)
            out[key] = TestResult(score, _p_value(diffs - diffs.mean(), abs(base.score - score)), mean, ci)
        return out

    def _randomise(self, hyps: list[str], rng: np.random.Generator) -> dict[str, TestResult]:
        """sacrebleu's ``_paired_ar_test`` for one system: swap each segment's pair with probability 1/2."""
        n = len(hyps)
        keep = rng.integers(2, size=(self.n_samples, n), dtype=bool)
        idxs = rng.choice(n, size=(self.n_ar_confidence, n), replace=True) if self.n_ar_confidence > 0 else None
        out = {}
        for key, metric in self.metrics.items():
            base_rows, base = self._baseline[key]
            rows = metric._rows(hyps, self.references)
            score = metric._score(_summed(rows)).score
            shuf_a = keep @ base_rows + ~keep @ rows
            shuf_b = ~keep @ base_rows + keep @ rows
            pairs = zip(shuf_a, shuf_b, strict=True)
            diffs = np.array([abs(metric._score(a).score - metric._score(b).score) for a, b in pairs])
            result = TestResult(score, _p_value(diffs, abs(base.score - score)))
            if idxs is not None:
                sys32 = rows.astype(np.float32)
                result.mean, result.ci = _estimate([metric._score(sys32[i].sum(0)).score for i in idxs])
            out[key] = result
        return out


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
