"""Part-of-speech taggers shared by the POS-based metrics: one tag per given token.

``nltk[:LANG]`` is NLTK's averaged perceptron; ``spacy:MODEL[:pos]`` a spaCy pipeline run on the
tokens (``tag_``, or ``pos_``). Both are imported on request (else a :class:`~mtmetrics.ResourceError`).
"""

from __future__ import annotations

import abc
import hashlib
import importlib.metadata
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import ParameterError, ResourceError, require
from .wordnet import hash_files, require_nltk

#: Tagger specs understood by :func:`get_tagger` (for help texts).
TAGGER_SPECS = ("nltk", "nltk:LANG", "spacy:MODEL", "spacy:MODEL:pos")


class Tagger(abc.ABC):
    """Tags token sequences; an adapter sets ``name`` (``nltk-perceptron``), ``model`` (``eng``), the
    ``version`` of the package (and model) and ``hash``, 12 hex digits of the model's SHA-256."""

    name: str
    model: str
    version: str
    hash: str

    @abc.abstractmethod
    def tag(self, tokens: Sequence[str]) -> list[str]:
        """One tag per token of one sentence."""

    def tag_many(self, sentences: Sequence[Sequence[str]]) -> list[list[str]]:
        """Tags of many sentences (adapters may override with a batched version)."""
        return [self.tag(s) for s in sentences]

    def signature(self) -> str:
        """``name:model@version#hash``, the value of a signature's ``tagger`` field."""
        return f"{self.name}:{self.model}@{self.version}#{self.hash}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.signature()}>"


class NltkPerceptronTagger(Tagger):
    """NLTK's averaged-perceptron tagger (Penn Treebank tags for English)."""

    name = "nltk-perceptron"

    def __init__(self, lang: str = "eng") -> None:
        nltk = require_nltk()
        PerceptronTagger = require_nltk("nltk.tag.perceptron").PerceptronTagger
        resource = f"taggers/averaged_perceptron_tagger_{lang}"
        try:
            location = Path(nltk.data.find(resource + "/"))
            self._tagger = PerceptronTagger(lang=lang)
        except (LookupError, FileNotFoundError, ValueError):
            raise ResourceError(
                f"NLTK tagger model '{resource}' not found "
                f"(searched NLTK_DATA and {', '.join(nltk.data.path[:3])}, ...). "
                f"Install it with: python -m nltk.downloader averaged_perceptron_tagger_{lang}"
            ) from None
        self.model = lang
        self.version = nltk.__version__
        self.hash = hash_files(location.glob("*.json"))[:12]

    def tag(self, tokens: Sequence[str]) -> list[str]:
        return [t for _, t in self._tagger.tag(list(tokens))] if tokens else []


class SpacyTagger(Tagger):
    """A spaCy pipeline run on given tokens; ``attr`` is ``tag`` (fine-grained) or ``pos`` (universal)."""

    name = "spacy"

    def __init__(self, model: str, attr: str = "tag") -> None:
        if attr not in ("tag", "pos"):
            raise ParameterError(f"spaCy tag attribute must be 'tag' or 'pos', got '{attr}'.")
        spacy = require("spacy", "the spaCy tagger", "spacy")
        try:
            self._nlp = spacy.load(model, exclude=["parser", "ner", "lemmatizer", "textcat", "senter"])
        except OSError:
            raise ResourceError(
                f"spaCy model '{model}' is not installed. Install it with: python -m spacy download {model} "
                f"(or give the path of a saved pipeline)"
            ) from None
        except Exception as exc:  # a broken config.cfg or meta.json: named, not quoted (it may not be the user's)
            raise ResourceError(
                f"spaCy could not load the pipeline '{model}' ({type(exc).__name__}); "
                "give an installed package or a directory saved with nlp.to_disk()"
            ) from None
        if not any(n in self._nlp.pipe_names for n in ("tagger", "morphologizer")):
            raise ResourceError(
                f"spaCy pipeline '{model}' has no tagger or morphologizer "
                f"(components: {', '.join(self._nlp.pipe_names)})."
            )
        meta = self._nlp.meta
        self.attr = attr
        self.model = f"{meta.get('lang', 'xx')}_{meta.get('name', model)}" + (":pos" if attr == "pos" else "")
        self.version = f"{meta.get('version', '0')}-spacy{spacy.__version__}"
        digest = hashlib.sha256()
        for name in self._nlp.pipe_names:
            digest.update(name.encode())
            component: Any = self._nlp.get_pipe(name)
            digest.update(component.to_bytes())
        self.hash = digest.hexdigest()[:12]

    def tag(self, tokens: Sequence[str]) -> list[str]:
        return self.tag_many([tokens])[0]

    def tag_many(self, sentences: Sequence[Sequence[str]]) -> list[list[str]]:
        from spacy.tokens import Doc

        docs = [Doc(self._nlp.vocab, words=list(s)) for s in sentences]
        return [[t.tag_ if self.attr == "tag" else t.pos_ for t in doc] for doc in self._nlp.pipe(docs)]


def _spacy_parts(rest: str) -> tuple[str, str]:
    """The model (package name or path) and attribute of a spec's part after ``spacy:``."""
    model, _, attr = rest.rpartition(":") if rest.endswith((":pos", ":tag")) else (rest, "", "tag")
    return model, attr


def tagger_paths(spec: str, resolve: Callable[[str], str]) -> str:
    """``spec`` with its spaCy pipeline directory (not an installed package) passed through ``resolve``:
    a tagger parameter's :attr:`~mtmetrics.Param.path`."""
    kind, _, rest = spec.partition(":")
    if kind != "spacy" or not rest:
        return spec
    model, _ = _spacy_parts(rest)
    try:
        importlib.metadata.distribution(model)
        return spec
    except Exception:  # as spacy.util.is_package: any failure means "not a package"
        return f"spacy:{resolve(model)}{rest[len(model) :]}"


@lru_cache(maxsize=16)
def get_tagger(spec: str) -> Tagger:
    """The tagger described by ``spec`` (see :data:`TAGGER_SPECS`), loaded once per process."""
    kind, _, rest = spec.partition(":")
    if kind == "nltk":
        return NltkPerceptronTagger(rest or "eng")
    if kind == "spacy" and rest:
        return SpacyTagger(*_spacy_parts(rest))
    raise ParameterError(f"unknown tagger '{spec}'. Known taggers: {', '.join(TAGGER_SPECS)}.")


#: ISO 639-3 codes of NLTK's perceptron taggers -> ISO 639-1 (what ``-l`` takes).
_NLTK_LANGS = {"eng": "en", "rus": "ru"}


def tagger_languages(spec: str) -> tuple[str, ...] | None:
    """Target languages a tagger spec covers (``None``: unknown or any)."""
    kind, _, rest = spec.partition(":")
    if kind == "nltk":
        lang = rest or "eng"
        return (_NLTK_LANGS.get(lang, lang),)
    head = rest.split("_", 1)[0]
    if kind == "spacy" and len(head) == 2 and head != "xx":
        return (head,)
    return None


def check_tagger_spec(spec: str) -> str | None:
    """A :class:`~mtmetrics.Param` check: ``None`` if ``spec`` is syntactically a tagger spec."""
    kind, _, rest = spec.partition(":")
    if (kind == "nltk" and rest.isascii() and (rest.isalpha() or not rest)) or (kind == "spacy" and rest):
        return None
    return f"expected one of {', '.join(TAGGER_SPECS)} (LANG: letters, an NLTK code such as eng)"
