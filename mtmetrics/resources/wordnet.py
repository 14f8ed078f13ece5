"""NLTK and its WordNet, imported on request and loaded and hashed once per process; never downloaded
(a missing one is a :class:`mtmetrics.ResourceError` naming the install command)."""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import ResourceError, require

WORDNET_INSTALL = "python -m nltk.downloader wordnet"


def require_nltk(module: str = "nltk") -> ModuleType:
    """Import ``module`` (NLTK or one of its submodules), or raise ``ResourceError``."""
    nltk = require("nltk", "this metric", "nltk", "NLTK")
    # NLTK reads NLTK_DATA once, when first imported: pick up directories set later as well.
    for entry in reversed(os.environ.get("NLTK_DATA", "").split(os.pathsep)):
        if entry and entry not in nltk.data.path:
            nltk.data.path.insert(0, entry)
    return importlib.import_module(module)


def hash_files(paths: Iterable[Path], separator: bytes = b"") -> str:
    """sha256 (hex) of the files' names (each followed by ``separator``) and contents, in sorted order:
    the content hash of NLTK data (WordNet, tagger models) in signatures."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.name.encode("utf-8") + separator)
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


@cache
def _hash_path(root: str) -> str:
    """sha256 of a WordNet directory's files (name and content, sorted) or of a zip file."""
    path = Path(root)
    return hash_files((p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path], b"\0")


class WordNet:
    """NLTK's WordNet reader, its version and content hash, and a cached ``synsets`` lookup."""

    def __init__(self) -> None:
        corpus = require_nltk("nltk.corpus")
        reader = corpus.wordnet
        try:
            reader.ensure_loaded()
        except LookupError:
            raise ResourceError(
                "WordNet (NLTK data package 'wordnet') was not found in NLTK_DATA="
                f"{os.environ.get('NLTK_DATA', '<unset>')} or NLTK's default locations. "
                f"Install it with: {WORDNET_INSTALL}"
            ) from None
        self.reader: Any = reader
        self.version: str = str(reader.get_version())
        root = reader.root
        self.path: str = str(getattr(root, "path", root))
        zip_file = getattr(root, "zipfile", None)
        self.sha256: str = _hash_path(str(zip_file.filename) if zip_file is not None else self.path)
        self._synsets = lru_cache(maxsize=1 << 16)(lambda word: tuple(reader.synsets(word)))

    def synsets(self, word: str) -> tuple[Any, ...]:
        """``wordnet.synsets(word)``, cached (NLTK's METEOR asks for each unmatched word again)."""
        return self._synsets(word)


@lru_cache(maxsize=1)
def load_wordnet() -> WordNet:
    """The process-wide :class:`WordNet` (loading and hashing take a few seconds once)."""
    return WordNet()
