"""Built-in plugin: ``mtmetrics analyze``, a compare-mt-grade analysis of two or more systems.

Registers one command; :mod:`.cli` (and everything it imports) loads only when it runs. The report
(one self-contained HTML page and strict JSON) holds aggregate scores with intervals and paired
tests, sentence buckets, word accuracy by frequency and by label, source-word accuracy (with an
alignment), characteristic n-grams and examples, with
compare-mt 0.2.10's definitions where compare-mt computes the same thing (``docs/analyze.md``).
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics


@mtmetrics.hookimpl
def register_commands(register: Callable[[str, str, str], None]) -> None:
    """Add ``mtmetrics analyze``; :mod:`.cli` is imported only when it runs."""
    register(
        "analyze", "where systems differ: an HTML + JSON analysis report (compare-mt's analyses)", f"{__name__}.cli"
    )
