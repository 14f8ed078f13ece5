"""Every hook a plugin can implement, with its arguments and calling rule.

Plugins are modules or objects with functions marked ``@mtmetrics.hookimpl`` whose names match
the specifications below. Built-in metric families (``plugins/mtmetrics_*``) use exactly these
hooks, through the public API only; third-party plugins are found through the ``mtmetrics``
entry-point group, e.g. in ``pyproject.toml``::

    [project.entry-points.mtmetrics]
    mywer = "mtmetrics_mywer"

Hooks are verbs the core calls with a callback it owns (the pattern of simonw/llm), so the core
knows which plugin registered what and can report duplicates by plugin name.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .metric import Metric

hookspec = pluggy.HookspecMarker("mtmetrics")
hookimpl = pluggy.HookimplMarker("mtmetrics")


@hookspec
def register_metrics(register: Callable[[type[Metric]], None]) -> None:
    """Register metric classes by calling ``register(MetricClass)`` once per metric.

    Called once per plugin, lazily, the first time the metric registry is needed (listing metrics,
    loading one by name). ``MetricClass`` must be a subclass of :class:`mtmetrics.Metric` with a
    ``name``; registering a name that another plugin already registered is an error naming both
    plugins. Keep this hook cheap: import heavy dependencies when a metric is instantiated, not here.
    """


@hookspec
def register_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add sub-commands to the ``mtmetrics`` command line.

    Called once per plugin when the CLI builds its parser. Add a parser with
    ``subparsers.add_parser(name, help=...)`` and store the function to run as its ``func``
    default (``parser.set_defaults(func=run)``); ``run(args)`` returns the exit status. A command
    name used by the core (``score``, ``list``, ``meta``) or by another plugin is an error.
    """
