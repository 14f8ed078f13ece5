"""The analysis behind ``mtmetrics analyze``: one JSON-ready dict from texts, metrics and settings.

Every score is a metric's (its :class:`~mtmetrics.Statistics`, re-aggregated per bucket and per
bootstrap resample), with its signature; every interval and paired test is the core's bootstrap
(``bootstrap_scores``, ``paired_bootstrap``: sacrebleu's draws for the seed). The word-level
analyses follow compare-mt 0.2.10 on the words of a sacrebleu tokenizer and the *first* reference
(compare-mt takes one reference); where the report adds to compare-mt (intervals, tests, other
metrics) the JSON says so in ``notes``. Schema: ``docs/analyze.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

import mtmetrics
from mtmetrics import InputError, Scorer, Statistics

from . import _core
from .words import Cutoffs, NgramMatches, match_marks, prf, prf_rows, word_counts

FORMAT = "mtmetrics-analysis/1"
FREQ_CUTOFFS = Cutoffs((1, 2, 3, 4, 5, 10, 100, 1000))
LENGTH_CUTOFFS = Cutoffs((10, 20, 30, 40, 50, 60))
LENGTHDIFF_CUTOFFS = Cutoffs((-20, -10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 11, 21))
#: a training file covering less of the references' running words than this is refused (wrong language)
MIN_TRAIN_COVERAGE = 0.5
LEVEL = 0.05


@dataclass
class Settings:
    """What the user chose (the command line's options, checked)."""

    metrics: list[str] = field(default_factory=lambda: ["bleu", "chrf"])
    bucket_metric: str | None = None  # sentence-level metric for score buckets and examples (default: first -m)
    language_pair: str | None = None
    tokenize: str = "13a"
    lowercase: bool = False
    n_bootstrap: int = _core.DEFAULT_BOOTSTRAP
    seed: int = _core.DEFAULT_SEED
    freq_cutoffs: Cutoffs = FREQ_CUTOFFS
    length_cutoffs: Cutoffs = LENGTH_CUTOFFS
    lengthdiff_cutoffs: Cutoffs = LENGTHDIFF_CUTOFFS
    score_cutoffs: Cutoffs | None = None  # default: tenths of the metric's range
    given_cutoffs: frozenset[str] = frozenset()  # which cut-offs the user set (an empty bucket is then an error)
    ngram_min: int = 1
    ngram_max: int = 4
    ngram_alpha: float = 1.0
    ngram_count: int = 30
    n_examples: int = 5


@dataclass
class Texts:
    """The inputs, line-aligned and checked: references (streams), systems, optional source and training counts."""

    refs: list[list[str]]
    ref_paths: list[str]
    systems: list[list[str]]
    names: list[str]
    paths: list[str]
    source: list[str] | None = None
    train_counts: dict[str, int] | None = None
    train_path: str | None = None


def finite(x: float) -> float | None:
    """``x``, or ``None`` for NaN and infinities (strict JSON)."""
    return float(x) if math.isfinite(x) else None


def _scorer(spec: str, settings: Settings, sentence: bool = False) -> Scorer:
    name, inline = _core.parse_inline(spec)
    params: dict[str, Any] = {}
    if sentence:
        cls = _core.metric_class(name)
        declared = {p.name for p in cls.params}
        params.update({k: v for k, v in cls.sentence_defaults().items() if k in declared})
    params.update(inline)
    return mtmetrics.load_metric(name, language_pair=settings.language_pair, **params)


def _subset(stats: Statistics, idx: np.ndarray) -> Statistics:
    return replace(stats, array=stats.array[idx])


class Analysis:
    """Computes the report's sections; :meth:`run` returns the JSON-ready dict."""

    def __init__(self, texts: Texts, settings: Settings) -> None:
        self.t = texts
        self.s = settings
        self.n = len(texts.refs[0])
        self.S = len(texts.systems)
        tok = _core.get_tokenizer(settings.tokenize)
        lower = settings.lowercase

        def words(line: str) -> list[str]:
            text = tok(line.lower() if lower else line)
            return str(text).split()

        self.words: Callable[[str], list[str]] = words
        self.ref_words = [words(x) for x in texts.refs[0]]
        self.sys_words = [[words(x) for x in system] for system in texts.systems]
        self.word_signature = (
            f"ref:1|tok:{_core.tokenizer_signature(settings.tokenize)}|case:{'lc' if lower else 'mixed'}"
            f"|version:{mtmetrics.__version__}"
        )
        self.scorers = [_scorer(spec, settings) for spec in settings.metrics]
        self.stats: list[list[Statistics]] = []
        self.sentence_spec = settings.bucket_metric or settings.metrics[0]
        self.sentence_scorer = _scorer(self.sentence_spec, settings, sentence=True)

    # ------------------------------------------------------------------------------- helpers
    def _boot(self, scorer: Scorer, stats: Statistics) -> np.ndarray:
        return _core.bootstrap_scores(scorer, stats, self.s.n_bootstrap, self.s.seed)

    def _cell(self, scorer: Scorer, stats: Statistics, boot: np.ndarray) -> dict[str, Any]:
        iv = _core.interval(boot, self.s.seed)
        return {
            "score": finite(scorer.score_statistics(stats).score),
            "mean": finite(iv.mean),
            "lower": finite(iv.lower),
            "upper": finite(iv.upper),
            "segments": len(stats),
        }

    def _paired(self, scorer: Scorer, base: Statistics, other: Statistics, bb: np.ndarray, bo: np.ndarray) -> float:
        comp = _core.paired_bootstrap(
            scorer, base, other, self.s.n_bootstrap, self.s.seed, baseline_scores=bb, system_scores=bo
        )
        return float(comp.p_value)

    def _resampled(self, values: np.ndarray) -> np.ndarray:
        """Sums of ``values`` (segments × columns) over each bootstrap resample of the segments."""
        out = [w @ values for w in _core.bootstrap_weights(len(values), self.s.n_bootstrap, self.s.seed)]
        return np.concatenate(out)

    @staticmethod
    def _p(sample_diffs: np.ndarray, observed: float) -> float:
        """Paired-bootstrap p-value of a difference (as ``paired_bootstrap``: centred absolute differences)."""
        d = np.abs(sample_diffs)
        return float(_core.p_value(d - d.mean(), abs(observed)))

    # ------------------------------------------------------------------------------ sections
    def scores(self) -> list[dict[str, Any]]:
        """Aggregate scores with intervals and paired bootstrap tests against the first system."""
        out = []
        for spec, scorer in zip(self.s.metrics, self.scorers, strict=True):
            stats = [scorer.statistics(system, self.t.refs) for system in self.t.systems]
            self.stats.append(stats)
            boots = [self._boot(scorer, st) for st in stats]
            cells = [self._cell(scorer, st, b) for st, b in zip(stats, boots, strict=True)]
            tests = []
            for j in range(1, self.S):
                p = self._paired(scorer, stats[0], stats[j], boots[0], boots[j])
                tests.append(self._test(j, cells[0]["score"], cells[j]["score"], p))
            out.append(
                {
                    "metric": spec,
                    "signature": str(scorer.signature(stats[0].nrefs)),
                    "higher_is_better": scorer.higher_is_better,
                    "systems": cells,
                    "tests": tests,
                }
            )
        return out

    def _test(self, j: int, base: float | None, other: float | None, p: float) -> dict[str, Any]:
        delta = None if base is None or other is None else finite(other - base)
        return {"system": j, "delta": delta, "p_value": p, "significant": bool(p < LEVEL)}

    def sentence_scores(self) -> list[np.ndarray]:
        """Each system's sentence scores by the bucket metric (sentence parameters: BLEU's effective order)."""
        sc = self.sentence_scorer
        same = [k for k, c in enumerate(self.scorers) if str(c.signature()) == str(sc.signature())]
        if same:  # the sentence parameters are the corpus ones (chrF): its statistics serve as they are
            self.sentence_stats = self.stats[same[0]]
        else:
            self.sentence_stats = [sc.statistics(system, self.t.refs) for system in self.t.systems]
        return [np.asarray(sc.metric.score_rows(st.array), dtype=np.float64) for st in self.sentence_stats]

    def sentence_buckets(self, seg_scores: list[np.ndarray]) -> list[dict[str, Any]]:
        """Buckets by reference length, by length difference and by the bucket metric's sentence score."""
        ref_len = np.array([len(w) for w in self.ref_words])
        kinds: list[tuple[str, str, Cutoffs, list[np.ndarray], bool]] = []
        length_idx = self.s.length_cutoffs.index(ref_len)
        kinds.append(("length", "reference length (words)", self.s.length_cutoffs, [length_idx] * self.S, False))
        diff_idx = [self.s.lengthdiff_cutoffs.index(np.array([len(w) for w in sw]) - ref_len) for sw in self.sys_words]
        kinds.append(
            ("lengthdiff", "length(output) − length(reference) (words)", self.s.lengthdiff_cutoffs, diff_idx, True)
        )
        cut = self.s.score_cutoffs or self._score_cutoffs()
        score_idx = [cut.index(s) for s in seg_scores]
        kinds.append(("score", f"sentence {self.sentence_spec}", cut, score_idx, True))
        out = []
        for kind, title, cutoffs, idx, per_system in kinds:
            out.append(self._bucket_kind(kind, title, cutoffs, idx, per_system))
        return out

    def _score_cutoffs(self) -> Cutoffs:
        lo, hi = self.sentence_scorer.score_range
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise InputError(
                f"--bucket-metric {self.sentence_spec}: its scores are unbounded ({lo}..{hi}), so there are no default "
                "score buckets: give them with --score-cutoffs, e.g. --score-cutoffs 10:20:50."
            )
        return Cutoffs(tuple(lo + (hi - lo) * k / 10.0 for k in range(1, 10)), integer=False)

    def _bucket_kind(
        self, kind: str, title: str, cutoffs: Cutoffs, idx: list[np.ndarray], per_system: bool
    ) -> dict[str, Any]:
        labels = cutoffs.labels()
        counts = np.array([[int(np.count_nonzero(ix == b)) for ix in idx] for b in range(len(labels))])
        if kind in self.s.given_cutoffs:
            for b, label in enumerate(labels):
                if not counts[b].any():
                    raise InputError(
                        f"--{kind}-cutoffs {cutoffs.text()}: bucket {label} holds no segment of any system; "
                        "choose cut-offs inside the data's range (or leave the option out for compare-mt's)."
                    )
        count_tests: list[list[float | None]] = []
        if per_system:
            # paired bootstrap of the number of segments in each bucket, each system against the first
            onehots = np.stack([np.stack([(ix == b) for b in range(len(labels))], axis=1) for ix in idx], axis=1)
            flat = onehots.reshape(self.n, -1).astype(np.float64)
            sample = self._resampled(flat).reshape(-1, self.S, len(labels))
            for b in range(len(labels)):
                row: list[float | None] = []
                for j in range(1, self.S):
                    obs = float(counts[b, j] - counts[b, 0])
                    row.append(
                        None if not (counts[b, j] or counts[b, 0]) else self._p(sample[:, j, b] - sample[:, 0, b], obs)
                    )
                count_tests.append(row)
        buckets = []
        for b, label in enumerate(labels):
            scores: dict[str, list[dict[str, Any] | None]] = {}
            tests: dict[str, list[dict[str, Any] | None]] = {}
            for spec, scorer, stats in zip(self.s.metrics, self.scorers, self.stats, strict=True):
                cells: list[dict[str, Any] | None] = []
                boots: list[np.ndarray | None] = []
                subs: list[Statistics | None] = []
                for s in range(self.S):
                    members = np.flatnonzero(idx[s] == b)
                    if not len(members):
                        cells.append(None)
                        boots.append(None)
                        subs.append(None)
                        continue
                    sub = _subset(stats[s], members)
                    boot = self._boot(scorer, sub)
                    cells.append(self._cell(scorer, sub, boot))
                    boots.append(boot)
                    subs.append(sub)
                scores[spec] = cells
                row_tests: list[dict[str, Any] | None] = []
                for j in range(1, self.S):
                    b0, bj, s0, sj = boots[0], boots[j], subs[0], subs[j]
                    c0, cj = cells[0], cells[j]
                    if per_system or b0 is None or bj is None or s0 is None or sj is None or c0 is None or cj is None:
                        row_tests.append(None)  # different segments per system: no paired score test
                    else:
                        row_tests.append(self._test(j, c0["score"], cj["score"], self._paired(scorer, s0, sj, b0, bj)))
                tests[spec] = row_tests
            bucket: dict[str, Any] = {"label": label, "count": [int(c) for c in counts[b]], "scores": scores}
            if per_system:
                bucket["count_tests"] = [
                    None if p is None else {"system": j + 1, "p_value": p, "significant": bool(p < LEVEL)}
                    for j, p in enumerate(count_tests[b])
                ]
            else:
                bucket["tests"] = tests
            buckets.append(bucket)
        return {
            "kind": kind,
            "title": title,
            "per_system": per_system,
            "cutoffs": [float(c) for c in cutoffs.cuts],
            "signature": self.word_signature
            if kind != "score"
            else str(self.sentence_scorer.signature(self.sentence_stats[0].nrefs)),
            "buckets": buckets,
        }

    def word_accuracy(self) -> dict[str, Any]:
        """compare-mt's word accuracy by frequency bucket, with bootstrap intervals of F and paired tests."""
        if self.t.train_counts is not None:
            freq: dict[str, int] = self.t.train_counts
            source = f"training file {self.t.train_path}"
        else:
            counts: dict[str, int] = {}
            for ws in self.ref_words:
                for w in ws:
                    counts[w] = counts.get(w, 0) + 1
            freq, source = counts, "the (first) reference"
        cut = self.s.freq_cutoffs
        B = len(cut)
        words = {w for ws in self.ref_words for w in ws} | {w for sw in self.sys_words for ws in sw for w in ws}
        bucket_of = {w: cut.one(freq.get(w, 0)) for w in words}
        default = cut.one(0)
        R = np.zeros((self.n, B), dtype=np.int64)
        OUT = np.zeros((self.n, self.S, B), dtype=np.int64)
        M = np.zeros((self.n, self.S, B), dtype=np.int64)
        for i in range(self.n):
            R[i], OUT[i], M[i] = word_counts(self.ref_words[i], [sw[i] for sw in self.sys_words], bucket_of, B, default)
        r, o, m = R.sum(0), OUT.sum(0), M.sum(0)
        flat = np.concatenate([R, OUT.reshape(self.n, -1), M.reshape(self.n, -1)], axis=1).astype(np.float64)
        sample = self._resampled(flat)
        rs = sample[:, :B]
        os_ = sample[:, B : B + self.S * B].reshape(-1, self.S, B)
        ms = sample[:, B + self.S * B :].reshape(-1, self.S, B)
        _, _, fs = prf_rows(ms, rs[:, None, :], os_)
        buckets = []
        for b, label in enumerate(cut.labels()):
            systems = []
            for s in range(self.S):
                rec, prec, f = prf(int(m[s, b]), int(r[b]), int(o[s, b]))
                iv = _core.interval(fs[:, s, b], self.s.seed)
                systems.append(
                    {
                        "matches": int(m[s, b]),
                        "output_words": int(o[s, b]),
                        "recall": rec,
                        "precision": prec,
                        "f": f,
                        "f_lower": iv.lower,
                        "f_upper": iv.upper,
                    }
                )
            tests = []
            for j in range(1, self.S):
                obs = systems[j]["f"] - systems[0]["f"]
                p = self._p(fs[:, j, b] - fs[:, 0, b], obs)
                tests.append(self._test(j, systems[0]["f"], systems[j]["f"], p))
            buckets.append({"label": label, "reference_words": int(r[b]), "systems": systems, "tests": tests})
        return {
            "frequency_from": source,
            "cutoffs": [float(c) for c in cut.cuts],
            "signature": f"wordacc|{self.word_signature}|freq:{'train' if self.t.train_counts is not None else 'ref'}",
            "buckets": buckets,
        }

    def ngrams(self) -> dict[str, Any]:
        """Characteristic n-grams of each system against the first (compare-mt's ``match`` comparison)."""
        nm = NgramMatches(self.S, self.s.ngram_min, self.s.ngram_max)
        for i in range(self.n):
            nm.add(self.ref_words[i], [sw[i] for sw in self.sys_words])
        k = self.s.ngram_count
        pairs = []
        for j in range(1, self.S):
            rows = nm.salient(0, j, self.s.ngram_alpha)

            def entry(row: tuple[str, float, int, int]) -> dict[str, Any]:
                return {"ngram": row[0], "ratio": row[1], "left": row[2], "right": row[3]}

            # the other direction: lowest ratio first (ties: more matches, then the n-gram)
            low = sorted(rows, key=lambda r: (r[1], -(r[2] + r[3]), r[0]))
            pairs.append(
                {
                    "left": 0,
                    "right": j,
                    "left_better": [entry(r) for r in rows[:k]],
                    "right_better": [entry(r) for r in low[:k]],
                }
            )
        return {
            "compare": "match",
            "alpha": self.s.ngram_alpha,
            "min_order": self.s.ngram_min,
            "max_order": self.s.ngram_max,
            "signature": f"ngrams|{self.word_signature}|order:{self.s.ngram_min}-{self.s.ngram_max}"
            f"|alpha:{self.s.ngram_alpha}",
            "pairs": pairs,
        }

    def examples(self, seg_scores: list[np.ndarray]) -> dict[str, Any]:
        """The segments where each system and the first differ most by the bucket metric's sentence score."""
        k = self.s.n_examples
        chosen: set[int] = set()
        pairs = []
        for j in range(1, self.S):
            seen: set[tuple[Any, ...]] = set()
            diffs = []
            for i in range(self.n):
                key = (tuple(self.sys_words[0][i]), tuple(self.sys_words[j][i]), tuple(self.ref_words[i]))
                if key in seen:
                    continue
                seen.add(key)
                diffs.append((float(seg_scores[j][i] - seg_scores[0][i]), i))
            diffs.sort()
            better = [i for d, i in reversed(diffs[-k:]) if d > 0]
            worse = [i for d, i in diffs[:k] if d < 0]
            chosen.update(better + worse)
            pairs.append(
                {"left": 0, "right": j, "right_better": [i + 1 for i in better], "left_better": [i + 1 for i in worse]}
            )
        segments = {}
        for i in sorted(chosen):
            segments[str(i + 1)] = {
                "source": None if self.t.source is None else self.t.source[i],
                "references": [ref[i] for ref in self.t.refs],
                "outputs": [
                    {
                        "text": self.t.systems[s][i],
                        "tokens": self.sys_words[s][i],
                        "marks": match_marks(self.sys_words[s][i], self.ref_words[i], self.s.ngram_max),
                        "score": finite(seg_scores[s][i]),
                    }
                    for s in range(self.S)
                ],
            }
        return {
            "metric": self.sentence_spec,
            "signature": str(self.sentence_scorer.signature(self.sentence_stats[0].nrefs)),
            "pairs": pairs,
            "segments": segments,
        }

    def run(self) -> dict[str, Any]:
        """The whole report."""
        scores = self.scores()
        seg = self.sentence_scores()
        report: dict[str, Any] = {
            "format": FORMAT,
            "mtmetrics": mtmetrics.__version__,
            "segments": self.n,
            "systems": [{"name": n, "path": p} for n, p in zip(self.t.names, self.t.paths, strict=True)],
            "references": self.t.ref_paths,
            "source": self.t.source is not None,
            "settings": {
                "metrics": self.s.metrics,
                "bucket_metric": self.sentence_spec,
                "tokenize": self.s.tokenize,
                "lowercase": self.s.lowercase,
                "n_bootstrap": self.s.n_bootstrap,
                "seed": self.s.seed,
                "baseline": self.t.names[0],
                "significance_level": LEVEL,
            },
            "notes": NOTES,
            "scores": scores,
            "sentence_buckets": self.sentence_buckets(seg),
            "word_accuracy": self.word_accuracy(),
            "ngrams": self.ngrams(),
            "examples": self.examples(seg),
        }
        return report


#: where the report differs from compare-mt by design
NOTES = [
    "Tests compare each system with the first (the baseline): paired bootstrap resampling, "
    "sacrebleu's draws for the seed.",
    "Intervals are 95 % bootstrap percentile intervals (compare-mt has none, or unseeded half-size resamples).",
    "Word accuracy, characteristic n-grams, length buckets and examples use the words of the first reference "
    "(compare-mt takes one reference) after the stated tokenizer; metric scores use every reference.",
    "Bucket scores are the metrics' own (sacrebleu's BLEU, chrF, ...); compare-mt scores buckets with its own BLEU, "
    "which counts a sentence shorter than n words as one n-gram in the denominator and skips zero precisions.",
    "Length-difference and score buckets hold different segments for each system: their test is a paired bootstrap "
    "of the number of segments in the bucket, not of a score.",
]


def check_lines(texts: Sequence[tuple[str, Sequence[str]]]) -> None:
    """All files line-aligned with the first: else an error naming the file, its line count and the fix."""
    first_path, first = texts[0]
    for path, lines in texts[1:]:
        if len(lines) != len(first):
            line = min(len(lines), len(first)) + 1
            raise InputError(
                f"{path}: {len(lines)} lines, but {first_path} has {len(first)} (line {line} has no partner): "
                "give line-aligned files, one segment per line."
            )
    if not first:
        raise InputError(f"{first_path}: no segments; give one segment per line.")
