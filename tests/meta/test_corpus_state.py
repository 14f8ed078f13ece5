"""``meta`` scoring of a corpus-prepared metric (NIST): one corpus per group, each reference once."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import mtmetrics
from mtmetrics.io.tables import detect_columns, read_table
from mtmetrics_meta.scores import score_table


def test_nist_rows_use_their_group_corpus_weights(wmt17_small: Path) -> None:
    table = read_table(wmt17_small)
    cols = detect_columns(table)
    assert cols.group is not None
    nist = mtmetrics.load_metric("nist")
    (scores,) = score_table(table, cols, [("nist", nist)], jobs=2)
    groups = table.columns[cols.group]
    ids = table.columns[cols.segment]
    for group in sorted(set(groups)):
        rows = [i for i, g in enumerate(groups) if g == group]
        # oracle: the group's judged source segments, each reference once, in table order
        first: dict[str, int] = {}
        for i in rows:
            first.setdefault(ids[i], i)
        corpus_refs = [[table.columns[c][i] for i in first.values()] for c in cols.refs]
        hyps = [table.columns[cols.hyp][i] for i in rows]
        prepared = nist.prepare(zip(*corpus_refs, strict=True))
        segments = mtmetrics.build_segments(hyps, [[table.columns[c][i] for i in rows] for c in cols.refs])
        expected = prepared.statistics_of(segments)  # a prepared metric keeps its corpus state
        assert np.array_equal(scores.stats.array[rows], expected.array)
    # and not the weights of the two language pairs pooled
    pooled = nist.statistics(table.columns[cols.hyp], [table.columns[c] for c in cols.refs])
    assert not np.array_equal(scores.stats.array, pooled.array)
