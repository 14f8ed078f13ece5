"""comet against unbabel-comet's ``predict`` (what ``comet-score`` runs) on one checkpoint, in one run.

    python bench/neural.py [--model FOLDER] [-n 500] [--repeat 3]

Segments per second of both on the first ``-n`` WMT21 de-en segments (Online-A, reference A, German
source), on the same machine and checkpoint, and the largest per-segment difference. Without
``--model`` a tiny random-weight checkpoint is built (:mod:`mtmetrics_neural.tiny`): then the ratio
measures the overheads (Lightning's trainer, batching) rather than the encoder. Target: mtmetrics at
least as fast as unbabel-comet with ``batch_tokens=N`` (both sort by length); the default
(``batch_tokens=0``, one segment per forward pass, exact whatever the chunking) pays the per-call
overhead for every segment, which dominates on a tiny model and matters less on a real one.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.datapaths import WMT21, read_text  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="an unbabel-comet model folder (default: a tiny random one)")
    ap.add_argument("-n", type=int, default=500, help="segments (default 500)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=16, help="unbabel-comet's batch size (its default: 16)")
    args = ap.parse_args()
    os.environ.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")

    from comet import load_from_checkpoint

    import mtmetrics
    from mtmetrics_neural.tiny import tiny_checkpoint

    txt = WMT21 / "txt"
    hyps = read_text(txt / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz")[: args.n]
    refs = read_text(txt / "references" / "newstest2021.de-en.ref.A.en")[: args.n]
    srcs = read_text(txt / "sources" / "newstest2021.de-en.src.de")[: args.n]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.model) if args.model else tiny_checkpoint(Path(tmp), "regression_metric", positions=514)
        theirs = load_from_checkpoint(str(folder / "checkpoints" / "model.ckpt"), local_files_only=True)
        samples = [{"src": s, "mt": h, "ref": r} for s, h, r in zip(srcs, hyps, refs, strict=True)]
        n = len(hyps)
        best_theirs = math.inf
        b: list[float] = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            b = list(theirs.predict(samples, batch_size=args.batch_size, gpus=0, progress_bar=False).scores)
            best_theirs = min(best_theirs, time.perf_counter() - t)
        print(f"{n} segments, checkpoint {folder}")
        print(f"unbabel-comet predict  {n / best_theirs:8.1f} seg/s (batch size {args.batch_size})")
        for budget in (0, 8192):
            ours = mtmetrics.load_metric("comet", model=str(folder), batch_tokens=budget)
            ours.corpus_score(hyps[:4], [refs[:4]], srcs[:4])  # load the model once, outside the timing
            best = math.inf
            a: list[float] = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                a = [r.score for r in ours.segment_scores(hyps, [refs], srcs)]
                best = min(best, time.perf_counter() - t)
            diff = max(abs(x - y) for x, y in zip(a, b, strict=True))
            print(
                f"mtmetrics batch_tokens={budget:<5} {n / best:8.1f} seg/s = {best_theirs / best:5.2f}x "
                f"unbabel-comet's speed, max |difference| {diff:.2e}"
            )


if __name__ == "__main__":
    main()
