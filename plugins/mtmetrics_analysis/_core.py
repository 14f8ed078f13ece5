"""Every name this plugin takes from mtmetrics beyond the top-level API, in one place.

The core is being reorganised (the metric-taking resampling functions may move from
``mtmetrics.stats.significance`` to ``mtmetrics.engine``): only this module names those paths.
"""

from __future__ import annotations

from mtmetrics.engine.significance import bootstrap_scores, paired_bootstrap
from mtmetrics.io.files import check_writable, write_all
from mtmetrics.io.text import read_lines
from mtmetrics.metric import Metric, finish_totals
from mtmetrics.params import parse_inline
from mtmetrics.plugins import REGISTRY
from mtmetrics.resources.tokenizers import TOKENIZER_NAMES, get_tokenizer, tokenizer_signature
from mtmetrics.stats import DEFAULT_BOOTSTRAP, DEFAULT_SEED
from mtmetrics.stats.significance import Interval, bootstrap_weights, interval, p_value

__all__ = [
    "DEFAULT_BOOTSTRAP",
    "DEFAULT_SEED",
    "REGISTRY",
    "TOKENIZER_NAMES",
    "Interval",
    "Metric",
    "bootstrap_scores",
    "bootstrap_weights",
    "check_writable",
    "finish_totals",
    "get_tokenizer",
    "interval",
    "p_value",
    "paired_bootstrap",
    "parse_inline",
    "read_lines",
    "tokenizer_signature",
    "write_all",
]
