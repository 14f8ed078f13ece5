"""Benchmark: mtmetrics' hLEPOR against the ``hLepor`` package (0.0.4) on 3,000 real segments.

Run as ``python bench/hlepor.py`` (needs ``pip install hLepor==0.0.4``; nptyping, which the
package imports only for type hints, is stubbed if it is missing or broken under numpy 2).

Segments: the first 3,000 lines of WMT17 de-en (system online-A against the reference),
tokenised once with sacrebleu's 13a and joined with single spaces, so that both sides see the
same tokens (the package with ``separate_punctuation=False``, mtmetrics with ``tokenize=none``),
both lowercasing. The package's segment-level API (``single_hlepor_score``) is called per
segment; mtmetrics computes segment statistics for the corpus. Numbers are checked to match in
``impl=hlepor-pypi`` before timing. Times are the minimum of several interleaved runs, so load
from other processes inflates both sides alike. Tagging (hLEPOR_E with NLTK's perceptron) is
reported separately. The compiled kernel (numba, extra ``mtmetrics[fast]``) is used when
installed; the pure-Python kernel is timed too.
"""

from __future__ import annotations

import gzip
import importlib
import os
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


def main() -> None:
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    import mtmetrics

    tok = Tokenizer13a()
    with gzip.open(DATA / "de-en" / "newstest2017.online-A.0.de-en.gz", "rt", encoding="utf-8") as fh:
        hyps_raw = fh.read().split("\n")[:N]
    refs_raw = (DATA / "newstest2017-deen-ref.en").read_text(encoding="utf-8").split("\n")[:N]
    hyps = [" ".join(tok(h).split()) for h in hyps_raw]
    refs = [" ".join(tok(r).split()) for r in refs_raw]
    keep = [i for i in range(N) if hyps[i] and refs[i]]
    hyps, refs = [hyps[i] for i in keep], [refs[i] for i in keep]
    print(f"{len(hyps)} segments (WMT17 de-en online-A), {sum(len(h.split()) for h in hyps)} hyp tokens")

    single = _import_hlepor()
    ours = {
        impl: mtmetrics.load_metric("hlepor", tokenize="none", lowercase=True, impl=impl)
        for impl in ("hlepor-pypi", "paper")
    }

    def package() -> list[float]:
        return [single(r, h, separate_punctuation=False) for r, h in zip(refs, hyps, strict=True)]

    expected = package()
    got = ours["hlepor-pypi"].statistics(hyps, [refs]).array[:, 0]
    worst = max(abs(a - b) for a, b in zip(expected, got, strict=True))
    print(f"impl=hlepor-pypi vs package: max |difference| = {worst:.2e} over {len(hyps)} segments")
    assert worst < 1e-9

    runs = int(os.environ.get("BENCH_RUNS", "5"))
    times: dict[str, float] = {"package": float("inf"), "hlepor-pypi": float("inf"), "paper": float("inf")}
    for _ in range(runs):  # interleaved, so a burst of load hits every contender
        times["package"] = min(times["package"], _best(package, 1))
        for impl, metric in ours.items():
            times[impl] = min(times[impl], _best(partial(metric.statistics, hyps, [refs]), 1))
    from mtmetrics.resources import kernels
    from mtmetrics_hlepor import batch

    for impl in ("hlepor-pypi", "paper"):
        print(
            f"hLEPOR word, impl={impl:<11} ({batch.kernel()} kernel): {times[impl] * 1e3:7.1f} ms   "
            f"package: {times['package'] * 1e3:7.1f} ms   speed-up x{times['package'] / times[impl]:.1f}"
        )
    if batch.kernel() == "numba":  # the pure-Python fallback, for the record
        with kernels.forced("python"):
            metric = ours["paper"]
            t_py = min(_best(partial(metric.statistics, hyps, [refs]), 1) for _ in range(runs))
        print(f"hLEPOR word, impl=paper       (python kernel): {t_py * 1e3:7.1f} ms   x{times['package'] / t_py:.1f}")

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
