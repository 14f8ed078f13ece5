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

from collections.abc import Callable
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
from .params import Param
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

#: names imported from :mod:`mtmetrics.metric` on first use: it imports numpy, which a command that
#: never scores (``mtmetrics --help``, ``mtmetrics list``) should not pay for
_FROM_METRIC = frozenset(
    {
        "Inputs",
        "Metric",
        "Segment",
        "Statistics",
        "build_segments",
    }
)


#: sacrebleu's API, from :mod:`mtmetrics.compat` on first use: ``from mtmetrics import BLEU``, and
#: after ``import mtmetrics as sacrebleu`` its functions and its modules ``sacrebleu.metrics``,
#: ``sacrebleu.compat`` and ``sacrebleu.significance`` (all three are :mod:`mtmetrics.compat`)
_SACREBLEU_API = frozenset(
    {
        "BLEU",
        "CHRF",
        "TER",
        "corpus_bleu",
        "raw_corpus_bleu",
        "sentence_bleu",
        "corpus_chrf",
        "sentence_chrf",
        "corpus_ter",
        "sentence_ter",
    }
)
_SACREBLEU_MODULES = frozenset({"compat", "metrics", "significance"})


def __getattr__(name: str) -> Any:
    """Import the protocol names and sacrebleu's API on first use (``import mtmetrics`` stays light)."""
    if name in _FROM_METRIC:
        from . import metric

        value = getattr(metric, name)
    elif name == "Scorer":
        from .api import Scorer

        value = Scorer
    elif name in _SACREBLEU_MODULES or name in _SACREBLEU_API:
        import importlib

        # import_module, not "from . import": that would ask this function for "compat" again
        compat = importlib.import_module(".compat", __name__)
        value = compat if name in _SACREBLEU_MODULES else getattr(compat, name)
    else:
        raise AttributeError(f"module 'mtmetrics' has no attribute {name!r}")
    globals()[name] = value
    return value


def lazy_attributes(metrics: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a plugin that registers its metrics by name.

    ``metrics`` maps registry names to ``"module:Class"`` targets (what the plugin passes to
    ``register(name, target)``); the returned function imports a class the first time the plugin
    package is asked for it, so ``from mtmetrics_myplugin import MyMetric`` keeps working while
    the command line imports only the metric it scores.
    """
    import importlib

    modules = {target.partition(":")[2]: target.partition(":")[0] for target in metrics.values()}

    def get(attr: str) -> Any:
        if attr in modules:
            return getattr(importlib.import_module(modules[attr]), attr)
        raise AttributeError(attr)

    return get


def load_metric(name: str, *, language_pair: str | None = None, **params: Any) -> Scorer:
    """A scorer of the registered metric ``name`` with ``params`` (checked against its declaration).

    The :class:`~mtmetrics.api.Scorer` offers ``corpus_score``, ``sentence_score``,
    ``segment_scores``, ``statistics`` and ``get_signature``; the plugin's metric instance is its
    ``metric``.

    With ``language_pair`` (``"en-de"``, as ``-l`` on the command line) the parameters the pair
    implies apply unless given (BLEU tokenises Chinese with ``zh``), and a metric whose resources
    do not cover the target language is refused before it loads anything.
    """
    from .api import Scorer
    from .engine import gate
    from .params import checked_pair
    from .plugins import REGISTRY

    if not isinstance(name, str):
        raise UnknownMetricError(f"load_metric: a metric name is a string such as 'bleu', got {name!r}.")
    cls = REGISTRY.metric_class(name)
    if language_pair is None:
        return Scorer(gate.build_metric(cls, params))
    pair = checked_pair(language_pair, "language_pair")
    return Scorer(gate.build_metric(cls, params, pair[1], pair[0]))


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
