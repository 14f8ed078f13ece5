"""Streaming: exact chunked sums, chunk-independent results, errors found mid-stream."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.engine.accumulate import ExactSum, exact_parts
from mtmetrics.engine.streaming import score_sources
from mtmetrics.io import read_blocks
from tests.datapaths import WMT17, read_text, require


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False), min_size=1, max_size=60),
    st.integers(1, 9),
)
def test_exact_sum_is_fsum_whatever_the_chunking(values: list[float], chunk: int) -> None:
    acc = ExactSum(1)
    for i in range(0, len(values), chunk):
        acc.add(np.array(values[i : i + chunk])[:, None])
    assert acc.total()[0] == math.fsum(values)
    assert math.fsum(exact_parts(values)) == math.fsum(values)


def test_merge_and_pickle_round_trip() -> None:
    import pickle

    rng = np.random.default_rng(3)
    rows = rng.random((1000, 3)) * 1e10
    a, b = ExactSum(3), ExactSum(3)
    a.add(rows[:400])
    b.add(rows[400:])
    a.merge(pickle.loads(pickle.dumps(b)))
    assert a.count == 1000
    assert a.total().tolist() == [math.fsum(c) for c in rows.T]


@pytest.mark.parametrize("name", ["bleu", "rouge-l", "chrf"])
def test_stream_equals_whole_corpus(name: str) -> None:
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.online-B.0.de-en.gz"))[:700]
    refs = read_text(WMT17 / "newstest2017-deen-ref.en")[:700]
    metric = mtmetrics.load_metric(name)
    segments = mtmetrics.build_segments(hyps, [refs])
    chunks = [segments[i : i + 97] for i in range(0, len(segments), 97)]
    ((out,),) = score_sources([metric.metric], [lambda _f, _n: chunks], 1, keep_statistics=True, keep_segments=True)
    whole = metric.corpus_score(hyps, [refs])
    assert out.result.to_dict() == whole.to_dict()
    assert (
        out.statistics is not None and out.statistics.array.tobytes() == metric.statistics(hyps, [refs]).array.tobytes()
    )
    assert out.segments is not None and [s.score for s in out.segments] == [
        r.score for r in metric.segment_scores(hyps, [refs])
    ]
    out.segments.close()


class _Halved(mtmetrics.Metric):
    """A ``mean`` metric with its own compute_score: its score is not the row's first entry."""

    name = "halved-test"
    aggregation = "mean"

    def stat_names(self) -> tuple[str, ...]:
        return ("length",)

    def segment_statistics(self, segment: mtmetrics.Segment) -> np.ndarray:
        return np.array([float(len(segment.hyp))])

    def compute_score(self, stats: np.ndarray) -> mtmetrics.Score:
        return mtmetrics.Score(float(stats[0]) / 2)


@pytest.mark.parametrize("name", ["hlepor", "bleu", "chrf", "ter", "rouge-l", "halved"])
def test_main_scores_and_spooled_scores_equal_compute_score(name: str) -> None:
    """The -sl, --save-scores and meta roads read scores without a Score each: the same numbers, bit for bit."""
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.online-B.0.de-en.gz"))[:300]
    refs = read_text(WMT17 / "newstest2017-deen-ref.en")[:300]
    scorer = mtmetrics.Scorer(_Halved()) if name == "halved" else mtmetrics.load_metric(name)
    metric = scorer.metric
    rows = scorer.statistics(hyps, [refs]).array
    expected = [metric.compute_score(row.copy()).score for row in rows]
    assert metric.score_rows(rows).tolist() == expected
    chunks = [mtmetrics.build_segments(hyps[i : i + 97], [refs[i : i + 97]]) for i in range(0, 300, 97)]
    ((out,),) = score_sources([metric], [lambda _f, _n: chunks], 1, keep_segments=True)
    assert out.segments is not None
    assert [x for block in out.segments.scores() for x in block.tolist()] == expected
    assert [s.score for s in out.segments] == expected  # the Score road still works after it
    out.segments.close()


@pytest.mark.parametrize("n_refs", [1, 2])
def test_line_chunk_segments_equal_build_segments(tmp_path: Path, n_refs: int) -> None:
    """Lines read in lockstep become the segments build_segments makes (empty lines and CRLF included)."""
    from mtmetrics.io.lines import Layout, line_chunks
    from mtmetrics.metric import Inputs

    hyps = ["a b", "", "c\u00e9 d ", "x"]
    refs = [["a", "b c", "", "  "], ["", "q", "r s", "t"]][:n_refs]
    paths = [tmp_path / "hyp", *(tmp_path / f"ref{k}" for k in range(n_refs))]
    for path, lines in zip(paths, [hyps, *refs], strict=True):
        path.write_bytes("".join(line + "\r\n" for line in lines).encode("utf-8"))
    layout = Layout(tuple(map(str, paths)), n_refs, None, ())
    chunks = list(line_chunks(layout, Inputs(), {}, 3))
    assert [s for c in chunks for s in c.segments()] == mtmetrics.build_segments(hyps, refs)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.integers(1, 3), st.data())
def test_the_gate_builds_the_segments_build_segments_builds(n: int, k: int, data: st.DataObject) -> None:
    """The gate's one-step build of plain segments (from 8 segments on) gives build_segments'
    segments, or its error (a stream one segment longer, a None, a reference stream that is a string)."""
    from mtmetrics.engine.gate import admit
    from mtmetrics.errors import InputError

    hyps = data.draw(st.lists(st.sampled_from(["", "a b", " c ", "é"]), min_size=n, max_size=n))
    texts = st.sampled_from(["", "x y", "z", "q", "r s", "t", "u", None])
    refs: list[object] = [data.draw(st.lists(texts, min_size=n, max_size=n + 1)) for _ in range(k)]
    if data.draw(st.booleans()) and not data.draw(st.integers(0, 9)):
        refs = ["x" * n]  # one stream given as a string
    try:
        expected: object = mtmetrics.build_segments(hyps, refs)  # type: ignore[arg-type]
    except InputError as exc:
        expected = str(exc)
    try:
        got: object = admit([], hyps, refs)  # type: ignore[arg-type]
    except InputError as exc:
        got = str(exc)
    assert got == expected


def test_read_blocks_and_mismatch_found_at_the_end(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_text("".join(f"{i}\n" for i in range(10)), encoding="utf-8")
    b.write_text("".join(f"{i}\n" for i in range(12)), encoding="utf-8")
    with pytest.raises(mtmetrics.InputError, match=rf"{a}: 10 lines, {b}: 12 lines"):
        [blk.rows() for blk in read_blocks([str(a), str(b)], 3)]
    assert [len(blk.rows()) for blk in read_blocks([str(a), str(a)], 4)] == [4, 4, 2]


def test_cli_error_late_in_a_stream_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hyp, ref = tmp_path / "hyp", tmp_path / "ref"
    hyp.write_text("".join(f"word {i}\n" for i in range(5000)), encoding="utf-8")
    ref.write_bytes(("".join(f"word {i}\n" for i in range(4500)) + "caf\xe9\n").encode("latin-1"))
    assert main([str(ref), "-i", str(hyp), "-m", "bleu", "-sl"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"{ref}:4501: not valid UTF-8" in err
