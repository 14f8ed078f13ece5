"""Benchmark: paraphrase feature extraction on 3,000 WMT21 is-en segments (target: seconds, not minutes).

    python bench/paraphrase.py [--segments 3000]

Reports separately (1) loading the resources (tagger, WordNet, VerbNet, stemmer; once per process),
(2) extracting the ten features of N segments in a fresh instance whose sentence cache is empty,
and, as a reference point measured in the same run, (3) sacrebleu's TER on the same segments
(the paraphrase metric computes TER only to choose among several references). There is no
package implementing these features to compare against; ratio = paraphrase time / TER time.
Needs NLTK_DATA (``../shared/nltk_data`` by default).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=3000)
    args = parser.parse_args()

    from sacrebleu.metrics import TER

    from mtmetrics.io.tables import read_table
    from mtmetrics_paraphrase import Paraphrase

    table = read_table(ROOT.parent / "shared/data/test/wmt21-news/derived/newstest2021.is-en.da-seg.joined.tsv.gz")
    hyps = table.columns["hyp"][: args.segments]
    refs = table.columns["ref_A"][: args.segments]
    t0 = time.perf_counter()
    metric = Paraphrase()
    t1 = time.perf_counter()
    metric.statistics(hyps, [refs])
    t2 = time.perf_counter()
    ter = TER()
    for h, r in zip(hyps, refs, strict=True):
        ter.sentence_score(h, [r])
    t3 = time.perf_counter()
    n = len(hyps)
    print(f"segments: {n} (distinct references: {len(set(refs))})")
    print(f"load resources (tagger, WordNet, VerbNet, stemmer): {t1 - t0:.2f} s")
    print(f"paraphrase features (cold sentence cache): {t2 - t1:.2f} s = {1000 * (t2 - t1) / n:.2f} ms/segment")
    print(f"sacrebleu TER, same segments: {t3 - t2:.2f} s; ratio paraphrase/TER = {(t2 - t1) / (t3 - t2):.2f}")


if __name__ == "__main__":
    main()
