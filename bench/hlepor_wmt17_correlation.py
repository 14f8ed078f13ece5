"""Segment-level correlation of hLEPOR and hLEPOR_E with WMT17 DA (dev data), word-only vs POS.

Run as ``NLTK_DATA=../shared/nltk_data python bench/hlepor_wmt17_correlation.py``. For each of the
2,800 judged segments (560 per pair, cs/de/ru/tr/zh-en) the raw, cased system output (line ``sid``
of ``<lp>/newstest2017.<system>.<lp>.gz``) is scored against the raw reference with default
settings (13a tokens, mixed case; the POS variant tags with NLTK's English perceptron tagger, so
only the English side is tagged, as it is a to-English task). Prints Pearson r and Kendall tau
(variant b, ties in neither) per pair; docs/results/hlepor-wmt17.md holds one run.
"""

from __future__ import annotations

import csv
import gzip
from functools import cache
from pathlib import Path

import numpy as np

import mtmetrics

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dev" / "wmt17-da"


@cache
def _lines(path: Path) -> list[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [line.lstrip("\ufeff") for line in fh.read().split("\n")]


def _kendall(x: np.ndarray, y: np.ndarray) -> float:
    dx = np.sign(x[:, None] - x[None, :])
    dy = np.sign(y[:, None] - y[None, :])
    concordant = float(np.sum(dx * dy)) / 2
    tx = float(np.sum(dx != 0)) / 2
    ty = float(np.sum(dy != 0)) / 2
    return concordant / np.sqrt(tx * ty)


def main() -> None:
    with gzip.open(DATA / "derived" / "newstest2017.da-seg.joined.tsv.gz", "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    configs = {
        "hLEPOR (defaults 9:1, 7:2:1)": {},
        "hLEPOR, preset de-en words": {"preset": "de-en"},
        "hLEPOR_E, nltk, preset de-en (1:9)": {"preset": "de-en", "pos": "nltk"},
        "hLEPOR_E, nltk, w_word:w_pos 9:1": {"preset": "de-en", "pos": "nltk", "w_word": 9.0, "w_pos": 1.0},
        "hLEPOR_POS only (w_word 0)": {"preset": "de-en", "pos": "nltk", "w_word": 0.0, "w_pos": 1.0},
    }
    pairs = sorted({r["lp"] for r in rows})
    print(f"| metric | {' | '.join(pairs)} | all |")
    print(f"|---|{'---|' * (len(pairs) + 1)}")
    for label, params in configs.items():
        metric = mtmetrics.load_metric("hlepor", **params)  # type: ignore[arg-type]
        cells = []
        for lp in [*pairs, None]:
            sel = [r for r in rows if lp is None or r["lp"] == lp]
            hyps = [
                _lines(DATA / r["lp"] / f"newstest2017.{r['text_from']}.{r['lp']}.gz")[int(r["sid"]) - 1] for r in sel
            ]
            refs = [_lines(DATA / f"newstest2017-{r['lp'].replace('-', '')}-ref.en")[int(r["sid"]) - 1] for r in sel]
            scores = metric.statistics(hyps, [refs]).array[:, 0]
            human = np.array([float(r["z"]) for r in sel])
            cells.append(f"{np.corrcoef(scores, human)[0, 1]:.3f} / {_kendall(scores, human):.3f}")
        print(f"| {label} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
