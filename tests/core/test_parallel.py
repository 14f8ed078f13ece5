"""Scoring in worker processes gives exactly the single-process results."""

from __future__ import annotations

from pathlib import Path

import pytest

import mtmetrics
from mtmetrics.cli import main
from mtmetrics.engine.scoring import statistics_of
from tests.datapaths import WMT17, read_text, require


def _data(n: int) -> tuple[list[str], list[str]]:
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.online-B.0.de-en.gz"))[:n]
    refs = read_text(WMT17 / "newstest2017-deen-ref.en")[:n]
    return hyps, refs


@pytest.mark.parametrize("name", ["chrf", "rouge-l", "sia"])
def test_jobs_give_identical_statistics(name: str) -> None:
    hyps, refs = _data(900)
    metric = mtmetrics.load_metric(name)
    one = metric.statistics(hyps, [refs])
    segments = mtmetrics.build_segments(hyps, [refs])
    two = statistics_of(metric.metric, segments, jobs=2, chunk=250).array
    assert two.tobytes() == one.array.tobytes()
    assert metric.corpus_score(hyps, [refs], jobs=2).score == metric.corpus_score(hyps, [refs]).score


def test_progress_is_reported_per_chunk() -> None:
    hyps, refs = _data(500)
    seen: list[int] = []
    statistics_of(mtmetrics.load_metric("bleu").metric, mtmetrics.build_segments(hyps, [refs]), 1, seen.append, 200)
    assert seen == [200, 200, 100]


def test_cli_output_is_byte_identical_across_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hyps, refs = _data(2500)
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    ref.write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        assert main([str(ref), "-i", str(hyp), "-m", "bleu", "rouge-w", "-f", "json", "-sl", "-j", jobs]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_meteor_workers_read_wordnet_safely() -> None:
    """Regression: forked workers shared NLTK's open WordNet files and read corrupted synsets."""
    from tests.datapaths import WMT21

    hyps = read_text(require(WMT21 / "txt" / "system-outputs" / "newstest2021.is-en.hyp.Online-B.en.gz"))[:1500]
    refs = read_text(WMT21 / "txt" / "references" / "newstest2021.is-en.ref.A.en")[:1500]
    metric = mtmetrics.load_metric("meteor")
    metric.corpus_score(hyps[:50], [refs[:50]])  # the parent has WordNet open before the workers start
    segments = mtmetrics.build_segments(hyps, [refs])
    parallel = statistics_of(metric.metric, segments, jobs=2, chunk=250).array
    assert parallel.tobytes() == metric.statistics(hyps, [refs]).array.tobytes()


def test_fork_safe_metrics_fork_warm_workers_others_use_the_forkserver() -> None:
    import threading

    from mtmetrics.engine.pool import forks_warm

    sia, meteor = mtmetrics.load_metric("sia").metric, mtmetrics.load_metric("meteor").metric
    assert forks_warm([sia]) and not forks_warm([sia, meteor])
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:  # a second thread: forking could deadlock the child, so the forkserver is used
        assert not forks_warm([sia])
    finally:
        stop.set()
        thread.join()


def test_forked_workers_inherit_the_segments_instead_of_receiving_them() -> None:
    """Only chunk bounds travel to forked workers: segments that cannot be pickled still work."""
    import pickle

    hyps, refs = _data(600)
    segments = mtmetrics.build_segments(hyps, [refs])
    unpicklable = [type(s)(s.hyp, s.refs, s.source, {"probe": lambda: None}) for s in segments]
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(unpicklable[0])
    metric = mtmetrics.load_metric("rouge-l")
    two = statistics_of(metric.metric, unpicklable, jobs=2, chunk=100).array
    assert two.tobytes() == statistics_of(metric.metric, segments).array.tobytes()


def test_a_thread_started_after_the_first_chunk_falls_back_to_fresh_workers() -> None:
    """A progress callback that starts a thread (tqdm does) must not break the inherited-list path."""
    import threading

    hyps, refs = _data(700)
    segments = mtmetrics.build_segments(hyps, [refs])
    metric = mtmetrics.load_metric("chrf")
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def progress(_: int) -> None:
        if not threads:
            threads.append(threading.Thread(target=stop.wait))
            threads[0].start()

    try:
        two = statistics_of(metric.metric, segments, jobs=2, chunk=200, progress=progress).array
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert two.tobytes() == statistics_of(metric.metric, segments).array.tobytes()


def test_workers_start_when_the_waiting_work_repays_them() -> None:
    """Judged at the pace measured so far on the chunks read ahead; forkserver workers wait longer."""
    from mtmetrics.engine.scoring import POOL_AFTER, Part, _worth_workers

    sia, meteor = [mtmetrics.load_metric("sia").metric], [mtmetrics.load_metric("meteor").metric]
    pace = POOL_AFTER / 1000  # seconds per segment: 1,000 waiting segments repay a forked pool
    chunks = [Part(0, 600), Part(600, 1200)]
    assert _worth_workers(sia, 200 * pace, 200, chunks)  # 1,200 waiting: start after the first chunk
    assert not _worth_workers(sia, 200 * pace, 200, [Part(0, 400), Part(400, 800)])  # 800: score them here
    assert not _worth_workers(sia, 200 * pace, 200, [Part(0, 5000)])  # one chunk left: never worth a pool
    assert not _worth_workers(meteor, 200 * pace, 200, chunks)  # forkserver: a worker start is slow
    assert _worth_workers(meteor, POOL_AFTER, 200, chunks)  # ... until this process has spent POOL_AFTER
    assert not _worth_workers(sia, 0.0, 0, chunks)  # no pace measured yet


def test_frozen_nests_without_asking_the_collector_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A nested freeze (a combination scoring its components) keeps the outer one and does not
    call ``gc.get_freeze_count``, which walks every frozen object; the outer one unfreezes."""
    import gc

    from mtmetrics.engine import scoring

    assert gc.get_freeze_count() == 0
    calls: list[int] = []
    real = gc.get_freeze_count

    def counting() -> int:
        calls.append(1)
        return real()

    monkeypatch.setattr(gc, "get_freeze_count", counting)
    with scoring._frozen():
        frozen = real()
        assert frozen > 0
        with scoring._frozen():
            assert real() == frozen
        assert real() == frozen
    assert real() == 0
    assert len(calls) == 1  # the outer call only
