"""Built-in plugin: SIA, stochastic iterative alignment (Liu & Gildea 2006).

Registers the metric ``sia`` and the command ``mtmetrics similarity train`` that builds the word
similarity tables used by its stochastic word matching. Uses only mtmetrics' public API.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import mtmetrics

from .metric import Sia

__all__ = ["Sia"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register sia."""
    register(Sia)


@mtmetrics.hookimpl
def register_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``mtmetrics similarity`` (sub-command ``train``)."""
    from .cli import add_similarity_command

    add_similarity_command(subparsers)
