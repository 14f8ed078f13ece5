"""Built-in plugin: the ROUGE family (ROUGE-N, -L, -W, -S, -SU), per Lin & Och (2004).

Two implementations behind one parameter: ``impl=paper`` (the papers' definitions, the default)
and ``impl=rouge155`` (reproduces the ROUGE-1.5.5 Perl script per segment). Uses only mtmetrics'
public API; the Porter stemmer comes from :mod:`mtmetrics.resources.stemmer`.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

from .metrics import RougeL, RougeN, RougeS, RougeSU, RougeW

__all__ = ["RougeL", "RougeN", "RougeS", "RougeSU", "RougeW"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register rouge-n, rouge-l, rouge-w, rouge-s and rouge-su."""
    for cls in (RougeN, RougeL, RougeW, RougeS, RougeSU):
        register(cls)
