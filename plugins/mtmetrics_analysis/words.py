"""Word-level analyses on token lists, with compare-mt 0.2.10's definitions.

* :class:`Cutoffs`: compare-mt's buckets of a number (``<1``, ``1``, ``[5,10)``, ``>=1000``).
* :func:`word_counts`: per segment, the reference words, output words and matched output words of
  each frequency bucket (compare-mt's ``FreqWordBucketer.calc_statistics``). compare-mt matches
  the k-th occurrence of a word in the output with its k-th occurrence in the reference, so the
  matched occurrences of a word are ``min(count in output, count in reference)``, all in the
  word's one bucket: counting is enough, no positions.
* :func:`prf`: recall, precision and F-measure of the summed counts (compare-mt's formulas, in
  its order of operations, so the floats are its floats).
* :class:`NgramMatches`: matched n-grams per system (``ngram_utils.compare_ngrams``, clipped
  counts) and compare-mt's smoothed ratio ``(a + α) / (a + b + 2α)`` (``extract_salient_features``).
* :func:`match_marks`: for display, the longest matched n-gram covering each output token.
* :func:`label_counts`, :func:`source_counts`: word accuracy by label and source-word accuracy,
  which need positions (a matched output word takes the label of the reference word it matched;
  a source word is matched when every reference word aligned to it is): :func:`ref_matched`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

Row = tuple[str, float, int, int]


@dataclass(frozen=True)
class Cutoffs:
    """Bucket boundaries: bucket 0 holds values ``< cuts[0]``, the last ``>= cuts[-1]`` (compare-mt)."""

    cuts: tuple[float, ...]
    integer: bool = True

    def labels(self) -> list[str]:
        """compare-mt's bucket names (``Bucketer.set_bucket_cutoffs``)."""
        num = _num if self.integer else (lambda x: repr(float(x)))
        out = []
        for i, x in enumerate(self.cuts):
            if i == 0:
                out.append(f"<{num(x)}")
            elif self.integer and x - 1 == self.cuts[i - 1]:
                out.append(f"{num(x - 1)}")
            else:
                out.append(f"[{num(self.cuts[i - 1])},{num(x)})")
        out.append(f">={num(self.cuts[-1])}")
        return out

    def __len__(self) -> int:
        return len(self.cuts) + 1

    def index(self, values: np.ndarray) -> np.ndarray:
        """Bucket of each value (``cutoff_into_bucket``: the first cut the value is below)."""
        return np.searchsorted(np.asarray(self.cuts, dtype=np.float64), values, side="right")

    def one(self, value: float) -> int:
        """Bucket of one value."""
        for i, cut in enumerate(self.cuts):
            if value < cut:
                return i
        return len(self.cuts)

    def text(self) -> str:
        """The cut-offs as given on the command line (``1:2:3``)."""
        return ":".join(_num(c) for c in self.cuts)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() and abs(x) < 2**53 else repr(float(x))


def word_counts(rows: np.ndarray, ids: np.ndarray, n_rows: int, bucket_of: np.ndarray, n_buckets: int) -> np.ndarray:
    """``(n_rows, B)``: how many tokens of each row (a segment of one text) fall in each bucket.

    ``rows``, ``ids``: each token's row and word id; ``bucket_of``: each word id's bucket.
    """
    flat = np.bincount(rows * n_buckets + bucket_of[ids], minlength=n_rows * n_buckets)
    return flat.reshape(n_rows, n_buckets)


def clipped_matches(ref: tuple[np.ndarray, np.ndarray], out_keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct output keys (``segment * size + item``) and ``min(count in output, count in reference)``
    of each (0 where the reference lacks it): compare-mt's clipped matches of words and n-grams.
    ``ref``: the reference's distinct keys and their counts (``np.unique(..., return_counts=True)``,
    computed once for all systems)."""
    ref_u, ref_c = ref
    out_u, out_c = np.unique(out_keys, return_counts=True)
    at = np.minimum(np.searchsorted(ref_u, out_u), max(len(ref_u) - 1, 0))
    found = ref_u[at] == out_u if len(ref_u) else np.zeros(len(out_u), dtype=bool)
    return out_u, np.where(found, np.minimum(out_c, ref_c[at] if len(ref_u) else 0), 0)


def prf(match: float, ref: float, out: float) -> tuple[float, float, float]:
    """``(recall, precision, F)`` as compare-mt computes them (all 0 without a match)."""
    if match == 0:
        return 0.0, 0.0, 0.0
    rec = match / float(ref)
    prec = match / float(out)
    return rec, prec, 2 * prec * rec / (prec + rec)


def prf_rows(match: np.ndarray, ref: np.ndarray, out: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`prf` of many rows at once (resampled counts)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        rec = np.where(match > 0, match / np.where(ref > 0, ref, 1), 0.0)
        prec = np.where(match > 0, match / np.where(out > 0, out, 1), 0.0)
        f = np.where(match > 0, 2 * prec * rec / np.where(prec + rec > 0, prec + rec, 1), 0.0)
    return rec, prec, f


def ngrams(tokens: Sequence[str], low: int, high: int) -> Counter[str]:
    """Counts of the ``low``..``high``-grams of ``tokens``, each n-gram as its words joined by spaces."""
    out: Counter[str] = Counter()
    for n in range(low, high + 1):
        for i in range(len(tokens) - n + 1):
            out[" ".join(tokens[i : i + n])] += 1
    return out


class NgramMatches:
    """Each system's matched n-gram counts over the corpus (clipped by the reference, compare-mt's ``match``).

    Only n-grams some system matched are kept, each string once (a shared index), with one
    integer per system: memory grows with the distinct matched n-grams, not with the systems'
    n-gram occurrences. Segments are added a block at a time, counted on integer ids.
    """

    def __init__(self, n_systems: int, low: int, high: int) -> None:
        self.low, self.high = low, high
        self.index: dict[str, int] = {}
        self.counts = np.zeros((n_systems, 1024), dtype=np.int64)

    def add(self, words: Sequence[str], ids: np.ndarray, rows: np.ndarray, n_segments: int) -> None:
        """Count a block of segments: the tokens of the reference's segments, then each system's,
        one after another (``words``, their ids ``ids``), each token's row ``text * n_segments + segment``."""
        S = len(self.counts)
        L = len(ids)
        vocab = int(ids.max()) + 1 if L else 1
        gram = ids  # id of the n-gram starting at each position of ``start`` (order 1: the word's)
        start = np.arange(L)
        size = vocab
        for n in range(1, self.high + 1):
            if n > 1:
                full = np.full(L, -1, dtype=np.int64)
                full[start] = gram
                ok = start[start + n - 1 < L]
                ok = ok[rows[ok + n - 1] == rows[ok]]
                gram_keys = full[ok] * vocab + ids[ok + n - 1]
                _, gram = np.unique(gram_keys, return_inverse=True)
                gram = gram.ravel()
                start = ok
                size = int(gram.max()) + 1 if len(gram) else 1
            if n < self.low or not len(start):
                continue
            text, seg = np.divmod(rows[start], n_segments)
            keys = seg * size + gram
            ref = np.unique(keys[text == 0], return_counts=True)
            matched = np.zeros((S, size), dtype=np.int64)
            for s in range(S):
                out_keys, m = clipped_matches(ref, keys[text == s + 1])
                matched[s] = np.bincount(out_keys % size, weights=m, minlength=size).astype(np.int64)
            hit = np.flatnonzero(matched.any(axis=0))
            if not len(hit):
                continue
            at = np.empty(size, dtype=np.int64)  # a position of each n-gram (any one: they spell it alike)
            at[gram] = start
            strings = [" ".join(words[p : p + n]) for p in at[hit].tolist()]
            self._merge(strings, matched[:, hit])

    def _merge(self, strings: list[str], counts: np.ndarray) -> None:
        index = self.index
        at = np.fromiter((index.setdefault(g, len(index)) for g in strings), dtype=np.int64, count=len(strings))
        if len(index) > self.counts.shape[1]:
            grown = np.zeros((len(self.counts), 2 * len(index)), dtype=np.int64)
            grown[:, : self.counts.shape[1]] = self.counts
            self.counts = grown
        self.counts[:, at] += counts

    def salient(self, left: int, right: int, alpha: float, k: int) -> tuple[list[Row], list[Row]]:
        """The ``k`` n-grams with the highest and the ``k`` with the lowest smoothed ratio
        ``(a + α) / (a + b + 2α)`` among those either system matched, as ``(n-gram, ratio, a, b)``,
        ``a`` the left system's count (ties: more matches, then the n-gram).

        The ratio is computed for all n-grams at once; only the candidates that can be among the
        first ``k`` (the ``k``-th's ties included) are sorted with their strings."""
        n = len(self.index)
        a, b = self.counts[left, :n], self.counts[right, :n]
        sel = np.flatnonzero((a + b) > 0)
        a, b = a[sel], b[sel]
        ratio = (a + alpha) / (a + b + 2 * alpha)
        total = a + b
        strings = list(self.index)

        def first(primary: np.ndarray, key: Callable[[Row], tuple[float, int, str]]) -> list[Row]:
            if k <= 0 or not len(sel):
                return []
            order = np.lexsort((-total, primary))
            cand = order
            if k < len(order):
                kth = order[k - 1]
                cand = np.flatnonzero((primary < primary[kth]) | ((primary == primary[kth]) & (total >= total[kth])))
            rows = [(strings[sel[c]], float(ratio[c]), int(a[c]), int(b[c])) for c in cand.tolist()]
            rows.sort(key=key)
            return rows[:k]

        best = first(-ratio, lambda r: (-r[1], -(r[2] + r[3]), r[0]))
        worst = first(ratio, lambda r: (r[1], -(r[2] + r[3]), r[0]))
        return best, worst


def match_marks(out: Sequence[str], ref: Sequence[str], high: int = 4) -> list[int]:
    """For each output token, the order of the longest n-gram (``<= high``) containing it that
    occurs in the reference (0: the word itself is not in the reference)."""
    ref_sets = [set(ngrams(ref, n, n)) for n in range(1, high + 1)]
    marks = [0] * len(out)
    for n in range(1, high + 1):
        for i in range(len(out) - n + 1):
            if " ".join(out[i : i + n]) in ref_sets[n - 1]:
                for k in range(i, i + n):
                    marks[k] = n
    return marks


def frequencies(corpus: Iterable[Sequence[str]]) -> Counter[str]:
    """Word counts of a tokenised corpus."""
    counts: Counter[str] = Counter()
    for words in corpus:
        counts.update(words)
    return counts


def ref_matched(ref: Sequence[str], out: Sequence[str]) -> list[bool]:
    """For each reference position, whether an output word is matched to it.

    compare-mt (``WordBucketer._calc_trg_matches``) matches the k-th occurrence of a word in the
    output with its k-th occurrence in the reference: the first ``min(count in output, count in
    reference)`` occurrences of a word in the reference are the matched ones.
    """
    in_out = Counter(out)
    seen: Counter[str] = Counter()
    flags = []
    for w in ref:
        flags.append(seen[w] < in_out.get(w, 0))
        seen[w] += 1
    return flags


def label_counts(
    ref: Sequence[str],
    ref_buckets: Sequence[int],
    outs: Sequence[Sequence[str]],
    out_buckets: Sequence[Sequence[int]],
    n_buckets: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(ref_total[B], out_total[S, B], out_match[S, B])`` of one segment, words bucketed by label.

    compare-mt's ``_calc_trg_buckets_and_matches`` with labels: a reference word counts in its
    label's bucket; an output word matched to the k-th occurrence of its word in the reference
    counts (and matches) in *that reference word's* bucket, an unmatched one in its own label's.
    """
    ref_total = np.bincount(np.asarray(ref_buckets, dtype=np.int64), minlength=n_buckets)
    positions: dict[str, list[int]] = {}
    for i, w in enumerate(ref):
        positions.setdefault(w, []).append(i)
    out_total = np.zeros((len(outs), n_buckets), dtype=np.int64)
    out_match = np.zeros((len(outs), n_buckets), dtype=np.int64)
    for s, (out, buckets) in enumerate(zip(outs, out_buckets, strict=True)):
        seen: Counter[str] = Counter()
        for w, b in zip(out, buckets, strict=True):
            where = positions.get(w)
            k = seen[w]
            seen[w] += 1
            if where is not None and k < len(where):
                rb = ref_buckets[where[k]]
                out_total[s, rb] += 1
                out_match[s, rb] += 1
            else:
                out_total[s, b] += 1
    return ref_total, out_total, out_match


def source_counts(
    src_buckets: Sequence[int],
    links: Iterable[tuple[int, int]],
    ref: Sequence[str],
    outs: Sequence[Sequence[str]],
    n_buckets: int,
) -> tuple[np.ndarray, np.ndarray]:
    """``(src_total[B], out_match[S, B])`` of one segment: compare-mt's ``_calc_src_buckets_and_matches``.

    Every source word counts once in its bucket; it is matched by a system when it is aligned
    (``links``: ``(source, reference)`` positions) to at least one reference word and every
    reference word aligned to it is matched (:func:`ref_matched`).
    """
    src_total = np.bincount(np.asarray(src_buckets, dtype=np.int64), minlength=n_buckets)
    aligned: list[list[int]] = [[] for _ in src_buckets]
    for i, j in links:
        aligned[i].append(j)
    out_match = np.zeros((len(outs), n_buckets), dtype=np.int64)
    for s, out in enumerate(outs):
        matched = ref_matched(ref, out)
        for b, targets in zip(src_buckets, aligned, strict=True):
            if targets and all(matched[j] for j in targets):
                out_match[s, b] += 1
    return src_total, out_match
