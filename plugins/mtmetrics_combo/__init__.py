"""Plugin: ``combo``, a learned linear combination of metrics (``mtmetrics meta mct/regress -o``).

Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "combo": "mtmetrics_combo.combo:Combo",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Combo"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register combo by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)
