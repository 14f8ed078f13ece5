"""The analysis behind ``mtmetrics analyze``: one JSON-ready dict from texts, metrics and settings.

Every score is a metric's (its :class:`~mtmetrics.Statistics`, re-aggregated per bucket and per
bootstrap resample), with its signature; every interval and paired test equals the core's bootstrap
(``bootstrap_scores``, ``paired_bootstrap``: sacrebleu's draws for the seed), bit for bit. The word-level
analyses follow compare-mt 0.2.10 on the words of a sacrebleu tokenizer and the *first* reference
(compare-mt takes one reference); where the report adds to compare-mt (intervals, tests, other
metrics) the JSON says so in ``notes``. Schema: ``docs/analyze.md``.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, count
from typing import Any

import numpy as np

import mtmetrics
from mtmetrics import InputError, Scorer, Statistics

from . import _core
from .words import (
    Cutoffs,
    NgramMatches,
    clipped_matches,
    label_counts,
    match_marks,
    prf,
    prf_rows,
    source_counts,
    word_counts,
)

FORMAT = "mtmetrics-analysis/1"
FREQ_CUTOFFS = Cutoffs((1, 2, 3, 4, 5, 10, 100, 1000))
LENGTH_CUTOFFS = Cutoffs((10, 20, 30, 40, 50, 60))
LENGTHDIFF_CUTOFFS = Cutoffs((-20, -10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 11, 21))
#: a training file covering less of the references' running words than this is refused (wrong language)
MIN_TRAIN_COVERAGE = 0.5
LEVEL = 0.05
#: segments tokenised and counted together (their tokens are held for the block only)
BLOCK = 1024


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
    jobs: int = 1  # worker processes of the metrics' statistics (same numbers at any count)


@dataclass
class Labels:
    """One label per word of the first reference and of each system (compare-mt's ``--ref_labels`` /
    ``--out_labels``): label lines read from files, or made by a tagger on the words themselves."""

    ref_lines: list[str] | None = None
    out_lines: list[list[str]] | None = None
    paths: list[str] = field(default_factory=list)  # the reference's label file, then one per system
    tagger: _core.Tagger | None = None  # instead of the files: tags the words themselves
    label_set: tuple[str, ...] | None = None  # compare-mt's label_set: these labels, then 'other'

    def origin(self) -> str:
        """Where the labels come from, for the report and the signature."""
        return f"tagger {self.tagger.signature()}" if self.tagger is not None else "files " + ", ".join(self.paths)


@dataclass
class SourceAlignment:
    """Links between the source and the first reference (Pharaoh, read by ``mtmetrics_source``), per segment."""

    links: list[frozenset[tuple[int, int]]]
    path: str
    tokenize: str  # sacrebleu tokenizer splitting the source (the ``mtmetrics align`` sidecar's; none: spaces)
    train_counts: dict[str, int] | None = None
    train_path: str | None = None


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
    labels: Labels | None = None
    alignment: SourceAlignment | None = None


def finite(x: float) -> float | None:
    """``x``, or ``None`` for NaN and infinities (strict JSON)."""
    return float(x) if math.isfinite(x) else None


def _scorer(spec: str, settings: Settings, sentence: bool = False) -> Scorer:
    name, inline = _core.parse_inline(spec)
    params: dict[str, Any] = {}
    if sentence:
        cls = _core.REGISTRY.metric_class(name)
        declared = {p.name for p in cls.params}
        params.update({k: v for k, v in cls.sentence_defaults().items() if k in declared})
    params.update(inline)
    return mtmetrics.load_metric(name, language_pair=settings.language_pair, **params)


def _subset(stats: Statistics, idx: np.ndarray) -> Statistics:
    return replace(stats, array=stats.array[idx])


def score_rows(metric: _core.Metric, rows: np.ndarray) -> np.ndarray:
    """``metric.score_rows(rows)``, scoring each distinct row once where that pays.

    Resamples of a small bucket repeat rows (a bucket of three segments has ten distinct
    resamples): rows with the same bytes get the same score, so only the first of each is scored.
    A metric with its own (vectorised) ``score_rows``, or a mean whose score is its first column
    (ROUGE's), scores rows faster than they are sorted into distinct ones, so its rows are scored as
    they are; the default (one ``compute_score`` per row) is not.
    """
    rows = np.ascontiguousarray(rows)
    cls = type(metric)
    averaged = cls.aggregation == "mean" and cls.compute_score is _core.Metric.compute_score  # score: column 0
    if rows.ndim != 2 or len(rows) < 2 or averaged or cls.score_rows is not _core.Metric.score_rows:
        return np.asarray(metric.score_rows(rows), dtype=np.float64)
    keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    if len(first) == len(rows):
        return np.asarray(metric.score_rows(rows), dtype=np.float64)
    return np.asarray(metric.score_rows(rows[first]), dtype=np.float64)[inverse.ravel()]


def _float_columns(blocks: list[np.ndarray]) -> np.ndarray:
    """The column blocks side by side as one float64 matrix, filled in place (no intermediate copy)."""
    out = np.empty((len(blocks[0]), sum(b.shape[1] for b in blocks)), dtype=np.float64)
    start = 0
    for block in blocks:
        out[:, start : start + block.shape[1]] = block
        start += block.shape[1]
    return out


def _digest(words: Sequence[str]) -> bytes:
    """A 16-byte key of a token list (the examples' duplicate test, without keeping the tokens)."""
    return hashlib.blake2b(" ".join(words).encode("utf-8"), digest_size=16).digest()


class Analysis:
    """Computes the report's sections; :meth:`run` returns the JSON-ready dict.

    Memory: the texts are tokenised while streaming over the segments (twice for the reference,
    once per system), never kept as token lists; what stays per segment is numbers (lengths,
    sentence scores, word counts per bucket, a 16-byte key per output), the metrics' statistics
    and the matched n-gram counts.
    """

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
        src_tok = texts.alignment.tokenize if texts.alignment is not None else "none"

        def src_words(line: str) -> list[str]:
            ws = _core.source_words(line, src_tok)
            return [w.lower() for w in ws] if lower else ws

        self.src_words: Callable[[str], list[str]] = src_words
        self.ref_counts: Counter[str] = Counter()
        ref_len = np.zeros(self.n, dtype=np.int64)
        for i, line in enumerate(texts.refs[0]):
            ws = words(line)
            ref_len[i] = len(ws)
            self.ref_counts.update(ws)
        self.ref_len = ref_len
        self.src_counts: Counter[str] = Counter()
        if texts.alignment is not None:
            assert texts.source is not None
            for line in texts.source:
                self.src_counts.update(self.src_words(line))
        self.word_signature = (
            f"ref:1|tok:{_core.tokenizer_signature(settings.tokenize)}|case:{'lc' if lower else 'mixed'}"
            f"|version:{mtmetrics.__version__}"
        )
        self.scorers = [_scorer(spec, settings) for spec in settings.metrics]
        self.stats: list[list[Statistics]] = []
        self.sentence_spec = settings.bucket_metric or settings.metrics[0]
        self.sentence_scorer = _scorer(self.sentence_spec, settings, sentence=True)

    # ------------------------------------------------------------------------------- helpers
    def _boot(
        self, items: Sequence[tuple[_core.Metric, Statistics]], extra: np.ndarray | None = None
    ) -> tuple[list[np.ndarray], np.ndarray | None]:
        """Bootstrap scores of each ``(metric, statistics)`` item, drawing once per segment count.

        The draws are those of ``bootstrap_scores`` for the seed (they depend on the number of
        segments only) and each item's resampled statistics are the same products, chunk by chunk,
        so the scores are its scores bit for bit; one draw serves every item of that size, and the
        resampled rows of all items of one metric are scored by one ``score_rows`` call (it scores
        row by row; each distinct row once). ``extra`` (integer columns over all ``self.n``
        segments, so exactly summed) rides along the draw of ``self.n`` segments: its resampled
        sums are returned.
        """
        by_size: dict[int, list[int]] = {}
        for k, (_, st) in enumerate(items):
            by_size.setdefault(len(st), []).append(k)
        if extra is not None:
            by_size.setdefault(self.n, [])
        finished: list[np.ndarray | None] = [None] * len(items)
        extra_sums: np.ndarray | None = None
        for size, ks in by_size.items():
            # integer statistics of this size: one product for all of them (exact in any order); the
            # report makes hundreds of small products, on one BLAS thread (``mtmetrics.cli.startup``)
            exact = [k for k in ks if _core.integer_sums_exact(items[k][1].array, size)]
            others = [k for k in ks if k not in set(exact)]
            stacked = np.concatenate([items[k][1].array for k in exact], axis=1) if exact else None
            extra_here = extra if size == self.n else None
            edges = np.cumsum([items[k][1].array.shape[1] for k in exact])[:-1]
            totals: dict[int, list[np.ndarray]] = {k: [] for k in ks}
            counts: list[np.ndarray] = []
            sums: list[np.ndarray] = []
            for w in _core.bootstrap_weights(size, self.s.n_bootstrap, self.s.seed):
                counts.append(np.full(len(w), float(size)))  # each resample draws ``size`` segments: w's row sums
                if stacked is not None:
                    for k, part in zip(exact, np.split(w @ stacked, edges, axis=1), strict=True):
                        totals[k].append(part)
                for k in others:
                    totals[k].append(w @ items[k][1].array)
                if extra_here is not None:
                    sums.append(w @ extra_here)
            sizes = np.concatenate(counts)
            for k in ks:
                finished[k] = _core.finish_totals(items[k][1].aggregation, np.concatenate(totals[k]), sizes)
            if sums:
                extra_sums = np.concatenate(sums)
        by_metric: dict[int, list[int]] = {}
        for k, (metric, _) in enumerate(items):
            by_metric.setdefault(id(metric), []).append(k)
        out: list[np.ndarray] = [np.empty(0)] * len(items)
        for ks in by_metric.values():
            rows = [r for r in (finished[k] for k in ks) if r is not None]
            scores = score_rows(items[ks[0]][0], np.concatenate(rows))
            for k, part in zip(ks, np.split(scores, np.cumsum([len(r) for r in rows])[:-1]), strict=True):
                out[k] = part
        return out, extra_sums

    @staticmethod
    def _score(scorer: Scorer, stats: Statistics) -> float:
        """A cell's score, computed once (its paired tests reuse it)."""
        return float(scorer.score_statistics(stats).score)

    def _cell(self, score: float, stats: Statistics, boot: np.ndarray) -> dict[str, Any]:
        iv = _core.interval(boot, self.s.seed)
        return {
            "score": finite(score),
            "mean": finite(iv.mean),
            "lower": finite(iv.lower),
            "upper": finite(iv.upper),
            "segments": len(stats),
        }

    def _paired(self, base: float, other: float, bb: np.ndarray, bo: np.ndarray) -> float:
        """``paired_bootstrap``'s p-value of two systems' scores ``base`` and ``other`` (their cells'),
        given their resample scores ``bb`` and ``bo`` (the same draws)."""
        return self._p(bo - bb, other - base)

    @staticmethod
    def _p(sample_diffs: np.ndarray, observed: float) -> float:
        """Paired-bootstrap p-value of a difference (as ``paired_bootstrap``: centred absolute differences)."""
        d = np.abs(sample_diffs)
        return float(_core.p_value(d - d.mean(), abs(observed)))

    def _test(self, j: int, base: float | None, other: float | None, p: float) -> dict[str, Any]:
        delta = None if base is None or other is None else finite(other - base)
        return {"system": j, "delta": delta, "p_value": p, "significant": bool(p < LEVEL)}

    # ------------------------------------------------------------------------------ passes
    def statistics(self) -> None:
        """Each metric's segment statistics of each system, computed once (every later number re-aggregates them)."""
        self.stats = [
            [scorer.statistics(system, self.t.refs, jobs=self.s.jobs) for system in self.t.systems]
            for scorer in self.scorers
        ]

    def _sentence_source(self) -> int | None:
        """The ``-m`` metric whose statistics the bucket metric's sentence scores can reuse, if any.

        The bucket metric is the ``-m`` metric with its sentence defaults (BLEU: effective order).
        Those are parameters of scoring, not of statistics (``Metric.sentence_defaults``: what
        sacrebleu's ``-sl`` changes), so the same class with the same other values has the same
        statistics (``tests/analysis/test_speed_paths.py`` checks it for every installed metric).
        """
        sc = self.sentence_scorer.metric
        implied = set(type(sc).sentence_defaults())
        mine = {k: v for k, v in sc.values.items() if k not in implied}
        for k, scorer in enumerate(self.scorers):
            m = scorer.metric
            if type(m) is type(sc) and {a: b for a, b in m.values.items() if a not in implied} == mine:
                return k
        return None

    def sentence_scores(self) -> list[np.ndarray]:
        """Each system's sentence scores by the bucket metric, from statistics computed once."""
        sc = self.sentence_scorer
        k = self._sentence_source()
        if k is not None:
            self.sentence_stats = self.stats[k]
        else:
            self.sentence_stats = [sc.statistics(system, self.t.refs, jobs=self.s.jobs) for system in self.t.systems]
        return [np.asarray(sc.metric.score_rows(st.array), dtype=np.float64) for st in self.sentence_stats]

    def read_segments(self) -> None:
        """One streaming pass over the segments, a block at a time: output lengths, duplicate keys,
        word counts per frequency bucket, matched n-grams (no token is kept beyond its block)."""
        freq = self.t.train_counts if self.t.train_counts is not None else self.ref_counts
        cut = self.s.freq_cutoffs
        B = len(cut)
        S = self.S
        vocab: dict[str, int] = {}
        bucket_of = np.zeros(0, dtype=np.int64)
        self.hyp_len = np.zeros((S, self.n), dtype=np.int64)
        digests: list[list[np.ndarray]] = [[] for _ in range(S + 1)]
        self.word_R = np.zeros((self.n, B), dtype=np.int64)
        self.word_OUT = np.zeros((self.n, S, B), dtype=np.int64)
        self.word_M = np.zeros((self.n, S, B), dtype=np.int64)
        self.ngram_matches = NgramMatches(S, self.s.ngram_min, self.s.ngram_max)
        labels, alignment = self.t.labels, self.t.alignment
        label_index: dict[str, int] = {x: k for k, x in enumerate(labels.label_set or ())} if labels else {}
        label_rows: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        src_bucket_of: dict[str, int] = {}
        if alignment is not None:
            self.src_R = np.zeros((self.n, B), dtype=np.int64)
            self.src_M = np.zeros((self.n, S, B), dtype=np.int64)
        texts = [self.t.refs[0], *self.t.systems]
        for lo in range(0, self.n, BLOCK):
            hi = min(self.n, lo + BLOCK)
            m = hi - lo
            tokens = [[self.words(line) for line in text[lo:hi]] for text in texts]  # [text][segment]
            flat = list(chain.from_iterable(chain.from_iterable(tokens)))
            # ids in order of first occurrence: the block's new words get the next ones, then a lookup each
            vocab.update(zip([w for w in dict.fromkeys(flat) if w not in vocab], count(len(vocab))))
            ids = np.fromiter(map(vocab.__getitem__, flat), dtype=np.int64, count=len(flat))
            if len(vocab) > len(bucket_of):
                new = list(vocab)[len(bucket_of) :]
                bucket_of = np.concatenate(
                    [bucket_of, np.array([cut.one(freq.get(w, 0)) for w in new], dtype=np.int64)]
                )
            lengths = np.fromiter((len(ws) for text in tokens for ws in text), dtype=np.int64, count=(S + 1) * m)
            rows = np.repeat(np.arange((S + 1) * m), lengths)
            per_text = word_counts(rows, ids, (S + 1) * m, bucket_of, B).reshape(S + 1, m, B)
            self.word_R[lo:hi] = per_text[0]
            self.word_OUT[lo:hi] = per_text[1:].transpose(1, 0, 2)
            self.hyp_len[:, lo:hi] = lengths.reshape(S + 1, m)[1:]
            text, seg = np.divmod(rows, m)
            V = len(vocab)
            word_keys = seg * V + ids
            ref_keys = np.unique(word_keys[text == 0], return_counts=True)
            for s in range(S):
                keys, matched = clipped_matches(ref_keys, word_keys[text == s + 1])
                where = (keys // V) * B + bucket_of[keys % V]
                self.word_M[lo:hi, s] = (
                    np.bincount(where, weights=matched, minlength=m * B).astype(np.int64).reshape(m, B)
                )
            self.ngram_matches.add(flat, ids, rows, m)
            for k, text_tokens in enumerate(tokens):
                digests[(k - 1) % (S + 1)].append(np.array([_digest(ws) for ws in text_tokens], dtype="S16"))
            for i in range(lo, hi):
                ref, outs = tokens[0][i - lo], [t[i - lo] for t in tokens[1:]]
                if labels is not None:
                    label_rows.append(self._label_row(labels, label_index, i, ref, outs))
                if alignment is not None:
                    self.src_R[i], self.src_M[i] = self._source_row(alignment, src_bucket_of, i, ref, outs)
        # 16 bytes per output and segment (a fixed-width array: equal keys stay equal, distinct stay distinct)
        self.keys = [np.concatenate(d) for d in digests]
        if labels is not None:
            self._label_matrices(labels, label_index, label_rows)

    def _labels_of(self, labels: Labels, k: int, i: int, words: list[str]) -> list[str]:
        """Labels of the words of segment ``i`` of text ``k`` (0: the first reference, ``s + 1``: system ``s``)."""
        if labels.tagger is not None:
            return labels.tagger.tag(words)
        assert labels.ref_lines is not None and labels.out_lines is not None
        line = labels.ref_lines[i] if k == 0 else labels.out_lines[k - 1][i]
        tags = line.split()
        if len(tags) != len(words):
            text = self.t.ref_paths[0] if k == 0 else self.t.paths[k - 1]
            tok = self.s.tokenize
            raise InputError(
                f"{labels.paths[k]}:{i + 1}: {len(tags)} labels for the {len(words)} words of line {i + 1} of {text} "
                f"(split by -tok {tok}); give one label per word of -tok {tok}'s output, separated by spaces "
                "(or let --tag label the words)."
            )
        return tags

    def _label_row(
        self, labels: Labels, index: dict[str, int], i: int, ref: list[str], outs: list[list[str]]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One segment's word counts by label; labels not yet in ``index`` get the next bucket, or
        compare-mt's ``other`` (the last) when a label set was given."""
        fixed = labels.label_set

        def bucket(tag: str) -> int:
            k = index.get(tag)
            if k is None:
                if fixed is not None:
                    return len(fixed)
                k = index[tag] = len(index)
            return k

        ref_b = [bucket(t) for t in self._labels_of(labels, 0, i, ref)]
        out_b = [[bucket(t) for t in self._labels_of(labels, s + 1, i, out)] for s, out in enumerate(outs)]
        width = len(fixed) + 1 if fixed is not None else len(index)
        return label_counts(ref, ref_b, outs, out_b, width)

    def _label_matrices(
        self, labels: Labels, index: dict[str, int], rows: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
    ) -> None:
        """The per-segment label counts as ``(n, L)`` / ``(n, S, L)`` matrices, buckets in report order:
        the given label set then ``other``, or every label seen, most reference words first."""
        fixed = labels.label_set
        names = [*fixed, "other"] if fixed is not None else list(index)
        L = len(names)
        R = np.zeros((self.n, L), dtype=np.int64)
        OUT = np.zeros((self.n, self.S, L), dtype=np.int64)
        M = np.zeros((self.n, self.S, L), dtype=np.int64)
        for i, (r, o, m) in enumerate(rows):
            w = len(r)
            R[i, :w], OUT[i, :, :w], M[i, :, :w] = r, o, m
        if fixed is None:
            totals = R.sum(0)
            order = sorted(range(L), key=lambda k: (-int(totals[k]), names[k]))
            names = [names[k] for k in order]
            R, OUT, M = R[:, order], OUT[:, :, order], M[:, :, order]
        else:
            for k, name in enumerate(fixed):
                if not R[:, k].any() and not OUT[:, :, k].any():
                    raise InputError(
                        f"--label-set {'+'.join(fixed)}: label {name} labels no word of the reference or outputs; "
                        "give labels that occur in the label files (or leave --label-set out: every label)."
                    )
        self.label_names, self.label_R, self.label_OUT, self.label_M = names, R, OUT, M

    def _source_row(
        self, alignment: SourceAlignment, bucket_of: dict[str, int], i: int, ref: list[str], outs: list[list[str]]
    ) -> tuple[np.ndarray, np.ndarray]:
        """One segment's source words by frequency bucket and, per system, the matched ones."""
        assert self.t.source is not None
        links = alignment.links[i]
        if links:
            given = _core.pharaoh_tokens(self.t.refs[0][i])
            if self.s.lowercase:
                given = [w.lower() for w in given]
            if given != ref:
                tok = self.s.tokenize
                raise InputError(
                    f"{alignment.path}:{i + 1}: its target indices refer to the space-separated tokens of line {i + 1} "
                    f"of {self.t.ref_paths[0]}, which -tok {tok} splits otherwise ({len(given)} tokens, {len(ref)} "
                    f"words); align the reference tokenised as analyze sees it (tokenise the reference and outputs "
                    f"with sacrebleu -tok {tok} first, align and analyze those files)."
                )
        freq = alignment.train_counts if alignment.train_counts is not None else self.src_counts
        cut = self.s.freq_cutoffs
        buckets = []
        for w in self.src_words(self.t.source[i]):
            b = bucket_of.get(w)
            if b is None:
                b = bucket_of[w] = cut.one(freq.get(w, 0))
            buckets.append(b)
        return source_counts(buckets, links, ref, outs, len(cut))

    # ------------------------------------------------------------------------------ sections
    def scores(self) -> list[dict[str, Any]]:
        """Aggregate scores with intervals and paired bootstrap tests against the first system."""
        out = []
        for spec, scorer, stats, boots in zip(self.s.metrics, self.scorers, self.stats, self.full_boots, strict=True):
            points = [self._score(scorer, st) for st in stats]
            cells = [self._cell(x, st, b) for x, st, b in zip(points, stats, boots, strict=True)]
            tests = []
            for j in range(1, self.S):
                p = self._paired(points[0], points[j], boots[0], boots[j])
                tests.append(self._test(j, cells[0]["score"], cells[j]["score"], p))
            out.append(
                {
                    "metric": spec,
                    "signature": str(scorer.signature(stats[0].nrefs)),
                    "higher_is_better": scorer.metric.higher_is_better,
                    "systems": cells,
                    "tests": tests,
                }
            )
        return out

    def bucket_kinds(self, seg_scores: list[np.ndarray]) -> list[tuple[str, str, Cutoffs, list[np.ndarray], bool]]:
        """``(kind, title, cut-offs, bucket index per system, per_system)`` of the three sentence bucketings."""
        kinds: list[tuple[str, str, Cutoffs, list[np.ndarray], bool]] = []
        length_idx = self.s.length_cutoffs.index(self.ref_len)
        kinds.append(("length", "reference length (words)", self.s.length_cutoffs, [length_idx] * self.S, False))
        diff_idx = [self.s.lengthdiff_cutoffs.index(self.hyp_len[s] - self.ref_len) for s in range(self.S)]
        kinds.append(
            ("lengthdiff", "length(output) − length(reference) (words)", self.s.lengthdiff_cutoffs, diff_idx, True)
        )
        cut = self.s.score_cutoffs or self._score_cutoffs()
        score_idx = [cut.index(s) for s in seg_scores]
        kinds.append(("score", f"sentence {self.sentence_spec}", cut, score_idx, True))
        return kinds

    def _score_cutoffs(self) -> Cutoffs:
        lo, hi = self.sentence_scorer.metric.score_range
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise InputError(
                f"--bucket-metric {self.sentence_spec}: its scores are unbounded ({lo}..{hi}), so there are no default "
                "score buckets: give them with --score-cutoffs, e.g. --score-cutoffs 10:20:50."
            )
        return Cutoffs(tuple(lo + (hi - lo) * k / 10.0 for k in range(1, 10)), integer=False)

    def _onehots(self, idx: list[np.ndarray], n_buckets: int) -> np.ndarray:
        """``(n, S × buckets)`` membership columns (system-major), whose resampled sums are bucket counts."""
        onehots = np.stack([np.stack([(ix == b) for b in range(n_buckets)], axis=1) for ix in idx], axis=1)
        return onehots.reshape(self.n, -1)

    def _bucket_subs(self, idx: list[np.ndarray], n_buckets: int) -> list[list[list[Statistics | None]]]:
        """``[bucket][metric][system]``: the statistics of each system's segments in each bucket (None: none)."""
        out = []
        for b in range(n_buckets):
            members = [np.flatnonzero(idx[s] == b) for s in range(self.S)]
            out.append(
                [[_subset(st[s], members[s]) if len(members[s]) else None for s in range(self.S)] for st in self.stats]
            )
        return out

    def _bucket_items(self, subs: list[list[list[Statistics | None]]]) -> list[tuple[_core.Metric, Statistics]]:
        """The ``(metric, statistics)`` items of every non-empty cell of :meth:`_bucket_subs`, bucket by bucket."""
        return [
            (sc.metric, sub)
            for bucket in subs
            for sc, ms in zip(self.scorers, bucket, strict=True)
            for sub in ms
            if sub is not None
        ]

    def _bucket_kind(
        self,
        kind: str,
        title: str,
        cutoffs: Cutoffs,
        idx: list[np.ndarray],
        per_system: bool,
        count_sample: np.ndarray | None,
        bucket_subs: list[list[list[Statistics | None]]],
        boots_iter: Iterator[np.ndarray],
    ) -> dict[str, Any]:
        """One bucketing's section; ``bucket_subs`` (:meth:`_bucket_subs`) and their bootstrap scores
        (``boots_iter``, in the order of :meth:`_bucket_items`) computed in one pass."""
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
            assert count_sample is not None
            sample = count_sample.reshape(-1, self.S, len(labels))
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
            subs = bucket_subs[b]
            scores: dict[str, list[dict[str, Any] | None]] = {}
            tests: dict[str, list[dict[str, Any] | None]] = {}
            for spec, scorer, mine in zip(self.s.metrics, self.scorers, subs, strict=True):
                boots = [None if sub is None else next(boots_iter) for sub in mine]
                points = [
                    None if sub is None or bt is None else self._score(scorer, sub)
                    for sub, bt in zip(mine, boots, strict=True)
                ]
                cells = [
                    None if x is None or sub is None or bt is None else self._cell(x, sub, bt)
                    for x, sub, bt in zip(points, mine, boots, strict=True)
                ]
                scores[spec] = cells
                row_tests: list[dict[str, Any] | None] = []
                for j in range(1, self.S):
                    b0, bj, x0, xj = boots[0], boots[j], points[0], points[j]
                    c0, cj = cells[0], cells[j]
                    if per_system or b0 is None or bj is None or x0 is None or xj is None or c0 is None or cj is None:
                        row_tests.append(None)  # different segments per system: no paired score test
                    else:
                        row_tests.append(self._test(j, c0["score"], cj["score"], self._paired(x0, xj, b0, bj)))
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

    def _word_columns(self) -> np.ndarray:
        """``(n, B + 2 S B)``: reference words, output words and matches per frequency bucket."""
        return np.concatenate([self.word_R, self.word_OUT.reshape(self.n, -1), self.word_M.reshape(self.n, -1)], axis=1)

    def _prf_buckets(
        self, labels: list[str], R: np.ndarray, OUT: np.ndarray, M: np.ndarray, sample: np.ndarray
    ) -> list[dict[str, Any]]:
        """compare-mt's word-accuracy rows of each bucket, with bootstrap intervals of F and paired tests.

        ``R`` ``(n, B)``, ``OUT`` and ``M`` ``(n, S, B)``: per-segment reference words, output words
        and matches; ``sample``: the resampled sums of their columns, laid out as :meth:`_word_columns`.
        """
        B = len(labels)
        r, o, m = R.sum(0), OUT.sum(0), M.sum(0)
        rs = sample[:, :B]
        os_ = sample[:, B : B + self.S * B].reshape(-1, self.S, B)
        ms = sample[:, B + self.S * B :].reshape(-1, self.S, B)
        _, _, fs = prf_rows(ms, rs[:, None, :], os_)
        buckets = []
        for b, label in enumerate(labels):
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
        return buckets

    def word_accuracy(self, sample: np.ndarray) -> dict[str, Any]:
        """compare-mt's word accuracy by frequency bucket, with bootstrap intervals of F and paired tests.

        ``sample``: the resampled sums of :meth:`_word_columns`.
        """
        source = f"training file {self.t.train_path}" if self.t.train_counts is not None else "the (first) reference"
        cut = self.s.freq_cutoffs
        return {
            "frequency_from": source,
            "cutoffs": [float(c) for c in cut.cuts],
            "signature": f"wordacc|{self.word_signature}|freq:{'train' if self.t.train_counts is not None else 'ref'}",
            "buckets": self._prf_buckets(cut.labels(), self.word_R, self.word_OUT, self.word_M, sample),
        }

    @staticmethod
    def _columns(R: np.ndarray, *per_system: np.ndarray) -> np.ndarray:
        """``(n, B + k S B)``: ``R`` then each per-system ``(n, S, B)`` matrix flattened, system-major."""
        n = len(R)
        return np.concatenate([R] + [x.reshape(n, -1) for x in per_system], axis=1)

    def label_accuracy(self, sample: np.ndarray) -> dict[str, Any] | None:
        """compare-mt's word accuracy by label (``bucket_type=label``), as :meth:`word_accuracy`."""
        labels = self.t.labels
        if labels is None:
            return None
        origin = labels.tagger.signature() if labels.tagger is not None else "files"
        return {
            "labels_from": labels.origin(),
            "label_set": None if labels.label_set is None else list(labels.label_set),
            "signature": f"wordacc|{self.word_signature}|labels:{origin}",
            "buckets": self._prf_buckets(self.label_names, self.label_R, self.label_OUT, self.label_M, sample),
        }

    def source_accuracy(self, sample: np.ndarray) -> dict[str, Any] | None:
        """compare-mt's source-word accuracy by frequency (``--compare_src_word_accuracies``): the share of
        each bucket's source words whose aligned reference words a system all matches, with intervals and tests.

        compare-mt reports recall only (its precision and F of these counts are the same number).
        ``sample``: the resampled sums of ``[src_R, src_M]``.
        """
        al = self.t.alignment
        if al is None:
            return None
        cut = self.s.freq_cutoffs
        B = len(cut)
        r, m = self.src_R.sum(0), self.src_M.sum(0)
        rs = sample[:, :B]
        ms = sample[:, B:].reshape(-1, self.S, B)
        with np.errstate(divide="ignore", invalid="ignore"):
            rec_s = np.where(ms > 0, ms / np.where(rs > 0, rs, 1)[:, None, :], 0.0)
        buckets = []
        for b, label in enumerate(cut.labels()):
            systems = []
            for s in range(self.S):
                rec, _, _ = prf(int(m[s, b]), int(r[b]), int(r[b]))
                iv = _core.interval(rec_s[:, s, b], self.s.seed)
                systems.append(
                    {"matches": int(m[s, b]), "recall": rec, "recall_lower": iv.lower, "recall_upper": iv.upper}
                )
            tests = []
            for j in range(1, self.S):
                obs = systems[j]["recall"] - systems[0]["recall"]
                p = self._p(rec_s[:, j, b] - rec_s[:, 0, b], obs)
                tests.append(self._test(j, systems[0]["recall"], systems[j]["recall"], p))
            buckets.append({"label": label, "source_words": int(r[b]), "systems": systems, "tests": tests})
        train = al.train_counts is not None
        return {
            "frequency_from": f"training file {al.train_path}" if train else "the source",
            "alignment": al.path,
            "source_tokenize": al.tokenize,
            "cutoffs": [float(c) for c in cut.cuts],
            "signature": f"srcacc|{self.word_signature}|src-tok:{al.tokenize}|freq:{'train' if train else 'src'}",
            "buckets": buckets,
        }

    def ngrams(self) -> dict[str, Any]:
        """Characteristic n-grams of each system against the first (compare-mt's ``match`` comparison)."""
        nm = self.ngram_matches
        k = self.s.ngram_count
        pairs = []
        for j in range(1, self.S):
            best, worst = nm.salient(0, j, self.s.ngram_alpha, k)

            def entry(row: tuple[str, float, int, int]) -> dict[str, Any]:
                return {"ngram": row[0], "ratio": row[1], "left": row[2], "right": row[3]}

            pairs.append(
                {
                    "left": 0,
                    "right": j,
                    "left_better": [entry(r) for r in best],
                    "right_better": [entry(r) for r in worst],
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
        """The segments where each system and the first differ most by the bucket metric's sentence score.

        Segments whose two outputs and first reference have the same words as an earlier one are
        skipped (by their 16-byte keys); only the chosen segments are tokenised again, for display.
        """
        k = self.s.n_examples
        chosen: set[int] = set()
        pairs = []
        keys: list[list[bytes]] = [k.tolist() for k in self.keys]  # (tolist strips trailing zero bytes: still 1:1)
        for j in range(1, self.S):
            seen: set[tuple[bytes, bytes, bytes]] = set()
            diffs = []
            for i in range(self.n):
                key = (keys[0][i], keys[j][i], keys[self.S][i])
                if key in seen:
                    continue
                seen.add(key)
                diffs.append((float(seg_scores[j][i] - seg_scores[0][i]), i))
            diffs.sort()
            better = [i for d, i in reversed(diffs[-k:]) if d > 0] if k else []
            worse = [i for d, i in diffs[:k] if d < 0]
            chosen.update(better + worse)
            pairs.append(
                {"left": 0, "right": j, "right_better": [i + 1 for i in better], "left_better": [i + 1 for i in worse]}
            )
        segments = {}
        for i in sorted(chosen):
            ref = self.words(self.t.refs[0][i])
            outs = [self.words(system[i]) for system in self.t.systems]
            segments[str(i + 1)] = {
                "source": None if self.t.source is None else self.t.source[i],
                "references": [r[i] for r in self.t.refs],
                "outputs": [
                    {
                        "text": self.t.systems[s][i],
                        "tokens": outs[s],
                        "marks": match_marks(outs[s], ref, self.s.ngram_max),
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
        """The whole report: statistics once, one streaming pass over the words, one bootstrap draw of
        the whole corpus for every metric, system, word bucket and bucket count, then, bucketing by
        bucketing, one per bucket size."""
        self.statistics()
        seg = self.sentence_scores()
        self.read_segments()
        kinds = self.bucket_kinds(seg)
        blocks = [self._word_columns()]
        if self.t.labels is not None:
            blocks.append(self._columns(self.label_R, self.label_OUT, self.label_M))
        if self.t.alignment is not None:
            blocks.append(self._columns(self.src_R, self.src_M))
        widths = [block.shape[1] for block in blocks]
        extra = _float_columns(blocks + [self._onehots(idx, len(cut)) for _, _, cut, idx, per in kinds if per])
        del blocks
        items = [(sc.metric, st) for sc, stats in zip(self.scorers, self.stats, strict=True) for st in stats]
        flat, sums = self._boot(items, extra)
        del extra
        assert sums is not None
        self.full_boots = [flat[m * self.S : (m + 1) * self.S] for m in range(len(self.scorers))]
        samples = []
        start = 0
        for width in widths:
            samples.append(sums[:, start : start + width])
            start += width
        word_sample = samples[0]
        label_sample = samples[1] if self.t.labels is not None else None
        source_sample = samples[-1] if self.t.alignment is not None else None
        buckets = []
        for kind, title, cut, idx, per_system in kinds:
            # one bucketing at a time: its segments' statistics are copies, held for its section only
            kind_subs = self._bucket_subs(idx, len(cut))
            boots_iter = iter(self._boot(self._bucket_items(kind_subs))[0])
            count_sample = None
            if per_system:
                count_sample = sums[:, start : start + self.S * len(cut)]
                start += self.S * len(cut)
            buckets.append(self._bucket_kind(kind, title, cut, idx, per_system, count_sample, kind_subs, boots_iter))
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
            "scores": self.scores(),
            "sentence_buckets": buckets,
            "word_accuracy": self.word_accuracy(word_sample),
            "label_accuracy": None if label_sample is None else self.label_accuracy(label_sample),
            "source_word_accuracy": None if source_sample is None else self.source_accuracy(source_sample),
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
