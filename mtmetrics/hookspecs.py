"""Every hook a plugin can implement (functions marked ``@mtmetrics.hookimpl``), with its calling rule.

Built-in metric families use exactly these hooks; third-party plugins are found through the
``mtmetrics`` entry-point group (``[project.entry-points.mtmetrics] mywer = "mtmetrics_mywer"``).
Registration hooks call a callback the core owns, so it knows which plugin registered what.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import argparse

    from .io.lines import LineDecoder
    from .io.tables import Columns, Table

hookspec = pluggy.HookspecMarker("mtmetrics")
hookimpl = pluggy.HookimplMarker("mtmetrics")


@hookspec
def register_metrics(register: Callable[..., None]) -> None:
    """Register metrics by calling ``register(MetricClass)`` or ``register(name, "module:Class")``.

    Called once per plugin when the registry is first needed; keep it cheap. A class that breaks
    the protocol (:func:`mtmetrics.metric.protocol_problems`) or a name registered twice is a
    :class:`~mtmetrics.PluginError` naming the plugins. By name, ``module`` is imported (and
    checked) on the metric's first use, so scoring one metric imports no other
    (:func:`mtmetrics.lazy_attributes` gives the package a matching ``__getattr__``).
    """


@hookspec
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add commands to the ``mtmetrics`` command line by calling ``register(name, help, module)``.

    Called on every run, so keep it cheap: ``module`` (``"mtmetrics_mywer.cli"``) is imported only
    when ``mtmetrics NAME`` runs. It provides ``build_parser(parser)`` and ``run(args) -> int``, or
    ``main(argv) -> int``; the integer is the exit status, and :class:`mtmetrics.MtmetricsError` is
    an error the user can fix. A name taken by the core or another plugin is reported by plugin.
    """


@hookspec
def add_row_options(command: str, parser: argparse.ArgumentParser) -> None:
    """Add options to ``parser``, of the ``command`` whose rows the plugin annotates (``"score"``, or
    ``"meta"``: the meta commands that score a table). Called whenever that parser is built, so keep it
    cheap; the values reach :func:`annotate_lines` or :func:`annotate_table` as ``args``."""


@hookspec
def annotate_lines(args: argparse.Namespace) -> tuple[Sequence[str], LineDecoder] | None:
    """For ``mtmetrics score``: files read in lockstep with the input, and how their lines become annotations.

    Called once per run with the parsed ``args``. Return ``None`` when the plugin's options are not
    given, else ``(paths, decode)``: a picklable
    ``decode(columns, sources, hyps, refs, first) -> {annotation: [value per segment]}``, called
    where a run of segments is scored (``columns[k]``: lines of ``paths[k]``; ``first``: the run's
    first line number). Refuse options that do not fit with :class:`mtmetrics.InputError`.
    """


@hookspec
def annotate_table(args: argparse.Namespace, table: Table, columns: Columns) -> dict[str, list[Any]] | None:
    """For the meta commands that score a table: ``{annotation: [one value per row]}``, or ``None``.

    Called once per ``table`` before it is scored, with the parsed ``args``; ``columns`` names its
    hypothesis, reference, source and group columns. Several plugins' annotations are merged.
    """


@hookspec(firstresult=True)
def word_alignments() -> Any:
    """The reader of word-alignment files, for plugins that use alignments made by another plugin.

    Called by a plugin when it needs alignments (first answer wins): plugins never import each
    other, they meet here. The plugin that owns the alignment format
    returns an object with ``read(path, sources, targets, one_based) -> (links, source_tokenizer)``
    (one frozenset of ``(source, target)`` word indices per segment, every link checked against its
    sentences, errors naming file and line), ``source_tokens(text, tokenize) -> list[str]`` and
    ``target_tokens(text) -> list[str]`` (the words as the file indexes them). ``None``: no plugin
    reads alignments. E.g. ``mtmetrics analyze --align`` reads them for source-word accuracy.
    """
