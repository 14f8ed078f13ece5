"""Plugin: neural metrics from local unbabel-comet checkpoints (``pip install 'mtmetrics[neural]'``).

``comet`` (reference-based, e.g. COMET-22), ``cometkiwi`` (reference-free: source and hypothesis)
and ``xcomet`` score with unbabel-comet's own models, offline: a model is a local folder
(``model=PATH`` or an environment variable, see :mod:`mtmetrics_neural.comet`). The metrics are
registered only when unbabel-comet is installed (checked without importing it), so a machine
without the extra has no metric it cannot run; importing this package imports neither torch nor
unbabel-comet.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import mtmetrics

#: this plugin's metrics by registry name, as ``"module:Class"``: imported on first use
METRICS = {
    "comet": "mtmetrics_neural.comet:Comet",
    "cometkiwi": "mtmetrics_neural.comet:CometKiwi",
    "xcomet": "mtmetrics_neural.comet:XComet",
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Comet", "CometKiwi", "XComet"]


def available() -> bool:
    """Whether the extra's libraries (unbabel-comet and torch) are installed; nothing is imported."""
    return all(importlib.util.find_spec(name) is not None for name in ("comet", "torch"))


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register comet, cometkiwi and xcomet when unbabel-comet is installed (imported on first use)."""
    if not available():
        return
    for name, target in METRICS.items():
        register(name, target)
