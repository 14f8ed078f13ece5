"""Every built-in plain-text metric against chrF, through the public API, on real WMT21 text;
then WER against jiwer and hLEPOR's per-segment API against the hLepor package.

    python bench/per_metric.py [--segments 1000] [--repeat 3] [--metrics meteor ter ...]
                               [--road corpus_score] [--no-anchors]

The target is every built-in metric within 3x chrF's time per segment on real WMT text, so that a
combination of metrics (``combo``) or ``meta report`` is not dominated by one slow member. Data:
the first ``--segments`` lines of WMT21 de-en Online-A (raw, untouched) with both references A
and B, and the German sources (for metrics that read them). ``--pair zh-en --system Borderline``
gives a harder case (long segments, repeated function words: METEOR's search; one reference).
Every metric is loaded once at its default parameters (resources such as WordNet or tables are
loaded and warmed by one untimed call, so only the per-segment cost is compared; WordNet lookups
stay cached, as in a long run) and scored in this process (``jobs=1``) through the road a user
takes: ``load_metric(name).corpus_score(...)`` by default, ``--road segment_scores`` for one
result per segment, ``--road statistics`` for the engine's statistics alone. sacrebleu's
tokeniser caches are cleared before every timed run, so each run tokenises anew. The runs
alternate (chrF, metric, chrF, metric, ...) and the best of ``--repeat`` is kept for each, so load
from other processes hits both alike. The anchor is mtmetrics' own chrF (sacrebleu's
implementation, sacrebleu version printed) on the same road; ratio = metric time / chrF time.
Kernels: the ones this process picks (``MTMETRICS_KERNEL``, default ``auto``: numba when
installed), printed in the header.

Anchor packages (skipped with ``--no-anchors``), each checked for equal numbers before timing,
ratio = mtmetrics time / anchor time (below 1 is faster):

* WER ``corpus_score`` against ``jiwer.wer`` on the corpus, and WER ``segment_scores`` against
  ``jiwer.wer`` per segment: the same segments against reference A (jiwer refuses an empty
  reference: those lines are left out), 13a-tokenised once and joined with spaces, mtmetrics with
  ``tokenize=none`` (jiwer splits on whitespace).
* hLEPOR (``impl=hlepor-pypi``, ``tokenize=none``, ``lowercase=yes``, the compiled kernel when
  numba is installed) ``segment_scores`` against the hLepor package's ``single_hlepor_score`` per
  segment (as ``bench/hlepor.py`` calls it), on the same 13a tokens and on ``bench/hlepor.py``'s
  synthetic repeated-word sentences; and ``segment_scores`` against ``statistics`` of the same
  metric: the share of the per-segment road spent outside the metric's own statistics.
* hLEPOR's per-segment roads on 10^4 segments (``segment_scores``, ``sentence_score`` in a loop,
  ``-sl``, ``-sl -b``, meta's segment table and ``--save-scores``), each against the metric's own
  statistics and scores: ``bench/per_segment.py``.

Not a test: timings are never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import Timing, best_time, compare, report

import mtmetrics
from mtmetrics import plugins

WMT21 = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "test" / "wmt21-news" / "txt"
TARGET = 3.0
#: the API calls a user makes, timed for every metric (``--road``)
ROADS = ("corpus_score", "segment_scores", "statistics")


def _read(path: Path) -> list[str]:
    import gzip

    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return fh.read().split("\n")


def load(segments: int, pair: str = "de-en", system: str = "Online-A") -> tuple[list[str], list[list[str]], list[str]]:
    """First ``segments`` lines of WMT21 ``pair``: ``system``'s output, every reference (A, B...), the sources."""
    src_lang, tgt = pair.split("-")
    hyps = _read(WMT21 / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz")[:segments]
    refs = [_read(path)[:segments] for path in sorted((WMT21 / "references").glob(f"newstest2021.{pair}.ref.*.{tgt}"))]
    src = _read(WMT21 / "sources" / f"newstest2021.{pair}.src.{src_lang}")[:segments]
    return hyps, refs, src


def _clear_memo(obj: object) -> None:
    """Clear the ``lru_cache`` of ``obj``'s ``__call__`` and of the sacrebleu objects it holds
    (13a keeps a memoised regexp tokenizer inside its own memoised call)."""
    for cls in type(obj).__mro__:
        clear = getattr(cls.__dict__.get("__call__"), "cache_clear", None)
        if clear is not None:
            clear()
    for value in getattr(obj, "__dict__", {}).values():
        if type(value).__module__.startswith("sacrebleu.tokenizers"):
            _clear_memo(value)


def clear_tokenizer_caches() -> None:
    """sacrebleu memoises tokenised sentences (13a, intl, ...); clear them so every run tokenises anew."""
    from mtmetrics.resources import TOKENIZER_NAMES, get_tokenizer

    for name in TOKENIZER_NAMES:
        try:
            tokenizer = get_tokenizer(name)
        except Exception:  # a tokenizer whose optional dependency is missing
            continue
        _clear_memo(tokenizer)


def plain_text_metrics() -> list[str]:
    """Names of the registered metrics that score plain text (no annotations, model files, alignments)."""
    return [n for n in sorted(plugins.REGISTRY.metric_registry()) if plugins.REGISTRY.metric_class(n).plain_text]


def _hlepor_bench() -> ModuleType:
    """``bench/hlepor.py`` (its name would shadow the hLepor package if imported as ``hlepor``)."""
    spec = importlib.util.spec_from_file_location("bench_hlepor", Path(__file__).resolve().parent / "hlepor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _equal_or_exit(label: str, ours: Sequence[float], theirs: Sequence[float], tolerance: float = 0.0) -> None:
    worst = max((abs(a - b) for a, b in zip(ours, theirs, strict=True)), default=0.0)
    if len(ours) != len(theirs) or worst > tolerance:
        raise SystemExit(f"{label}: the numbers differ (largest difference {worst}); not timing")


def anchors(hyps: list[str], refs: list[list[str]], repeat: int) -> list[Timing]:
    """WER against jiwer, hLEPOR's ``segment_scores`` against the hLepor package and its own statistics."""
    import jiwer

    from mtmetrics.resources import Preprocessor, kernels

    prep = Preprocessor("13a", False)
    keep = [i for i, r in enumerate(refs[0]) if r.strip()]
    h_tok = [" ".join(prep(hyps[i])) for i in keep]
    r_tok = [" ".join(prep(refs[0][i])) for i in keep]
    timings = []

    wer = mtmetrics.load_metric("wer", tokenize="none")
    _equal_or_exit("WER", [wer.corpus_score(h_tok, [r_tok]).score], [jiwer.wer(r_tok, h_tok)])
    timings.append(
        compare(
            "WER corpus_score",
            lambda: wer.corpus_score(h_tok, [r_tok]),
            lambda: jiwer.wer(r_tok, h_tok),
            f"jiwer {version('jiwer')} wer",
            repeat,
        )
    )

    def jiwer_segments() -> list[float]:
        return [jiwer.wer(r, h) for r, h in zip(r_tok, h_tok, strict=True)]

    _equal_or_exit("WER per segment", [r.score for r in wer.segment_scores(h_tok, [r_tok])], jiwer_segments())
    timings.append(
        compare(
            "WER segment_scores",
            lambda: wer.segment_scores(h_tok, [r_tok]),
            jiwer_segments,
            "jiwer wer per segment",
            repeat,
        )
    )

    bench_hlepor = _hlepor_bench()
    single = bench_hlepor._import_hlepor()
    kernel = "numba" if importlib.util.find_spec("numba") else "python"
    hlepor = mtmetrics.load_metric("hlepor", tokenize="none", lowercase=True, impl="hlepor-pypi")
    hl_hyps = [h for h, r in zip(h_tok, r_tok, strict=True) if h and r]
    hl_refs = [r for h, r in zip(h_tok, r_tok, strict=True) if h and r]
    synthetic = bench_hlepor.synthetic()
    with kernels.forced(kernel):
        for label, (hh, rr) in (("WMT21", (hl_hyps, hl_refs)), ("synthetic", synthetic)):

            def package(hh: list[str] = hh, rr: list[str] = rr) -> list[float]:
                return [single(r, h, separate_punctuation=False) for r, h in zip(rr, hh, strict=True)]

            def api(hh: list[str] = hh, rr: list[str] = rr) -> list[mtmetrics.Result]:
                return hlepor.segment_scores(hh, [rr])

            def engine(hh: list[str] = hh, rr: list[str] = rr) -> object:
                return hlepor.statistics(hh, [rr])

            _equal_or_exit(f"hLEPOR {label}", [r.score for r in api()], package(), 1e-9)
            timings.append(
                compare(f"hLEPOR segment_scores, {label}", api, package, f"hLepor {version('hLepor')}", repeat)
            )
            timings.append(
                compare(f"hLEPOR segment_scores, {label}", api, engine, f"its statistics ({kernel} kernel)", repeat)
            )
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--metrics", nargs="*", help="default: every plain-text metric; none (just --metrics): only the anchors"
    )
    parser.add_argument(
        "--pair", default="de-en", help="WMT21 language pair (default de-en; zh-en has hard METEOR searches)"
    )
    parser.add_argument("--system", default="Online-A", help="system whose output is scored (zh-en: e.g. Borderline)")
    parser.add_argument(
        "--road", choices=ROADS, default="corpus_score", help="the API call timed for every metric and for chrF"
    )
    parser.add_argument("--no-anchors", action="store_true", help="skip WER vs jiwer and hLEPOR vs the hLepor package")
    args = parser.parse_args()
    os.environ.setdefault("NLTK_DATA", str(WMT21.parents[3] / "nltk_data"))
    hyps, refs, src = load(args.segments, args.pair, args.system)
    from mtmetrics.resources import kernels

    print(
        f"WMT21 {args.pair} {args.system}, {len(hyps)} segments, {len(refs)} reference(s); best of {args.repeat}, "
        f"alternating with chrF; road: {args.road}; "
        f"anchor: mtmetrics chrf (sacrebleu {sacrebleu.__version__}); kernels: {kernels.choice()}"
    )
    chrf = mtmetrics.load_metric("chrf")

    def run(metric: mtmetrics.Scorer) -> object:
        return getattr(metric, args.road)(hyps, refs, src)

    names = args.metrics if args.metrics is not None else plain_text_metrics()
    if names:
        print(f"{'metric':<12} {'seconds':>9} {'chrF s':>9} {'ratio':>7}  ms/segment")
    for name in names:
        metric = mtmetrics.load_metric(name)
        metric.statistics(hyps[:5], [r[:5] for r in refs], src[:5])  # load and warm resources
        ours, anchor = [], []
        for _ in range(args.repeat):
            clear_tokenizer_caches()
            anchor.append(best_time(lambda: run(chrf)))
            clear_tokenizer_caches()
            ours.append(best_time(lambda m=metric: run(m)))  # type: ignore[misc]
        t, a = min(ours), min(anchor)
        flag = "" if t / a <= TARGET else f"  > {TARGET:g}x chrF"
        print(f"{name:<12} {t:>8.3f}s {a:>8.3f}s {t / a:>7.2f}  {t / len(hyps) * 1e3:8.3f}{flag}", flush=True)
    if not args.no_anchors:
        print()
        timings = anchors(hyps, refs, args.repeat)
        print(report(timings))
        print()
        for case in timings:
            if case.anchor_name.startswith("its statistics"):
                print(f"{case.label}: {1 - 1 / case.ratio:.1%} of the time outside {case.anchor_name}")


if __name__ == "__main__":
    main()
