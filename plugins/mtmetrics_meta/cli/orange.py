"""``mtmetrics meta orange``: ORANGE (Lin & Och 2004) from n-best lists."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mtmetrics.engine.results import signature
from mtmetrics.errors import InputError

from .common import _check_plot, _dump, build_metrics, meta_parser, wrote


def _orange_parser() -> argparse.ArgumentParser:
    p = meta_parser(
        "mtmetrics meta orange",
        "ORANGE (Lin & Och 2004): average rank of the references' average oracle score among the n-best "
        "candidates, divided by N+1 (lower is better).",
        width=2,
        resampling=False,
        jobs_help="worker processes (one metric per process)",
        plot="also draw ORANGE against n-best size (PNG, SVG) into DIR",
        metrics_help="",
    )
    p.add_argument("nbest", metavar="NBEST", help="n-best list 'i ||| hyp ||| features ||| score' (.gz accepted)")
    p.add_argument("refs", nargs="+", metavar="REF", help="at least two reference files, one line per sentence")
    return p


def run_orange(argv: Sequence[str]) -> int:
    """``mtmetrics meta orange``."""
    import hashlib
    from pathlib import Path

    from mtmetrics.io import read_lines

    from ..nbest import read_nbest
    from ..orange import OrangeDocument, OrangeMetric, orange_metrics
    from ..render import orange_plots, orange_text

    ns = _orange_parser().parse_args(argv)
    _check_plot(ns.plot)
    if len(ns.refs) < 2:
        raise InputError("ORANGE leaves one reference out: give at least two reference files.")
    digests = {f: hashlib.sha256() for f in [ns.nbest, *ns.refs]}  # taken on the one reading of each file
    ref_streams = [read_lines(r, digests[r]) for r in ns.refs]
    if len({len(s) for s in ref_streams}) > 1:
        raise InputError("the reference files have different numbers of lines.")
    nbest = read_nbest(ns.nbest, len(ref_streams[0]), digests[ns.nbest])
    cands = [[e.hyp for e in entries] for entries in nbest]
    refs = [list(r) for r in zip(*ref_streams, strict=True)]
    metrics = build_metrics(ns.metrics)
    results = orange_metrics([m for _, m in metrics], cands, refs, ns.bootstrap_n, ns.seed, ns.jobs)
    nrefs = str(len(ns.refs) - 1)
    entries = [
        OrangeMetric(text, m.display_name, str(signature(m, nrefs)), not type(m).higher_is_better, res)
        for (text, m), res in zip(metrics, results, strict=True)
    ]
    doc = OrangeDocument(
        nbest=Path(ns.nbest).name,
        refs=[Path(r).name for r in ns.refs],
        sha256={Path(f).name: digest.hexdigest() for f, digest in digests.items()},
        sentences=len(cands),
        candidates=sum(len(c) for c in cands),
        n_boot=ns.bootstrap_n,
        seed=ns.seed,
        metrics=entries,
    )
    if ns.plot:
        doc.plots = [str(p) for p in orange_plots(doc, Path(ns.plot))]
    sys.stdout.write(_dump(doc.to_dict()) if ns.format == "json" else orange_text(doc, ns.width))
    if doc.plots:
        wrote(ns.plot, f"{len(doc.plots)} pictures")
    return 0
