"""SIA speed against sacrebleu's chrF, measured in one run.

    python bench/sia.py [--table PATH] [--repeat 3]

* SIA (INCS, exact matching) on the 3,004 WMT17 de-en segments with one reference; target: at most
  2x chrF's time on the same segments.
* SIA with a top-100 similarity table (trained on multi30k en-fr unless --table is given); target:
  at most 5x chrF.
* WMT21 de-en with 1, 2 and 3 references (A, B, C... as available): how time grows.

Both alignment backends are timed (numba when installed, and the pure-Python fallback). Times are
the best of --repeat runs; numba's one-off compilation (or cache load) is reported separately.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sacrebleu

import mtmetrics
from mtmetrics.resources import get_tokenizer, kernels
from mtmetrics_sia import align

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.datapaths import DATA, WMT17, WMT21, read_text  # noqa: E402

MULTI30K = DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"


def clear_tokenizer_cache() -> None:
    """sacrebleu memoises tokenised sentences; clear it so every run tokenises from scratch."""
    call = type(get_tokenizer("13a")).__call__
    if hasattr(call, "cache_clear"):
        call.cache_clear()


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear_tokenizer_cache()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def sia_time(hyps: list[str], refs: list[list[str]], repeat: int, backend: str, **params: Any) -> float:
    m = mtmetrics.load_metric("sia", **params)
    with kernels.forced(backend):
        return best_of(lambda: m.statistics(hyps, refs), repeat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", help="similarity table (default: train one on multi30k en-fr)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    hyps = read_text(WMT17 / "de-en" / "newstest2017.KIT.4951.de-en.gz")
    ref = read_text(WMT17 / "newstest2017-deen-ref.en")
    print(f"WMT17 de-en: {len(hyps)} segments, 1 reference; sia backend available: {align.kernel()}")

    chrf = sacrebleu.CHRF()
    t_chrf = best_of(lambda: chrf.corpus_score(hyps, [ref]), args.repeat)
    print(f"  sacrebleu chrF corpus_score            {t_chrf:7.3f} s")

    if align.kernel() == "numba":
        t = time.perf_counter()
        align.incs([([1], [1], [1.0])], 1, 0.5, True)
        print(f"  numba compile / cache load (once)       {time.perf_counter() - t:7.3f} s")
    backends = ["numba", "python"] if align.kernel() == "numba" else ["python"]
    for be in backends:
        t = sia_time(hyps, [ref], args.repeat, be)
        print(f"  sia exact, INCS [{be:6}]               {t:7.3f} s   ratio {t / t_chrf:5.2f}x (target <= 2x)")

    table = args.table
    tmp = None
    if table is None:
        tmp = tempfile.TemporaryDirectory()
        table = os.path.join(tmp.name, "en-via-fr.tsv.gz")
        t = time.perf_counter()
        from mtmetrics.cli import main as cli

        with contextlib.redirect_stdout(io.StringIO()):
            cli(["similarity", "train", "--english", str(MULTI30K / "train.en.gz"), "--pivot",
                 str(MULTI30K / "train.fr.gz"), "-o", table, "-q"])  # fmt: skip
        print(f"  (trained the multi30k en-fr table in {time.perf_counter() - t:.1f} s)")
    t = time.perf_counter()
    mtmetrics.load_metric("sia", similarity=table, lowercase=True)
    print(f"  loading the top-100 table (once)        {time.perf_counter() - t:7.3f} s")
    for be in backends:
        t = sia_time(hyps, [ref], args.repeat, be, similarity=table, lowercase=True)
        print(f"  sia top-100 table, INCS [{be:6}]       {t:7.3f} s   ratio {t / t_chrf:5.2f}x (target <= 5x)")

    base = WMT21 / "txt"
    whyps = read_text(base / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz")
    streams = [read_text(p) for p in sorted((base / "references").glob("newstest2021.de-en.ref.*.en"))]
    print(f"WMT21 de-en: {len(whyps)} segments, up to {len(streams)} references")
    for n in range(1, len(streams) + 1):
        refs = streams[:n]
        tc = best_of(lambda refs=refs: chrf.corpus_score(whyps, refs), args.repeat)  # type: ignore[misc]
        ts = sia_time(whyps, refs, args.repeat, backends[0])
        print(f"  {n} refs: chrF {tc:6.3f} s   sia [{backends[0]}] {ts:6.3f} s   ratio {ts / tc:5.2f}x")
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
