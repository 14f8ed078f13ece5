"""What the ``mtmetrics meta`` commands share: one parser builder, the input options, metric specs, output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtmetrics import plugins, signature_parse
from mtmetrics.cli.args import StrictArgumentParser, bounded, check_jobs
from mtmetrics.cli.progress import Progress
from mtmetrics.cli.score import parse_spec
from mtmetrics.engine import gate
from mtmetrics.errors import ParameterError
from mtmetrics.io.tables import Columns, Table
from mtmetrics.jsonsafe import strict_json
from mtmetrics.metric import Metric
from mtmetrics.params import language_pair, resolve_params
from mtmetrics.stats import MAX_RESAMPLES
from mtmetrics.stats.correlation import KINDS
from mtmetrics.stats.significance import DEFAULT_SEED

from ..correlate import ALL_KINDS, LEVELS, SYSTEM_RESAMPLING
from ..plots import correlation_plots as correlation_plots

if TYPE_CHECKING:
    from ..inputs import Input
    from ..scores import MetricScores

DEFAULT_BOOT = 1000
TABLE_HELP = "TSV (with header) or JSONL table of judged segments (.gz accepted), or mt-metrics-eval directory (--lp)"


def meta_parser(
    prog: str,
    description: str,
    *,
    width: int = 4,
    formats: Sequence[str] = ("text", "json"),
    resampling: bool = True,
    bootstrap: bool = True,
    jobs_help: str = "worker processes for scoring and for the bootstrap of correlations",
    plot: str | None = None,
    seed_help: str = "bootstrap seed",
    table: bool = False,
    metrics_help: str | None = None,
) -> StrictArgumentParser:
    """A ``meta`` command's parser with the shared options: ``--seed``, ``--bootstrap-n`` (with
    ``bootstrap``), ``--system-resampling``, ``-j``, ``-f``, ``-w``, ``--plot DIR``, the ``TABLE``
    (with ``table``) and ``-m METRIC...`` (its help ``metrics_help``), as the arguments ask."""
    p = StrictArgumentParser(prog=prog, description=description)
    p.add_argument(
        "--seed", type=bounded(int, 0), default=DEFAULT_SEED, help=f"{seed_help} (default {DEFAULT_SEED}; 0 is a seed)"
    )
    if bootstrap:
        boot_help = f"bootstrap resamples (default {DEFAULT_BOOT}; 0: none)"
        p.add_argument("--bootstrap-n", type=bounded(int, 0, MAX_RESAMPLES), default=DEFAULT_BOOT, help=boot_help)
    if resampling:
        p.add_argument(
            "--system-resampling",
            choices=SYSTEM_RESAMPLING,
            default="joint",
            help="system-level bootstrap: joint (default; resample the shared source segments, every system keeps "
            "its rows of the drawn segments, as WMT and mt-metrics-eval) or independent (each system's rows on "
            "their own; wider intervals)",
        )
    p.add_argument("-j", "--jobs", type=bounded(int, 1), default=1, help=jobs_help)
    if formats:
        p.add_argument("-f", "--format", choices=formats, default=formats[0])
    p.add_argument("-w", "--width", type=bounded(int, 0, 17), default=width, help="decimals in text output")
    if plot:
        p.add_argument("--plot", metavar="DIR", help=plot)
    if table:
        p.add_argument("table", metavar="TABLE", help=TABLE_HELP)
    if metrics_help is not None:
        p.add_argument("-m", "--metrics", nargs="+", required=True, metavar="METRIC", help=metrics_help or None)
    return p


def measure_args(p: argparse.ArgumentParser, permutations: tuple[int, str], measures: bool = True) -> None:
    """``--levels`` and ``--kinds`` (with ``measures``) and ``--permutations`` (its least value and help)."""
    if measures:
        levels_help = "segment (pooled), item (per source segment, averaged), system (default: segment system)"
        p.add_argument("--levels", nargs="+", choices=LEVELS, default=["segment", "system"], help=levels_help)
        p.add_argument(
            "--kinds",
            nargs="+",
            choices=ALL_KINDS,
            default=list(KINDS),
            help="measures (default: pearson spearman kendall); accuracy and soft-accuracy are computed at system "
            "level (and pooled over groups), acc-eq at segment (no grouping) and item level (grouped by item)",
        )
    low, what = permutations
    p.add_argument("--permutations", type=bounded(int, low, MAX_RESAMPLES), default=1000, help=what)


def input_args(p: argparse.ArgumentParser, system_level: bool = True, row_options: bool = False) -> None:
    """The options :func:`~mtmetrics_meta.inputs.load_input` reads (``--system-human*`` with
    ``system_level``) and, with ``row_options``, the plugins' row-annotation options."""
    p.add_argument(
        "--human", nargs="+", metavar="COL", help="human score column(s) (default: z, mqm, score... if present)"
    )
    p.add_argument("--system-col", help="system column (default: system, da_system, ...)")
    p.add_argument("--segment-col", help="segment-id column (default: sid, seg_id, line, ...)")
    p.add_argument("--source-col", help="source column (default: source, src)")
    p.add_argument("--hyp-col", help="hypothesis column (default: hyp)")
    p.add_argument("--ref-cols", nargs="+", metavar="COL", help="reference columns (default: ref, ref_A, ref_B, ...)")
    p.add_argument("--group-col", help="correlate separately per value of this column (default: lp if present)")
    p.add_argument("--no-group", action="store_true", help="pool all rows even if there is an lp column")
    p.add_argument(
        "--no-split-systems",
        action="store_true",
        help="keep WMT's 'A+B' rows (identical outputs of A and B) as a system of their own",
    )
    p.add_argument(
        "--lp",
        metavar="LP",
        help="when TABLE is an mt-metrics-eval directory (sources/, references/, system-outputs/, human-scores/): "
        "the language pair to read, e.g. en-de",
    )
    if row_options:
        plugins.REGISTRY.get_plugin_manager().hook.add_row_options(command="meta", parser=p)
    if not system_level:
        p.set_defaults(system_human=None, system_human_col=None)
        return
    p.add_argument(
        "--system-human",
        metavar="FILE",
        help="official system-level human scores (columns system, score [, group/lp]; WMT's ad-sys-scores files "
        "and mt-metrics-eval's LP.SCORER.sys.score are read as they are): the system level correlates with these "
        "instead of the mean of the joined segment rows",
    )
    p.add_argument("--system-human-col", metavar="COL", help="the score column of --system-human (default: score, z)")


def build_metrics(texts: Sequence[str], groups: Sequence[str] = (), where: str = "") -> list[tuple[str, Metric]]:
    """Instantiate ``-m`` entries (``name:param=value,...``), keeping the text as label; a metric that
    cannot score the target language of a ``groups`` value named like a language pair is refused
    before it loads anything (``where`` names the table in the message)."""
    out = []
    pairs = sorted({pair for g in set(groups) if (pair := language_pair(g)) is not None})
    for k, text in enumerate(texts):
        if text in texts[:k]:
            raise ParameterError(f"-m {text} is given twice.")
        spec = parse_spec(text)
        cls = plugins.REGISTRY.metric_class(spec.name)
        loaded = signature_parse.load(text) if spec.signature else None  # exactly its parameters
        values = loaded.values if loaded is not None else resolve_params(cls.params, spec.inline, cls.name)
        for source, target in pairs:
            reason = gate.language_refusal(cls, target, values)
            if reason is not None:
                raise ParameterError(f"-m {text}: {reason} (group {source}-{target}{where}); leave it out of -m.")
        out.append((text, loaded if loaded is not None else gate.build_metric(cls, spec.inline)))
    return out


def _dump(obj: Any) -> str:
    """A document as strict JSON (non-finite numbers as ``null``), indented, ending in a newline."""
    return strict_json(obj, indent=2) + "\n"


def table_annotations(ns: argparse.Namespace, table: Table, columns: Columns) -> dict[str, Any] | None:
    """The annotations plugins give ``table``'s rows from their options (e.g. ``--aligner``), or None."""
    found = plugins.REGISTRY.get_plugin_manager().hook.annotate_table(args=ns, table=table, columns=columns)
    return {name: values for part in found for name, values in part.items()} or None


def _load(ns: argparse.Namespace) -> Input:
    """The input of ``TABLE`` (:func:`~mtmetrics_meta.inputs.load_input`), after checking ``--jobs``."""
    from ..inputs import load_input

    ns.jobs = check_jobs(ns.jobs)
    return load_input(ns.table, ns)


def score_specs(table: Table, columns: Columns, specs: Sequence[str], jobs: int) -> list[MetricScores]:
    """Score the built-in metrics of ``specs`` and read the precomputed ones, in ``specs`` order."""
    from ..precomputed import is_precomputed, merge_scores
    from ..scores import score_table

    builtins = [sp for sp in specs if not is_precomputed(sp)]
    computed: list[MetricScores] = []
    if builtins:
        groups = table.columns[columns.group] if columns.group else ()
        metrics = build_metrics(builtins, groups, f" of {table.name}")
        with scoring_progress(len(table) * len(metrics)) as advance:
            computed = score_table(table, columns, metrics, jobs, progress=advance)
    return merge_scores(specs, table, columns, computed)


def _check_plot(directory: str | None) -> None:
    """Fail before any work when pictures are asked for but matplotlib is missing, or ``directory``
    exists and is not a directory."""
    if directory:
        from mtmetrics.io.figures import matplotlib_modules
        from mtmetrics.io.files import output_directory

        output_directory(directory, "--plot")
        matplotlib_modules()


def wrote(path: str | Path, what: str) -> None:
    """One line on standard error saying where a ``meta`` command wrote its output (never standard output)."""
    print(f"mtmetrics: wrote {what} to {path}", file=sys.stderr)


@contextmanager
def scoring_progress(total: int) -> Iterator[Callable[[int], None]]:
    """The callback of a progress bar for scoring a table (rows × metrics), shown only when standard
    error is a terminal."""
    bar = Progress(total, "scoring")
    try:
        yield bar.advance
    finally:
        bar.close()
