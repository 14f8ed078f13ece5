"""``mtmetrics meta ...``: meta-evaluation commands (being written)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import MtmetricsError


def run_meta(argv: Sequence[str]) -> int:
    """Dispatch ``mtmetrics meta <command>``."""
    raise MtmetricsError("mtmetrics meta: no meta-evaluation command is available yet.")
