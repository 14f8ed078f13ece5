"""The array n-gram count gives sacrebleu's BLEU and chrF statistics and scores, bit for bit.

Oracle: sacrebleu itself (``BLEU``/``CHRF._extract_corpus_statistics``, ``corpus_score``,
``sentence_score``), run here on the same inputs, and the Python kernel (``MTMETRICS_KERNEL=python``,
which is sacrebleu's own code). Equality is ``==`` on every statistic and every score: the
statistics are integers and the scores are computed from them by sacrebleu's own functions.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest
import sacrebleu

import mtmetrics
from mtmetrics.resources import kernels, ngrams
from mtmetrics_classic import ngram_kernel
from tests.datapaths import wmt21_corpus

Refs = Sequence[Sequence[str | None]]  # None: a missing reference (sacrebleu's typing omits it)


@pytest.fixture(params=["python", "numba"])
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Force sacrebleu's Python count or the array one (``MTMETRICS_KERNEL=numba`` selects it too)."""
    with kernels.forced(request.param):
        assert ngram_kernel.kernel() == ("python" if request.param == "python" else "numpy")
        yield request.param


def sacre(name: str, options: dict[str, Any]) -> Any:
    if name == "chrf":
        return sacrebleu.CHRF(**options)
    return sacrebleu.BLEU(force=True, **options)


def assert_identical(name: str, hyps: list[str], refs: Refs, **options: Any) -> None:
    """Per-segment statistics, the corpus score and every segment score equal sacrebleu's."""
    ours = mtmetrics.load_metric(name, **options)
    theirs = sacre(name, options)
    sacre_refs: Any = refs
    got = ours.statistics(hyps, refs).array
    expected = np.array(theirs._extract_corpus_statistics(hyps, sacre_refs), dtype=np.float64)
    assert got.shape == expected.shape
    diff = np.flatnonzero((got != expected).any(axis=1))
    assert diff.size == 0, f"{name} {options} segments {diff[:10]}: ours {got[diff[:2]]} sacrebleu {expected[diff[:2]]}"
    assert ours.corpus_score(hyps, refs).score == theirs.corpus_score(hyps, sacre_refs).score
    for i, seg in enumerate(ours.segment_scores(hyps, refs)):
        one = [r[i] for r in refs if r[i] is not None]
        assert seg.score == theirs.sentence_score(hyps[i], one).score, (name, options, i)


def test_array_kernel_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kernels.ENV, raising=False)
    with kernels.forced("auto"):
        assert ngram_kernel.kernel() == "numpy"
    with kernels.forced("python"):
        assert ngram_kernel.kernel() == "python"


def _grams(seq: list[int], n: int) -> Counter[tuple[int, ...]]:
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def test_kernel_equals_counters_on_random_symbol_sequences() -> None:
    """The raw count (and NIST's clipped n-grams) against Counters: tiny alphabets (long repeated
    windows), symbols up to 2^21 (keys of several int64 columns), empty sequences, segments without
    references, orders past every length."""
    rng = random.Random(35)
    for _ in range(400):
        order = rng.randint(1, 12)
        seqs: list[list[int]] = []
        seg_off = [0]
        for _ in range(rng.randint(1, 5)):
            pool = [rng.randint(0, rng.choice((6, 1 << 21))) for _ in range(rng.randint(1, 9))]
            for _ in range(rng.randint(1, 5)):  # the hypothesis and 0-4 references
                seqs.append([rng.choice(pool) for _ in range(rng.choice((0, 1, 3, 20, 60)))])
            seg_off.append(len(seqs))
        sym = np.array([x for s in seqs for x in s], dtype=np.int64)
        off = np.cumsum([0] + [len(s) for s in seqs], dtype=np.int64)
        got = ngrams.ngram_matches(sym, off, np.array(seg_off, dtype=np.int64), order)
        seg, orders, starts, counts = ngrams.clipped_ngrams(sym, off, np.array(seg_off, dtype=np.int64), order)
        assert (np.diff(seg * (order + 1) + orders) >= 0).all()  # by segment, then order
        clipped: Counter[tuple[int, tuple[int, ...]]] = Counter()
        for i, n, start, c in zip(seg.tolist(), orders.tolist(), starts.tolist(), counts.tolist(), strict=True):
            assert off[seg_off[i]] <= start <= off[seg_off[i] + 1] - n  # in the segment's hypothesis
            clipped[i, tuple(sym[start : start + n].tolist())] += c
        for i, (a, b) in enumerate(itertools.pairwise(seg_off)):
            for n in range(1, order + 1):
                hyp = _grams(seqs[a], n)
                most: Counter[tuple[int, ...]] = Counter()
                for k in range(a + 1, b):
                    ref = _grams(seqs[k], n)
                    most |= ref
                    assert got[k, n - 1] == sum(min(c, ref[g]) for g, c in hyp.items())
                assert got[a, n - 1] == sum(min(c, most[g]) for g, c in hyp.items())
                for g, c in hyp.items():
                    assert clipped.pop((i, g), 0) == min(c, most[g])
        assert not clipped


# characters of many scripts, combining marks, astral planes, a lone surrogate, and many kinds of whitespace
ALPHABETS = [
    "abcab",
    "The cat sat on the mat, the end.",
    "Größe straße ÄÖÜ İı ß",
    "Привет мир, как дела?",
    "日本語の文章です。中文句子。",
    "한국어 문장입니다",
    "مرحبا بالعالم",
    "שלום עולם",
    "नमस्ते दुनिया",
    "สวัสดีชาวโลก",
    "e\u0301 a\u0308 \U0001f600\U0001f44d\U00010348 \ud800",
    "(hi) 'x' \"y\" a-b ... !?",
]
SPACES = [" ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2003", "\n"]


def _line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.08:
        return ""
    if kind < 0.14:
        return "".join(rng.choice(SPACES) for _ in range(rng.randint(1, 4)))
    alphabet = rng.choice(ALPHABETS)
    words = []
    for _ in range(rng.randint(1, 14)):
        word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6))).strip()
        words.append(word or "x")
    out = ""
    for word in words:
        out += word + rng.choice(SPACES)
    return out if rng.random() < 0.5 else out.rstrip()


def _random_corpus(rng: random.Random) -> tuple[list[str], list[list[str | None]]]:
    """1-4 reference streams, some references missing (None) but never all of one segment."""
    n = rng.randint(1, 12)
    nrefs = rng.randint(1, 4)
    hyps = [_line(rng) for _ in range(n)]
    refs: list[list[str | None]] = [[_line(rng) for _ in range(n)] for _ in range(nrefs)]
    for i in range(n):
        for k in range(1, nrefs):
            if rng.random() < 0.2:
                refs[k][i] = None
        if rng.random() < 0.3:  # a reference that copies (part of) the hypothesis: many matches
            refs[rng.randrange(nrefs)][i] = hyps[i][: rng.randint(0, len(hyps[i]))] + _line(rng)
    return hyps, refs


def test_chrf_random_parameters_and_text_equal_sacrebleu(kernel: str) -> None:
    rng = random.Random(2035)
    for _ in range(60):
        options = {
            "char_order": rng.choice((0, 1, 2, 6, 6, 9)),
            "word_order": rng.choice((0, 0, 1, 2, 3)),
            "beta": rng.choice((0, 1, 2, 3)),
            "lowercase": rng.random() < 0.3,
            "whitespace": rng.random() < 0.3,
            "eps_smoothing": rng.random() < 0.3,
        }
        if options["char_order"] + options["word_order"] == 0:
            options["char_order"] = 3
        hyps, refs = _random_corpus(rng)
        assert_identical("chrf", hyps, refs, **options)


def test_bleu_random_parameters_and_text_equal_sacrebleu(kernel: str) -> None:
    rng = random.Random(3035)
    tokenizers = ("13a", "none", "intl", "char", "zh")
    for _ in range(60):
        method = rng.choice(("exp", "none", "floor", "add-k"))
        options = {
            "tokenize": rng.choice(tokenizers),
            "smooth_method": method,
            "smooth_value": rng.choice((None, 0.5)) if method in ("floor", "add-k") else None,
            "max_ngram_order": rng.choice((1, 2, 4, 4, 6)),
            "effective_order": rng.random() < 0.4,
            "lowercase": rng.random() < 0.3,
        }
        hyps, refs = _random_corpus(rng)
        assert_identical("bleu", hyps, refs, **options)


# (pair, system, references, segments): to and out of English, Chinese and Japanese targets, 1-3 refs
REAL = [
    ("de-en", "Online-A", "AB", 400),
    ("zh-en", "Online-A", "A", 200),
    ("en-de", "Online-W", "ACD", 200),
    ("en-zh", "Online-B", "AB", 200),
    ("en-ja", "Online-B", "A", 200),
    ("en-cs", "Online-B", "AB", 200),
]


@pytest.mark.parametrize(("pair", "system", "labels", "n"), REAL)
def test_wmt21_equals_sacrebleu(pair: str, system: str, labels: str, n: int) -> None:
    kernels.reset()
    assert ngram_kernel.kernel() == "numpy"
    hyps, refs = wmt21_corpus(pair, system, labels, n)
    tgt = pair.split("-")[1]
    tokenize = {"zh": "zh", "ja": "char"}.get(tgt, "13a")
    assert_identical("bleu", hyps, refs, tokenize=tokenize)
    assert_identical("bleu", hyps, refs, tokenize="none", effective_order=True)
    assert_identical("chrf", hyps, refs)
    assert_identical("chrf", hyps, refs, word_order=2, eps_smoothing=True)


def test_kernels_give_identical_statistics() -> None:
    """The array kernel and the Python one (sacrebleu's code) on the same 3-reference text."""
    hyps, refs = wmt21_corpus("en-de", "Online-W", "ACD", 300)
    cases: list[tuple[str, dict[str, Any]]] = [("bleu", {}), ("bleus", {}), ("chrf", {}), ("chrf", {"word_order": 2})]
    for name, options in cases:
        rows = {}
        for which in ("python", "numba"):
            with kernels.forced(which):
                rows[which] = mtmetrics.load_metric(name, **options).statistics(hyps, refs).array
        assert np.array_equal(rows["python"], rows["numba"]), (name, options)


def test_f_scores_equal_sacrebleu_compute_f_score() -> None:
    """The vectorised F-score choosing among references is CHRF._compute_f_score, bit for bit."""
    rng = np.random.default_rng(35)
    for beta in (0, 1, 2, 3):
        for eps in (False, True):
            for order in (1, 3, 8):
                stats = rng.integers(0, 6, size=(300, 3 * order))
                stats[:, 2::3] = np.minimum(stats[:, 2::3], np.minimum(stats[:, 0::3], stats[:, 1::3]))
                chrf = sacrebleu.CHRF(char_order=order, beta=beta, eps_smoothing=eps)
                expected = [chrf._compute_f_score(row) for row in stats.tolist()]
                assert ngram_kernel.f_scores(stats, beta, eps).tolist() == expected


def test_symbols_ranked_in_the_batch_or_in_their_segment() -> None:
    """Both rankings of ``ngrams._ranks``: in the batch when ``budget`` bits hold them, else in each
    segment (what keeps a batch's key in one column); equal symbols of a segment, equal ranks."""
    rng = np.random.default_rng(35)
    seg_of = np.sort(rng.integers(0, 40, 3000)).astype(np.int32)
    sym = rng.integers(0, 1 << 20, 3000)
    sym[::3] = sym[1::3]  # repeats, within and across segments
    distinct = np.unique(sym)
    batch = ngrams._ranks(sym, seg_of, np.int32, 64)
    assert batch.tolist() == (np.searchsorted(distinct, sym) + 1).tolist()
    local = ngrams._ranks(sym, seg_of, np.int32, 0)
    for seg in range(40):
        mine = seg_of == seg
        assert local[mine].tolist() == (np.searchsorted(np.unique(sym[mine]), sym[mine]) + 1).tolist()


def test_segment_ranks_count_like_counters() -> None:
    """A batch whose ranks overflow one key column in the batch but not in each segment (many
    segments, each a few words of a large vocabulary): the counts against Counters."""
    rng = random.Random(36)
    seqs: list[list[int]] = []
    seg_off = [0]
    for _ in range(300):
        pool = [rng.randrange(1 << 30) for _ in range(6)]
        for _ in range(rng.randint(2, 3)):
            seqs.append([rng.choice(pool) for _ in range(rng.randint(0, 12))])
        seg_off.append(len(seqs))
    sym = np.array([x for s in seqs for x in s], dtype=np.int64)
    off = np.cumsum([0] + [len(s) for s in seqs], dtype=np.int64)
    segs = np.array(seg_off, dtype=np.int64)
    columns, _ = ngrams._keys(sym, off, segs, 4)
    assert len(columns) == 1  # batch ranks would need 4 x 11 bits of symbols besides the segment's 9
    got = ngrams.ngram_matches(sym, off, segs, 4)
    for a, b in itertools.pairwise(seg_off):
        for n in range(1, 5):
            hyp = _grams(seqs[a], n)
            most: Counter[tuple[int, ...]] = Counter()
            for k in range(a + 1, b):
                ref = _grams(seqs[k], n)
                most |= ref
                assert got[k, n - 1] == sum(min(c, ref[g]) for g, c in hyp.items())
            assert got[a, n - 1] == sum(min(c, most[g]) for g, c in hyp.items())


def test_split_ids_equal_per_text_split() -> None:
    """One split of the joined texts numbers words as splitting each text does; a text holding the
    sentinel as a word takes the per-text way, and BLEU stays sacrebleu's on it."""
    rng = random.Random(37)
    for sentinel in (ngram_kernel.SENTINEL, "a"):
        held = 0  # texts holding the sentinel as a word
        for _ in range(50):
            texts = [_line(rng) for _ in range(rng.randint(1, 30))]
            held += sum(sentinel in t.split() for t in texts)
            ids, lengths = ngram_kernel.split_ids(texts, sentinel)
            expected_ids, expected_lengths = ngram_kernel.word_ids([t.split() for t in texts])
            assert lengths.tolist() == expected_lengths.tolist()
            same = np.unique(ids, return_inverse=True)[1], np.unique(expected_ids, return_inverse=True)[1]
            assert np.array_equal(*same)  # equal words, equal ids
        assert (held > 0) == (sentinel == "a")
    with kernels.forced("auto"):
        assert_identical("bleu", ["a \x00 b c", "\x00", ""], [["a \x00 b c", "x \x00", "\x00"]], tokenize="none")
        assert_identical("bleu", ["a \x00 b, c.", "\x00"], [["\x00 a b , c", "\x00 \x00"]])


def test_sparse_symbols_are_ranked_by_a_sort() -> None:
    """Symbols far larger than the input (hashed ids up to 2^62) get the ranks of their order, as
    dense ones do, without a table as large as the largest symbol; both ways on the same order."""
    rng = np.random.default_rng(38)
    seg_of = np.sort(rng.integers(0, 40, 3000)).astype(np.int32)
    dense = rng.integers(0, 500, 3000)
    sparse = dense * (1 << 52) + 7  # the same order, symbols up to 2^61
    assert int(sparse.max()) > ngrams.SPARSE_ABOVE + 4 * sparse.size > int(dense.max())
    for budget in (64, 0):  # in the batch, in each segment
        assert (
            ngrams._ranks(sparse, seg_of, np.int32, budget).tolist()
            == ngrams._ranks(dense, seg_of, np.int32, budget).tolist()
        )
    assert (
        ngrams._ranks(dense, seg_of, np.int32, 64).tolist() == (np.searchsorted(np.unique(dense), dense) + 1).tolist()
    )
