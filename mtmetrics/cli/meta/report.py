"""``mtmetrics meta report``: a Markdown report of many metrics on one dataset."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ... import plugins
from ...errors import InputError, ParameterError
from ...io.tables import Columns, Table, default_human, detect_columns, read_table
from ...stats.correlation import KINDS
from ...stats.metaeval import ALL_KINDS, LEVELS, Correlations, MetricScores
from ...stats.precomputed import is_precomputed, merge_scores
from ...stats.significance import DEFAULT_SEED
from ..args import StrictArgumentParser
from .alignopts import add_aligner_args, table_alignments
from .common import (
    DEFAULT_BOOT,
    _check_plot,
    _dump,
    _metric_info,
    build_metrics,
    correlation_plots,
    system_resampling_arg,
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


def run_report(argv: Sequence[str]) -> int:
    """``mtmetrics meta report``."""
    import shlex
    import time
    from pathlib import Path

    from ... import __version__
    from ...stats.metaeval import correlate, score_tables
    from ...stats.report import (
        clusters,
        default_metric_names,
        drop_systems,
        exclude_by_language,
        item_ids,
        markdown,
        reference_systems,
        sample_table,
    )

    started = time.perf_counter()
    ns = _report_parser().parse_args(argv)
    if ns.bootstrap_n < 0 or ns.seed < 0 or ns.jobs < 1 or ns.permutations < 0:
        raise ParameterError("--bootstrap-n, --seed and --permutations must be non-negative, -j at least 1.")
    if ns.permutations == 0 and "soft-accuracy" in ns.kinds:
        raise ParameterError("soft-accuracy needs --permutations of at least 1.")
    kinds = list(dict.fromkeys(["pearson", *ns.kinds]))  # the clusters rank by Pearson
    if ns.sample_segments is not None and ns.sample_segments < 1:
        raise ParameterError("--sample-segments must be at least 1.")
    _check_plot(ns.plot)
    names = ns.metrics or default_metric_names(plugins.metric_registry())
    metrics = build_metrics([n for n in names if not is_precomputed(n)])
    loaded: list[tuple[Table, Columns, list[str], dict[str, Any] | None]] = []
    dropped: list[dict[str, float]] = []
    split = None if ns.no_split_systems else "+"
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
        dropped.append(refsys)
        sample = None
        if ns.sample_segments:
            table, sample = sample_table(table, cols, ns.sample_segments, ns.seed)
        loaded.append((table, cols, humans, sample))
    annotations = [table_alignments(ns, t, c) for t, c, _, _ in loaded]
    t_read = time.perf_counter()
    all_scores, unavailable = score_tables(
        [(t, c) for t, c, _, _ in loaded], metrics, ns.jobs, not ns.metrics, annotations=annotations
    )
    skipped = {u.spec for u in unavailable}
    all_scores = [
        merge_scores([n for n in names if n not in skipped], t, c, sc)
        for (t, c, _, _), sc in zip(loaded, all_scores, strict=True)
    ]
    t_score = time.perf_counter()
    results = []
    for (table, cols, humans, _), scores in zip(loaded, all_scores, strict=True):
        results.append(
            correlate(
                table,
                cols,
                scores,
                humans,
                ns.levels,
                kinds,
                ns.bootstrap_n,
                ns.seed,
                False,
                split,
                ns.jobs,
                max(1, ns.permutations),
                ns.system_resampling,
            )
        )
    language_out = [exclude_by_language(res, scores) for res, scores in zip(results, all_scores, strict=True)]
    t_corr = time.perf_counter()
    tables_doc: list[dict[str, Any]] = []
    for (table, cols, humans, sample), scores, res, refsys in zip(loaded, all_scores, results, dropped, strict=True):
        cells = list(dict.fromkeys((e.group, e.human, e.level) for e in res.estimates))
        cl_docs = []
        perm_docs = []
        specs = [s.spec for s in scores]
        for ci, (group, human, level) in enumerate(cells):
            pear = [e for e in res.estimates if (e.group, e.human, e.level, e.kind) == (group, human, level, "pearson")]
            if not pear:
                continue
            values = {e.metric: e.value for e in pear}
            n = pear[0].n
            cell = {"group": group, "human": human, "level": level, "n": n}
            key = (group, human, level)
            items = item_ids(table, cols, group) if level != "system" else None
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
            cl_docs.append({**cell, "test": test_name, "ranking": [dict(r.__dict__) for r in ranking]})
            if ns.permutations:
                test = _perm_test(res, key, specs, ns.permutations, [ns.seed, ci], grouped, None)
                ranking = clusters(values, {}, n, test=test)
                perm_docs.append({**cell, "test": "perm-both", "ranking": [dict(r.__dict__) for r in ranking]})
        groups = list(dict.fromkeys(table.columns[cols.group])) if cols.group else ["all"]
        tables_doc.append(
            {
                "table": table.name,
                "sha256": table.sha256,
                "rows": len(table),
                "sample": sample,
                "dropped_systems": refsys,
                "language_excluded": language_out[len(tables_doc)],
                "groups": groups,
                "human": list(humans),
                "columns": {"system": cols.system, "segment": cols.segment, "hyp": cols.hyp, "refs": list(cols.refs)},
                "metrics": _metric_info(scores),
                "correlations": [e.to_dict() for e in res.estimates],
                "clusters": cl_docs,
                "perm_clusters": perm_docs,
                "system_points": res.system_points,
            }
        )
    t_sig = time.perf_counter()
    signatures: dict[str, list[str]] = {}
    cpu: dict[str, float] = {}
    flipped: set[str] = set()
    for scores in all_scores:
        for s in scores:
            sigs = signatures.setdefault(s.spec, [])
            if s.signature not in sigs:
                sigs.append(s.signature)
            cpu[s.spec] = cpu.get(s.spec, 0.0) + s.seconds
            if s.flipped:
                flipped.add(s.spec)
    doc: dict[str, Any] = {
        "title": ns.title or "Meta-evaluation: " + ", ".join(t.name for t, _, _, _ in loaded),
        "version": __version__,
        "command": "mtmetrics meta report " + shlex.join(list(argv)),
        "note": ns.note,
        "jobs": ns.jobs,
        "bootstrap": {
            "n": ns.bootstrap_n,
            "seed": ns.seed,
            "level": 0.95,
            "interval": "percentile",
            "system_resampling": ns.system_resampling,
        },
        "segment_test": ns.segment_test,
        "levels": list(ns.levels),
        "kinds": kinds,
        "permutations": {"n": ns.permutations, "seed": ns.seed, "test": "PERM-BOTH"},
        "flipped": sorted(flipped),
        "unavailable": [dict(u.__dict__) for u in unavailable],
        "signatures": signatures,
        "scoring_cpu_seconds": cpu,
        "tables": tables_doc,
    }
    if ns.plot:
        doc["plots"] = [str(p) for p in _report_plots(doc, loaded, all_scores, results, Path(ns.plot))]
    done = time.perf_counter()
    doc["timing"] = {
        "total": done - started,
        "read": t_read - started,
        "scoring": t_score - t_read,
        "correlation": t_corr - t_score,
        "significance": t_sig - t_corr,
        "plots": done - t_sig if ns.plot else 0.0,
    }
    text = markdown(doc, ns.width)
    if ns.output:
        Path(ns.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if ns.json:
        Path(ns.json).write_text(_dump(doc), encoding="utf-8")
    return 0


def _report_plots(
    doc: dict[str, Any],
    loaded: Sequence[tuple[Table, Columns, list[str], Any]],
    all_scores: Sequence[Sequence[MetricScores]],
    results: Sequence[Correlations],
    out_dir: Any,
) -> list[Any]:
    paths = []
    for tb, (table, _, _, _), scores, res in zip(doc["tables"], loaded, all_scores, results, strict=True):
        prefix = table.name.split(".tsv")[0].split(".jsonl")[0] if len(doc["tables"]) > 1 else ""
        paths += correlation_plots(res, scores, out_dir, prefix, tb["correlations"])
    return paths
