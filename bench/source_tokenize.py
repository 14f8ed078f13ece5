"""SSCN, PRS and MPR with the source split at spaces (``none``) or by a sacrebleu tokenizer: dev, then held-out.

    python bench/source_tokenize.py dev --json docs/results/source-tokenize-dev.json
    python bench/source_tokenize.py test --ja TOK --zh TOK --json docs/results/source-tokenize-wmt21.json

``dev`` (development data only, ``dev/wmt22-general``): segment-level Pearson r of SSCN, PRS and
MPR (defaults but ``src_tokenize``) with DA z on the 500-segment samples of ``bench/sscn_tune.py``
(same rows, seed 12345, reference systems dropped) for ja-en with the source split by ``none``
(at spaces), ``ja-mecab`` and ``char``, and for ru-en and uk-en with ``none`` and ``13a``; plus
system-level Pearson r on zh-en (segment DA cannot be joined there) over 500 sampled lines with
``none``, ``zh`` and ``char``. ``test`` (WMT21, held out): ja-en segment level (the 500-segment
sample of ``docs/results/source-features-wmt21.md``) and zh-en system level (500 sampled lines,
23 systems; segment DA cannot be joined) with ``none`` and the tokenizer chosen on dev.

Alignment: eflomal 2.0 (model 3, grow-diag-final-and), one run per pair over its distinct
source-hypothesis and source-reference pairs (``table_annotations``), sources split by the
tokenizer under test, targets at spaces. eflomal takes no seed, so every setting is aligned
``--runs`` times (fresh runs, no cache) and each run's correlation is reported: the spread between
runs is the noise floor against which tokenizers are compared.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

from sscn_tune import SAMPLE, SEED, sampled_table  # noqa: E402

import mtmetrics  # noqa: E402
from mtmetrics.io.tables import Columns, Table  # noqa: E402
from mtmetrics.stats.correlation import pearson  # noqa: E402
from mtmetrics_source.aligners import EflomalAligner  # noqa: E402
from mtmetrics_source.table_alignments import table_annotations  # noqa: E402
from tests.datapaths import DATA  # noqa: E402

METRICS = ("sscn", "prs", "mpr")
WMT22 = DATA / "dev" / "wmt22-general"
WMT21 = DATA / "test" / "wmt21-news"


def read_lines(path: Path) -> list[str]:
    opener: Any = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [line.rstrip("\n") for line in fh]


def sys_table(root: Path, prefix: str, ranking: Path, drop: set[str]) -> tuple[Table, Columns, dict[str, float]]:
    """zh-en: every system's output on 500 sampled lines (reference A) and its DA z (system level)."""
    src = read_lines(root / "txt" / "sources" / f"{prefix}.zh-en.src.zh")
    ref = read_lines(root / "txt" / "references" / f"{prefix}.zh-en.ref.A.en")
    human: dict[str, float] = {}
    for line in ranking.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if parts and parts[-1] not in drop:
            human[parts[-1]] = float(parts[1])
    lines = sorted(np.random.default_rng([SEED, 0]).choice(len(src), SAMPLE, replace=False).tolist())
    cols: dict[str, list[str]] = {"lp": [], "system": [], "segment": [], "source": [], "ref": [], "hyp": []}
    for name in sorted(human):
        hyp = read_lines(root / "txt" / "system-outputs" / f"{prefix}.zh-en.hyp.{name}.en.gz")
        for i in lines:
            for key, value in zip(cols, ("zh-en", name, str(i + 1), src[i], ref[i], hyp[i]), strict=True):
                cols[key].append(value)
    table = Table("zh-en", "", cols)
    return table, Columns("system", "segment", "hyp", ("ref",), "source", "lp"), human


def scores(table: Table, cols: Columns, tok: str) -> dict[str, np.ndarray]:
    """Segment scores of SSCN, PRS and MPR with the source split by ``tok`` (one fresh eflomal run)."""
    ann = table_annotations(table, cols, EflomalAligner(), None, tok)
    src = table.columns[cols.source or "source"]
    hyps = table.columns[cols.hyp]
    refs = [table.columns[c] for c in cols.refs]
    out = {}
    for name in METRICS:
        metric = mtmetrics.load_metric(name, src_tokenize=tok)
        out[name] = np.array([r.score for r in metric.segment_scores(hyps, refs, src, ann)], dtype=float)
    return out


def segment_level(table: Table, cols: Columns, tokenizers: list[str], runs: int) -> dict[str, Any]:
    z = table.numbers("z")
    res: dict[str, Any] = {"rows": len(z)}
    for tok in tokenizers:
        for _ in range(runs):
            t0 = time.perf_counter()
            got = scores(table, cols, tok)
            for name, s in got.items():
                res.setdefault(tok, {}).setdefault(name, []).append(round(pearson(s, z), 4))
            print(f"  {tok}: {res[tok]} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return res


def system_level(
    table: Table, cols: Columns, human: dict[str, float], tokenizers: list[str], runs: int
) -> dict[str, Any]:
    systems = table.columns[cols.system]
    names = sorted(human)
    res: dict[str, Any] = {"systems": len(names), "lines": SAMPLE}
    for tok in tokenizers:
        for _ in range(runs):
            t0 = time.perf_counter()
            got = scores(table, cols, tok)
            for name, s in got.items():
                per = np.array([s[[k for k, x in enumerate(systems) if x == sysname]].mean() for sysname in names])
                res.setdefault(tok, {}).setdefault(name, []).append(
                    round(pearson(per, np.array([human[n] for n in names])), 4)
                )
            print(f"  {tok}: {res[tok]} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", choices=("dev", "test"))
    ap.add_argument("--runs", type=int, default=2, help="eflomal runs per setting (default 2)")
    ap.add_argument("--ja", default="ja-mecab", help="test: the Japanese source tokenizer chosen on dev")
    ap.add_argument("--zh", default="zh", help="test: the Chinese source tokenizer chosen on dev")
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args()
    doc: dict[str, Any] = {"aligner": EflomalAligner().signature(), "runs": args.runs, "sample": SAMPLE, "seed": SEED}
    if args.part == "dev":
        derived = WMT22 / "derived"
        for lp, toks in (
            ("ja-en", ["none", "ja-mecab", "char"]),
            ("ru-en", ["none", "13a"]),
            ("uk-en", ["none", "13a"]),
        ):
            print(lp, file=sys.stderr)
            table, cols = sampled_table(derived / f"generaltest2022.{lp}.da-seg.joined.tsv.gz")
            doc[f"{lp} segment"] = segment_level(table, cols, toks, args.runs)
        print("zh-en", file=sys.stderr)
        ranking = WMT22 / "humaneval" / "DA" / "newstest2022-toen" / "ad-sys-ranking-zh-en-z-names.csv"
        table, cols, human = sys_table(WMT22, "generaltest2022", ranking, {"HUMAN-B"})
        doc["zh-en system"] = system_level(table, cols, human, ["none", "zh", "char"], args.runs)
    else:
        print("ja-en", file=sys.stderr)
        table, cols = sampled_table(WMT21 / "derived" / "newstest2021.ja-en.da-seg.joined.tsv.gz")
        doc["ja-en segment"] = segment_level(table, cols, ["none", args.ja], args.runs)
        print("zh-en", file=sys.stderr)
        ranking = WMT21 / "humaneval" / "newstest2021-toen" / "ad-sys-ranking-zh-en-z-names.csv"
        table, cols, human = sys_table(WMT21, "newstest2021", ranking, {"HUMAN"})
        doc["zh-en system"] = system_level(table, cols, human, ["none", args.zh], args.runs)
    args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
