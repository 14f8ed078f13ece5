"""Built-in plugin: SIA, stochastic iterative alignment (Liu & Gildea 2006).

Registers the metric ``sia`` and the command ``mtmetrics similarity train`` that builds the word
similarity tables used by its stochastic word matching. Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

from .metric import Sia

__all__ = ["Sia"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register sia."""
    register(Sia)


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics similarity`` (sub-command ``train``); :mod:`.cli` is imported only when it runs."""
    register("similarity", "word similarity tables for SIA (sub-command: train)", f"{__name__}.cli")
