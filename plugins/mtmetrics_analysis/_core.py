"""Every name this plugin takes from mtmetrics beyond the top-level API, in one place.

The core is being reorganised (the metric-taking resampling functions may move from
``mtmetrics.stats.significance`` to ``mtmetrics.engine``): only this module names those paths.
Source-word accuracy reuses the source plugin's Pharaoh reader and source tokens (what ``mtmetrics
align`` writes and the alignment metrics read), imported only when an alignment is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from mtmetrics.engine.significance import bootstrap_scores, paired_bootstrap
from mtmetrics.io.files import check_writable, write_all
from mtmetrics.io.text import read_lines
from mtmetrics.metric import Metric, finish_totals
from mtmetrics.params import parse_inline
from mtmetrics.plugins import REGISTRY
from mtmetrics.resources.taggers import TAGGER_SPECS, Tagger, get_tagger, tagger_languages
from mtmetrics.resources.tokenizers import TOKENIZER_NAMES, get_tokenizer, tokenizer_signature
from mtmetrics.stats import DEFAULT_BOOTSTRAP, DEFAULT_SEED
from mtmetrics.stats.significance import Interval, bootstrap_weights, interval, p_value

Links = frozenset[tuple[int, int]]


def read_alignment(
    path: str, sources: Sequence[str], targets: Sequence[str], one_based: bool = False
) -> tuple[list[Links], str]:
    """Links (source, target) of each segment of a Pharaoh file, checked against the sentences by
    ``mtmetrics_source``'s reader (file, line and pair named on error), and the source tokenizer its
    ``mtmetrics align`` sidecar records (``none``: the source split at spaces)."""
    from mtmetrics_source.alignments import read_alignment_file
    from mtmetrics_source.source_tokens import recorded_tokenizer

    alignments = read_alignment_file(path, sources, targets, one_based)
    return [frozenset() if a is None else a.links for a in alignments], recorded_tokenizer(path)


def source_words(text: str, tokenize: str) -> list[str]:
    """The source's words as an alignment file indexes them (``mtmetrics_source.source_tokens``)."""
    from mtmetrics_source.source_tokens import source_tokens

    return source_tokens(text, tokenize)


def pharaoh_tokens(text: str) -> list[str]:
    """The target's tokens as an alignment file indexes them: split at ASCII whitespace."""
    from mtmetrics_source.alignments import tokens

    return tokens(text)


__all__ = [
    "DEFAULT_BOOTSTRAP",
    "DEFAULT_SEED",
    "REGISTRY",
    "TAGGER_SPECS",
    "TOKENIZER_NAMES",
    "Interval",
    "Links",
    "Metric",
    "Tagger",
    "bootstrap_scores",
    "bootstrap_weights",
    "check_writable",
    "finish_totals",
    "get_tagger",
    "get_tokenizer",
    "interval",
    "p_value",
    "paired_bootstrap",
    "parse_inline",
    "pharaoh_tokens",
    "read_alignment",
    "read_lines",
    "source_words",
    "tagger_languages",
    "tokenizer_signature",
    "write_all",
]
