"""Slow external commands that a test only waits for, started when the session's tests are known.

The suite runs its tests one at a time on one core; ``mypy`` over the code base and the neural
tests in their own environment are whole processes that need nothing from the tests before them.
A test module names such a command in ``start_early(item)`` (tests/conftest.py calls it for every
collected test, after deselection), the command starts at once at a lower priority on the core the
suite leaves idle, and the test collects its result with :func:`result` — the same command, the
same exit status and output as if it had started there. A command nobody started (the test run
alone, or ``start_early`` not called) starts in :func:`result` itself.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

#: how much lower the priority of a background command is than the tests' (``nice``)
NICENESS = 10


@dataclass
class _Run:
    """A started command, its output going to unnamed temporary files (never a pipe nobody reads)."""

    args: list[str]
    process: subprocess.Popen[bytes]
    stdout: IO[bytes]
    stderr: IO[bytes]


_RUNS: dict[str, _Run] = {}


def _lower_priority() -> None:
    os.nice(NICENESS)


def start(key: str, args: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None) -> None:
    """Start ``args`` in ``cwd`` under ``key``, unless it already runs."""
    if key in _RUNS:
        return
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()  # noqa: SIM115  (closed by result/stop_all)
    process = subprocess.Popen(
        list(args), cwd=cwd, env=None if env is None else dict(env), stdout=out, stderr=err, preexec_fn=_lower_priority
    )
    _RUNS[key] = _Run(list(args), process, out, err)


def result(
    key: str, args: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """The finished run of ``args`` (started now if it was not started early), as ``subprocess.run`` gives it."""
    start(key, args, cwd, env)
    run = _RUNS.pop(key)
    assert run.args == list(args), f"{key}: started as {run.args}, asked for {list(args)}"
    try:
        code = run.process.wait(timeout)
    except subprocess.TimeoutExpired:
        run.process.kill()
        run.process.wait()
        raise
    texts = []
    for stream in (run.stdout, run.stderr):
        stream.seek(0)
        texts.append(stream.read().decode("utf-8", errors="replace"))
        stream.close()
    return subprocess.CompletedProcess(run.args, code, texts[0], texts[1])


def stop_all() -> None:
    """End the commands whose tests never ran (an interrupted or failed-first session)."""
    while _RUNS:
        _, run = _RUNS.popitem()
        if run.process.poll() is None:
            run.process.kill()
            run.process.wait()
        run.stdout.close()
        run.stderr.close()
