"""Built-in plugin: SIA, stochastic iterative alignment (Liu & Gildea 2006).

Registers the metric ``sia`` and the command ``mtmetrics similarity train`` that builds the word
similarity tables used by its stochastic word matching. Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "sia": "mtmetrics_sia.metric:Sia",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Sia"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register sia by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics similarity`` (sub-command ``train``); :mod:`.cli` is imported only when it runs."""
    register("similarity", "word similarity tables for SIA (sub-command: train)", f"{__name__}.cli")
