"""mtmetrics' bleu, chrf and ter against calling sacrebleu directly, on WMT17 de-en (3,004 segments).

    python bench/classic.py [--repeat 5] [--systems 3]

Target: at most 1.10x sacrebleu's time. Both sides score from in-memory strings; the
mtmetrics side goes through the full public API (parameter checks, segment records, typed
statistics, signature), i.e. what ``metric.corpus_score`` costs a user.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from functools import partial
from pathlib import Path

import sacrebleu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from runner import compare, report

import mtmetrics

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dev" / "wmt17-da"


def load(systems: int) -> tuple[list[list[str]], list[str]]:
    """Hypotheses of the first ``systems`` de-en systems and the reference."""
    ref = (DATA / "newstest2017-deen-ref.en").read_text(encoding="utf-8").splitlines()
    paths = sorted((DATA / "de-en").glob("*.gz"))[:systems]
    hyps = []
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            hyps.append(fh.read().splitlines())
    return hyps, ref


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--systems", type=int, default=3)
    args = parser.parse_args()
    systems, ref = load(args.systems)
    print(f"WMT17 de-en: {len(systems)} systems x {len(ref)} segments, best of {args.repeat}")
    cases = [
        ("bleu", lambda: sacrebleu.BLEU(force=True), "sacrebleu.BLEU"),
        ("chrf", lambda: sacrebleu.CHRF(), "sacrebleu.CHRF"),
        ("ter", lambda: sacrebleu.TER(), "sacrebleu.TER"),
    ]
    timings = []
    for name, make, anchor_name in cases:
        for k, hyps in enumerate(systems):
            ours = mtmetrics.load_metric(name)
            theirs = make()
            assert ours.corpus_score(hyps, [ref]).score == theirs.corpus_score(hyps, [ref]).score
            repeat = 1 if name == "ter" else args.repeat
            timings.append(
                compare(
                    f"{name} corpus, system {k + 1}",
                    partial(ours.corpus_score, hyps, [ref]),
                    partial(theirs.corpus_score, hyps, [ref]),
                    anchor_name,
                    repeat,
                )
            )
    print(report(timings, target=1.10))
    total_ours = sum(t.ours for t in timings)
    total_anchor = sum(t.anchor for t in timings)
    print(f"overall ratio: {total_ours / total_anchor:.3f} (target <= 1.10)")


if __name__ == "__main__":
    main()
