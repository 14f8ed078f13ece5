"""Worker processes: the one place that creates them.

Every ``-j`` path (scoring, significance tests, ``meta``, ORANGE) gets its pool from :func:`pool`,
which decides the start method, caps nothing silently (the CLI caps ``-j`` with :func:`cap_jobs`
and says so) and makes Ctrl-C end the run at once:

* **start method**: ``fork`` when the caller allows it (every metric involved is
  :attr:`~mtmetrics.metric.Resources.fork_safe`), the platform is Linux and this process runs one thread
  (forking a threaded process can deadlock the child); otherwise ``forkserver``, whose workers
  start from a clean interpreter and rebuild what they need from pickles.
* **Ctrl-C**: workers ignore SIGINT, so the interrupt reaches only this process; leaving the
  ``with`` block by any exception terminates the workers instead of waiting for their tasks (the
  standard executor would finish every running task first: tens of seconds).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported when a pool starts: a run without workers never loads them
    from concurrent.futures import ProcessPoolExecutor


def cpu_count() -> int:
    """Cores this process may run on (its affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int, warn: Callable[[str], None] | None = None) -> int:
    """``jobs`` capped at the number of cores; ``warn`` is told once when it was capped."""
    cores = cpu_count()
    if jobs > cores:
        if warn is not None:
            warn(f"-j {jobs} is more than the {cores} cores this process may use; using -j {cores}.")
        return cores
    return jobs


def can_fork() -> bool:
    """Whether workers may be forked from this process now (Linux, a single thread)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if initializer is not None:
        initializer(*initargs)


def terminate(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel what has not started, kill the workers, reap them."""
    # The pool's feeder thread may be blocked writing a task into the pipe of the workers about to
    # be killed; nothing will read that pipe, so neither the pool's manager thread (which wakes as
    # soon as a worker dies) nor the exit may wait for it: cancel that wait before any kill.
    call_queue = getattr(executor, "_call_queue", None)
    if call_queue is not None:
        call_queue.cancel_join_thread()
    # kill first: a worker still starting would otherwise find the pool's queues already gone
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=2)
    executor.shutdown(wait=False, cancel_futures=True)


@contextmanager
def pool(
    jobs: int,
    fork: bool = False,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[ProcessPoolExecutor]:
    """A process pool of ``jobs`` workers, forked when ``fork`` is allowed and possible.

    With ``fork``, ``initargs`` are inherited, not pickled. Any exception leaving the block
    (KeyboardInterrupt included) terminates the workers at once.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if fork and can_fork() else "forkserver"
    executor = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=_start,
        initargs=(initializer, initargs),
    )
    try:
        yield executor
    except BaseException:
        terminate(executor)
        raise
    executor.shutdown(wait=True)
