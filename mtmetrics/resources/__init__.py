"""Linguistic resources shared by metrics: tokenizers now; stemmers, taggers, aligners later."""

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
