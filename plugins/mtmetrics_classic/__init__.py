"""Built-in plugin: the sacrebleu metrics (BLEU, smoothed sentence BLEU, chrF, TER).

Thin adapters: sacrebleu computes the statistics and the scores, mtmetrics adds declared
parameters, typed statistics, signatures and the shared CLI/API. Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

from .bleu import Bleu, BleuS
from .chrf import Chrf
from .ter import Ter

__all__ = ["Bleu", "BleuS", "Chrf", "Ter"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[[type[mtmetrics.Metric]], None]) -> None:
    """Register bleu, bleus, chrf and ter."""
    for cls in (Bleu, BleuS, Chrf, Ter):
        register(cls)
