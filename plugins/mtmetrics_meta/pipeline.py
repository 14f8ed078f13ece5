"""The ``meta report`` pipeline: :func:`build_report` reads the tables, scores, correlates and clusters
from a :class:`ReportSettings` (one field per option) and returns the typed
:class:`~mtmetrics_meta.models.Report`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import mtmetrics
from mtmetrics.api import Scorer
from mtmetrics.io.tables import Columns, Table
from mtmetrics.metric import Metric

from .correlate import Correlations
from .inputs import Input, load_input
from .models import BootstrapInfo, ClusterCell, PermutationInfo, Report, TableReport, Timing
from .scores import MetricScores


@dataclass(frozen=True)
class ReportSettings:
    """Everything ``meta report`` is asked for (the command's options; ``None``: the default)."""

    tables: Sequence[str]
    metrics: Sequence[str] | None = None  # None: every registered metric that runs on plain text
    lp: str | None = None  # the language pair of an mt-metrics-eval directory among the tables
    system_human: str | None = None  # a file of official system-level human scores
    system_human_col: str | None = None
    human: Sequence[str] | None = None
    system_col: str | None = None
    segment_col: str | None = None
    source_col: str | None = None
    hyp_col: str | None = None
    ref_cols: Sequence[str] | None = None
    group_col: str | None = None
    no_group: bool = False
    no_split_systems: bool = False
    levels: Sequence[str] = ("segment", "system")
    kinds: Sequence[str] = ("pearson", "spearman", "kendall")
    permutations: int = 1000
    sample_segments: int | None = None
    keep_reference_systems: bool = False
    segment_test: str = "perm-items"
    seed: int = 12345
    bootstrap_n: int = 1000
    system_resampling: str = "joint"
    jobs: int = 1
    plot: str | None = None
    title: str | None = None
    note: str | None = None
    #: the command line the report names (provenance), if any
    command: str = field(default="", compare=False)


def _cross(
    scores: Sequence[MetricScores], res: Correlations, key: tuple[str, str, str]
) -> dict[tuple[str, str], float]:
    """Pearson correlations between the metrics' points (segment or system scores) of one cell."""
    import numpy as np

    specs = [s.spec for s in scores]
    stack = np.vstack([res.points[(key[0], key[1], key[2], sp)].metric for sp in specs])
    from mtmetrics.stats.correlation import pearson_rows

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
    (``[*seed, index of a, index of b]``), computed once; ``grouped_by`` (an item per point): the
    mean within-item r (item level); ``blocks``: swap an item's points together."""
    from mtmetrics.stats.correlation import pearson_rows
    from mtmetrics.stats.permutation import item_mean_rows, perm_both

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


def load_tables(ns: ReportSettings, split: str | None) -> list[Input]:
    """Read each table (:func:`~mtmetrics_meta.inputs.load_input`), drop reference systems and
    subsample (``--sample-segments``)."""
    from .report import drop_systems, reference_systems, sample_table

    loaded = []
    for path in ns.tables:
        inp = load_input(path, ns)
        table, cols = inp.table, inp.columns
        refsys = {} if ns.keep_reference_systems else reference_systems(table, cols, split=split)
        if refsys:
            table = drop_systems(table, cols, set(refsys), split)
        sample = None
        if ns.sample_segments:
            table, sample = sample_table(table, cols, ns.sample_segments, ns.seed)
        loaded.append(replace(inp, table=table, sample=sample, dropped=refsys))
    return loaded


def significance(
    ns: ReportSettings, lt: Input, scores: Sequence[MetricScores], res: Correlations
) -> tuple[tuple[ClusterCell, ...], tuple[ClusterCell, ...]]:
    """The main clusters (column *cl*: Williams or PERM-BOTH over whole source segments,
    ``--segment-test``) and the PERM-BOTH clusters (column *perm*) of every cell with a Pearson r."""
    from .report import clusters, item_ids

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


def report_metric_names(settings: ReportSettings) -> list[str]:
    """The metrics asked for, or every registered metric that runs on plain text."""
    from mtmetrics import plugins

    from .report import default_metric_names

    return list(settings.metrics or default_metric_names(plugins.REGISTRY.metric_registry()))


def build_report(
    settings: ReportSettings,
    metrics: Sequence[tuple[str, Metric | Scorer]],
    *,
    annotate: Callable[[Table, Columns], Mapping[str, Sequence[Any]] | None] | None = None,
    progress: Callable[[int], AbstractContextManager[Callable[[int], None] | None]] | None = None,
) -> Report:
    """Read and score the tables, correlate, cluster, draw the pictures (``settings.plot``): the report.

    ``metrics``: the (``-m`` text, metric) of :func:`report_metric_names` that are not precomputed;
    ``annotate`` gives a table's annotations (word alignments); ``progress(total)`` opens a progress
    callback for the scoring (rows × metrics)."""
    from mtmetrics.engine import tables as engine
    from mtmetrics.engine.gate import bare_metric

    from .correlate import CorrelationSettings, correlate
    from .precomputed import merge_scores
    from .report import exclude_by_language

    s = settings
    started = time.perf_counter()
    kinds = tuple(dict.fromkeys(["pearson", *s.kinds]))  # the clusters rank by Pearson
    names = report_metric_names(s)
    split = None if s.no_split_systems else "+"
    loaded = load_tables(s, split)
    annotations = [annotate(lt.table, lt.columns) if annotate else None for lt in loaded]
    t_read = time.perf_counter()
    with progress(sum(len(lt.table) for lt in loaded) * len(metrics)) if progress else nullcontext() as advance:
        scored, unavailable = engine.score_tables(
            [(lt.table, lt.columns) for lt in loaded],
            [(spec, bare_metric(m)) for spec, m in metrics],
            s.jobs,
            not s.metrics,
            annotations=annotations,
            progress=advance,
        )
    skipped = {u.spec for u in unavailable}
    all_scores = [
        merge_scores([n for n in names if n not in skipped], lt.table, lt.columns, [MetricScores.of(x) for x in sc])
        for lt, sc in zip(loaded, scored, strict=True)
    ]
    t_score = time.perf_counter()
    results = []
    for lt, scores in zip(loaded, all_scores, strict=True):
        given = {"levels": tuple(s.levels), "kinds": kinds, "permutations": max(1, s.permutations)}
        cs = CorrelationSettings.of(s, lt.humans, **given)
        results.append(correlate(lt.table, lt.columns, scores, cs, jobs=s.jobs, system_human=lt.system_human))
    language_out = [exclude_by_language(res, scores) for res, scores in zip(results, all_scores, strict=True)]
    t_corr = time.perf_counter()
    tables = []
    for lt, scores, res, excluded in zip(loaded, all_scores, results, language_out, strict=True):
        tables.append(TableReport.of(lt, scores, res, excluded, *significance(s, lt, scores, res)))
    t_sig = time.perf_counter()
    report = Report(
        title=s.title or "Meta-evaluation: " + ", ".join(lt.table.name for lt in loaded),
        version=mtmetrics.__version__,
        command=s.command,
        note=s.note,
        jobs=s.jobs,
        bootstrap=BootstrapInfo.of(s),
        segment_test=s.segment_test,
        levels=tuple(s.levels),
        kinds=kinds,
        permutations=PermutationInfo(s.permutations, s.seed),
        unavailable=tuple(unavailable),
        tables=tuple(tables),
        all_scores=all_scores,
    )
    if s.plot:
        from .plots import correlation_plots

        report.plots = []
        for lt, scores, res in zip(loaded, all_scores, results, strict=True):
            prefix = lt.table.name.split(".tsv")[0].split(".jsonl")[0] if len(loaded) > 1 else ""
            report.plots += [str(p) for p in correlation_plots(res, scores, Path(s.plot), prefix)]
    done = time.perf_counter()
    phases = (t_read - started, t_score - t_read, t_corr - t_score, t_sig - t_corr, done - t_sig if s.plot else 0.0)
    report.timing = Timing(done - started, *phases)
    return report
