"""Plugin: neural metrics from local checkpoints (``pip install 'mtmetrics[neural]'``).

``comet`` (reference-based, e.g. COMET-22), ``cometkiwi`` (reference-free: source and hypothesis)
and ``xcomet`` score with unbabel-comet's own models; ``bleurt`` with bleurt-pytorch's BLEURT
ports; ``metricx``, ``metricxqe`` (MetricX-24), ``metricx23`` and ``metricx23qe`` with lightyear's
MetricX. All offline: a model is a local folder (``model=PATH`` or an environment variable, see
:mod:`mtmetrics_neural.common`). A metric is registered only when its library is installed
(checked without importing it), so a machine without the extra has no metric it cannot run;
importing this package imports none of torch and the libraries.
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
    "bleurt": "mtmetrics_neural.bleurt:Bleurt",
    "metricx": "mtmetrics_neural.metricx:MetricX",
    "metricxqe": "mtmetrics_neural.metricx:MetricXQE",
    "metricx23": "mtmetrics_neural.metricx:MetricX23",
    "metricx23qe": "mtmetrics_neural.metricx:MetricX23QE",
}
#: the library each module's metrics score with: (import name, distribution)
LIBRARIES = {
    "comet": ("comet", "unbabel-comet"),
    "bleurt": ("bleurt_pytorch", "bleurt-pytorch"),
    "metricx": ("lightyear", "lightyear"),
}
__getattr__ = mtmetrics.lazy_attributes(METRICS)
__all__ = ["Bleurt", "Comet", "CometKiwi", "MetricX", "MetricX23", "MetricX23QE", "MetricXQE", "XComet"]


def missing(module: str | None = None) -> list[str]:
    """The distributions of the extra (of one module's metrics, when named) that are not installed;
    nothing is imported."""
    needs = [("torch", "torch"), *(LIBRARIES.values() if module is None else [LIBRARIES[module]])]
    return [dist for name, dist in needs if importlib.util.find_spec(name) is None]


def available() -> bool:
    """Whether all the extra's libraries are installed; nothing is imported."""
    return not missing()


@mtmetrics.hookimpl
def register_metrics(register: Callable[..., None]) -> None:
    """Register each metric whose library is installed (imported on first use)."""
    for name, target in METRICS.items():
        if not missing(target.split(":")[0].rsplit(".", 1)[1]):
            register(name, target)
