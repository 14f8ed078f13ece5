"""sacrebleu 2.x's Python API over mtmetrics' own metrics: switch by changing one import.

``from mtmetrics.metrics import BLEU, CHRF, TER`` (or ``from mtmetrics import BLEU``) gives classes
that take sacrebleu's constructor arguments (``trg_lang``, ``references=`` for cached references,
``tokenize=None`` for the target language's default tokenizer), have its methods
(``corpus_score`` with ``n_bootstrap``, ``sentence_score``, ``get_signature``, ``BLEU.compute_bleu``)
and return score objects that print, format and answer attributes as sacrebleu's ``BLEUScore``,
``CHRFScore`` and ``TERScore`` do. The functional API (``corpus_bleu``, ``sentence_chrf``, …) is
here too, with sacrebleu's argument names, so ``import mtmetrics as sacrebleu`` runs sacrebleu's
README snippets.

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

from .errors import InputError

_LOG = logging.getLogger("mtmetrics")

#: sacrebleu's seed for bootstrap resampling (``SACREBLEU_SEED``; ``none``: fresh entropy)
DEFAULT_SEED = "12345"


# ----------------------------------------------------------------------------------- scores
class Score:
    """A score as sacrebleu's ``Score``: ``name``, ``score``, and ``_mean``/``_ci`` after bootstrap.

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

    def estimate_ci(self, scores: Sequence[Score]) -> None:
        """Set ``_mean`` and ``_ci`` (half the width of the 95 % interval) from resampled scores."""
        _set_interval(self, [s.score for s in scores])

    def __repr__(self) -> str:
        return self.format()


class BLEUScore(Score):
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


class CHRFScore(Score):
    """sacrebleu's ``CHRFScore``: named ``chrF<beta>`` with a ``+`` per word n-gram order."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: int) -> None:
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)


class TERScore(Score):
    """sacrebleu's ``TERScore``: ``num_edits`` (an integer) and ``ref_length`` (average reference length)."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length


def _set_interval(score: Score, values: Sequence[float]) -> None:
    """sacrebleu's bootstrap estimate: the mean, and half the distance between the 2.5 % and 97.5 % ranks."""
    import statistics

    ranked = sorted(values)
    low = len(ranked) // 40
    score._ci = 0.5 * (ranked[len(ranked) - low - 1] - ranked[low])
    score._mean = statistics.mean(ranked)


# ------------------------------------------------------------------------------- signatures
class Signature:
    """An mtmetrics signature in sacrebleu's shape: ``str()`` is the fields without the metric's name.

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

    def _result(self, raw: Any) -> Score:
        raise NotImplementedError

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
        import numpy as np

        from .signature import Field

        stats = self._metric.statistics(list(hypotheses), self._refs(references))
        result = self._result(self._metric.metric.compute_score(stats.aggregate()))
        self._signature = self._metric.get_signature()
        if n_bootstrap > 1:
            seed = os.environ.get("SACREBLEU_SEED", DEFAULT_SEED)
            rng = np.random.default_rng(None if seed.lower() == "none" else int(seed))
            draws = rng.choice(len(stats), size=(n_bootstrap, len(stats)), replace=True)
            # summed as sacrebleu sums resamples (float32), so the resampled statistics are its own
            rows = stats.array.astype(np.float32)
            scores = [self._metric.metric.compute_score(rows[idx].sum(0).astype(np.float64)).score for idx in draws]
            _set_interval(result, scores)
            self.n_bootstrap, self.seed = n_bootstrap, seed.lower()
            extra = (Field("bs", str(n_bootstrap), "bs"), Field("seed", seed.lower(), "rs"))
            self._signature = self._signature.with_fields(extra)
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> Any:
        """The score of one hypothesis against its references."""
        if isinstance(references, str):
            raise InputError(
                f"{type(self).__name__}.sentence_score: references is a list of strings, not one string: "
                f"sentence_score('a b', ['a b c'])."
            )
        stats = self._metric.statistics([hypothesis], [[r] for r in references])
        self._signature = self._metric.get_signature()
        return self._result(self._metric.metric.compute_score(stats.aggregate()))

    def get_signature(self) -> Signature:
        """mtmetrics' signature of the last scoring (or of the cached references), in sacrebleu's shape."""
        if self._signature is None:
            raise InputError(
                f"{type(self).__name__}.get_signature(): score a corpus first, or give references= to the "
                f"constructor (the signature names the number of references)."
            )
        return Signature(self._signature)

    @property
    def metric(self) -> Any:
        """The mtmetrics scorer behind this object (``load_metric``'s), for everything beyond sacrebleu's API."""
        return self._metric


def _ref_lists(references: RefStreams | Iterable[Iterable[str | None]]) -> list[list[str | None]]:
    """The reference streams as lists (generators are read once)."""
    streams = [] if isinstance(references, str) else list(references)
    if not streams or any(isinstance(s, str) for s in streams):
        raise InputError(
            "references is a list of reference streams (each a list of strings, one per hypothesis), "
            "e.g. corpus_score(['a b'], [['a b']])."
        )
    return [list(stream) for stream in streams]


def _bleu_score(raw: Any) -> BLEUScore:
    """sacrebleu's ``BLEUScore`` of the ``bleu`` plugin's result (its score and attributes)."""
    a = raw.attributes
    return BLEUScore(raw.score, a["counts"], a["totals"], a["precisions"], a["bp"], a["sys_len"], a["ref_len"])


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
        from .engine import hooks
        from .plugins import metric_class

        self.lowercase, self.force, self.trg_lang = lowercase, force, trg_lang
        self.smooth_method, self.smooth_value = smooth_method, smooth_value
        self.max_ngram_order, self.effective_order = max_ngram_order, effective_order
        language = hooks.language_defaults(metric_class("bleu"), trg_lang) if trg_lang else {}
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

    def _result(self, raw: Any) -> BLEUScore:
        return _bleu_score(raw)

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
        """BLEU from n-gram match counts and lengths, as sacrebleu's ``BLEU.compute_bleu``."""
        import numpy as np

        from . import load_metric

        metric = load_metric(
            "bleu",
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            effective_order=effective_order,
            max_ngram_order=max_ngram_order,
        )
        row = np.array([sys_len, ref_len, *correct[:max_ngram_order], *total[:max_ngram_order]], dtype=np.float64)
        return _bleu_score(metric.metric.compute_score(row))


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

    def _result(self, raw: Any) -> CHRFScore:
        return CHRFScore(raw.score, self.char_order, self.word_order, self.beta)


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

    def _result(self, raw: Any) -> TERScore:
        return TERScore(raw.score, raw.sub_scores["num_edits"], raw.sub_scores["ref_length"])


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


#: what ``from mtmetrics import NAME`` and ``import mtmetrics as sacrebleu`` give from this module
SACREBLEU_API = (
    "BLEU",
    "CHRF",
    "TER",
    "corpus_bleu",
    "raw_corpus_bleu",
    "sentence_bleu",
    "corpus_chrf",
    "sentence_chrf",
    "corpus_ter",
    "sentence_ter",
)

__all__ = [
    "BLEU",
    "CHRF",
    "TER",
    "BLEUScore",
    "CHRFScore",
    "Score",
    "Signature",
    "TERScore",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]
