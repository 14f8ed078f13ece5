"""Benchmark: mtmetrics' baseline metrics (NIST, WER, METEOR) against NLTK on WMT21 de-en.

    python bench/baselines.py [--repeat 3] [--segments 1000]

Both sides get the same tokens: the texts are 13a-tokenised once, up front; mtmetrics scores the
space-joined tokens with ``tokenize=none`` through the public API (``metric.statistics``), NLTK
gets the token lists. Cases (ratio = mtmetrics time / NLTK time, below 1 is faster):

* NIST, corpus weights, one reference: ``mtmetrics_baselines.nist.corpus_nist`` vs NLTK's
  ``corpus_nist`` (the same definition); and the ``nist`` metric (per-segment weights) vs NLTK's
  ``sentence_nist`` on every segment.
* WER: the ``wer`` metric vs ``nltk.edit_distance`` on every segment.
* METEOR: the ``meteor`` metric (``impl=nltk``, ``stemmer=porter-nltk``: the same numbers) vs
  NLTK's ``meteor_score`` on every segment, one reference.
* METEOR as the paper aligns (``impl=paper``, default: most matches, then fewest crossings, by
  branch and bound) vs NLTK's ``meteor_score`` (target: no slower), and vs ``impl=nltk`` (NLTK's
  greedy pairing: the cost of the exact search itself). The
  segments whose search exceeded its budget (``approx_segments``) are printed.
Needs NLTK_DATA pointing at a WordNet (``../shared/nltk_data`` by default).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

import nltk  # noqa: E402
from nltk.corpus import wordnet  # noqa: E402
from nltk.translate.meteor_score import meteor_score  # noqa: E402
from nltk.translate.nist_score import corpus_nist as nltk_corpus_nist  # noqa: E402
from nltk.translate.nist_score import sentence_nist  # noqa: E402
from runner import Timing, compare, report  # noqa: E402

import mtmetrics  # noqa: E402
from mtmetrics.resources import Preprocessor  # noqa: E402
from mtmetrics_baselines.nist import corpus_nist  # noqa: E402
from tests.datapaths import WMT21, read_text, require  # noqa: E402


def main() -> None:
    """Time each case and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--segments", type=int, default=1000)
    args = parser.parse_args()
    txt = WMT21 / "txt"
    hyps = read_text(require(txt / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[: args.segments]
    refs = read_text(require(txt / "references" / "newstest2021.de-en.ref.A.en"))[: args.segments]
    prep = Preprocessor("13a", False)
    h_tok = [prep(x) for x in hyps]
    r_tok = [prep(x) for x in refs]
    h_txt = [" ".join(x) for x in h_tok]
    r_txt = [" ".join(x) for x in r_tok]
    long_enough = [i for i, h in enumerate(h_tok) if len(h) >= 5]  # NLTK's sentence_nist needs a 5-gram

    nist = mtmetrics.load_metric("nist", tokenize="none")
    wer = mtmetrics.load_metric("wer", tokenize="none")
    meteor = mtmetrics.load_metric("meteor", tokenize="none", impl="nltk", stemmer="porter-nltk")
    wordnet.ensure_loaded()
    meteor.statistics(h_txt[:5], [r_txt[:5]])  # load WordNet before timing
    paper = mtmetrics.load_metric("meteor", tokenize="none", stemmer="porter-nltk")

    timings: list[Timing] = [
        compare(
            "NIST corpus weights (1 ref)",
            lambda: corpus_nist(h_tok, [[r] for r in r_tok]),
            lambda: nltk_corpus_nist([[r] for r in r_tok], h_tok),
            "nltk corpus_nist",
            args.repeat,
        ),
        compare(
            "NIST per segment",
            lambda: nist.statistics([h_txt[i] for i in long_enough], [[r_txt[i] for i in long_enough]]),
            lambda: [sentence_nist([r_tok[i]], h_tok[i]) for i in long_enough],
            "nltk sentence_nist",
            args.repeat,
        ),
        compare(
            "WER per segment",
            lambda: wer.statistics(h_txt, [r_txt]),
            lambda: [nltk.edit_distance(h, r) / len(r) for h, r in zip(h_tok, r_tok, strict=True)],
            "nltk edit_distance",
            args.repeat,
        ),
        compare(
            "METEOR per segment (impl=nltk)",
            lambda: meteor.statistics(h_txt, [r_txt]),
            lambda: [meteor_score([r], h) for h, r in zip(h_tok, r_tok, strict=True)],
            "nltk meteor_score",
            args.repeat,
        ),
        compare(
            "METEOR per segment (impl=paper)",
            lambda: paper.statistics(h_txt, [r_txt]),
            lambda: [meteor_score([r], h) for h, r in zip(h_tok, r_tok, strict=True)],
            "nltk meteor_score",
            args.repeat,
        ),
        compare(
            "METEOR impl=paper vs greedy pairing",
            lambda: paper.statistics(h_txt, [r_txt]),
            lambda: meteor.statistics(h_txt, [r_txt]),
            "impl=nltk (greedy)",
            args.repeat,
        ),
    ]
    approx = paper.corpus_score(h_txt, [r_txt]).sub_scores["approx_segments"]
    print(f"WMT21 de-en, Online-A vs reference A, {len(hyps)} segments, best of {args.repeat}")
    print(report(timings))
    print(f"METEOR impl=paper: {approx:.0f} segment(s) aligned by the beam fallback (search budget exceeded)")


if __name__ == "__main__":
    main()
