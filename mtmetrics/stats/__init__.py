"""Statistics over metric scores: significance tests between systems (more to come)."""

from .significance import (
    DEFAULT_AR,
    DEFAULT_BOOTSTRAP,
    DEFAULT_SEED,
    Comparison,
    Interval,
    bootstrap_ci,
    bootstrap_scores,
    interval,
    p_value,
    paired_ar,
    paired_bootstrap,
)
from .systems import Settings, SystemTest, compare_systems

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
