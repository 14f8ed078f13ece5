"""Built-in plugin mtmetrics_baselines (work in progress: registers no metric yet)."""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register this family's metrics."""
