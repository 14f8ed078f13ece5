"""Built-in plugin: ``mtmetrics rank``, systems ranked as WMT ranks them.

Registers one command; :mod:`.cli` (and everything it imports) loads only when it runs. Every pair
of systems is tested from statistics computed once (:mod:`.rank`), the p-values are corrected over
each metric's pairs, and the systems are grouped into significance clusters.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics rank``; :mod:`.cli` is imported only when it runs."""
    register("rank", "rank systems: all pairs tested, corrected, significance clusters", f"{__name__}.cli")
