"""The fast paths of ``mtmetrics analyze`` give the slow paths' numbers, and memory stays per segment.

* one bootstrap draw shared by every metric and system (``Analysis._boot``) equals the core's
  ``bootstrap_scores`` of each, bit for bit, for float statistics too;
* scoring each distinct resample row once (``score_rows``, for metrics without their own) equals
  scoring every row;
* a cell's point score (integer statistics summed by numpy) is ``score_statistics``'s, and its
  paired test, reusing the cells' scores and resamples, is ``paired_bootstrap``'s;
* the bucket metric's sentence scores reuse the ``-m`` metric's statistics only where its sentence
  defaults leave the statistics as they are (checked for every installed metric that has any);
* matched words and n-grams counted on ids a block at a time equal the per-segment definitions,
  and the top characteristic n-grams equal those of a full sort;
* the streaming pass keeps numbers per segment, not tokens: its memory per added segment is a few
  hundred bytes, far below what the token lists of the reference and two outputs would take.
  (Time and the 10^5-segment run are ``bench/analyze.py`` rows.)
"""

from __future__ import annotations

import tracemalloc
from collections import Counter

import numpy as np
import pytest

import mtmetrics
import mtmetrics_analysis.analysis as analysis_module
from mtmetrics.engine.significance import bootstrap_scores, paired_bootstrap
from mtmetrics.plugins import REGISTRY
from mtmetrics_analysis.analysis import Analysis, Settings, Texts, score_rows
from mtmetrics_analysis.words import ngrams
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


def _wmt(n_systems: int = 2) -> tuple[list[str], list[list[str]]]:
    ref = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))
    names = ("Facebook-AI", "Online-W", "HuaweiTSC")[:n_systems]
    outs = [read_text(require(TXT / "system-outputs" / f"newstest2021.de-en.hyp.{s}.en.gz")) for s in names]
    return ref, outs


def _analysis(ref: list[str], outs: list[list[str]], **settings: object) -> Analysis:
    texts = Texts([ref], ["ref"], outs, [f"s{k}" for k in range(len(outs))], [f"s{k}" for k in range(len(outs))])
    return Analysis(texts, Settings(**settings))  # type: ignore[arg-type]


def test_one_draw_for_all_metrics_equals_bootstrap_scores() -> None:
    ref, outs = _wmt()
    ref, outs = ref[:120], [o[:120] for o in outs]
    an = _analysis(ref, outs, metrics=["bleu", "chrf", "ter:case_sensitive=yes"], n_bootstrap=300, seed=7)
    an.statistics()
    items = [(sc.metric, st) for sc, stats in zip(an.scorers, an.stats, strict=True) for st in stats]
    # a float-valued statistic (a mean metric's) and a subset of another size share the call
    float_stats = mtmetrics.load_metric("bleu").statistics(outs[0][:50], [ref[:50]])
    scaled = type(float_stats)(float_stats.names, float_stats.array * 0.1, float_stats.aggregation, "1")
    items.append((an.scorers[0].metric, scaled))
    got, _ = an._boot(items)
    for (metric, stats), scores in zip(items, got, strict=True):
        assert scores.tobytes() == bootstrap_scores(metric, stats, 300, 7).tobytes()


def test_cell_scores_and_paired_tests_equal_the_core() -> None:
    """Integer (BLEU, chrF, TER) and float (ROUGE-L, a mean) statistics, whole corpora and one-segment
    buckets: the same score bits as ``score_statistics`` and the same p-value as ``paired_bootstrap``."""
    ref, outs = _wmt()
    ref, outs = ref[:150], [o[:150] for o in outs]
    an = _analysis(ref, outs, metrics=["bleu", "chrf", "ter", "rouge-l"], n_bootstrap=200, seed=3)
    an.statistics()
    checked = 0
    for scorer, (a, b) in zip(an.scorers, an.stats, strict=True):
        for idx in (np.arange(len(a)), np.arange(0, len(a), 7), np.array([4])):
            sa, sb = analysis_module._subset(a, idx), analysis_module._subset(b, idx)
            (ba, bb), _ = an._boot([(scorer.metric, sa), (scorer.metric, sb)])
            xa, xb = an._score(scorer, sa), an._score(scorer, sb)
            assert np.float64(xa).tobytes() == np.float64(scorer.score_statistics(sa).score).tobytes()
            assert np.float64(xb).tobytes() == np.float64(scorer.score_statistics(sb).score).tobytes()
            core = paired_bootstrap(scorer, sa, sb, 200, 3, baseline_scores=ba, system_scores=bb)
            assert an._paired(xa, xb, ba, bb) == core.p_value
            checked += 1
    assert checked == 12


@pytest.mark.parametrize("name", ["bleu", "wer"])
def test_distinct_rows_scored_once_equal_all_rows(name: str) -> None:
    """BLEU scores its rows itself (vectorised); WER has the default ``score_rows`` (one
    ``compute_score`` per row), so its repeated rows are scored once."""
    ref, outs = _wmt(1)
    metric = mtmetrics.load_metric(name).metric
    stats = mtmetrics.load_metric(name).statistics(outs[0][:40], [ref[:40]]).array
    rows = np.concatenate([stats, stats[::3], stats[:1]])
    assert score_rows(metric, rows).tobytes() == metric.score_rows(rows).tobytes()


def test_sentence_defaults_do_not_change_statistics() -> None:
    """The reuse in ``Analysis._sentence_source`` holds for every installed metric with sentence defaults."""
    ref, outs = _wmt(1)
    hyps, refs = outs[0][:60], [ref[:60]]
    checked = 0
    for name in sorted(REGISTRY.metric_registry()):
        cls = REGISTRY.metric_class(name)
        declared = {p.name for p in cls.params}
        implied = {k: v for k, v in cls.sentence_defaults().items() if k in declared}
        if not implied:
            continue
        corpus = mtmetrics.load_metric(name).statistics(hyps, refs)
        sentence = mtmetrics.load_metric(name, **implied).statistics(hyps, refs)
        assert corpus.names == sentence.names and corpus.array.tobytes() == sentence.array.tobytes(), name
        checked += 1
    assert checked >= 1  # BLEU's effective order at least


def test_sentence_scores_reuse_bleu_statistics_exactly() -> None:
    ref, outs = _wmt()
    ref, outs = ref[:80], [o[:80] for o in outs]
    an = _analysis(ref, outs, metrics=["chrf", "bleu"], n_bootstrap=10)
    an.statistics()
    assert an._sentence_source() == 0  # chrF has no sentence defaults: its own statistics
    an = _analysis(ref, outs, metrics=["chrf", "bleu"], bucket_metric="bleu", n_bootstrap=10)
    an.statistics()
    assert an._sentence_source() == 1
    scores = an.sentence_scores()
    sentence_bleu = mtmetrics.load_metric("bleu", effective_order=True)
    for s, out in enumerate(outs):
        assert scores[s].tolist() == [r.score for r in sentence_bleu.segment_scores(out, [ref])]


@pytest.mark.parametrize("copies", [3])
def test_streaming_pass_memory_is_numbers_per_segment(copies: int) -> None:
    """Repeating the corpus adds no new words or n-grams: what the pass keeps per added segment
    must be numbers (lengths, keys, counts), well under the ~4 KB that three token lists take."""
    ref, outs = _wmt()
    ref, outs = ref[:200], [o[:200] for o in outs]

    def peak(k: int) -> int:
        an = _analysis(ref * k, [o * k for o in outs], metrics=["bleu"])
        tracemalloc.start()
        an.read_segments()
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return size

    small, large = peak(1), peak(copies)
    an_words = _analysis(ref, outs, metrics=["bleu"]).words
    per_segment = (large - small) / (len(ref) * (copies - 1))
    held = sum(len(an_words(x)) for x in ref + outs[0] + outs[1]) * 56 / len(ref)  # the token lists, if kept
    assert per_segment < 1500 < held, (per_segment, held)


def _slow_matches(ref: list[str], outs: list[list[str]], low: int, high: int) -> list[Counter[str]]:
    """compare-mt's clipped matched n-grams, one Counter per system, by the definition."""
    totals: list[Counter[str]] = [Counter() for _ in outs]
    for i, r in enumerate(ref):
        ref_counts = ngrams(r.split(), low, high)
        for s, out in enumerate(outs):
            for g, c in ngrams(out[i].split(), low, high).items():
                if ref_counts.get(g):
                    totals[s][g] += min(c, ref_counts[g])
    return totals


@pytest.mark.parametrize("block", [1, 7, 1024])
def test_block_counts_equal_the_definitions(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Matched n-grams and matched words counted on ids, block by block, equal the per-segment
    definitions; the top-k selection equals sorting every n-gram (ties included)."""
    ref, outs = _wmt()
    ref, outs = [*ref[:60], "", "a a a", "a a"], [[*o[:60], "x", "a a", "a a a a"] for o in outs]
    monkeypatch.setattr(analysis_module, "BLOCK", block)
    an = _analysis(ref, outs, metrics=["bleu"], ngram_min=2, ngram_max=3)
    an.read_segments()
    slow = _slow_matches([" ".join(an.words(r)) for r in ref], [[" ".join(an.words(x)) for x in o] for o in outs], 2, 3)
    nm = an.ngram_matches
    got = [{g: int(nm.counts[s, k]) for g, k in nm.index.items() if nm.counts[s, k]} for s in range(2)]
    assert got == [dict(c) for c in slow]
    for i, r in enumerate(ref):
        rc = Counter(an.words(r))
        for s, o in enumerate(outs):
            assert an.word_M[i, s].sum() == sum(min(c, rc[w]) for w, c in Counter(an.words(o[i])).items())
    rows = [
        (g, (a + 1.0) / (a + b + 2.0), a, b) for g in set(slow[0]) | set(slow[1]) for a, b in [(slow[0][g], slow[1][g])]
    ]
    for k in (0, 1, 5, 40, 10_000):
        best, worst = nm.salient(0, 1, 1.0, k)
        assert best == sorted(rows, key=lambda r: (-r[1], -(r[2] + r[3]), r[0]))[:k]
        assert worst == sorted(rows, key=lambda r: (r[1], -(r[2] + r[3]), r[0]))[:k]
