"""The compiled TER search and the Python one give sacrebleu's TER statistics exactly.

Oracle: sacrebleu itself (``sacrebleu.TER`` and ``lib_ter.translation_edit_rate``), run here on
the same inputs. Equality is ``==`` on every segment's ``num_edits`` and ``ref_length`` and on the
corpus score, never approximate: sacrebleu's shift search is greedy, so a single different
tie-break would change a number.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any
from unittest import mock

import numpy as np
import pytest
import sacrebleu
from sacrebleu.metrics import ter as sacrebleu_ter
from sacrebleu.metrics.lib_ter import translation_edit_rate

import mtmetrics
from mtmetrics import Segment
from mtmetrics.resources import kernels
from mtmetrics_classic import _ter_numba, ter_kernel
from tests.datapaths import ROOT, wmt21_corpus

OPTIONS = ("case_sensitive", "normalized", "no_punct", "asian_support")


@pytest.fixture(params=["python", "numba"])
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Force sacrebleu's Python search or the compiled one (numba is a test dependency) by MTMETRICS_KERNEL."""
    with kernels.forced(request.param):
        assert ter_kernel.kernel() == request.param
        yield request.param


Refs = Sequence[Sequence[str | None]]  # None: a missing reference (sacrebleu's typing omits it)


_SEARCHED: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[int, int]] = {}


def _search_once(words_hyp: list[str], words_ref: list[str]) -> tuple[int, int]:
    """sacrebleu's own search (a pure function) on one tokenized pair, run once per distinct pair:
    options that tokenize a segment alike (asian_support on German text, case on Japanese) meet it again."""
    key = (tuple(words_hyp), tuple(words_ref))
    if key not in _SEARCHED:
        _SEARCHED[key] = translation_edit_rate(words_hyp, words_ref)
    return _SEARCHED[key]


@cache
def _sacrebleu(
    hyps: tuple[str, ...], refs: tuple[tuple[str | None, ...], ...], options: frozenset[tuple[str, Any]]
) -> tuple[np.ndarray, float]:
    """sacrebleu's per-segment (num_edits, ref_length) and corpus score, computed once per input.

    The corpus score is ``sacrebleu.TER.corpus_score`` step by step (check the arguments, extract
    the statistics, aggregate them), so its slow Python search runs once, not twice; the cache
    shares it between the two kernels' runs of a test, which compare against the same oracle, and
    :func:`_search_once` between option sets that give a segment the same words.
    """
    metric = sacrebleu.TER(**dict(options))
    sacre_hyps: Any = list(hyps)
    sacre_refs: Any = [list(r) for r in refs]
    metric._check_corpus_score_args(sacre_hyps, sacre_refs)
    with mock.patch.object(sacrebleu_ter, "translation_edit_rate", _search_once):
        stats = metric._extract_corpus_statistics(sacre_hyps, sacre_refs)
    rows = np.array(stats, dtype=np.float64)
    rows.flags.writeable = False  # shared between tests
    return rows, metric._aggregate_and_compute(stats).score


def ours_and_sacrebleu(hyps: list[str], refs: Refs, **options: Any) -> tuple[np.ndarray, np.ndarray]:
    """Per-segment (num_edits, ref_length) from mtmetrics' TER and from sacrebleu's."""
    ours = mtmetrics.load_metric("ter", **options).statistics(hyps, refs).array
    theirs, _ = _sacrebleu(tuple(hyps), tuple(map(tuple, refs)), frozenset(options.items()))
    return ours, theirs


def assert_identical(hyps: list[str], refs: Refs, **options: Any) -> None:
    ours, theirs = ours_and_sacrebleu(hyps, refs, **options)
    assert ours.shape == theirs.shape
    diff = np.flatnonzero((ours != theirs).any(axis=1))
    assert diff.size == 0, f"segments {diff[:10] + 1}: ours {ours[diff[:3]]} sacrebleu {theirs[diff[:3]]}"
    score = mtmetrics.load_metric("ter", **options).corpus_score(hyps, refs).score
    _, expected = _sacrebleu(tuple(hyps), tuple(map(tuple, refs)), frozenset(options.items()))
    lengths = theirs[:, 1].tolist()
    if sum(lengths) == math.fsum(lengths):
        assert score == expected
    else:  # 3 references: sacrebleu adds thirds left to right, mtmetrics rounds the sum once
        assert score == pytest.approx(expected, rel=1e-13, abs=0)
        assert score == 100 * math.fsum(theirs[:, 0].tolist()) / math.fsum(lengths)


def test_numba_kernel_is_used_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    import numba  # noqa: F401  (a test dependency: the compiled search must be tested)

    monkeypatch.delenv(kernels.ENV, raising=False)
    with kernels.forced("auto"):
        assert ter_kernel.kernel() == "numba"
    with kernels.forced("python"):
        assert ter_kernel.kernel() == "python"


def _random_pairs() -> Iterator[tuple[list[str], list[str]]]:
    """Word sequences that stress every branch: heavy ties, the candidate budget, uneven beams.

    Sizes are kept small where sacrebleu's Python search (the oracle) is slow.
    """
    rng = random.Random(19)
    kinds = [0] * 250 + [1] * 250 + [2] * 250 + [3] * 15 + [4] * 250
    for kind in kinds:
        if kind == 0:  # tiny vocabulary: many equal blocks, ties everywhere, the 1,000 budget
            vocab, n, m = rng.randint(1, 3), rng.randint(0, 25), rng.randint(0, 25)
        elif kind == 1:  # reference much longer (length ratio around and above 50: wider beam)
            vocab, n, m = rng.randint(2, 8), rng.randint(1, 4), rng.randint(45, 230)
        elif kind == 2:  # hypothesis much longer
            vocab, n, m = rng.randint(2, 8), rng.randint(40, 120), rng.randint(1, 6)
        elif kind == 3:  # long enough for the beam to cut the matrix
            vocab, n, m = rng.randint(20, 60), rng.randint(30, 50), rng.randint(30, 50)
        else:  # a permuted reference: shifts pay off
            vocab, m = rng.randint(5, 40), rng.randint(1, 30)
            n = m
        ref = [f"w{rng.randint(0, vocab)}" for _ in range(m)]
        if kind == 4:
            hyp = list(ref)
            for _ in range(rng.randint(1, 4)):
                a, b = sorted(rng.sample(range(n + 1), 2)) if n > 1 else (0, n)
                t = rng.randint(0, n - (b - a))
                block, rest = hyp[a:b], hyp[:a] + hyp[b:]
                hyp = rest[:t] + block + rest[t:]
            if n and rng.random() < 0.5:
                hyp[rng.randrange(n)] = "other"
        else:
            hyp = [f"w{rng.randint(0, vocab)}" for _ in range(n)]
        yield hyp, ref


def test_kernel_equals_sacrebleu_on_random_word_sequences() -> None:
    mismatches = []
    for hyp, ref in _random_pairs():
        vocab: dict[str, int] = {}
        h = np.array([vocab.setdefault(w, len(vocab)) for w in hyp], dtype=np.int64)
        r = np.array([vocab.setdefault(w, len(vocab)) for w in ref], dtype=np.int64)
        expected, _ = translation_edit_rate(hyp, ref)
        got = _ter_numba.ter_pair(h, r)
        if got != expected:
            mismatches.append((hyp, ref, expected, got))
    assert not mismatches, mismatches[:3]


# (pair, system, references, segments): to English and out of English, Chinese and Japanese
# targets (one "word" per sentence unless asian_support splits it) and long zh-en segments
REAL = [
    ("de-en", "Online-A", "AB", 1000),
    ("zh-en", "Online-A", "A", 150),
    ("ja-en", "Online-W", "A", 250),
    ("ru-en", "Facebook-AI", "AB", 250),
    ("en-de", "Online-W", "ACD", 150),
    ("en-zh", "Online-B", "AB", 500),
    ("en-ja", "Online-B", "A", 500),
    ("en-cs", "Online-B", "AB", 200),
]


@pytest.mark.slow
@pytest.mark.parametrize(("pair", "system", "labels", "n"), REAL)
def test_compiled_search_equals_sacrebleu_on_wmt21(pair: str, system: str, labels: str, n: int) -> None:
    kernels.reset()
    assert ter_kernel.kernel() == "numba"
    hyps, refs = wmt21_corpus(pair, system, labels, n)
    assert_identical(hyps, refs)


def all_options() -> Iterator[dict[str, bool]]:
    """The 16 combinations of TER's options."""
    for values in itertools.product([False, True], repeat=len(OPTIONS)):
        yield dict(zip(OPTIONS, values, strict=True))


def test_every_option_combination_equals_sacrebleu(kernel: str) -> None:
    hyps, refs = wmt21_corpus("de-en", "UEdin", "AB", 40)
    for options in all_options():
        assert_identical(hyps, refs, **options)


@pytest.mark.slow
@pytest.mark.parametrize(("pair", "n"), [("en-zh", 20), ("en-ja", 10)])
def test_every_option_combination_equals_sacrebleu_on_asian_targets(pair: str, n: int) -> None:
    """Chinese and Japanese targets: asian_support with normalized splits them into characters."""
    kernels.reset()
    assert ter_kernel.kernel() == "numba"
    hyps, refs = wmt21_corpus(pair, "NiuTrans", "A", n)
    for options in all_options():
        assert_identical(hyps, refs, **options)


@cache
def _sacrebleu_sentence(hyp: str, ref: str) -> Any:
    """sacrebleu's normalized TER sentence score, computed once for both kernels' runs."""
    return sacrebleu.TER(normalized=True).sentence_score(hyp, [ref])


def test_segment_and_sentence_scores_equal_sacrebleu(kernel: str) -> None:
    hyps, refs = wmt21_corpus("ja-en", "Online-W", "A", 40)
    ours = mtmetrics.load_metric("ter", normalized=True)
    segs = ours.segment_scores(hyps, refs)
    for i in range(0, 40, 3):
        expected = _sacrebleu_sentence(hyps[i], refs[0][i])
        assert segs[i].score == expected.score
        got = ours.sentence_score(hyps[i], [refs[0][i]])
        assert got.score == expected.score
        assert got.sub_scores["num_edits"] == expected.num_edits
        assert got.sub_scores["ref_length"] == expected.ref_length


def test_empty_hypotheses_missing_and_emptied_references(kernel: str) -> None:
    hyps = ["The cat sat on the mat .", "", "a b c", "nothing to compare", "  trailing  ", "!"]
    refs = [
        ["the mat had a cat on it", "empty", "c b a", None, "trailing", "?"],
        [None, "it is", "( . )", "nothing , to compare", "  trailing.", ". ,"],
    ]
    for options in ({}, {"no_punct": True}, {"no_punct": True, "normalized": True}):
        assert_identical(hyps, refs, **options)  # no_punct empties "( . )" and ". ,"
    ter = mtmetrics.load_metric("ter", no_punct=True)
    assert ter.sentence_score("a b", ["."]).score == 100.0  # an emptied reference: sacrebleu's 1.0
    assert ter.sentence_score(",", ["."]).score == 0.0
    assert ter.sentence_score("same words", ["same words"]).score == 0.0


def test_segment_statistics_equal_corpus_rows(kernel: str) -> None:
    hyps, refs = wmt21_corpus("de-en", "UEdin", "AB", 30)
    ter = mtmetrics.load_metric("ter")
    rows = ter.statistics(hyps, refs).array
    for i in range(30):
        one = ter.metric.segment_statistics(Segment(hyps[i], (refs[0][i], refs[1][i])))
        assert np.array_equal(one, rows[i])


def test_a_150000_token_line_keeps_memory_bounded() -> None:
    """sacrebleu's Python search allocates full matrix rows (14 GB here); the kernel keeps the beam.

    A child process caps its address space at 1.5 GiB above what it uses after loading numba and
    the kernel, then scores one line of 150,000 real tokens (WMT21 de-en glued together).
    """
    code = textwrap.dedent(
        f"""
        import resource, sys
        sys.path.insert(0, {str(ROOT)!r})
        import mtmetrics
        from tests.datapaths import WMT21, read_text
        txt = WMT21 / "txt"
        hyp = " ".join(read_text(txt / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz") * 10)
        ref = " ".join(read_text(txt / "references" / "newstest2021.de-en.ref.A.en") * 10)
        hyp = " ".join(hyp.split()[:150000])
        ref = " ".join(ref.split()[:150000])
        ter = mtmetrics.load_metric("ter")
        ter.max_segment_tokens = None  # the guard refusing long lines by default is not tested here
        ter.sentence_score("warm up", ["warm up the kernel"])
        with open("/proc/self/status") as fh:
            vm = next(int(line.split()[1]) for line in fh if line.startswith("VmSize:")) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (vm + 1536 * 2**20, resource.RLIM_INFINITY))
        score = ter.sentence_score(hyp, [ref])
        print(score.score, score.sub_scores["num_edits"], score.sub_scores["ref_length"])
        """
    )
    env = {k: v for k, v in os.environ.items() if k != kernels.ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    score, edits, ref_length = (float(x) for x in done.stdout.split())
    assert ref_length == 150000
    assert 0 < edits <= 150000  # at most one edit per word when both sides have 150,000 words
    assert score == 100 * edits / ref_length
