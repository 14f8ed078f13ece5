"""Sentence analysis for the paraphrase features: tokens, tags, NP chunks, stems and lexicon look-ups.

A sentence is tokenised with sacrebleu's tokenizer (case kept, because the tagger needs it),
tagged by a shared :mod:`mtmetrics.resources.taggers` tagger (NLTK's averaged perceptron by
default; the paper used the Brill tagger, for which NLTK ships no model), and reduced to
its *words* (tokens with a letter or digit). Then:

* noun phrases are found by a regular expression over the tags, ``D? [MN]* N``, where ``D`` is a
  determiner or possessive (``DT PDT PRP$ WP$ POS``), ``M`` a pre-nominal modifier
  (``JJ JJR JJS CD VBN VBG``) and ``N`` a noun (``NN NNS NNP NNPS``); the head is the chunk's last
  noun, i.e. its last token;
* proper names are the words tagged ``NNP``/``NNPS``;
* verbs are the words tagged ``VB*``; their base forms are all those WordNet's morphology allows
  (``saw`` -> ``saw``, ``see``; the word itself when WordNet does not know it; NLTK's ``_morphy``,
  since the public ``morphy`` keeps only the first), and their VerbNet classes are the union of
  the base forms' classes (no disambiguation, as for WordNet synsets);
* every word is stemmed with the Porter stemmer (original algorithm) and looked up in WordNet.

Analyses are cached per sentence string, so references shared by many systems are analysed once.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from mtmetrics import ResourceError
from mtmetrics.resources import Preprocessor
from mtmetrics.resources.stemmer import Stemmer, get_stemmer
from mtmetrics.resources.taggers import Tagger, get_tagger

from .features import Analysis
from .lexicon import DOWNLOAD_HINT, VerbNet, WordNet, load_verbnet, load_wordnet_for_paraphrase

_DETERMINERS = frozenset({"DT", "PDT", "PRP$", "WP$", "POS"})
_MODIFIERS = frozenset({"JJ", "JJR", "JJS", "CD", "VBN", "VBG"})
_NOUNS = frozenset({"NN", "NNS", "NNP", "NNPS"})
_PROPER = frozenset({"NNP", "NNPS"})
#: The noun-phrase pattern over one-letter tag codes (see the module docstring).
NP_PATTERN = re.compile(r"D?[MN]*N")


def tag_code(tag: str) -> str:
    """One letter per tag for :data:`NP_PATTERN`: D(eterminer), M(odifier), N(oun) or O(ther)."""
    if tag in _NOUNS:
        return "N"
    if tag in _MODIFIERS:
        return "M"
    if tag in _DETERMINERS:
        return "D"
    return "O"


def np_heads(tags: Sequence[str]) -> list[int]:
    """Token positions of the heads (last nouns) of the noun-phrase chunks of a tag sequence."""
    codes = "".join(tag_code(t) for t in tags)
    return [m.end() - 1 for m in NP_PATTERN.finditer(codes)]


def is_word(token: str) -> bool:
    """Whether a token is a word (contains a letter or digit) rather than punctuation."""
    return any(ch.isalnum() for ch in token)


class Analyzer:
    """Turns sentences into :class:`~mtmetrics_paraphrase.features.Analysis` objects (cached)."""

    def __init__(self, tokenize: str, tagger: str, cache_size: int = 1 << 16) -> None:
        self.preprocess = Preprocessor(tokenize, False)
        try:
            self.tagger: Tagger = get_tagger(tagger)
            self.wordnet: WordNet = load_wordnet_for_paraphrase()
            self.verbnet: VerbNet = load_verbnet()
        except ResourceError as exc:
            message = str(exc)
            if DOWNLOAD_HINT not in message:
                message = f"{message} (the paraphrase metric needs: {DOWNLOAD_HINT})"
            raise ResourceError(message) from None
        self.stemmer: Stemmer = get_stemmer("porter")
        self._cache: OrderedDict[str, Analysis] = OrderedDict()
        self._cache_size = cache_size
        self._synsets: dict[str, frozenset[str]] = {}
        self._verb_classes: dict[str, frozenset[str]] = {}

    # ------------------------------------------------------------------ lexicon look-ups
    def synsets(self, word: str) -> frozenset[str]:
        """Names of the WordNet synsets of a lowercased word (any part of speech)."""
        found = self._synsets.get(word)
        if found is None:
            found = frozenset(s.name() for s in self.wordnet.synsets(word))
            self._synsets[word] = found
        return found

    def verb_classes(self, word: str) -> frozenset[str]:
        """VerbNet root classes of a lowercased verb form (via its WordNet base form)."""
        found = self._verb_classes.get(word)
        if found is None:
            reader: Any = self.wordnet.reader
            # every base form WordNet's morphology allows ('saw' -> saw, see): no disambiguation
            lemmas = reader._morphy(word, "v") or [word]
            found = frozenset().union(*(self.verbnet.classes(lemma) for lemma in lemmas))
            self._verb_classes[word] = found
        return found

    # ----------------------------------------------------------------------- analysis
    def build(self, tokens: Sequence[str], tags: Sequence[str]) -> Analysis:
        """The analysis of one tokenised, tagged sentence."""
        index: dict[int, int] = {}
        words: list[str] = []
        for k, tok in enumerate(tokens):
            if is_word(tok):
                index[k] = len(words)
                words.append(tok.lower())
        kept_tags = [tags[k] for k in index]
        heads = tuple(index[k] for k in np_heads(tags) if k in index)
        proper = tuple(p for p, t in enumerate(kept_tags) if t in _PROPER)
        verbs = tuple((p, self.verb_classes(words[p])) for p, t in enumerate(kept_tags) if t.startswith("VB"))
        return Analysis(
            words=tuple(words),
            stems=tuple(self.stemmer.stem_words(words)),
            np_heads=heads,
            proper=proper,
            verbs=verbs,
            synsets=tuple(self.synsets(w) for w in words),
        )

    def analyse_many(self, texts: Sequence[str]) -> list[Analysis]:
        """Analyses of many sentences; uncached ones are tagged in one batch."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            tokens = [self.preprocess(t) for t in missing]
            for text, toks, tags in zip(missing, tokens, self.tagger.tag_many(tokens), strict=True):
                self._cache[text] = self.build(toks, tags)
        out = []
        for t in texts:
            self._cache.move_to_end(t)
            out.append(self._cache[t])
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return out

    def analyse(self, text: str) -> Analysis:
        """The analysis of one sentence."""
        return self.analyse_many([text])[0]
