"""Plugin: ``combo``, a learned linear combination of metrics (``mtmetrics meta mct/regress -o``).

Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

from .combo import Combo

__all__ = ["Combo"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register combo."""
    register(Combo)
