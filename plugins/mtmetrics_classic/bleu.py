"""BLEU (Papineni et al. 2002) and BLEUS, the smoothed sentence BLEU of Lin & Och (2004), via sacrebleu.

n-grams are counted by the array count of :mod:`.ngram_kernel` (sacrebleu's statistics, bit for bit).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import sacrebleu

from mtmetrics import Field, Metric, Param, Score, Segment
from mtmetrics.params import exact
from mtmetrics.resources import LOWERCASE

from ._sacrebleu import sacrebleu_field
from .ngram_kernel import bleu_statistics
from .spm import TOKENIZE, get_tokenizer, tokenizer_fields

_SMOOTH_DEFAULTS = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}


def _smooth_fmt(method: Any, values: Mapping[str, Any]) -> str:
    # sacrebleu folds the smoothing value into the method: add-k[1.00], floor[0.10]
    default = _SMOOTH_DEFAULTS[method]
    if default is None:
        return str(method)
    value = values.get("smooth_value")
    return f"{method}[{exact(default if value is None else value, '.2f')}]"


def _smooth_parse(text: str) -> dict[str, Any]:
    """``floor[0.10]`` -> method and value (the inverse of :func:`_smooth_fmt`)."""
    method, bracket, rest = text.partition("[")
    if not bracket:
        return {"smooth_method": method}
    if not rest.endswith("]"):
        raise ValueError("expected METHOD[VALUE]")
    return {"smooth_method": method, "smooth_value": float(rest[:-1])}


def _log(values: np.ndarray) -> np.ndarray:
    """sacrebleu's ``my_log`` elementwise: ``math.log`` (libm's, not numpy's own), -9999999999 for 0."""
    zero = values == 0.0
    out = np.fromiter(map(math.log, np.where(zero, 1.0, values).ravel().tolist()), dtype=np.float64, count=values.size)
    out[zero.ravel()] = -9999999999.0
    return out.reshape(values.shape)


def _exp(values: np.ndarray) -> np.ndarray:
    """``math.exp`` elementwise (numpy's exp may differ from libm's in the last bit)."""
    return np.fromiter(map(math.exp, values.tolist()), dtype=np.float64, count=values.size)


def bleu_scores(rows: np.ndarray, order: int, method: str, value: float | None, effective_order: bool) -> np.ndarray:
    """``sacrebleu.BLEU.compute_bleu(...).score`` of every row ``[sys_len, ref_len, correct_1..N,
    total_1..N]``, the same floating-point operations in the same order, over whole columns.

    Only ``log`` and ``exp`` go element by element, through ``math`` as sacrebleu's do. The rows
    hold integers (sums of counts), exact in float64 as Python's ints are below 2**53, so
    ``100. * correct / total`` and ``ref_len / sys_len`` round as sacrebleu's int arithmetic does.
    """
    rows = np.trunc(np.asarray(rows, dtype=np.float64))  # compute_score's int(x)
    k = len(rows)
    sys_len, ref_len = rows[:, 0], rows[:, 1]
    correct = rows[:, 2 : 2 + order].copy()
    total = rows[:, 2 + order : 2 + 2 * order].copy()
    default = sacrebleu.BLEU.SMOOTH_DEFAULTS[method]
    smooth = float((default if value is None else value) or 0.0)  # None only where unused
    short = (sys_len < ref_len) & (sys_len > 0)
    bp = np.ones(k)
    bp[short] = _exp(1 - ref_len[short] / sys_len[short])
    bp[(sys_len < ref_len) & (sys_len <= 0)] = 0.0
    precisions = np.zeros((k, order))
    live = np.ones(k, dtype=bool)  # not yet stopped at an order without n-grams
    eff = np.full(k, order, dtype=np.int64)
    smooth_mteval = np.ones(k)
    for n in range(order):
        if method == "add-k" and n > 0:
            correct[:, n] += smooth
            total[:, n] += smooth
        live &= total[:, n] != 0
        if effective_order:
            eff[live] = n + 1
        t = np.where(live, total[:, n], 1.0)
        zero = live & (correct[:, n] == 0)
        if method == "exp":
            smooth_mteval[zero] *= 2
            precisions[zero, n] = 100.0 / (smooth_mteval[zero] * t[zero])
        elif method == "floor":
            precisions[zero, n] = 100.0 * smooth / t[zero]
        hit = live & (correct[:, n] != 0)
        np.copyto(precisions[:, n], 100.0 * correct[:, n] / t, where=hit)  # elementwise: the same bits
    logs = _log(precisions)
    summed = np.zeros(k)
    for n in range(order):  # Python's sum: left to right, over the first eff orders only
        summed = np.where(n < eff, summed + logs[:, n], summed)
    score = bp * _exp(summed / eff)
    score[~rows[:, 2 : 2 + order].any(axis=1)] = 0.0  # no match at all: sacrebleu stops early with 0.0
    return score


def _stat_names(order: int) -> tuple[str, ...]:
    return (
        "hyp_len",
        "ref_len",
        *(f"correct_{n}" for n in range(1, order + 1)),
        *(f"total_{n}" for n in range(1, order + 1)),
    )


class Bleu(Metric):
    """sacrebleu's BLEU: corpus statistics summed, then the geometric mean of clipped precisions."""

    fork_safe = True  # everything it loads is in memory: -j forks warm workers
    name = "bleu"
    description = "BLEU (Papineni et al. 2002) as computed by sacrebleu"
    aggregation = "sum"
    score_range = (0.0, 100.0)
    # a segment shorter than max_ngram_order has no 4-grams: 0 without smoothing, even if identical
    perfect_on_identity = False
    params: ClassVar[tuple[Param, ...]] = (
        LOWERCASE,
        Param(
            "effective_order",
            bool,
            False,
            "stop at the highest n-gram order with matches (sacrebleu's sentence_bleu uses yes)",
            sig_key="eff",
            sig_short="e",
        ),
        TOKENIZE,
        Param(
            "smooth_method",
            str,
            "exp",
            "smoothing: none, floor, add-k or exp (NIST)",
            sig_key="smooth",
            sig_short="s",
            choices=tuple(_SMOOTH_DEFAULTS),
            fmt=_smooth_fmt,
            parse=_smooth_parse,
            aliases=("-s", "--smooth-method"),
        ),
        Param(
            "smooth_value",
            float,
            None,
            "value for floor (0.1) and add-k (1); default: the method's",
            sig_key=None,
            nullable=True,
            range=(0.0, None),  # a negative k makes add-k precisions negative (math domain error)
            aliases=("-sv", "--smooth-value"),
        ),
        Param(
            "max_ngram_order",
            int,
            4,
            "maximum n-gram order",
            sig_key="order",
            sig_short="o",
            range=(1, 9),
        ),
        Param(
            "force",
            bool,
            False,
            "sacrebleu's --force, accepted for compatibility: it only silences sacrebleu's warning about "
            "tokenised input, which mtmetrics never prints; scores are the same either way",
            sig_key=None,
            aliases=("--force",),
        ),
    )

    def setup(self) -> None:
        v = self.values
        self._order = int(v["max_ngram_order"])
        self._smoothing = (v["smooth_method"], v["smooth_value"], v["effective_order"])
        self._bleu = sacrebleu.BLEU(
            lowercase=v["lowercase"],
            force=True,
            tokenize="none",  # replaced below: sacrebleu would download a SentencePiece model
            smooth_method=v["smooth_method"],
            smooth_value=v["smooth_value"],
            max_ngram_order=self._order,
            effective_order=v["effective_order"],
        )
        self._bleu.tokenizer = get_tokenizer(v["tokenize"])
        self._names = _stat_names(self._order)

    @property
    def display_name(self) -> str:
        return "BLEU"

    @classmethod
    def sentence_defaults(cls) -> dict[str, Any]:
        """sacrebleu's ``-sl`` scores each sentence with effective order (a 2-word segment is not 0)."""
        return {"effective_order": True}

    @classmethod
    def language_defaults(cls, target: str, source: str | None = None) -> dict[str, Any]:
        """sacrebleu's tokenizer for the target language (``-l en-zh`` tokenises with ``zh``)."""
        special = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}
        return {"tokenize": special[target]} if target in special else {}

    def stat_names(self) -> tuple[str, ...]:
        return self._names

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return bleu_statistics(self._bleu, [segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        return bleu_statistics(self._bleu, segments)

    def compute_score(self, stats: np.ndarray) -> Score:
        order = self._order
        # compute_bleu adds smoothing counts in place: hand it fresh lists of ints
        counts = [int(x) for x in stats[2 : 2 + order]]
        totals = [int(x) for x in stats[2 + order : 2 + 2 * order]]
        res = sacrebleu.BLEU.compute_bleu(
            correct=counts,
            total=totals,
            sys_len=int(stats[0]),
            ref_len=int(stats[1]),
            smooth_method=self._smoothing[0],
            smooth_value=self._smoothing[1],
            effective_order=self._smoothing[2],
            max_ngram_order=order,
        )
        subs = {f"precision_{n + 1}": float(p) for n, p in enumerate(res.precisions)}
        subs.update(bp=float(res.bp), ratio=float(res.ratio), hyp_len=float(res.sys_len), ref_len=float(res.ref_len))
        # sacrebleu's BLEUScore attributes, with its types (lists, ints), for code written against it
        names = ("counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio", "prec_str")
        return Score(float(res.score), subs, res._verbose, {k: getattr(res, k) for k in names})

    def score_rows(self, totals: np.ndarray) -> np.ndarray:
        """BLEU of many statistics rows (resamples) at once: :func:`bleu_scores`."""
        method, value, eff = self._smoothing
        return bleu_scores(totals, self._order, method, value, eff)

    def resource_fields(self) -> tuple[Field, ...]:
        return (*tokenizer_fields(self._bleu.tokenizer), sacrebleu_field())

    def count_units(self, text: str) -> int:
        """The ``tokenize`` parameter's tokens, SentencePiece pieces included (the core knows words only)."""
        return len(get_tokenizer(self.values["tokenize"])(text.rstrip()).split())

    def thresholds_name(self) -> str | None:
        """sacrebleu's default BLEU (13a) is mt-thresholds' ``bleu``, with FLORES SentencePiece its
        ``spbleu101``/``spbleu200``; any other parameter (or BLEUS) scores what they were not fitted on."""
        fixed = [p for p in self.params if p.name not in ("tokenize", "force")]
        if type(self) is not Bleu or any(self.values[p.name] != p.default for p in fixed):
            return None
        return {"13a": "bleu", "flores101": "spbleu101", "flores200": "spbleu200"}.get(self.values["tokenize"])


class BleuS(Bleu):
    """BLEUS<n>: add-one smoothing of matched and total n-gram counts for n > 1 (Lin & Och 2004, §4).

    This is sacrebleu's ``add-k`` smoothing with k = 1; ``max_order`` n gives BLEUS<n> (1–9).
    Like BLEU it sums segment statistics for a corpus score; its intended use is per segment.
    """

    name = "bleus"
    perfect_on_identity = True  # add-one smoothing makes identical segments score 100
    description = "smoothed sentence BLEU of the ORANGE paper (add-one for n > 1), BLEUS1-9"
    params = (
        LOWERCASE,
        TOKENIZE,
        Param(
            "max_order",
            int,
            4,
            "maximum n-gram order n of BLEUS<n>",
            sig_key="order",
            sig_short="o",
            range=(1, 9),
        ),
    )

    def setup(self) -> None:
        v = self.values
        self._order = int(v["max_order"])
        self._smoothing = ("add-k", 1, False)
        self._bleu = sacrebleu.BLEU(
            lowercase=v["lowercase"],
            force=True,
            tokenize="none",  # replaced below: sacrebleu would download a SentencePiece model
            smooth_method="add-k",
            smooth_value=1,
            max_ngram_order=self._order,
        )
        self._bleu.tokenizer = get_tokenizer(v["tokenize"])
        self._names = _stat_names(self._order)

    @property
    def display_name(self) -> str:
        return f"BLEUS{self._order}"
