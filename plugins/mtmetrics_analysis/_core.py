"""Every name this plugin takes from mtmetrics beyond the top-level API, in one place.

Source-word accuracy reads alignment files through the ``word_alignments`` hook (the plugin that
writes them with ``mtmetrics align`` provides the reader; plugins never import each other).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtmetrics.engine.significance import bootstrap_scores
from mtmetrics.errors import ParameterError
from mtmetrics.io.files import check_writable, write_all
from mtmetrics.io.text import read_lines
from mtmetrics.metric import Metric, finish_totals, integer_sums_exact
from mtmetrics.params import parse_inline
from mtmetrics.plugins import REGISTRY
from mtmetrics.resources.taggers import TAGGER_SPECS, Tagger, get_tagger, tagger_languages
from mtmetrics.resources.tokenizers import TOKENIZER_NAMES, get_tokenizer, tokenizer_signature
from mtmetrics.stats import DEFAULT_BOOTSTRAP, DEFAULT_SEED
from mtmetrics.stats.significance import Interval, bootstrap_weights, interval, p_value

Links = frozenset[tuple[int, int]]


def _alignments() -> Any:
    """The alignment reader a plugin provides (the ``word_alignments`` hook), or an error saying which."""
    reader = REGISTRY.get_plugin_manager().hook.word_alignments()
    if reader is None:
        raise ParameterError(
            "--align needs a plugin that reads word alignments (the built-in source plugin, which "
            "provides `mtmetrics align`); none is registered."
        )
    return reader


def read_alignment(
    path: str, sources: Sequence[str], targets: Sequence[str], one_based: bool = False
) -> tuple[list[Links], str]:
    """Links (source, target) of each segment of a Pharaoh file, checked against the sentences
    (file, line and pair named on error), and the source tokenizer its ``mtmetrics align`` sidecar
    records (``none``: the source split at spaces)."""
    links, tokenizer = _alignments().read(path, sources, targets, one_based)
    return list(links), str(tokenizer)


def source_words(text: str, tokenize: str) -> list[str]:
    """The source's words as an alignment file indexes them."""
    return list(_alignments().source_tokens(text, tokenize))


def pharaoh_tokens(text: str) -> list[str]:
    """The target's tokens as an alignment file indexes them: split at ASCII whitespace."""
    return list(_alignments().target_tokens(text))


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
    "integer_sums_exact",
    "interval",
    "p_value",
    "parse_inline",
    "pharaoh_tokens",
    "read_alignment",
    "read_lines",
    "source_words",
    "tagger_languages",
    "tokenizer_signature",
    "write_all",
]
