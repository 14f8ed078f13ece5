"""Ctrl-C ends a run at once in every mode, leaving no worker process and no temporary file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.datapaths import WMT21, read_text, require

TXT = WMT21 / "txt"


def _descendants(pid: int) -> set[int]:
    out: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        for c in map(int, children):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    d = tmp_path_factory.mktemp("big")
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))
    refs = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))
    (d / "hyp").write_text("".join(h + "\n" for h in hyps) * 200, encoding="utf-8")
    (d / "ref").write_text("".join(r + "\n" for r in refs) * 200, encoding="utf-8")
    return str(d / "hyp"), str(d / "ref")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("metric", "jobs"), [("rouge-w", "1"), ("rouge-w", "2"), ("meteor", "2")])
def test_ctrl_c_ends_the_run_within_a_second(big: tuple[str, str], tmp_path: Path, metric: str, jobs: str) -> None:
    hyp, ref = big
    spool = tmp_path / "tmp"
    spool.mkdir()
    env = {**os.environ, "TMPDIR": str(spool)}
    cmd = [sys.executable, "-m", "mtmetrics", ref, "-i", hyp, "-m", metric, "-j", jobs, "-sl", "--no-progress"]
    stdout = tmp_path / "stdout"

    # a shell runs background jobs with SIGINT ignored, and a child inherits that: the run under
    # test gets Ctrl-C's default disposition whatever started the test suite
    def default_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    with (
        stdout.open("wb") as sink,
        subprocess.Popen(cmd, env=env, stdout=sink, stderr=subprocess.PIPE, preexec_fn=default_sigint) as proc,
    ):
        # wait until the run is busy scoring (with -j 2: until its workers exist)
        busy = time.monotonic() + 1.5  # past start-up; the scoring itself lasts several seconds
        # -j 2: two workers, forked from the run (or from a forkserver, for METEOR)
        want = 0 if jobs == "1" else 4 if metric == "meteor" else 2  # + forkserver, resource tracker
        while time.monotonic() < busy + 60:
            if len(_descendants(proc.pid)) >= want and time.monotonic() > busy:
                break
            time.sleep(0.1)
        assert proc.poll() is None, proc.communicate()[1]
        workers = _descendants(proc.pid)
        assert len(workers) >= want
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - start
    assert proc.returncode == 130
    assert took < 1.5, f"Ctrl-C took {took:.2f} s"
    time.sleep(0.5)
    assert not [p for p in workers if _alive(p)], "worker processes left behind"
    assert list(spool.iterdir()) == [], "temporary files left behind"
    assert stdout.read_bytes() == b"" and err.decode().strip() == "mtmetrics: interrupted", err.decode()


#: ``python -m mtmetrics`` with SIA's compiled rounds announcing a long call (the file named by the
#: environment variable MARK appears as the main thread enters it), so that Ctrl-C can be sent while
#: the main thread is inside compiled code, where Python runs no signal handler
TRACED_SIA = """
import os
import mtmetrics_sia._numba as nb
rounds = nb._rounds
def traced(pi, *rest):
    if len(pi) > 100:  # not the warm-up call
        open(os.environ["MARK"], "w").close()
    return rounds(pi, *rest)
nb._rounds = traced
from mtmetrics.cli import console
console()
"""


@pytest.fixture(scope="module")
def long_segment(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """200 WMT21 lines joined into one segment (about 3,300 words): SIA's compiled rounds on it run
    for a minute in one call."""
    d = tmp_path_factory.mktemp("long")
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-B.en.gz"))[:200]
    refs = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:200]
    (d / "hyp").write_text(" ".join(hyps) + "\n", encoding="utf-8")
    (d / "ref").write_text(" ".join(refs) + "\n", encoding="utf-8")
    return str(d / "hyp"), str(d / "ref")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_ends_a_j1_run_inside_a_compiled_kernel(long_segment: tuple[str, str], tmp_path: Path) -> None:
    pytest.importorskip("numba")
    hyp, ref = long_segment
    spool, mark, stdout = tmp_path / "tmp", tmp_path / "in-kernel", tmp_path / "stdout"
    spool.mkdir()
    env = {**os.environ, "TMPDIR": str(spool), "MARK": str(mark), "MTMETRICS_KERNEL": "numba"}
    args = [ref, "-i", hyp, "-m", "sia", "-j", "1", "--max-segment-tokens", "0", "-sl", "--no-progress"]

    def default_sigint() -> None:  # as in the test above
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    with stdout.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-c", TRACED_SIA, *args],
            env=env,
            stdout=sink,
            stderr=subprocess.PIPE,
            preexec_fn=default_sigint,
        )
        try:
            deadline = time.monotonic() + 120
            while not mark.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.5)  # well inside the call, which lasts about a minute
            assert proc.poll() is None, proc.communicate()[1]
            children = _descendants(proc.pid)
            start = time.monotonic()
            proc.send_signal(signal.SIGINT)
            try:
                _, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                pytest.fail("Ctrl-C inside a compiled kernel was ignored for 10 s")
            took = time.monotonic() - start
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert took < 1.5, f"Ctrl-C took {took:.2f} s"
    assert proc.returncode == 130
    assert stdout.read_bytes() == b"" and err.decode() == "mtmetrics: interrupted\n", err.decode()
    time.sleep(0.5)
    assert not [p for p in children if _alive(p)], "child processes left behind"
    assert list(spool.iterdir()) == [], "temporary files left behind"


def test_the_command_line_gives_back_the_signal_handling_it_took(capsys: pytest.CaptureFixture[str]) -> None:
    """Only a run of the command line takes over Ctrl-C, and only for its duration: called in a
    process (as a test or an embedding program does), it leaves SIGINT's handler, the wakeup file
    descriptor and the process's threads as it found them."""
    from mtmetrics.cli import main

    threads, handler = threading.enumerate(), signal.getsignal(signal.SIGINT)
    wakeup = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(wakeup)
    assert main(["list", "--json"]) == 0
    assert signal.getsignal(signal.SIGINT) is handler
    assert signal.set_wakeup_fd(wakeup) == wakeup
    assert threading.enumerate() == threads
    capsys.readouterr()


def test_ctrl_c_as_a_compiled_kernel_returns_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C that arrives while numba boxes a kernel's array result reaches the caller as a
    SystemError caused by the KeyboardInterrupt (METEOR's beam search with ``-j 1``, before: a
    traceback and exit 1): the run ends as interrupted. Any other SystemError is left alone."""
    import mtmetrics.cli

    def interrupted_in_numba(args: list[str]) -> int:
        raise SystemError("CPUDispatcher(<function beam>) returned a result with an exception set") from (
            KeyboardInterrupt()
        )

    monkeypatch.setattr(mtmetrics.cli, "_main", interrupted_in_numba)
    assert mtmetrics.cli.main(["x"]) == 130
    assert capsys.readouterr() == ("", "mtmetrics: interrupted\n")

    def broken(args: list[str]) -> int:
        raise SystemError("something else")

    monkeypatch.setattr(mtmetrics.cli, "_main", broken)
    with pytest.raises(SystemError, match="something else"):
        mtmetrics.cli.main(["x"])
