"""Exceptions raised by mtmetrics.

Every error a user can cause by what they pass in (a file, a metric name, a parameter value)
derives from :class:`MtmetricsError`; the CLI prints its message and exits with status 2 instead
of showing a traceback. Programming errors inside a plugin are left as ordinary exceptions.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterable
from types import ModuleType


class MtmetricsError(Exception):
    """Base class of every user-facing error; the message says what is wrong and how to fix it."""


class InputError(MtmetricsError, ValueError):
    """Bad input data: mismatched lengths, undecodable files, empty corpora, missing references."""


class UnknownMetricError(MtmetricsError, KeyError):
    """A metric name that no loaded plugin registers."""

    def __str__(self) -> str:  # KeyError would repr() the message; show it as written
        return str(self.args[0]) if self.args else ""


class ParameterError(MtmetricsError, ValueError):
    """An unknown parameter name or a value of the wrong type or outside its choices."""


class PluginError(MtmetricsError):
    """A plugin that cannot be registered, such as two plugins claiming one metric name."""


class ResourceError(MtmetricsError):
    """A missing optional resource (package, model, data file); the message names the install command."""


def suggest(name: str, candidates: Iterable[str]) -> str:
    """Return ``" Did you mean: a, b?"`` for the closest candidates, or an empty string."""
    close = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.5)
    return f" Did you mean: {', '.join(close)}?" if close else ""


def require(module: str, what: str, extra: str, package: str | None = None) -> ModuleType:
    """``module`` imported, or a :class:`ResourceError` saying that ``what`` needs ``package`` (by default
    the module's name) and which extra installs it: the one message of every missing optional package."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ResourceError(
            f"{what} needs the {package or module} package, which is not installed. "
            f"Install it with: pip install 'mtmetrics[{extra}]'"
        ) from None
