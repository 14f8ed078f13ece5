"""Ctrl-C ends a run at once in every mode, leaving no worker process and no temporary file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
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
