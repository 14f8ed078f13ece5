"""mtmetrics: machine-translation evaluation metrics as plugins, with reproducible signatures.

Python API (sacrebleu-like)::

    import mtmetrics
    bleu = mtmetrics.load_metric("bleu")
    result = bleu.corpus_score(hyps, [refs_a, refs_b])
    result.score, result.signature, result.to_dict()

Plugin authors subclass :class:`Metric`, declare :class:`Param` objects and implement the
``register_metrics`` hook with :data:`hookimpl` (see ``docs/plugin-guide.md``).
"""

from __future__ import annotations

from typing import Any

from .errors import (
    InputError,
    MtmetricsError,
    ParameterError,
    PluginError,
    ResourceError,
    UnknownMetricError,
)
from .hookspecs import hookimpl
from .metric import Inputs, Metric, Segment, Statistics, build_segments
from .params import Param
from .result import Result, Score
from .signature import Field, Signature
from .version import __version__


def _wire() -> None:
    """Give the protocol module the registry's provenance and the scoring engine (see ``metric.Services``)."""
    from . import metric, parallel

    def provenance(cls: type[Metric]) -> tuple[str, str]:
        from .plugins import provenance as registered

        return registered(cls)

    metric.SERVICES.provenance = provenance
    metric.SERVICES.score_segments = lambda m, segments, jobs, progress: parallel.score_segments(
        m, segments, jobs, progress=progress
    )


_wire()


def load_metric(name: str, **params: Any) -> Metric:
    """Instantiate the registered metric ``name`` with ``params`` (checked against its declaration)."""
    from .plugins import metric_class

    cls = metric_class(name)
    return cls(**params)


def list_metrics() -> list[str]:
    """Names of every registered metric, sorted."""
    from .plugins import metric_registry

    return list(metric_registry())


__all__ = [
    "Field",
    "InputError",
    "Inputs",
    "Metric",
    "MtmetricsError",
    "Param",
    "ParameterError",
    "PluginError",
    "ResourceError",
    "Result",
    "Score",
    "Segment",
    "Signature",
    "Statistics",
    "UnknownMetricError",
    "__version__",
    "build_segments",
    "hookimpl",
    "list_metrics",
    "load_metric",
]
