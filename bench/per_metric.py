"""Every built-in plain-text metric against chrF, per segment, on real WMT21 de-en text.

    python bench/per_metric.py [--segments 1000] [--repeat 3] [--metrics meteor ter ...]

Issue 19 asks that every built-in metric run within 3x chrF's time per segment on real WMT text,
so that a combination of metrics (``combo``) or ``meta report`` is not dominated by one slow
member. Data: the first ``--segments`` lines of WMT21 de-en Online-A (raw, untouched) with both
references A and B, and the German sources (for metrics that read them). ``--pair zh-en --system
Borderline`` gives the harder case of issue 19 (long segments, repeated function words: METEOR's
search; one reference). Every metric is loaded once at its default parameters (resources such as
WordNet or tables are loaded and warmed by one untimed call, so only the per-segment cost is
compared; WordNet lookups stay cached, as in a long run) and its segment statistics are computed
in this process (``jobs=1``); sacrebleu's tokeniser caches are cleared before every timed run, so
each run tokenises anew. The runs alternate (chrF, metric, chrF, metric, ...) and the best of
``--repeat`` is kept for each, so load from other processes hits both alike. The anchor is
mtmetrics' own chrF (sacrebleu's implementation, sacrebleu version printed); ratio = metric time /
chrF time. Kernels: the ones this process picks (``MTMETRICS_KERNEL``, default ``auto``: numba
when installed), printed in the header. Not a test: timings are never asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import best_time

import mtmetrics
from mtmetrics import plugins

WMT21 = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "test" / "wmt21-news" / "txt"
TARGET = 3.0


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
    return [n for n in sorted(plugins.metric_registry()) if plugins.metric_class(n).plain_text]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--metrics", nargs="*", help="default: every plain-text metric")
    parser.add_argument(
        "--pair", default="de-en", help="WMT21 language pair (default de-en; zh-en has hard METEOR searches)"
    )
    parser.add_argument("--system", default="Online-A", help="system whose output is scored (zh-en: e.g. Borderline)")
    args = parser.parse_args()
    os.environ.setdefault("NLTK_DATA", str(WMT21.parents[3] / "nltk_data"))
    hyps, refs, src = load(args.segments, args.pair, args.system)
    from mtmetrics.resources import kernels

    print(
        f"WMT21 {args.pair} {args.system}, {len(hyps)} segments, {len(refs)} reference(s); best of {args.repeat}, "
        "alternating with chrF; "
        f"anchor: mtmetrics chrf (sacrebleu {sacrebleu.__version__}); kernels: {kernels.choice()}"
    )
    chrf = mtmetrics.load_metric("chrf")

    def run(metric: mtmetrics.Metric) -> object:
        return metric.statistics(hyps, refs, src)

    names = args.metrics or plain_text_metrics()
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


if __name__ == "__main__":
    main()
