"""``mtmetrics meta report``: a Markdown report of many metrics on one dataset."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import plugins
from ...errors import InputError, ParameterError
from ...io.files import atomic_write, check_writable
from ...io.tables import Columns, Table, default_human, detect_columns, read_table
from ...meta.correlate import Correlations
from ...meta.models import BootstrapInfo, ClusterCell, MetricInfo, PermutationInfo, Report, TableReport, Timing
from ...meta.precomputed import is_precomputed, merge_scores
from ...stats.correlation import KINDS
from ...stats.metaeval import ALL_KINDS, LEVELS, MetricScores
from ...stats.significance import DEFAULT_SEED
from ..args import StrictArgumentParser
from .alignopts import add_aligner_args, table_alignments
from .common import (
    DEFAULT_BOOT,
    _check_plot,
    _dump,
    build_metrics,
    correlation_plots,
    scoring_progress,
    system_resampling_arg,
    wrote,
)


# ------------------------------------------------------------------------------ report
def _report_parser() -> argparse.ArgumentParser:
    p = StrictArgumentParser(
        prog="mtmetrics meta report",
        description="A Markdown report of many metrics on one dataset: segment- and system-level Pearson, "
        "Spearman and Kendall with bootstrap intervals, Williams significance clusters, signatures, the data's "
        "SHA-256, the seed, the command and the time taken.",
    )
    p.add_argument(
        "tables", nargs="+", metavar="TABLE", help="one or more tables of judged segments (as for correlate)"
    )
    p.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        metavar="METRIC",
        help="metrics (default: every registered metric that runs on plain text: no source, annotations or model file)",
    )
    p.add_argument("--human", nargs="+", metavar="COL", help="human score column(s) (default: z, mqm, ... per table)")
    for flag in ("--system-col", "--segment-col", "--source-col", "--hyp-col", "--group-col"):
        p.add_argument(flag)
    p.add_argument("--ref-cols", nargs="+", metavar="COL")
    p.add_argument("--no-group", action="store_true")
    p.add_argument("--no-split-systems", action="store_true")
    p.add_argument(
        "--levels", nargs="+", choices=LEVELS, default=["segment", "system"], help="(default: segment system)"
    )
    p.add_argument(
        "--kinds",
        nargs="+",
        choices=ALL_KINDS,
        default=list(KINDS),
        help="measures (default: pearson spearman kendall); also accuracy, soft-accuracy (system level) and acc-eq "
        "(segment and item level), as for meta correlate",
    )
    p.add_argument(
        "--permutations",
        type=int,
        default=1000,
        help="permutations of the PERM-BOTH clusters (next to Williams') and of soft-accuracy (default 1000; "
        "0: no permutation clusters)",
    )
    p.add_argument(
        "--sample-segments",
        type=int,
        metavar="N",
        help="keep N source segments per group (seeded; all systems' rows of each), for large tables",
    )
    p.add_argument(
        "--keep-reference-systems",
        action="store_true",
        help="keep systems whose output is one of the references (dropped by default and named in the report)",
    )
    p.add_argument(
        "--segment-test",
        choices=("perm-items", "williams"),
        default="perm-items",
        help="test of the segment- and item-level clusters (column cl): perm-items (default; PERM-BOTH swapping "
        "whole source segments, so the rows of one segment are not taken as independent) or williams (the former "
        "default: Williams' test with n = all rows, which treats the systems x segments rows as independent)",
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--bootstrap-n", type=int, default=DEFAULT_BOOT)
    system_resampling_arg(p)
    add_aligner_args(p)
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes for scoring")
    p.add_argument("-o", "--output", metavar="REPORT.md", help="write the Markdown here (default: standard output)")
    p.add_argument("--json", metavar="PATH", help="also write every number as JSON")
    p.add_argument("--plot", metavar="DIR", help="also draw PNG and SVG pictures into DIR (needs mtmetrics[plot])")
    p.add_argument("--title", help="report title (default: the tables' names)")
    p.add_argument("--note", help="a sentence on the settings, printed near the top")
    p.add_argument("-w", "--width", type=int, default=3, help="decimals")
    return p


def _cross(
    scores: Sequence[MetricScores], res: Correlations, key: tuple[str, str, str]
) -> dict[tuple[str, str], float]:
    """Pearson correlations between the metrics' points (segment or system scores) of one cell."""
    import numpy as np

    specs = [s.spec for s in scores]
    stack = np.vstack([res.points[(key[0], key[1], key[2], sp)].metric for sp in specs])
    from ...stats.correlation import pearson_rows

    out: dict[tuple[str, str], float] = {}
    for i, a in enumerate(specs):
        others = stack[i + 1 :]
        if not len(others):
            continue
        rs = pearson_rows(np.broadcast_to(stack[i], others.shape), others)
        for b, r in zip(specs[i + 1 :], rs.tolist(), strict=True):
            out[(a, b)] = r
    return out


def _perm_test(
    res: Correlations,
    key: tuple[str, str, str],
    specs: list[str],
    k: int,
    seed: list[int],
    grouped_by: Any = None,
    blocks: Any = None,
) -> Callable[[str, str], float]:
    """PERM-BOTH p-value of "a's Pearson r beats b's" on one cell's points, seeded per ordered pair
    (``[*seed, index of a, index of b]``) and computed once.

    ``grouped_by`` (an item index per point): the measure is the mean of the within-item Pearson r
    (the item level); ``blocks``: swap the points of an item together (:func:`~.permutation.perm_both`).
    """
    from ...stats.correlation import pearson_rows
    from ...stats.permutation import item_mean_rows, perm_both

    measure = pearson_rows if grouped_by is None else item_mean_rows(grouped_by, pearson_rows)
    done: dict[tuple[str, str], float] = {}

    def test(a: str, b: str) -> float:
        if (a, b) not in done:
            pa = res.points[(key[0], key[1], key[2], a)]
            pb = res.points[(key[0], key[1], key[2], b)]
            sk = [*seed, specs.index(a), specs.index(b)]
            done[(a, b)] = perm_both(measure, pa.human, pa.metric, pb.metric, k, sk, blocks)[0]
        return done[(a, b)]

    return test


@dataclass(frozen=True)
class _Loaded:
    """One table as the report uses it: reference systems dropped, subsampled if asked."""

    table: Table
    columns: Columns
    humans: list[str]
    sample: dict[str, Any] | None  # how it was subsampled (:func:`~mtmetrics.meta.report.sample_table`)
    dropped: dict[str, float]  # reference systems left out → their share of identical rows


def _check(ns: argparse.Namespace) -> None:
    """Refuse impossible option values before any work."""
    if ns.bootstrap_n < 0 or ns.seed < 0 or ns.jobs < 1 or ns.permutations < 0:
        raise ParameterError("--bootstrap-n, --seed and --permutations must be non-negative, -j at least 1.")
    if ns.permutations == 0 and "soft-accuracy" in ns.kinds:
        raise ParameterError("soft-accuracy needs --permutations of at least 1.")
    if ns.sample_segments is not None and ns.sample_segments < 1:
        raise ParameterError("--sample-segments must be at least 1.")
    _check_plot(ns.plot)


def _load_tables(ns: argparse.Namespace, split: str | None) -> list[_Loaded]:
    """Read each table, find its columns, drop reference systems and subsample (``--sample-segments``)."""
    from ...meta.report import drop_systems, reference_systems, sample_table

    loaded = []
    for path in ns.tables:
        table = read_table(path)
        cols = detect_columns(
            table, ns.system_col, ns.segment_col, ns.hyp_col, ns.ref_cols, ns.source_col, ns.group_col, ns.no_group
        )
        humans = ns.human or ([h] if (h := default_human(table)) else [])
        if not humans:
            raise InputError(f"{table.name}: give the human score column(s) with --human.")
        for h in humans:
            if h not in table.columns:
                raise InputError(f"{table.name}: no column '{h}'; columns: {', '.join(table.columns)}.")
        refsys = {} if ns.keep_reference_systems else reference_systems(table, cols, split=split)
        if refsys:
            table = drop_systems(table, cols, set(refsys), split)
        sample = None
        if ns.sample_segments:
            table, sample = sample_table(table, cols, ns.sample_segments, ns.seed)
        loaded.append(_Loaded(table, cols, list(humans), sample, refsys))
    return loaded


def _significance(
    ns: argparse.Namespace, lt: _Loaded, scores: Sequence[MetricScores], res: Correlations
) -> tuple[tuple[ClusterCell, ...], tuple[ClusterCell, ...]]:
    """The main clusters (column *cl*: Williams or PERM-BOTH over whole source segments,
    ``--segment-test``) and the PERM-BOTH clusters (column *perm*) of every cell with a Pearson r."""
    from ...meta.report import clusters, item_ids

    cells = list(dict.fromkeys((e.group, e.human, e.level) for e in res.estimates))
    main: list[ClusterCell] = []
    perm: list[ClusterCell] = []
    specs = [s.spec for s in scores]
    for ci, (group, human, level) in enumerate(cells):
        pear = [e for e in res.estimates if (e.group, e.human, e.level, e.kind) == (group, human, level, "pearson")]
        if not pear:
            continue
        values = {e.metric: e.value for e in pear}
        n = pear[0].n
        key = (group, human, level)
        items = item_ids(lt.table, lt.columns, group) if level != "system" else None
        grouped = items if level == "item" else None  # the item level's r: within-item r, averaged
        if level == "system" or ns.segment_test == "williams":
            # the item level's r is an average of correlations: no Williams test
            ranking = [] if level == "item" else clusters(values, _cross(scores, res, key), n)
            test_name = "williams"
        elif ns.permutations:
            test = _perm_test(res, key, specs, ns.permutations, [ns.seed, ci, 1], grouped, items)
            ranking = clusters(values, {}, n, test=test)
            test_name = "perm-both-items"
        else:
            ranking, test_name = [], "none"
        main.append(ClusterCell(group, human, level, n, test_name, tuple(ranking)))
        if ns.permutations:
            test = _perm_test(res, key, specs, ns.permutations, [ns.seed, ci], grouped, None)
            ranking = clusters(values, {}, n, test=test)
            perm.append(ClusterCell(group, human, level, n, "perm-both", tuple(ranking)))
    return tuple(main), tuple(perm)


def run_report(argv: Sequence[str]) -> int:
    """``mtmetrics meta report``: read and score the tables, correlate, cluster, then render the
    typed :class:`~mtmetrics.meta.models.Report` as Markdown (and JSON, pictures)."""
    import shlex
    import time
    from pathlib import Path

    from ... import __version__
    from ...meta.correlate import CorrelationSettings, correlate
    from ...meta.markdown import markdown
    from ...meta.report import default_metric_names, exclude_by_language
    from ...stats.metaeval import score_tables

    started = time.perf_counter()
    ns = _report_parser().parse_args(argv)
    for target in (ns.output, ns.json):
        if target:
            check_writable(target)
    _check(ns)
    kinds = tuple(dict.fromkeys(["pearson", *ns.kinds]))  # the clusters rank by Pearson
    names = ns.metrics or default_metric_names(plugins.metric_registry())
    metrics = build_metrics([n for n in names if not is_precomputed(n)])
    split = None if ns.no_split_systems else "+"
    loaded = _load_tables(ns, split)
    annotations = [table_alignments(ns, lt.table, lt.columns) for lt in loaded]
    t_read = time.perf_counter()
    with scoring_progress(sum(len(lt.table) for lt in loaded) * len(metrics)) as bar:
        all_scores, unavailable = score_tables(
            [(lt.table, lt.columns) for lt in loaded],
            metrics,
            ns.jobs,
            not ns.metrics,
            annotations=annotations,
            progress=bar.advance,
        )
    skipped = {u.spec for u in unavailable}
    all_scores = [
        merge_scores([n for n in names if n not in skipped], lt.table, lt.columns, sc)
        for lt, sc in zip(loaded, all_scores, strict=True)
    ]
    t_score = time.perf_counter()
    results = []
    for lt, scores in zip(loaded, all_scores, strict=True):
        settings = CorrelationSettings(
            humans=tuple(lt.humans),
            levels=tuple(ns.levels),
            kinds=kinds,
            n_boot=ns.bootstrap_n,
            seed=ns.seed,
            split_systems=split,
            permutations=max(1, ns.permutations),
            system_resampling=ns.system_resampling,
        )
        results.append(correlate(lt.table, lt.columns, scores, settings, jobs=ns.jobs))
    language_out = [exclude_by_language(res, scores) for res, scores in zip(results, all_scores, strict=True)]
    t_corr = time.perf_counter()
    tables = []
    for lt, scores, res, excluded in zip(loaded, all_scores, results, language_out, strict=True):
        main, perm = _significance(ns, lt, scores, res)
        tables.append(
            TableReport.of(
                lt.table,
                lt.columns,
                lt.humans,
                sample=lt.sample,
                dropped_systems=lt.dropped,
                language_excluded={g: tuple(xs) for g, xs in excluded.items()},
                metrics=tuple(MetricInfo.of(s) for s in scores),
                correlations=tuple(res.estimates),
                clusters=main,
                perm_clusters=perm,
                system_points=tuple(res.system_points),
            )
        )
    t_sig = time.perf_counter()
    report = Report(
        title=ns.title or "Meta-evaluation: " + ", ".join(lt.table.name for lt in loaded),
        version=__version__,
        command="mtmetrics meta report " + shlex.join(list(argv)),
        note=ns.note,
        jobs=ns.jobs,
        bootstrap=BootstrapInfo(ns.bootstrap_n, ns.seed, ns.system_resampling),
        segment_test=ns.segment_test,
        levels=tuple(ns.levels),
        kinds=kinds,
        permutations=PermutationInfo(ns.permutations, ns.seed),
        unavailable=tuple(unavailable),
        tables=tuple(tables),
        all_scores=all_scores,
    )
    if ns.plot:
        report.plots = [str(p) for p in _report_plots(loaded, all_scores, results, Path(ns.plot))]
    done = time.perf_counter()
    report.timing = Timing(
        total=done - started,
        read=t_read - started,
        scoring=t_score - t_read,
        correlation=t_corr - t_score,
        significance=t_sig - t_corr,
        plots=done - t_sig if ns.plot else 0.0,
    )
    report.from_repository = _at_repository_root()
    text = markdown(report, ns.width)
    if ns.output:
        atomic_write(ns.output, text)
        wrote(ns.output, "report")
    else:
        sys.stdout.write(text)
    if ns.json:
        atomic_write(ns.json, _dump(report.to_json()))
        wrote(ns.json, "JSON")
    if report.plots:
        wrote(ns.plot, f"{len(report.plots)} pictures")
    return 0


def _at_repository_root() -> bool:
    """Whether the current directory is mtmetrics' own repository root (where its reports are made)."""
    here = Path.cwd()
    return (here / "pyproject.toml").is_file() and (here / "mtmetrics" / "metric.py").is_file()


def _report_plots(
    loaded: Sequence[_Loaded],
    all_scores: Sequence[Sequence[MetricScores]],
    results: Sequence[Correlations],
    out_dir: Any,
) -> list[Any]:
    paths = []
    for lt, scores, res in zip(loaded, all_scores, results, strict=True):
        prefix = lt.table.name.split(".tsv")[0].split(".jsonl")[0] if len(loaded) > 1 else ""
        paths += correlation_plots(res, scores, out_dir, prefix)
    return paths
