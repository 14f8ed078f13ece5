"""One command tree: every ``mtmetrics`` command, the core's and the plugins', run the same way.

A :class:`Command` names the module that runs it, imported only when it runs. The module provides
``main(argv) -> int`` (or the ``entry`` a group's sub-command names), or ``build_parser(parser)`` and
``run(args) -> int``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from ..errors import MtmetricsError, PluginError, suggest
from .args import StrictArgumentParser


@dataclass(frozen=True)
class Command:
    """A command: its name, one-line help, the module that runs it and, for plugins, the plugin."""

    name: str
    help: str
    module: str
    plugin: str | None = None
    entry: str = "main"


def load(command: Command) -> ModuleType:
    """Import the command's module; a plugin's failure is reported with the command and plugin name."""
    try:
        return import_module(command.module)
    except Exception as exc:
        if command.plugin is None:
            raise
        raise PluginError(
            f"command '{command.name}' of plugin '{command.plugin}' failed to load ({command.module}): "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def run(command: Command, argv: Sequence[str], prog: str) -> int:
    """Import ``command``'s module and run it on ``argv`` (the arguments after its name)."""
    module = load(command)
    entry: Any = getattr(module, command.entry, None)
    if callable(entry):
        return int(entry(list(argv)))
    build: Any = getattr(module, "build_parser", None)
    body: Any = getattr(module, "run", None)
    if not (callable(build) and callable(body)):
        owner = f" of plugin '{command.plugin}'" if command.plugin else ""
        raise PluginError(
            f"command '{command.name}'{owner}: {command.module} has neither main(argv) nor build_parser(parser) "
            "and run(args)."
        )
    parser = StrictArgumentParser(prog=prog, description=command.help)
    build(parser)
    return int(body(parser.parse_args(list(argv))))


def help_lines(commands: Iterable[Command]) -> list[str]:
    """One aligned line per command: name, help, and the plugin that provides it."""
    items = list(commands)
    width = max((len(c.name) for c in items), default=0) + 2
    lines = []
    for c in items:
        origin = f" [plugin {c.plugin}]" if c.plugin else ""
        text = textwrap.wrap(c.help + origin, width=max(100 - 2 - width, 40)) or [""]
        lines.append(f"  {c.name:<{width}}{text[0]}")
        lines.extend(" " * (2 + width) + more for more in text[1:])
    return lines


def dispatch(prog: str, commands: Mapping[str, Command], argv: Sequence[str], about: str) -> int:
    """Run the command named by ``argv[0]`` of a group without a default (``mtmetrics meta``)."""
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(f"usage: {prog} {{{','.join(commands)}}} ...\n\n{about}\n\ncommands:")
        print("\n".join(help_lines(commands.values())))
        print(f"\n'{prog} COMMAND --help' shows a command's options.")
        return 0 if argv else 2
    name = argv[0]
    if name not in commands:
        raise MtmetricsError(
            f"{prog.split()[-1]}: unknown command '{name}'.{suggest(name, commands)} Choose from {', '.join(commands)}."
        )
    return run(commands[name], argv[1:], f"{prog} {name}")
