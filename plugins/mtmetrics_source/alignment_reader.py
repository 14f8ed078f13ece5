"""What other plugins get from the ``word_alignments`` hook: this package's Pharaoh reader.

Plugins never import each other; ``mtmetrics analyze --align`` (source-word accuracy) reads
alignment files through this object, with the checks and messages of :mod:`.alignments`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .alignments import read_alignment_file, tokens
from .source_tokens import recorded_tokenizer, source_tokens


class AlignmentReader:
    """``read``, ``source_tokens`` and ``target_tokens``, as :func:`mtmetrics.hookspecs.word_alignments` names them."""

    def read(
        self, path: str, sources: Sequence[str], targets: Sequence[str], one_based: bool = False
    ) -> tuple[list[frozenset[tuple[int, int]]], str]:
        """Links (source, target) of each segment, checked against the sentences (file, line and
        pair named on error), and the source tokenizer the ``mtmetrics align`` sidecar records."""
        alignments = read_alignment_file(path, sources, targets, one_based)
        return [frozenset() if a is None else a.links for a in alignments], recorded_tokenizer(path)

    def source_tokens(self, text: str, tokenize: str) -> list[str]:
        """The source's words as an alignment file indexes them."""
        return source_tokens(text, tokenize)

    def target_tokens(self, text: str) -> list[str]:
        """The target's words as an alignment file indexes them: split at ASCII whitespace."""
        return tokens(text)


READER = AlignmentReader()
