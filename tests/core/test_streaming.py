"""Streaming: exact chunked sums, chunk-independent results, errors found mid-stream."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtmetrics
from mtmetrics.accumulate import ExactSum, exact_parts
from mtmetrics.cli import main
from mtmetrics.io import read_chunks
from mtmetrics.streaming import score_stream
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
    (out,) = score_stream([metric.metric], chunks, keep_statistics=True, keep_segments=True)
    whole = metric.corpus_score(hyps, [refs])
    assert out.result.to_dict() == whole.to_dict()
    assert (
        out.statistics is not None and out.statistics.array.tobytes() == metric.statistics(hyps, [refs]).array.tobytes()
    )
    assert out.segments is not None and [s.score for s in out.segments] == [
        r.score for r in metric.segment_scores(hyps, [refs])
    ]
    out.segments.close()


def test_read_chunks_and_mismatch_found_at_the_end(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_text("".join(f"{i}\n" for i in range(10)), encoding="utf-8")
    b.write_text("".join(f"{i}\n" for i in range(12)), encoding="utf-8")
    with pytest.raises(mtmetrics.InputError, match=rf"{a}: 10 lines, {b}: 12 lines"):
        list(read_chunks([str(a), str(b)], 3))
    assert [len(c) for c in read_chunks([str(a), str(a)], 4)] == [4, 4, 2]


def test_cli_error_late_in_a_stream_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hyp, ref = tmp_path / "hyp", tmp_path / "ref"
    hyp.write_text("".join(f"word {i}\n" for i in range(5000)), encoding="utf-8")
    ref.write_bytes(("".join(f"word {i}\n" for i in range(4500)) + "caf\xe9\n").encode("latin-1"))
    assert main([str(ref), "-i", str(hyp), "-m", "bleu", "-sl"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"{ref}:4501: not valid UTF-8" in err
