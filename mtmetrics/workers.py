"""Worker processes: the one place that creates them.

Every ``-j`` path (scoring, significance tests, ``meta``, ORANGE) gets its pool from :func:`pool`,
which decides the start method, caps nothing silently (the CLI caps ``-j`` with :func:`cap_jobs`
and says so) and makes Ctrl-C end the run at once:

* **start method**: ``fork`` when the caller allows it (every metric involved is
  :attr:`~mtmetrics.Metric.fork_safe`), the platform is Linux and this process runs one thread
  (forking a threaded process can deadlock the child); otherwise ``forkserver``, whose workers
  start from a clean interpreter and rebuild what they need from pickles.
* **Ctrl-C**: workers ignore SIGINT, so the interrupt reaches only this process; leaving the
  ``with`` block by any exception terminates the workers instead of waiting for their tasks (the
  standard executor would finish every running task first: tens of seconds). The command line
  also runs in :func:`ctrl_c`, which ends the process when the interrupt cannot reach Python code
  (a compiled kernel running for a minute in this process).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
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


#: The thread of :func:`ctrl_c`, if one runs: it waits in a read and holds no lock, so a fork is safe.
_watchdog: list[threading.Thread] = []
#: How long the main thread has to take Ctrl-C itself before :func:`ctrl_c`'s thread ends the process.
GRACE = 0.25


def can_fork() -> bool:
    """Whether workers may be forked from this process now (Linux, a single thread but :func:`ctrl_c`'s)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1 + len(_watchdog)


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


@contextmanager
def ctrl_c(message: str, status: int) -> Iterator[None]:
    """Run the block so that Ctrl-C ends the process within a second, even inside compiled code.

    Python runs a signal handler only between bytecodes of the main thread, so a compiled kernel
    (numba, which releases the GIL: ``nogil=True``) running for a minute would hold Ctrl-C for a
    minute. Here SIGINT also wakes a thread (through :func:`signal.set_wakeup_fd`); when the main
    thread has not taken the interrupt as :exc:`KeyboardInterrupt` within :data:`GRACE` seconds,
    that thread does what the KeyboardInterrupt path does (worker processes terminated, temporary
    output files removed, ``message`` on standard error) and ends the process with ``status``.
    For the command line only (a library must not take over its caller's signals); outside the
    main thread, or with SIGINT not at Python's default handler, the block runs unchanged.
    """
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    read, write = os.pipe()
    os.set_blocking(write, False)
    claim, main_took = threading.Lock(), threading.Event()

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if claim.acquire(blocking=False) or main_took.is_set():
            main_took.set()
            raise KeyboardInterrupt
        threading.Event().wait()  # the watchdog is ending the process

    def watch() -> None:
        while (data := os.read(read, 64)) and 0 not in data:  # 0: the block is left
            if signal.SIGINT in data and not main_took.wait(GRACE) and claim.acquire(blocking=False):
                _end_now(message, status)
        os.close(read)
        os.close(write)

    thread = threading.Thread(target=watch, name="mtmetrics-ctrl-c", daemon=True)
    old_handler = signal.signal(signal.SIGINT, on_sigint)
    old_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    _watchdog.append(thread)
    thread.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(old_fd)
        try:
            os.write(write, b"\0")
            thread.join()
        finally:
            _watchdog.remove(thread)
            signal.signal(signal.SIGINT, old_handler)


def _end_now(message: str, status: int) -> None:
    """The end of an interrupted run, from a thread while the main thread is stuck in compiled code."""
    if "multiprocessing" in sys.modules:
        for process in sys.modules["multiprocessing"].active_children():
            process.terminate()
    files = sys.modules.get("mtmetrics.io.files")
    for tmp in list(getattr(files, "STAGED", ())):
        with suppress(OSError):
            os.unlink(tmp)
    with suppress(OSError):
        os.write(2, f"{message}\n".encode())
    os._exit(status)
