"""Speed of the source metrics (SSCN, PRS, MPR, DUP) next to BLEU on WMT21 de-en (1,000 lines, 2 refs).

    python bench/source_speed.py [--repeat 3] [--align-cache /tmp/mtmetrics-align-cache]

One system's output (the first file in sorted order), references A and B, the German sources,
raw as distributed. Alignment (eflomal, source<->hypothesis and source<->both references in one
run, both directions) is timed once and kept in ``--align-cache`` (eflomal takes no seed; a
later run reads the links back and reports the cached time as 0). Each metric is then timed on
the full corpus through the public API (``corpus_score``: parameter checks, segments, statistics,
signature), best of ``--repeat`` in one process, the garbage collector paused
(:func:`runner.best_time`). The target: every source metric within a few seconds once
the alignments exist.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

from runner import best_time  # noqa: E402

import mtmetrics  # noqa: E402
from mtmetrics_source.aligners import EflomalAligner  # noqa: E402
from mtmetrics_source.table_alignments import aligned_pairs  # noqa: E402
from tests.datapaths import WMT21, read_text  # noqa: E402

METRICS = ("bleu", "sscn", "prs", "mpr", "dup")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--align-cache", type=Path, default=Path("/tmp/mtmetrics-align-cache"))
    args = ap.parse_args()
    txt = WMT21 / "txt"
    src = read_text(txt / "sources" / "newstest2021.de-en.src.de")
    refs = [read_text(txt / "references" / f"newstest2021.de-en.ref.{k}.en") for k in ("A", "B")]
    hyp_file = sorted((txt / "system-outputs").glob("newstest2021.de-en.hyp.*.en.gz"))[0]
    hyp = read_text(hyp_file)
    pairs = list(zip(src, hyp, strict=True))
    for stream in refs:
        pairs += list(zip(src, stream, strict=True))
    t0 = time.perf_counter()
    links = aligned_pairs(EflomalAligner(), pairs, args.align_cache, "bench-de-en")
    t_align = time.perf_counter() - t0
    n = len(src)
    ann: dict[str, list[Any]] = {
        "align_hyp": links[:n],
        "align_refs": list(zip(links[n : 2 * n], links[2 * n :], strict=True)),
    }
    print(f"WMT21 de-en: {n} segments, 2 references, system {hyp_file.name}; best of {args.repeat}")
    print(f"alignment (eflomal, {len(pairs)} pairs, one run; cached after the first): {t_align:.2f} s")
    print(f"{'metric':<8} {'seconds':>8} {'x BLEU':>8}")
    base = None
    for name in METRICS:
        metric = mtmetrics.load_metric(name)
        srcs = src if metric.metric.inputs.source else None
        use = ann if metric.metric.inputs.annotations else None
        few = {k: v[:20] for k, v in use.items()} if use else None
        metric.corpus_score(hyp[:20], [r[:20] for r in refs], srcs[:20] if srcs else None, few)  # load resources

        def run(m: mtmetrics.Scorer = metric, s: list[str] | None = srcs, a: dict[str, Any] | None = use) -> object:
            return m.corpus_score(hyp, refs, s, a)

        best = min(best_time(run) for _ in range(args.repeat))
        base = base or best
        print(f"{name:<8} {best:>8.3f} {best / base:>8.1f}")


if __name__ == "__main__":
    main()
