"""Choose SSCN's defaults (``n``, ``constraint``, ``constrain``, ``unaligned``) on development data only.

    python bench/sscn_tune.py [--align-cache /tmp/mtmetrics-align-cache] [--output FILE] [--json FILE]

Data: the development set for source-based metrics, WMT22 general to-English segment DA
(``dev/wmt22-general/derived/generaltest2022.<lp>.da-seg.joined.tsv.gz`` for ja, ru, uk, liv -> en;
columns ``source``, ``ref_A``, ``hyp``, ``z``). zh-en is not used (its MQM judgments are held out).
The same 500 source segments per pair as ``docs/results/meta-wmt22-da-dev.md`` are kept (all
systems' rows of each; :func:`mtmetrics_meta.report.sample_table`, seed 12345; liv-en has 420),
and the systems whose output is a reference are dropped, as ``meta report`` does.

Alignment: per pair (sources split at spaces, ``src_tokenize=none``, as when the defaults were
chosen), the distinct source<->hypothesis and source<->reference pairs are aligned in
ONE eflomal run (:func:`mtmetrics_source.table_alignments.table_annotations`, eflomal model 3,
grow-diag-final-and, eflomal's default sampler settings, no extra data). eflomal has no seed: its
links (both directions) are saved in ``--align-cache`` on the first run and read back on every
later one, so every variant is scored from the same links (and ``mtmetrics meta report
--aligner eflomal --align-cache DIR`` on the same sample reads the same files).

Scored: every SSCN variant n in 1..4 x constraint in {1, 2, union, intersect} x constrain in
{all, any} x unaligned in {disagree, agree} (at n = 1 ``all`` and ``any`` coincide, so only
``all`` is run), plus BLEU, BLEUS, chrF, PRS, MPR and DUP for context. Criterion, fixed before
running: the mean over the four pairs of the segment-level Pearson correlation with the DA
z-scores (rows pooled within a pair, as in ``meta report``); the variant with the highest mean
among the ``unaligned=disagree`` ones gives the defaults. ``unaligned`` itself is not tuned: it
stays the literal reading of the definition (docs/metrics.md §4.1); the ``agree`` variants are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

import mtmetrics  # noqa: E402
from mtmetrics.io.tables import Columns, Table, detect_columns, read_table  # noqa: E402
from mtmetrics.stats.correlation import pearson  # noqa: E402
from mtmetrics_meta.report import drop_systems, reference_systems, sample_table  # noqa: E402
from mtmetrics_source.aligners import EflomalAligner  # noqa: E402
from mtmetrics_source.table_alignments import table_annotations  # noqa: E402
from tests.datapaths import DATA  # noqa: E402

DEV = DATA / "dev" / "wmt22-general" / "derived"
PAIRS = ("ja-en", "liv-en", "ru-en", "uk-en")
SEED = 12345
SAMPLE = 500
CONTEXT = ("bleu", "bleus", "chrf", "prs", "mpr", "dup")


def variants() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, metric, params) of everything scored."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for n in (1, 2, 3, 4):
        for con in ("1", "2", "union", "intersect"):
            for words in ("all",) if n == 1 else ("all", "any"):
                for unal in ("disagree", "agree"):
                    params = {"n": n, "constraint": con, "constrain": words, "unaligned": unal}
                    out.append((f"sscn n={n} con={con} {words} unal={unal}", "sscn", params))
    out.extend((name, name, {}) for name in CONTEXT)
    return out


def load(lp: str) -> tuple[Table, Columns]:
    """The sampled dev table of one pair, reference systems dropped (as ``meta report``)."""
    return sampled_table(DEV / f"generaltest2022.{lp}.da-seg.joined.tsv.gz")


def sampled_table(path: Path) -> tuple[Table, Columns]:
    """A derived DA table, reference systems dropped, ``SAMPLE`` source segments sampled with ``SEED``
    (as ``meta report --sample-segments``); ``bench/source_tokenize.py`` scores the same rows."""
    table = read_table(path)
    cols = detect_columns(table, None, None, None, None, None, None, False)
    refsys = reference_systems(table, cols, split="+")
    if refsys:
        table = drop_systems(table, cols, set(refsys), "+")
    table, _ = sample_table(table, cols, SAMPLE, SEED)
    return table, cols


def write_sample(path: Path) -> None:
    """The sampled rows of every pair, in pair order, as one TSV with the tables' columns."""
    with open(path, "w", encoding="utf-8") as fh:
        for k, lp in enumerate(PAIRS):
            table, _ = load(lp)
            names = list(table.columns)
            if k == 0:
                fh.write("\t".join(names) + "\n")
            for i in range(len(table)):
                fh.write("\t".join(str(table.columns[c][i]) for c in names) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--align-cache", type=Path, default=Path("/tmp/mtmetrics-align-cache"))
    ap.add_argument("--output", type=Path, default=None, help="write the table as Markdown here")
    ap.add_argument("--json", type=Path, default=None, help="write every correlation as JSON here")
    ap.add_argument(
        "--write-sample",
        type=Path,
        default=None,
        help="only write the sampled dev rows of the four pairs as one TSV here (the training table of "
        "'meta mct' in docs/results/source-features-wmt21.md) and stop",
    )
    args = ap.parse_args()
    if args.write_sample:
        write_sample(args.write_sample)
        return
    aligner = EflomalAligner(sym="grow-diag-final-and", model=3)
    table_r: dict[str, list[float]] = {}
    sizes = {}
    for lp in PAIRS:
        table, cols = load(lp)
        t0 = time.perf_counter()
        # the source split at spaces (src_tokenize=none), as when the defaults were chosen;
        # bench/source_tokenize.py compares the source tokenizers
        ann = table_annotations(table, cols, aligner, args.align_cache, "none")
        t_align = time.perf_counter() - t0
        src = table.columns[cols.source] if cols.source else None
        hyps = table.columns[cols.hyp]
        refs = [table.columns[c] for c in cols.refs]
        z = table.numbers("z")
        sizes[lp] = len(hyps)
        for label, name, params in variants():
            srctok = {"src_tokenize": "none"} if name in ("sscn", "prs", "mpr") else {}
            metric = mtmetrics.load_metric(name, **params, **srctok)
            results = metric.segment_scores(
                hyps,
                refs,
                src if metric.metric.inputs.source else None,
                ann if metric.metric.inputs.annotations else None,
            )
            scores = np.array([r.score for r in results], dtype=float)
            table_r.setdefault(label, []).append(pearson(scores, z))
        print(f"{lp}: {len(hyps)} rows, alignment {t_align:.1f} s", file=sys.stderr)
    ranked = sorted(table_r.items(), key=lambda kv: -float(np.mean(kv[1])))
    head = "| rank | variant | " + " | ".join(PAIRS) + " | mean |"
    lines = [head, "|---|---|" + "---|" * (len(PAIRS) + 1)]
    for rank, (label, per) in enumerate(ranked, 1):
        lines.append(f"| {rank} | {label} | " + " | ".join(f"{r:.4f}" for r in per) + f" | {np.mean(per):.4f} |")
    text = "\n".join(lines)
    print(f"aligner: {aligner.signature()}; links in {args.align_cache}; rows per pair: {sizes}")
    print(text)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")
    if args.json:
        doc = {"aligner": aligner.signature(), "pairs": PAIRS, "rows": sizes, "pearson": table_r}
        args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
