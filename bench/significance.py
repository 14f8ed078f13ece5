"""Paired bootstrap (1,000 resamples) and approximate randomisation (10,000 trials) against sacrebleu.

    python bench/significance.py [--segments 3000] [--repeat 3]

Two WMT17 de-en systems, 3,000 segments, BLEU and chrF. Target: mtmetrics faster than
sacrebleu's ``PairedTest`` for BLEU. Both sides start from the texts: each run extracts both
systems' segment statistics and then runs the test (sacrebleu's reference n-grams are cached by
``references=`` when its metric is built, outside the timing for neither side). p-values are
checked to be equal first.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import sacrebleu
from sacrebleu.significance import PairedTest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import compare, report

import mtmetrics
from mtmetrics.engine.significance import paired_ar, paired_bootstrap
from mtmetrics.stats.significance import Comparison

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dev" / "wmt17-da"


def load(n: int) -> tuple[list[str], list[str], list[str]]:
    """Two de-en systems and the reference, first ``n`` segments."""
    ref = (DATA / "newstest2017-deen-ref.en").read_text(encoding="utf-8").splitlines()[:n]
    paths = sorted((DATA / "de-en").glob("*.gz"))[:2]
    systems = []
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            systems.append(fh.read().splitlines()[:n])
    return systems[0], systems[1], ref


def _sacrebleu_test(
    name: str, make: Callable[..., Any], a: list[str], b: list[str], ref: list[str], test: str, n: int
) -> Any:
    return PairedTest([("a", a), ("b", b)], {name: make(references=[ref])}, None, test, n)()


def _our_test(
    fn: Callable[..., Comparison], metric: Any, a: list[str], b: list[str], ref: list[str], n: int
) -> Comparison:
    return fn(metric, metric.statistics(a, [ref]), metric.statistics(b, [ref]), n, 12345)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    a, b, ref = load(args.segments)
    timings = []
    for name, make in (("bleu", partial(sacrebleu.BLEU, force=True)), ("chrf", sacrebleu.CHRF)):
        metric = mtmetrics.load_metric(name)
        for test, n, ours_fn in (("bs", 1000, paired_bootstrap), ("ar", 10000, paired_ar)):
            theirs = partial(_sacrebleu_test, name, make, a, b, ref, test, n)
            ours = partial(_our_test, ours_fn, metric, a, b, ref, n)

            their_p = next(v for k, v in theirs()[1].items() if k != "System")[1].p_value
            assert ours().p_value == their_p, (name, test, ours().p_value, their_p)
            timings.append(
                compare(f"{name} paired-{test} n={n}", ours, theirs, f"sacrebleu PairedTest({test})", args.repeat)
            )
    print(f"{args.segments} segments, 2 systems, best of {args.repeat}; sacrebleu's time includes its reference cache")
    print(report(timings, target=1.0))


if __name__ == "__main__":
    main()
