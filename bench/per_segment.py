"""hLEPOR's per-segment roads against the metric's own work, side by side in one run.

    python bench/per_segment.py [--segments 10000] [--repeat 5] [--roads sl save-scores ...]

What is measured, for ``hlepor`` at its default parameters (``-m hlepor``: 13a, mixed case, the
paper's aligner) with the compiled kernel (numba, forced: the bench exits without it), on the
first ``--segments`` rows (default 10^4) of WMT21 ja-en's segment-level DA table
(``derived/newstest2021.ja-en.da-seg.joined.tsv.gz``: real raw outputs of all ja-en systems,
reference A, the DA z-score). Every road scores the same segments:

* ``segment_scores``: ``metric.segment_scores(hyps, [refs])``, one Result per segment;
* ``sentence_score``: ``metric.sentence_score(h, [r])`` in a Python loop, one call per segment;
* ``-sl``: ``mtmetrics REF -i HYP -m hlepor -sl --no-progress`` through the CLI's ``main`` in
  this process (interpreter start-up, imports and the kernel's compilation are left out: they are
  paid once per process, before any segment); the hypotheses and the reference are files, the
  table goes to a file;
* ``-sl -b``: the same with ``-b`` (bare scores, sacrebleu's ``-sl -b``);
* ``meta``: ``mtmetrics meta correlate TABLE -m hlepor --levels segment --kinds pearson
  --bootstrap-n 0`` through its ``main`` in this process: reading the table, scoring a metric
  column (``score_specs``, the meta segment table), one Pearson coefficient, the text output;
* ``save-scores``: the same with ``--save-scores DIR`` (writes ``DIR/hlepor.seg.score``).

The metric's own work for a road ("own") is timed directly on segments built beforehand
(untimed): the metric's statistics (``corpus_statistics``) on the same batches the road hands it
(one segment at a time for ``sentence_score``, the engine's chunks of
:data:`mtmetrics.engine.scoring.CHUNK` segments for ``segment_scores`` and ``-sl``, meta's tasks of
:data:`mtmetrics.engine.tables.TASK_ROWS` rows for the table roads), then each segment's score
from its statistics row, as the road needs it: ``compute_score`` (the full Score, sub-scores
too) for the API roads, which return them; the main score alone for the others, by the
cheapest exact means (``score_rows``, or column 0 where the metric keeps
:meth:`~mtmetrics.Metric.compute_score`'s default for ``mean`` metrics, whose score is the row's
first entry). Everything else a road does is overhead: building segments (and checking them),
reading and writing files, signatures and Result objects, formatting, the table's checksum.

overhead = 1 - own / road, from the best of ``--repeat`` runs of each; "paired" is the median
over the runs of 1 - own / road of each own run and the road run right after it (steadier when
the machine's load changes between runs). Every run alternates own and road; sacrebleu's
tokeniser caches are cleared before every timed run (both sides tokenise anew). Times are this
process's CPU seconds (``time.process_time``, the garbage collector paused as in
``runner.best_time``): every road runs in this process (``-j 1``), and on a machine shared with
other work CPU time is far steadier than wall-clock time, which counts the waits for a core
(``--wall`` times wall-clock seconds instead). The outputs are checked first: the roads' scores
equal the own work's. Not a test: timings are never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib.util
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from per_metric import clear_tokenizer_caches
from runner import best_time, cpu_time

import mtmetrics
from mtmetrics.api import Scorer
from mtmetrics.metric import Segment, build_segments

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TABLE = DATA / "test" / "wmt21-news" / "derived" / "newstest2021.ja-en.da-seg.joined.tsv.gz"
#: the roads, in the order they are reported
ROADS = ("segment_scores", "sentence_score", "sl", "sl-b", "meta", "save-scores")
#: the target: at most this share of a road's time outside the metric
TARGET = 0.10


@dataclass(frozen=True)
class Case:
    """One road and the metric's own work on the same segments (zero-argument callables)."""

    name: str
    road: Callable[[], object]
    own: Callable[[], object]


def load_table(segments: int, path: Path = TABLE) -> tuple[str, list[str]]:
    """The header and the first ``segments`` rows of the DA table (raw lines)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    rows = [line for line in lines[1:] if line][:segments]
    if len(rows) < segments:
        raise SystemExit(f"{path} has {len(rows)} rows, fewer than {segments}")
    return lines[0], rows


def own_batches(scorer: Scorer, batches: Sequence[Sequence[Segment]], full: bool) -> list[object]:
    """The metric's own work: statistics of each batch, then each row's score (``full``: the Score;
    else the main score by the cheapest exact means, :meth:`mtmetrics.Metric.score_rows`)."""
    metric = scorer.metric
    out: list[object] = []
    for batch in batches:
        rows = np.asarray(metric.corpus_statistics(batch), dtype=np.float64)
        if full:
            out.extend(metric.compute_score(row) for row in rows)
        else:
            out.extend(metric.score_rows(rows).tolist())
    return out


def cut(segments: list[Segment], size: int) -> list[list[Segment]]:
    """``segments`` in batches of ``size``."""
    return [segments[a : a + size] for a in range(0, len(segments), size)]


def cli(argv: list[str], out: Path) -> None:
    """``mtmetrics ARGV`` in this process, standard output to ``out``; a failure exits the bench."""
    from mtmetrics.cli import main

    with open(out, "w", encoding="utf-8") as fh, contextlib.redirect_stdout(fh):
        status = main(argv)
    if status:
        raise SystemExit(f"mtmetrics {' '.join(argv)} exited with {status}")


def cases(metric: Scorer, header: str, rows: list[str], tmp: Path) -> list[Case]:
    """The roads and their own work on the table's rows (files written to ``tmp``)."""
    from mtmetrics.engine.scoring import CHUNK
    from mtmetrics.engine.tables import TASK_ROWS

    names = header.split("\t")
    fields = [row.split("\t") for row in rows]
    hyps = [f[names.index("hyp")] for f in fields]
    refs = [f[names.index("ref_A")] for f in fields]
    segments = build_segments(hyps, [refs])
    one = cut(segments, 1)
    hyp_file, ref_file, table_file = tmp / "hyp", tmp / "ref", tmp / "table.tsv"
    hyp_file.write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    ref_file.write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    table_file.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    out = tmp / "stdout"
    sl = [str(ref_file), "-i", str(hyp_file), "-m", "hlepor", "-sl", "--no-progress"]
    meta = ["meta", "correlate", str(table_file), "-m", "hlepor", "--levels", "segment", "--kinds", "pearson"]
    meta += ["--bootstrap-n", "0"]
    return [
        Case(
            "segment_scores",
            lambda: metric.segment_scores(hyps, [refs]),
            lambda: own_batches(metric, cut(segments, CHUNK), True),
        ),
        Case(
            "sentence_score",
            lambda: [metric.sentence_score(h, [r]) for h, r in zip(hyps, refs, strict=True)],
            lambda: own_batches(metric, one, True),
        ),
        Case("sl", lambda: cli(sl, out), lambda: own_batches(metric, cut(segments, CHUNK), False)),
        Case("sl-b", lambda: cli([*sl, "-b"], out), lambda: own_batches(metric, cut(segments, CHUNK), False)),
        Case("meta", lambda: cli(meta, out), lambda: own_batches(metric, cut(segments, TASK_ROWS), False)),
        Case(
            "save-scores",
            lambda: cli([*meta, "--save-scores", str(tmp / "saved")], out),
            lambda: own_batches(metric, cut(segments, TASK_ROWS), False),
        ),
    ]


def check(metric: Scorer, header: str, rows: list[str], tmp: Path) -> None:
    """The roads give the own work's scores (the printed ones to their decimals); else exit."""
    names = header.split("\t")
    fields = [row.split("\t") for row in rows]
    segments = build_segments([f[names.index("hyp")] for f in fields], [[f[names.index("ref_A")] for f in fields]])
    expected = own_batches(metric, [segments], False)
    by_road = {c.name: c for c in cases(metric, header, rows, tmp)}
    api = [r.score for r in by_road["segment_scores"].road()]  # type: ignore[attr-defined]
    if api != expected:
        raise SystemExit("segment_scores: the scores differ from the metric's own")
    by_road["sl-b"].road()
    printed = [float(x) for x in (tmp / "stdout").read_text(encoding="utf-8").split()]
    if printed != [float(f"{x:.4f}") for x in expected]:
        raise SystemExit("-sl -b: the printed scores differ from the metric's own")
    by_road["save-scores"].road()
    saved = [float(line.split("\t")[1]) for line in (tmp / "saved" / "hlepor.seg.score").read_text().splitlines()]
    if saved != expected:
        raise SystemExit("--save-scores: the saved scores differ from the metric's own")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--roads", nargs="+", choices=ROADS, default=list(ROADS))
    parser.add_argument("--wall", action="store_true", help="time wall-clock seconds, not CPU seconds")
    args = parser.parse_args()
    timer = best_time if args.wall else cpu_time
    if importlib.util.find_spec("numba") is None:
        raise SystemExit("numba is not installed: this bench times hLEPOR's compiled kernel")
    from mtmetrics.resources import kernels

    header, rows = load_table(args.segments)
    with kernels.forced("numba"), tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        metric = mtmetrics.load_metric("hlepor")
        check(metric, header, rows, tmp)  # also warms: imports, compiled kernel, tables
        print(
            f"hLEPOR ({metric.get_signature()}), numba kernel; {len(rows)} segments of {TABLE.name}; "
            f"best of {args.repeat}, own and road alternating, {'wall-clock' if args.wall else 'CPU'} seconds; "
            "CLI roads in this process"
        )
        print(f"{'road':<16} {'road s':>8} {'own s':>8} {'overhead':>9} {'paired':>9}  us/segment outside")
        for case in (c for c in cases(metric, header, rows, tmp) if c.name in args.roads):
            road, own = [], []
            for _ in range(args.repeat):
                clear_tokenizer_caches()
                own.append(timer(case.own))
                clear_tokenizer_caches()
                road.append(timer(case.road))
            r, o = min(road), min(own)
            paired = statistics.median(1 - a / b for a, b in zip(own, road, strict=True))
            flag = "" if 1 - o / r <= TARGET else f"  > {TARGET:.0%}"
            print(
                f"{case.name:<16} {r:>7.3f}s {o:>7.3f}s {1 - o / r:>9.1%} {paired:>9.1%}  "
                f"{(r - o) / len(rows) * 1e6:8.1f}{flag}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
