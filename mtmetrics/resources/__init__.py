"""Linguistic resources shared by metrics, so that no plugin imports another.

Tokenizers (re-exported here), and in submodules: :mod:`.stemmer` (Porter), :mod:`.taggers` (POS
taggers), :mod:`.wordnet` (NLTK's WordNet with its content hash) and :mod:`.similarity`
(word-similarity tables).
"""

from .tokenizers import (
    DEFAULT_TOKENIZER,
    LOWERCASE,
    TOKENIZER_NAMES,
    Preprocessor,
    get_tokenizer,
    tokenize_param,
    tokenizer_signature,
)

__all__ = [
    "DEFAULT_TOKENIZER",
    "LOWERCASE",
    "TOKENIZER_NAMES",
    "Preprocessor",
    "get_tokenizer",
    "tokenize_param",
    "tokenizer_signature",
]
