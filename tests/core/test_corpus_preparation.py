"""Corpus preparation (NIST's corpus-wide information weights) on every path that scores segments.

The oracle is the API on the whole corpus, itself checked against an mteval-v13a transcription in
``tests/baselines/test_nist.py``: the CLI (two passes over the reference files, hypotheses from a
file or standard input, ``-j``, ``-sl``, ``-ci``) must give the same bytes.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import mtmetrics
from mtmetrics.cli import main
from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"
N = 300


def _data() -> tuple[list[str], list[str], list[str]]:
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:N]
    ref_a = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:N]
    ref_b = read_text(require(TXT / "references" / "newstest2021.de-en.ref.B.en"))[:N]
    return hyps, ref_a, ref_b


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def _cli(*args: str) -> dict:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(list(args)) == 0
    return json.loads(buf.getvalue())


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    d = tmp_path_factory.mktemp("nist")
    hyps, ref_a, ref_b = _data()
    ref_b[5] = ""  # an empty reference: in the corpus weights as in the segment (a reference of length 0)
    return _write(d / "hyp", hyps), _write(d / "refA", ref_a), _write(d / "refB", ref_b)


def test_cli_equals_api_with_corpus_weights(files: tuple[str, str, str]) -> None:
    hyp, ref_a, ref_b = files
    hyps, refs_a, refs_b = (read_text(Path(p)) for p in files)
    nist = mtmetrics.load_metric("nist")
    api = nist.corpus_score(hyps, [refs_a, refs_b])
    segs = [r.score for r in nist.segment_scores(hyps, [refs_a, refs_b])]
    doc = _cli(ref_a, ref_b, "-i", hyp, "-m", "nist", "-f", "json", "-sl")["results"][0]
    assert doc["score"] == api.score and doc["segment_scores"] == segs
    assert "info:corpus" in doc["signature"]
    # -j 2 (chunks of the CLI's size would leave one chunk: use the API's chunking path too)
    two = _cli(ref_a, ref_b, "-i", hyp, "-m", "nist", "-f", "json", "-sl", "-j", "2")["results"][0]
    assert two == doc
    # the segment scores are not per-segment-weight scores
    seg_weights = [r.score for r in mtmetrics.load_metric("nist", info="seg").segment_scores(hyps, [refs_a, refs_b])]
    assert sum(a != b for a, b in zip(segs, seg_weights, strict=True)) > N // 2


def test_hypotheses_from_standard_input(files: tuple[str, str, str]) -> None:
    hyp, ref_a, ref_b = files
    run = [sys.executable, "-m", "mtmetrics", ref_a, ref_b, "-m", "nist", "-f", "json"]
    with open(hyp, "rb") as stdin:
        piped = subprocess.run(run, stdin=stdin, capture_output=True, check=True)
    from_file = _cli(ref_a, ref_b, "-i", hyp, "-m", "nist", "-f", "json")["results"][0]
    assert json.loads(piped.stdout)["results"][0]["score"] == from_file["score"]


def test_bootstrap_reuses_the_corpus_weights(files: tuple[str, str, str]) -> None:
    hyp, ref_a, ref_b = files
    doc = _cli(ref_a, ref_b, "-i", hyp, "-m", "nist", "-f", "json", "-ci", "-cin", "200")["results"][0]
    plain = _cli(ref_a, ref_b, "-i", hyp, "-m", "nist", "-f", "json")["results"][0]
    assert doc["score"] == plain["score"]
    low, high = doc["confidence"]["lower"], doc["confidence"]["upper"]
    assert low < doc["score"] < high and high - low < 1.0  # per-segment weights would centre near 3


def test_statistics_identical_whatever_the_chunking() -> None:
    from mtmetrics.engine.scoring import statistics_of
    from mtmetrics.metric import references_of

    hyps, ref_a, ref_b = _data()
    nist = mtmetrics.load_metric("nist")
    whole = nist.statistics(hyps, [ref_a, ref_b])
    segments = mtmetrics.build_segments(hyps, [ref_a, ref_b])
    prepared = nist.prepare(references_of(segments))
    for jobs, chunk in ((1, 7), (2, 50)):
        rows = statistics_of(prepared.metric, segments, jobs=jobs, chunk=chunk).array
        assert rows.tobytes() == whole.array.tobytes()
