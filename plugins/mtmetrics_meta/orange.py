"""ORANGE (Lin & Och 2004; docs/meta.md §3): the mean over sentences of the oracle's rank among the
n-best candidates over ``N_i + 1`` (lower is better), on sentence scores (error rates negated); a
candidate within ``1e-12`` (relative) of the oracle ties, so leave-one-out rounding decides no rank.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mtmetrics.engine import gate, pool
from mtmetrics.engine.scoring import statistics_of
from mtmetrics.errors import InputError
from mtmetrics.metric import Metric, Segment
from mtmetrics.stats.significance import interval

TIE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class SentenceScores:
    """Leave-one-out scores of one sentence: candidates (averaged over subsets) and references."""

    candidates: np.ndarray  # (N_i,)
    references: np.ndarray  # (K,)

    @property
    def oracle(self) -> float:
        """The average oracle score (mean of the leave-one-out reference scores)."""
        return float(np.mean(self.references))


def oracle_rank(candidates: np.ndarray, oracle: float, tol: float = TIE_TOLERANCE) -> float:
    """Rank of the oracle among the candidates: 1 = best, ties share the average rank."""
    c = np.asarray(candidates, dtype=np.float64)
    eps = tol * max(1.0, abs(oracle))
    tied = np.abs(c - oracle) <= eps
    better = int(np.count_nonzero((c > oracle) & ~tied))
    return 1.0 + better + int(np.count_nonzero(tied)) / 2.0


def leave_one_out_scores(
    metric: Metric, candidates: Sequence[Sequence[str]], refs: Sequence[Sequence[str]], jobs: int = 1
) -> list[SentenceScores]:
    """Score every candidate and reference of every sentence leave-one-out (steps 1–3), in one batch
    spread over ``jobs`` processes; ``candidates[i]``: sentence ``i``'s n-best list."""
    segments: list[Segment] = []
    layout: list[tuple[int, int]] = []  # per sentence: number of refs K, number of candidates N
    for i, (cands, rs) in enumerate(zip(candidates, refs, strict=True)):
        rs = [r for r in rs if r.strip()]
        if len(rs) < 2:
            raise InputError(f"sentence {i + 1}: ORANGE needs at least 2 references (leave-one-out), got {len(rs)}.")
        if not cands:
            raise InputError(f"sentence {i + 1}: the n-best list has no entry for it.")
        for k in range(len(rs)):
            others = tuple(r for j, r in enumerate(rs) if j != k)
            segments.append(Segment(rs[k], others))
            segments.extend(Segment(c, others) for c in cands)
        layout.append((len(rs), len(cands)))
    gate.check([metric], segments)  # the gate: the metric's limit holds here as on every road
    # corpus-level state (NIST's weights) from the corpus's references, each sentence's once
    prepared = gate.prepare(metric, (tuple(r for r in rs if r.strip()) for rs in refs))
    stats = statistics_of(prepared, segments, jobs)
    scores = metric.score_rows(stats.array)
    if not type(metric).higher_is_better:
        scores = -scores
    out = []
    pos = 0
    for k_refs, n in layout:
        block = scores[pos : pos + k_refs * (n + 1)].reshape(k_refs, n + 1)
        pos += k_refs * (n + 1)
        out.append(SentenceScores(block[:, 1:].mean(axis=0), block[:, 0].copy()))
    return out


@dataclass
class OrangeResult:
    """ORANGE of one metric: value, average rank, bootstrap intervals and the curve over N."""

    orange: float
    average_rank: float
    lower: float
    upper: float
    rank_lower: float
    rank_upper: float
    sentences: int
    resamples: int
    seed: int
    ranks: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    by_size: list[dict[str, float]] = field(default_factory=list)


def orange_of(sentences: Sequence[SentenceScores], n_max: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per-sentence oracle ranks and list sizes using the first ``n_max`` candidates (all if None)."""
    ranks = np.empty(len(sentences))
    sizes = np.empty(len(sentences))
    for i, s in enumerate(sentences):
        cands = s.candidates if n_max is None else s.candidates[:n_max]
        ranks[i] = oracle_rank(cands, s.oracle)
        sizes[i] = len(cands)
    return ranks, sizes


def orange(sentences: Sequence[SentenceScores], n_boot: int = 1000, seed: int = 12345) -> OrangeResult:
    """ORANGE, average rank, their bootstrap intervals over sentences, and ORANGE for each n-best size."""
    ranks, sizes = orange_of(sentences)
    per = ranks / (sizes + 1.0)
    lo = hi = rlo = rhi = math.nan
    if n_boot:
        rng = np.random.default_rng(seed)
        idx = rng.integers(0, len(per), size=(n_boot, len(per)))
        iv = interval(per[idx].mean(axis=1), seed)
        riv = interval(ranks[idx].mean(axis=1), seed)
        lo, hi, rlo, rhi = iv.lower, iv.upper, riv.lower, riv.upper
    curve = []
    for n in range(1, int(sizes.max()) + 1):
        r_n, s_n = orange_of(sentences, n)
        curve.append({"n": n, "orange": float(np.mean(r_n / (s_n + 1.0))), "average_rank": float(np.mean(r_n))})
    means, lists = (float(per.mean()), float(ranks.mean())), (ranks.tolist(), sizes.astype(int).tolist())
    return OrangeResult(*means, lo, hi, rlo, rhi, len(per), n_boot, seed, *lists, curve)


def orange_metrics(
    metrics: Sequence[Metric], cands: list[list[str]], refs: list[list[str]], n_boot: int, seed: int, jobs: int = 1
) -> list[OrangeResult]:
    """ORANGE of every metric on n-best lists ``cands`` with references ``refs`` (one list per
    sentence), in order. With ``jobs > 1``: one metric's candidates in chunks among the workers, or
    several metrics one per worker (the engine's one fan-out and fork policy)."""
    if jobs > 1 and len(metrics) == 1:
        return [_orange_task((cands, refs, n_boot, seed, jobs), metrics[0])]
    return pool.map(_orange_task, [(m,) for m in metrics], jobs, metrics, (cands, refs, n_boot, seed, 1))


def _orange_task(shared: tuple[list[list[str]], list[list[str]], int, int, int], metric: Metric) -> OrangeResult:
    """ORANGE of one metric, on the n-best lists and references a pool shares (``jobs`` last)."""
    cands, refs, n_boot, seed, jobs = shared
    return orange(leave_one_out_scores(metric, cands, refs, jobs), n_boot, seed)


@dataclass(frozen=True)
class OrangeMetric:
    """One metric's entry in ``meta orange``'s JSON."""

    spec: str
    name: str
    signature: str
    sign_flipped: bool
    result: OrangeResult

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            **{k: v for k, v in self.__dict__.items() if k != "result"},
            "orange": r.orange,
            "orange_lower": r.lower,
            "orange_upper": r.upper,
            "average_rank": r.average_rank,
            "average_rank_lower": r.rank_lower,
            "average_rank_upper": r.rank_upper,
            "by_size": r.by_size,
            "ranks": r.ranks,
        }


@dataclass
class OrangeDocument:
    """``meta orange``'s JSON: the files (names and SHA-256), sizes, the bootstrap and every metric."""

    nbest: str
    refs: list[str]
    sha256: dict[str, str]
    sentences: int
    candidates: int
    n_boot: int
    seed: int
    metrics: list[OrangeMetric]
    plots: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "nbest": self.nbest,
            "refs": self.refs,
            "sha256": self.sha256,
            "sentences": self.sentences,
            "candidates": self.candidates,
            "bootstrap": {"n": self.n_boot, "seed": self.seed, "level": 0.95, "unit": "sentence"},
            "metrics": [m.to_dict() for m in self.metrics],
        }
        if self.plots is not None:
            doc["plots"] = self.plots
        return doc
