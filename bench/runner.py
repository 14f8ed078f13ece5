"""A tiny benchmark runner: time mtmetrics and an anchor package on the same data, in one process.

Each case is a pair of zero-argument callables doing the same work (scoring the same corpus);
they are run alternately, ``repeat`` times each, and the best time of each is kept (the minimum
is the least noisy estimate on a shared machine). The report prints both times and their ratio
(mtmetrics / anchor): below 1.0 mtmetrics is faster. Not a test: run it on demand.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Best-of-N wall-clock times of one case."""

    label: str
    ours: float
    anchor: float
    anchor_name: str

    @property
    def ratio(self) -> float:
        """mtmetrics time over anchor time."""
        return self.ours / self.anchor


def _timed(fn: Callable[[], object], clock: Callable[[], float]) -> float:
    """Seconds of ``clock`` for one call, with the garbage collector paused."""
    gc.collect()
    gc.disable()
    try:
        start = clock()
        fn()
        return clock() - start
    finally:
        gc.enable()


def best_time(fn: Callable[[], object]) -> float:
    """Wall-clock seconds of one call, with the garbage collector paused."""
    return _timed(fn, time.perf_counter)


def cpu_time(fn: Callable[[], object]) -> float:
    """CPU seconds of this process for one call, with the garbage collector paused."""
    return _timed(fn, time.process_time)


def compare(
    label: str, ours: Callable[[], object], anchor: Callable[[], object], anchor_name: str, repeat: int = 5
) -> Timing:
    """Run both callables alternately ``repeat`` times; keep each one's best time."""
    t_ours, t_anchor = [], []
    for _ in range(repeat):
        t_anchor.append(best_time(anchor))
        t_ours.append(best_time(ours))
    return Timing(label, min(t_ours), min(t_anchor), anchor_name)


def report(timings: list[Timing], target: float | None = None) -> str:
    """A fixed-width table; marks rows above ``target`` (a ratio)."""
    lines = [f"{'case':<34} {'mtmetrics':>10} {'anchor':>10} {'ratio':>7}  anchor package"]
    for t in timings:
        flag = "" if target is None or t.ratio <= target else f"  > target {target:.2f}"
        lines.append(f"{t.label:<34} {t.ours:>9.3f}s {t.anchor:>9.3f}s {t.ratio:>7.3f}  {t.anchor_name}{flag}")
    return "\n".join(lines)
