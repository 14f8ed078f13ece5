"""Worker processes: the one place that creates them, with one fork policy, for every ``-j`` road.

Workers are forked (inheriting what this process loaded) when every metric is ``fork_safe``, on
Linux, from a single-threaded process (:func:`forks_warm`); else they start fresh (``forkserver``).
What a run's tasks share is handed over once per worker (``shared``). Workers ignore SIGINT, and
leaving a pool by any exception terminates them instead of waiting for their tasks.
"""

from __future__ import annotations

import builtins
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported when a pool starts: a run without workers never loads them (nor numpy)
    from concurrent.futures import Future, ProcessPoolExecutor

    from ..metric import Metric

T = TypeVar("T")


def cpu_count() -> int:
    """Cores this process may run on (its affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


#: The thread of :func:`ctrl_c`, if one runs: it waits in a read and holds no lock, so a fork is safe.
_watchdog: list[threading.Thread] = []
#: How long the main thread has to take Ctrl-C itself before :func:`ctrl_c`'s thread ends the process.
GRACE = 0.25


def can_fork() -> bool:
    """Whether workers may be forked from this process now (Linux, a single thread but :func:`ctrl_c`'s)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1 + len(_watchdog)


#: what the tasks of this worker's pool share; set when the worker starts
_shared: Any = None


def _start(shared: Any) -> None:
    global _shared
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _shared = shared


def _task(fn: Callable[[Any, Any], T], item: Any) -> T:
    """A task in a worker: ``fn`` with what the pool shares, then the item."""
    return fn(_shared, item)


def terminate(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now: cancel what has not started, kill the workers, reap them."""
    # the feeder thread may be blocked writing into the pipe of workers about to die: do not wait for it
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
def _pool(jobs: int, metrics: Iterable[Metric], shared: Any) -> Iterator[tuple[ProcessPoolExecutor, bool]]:
    """A pool of ``jobs`` workers by the fork policy, and whether they were forked; any exception terminates them."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    forked = forks_warm(metrics)
    executor = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("fork" if forked else "forkserver"),
        initializer=_start,
        initargs=(shared,),
    )
    try:
        yield executor, forked
    except BaseException:
        terminate(executor)
        raise
    executor.shutdown(wait=True)


@contextmanager
def ctrl_c(message: str, status: int) -> Iterator[None]:
    """Run the block so that Ctrl-C ends the process within :data:`GRACE` seconds, even inside compiled code.

    Python handles signals only between bytecodes, so a numba kernel could hold Ctrl-C for a minute:
    SIGINT also wakes a thread (:func:`signal.set_wakeup_fd`) which, if the main thread has not
    raised :exc:`KeyboardInterrupt` in time, cleans up, prints ``message`` and exits with ``status``.
    For the command line only; outside the main thread or with a custom SIGINT handler, a no-op.
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


def forks_warm(metrics: Iterable[Metric]) -> bool:
    """Whether ``-j`` workers for these metrics are forked from this (warmed-up) process."""
    return all(type(m).fork_safe for m in metrics) and can_fork()


def map(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    jobs: int,
    metrics: Iterable[Metric] = (),
    shared: Any = None,
    done: Callable[[int, T], None] | None = None,
) -> list[T]:
    """``[fn(shared, *task) for task in tasks]`` over ``jobs`` processes (:func:`stream`), in task order.

    ``metrics`` (those the tasks use) decide the fork policy; ``done(index, result)`` is called on each
    result, in order.
    """
    if jobs <= 1 or len(tasks) <= 1:
        results: Iterable[T] = (fn(shared, *task) for task in tasks)
    else:
        results = stream(_unpack, tasks, builtins.min(jobs, len(tasks)), metrics, (fn, shared))
    out = []
    for i, result in enumerate(results):
        out.append(result)
        if done is not None:
            done(i, result)
    return out


def _unpack(call: tuple[Callable[..., T], Any], task: tuple[Any, ...]) -> T:
    """A :func:`map` task in a worker: its function with the pool's shared value, then the task's arguments."""
    fn, shared = call
    return fn(shared, *task)


def stream(
    fn: Callable[[Any, Any], T],
    items: Iterable[Any],
    jobs: int,
    metrics: Iterable[Metric],
    shared: Any = None,
    prepare: Callable[[Any, bool], Any] | None = None,
) -> Iterator[T]:
    """``fn(shared, item)`` for each item, by ``jobs`` workers, in order, at most ``2 × jobs`` in flight.

    ``prepare(item, forked)`` turns an item into what that kind of worker can receive.
    """
    with _pool(jobs, metrics, shared) as (executor, forked):
        pending: deque[Future[T]] = deque()
        for item in items:
            pending.append(executor.submit(_task, fn, item if prepare is None else prepare(item, forked)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


__all__ = ["can_fork", "cpu_count", "ctrl_c", "forks_warm", "map", "stream", "terminate"]
