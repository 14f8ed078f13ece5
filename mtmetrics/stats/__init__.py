"""Statistics over metric scores: vectors in, numbers out, each module tested beside it.

Correlation coefficients (:mod:`.correlation`), bootstrap intervals and paired tests between
systems (:mod:`.significance`, :mod:`.systems`), tests between correlations (:mod:`.corrtests`,
:mod:`.permutation`), the WMT agreement measures (:mod:`.agreement`, :mod:`.accuracy`,
:mod:`.ties`) and learned combinations (:mod:`.mct`, :mod:`.combination`). Scoring a table's rows is the
engine's (:mod:`mtmetrics.engine.tables`); reading tables, correlating per level and group, reports
and ORANGE are :mod:`mtmetrics.meta`. The significance tests between systems are re-exported here.
"""

from typing import Any

#: the defaults of the resampling tests (sacrebleu's), here so the command line needs no numpy code to show them
DEFAULT_SEED = 12345
DEFAULT_BOOTSTRAP = 1000
DEFAULT_AR = 10000
#: the most resamples (bootstrap, approximate randomisation, permutations) a run may ask for: memory
#: stays bounded at any count (weights are drawn in chunks), so the cap bounds time: a million
#: resamples of 3,000 segments take minutes, a billion would take days
MAX_RESAMPLES = 1_000_000

_WHERE = {
    "Comparison": "significance",
    "Interval": "significance",
    "bootstrap_ci": "significance",
    "bootstrap_scores": "significance",
    "interval": "significance",
    "p_value": "significance",
    "paired_ar": "significance",
    "paired_bootstrap": "significance",
    "Settings": "systems",
    "SystemTest": "systems",
    "compare_systems": "systems",
}


def __getattr__(name: str) -> Any:
    """The tests' names, imported from their modules on first use (the CLI starts faster)."""
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_AR",
    "DEFAULT_BOOTSTRAP",
    "DEFAULT_SEED",
    "MAX_RESAMPLES",
    "Comparison",
    "Interval",
    "Settings",
    "SystemTest",
    "bootstrap_ci",
    "bootstrap_scores",
    "compare_systems",
    "interval",
    "p_value",
    "paired_ar",
    "paired_bootstrap",
]
