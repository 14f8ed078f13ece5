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

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import (
    InputError,
    MtmetricsError,
    ParameterError,
    PluginError,
    ResourceError,
    UnknownMetricError,
)
from .hookspecs import hookimpl
from .params import Param, checked_pair
from .result import Result, Score
from .signature import Field, Signature
from .version import __version__

if TYPE_CHECKING:
    from .api import Scorer
    from .metric import (
        Inputs,
        Metric,
        Segment,
        Statistics,
        build_segments,
    )


def lazy_attributes(targets: Mapping[str, str] | Iterable[str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) importing each ``"module:Name"`` target on first use: the
    package's one lazy-import mechanism. A plugin passes the map it registers its metrics with, so
    ``from mtmetrics_mine import MyMetric`` works while the command line imports only what it scores."""
    pairs = (t.partition(":") for t in (targets.values() if isinstance(targets, Mapping) else targets))
    modules = {attr: module for module, _, attr in pairs}

    def get(attr: str) -> Any:
        if attr in modules:
            return getattr(importlib.import_module(modules[attr]), attr)
        raise AttributeError(f"module has no attribute {attr!r}")

    return get


#: the protocol's names (numpy), the Scorer and sacrebleu's API (``from mtmetrics import BLEU``)
_lazy = lazy_attributes(
    [
        *(f"mtmetrics.metric:{n}" for n in ("Inputs", "Metric", "Segment", "Statistics", "build_segments")),
        "mtmetrics.api:Scorer",
        *(f"mtmetrics.compat:{n}" for n in ("BLEU", "CHRF", "TER", "corpus_bleu", "raw_corpus_bleu")),
        *(f"mtmetrics.compat:{n}" for n in ("sentence_bleu", "corpus_chrf", "sentence_chrf", "corpus_ter")),
        "mtmetrics.compat:sentence_ter",
    ]
)


def __getattr__(name: str) -> Any:
    """The lazy names above; ``sacrebleu.metrics``, ``.compat`` and ``.significance`` are :mod:`mtmetrics.compat`."""
    if name in ("compat", "metrics", "significance"):
        return importlib.import_module(".compat", __name__)  # not "from . import": that asks here again
    try:
        return _lazy(name)
    except AttributeError:
        raise AttributeError(f"module 'mtmetrics' has no attribute {name!r}") from None


def load_metric(name: str, *, language_pair: str | None = None, **params: Any) -> Scorer:
    """A :class:`~mtmetrics.api.Scorer` of the registered metric ``name`` with checked ``params``.

    With ``language_pair`` (``"en-de"``, as ``-l``) the pair's implied parameters apply unless given,
    and a metric not covering the target language is refused before it loads anything.

    ``name`` may be a signature (``BLEU|nrefs:1|...``, long or short; sacrebleu's own after the metric's
    name, ``bleu|nrefs:1|case:mixed|...``): the metric with exactly its parameters. A version or resource
    this installation differs in is an error unless ``allow_version_mismatch=True`` (then a warning, and
    the new signature shows ``now(signed then)``); its ``nrefs`` is checked when it scores. A signature
    records a file's name and SHA-256, not its place: give the metric's file parameters beside it
    (``similarity=PATH``, ``model=PATH``), and the file must be the one it records.
    """
    from .api import Scorer
    from .engine import gate
    from .plugins import REGISTRY

    if not isinstance(name, str):
        raise UnknownMetricError(f"load_metric: a metric name is a string such as 'bleu', got {name!r}.")
    if "|" in name:
        from .signature_parse import load

        allow = params.pop("allow_version_mismatch", False)
        if language_pair is not None or not isinstance(allow, bool):
            raise ParameterError(
                "load_metric: a signature sets every parameter; beside it give only its files "
                "(e.g. similarity=PATH) and allow_version_mismatch=True."
            )
        return Scorer(load(name, allow, params))
    cls = REGISTRY.metric_class(name)
    source, target = checked_pair(language_pair, "language_pair") if language_pair is not None else (None, None)
    return Scorer(gate.build_metric(cls, params, target, source))


def list_metrics() -> list[str]:
    """Names of every registered metric, sorted."""
    from .plugins import REGISTRY

    return list(REGISTRY.metric_registry())


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
    "Scorer",
    "Segment",
    "Signature",
    "Statistics",
    "UnknownMetricError",
    "__version__",
    "build_segments",
    "hookimpl",
    "lazy_attributes",
    "list_metrics",
    "load_metric",
]
