"""The original Porter stemmer (Porter 1980), as ROUGE-1.5.5 ``-m`` and METEOR use it, from
PyStemmer's exact compiled ``porter`` (not Porter2, which stems differently; rouge-score uses
NLTK's extended Porter, which differs on some words, so ROUGE ``impl=rouge-score`` uses NLTK's). PyStemmer is
optional (``mtmetrics[stem]``); its absence is a :class:`~mtmetrics.ResourceError`, never a silent
fallback. Porter's algorithm is defined on lowercase words.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..errors import ParameterError, require, suggest
from ..signature import Field


class Stemmer:
    """A word stemmer named in signatures (``stemmer:porter-PyStemmer3.1.0``); pickled by name."""

    def __init__(self, name: str, backend: Any, library: str, version: str) -> None:
        self.name = name
        self.library = library
        self.version = version
        self._backend = backend

    def stem(self, word: str) -> str:
        """The stem of one word."""
        return str(self._backend.stemWord(word))

    def stem_words(self, words: Sequence[str]) -> list[str]:
        """Stems of many words (one call into the compiled library, which caches results)."""
        return list(self._backend.stemWords(words))

    @property
    def signature_value(self) -> str:
        """``<name>-<library><version>``: which algorithm and which implementation of it."""
        return f"{self.name}-{self.library}{self.version}"

    def field(self) -> Field:
        """The signature field naming this stemmer (key ``stemmer``, short ``sm``)."""
        return Field("stemmer", self.signature_value, "sm")

    def __reduce__(self) -> tuple[Any, ...]:
        return (get_stemmer, (self.name,))

    def __repr__(self) -> str:
        return f"Stemmer({self.signature_value})"


@cache
def get_stemmer(name: str = "porter") -> Stemmer:
    """The stemmer called ``name`` (only ``porter``), one shared instance per process."""
    if name != "porter":
        raise ParameterError(f"unknown stemmer '{name}'.{suggest(name, ['porter'])} Known stemmers: porter.")
    pystemmer = require("Stemmer", "the Porter stemmer", "stem", "PyStemmer")
    try:
        version = importlib.metadata.version("PyStemmer")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - vendored installs
        version = "unknown"
    return Stemmer(name, pystemmer.Stemmer(name), "PyStemmer", version)
