"""The argument parser every ``mtmetrics`` command uses.

No abbreviated options, ever: argparse's ``allow_abbrev=False`` still completes single-dash options
(``-l`` as ``-lc``), which silently changes a sacrebleu user's results; only a one-letter option
with its value attached (``-j2``) is kept. ``type=float`` takes finite numbers only, and an option
that stores one value may be given once (:class:`StoreOnce`).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..engine.pool import cpu_count
from ..errors import MtmetricsError, ParameterError
from ..params import number


def finite_float(text: str) -> float:
    """An option's value as a finite float (argparse's ``type``); ``nan``, ``inf`` are refused."""
    value = float(text)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def bounded(kind: type, low: float, high: float | None = None) -> Callable[[str], Any]:
    """An argparse ``type``: the text as ``kind`` (int or float) in ``[low, high]`` (``None``: no
    upper bound, finite), checked by :func:`mtmetrics.params.number` as the Python API's numbers are."""

    def convert(text: str) -> Any:
        try:
            value: float = int(text)
        except ValueError:
            value = float(text)  # argparse reports a ValueError as an invalid value
        try:
            return number(value, "the value", kind, (low, high))
        except ParameterError as exc:
            raise argparse.ArgumentTypeError(str(exc).rstrip(".")) from None

    convert.__name__ = kind.__name__
    return convert


def alpha_arg(p: argparse.ArgumentParser, help: str = "significance level (default 0.05)") -> None:
    """``--alpha``, the significance level of the ranking commands: in ``[1e-9, 0.5]``, default 0.05."""
    p.add_argument("--alpha", type=bounded(float, 1e-9, 0.5), default=0.05, help=help)


class StoreOnce(argparse._StoreAction):
    """argparse's ``store``, refusing a second occurrence of the option (``-s floor -s none``) or
    two spellings of one option (``--bleu-smooth-method floor -s none``)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        seen: dict[str, str] = vars(parser).setdefault("_given_once", {})
        if option is not None and self.dest in seen:
            first = seen[self.dest]
            again = "given twice" if first == option else f"given as {first} and as {option}"
            parser.error(f"{option} is {again}: give it once")
        seen[self.dest] = option or self.dest
        super().__call__(parser, namespace, values, option)


class StrictArgumentParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that never matches an option by a prefix of its name, whose
    ``type=float`` options take finite numbers only, and whose single-valued options are given once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.register("type", float, finite_float)
        self.register("action", None, StoreOnce)
        self.register("action", "store", StoreOnce)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's, with the record of options given (:class:`StoreOnce`) started afresh."""
        vars(self)["_given_once"] = {}
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        """One line, exit status 2 (through the CLI's error handler), instead of usage and message."""
        raise MtmetricsError(
            f"{self.prog.split()[-1] if ' ' in self.prog else self.prog}: {message} (see '{self.prog} --help')."
        )

    def _get_option_tuples(self, option_string: str) -> list[Any]:
        # argparse's candidates for a token that is not an exact option string. Each candidate's
        # second element is the option string it would stand for (in every Python version); keep
        # only "-x" + attached value, where "-x" is a one-letter option.
        if option_string.startswith("--") or len(option_string) < 2:
            return []
        short = option_string[:2]
        return [t for t in super()._get_option_tuples(option_string) if t[1] == short]


def check_jobs(jobs: int, quiet: bool = False) -> int:
    """``-j`` (at least 1: its type is ``bounded(int, 1)``) capped at the cores this process may use, with
    one warning line unless ``quiet``."""
    cores = cpu_count()
    if jobs > cores and not quiet:
        warning = f"-j {jobs} is more than the {cores} cores this process may use; using -j {cores}."
        print(f"mtmetrics: warning: {warning}", file=sys.stderr)
    return min(jobs, cores)
