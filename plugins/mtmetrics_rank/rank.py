"""Ranking systems as WMT does: every pair tested, p-values corrected, systems grouped into clusters.

The input is, per metric, each system's per-segment :class:`~mtmetrics.Statistics` — computed once
by the engine, or read from a file of segment scores computed elsewhere (COMET, human scores:
:func:`precomputed_statistics`). Nothing is re-scored per pair:

* **paired bootstrap** (``bs``): one draw of ``N`` resamples (sacrebleu's draws for the seed) is
  applied to every system's statistics at once (``weights @ [S_1 | S_2 | …]``), giving each
  system's ``N`` resampled scores; every pair's p-value is then sacrebleu's ``--paired-bs`` on the
  two columns (``|d* - mean(d*)| ≥ |d|``, ``d* = s_i* - s_j*``), so with two systems the p-value
  is sacrebleu's.
* **approximate randomisation** (``ar``): one draw of swap masks (sacrebleu's ``--paired-ar``
  draws); ``P_i = mask @ S_i`` once per system, and a pair's shuffled corpora are
  ``P_i - P_j + ΣS_j`` and ``ΣS_i + ΣS_j`` minus that (exact for integer statistics).

The p-values of one metric's pairs form one family, corrected by Holm (default), Benjamini–Hochberg
or not at all (:func:`mtmetrics.stats.corrections.adjust`); a pair is significant when its adjusted
p-value is at most ``alpha``. Clusters follow :func:`mtmetrics.stats.corrections.clusters`. Each
pair also gets the minimum difference detectable at 80 % power from the standard deviation of its
resampled differences (:func:`mtmetrics.stats.corrections.min_detectable`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from mtmetrics.api import Scorer
from mtmetrics.engine import gate
from mtmetrics.engine.streaming import score_sources
from mtmetrics.errors import InputError, ParameterError
from mtmetrics.io.mtme import read_segment_scores
from mtmetrics.io.precomputed import Precomputed
from mtmetrics.metric import Metric, Segment, Statistics, finish_totals, references_of
from mtmetrics.signature import Field, Signature
from mtmetrics.stats import DEFAULT_BOOTSTRAP, DEFAULT_SEED
from mtmetrics.stats.corrections import (
    CLUSTER_RULES,
    CORRECTIONS,
    adjust,
    better_matrix,
    clusters,
    min_detectable,
    ranking,
)
from mtmetrics.stats.significance import bootstrap_weights, interval, p_value, resampling, swap_masks

TESTS = ("bs", "ar")
#: how each cluster rule is stated in the output
RULE_TEXT = {
    "any": "systems ordered by score; walking down, a new cluster starts when any member of the current "
    "cluster is significantly better than the next system (WMT's rule)",
}


@dataclass(frozen=True)
class RankSettings:
    """The test, its resamples and seed, the correction, the cluster rule, α and the power of the MDD."""

    test: str = "bs"
    n: int = DEFAULT_BOOTSTRAP
    seed: int = DEFAULT_SEED
    correction: str = "holm"
    rule: str = "any"
    alpha: float = 0.05
    power: float = 0.8

    def __post_init__(self) -> None:
        if self.test not in TESTS:
            raise ParameterError(f"test '{self.test}': choose bs (paired bootstrap) or ar (approximate randomisation).")
        resampling(self.n, self.seed, "resamples")
        if self.correction not in CORRECTIONS:
            raise ParameterError(f"correction '{self.correction}': choose from {', '.join(CORRECTIONS)}.")
        if self.rule not in CLUSTER_RULES:
            raise ParameterError(f"cluster rule '{self.rule}': choose from {', '.join(CLUSTER_RULES)}.")
        if not 0.0 < self.alpha < 1.0 or not 0.0 < self.power < 1.0:
            raise ParameterError("alpha and power lie strictly between 0 and 1.")

    def signature_fields(self) -> tuple[Field, ...]:
        """The ranking's settings as signature fields (as ``-pbs`` adds ``bs``/``seed``)."""
        return (
            Field(self.test, str(self.n), self.test),
            Field("seed", str(self.seed), "rs"),
            Field("correction", self.correction, "corr"),
            Field("clusters", self.rule, "cl"),
            Field("alpha", repr(self.alpha), "a"),
        )


@dataclass(frozen=True)
class SystemRank:
    """One system under one metric: its score, cluster (1 = best) and bootstrap interval (``bs`` only)."""

    name: str
    score: float
    cluster: int
    position: int  # 1 = best score
    lower: float | None = None
    upper: float | None = None


@dataclass(frozen=True)
class PairTest:
    """One pair (``a`` before ``b`` in the input): the score difference ``a - b``, raw and adjusted p."""

    a: str
    b: str
    delta: float
    p_value: float
    p_adjusted: float
    significant: bool
    min_detectable: float
    accuracy: float | None = None  # mt-thresholds' estimated human accuracy of |delta|, when published


@dataclass(frozen=True)
class MetricRanking:
    """Every system and pair under one metric."""

    label: str
    signature: Signature
    higher_is_better: bool
    score_range: tuple[float, float]
    systems: tuple[SystemRank, ...]  # best first
    pairs: tuple[PairTest, ...]
    thresholds: str | None = None  # mt-thresholds' name of the metric, when the accuracies are given
    accuracy_note: str = ""  # what the accuracies are, or why there are none


@dataclass(frozen=True)
class Ranking:
    """The ranking document: settings, system names in input order, one :class:`MetricRanking` per metric."""

    settings: RankSettings
    names: tuple[str, ...]
    metrics: tuple[MetricRanking, ...] = field(default_factory=tuple)

    @property
    def rule_text(self) -> str:
        """The cluster rule in words, with the significance criterion."""
        corr = {"holm": "Holm-adjusted", "bh": "Benjamini-Hochberg-adjusted", "none": "uncorrected"}
        s = self.settings
        return f"{RULE_TEXT[s.rule]}; significantly better: {corr[s.correction]} p <= {s.alpha:g}"


@dataclass(frozen=True)
class MetricInput:
    """One metric's statistics for every system (input order), with its label and signature."""

    label: str
    metric: Metric
    statistics: tuple[Statistics, ...]
    signature: Signature


# ---------------------------------------------------------------------------- scored systems
def _cut(segments: list[Segment], first: int, size: int) -> Iterator[list[Segment]]:
    """``segments`` in the chunks the engine asks for: ``first`` segments, then ``size`` at a time."""
    start = 0
    while start < len(segments):
        stop = min(len(segments), start + (first if start == 0 else size))
        yield segments[start:stop]
        start = stop


def score_systems(
    scorers: Sequence[Scorer],
    labels: Sequence[str],
    hyps: Sequence[Sequence[str]],
    refs: Sequence[Sequence[str | None]],
    sources: Sequence[str] | None = None,
    jobs: int = 1,
) -> list[MetricInput]:
    """Every metric's statistics on every system (``hyps``: one list of lines per system; ``refs``:
    the reference streams), one :class:`MetricInput` per scorer, labelled by ``labels``.

    Scored as ``mtmetrics score`` scores several systems: each system's segments admitted once for
    all metrics (every limit checked before anything is scored), each metric prepared once from
    the references (NIST's corpus state), and all systems' chunks through one run of the engine
    (:func:`mtmetrics.engine.streaming.score_sources`), so ``jobs`` workers start once for every
    system and metric. The statistics equal :meth:`Scorer.statistics <mtmetrics.api.Scorer.statistics>`
    of each system alone; each signature is the one ``mtmetrics score`` prints.
    """
    metrics = [s.metric for s in scorers]
    segments = [gate.admit(metrics, h, refs, sources) for h in hyps]
    prepared = [gate.prepare(m, references_of(segments[0])) for m in metrics]

    def source(segs: list[Segment]) -> Callable[[int, int], Iterator[list[Segment]]]:
        return lambda first, size: _cut(segs, first, size)

    per_system = score_sources(prepared, [source(segs) for segs in segments], jobs, keep_statistics=True)
    out = []
    for k, (label, metric) in enumerate(zip(labels, metrics, strict=True)):
        outcomes = [system[k] for system in per_system]
        stats = tuple(o.statistics for o in outcomes if o.statistics is not None)
        assert len(stats) == len(hyps)  # kept: keep_statistics
        out.append(MetricInput(label, metric, stats, outcomes[0].result.signature))
    return out


# ------------------------------------------------------------------------ precomputed scores
def precomputed_statistics(spec: str, names: Sequence[str], n_segments: int | None) -> MetricInput:
    """A metric read from segment scores: ``file:PATH`` (``SYSTEM<TAB>SCORE`` lines, mt-metrics-eval's
    form, each system's lines in segment order) or ``file:PATH`` with ``{system}`` in it (one file per
    system, one score per line). Higher is better (negate error rates first). The file's SHA-256 is
    in the signature (``from:file:NAME#SHA``; with ``{system}``, the digest of the files in order)."""
    if not spec.startswith("file:") or len(spec) == 5:
        raise InputError(f"-m {spec}: scores computed elsewhere are file:PATH.")
    path = spec[5:]
    digest = hashlib.sha256()
    per_system = "{system}" in path
    per: dict[str, list[float]] = {}
    for one, system in [(path.replace("{system}", n), n) for n in names] if per_system else [(path, None)]:
        if per_system and not Path(one).is_file():
            raise InputError(f"-m {spec}: no scores file {one} for system '{system}'.")
        for name, value in read_segment_scores(one, digest, system, missing=False):
            assert value is not None  # missing=False: a None is an error naming file and line
            per.setdefault(name, []).append(value)
    missing = [n for n in names if n not in per]
    if missing:
        raise InputError(f"{path}: no scores for system '{missing[0]}'; it has {', '.join(per)}.")
    columns = [per[n] for n in names]
    base = Path(path).name
    label = (base.replace("{system}", "").strip("._-") or "file") if per_system else re.sub(r"\.seg\.score$", "", base)
    want = n_segments if n_segments is not None else len(columns[0]) if columns else 0
    for name, col in zip(names, columns, strict=True):
        if len(col) != want:
            raise InputError(f"-m {spec}: system '{name}' has {len(col)} scores, expected {want} (one per segment).")
    metric = Precomputed(label=label, origin=f"file:{Path(path).name}#{digest.hexdigest()}")
    stats = tuple(Statistics(("score",), np.asarray(c, dtype=np.float64).reshape(-1, 1), "mean", "-") for c in columns)
    sig = Scorer(metric).signature("-")  # no plugin field: the scores come from a file, not a plugin
    return MetricInput(label, metric, stats, Signature(sig.name, tuple(f for f in sig.fields if f.key != "plugin")))


def systems_in_file(spec: str) -> list[str]:
    """The systems of a ``SYSTEM<TAB>SCORE`` file, in order of first appearance."""
    return list(dict.fromkeys(name for name, _ in read_segment_scores(spec[5:])))


# ------------------------------------------------------------------------------- the tests
def _chunks(test: str, n_segments: int, settings: RankSettings) -> Iterator[np.ndarray]:
    if test == "bs":
        yield from bootstrap_weights(n_segments, settings.n, settings.seed)
    else:
        for mask in swap_masks(n_segments, settings.n, settings.seed):
            yield mask.astype(np.float64)


def _resampled_totals(inputs: Sequence[MetricInput], settings: RankSettings) -> list[np.ndarray]:
    """Per metric, ``(N, systems × width)`` products of the shared draws with every system's statistics."""
    n_segments = len(inputs[0].statistics[0])
    stacked = [np.hstack([s.array for s in m.statistics]) for m in inputs]
    parts: list[list[np.ndarray]] = [[] for _ in inputs]
    for chunk in _chunks(settings.test, n_segments, settings):
        for k, big in enumerate(stacked):
            parts[k].append(chunk @ big)
    return [np.vstack(p) for p in parts]


def _check_inputs(inputs: Sequence[MetricInput], names: Sequence[str]) -> None:
    if len(names) < 2:
        raise InputError("ranking compares systems: give at least two.")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InputError(f"system name '{twice}' is given twice; each system needs its own name.")
    if not inputs:
        raise InputError("ranking needs at least one metric.")
    n = len(inputs[0].statistics[0])
    for m in inputs:
        if len(m.statistics) != len(names):
            raise InputError(f"{m.label}: statistics for {len(m.statistics)} systems, {len(names)} named.")
        for name, st in zip(names, m.statistics, strict=True):
            if len(st) != n:
                raise InputError(f"{m.label}: system '{name}' has {len(st)} segments, the others {n}.")
    if n == 0:
        raise InputError("ranking needs at least one segment.")


def rank(inputs: Sequence[MetricInput], names: Sequence[str], settings: RankSettings) -> Ranking:
    """Test every pair of systems under every metric, correct, and cluster (module docstring)."""
    _check_inputs(inputs, names)
    totals = _resampled_totals(inputs, settings)
    return Ranking(
        settings,
        tuple(names),
        tuple(_rank_metric(m, t, names, settings) for m, t in zip(inputs, totals, strict=True)),
    )


#: resampled rows scored at once: bounds the memory of a block of pairs (``ar``), about 15 MB for chrF
BLOCK_ROWS = 100_000


def _scores(metric: Metric, m: MetricInput, totals: np.ndarray) -> np.ndarray:
    """The metric's scores of resampled totals ``(..., width)``, one :meth:`~Metric.score_rows` call."""
    rows = np.ascontiguousarray(totals).reshape(-1, totals.shape[-1])
    counts = np.full(len(rows), float(len(m.statistics[0])))
    return metric.score_rows(finish_totals(m.statistics[0].aggregation, rows, counts)).reshape(totals.shape[:-1])


def _spread(d: np.ndarray, n: int) -> np.ndarray:
    """Each row's sample standard deviation (0 with one resample)."""
    return np.std(d, axis=1, ddof=1) if n > 1 else np.zeros(len(d))


def _pair_tests(
    m: MetricInput, totals: np.ndarray, observed: np.ndarray, settings: RankSettings
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Every pair's raw p-value and sd of resampled differences, and (``bs``) each system's resampled scores.

    Vectorised over systems and pairs: ``totals`` is ``(N, systems, width)``; pairs ``(i, j)``,
    ``i < j``, in row-major order. Each pair's resampled values are one contiguous row, so every
    mean and sd is the one the per-pair formula gives.
    """
    metric, n = m.metric, settings.n
    first, second = np.triu_indices(len(m.statistics), k=1)
    gaps = np.abs(observed[first] - observed[second])
    if settings.test == "bs":
        resampled = _scores(metric, m, totals.transpose(1, 0, 2))  # (systems, N)
        d = resampled[second] - resampled[first]
        diffs = np.abs(d)
        centred = diffs - diffs.mean(axis=1, keepdims=True)
        raw = np.array([p_value(row, gap) for row, gap in zip(centred, gaps, strict=True)])
        return raw, _spread(d, n), resampled
    sums = np.stack([st.array.sum(axis=0) for st in m.statistics])
    raw, sds = np.empty(len(first)), np.empty(len(first))
    step = max(1, BLOCK_ROWS // n)
    for lo in range(0, len(first), step):
        a, b = first[lo : lo + step], second[lo : lo + step]
        shuf_a = totals[:, a] - totals[:, b] + sums[b]
        shuf_b = (sums[a] + sums[b]) - shuf_a
        d = _scores(metric, m, shuf_a.transpose(1, 0, 2)) - _scores(metric, m, shuf_b.transpose(1, 0, 2))
        raw[lo : lo + step] = [p_value(np.abs(row), gap) for row, gap in zip(d, gaps[lo : lo + step], strict=True)]
        sds[lo : lo + step] = _spread(d, n)
    return raw, sds, None


def _rank_metric(m: MetricInput, totals: np.ndarray, names: Sequence[str], settings: RankSettings) -> MetricRanking:
    metric = m.metric
    scorer = Scorer(metric)
    observed = np.array([scorer.score_statistics(st).score for st in m.statistics])
    n = len(names)
    pairs_ij = [(i, j) for i in range(n) for j in range(i + 1, n)]
    raw, sds, resampled = _pair_tests(m, totals.reshape(settings.n, n, -1), observed, settings)
    adjusted = adjust(raw, settings.correction)
    significant = adjusted <= settings.alpha
    sig_matrix = np.zeros((n, n), dtype=bool)
    for p, (i, j) in enumerate(pairs_ij):
        sig_matrix[i, j] = sig_matrix[j, i] = bool(significant[p])
    hib = bool(metric.higher_is_better)
    order = ranking(observed, names, hib)
    cluster_of = clusters(order, better_matrix(observed, sig_matrix, hib), settings.rule)
    systems = []
    for pos, s in enumerate(order, start=1):
        lo = hi = None
        if resampled is not None:
            ival = interval(resampled[s], settings.seed)
            lo, hi = ival.lower, ival.upper
        systems.append(SystemRank(names[s], float(observed[s]), cluster_of[s], pos, lo, hi))
    deltas = [float(observed[i] - observed[j]) for i, j in pairs_ij]
    name, accuracies, note = human_accuracy(metric, deltas)
    mdd = min_detectable(sds, settings.alpha, settings.power)
    assert isinstance(mdd, np.ndarray)
    pairs = tuple(
        PairTest(
            names[i],
            names[j],
            deltas[p],
            float(raw[p]),
            float(adjusted[p]),
            bool(significant[p]),
            float(mdd[p]),
            None if accuracies is None else accuracies[p],
        )
        for p, (i, j) in enumerate(pairs_ij)
    )
    sig = m.signature.with_fields(settings.signature_fields())
    return MetricRanking(m.label, sig, hib, type(metric).score_range, tuple(systems), pairs, name, note)


def human_accuracy(metric: Metric, deltas: Sequence[float]) -> tuple[str | None, list[float] | None, str]:
    """mt-thresholds' name of ``metric``, its estimated human accuracy (0-1) of each ``|delta|`` (Kocmi et
    al. 2024: the share of human pairwise judgements agreeing with the metric's order), and the legend;
    no accuracies (and why, in the legend) for a metric the package has published no thresholds for,
    by :meth:`~mtmetrics.Metric.thresholds_name`, or when it is not installed."""
    name = metric.thresholds_name()
    if name is None:
        return None, None, "human accuracy: none, mt-thresholds has published no thresholds for this metric"
    try:
        from importlib.metadata import version

        import mt_thresholds
    except ImportError:
        return None, None, "human accuracy: none, the mt-thresholds package is not installed (mtmetrics[thresholds])"
    values = [float(mt_thresholds.accuracy(abs(d), name)) / 100.0 for d in deltas]  # the package gives percent
    source = f"mt-thresholds {version('mt-thresholds')} '{name}', Kocmi et al. 2024"
    return name, values, f"human accuracy: expected share of human judgements agreeing with A-B's sign ({source})"


__all__ = [
    "TESTS",
    "MetricInput",
    "MetricRanking",
    "PairTest",
    "RankSettings",
    "Ranking",
    "SystemRank",
    "precomputed_statistics",
    "rank",
    "score_systems",
    "systems_in_file",
]
