"""The ``mtmetrics`` command line: one command tree (:mod:`.commands`), ``score`` the default; an error
the user can fix is one line and exit status 2."""

from __future__ import annotations

import errno
import gc
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from .. import plugins
from ..engine import pool
from ..errors import MtmetricsError
from . import commands, startup
from .commands import Command, help_lines

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # as the shell reports a program ended by SIGINT
INTERRUPTED = "mtmetrics: interrupted"


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


#: The core's commands; plugins' commands are added from ``register_commands``.
CORE_COMMANDS: tuple[Command, ...] = (
    Command(
        "score", "score machine-translation output (the default command: 'mtmetrics REF -i HYP')", "mtmetrics.cli.score"
    ),
    Command("list", "every metric with its parameters, defaults, languages and plugin", "mtmetrics.cli.listing"),
    Command("signature", "explain a signature, or list what makes two incomparable", "mtmetrics.cli.signature"),
)

RULE = (
    "A first argument that names a command is that command. To score a reference file whose name is a "
    "command word, give its path or name the command: 'mtmetrics ./list -i HYP' or 'mtmetrics score list -i HYP'."
)


def command_tree() -> dict[str, Command]:
    """Every command by name: the core's first, then the plugins' (sorted); refused ones are warned about."""
    tree = {c.name: c for c in CORE_COMMANDS}
    registry = plugins.REGISTRY.command_registry(reserved=tree)
    for plugin, why in registry.errors:
        print(f"mtmetrics: warning: plugin '{plugin}': {why} The command is skipped.", file=sys.stderr)
    for name, entry in registry.commands.items():
        tree[name] = Command(name, entry.help, entry.module, plugin=entry.plugin.name)
    return tree


def overview(tree: dict[str, Command]) -> str:
    """The top of ``mtmetrics --help``: every command, with the disambiguation rule."""
    return "\n".join(
        [
            "usage: mtmetrics [COMMAND] [ARGS ...]",
            "       mtmetrics [score] REF [REF ...] -i HYP [HYP ...] -m NAME [NAME ...]",
            "",
            "commands ('mtmetrics COMMAND --help' shows a command's options):",
            *help_lines(tree.values()),
            "",
            textwrap.fill(RULE, width=100),
            "",
            "Scoring options (the command 'score'):",
            "",
        ]
    )


def _run_named(command: Command, argv: list[str]) -> int:
    """Run a command named by the first argument; if a file has that name too, say how to score it."""
    try:
        return commands.run(command, argv, f"mtmetrics {command.name}")
    except MtmetricsError as exc:
        if command.name != "score" and os.path.exists(command.name):
            raise MtmetricsError(
                f"{exc} ('{command.name}' is read as the command; to score the file named '{command.name}', "
                f"write 'mtmetrics score {command.name} ...' or 'mtmetrics ./{command.name} ...'.)"
            ) from exc
        raise


#: exit status when the reader of standard output went away (``| head``), as after SIGPIPE
EXIT_BROKEN_PIPE = 141


class OutputError(MtmetricsError):
    """Standard output could not be written: closed, a broken pipe, a full disk."""

    def __init__(self, message: str, broken_pipe: bool = False) -> None:
        super().__init__(message)
        #: the reader went away: the run ends quietly, as Unix tools do under ``| head``
        self.broken_pipe = broken_pipe


class _Stdout:
    """Standard output whose failed write (or absence) is an :class:`OutputError`, never output lost silently."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def _fail(self, exc: OSError | None) -> OutputError:
        if exc is None or exc.errno == errno.EBADF:
            return OutputError("cannot write standard output: it is closed.")
        if isinstance(exc, BrokenPipeError):
            return OutputError("standard output was closed before everything was written (broken pipe).", True)
        return OutputError(f"cannot write standard output: {exc.strerror or exc}.")

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self.stream, method)(*args)
        except (OSError, ValueError) as exc:  # ValueError: a closed file object
            raise self._fail(exc if isinstance(exc, OSError) else None) from None

    def write(self, text: str) -> int:
        if self.stream is None:
            raise self._fail(None)
        return int(self._call("write", text))

    def flush(self) -> None:
        if self.stream is not None:
            self._call("flush")

    @property
    def closed(self) -> bool:
        """Asked by libraries before they write (numba's colorama on its first compile): no error here."""
        return self.stream is None or bool(self.stream.closed)

    def isatty(self) -> bool:
        return self.stream is not None and bool(self._call("isatty"))

    def __getattr__(self, name: str) -> Any:
        if self.stream is None:
            raise self._fail(None)
        return getattr(self.stream, name)


def _silence_stdout(stream: Any) -> None:
    """Point the real standard output at /dev/null after a failed write, so the last flush cannot fail again."""
    if stream is None or stream is not sys.__stdout__:
        return
    assert sys.__stdout__ is not None
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script: exit status 2 for a user's error, 141 quietly for ``| head``."""
    args = list(sys.argv[1:] if argv is None else argv)
    real = sys.stdout
    sys.stdout = _Stdout(real)
    try:
        with pool.ctrl_c(INTERRUPTED, EXIT_INTERRUPTED):  # also inside compiled kernels
            status = _main(args)
            sys.stdout.flush()
        return status
    except MtmetricsError as exc:
        if isinstance(exc, OutputError):
            _silence_stdout(real)
            if exc.broken_pipe:
                return EXIT_BROKEN_PIPE
        print(f"mtmetrics: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # a file the code opened without a friendlier message
        name = f"{exc.filename}: " if exc.filename else ""
        print(f"mtmetrics: error: {name}{exc.strerror or exc}.", file=sys.stderr)
        return EXIT_USAGE
    except (KeyboardInterrupt, SystemError) as exc:
        # Ctrl-C taken as a compiled kernel returns an array: numba wraps it in a SystemError
        if isinstance(exc, SystemError) and not isinstance(exc.__cause__, KeyboardInterrupt):
            raise
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        sys.stdout = real


def _main(args: list[str]) -> int:
    """Parse the plugin options, build the command tree and run the command."""
    disabled = _pop_disabled(args)
    if disabled:
        plugins.REGISTRY.disable_plugins(disabled)
    for name, err in plugins.REGISTRY.load_errors():
        print(f"mtmetrics: warning: plugin '{name}' failed to load and is skipped: {err}", file=sys.stderr)
    tree = command_tree()
    startup.spare_blas_threads(args[0] if args and args[0] in tree else "score")
    if args and args[0] in tree:
        return _run_named(tree[args[0]], args[1:])
    if any(a in ("-h", "--help") for a in args):
        print(overview(tree))
    return commands.run(tree["score"], args, "mtmetrics")


def console() -> None:
    """``python -m mtmetrics``."""
    startup.defer_imports()
    status = main()
    # skip the interpreter's last collection over everything the metrics loaded (0.1 s or more)
    gc.freeze()
    sys.exit(status)
