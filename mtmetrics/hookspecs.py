"""Every hook a plugin can implement, with its arguments and calling rule.

Plugins are modules or objects with functions marked ``@mtmetrics.hookimpl`` whose names match
the specifications below. Built-in metric families (``plugins/mtmetrics_*``) use exactly these
hooks, through the public API only; third-party plugins are found through the ``mtmetrics``
entry-point group, e.g. in ``pyproject.toml``::

    [project.entry-points.mtmetrics]
    mywer = "mtmetrics_mywer"

The registration hooks are verbs the core calls with a callback it owns (the pattern of
simonw/llm), so the core knows which plugin registered what and can report duplicates by plugin
name. The row hooks (:func:`add_row_options`, :func:`annotate_lines`, :func:`annotate_table`) let a
plugin add options to the core's scoring commands and turn them into per-segment annotations.
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


@hookspec
def add_row_options(command: str, parser: argparse.ArgumentParser) -> None:
    """Add options to a core command whose rows the plugin annotates (see :func:`annotate_lines`).

    ``command`` is ``"score"`` (``mtmetrics score``) or ``"meta"`` (the meta commands that score a
    table: ``report``, ``mct``, ``regress``). Called every time that command's parser is built, so
    keep it cheap (the options only; no heavy import). The options' values reach the plugin's
    :func:`annotate_lines` or :func:`annotate_table` as ``args``, the command's parsed namespace.
    """


@hookspec
def annotate_lines(args: argparse.Namespace) -> tuple[Sequence[str], LineDecoder] | None:
    """For ``mtmetrics score``: files to read in lockstep with the input, and how their lines become annotations.

    Called once per run, after the core's checks of its own options, with the parsed namespace
    ``args``. Return ``None`` when the plugin's options are not given; else ``(paths, decode)``:
    the files (one line per segment) and a picklable callable
    ``decode(columns, sources, hyps, refs, first) -> {annotation: [value per segment]}``, called
    where a run of segments is scored with ``columns[k]`` the lines of ``paths[k]`` (``first``:
    the 1-based number of the run's first line; ``sources`` ``None`` without ``--src``). Refuse
    options that do not fit (``args.input``, ``args.refs``, ``args.src``) with
    :class:`mtmetrics.InputError`. E.g. ``mtmetrics_source`` reads ``--align-hyp FILE`` as the
    ``align_hyp`` annotation, checked against the source and hypothesis of each line.
    """


@hookspec
def annotate_table(args: argparse.Namespace, table: Table, columns: Columns) -> dict[str, list[Any]] | None:
    """For the meta commands that score a table: annotations of every row of ``table``, or ``None``.

    Called once per table, before it is scored, with the command's parsed namespace ``args``.
    ``columns`` says which of ``table.columns`` hold the hypotheses, references, source and group.
    Return ``{annotation: [one value per row]}`` (metrics that declare the annotation in
    :attr:`mtmetrics.Metric.inputs` receive it), or ``None`` when the plugin's options are not
    given. E.g. ``mtmetrics_source`` aligns the table (``--aligner eflomal``) for ``align_hyp`` and
    ``align_refs``. With several plugins answering, their annotations are merged.
    """


@hookspec(firstresult=True)
def word_alignments() -> Any:
    """The reader of word-alignment files, for plugins that use alignments made by another plugin.

    Plugins never import each other; they meet here. The plugin that owns the alignment format
    returns an object with ``read(path, sources, targets, one_based) -> (links, source_tokenizer)``
    (one frozenset of ``(source, target)`` word indices per segment, every link checked against its
    sentences, errors naming file and line), ``source_tokens(text, tokenize) -> list[str]`` and
    ``target_tokens(text) -> list[str]`` (the words as the file indexes them). ``None``: no plugin
    reads alignments. E.g. ``mtmetrics analyze --align`` reads them for source-word accuracy.
    """
