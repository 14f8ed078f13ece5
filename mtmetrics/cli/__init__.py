"""The ``mtmetrics`` command line.

``mtmetrics REF [REF ...] -i HYP [HYP ...] -m NAME [NAME ...]`` scores, as sacrebleu does;
``mtmetrics list`` shows every metric; plugins add sub-commands through ``register_commands``.
Errors the user can fix are printed as one message and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence

from .. import plugins
from ..errors import MtmetricsError, PluginError
from .args import StrictArgumentParser

EXIT_USAGE = 2


def _pop_disabled(argv: list[str]) -> list[str]:
    """Remove ``--disable-plugin NAME`` (any position, repeatable); return the names."""
    names: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--disable-plugin":
            if i + 1 >= len(argv):
                raise MtmetricsError("--disable-plugin needs a plugin name (see 'mtmetrics list').")
            names.append(argv[i + 1])
            del argv[i : i + 2]
        elif arg.startswith("--disable-plugin="):
            names.append(arg.split("=", 1)[1])
            del argv[i]
        else:
            i += 1
    return names


def _commands() -> dict[str, tuple[argparse.ArgumentParser, Callable[[argparse.Namespace], int]]]:
    """Sub-commands of plugins (core ones are dispatched directly)."""
    parser = StrictArgumentParser(prog="mtmetrics")
    sub = parser.add_subparsers(dest="command")
    found: dict[str, tuple[argparse.ArgumentParser, Callable[[argparse.Namespace], int]]] = {}
    pm = plugins.get_plugin_manager()
    for impl in pm.hook.register_commands.get_hookimpls():
        before = set(sub.choices)
        impl.function(subparsers=sub)
        for name in set(sub.choices) - before:
            if name in ("score", "list", "meta") or name in found:
                raise PluginError(f"plugin '{impl.plugin_name}' adds the command '{name}', which already exists.")
            p = sub.choices[name]
            func = p.get_default("func")
            if func is None:
                raise PluginError(f"plugin '{impl.plugin_name}': command '{name}' has no func default.")
            found[name] = (p, func)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        disabled = _pop_disabled(args)
        if disabled:
            plugins.disable_plugins(disabled)
        for name, err in plugins.load_errors():
            print(f"mtmetrics: warning: plugin '{name}' failed to load and is skipped: {err}", file=sys.stderr)
        if args and args[0] == "list":
            from .listing import run_list

            return run_list(args[1:])
        if args and args[0] == "meta":
            from .meta import run_meta

            return run_meta(args[1:])
        if args and args[0] == "score":
            args = args[1:]
        elif args and not args[0].startswith("-"):
            commands = _commands()
            if args[0] in commands:
                parser, func = commands[args[0]]
                return int(func(parser.parse_args(args[1:])))
        from .score import run_score

        return run_score(args)
    except MtmetricsError as exc:
        print(f"mtmetrics: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("mtmetrics: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def console() -> None:
    """``python -m mtmetrics``."""
    status = main()
    # The output is written and every file closed. Freezing skips the interpreter's last garbage
    # collection, a walk over every object the metrics loaded (a tenth of a second or more with
    # compiled kernels); the operating system frees the memory anyway.
    gc.freeze()
    sys.exit(status)
