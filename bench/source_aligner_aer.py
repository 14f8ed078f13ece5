"""AER of the eflomal adapter on the awesome-align gold alignments, without and with extra parallel text.

Run: ``python bench/source_aligner_aer.py`` (needs ``pip install eflomal``). For en-fr the extra
training data is multi30k (train, en-fr, 29,000 pairs, tokenised with sacrebleu's 13a and
lowercased like the gold text); the other pairs have no extra data here. This proves the
pipeline (reading, aligning, symmetrising, scoring), not the aligner. eflomal is a sampler
without a seed, so numbers vary by about ±0.01 between runs.
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path

from mtmetrics.resources.tokenizers import get_tokenizer
from mtmetrics_source.aligners import SYMMETRISATIONS, EflomalAligner, aer, symmetrise
from mtmetrics_source.alignments import read_pharaoh

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
GOLD = DATA / "align" / "awesome-align-gold" / "examples"
MULTI30K = DATA / "parallel" / "multi30k" / "data" / "task1" / "raw"


def multi30k_en_fr(limit: int | None = None) -> tuple[list[str], list[str]]:
    tok = get_tokenizer("13a")
    out = []
    for lang in ("en", "fr"):
        with gzip.open(MULTI30K / f"train.{lang}.gz", "rt", encoding="utf-8") as fh:
            out.append([tok(line.strip()).lower() for line in fh][:limit])
    return out[0], out[1]


def evaluate(pair: str, extra: tuple[list[str], list[str]] | None) -> dict[str, float]:
    texts = (GOLD / f"{pair}.src-tgt").read_text(encoding="utf-8").split("\n")[:-1]
    src = [t.split(" ||| ")[0].split() for t in texts]
    tgt = [t.split(" ||| ")[1].split() for t in texts]
    gold = read_pharaoh(GOLD / f"{pair}.gold", one_based=True)
    aligner = EflomalAligner(extra=extra, extra_name="multi30k" if extra else None)
    als = aligner.align(src, tgt)
    sure = [s for s, _ in gold]
    possible = [p for _, p in gold]
    out = {"fwd": aer([a.fwd for a in als], sure, possible), "rev": aer([a.rev for a in als], sure, possible)}
    for sym in SYMMETRISATIONS:
        out[sym] = aer(
            [symmetrise(sym, len(s), len(t), a.fwd, a.rev) for s, t, a in zip(src, tgt, als, strict=True)],
            sure,
            possible,
        )
    return out


def main() -> None:
    pairs = sys.argv[1:] or ["enfr", "roen", "zhen", "jaen"]
    for pair in pairs:
        t = time.time()
        res = evaluate(pair, None)
        print(
            f"{pair} no extra data   "
            + "  ".join(f"{k}={v:.3f}" for k, v in res.items())
            + f"  ({time.time() - t:.0f}s)"
        )
        if pair == "enfr":
            t = time.time()
            res = evaluate(pair, multi30k_en_fr())
            print(
                f"{pair} +multi30k en-fr "
                + "  ".join(f"{k}={v:.3f}" for k, v in res.items())
                + f"  ({time.time() - t:.0f}s)"
            )


if __name__ == "__main__":
    main()
