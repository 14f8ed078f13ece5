"""Built-in plugin: the sacrebleu metrics (BLEU, smoothed sentence BLEU, chrF, TER).

Thin adapters: sacrebleu computes the statistics and the scores, mtmetrics adds declared
parameters, typed statistics, signatures and the shared CLI/API. Uses only mtmetrics' public API.
"""

from __future__ import annotations

from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "bleu": "mtmetrics_classic.bleu:Bleu",
    "bleus": "mtmetrics_classic.bleu:BleuS",
    "chrf": "mtmetrics_classic.chrf:Chrf",
    "ter": "mtmetrics_classic.ter:Ter",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Bleu", "BleuS", "Chrf", "Ter"]


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register bleu, bleus, chrf and ter by name: each module is imported when its metric is first used."""
    for name, target in METRICS.items():
        register(name, target)
