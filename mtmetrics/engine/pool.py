"""The one fan-out: every road that spreads work over ``-j`` processes does it here, one way.

One fork policy (:func:`forks_warm`) for every road: workers are forked from this process (and
inherit what it loaded) when every metric involved is :attr:`~mtmetrics.Metric.fork_safe` and
the process may fork (Linux, one thread); otherwise they start from a clean interpreter
(``forkserver``) and rebuild the metrics from their parameters. Processes come from
:func:`mtmetrics.workers.pool` (Ctrl-C ends them at once).

* :func:`map` runs a list of independent tasks (meta tables' scoring tasks, significance tests,
  ORANGE's metrics) and returns their results in task order;
* :func:`stream` feeds an endless iterator of work items with at most ``window`` in flight and
  yields the results in order (the scoring stream of :mod:`mtmetrics.parallel`).
"""

from __future__ import annotations

import builtins
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, as_completed
from typing import Any, TypeVar

from .. import workers
from ..metric import Metric

T = TypeVar("T")


def forks_warm(metrics: Iterable[Metric]) -> bool:
    """Whether ``-j`` workers for these metrics are forked from this (warmed-up) process."""
    return all(type(m).fork_safe for m in metrics) and workers.can_fork()


def map(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    jobs: int,
    metrics: Iterable[Metric] = (),
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    done: Callable[[int, T], None] | None = None,
) -> list[T]:
    """``[fn(*task) for task in tasks]`` over ``jobs`` processes, in task order.

    ``metrics`` are the metrics the tasks use (they decide the fork policy); ``initializer`` runs
    once per worker with ``initargs`` (inherited, not pickled, when the workers are forked) and,
    without workers, once here. ``done(index, result)`` is called as each task finishes.
    """
    if jobs <= 1 or len(tasks) <= 1:
        if initializer is not None:
            initializer(*initargs)
        out = []
        for i, task in enumerate(tasks):
            out.append(fn(*task))
            if done is not None:
                done(i, out[-1])
        return out
    results: dict[int, T] = {}
    with workers.pool(
        builtins.min(jobs, len(tasks)), fork=forks_warm(metrics), initializer=initializer, initargs=initargs
    ) as executor:
        futures = {executor.submit(fn, *task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            if done is not None:
                done(i, results[i])
    return [results[i] for i in range(len(tasks))]


def stream(
    fn: Callable[[Any], T],
    items: Iterable[Any],
    jobs: int,
    metrics: Sequence[Metric],
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    prepare: Callable[[Any, bool], Any] | None = None,
) -> Iterator[T]:
    """``fn(item)`` for each item, by ``jobs`` workers, in order, with at most ``2 × jobs`` in flight.

    ``prepare(item, forked)`` may turn an item into what a worker of that kind can receive (a
    forked worker has inherited data a fresh one has not).
    """
    warm = forks_warm(metrics)
    with workers.pool(jobs, fork=warm, initializer=initializer, initargs=initargs) as executor:
        pending: deque[Future[T]] = deque()
        for item in items:
            pending.append(executor.submit(fn, item if prepare is None else prepare(item, warm)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


__all__ = ["forks_warm", "map", "stream"]
