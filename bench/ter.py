"""mtmetrics' TER (compiled shift search) against sacrebleu's TER, on WMT21.

    python bench/ter.py [--repeat 3] [--segments 1000] [--zh-segments 500]

Both score the same raw lines in the same process, alternately, best of ``--repeat`` runs
(:mod:`runner`); the statistics are first checked to be identical. Cases: de-en with references
A and B (the target: at least 10x faster than sacrebleu) and the long zh-en segments (one
reference), where chrF's time is printed for scale. The mtmetrics side goes through the public
API (``metric.corpus_score``), tokenisation included.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

import numpy as np
import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import best_time, compare, report

import mtmetrics
from mtmetrics_classic import ter_kernel

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.datapaths import WMT21, read_text  # noqa: E402

TXT = WMT21 / "txt"


def load(pair: str, system: str, labels: str, n: int) -> tuple[list[str], list[list[str]]]:
    """The first ``n`` lines of a WMT21 system output and of its references."""
    tgt = pair.split("-")[1]
    hyps = read_text(TXT / "system-outputs" / f"newstest2021.{pair}.hyp.{system}.{tgt}.gz")[:n]
    refs = [read_text(TXT / "references" / f"newstest2021.{pair}.ref.{k}.{tgt}")[:n] for k in labels]
    return hyps, refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--zh-segments", type=int, default=500)
    args = parser.parse_args()
    print(f"sacrebleu {sacrebleu.__version__}, mtmetrics TER kernel: {ter_kernel.kernel()}, best of {args.repeat}")
    cases = [
        (f"de-en A+B, {args.segments} segments", load("de-en", "Online-A", "AB", args.segments)),
        (f"zh-en A, {args.zh_segments} segments", load("zh-en", "Online-A", "A", args.zh_segments)),
    ]
    timings = []
    for label, (hyps, refs) in cases:
        ours, theirs = mtmetrics.load_metric("ter"), sacrebleu.TER()
        mine = ours.statistics(hyps, refs).array
        expected = np.array(theirs._extract_corpus_statistics(hyps, refs), dtype=np.float64)
        assert np.array_equal(mine, expected), f"{label}: statistics differ from sacrebleu's"
        assert ours.corpus_score(hyps, refs).score == theirs.corpus_score(hyps, refs).score
        timing = compare(
            f"ter {label}",
            partial(ours.corpus_score, hyps, refs),
            partial(theirs.corpus_score, hyps, refs),
            f"sacrebleu.TER {sacrebleu.__version__}",
            args.repeat,
        )
        timings.append(timing)
        chrf = mtmetrics.load_metric("chrf")
        chrf_time = min(best_time(partial(chrf.corpus_score, hyps, refs)) for _ in range(args.repeat))
        print(
            f"{label}: sacrebleu / mtmetrics = {1 / timing.ratio:.1f}x faster; "
            f"mtmetrics TER takes {timing.ours / chrf_time:.1f}x chrF's time ({chrf_time:.3f}s)"
        )
    print(report(timings, target=0.1))


if __name__ == "__main__":
    main()
