"""The argument parser every ``mtmetrics`` command uses: no abbreviated options, ever.

argparse completes unambiguous prefixes of options. ``allow_abbrev=False`` stops that for long
options only: a single-dash option is still completed (``-l`` is taken as ``-lc``, ``-s`` as
``-sl``, ``-t`` as ``-tok``), which silently changes results for a sacrebleu user. The parser
below keeps exactly one kind of match besides exact option strings: a one-letter option with its
value attached (``-j2``, ``-w3``).

Every option of ``type=float`` accepts finite numbers only (:func:`finite_float`): ``nan`` or
``inf`` are refused when the arguments are parsed, so no such value reaches a computation or a file.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, NoReturn

from ..errors import MtmetricsError


def finite_float(text: str) -> float:
    """An option's value as a finite float (argparse's ``type``); ``nan``, ``inf`` are refused."""
    value = float(text)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


class StrictArgumentParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that never matches an option by a prefix of its name, and whose
    ``type=float`` options take finite numbers only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.register("type", float, finite_float)

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
    """``-j``: at least 1, and at most the cores this process may use (capped with one warning line)."""
    import sys

    from ..errors import ParameterError
    from ..workers import cap_jobs

    if jobs < 1:
        raise ParameterError(f"-j/--jobs must be at least 1, got {jobs}.")
    return cap_jobs(jobs, None if quiet else lambda text: print(f"mtmetrics: warning: {text}", file=sys.stderr))
