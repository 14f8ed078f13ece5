"""Benchmark: mtmetrics' hLEPOR against the ``hLepor`` package (0.0.4) on 3,000 real segments.

Run as ``python bench/hlepor.py`` (needs ``pip install hLepor==0.0.4``; nptyping, which the
package imports only for type hints, is stubbed if it is missing or broken under numpy 2).

Segments: the first 3,000 lines of WMT17 de-en (system online-A against the reference),
tokenised once with sacrebleu's 13a and joined with single spaces, so that both sides see the
same tokens (the package with ``separate_punctuation=False``, mtmetrics with ``tokenize=none``),
both lowercasing. The package's segment-level API (``single_hlepor_score``) is called per
segment; mtmetrics computes segment statistics for the corpus. Numbers are checked to match in
``impl=hlepor-pypi`` before timing. A second corpus is synthetic (:func:`synthetic`): short
sentences over a 9-word vocabulary, where nearly every word repeats (many alignment candidates).
Times are the minimum of several interleaved runs, so load from other processes inflates both
sides alike. Tagging (hLEPOR_E with NLTK's perceptron) is reported separately. Both kernels are
timed (``MTMETRICS_KERNEL=numba``, the extra ``mtmetrics[fast]``, and ``python``).
"""

from __future__ import annotations

import gzip
import importlib
import importlib.metadata
import os
import random
import sys
import time
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "dev" / "wmt17-da"
N = 3000


def _import_hlepor() -> Callable[..., float]:
    try:
        importlib.import_module("nptyping")
    except Exception:  # missing, or broken under numpy 2 (np.bool8)
        sys.modules["nptyping"] = types.ModuleType("nptyping")
        sys.modules["nptyping"].NDArray = object  # type: ignore[attr-defined]
    nltk: Any = importlib.import_module("nltk")

    here = Path(__file__).resolve().parent  # this script is called hlepor.py too: hide it
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    download = nltk.download
    nltk.download = lambda *a, **k: True  # the package downloads 'punkt' at import; not needed here
    try:
        package: Any = importlib.import_module("hlepor")
    finally:
        nltk.download = download
    return package.single_hlepor_score


def _best(fn: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def synthetic(count: int = N, seed: int = 19) -> tuple[list[str], list[str]]:
    """Short hyp/ref pairs (4-14 words) over a 9-word vocabulary: most words repeat, so the
    alignment has many candidates and the context test runs often (the alignment's worst case
    per token). Made here with a fixed seed, not taken from any corpus."""
    rng = random.Random(seed)
    vocab = ["the", "a", "of", "cat", "dog", "sat", "on", "mat", "and"]

    def line() -> str:
        return " ".join(rng.choice(vocab) for _ in range(rng.randint(4, 14)))

    return [line() for _ in range(count)], [line() for _ in range(count)]


def wmt17() -> tuple[list[str], list[str], list[str], list[str]]:
    """WMT17 de-en online-A and its reference: raw lines and 13a-tokenised lines (non-empty pairs)."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    tok = Tokenizer13a()
    with gzip.open(DATA / "de-en" / "newstest2017.online-A.0.de-en.gz", "rt", encoding="utf-8") as fh:
        hyps_raw = fh.read().split("\n")[:N]
    refs_raw = (DATA / "newstest2017-deen-ref.en").read_text(encoding="utf-8").split("\n")[:N]
    hyps = [" ".join(tok(h).split()) for h in hyps_raw]
    refs = [" ".join(tok(r).split()) for r in refs_raw]
    keep = [i for i in range(N) if hyps[i] and refs[i]]
    return hyps_raw, refs_raw, [hyps[i] for i in keep], [refs[i] for i in keep]


def compare(label: str, hyps: list[str], refs: list[str], single: Callable[..., float], runs: int) -> None:
    """Check impl=hlepor-pypi against the package, then time both impls under both kernels."""
    import mtmetrics
    from mtmetrics.resources import kernels

    print(f"{label}: {len(hyps)} segments, {sum(len(h.split()) for h in hyps)} hyp tokens")

    def package() -> list[float]:
        return [single(r, h, separate_punctuation=False) for r, h in zip(refs, hyps, strict=True)]

    expected = package()
    ours = {
        impl: mtmetrics.load_metric("hlepor", tokenize="none", lowercase=True, impl=impl)
        for impl in ("hlepor-pypi", "paper")
    }
    for kernel in ("numba", "python"):
        with kernels.forced(kernel):
            got = ours["hlepor-pypi"].statistics(hyps, [refs]).array[:, 0]
            worst = max(abs(a - b) for a, b in zip(expected, got, strict=True))
            assert worst < 1e-9, f"impl=hlepor-pypi ({kernel} kernel) differs from the package by {worst}"
            times: dict[str, float] = {"package": float("inf"), "hlepor-pypi": float("inf"), "paper": float("inf")}
            for _ in range(runs):  # interleaved, so a burst of load hits every contender
                times["package"] = min(times["package"], _best(package, 1))
                for impl, metric in ours.items():
                    times[impl] = min(times[impl], _best(partial(metric.statistics, hyps, [refs]), 1))
        for impl in ("hlepor-pypi", "paper"):
            print(
                f"  impl={impl:<11} {kernel:>6} kernel: {times[impl] * 1e3:7.1f} ms   "
                f"package: {times['package'] * 1e3:7.1f} ms   speed-up x{times['package'] / times[impl]:.1f}"
            )
    print(f"  impl=hlepor-pypi equals the package (max |difference| {worst:.1e})")


def main() -> None:
    import mtmetrics

    runs = int(os.environ.get("BENCH_RUNS", "5"))
    single = _import_hlepor()
    print(f"anchor: hLepor {importlib.metadata.version('hLepor')} (single_hlepor_score per segment); best of {runs}")
    hyps_raw, refs_raw, hyps, refs = wmt17()
    compare("WMT17 de-en online-A, 13a tokens", hyps, refs, single, runs)
    compare("synthetic, 4-14 words over 9 word types", *synthetic(), single, runs)

    # tagging cost (hLEPOR_E), reported separately; needs NLTK_DATA with the English perceptron model
    os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
    try:
        pos_metric = mtmetrics.load_metric("hlepor", pos="nltk", preset="de-en")
    except mtmetrics.ResourceError as exc:
        print(f"hLEPOR_E: skipped ({exc})")
        return
    t_e = _best(
        lambda: mtmetrics.load_metric("hlepor", pos="nltk", preset="de-en").statistics(hyps_raw[:N], [refs_raw[:N]]), 1
    )
    t_w = _best(lambda: mtmetrics.load_metric("hlepor", preset="de-en").statistics(hyps_raw[:N], [refs_raw[:N]]), 3)
    del pos_metric
    print(
        f"hLEPOR_E (nltk tagger, fresh metric, tags hyps and refs): {t_e * 1e3:.0f} ms, "
        f"of which tagging ~{(t_e - t_w) * 1e3:.0f} ms (word-level alone {t_w * 1e3:.0f} ms)"
    )


if __name__ == "__main__":
    main()
