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

from collections.abc import Callable

import pluggy

hookspec = pluggy.HookspecMarker("mtmetrics")
hookimpl = pluggy.HookimplMarker("mtmetrics")


@hookspec
def register_metrics(register: Callable[..., None]) -> None:
    """Register metrics by calling ``register(MetricClass)`` or ``register(name, "module:Class")``.

    Called once per plugin, lazily, the first time the metric registry is needed (listing metrics,
    loading one by name). ``MetricClass`` must be a subclass of :class:`mtmetrics.Metric` with a
    ``name`` that keeps the protocol (:func:`mtmetrics.metric.protocol_problems`: no public name
    outside :class:`~mtmetrics.Metric`'s members and its ``helpers``), else a
    :class:`~mtmetrics.PluginError` naming the plugin and the member. Registering by name defers
    the import of ``module`` (and the check) to the first use of the metric (the class found there
    must have that ``name``), so scoring one metric imports no other;
    :func:`mtmetrics.lazy_attributes` gives the plugin package a matching ``__getattr__``.
    Registering a name that another plugin already registered is an error naming both plugins.
    Keep this hook cheap: import heavy dependencies when a metric is instantiated, not here.
    """


@hookspec
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add commands to the ``mtmetrics`` command line by calling ``register(name, help, module)``.

    Called once per plugin, when the command line needs its command names (every run: a first
    argument that names a command is that command), so keep it cheap: ``register`` only records,
    and ``module`` (a dotted module name, e.g. ``"mtmetrics_mywer.cli"``) is imported only when
    ``mtmetrics NAME`` runs. ``name`` is a lowercase word; ``help`` is the one line that
    ``mtmetrics --help`` shows beside it. The module provides either

    * ``build_parser(parser)``, which adds arguments to an ``argparse.ArgumentParser`` made by the
      core (prog ``mtmetrics NAME``, no abbreviated options, one-line errors with status 2), and
      ``run(args) -> int``, which receives the parsed namespace; or
    * ``main(argv) -> int``, which receives the arguments after ``NAME`` and parses them itself.

    The returned integer is the exit status; raise :class:`mtmetrics.MtmetricsError` (or a
    subclass) for an error the user can fix. A name used by the core (``score``, ``list``,
    ``meta``) or by another plugin, or a module that fails to import, is reported with the
    plugin's name.
    """
