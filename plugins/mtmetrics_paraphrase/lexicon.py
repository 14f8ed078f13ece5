"""The lexical resources of the paraphrase features, loaded lazily and once per process.

* WordNet (synsets, and ``morphy`` for verb base forms) is the core's shared resource
  (:func:`mtmetrics.resources.wordnet.load_wordnet`, the reader METEOR uses too), which also
  hashes it for the signature.
* VerbNet (Levin's verb classes, extended) is read with NLTK's ``VerbnetCorpusReader`` from
  ``corpora/verbnet`` in ``NLTK_DATA``; its version is taken from the README's first line and its
  content is hashed (SHA-256 of the sorted file names and contents).

Nothing is ever downloaded: a missing resource raises :class:`mtmetrics.ResourceError` naming
:data:`DOWNLOAD_HINT`, the command that installs everything this metric needs.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtmetrics import ResourceError
from mtmetrics.resources.wordnet import WordNet, load_wordnet, require_nltk

#: Installs WordNet, VerbNet and the English POS tagger model in one go.
DOWNLOAD_HINT = "python -m nltk.downloader wordnet verbnet averaged_perceptron_tagger_eng"

__all__ = ["DOWNLOAD_HINT", "VerbNet", "WordNet", "hash_directory", "load_verbnet", "load_wordnet_for_paraphrase"]


def hash_directory(root: Path) -> str:
    """SHA-256 over a directory's files (relative name, NUL, content), in sorted order."""
    digest = hashlib.sha256()
    for file in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(file.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(file.read_bytes())
    return digest.hexdigest()


class VerbNet:
    """NLTK's VerbNet reader with the root class ids of a verb lemma, cached.

    A verb's classes are reduced to their *root* class (``give-13.1-1`` becomes ``give-13.1``):
    the paper matches verbs that share a Levin class, and VerbNet's numbered subclasses only
    refine the syntactic frames of one Levin class.
    """

    def __init__(self) -> None:
        nltk = require_nltk("nltk")
        try:
            location = Path(str(nltk.data.find("corpora/verbnet/")))
        except LookupError:
            raise ResourceError(
                "VerbNet (NLTK data package 'verbnet') was not found in NLTK_DATA="
                f"{os.environ.get('NLTK_DATA', '<unset>')} or NLTK's default locations. "
                f"Install it with: {DOWNLOAD_HINT}"
            ) from None
        reader_module = require_nltk("nltk.corpus.reader.verbnet")
        self.reader: Any = reader_module.VerbnetCorpusReader(str(location), r"(?!\.).*\.xml")
        self.path = str(location)
        readme = location / "README"
        first = readme.read_text(encoding="utf-8", errors="replace").strip().splitlines()[0] if readme.exists() else ""
        match = re.search(r"VERSION\s+([0-9][0-9.]*)", first, re.IGNORECASE)
        self.version: str = match.group(1) if match else "unknown"
        self.sha256: str = hash_directory(location)
        self._classes = lru_cache(maxsize=1 << 15)(self._lookup)

    def _lookup(self, lemma: str) -> frozenset[str]:
        return frozenset("-".join(cid.split("-")[:2]) for cid in self.reader.classids(lemma=lemma))

    def classes(self, lemma: str) -> frozenset[str]:
        """Root VerbNet class ids of a verb lemma (empty if VerbNet does not list it)."""
        return self._classes(lemma)


@lru_cache(maxsize=1)
def load_verbnet() -> VerbNet:
    """The process-wide :class:`VerbNet`."""
    return VerbNet()


def load_wordnet_for_paraphrase() -> WordNet:
    """The shared WordNet, with an error message that names every resource this metric needs."""
    try:
        return load_wordnet()
    except ResourceError as exc:
        raise ResourceError(f"{exc} (the paraphrase metric needs: {DOWNLOAD_HINT})") from None
