"""Statistics over metric scores: significance tests between systems (re-exported here) and, in the
submodules, the statistics of meta-evaluation."""

from typing import Any

#: the defaults of the resampling tests (sacrebleu's), here so the command line needs no numpy code to show them
DEFAULT_SEED = 12345
DEFAULT_BOOTSTRAP = 1000
DEFAULT_AR = 10000

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
