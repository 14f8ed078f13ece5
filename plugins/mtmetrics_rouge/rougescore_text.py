"""Google's rouge-score text handling, which ``impl=rouge-score`` uses instead of a sacrebleu tokenizer.

rouge-score 0.1.2's ``DefaultTokenizer`` (``tokenize.tokenize``):

1. lowercases the whole text with Python's ``str.lower`` (Unicode: ``İ`` becomes ``i`` plus a
   combining dot, the Kelvin sign ``K`` becomes ``k``), unlike ROUGE-1.5.5's ASCII-only ``tr``;
2. replaces every run of characters other than ``a-z0-9`` by a space and splits on whitespace;
3. with ``use_stemmer=True``, stems tokens longer than three characters with NLTK's
   ``PorterStemmer()`` (its default mode, ``NLTK_EXTENSIONS``);
4. drops tokens that are not ``^[a-z0-9]+$``.

Steps 1, 2 and 4 leave the maximal runs of ``a-z0-9`` of the lowercased text, which is what
:class:`RougeScoreTokenizer` returns; stemming and the final check are done once per distinct token
by :meth:`RougeMetric.normalise <mtmetrics_rouge.base.RougeMetric.normalise>`.

ROUGE-Lsum splits each text into sentences on ``"\\n"`` (rouge-score's default
``split_summaries=False``), drops empty strings, and tokenizes each sentence; the tokenizer here
marks each sentence's end with :data:`SENTENCE_BREAK`, a token no text can produce.

The stemmer is NLTK's own class, not the project's PyStemmer resource: NLTK's default mode adds
its extensions to Porter's algorithm (``days`` is ``day``, not ``dai``; ``died`` is ``die``), and
58 of the 3,581 distinct words longer than three characters of WMT21 de-en reference A stem
differently with the original algorithm, so only NLTK's class reproduces rouge-score.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mtmetrics import Field
from mtmetrics.resources.wordnet import require_nltk

_WORD = re.compile("[a-z0-9]+")
#: what rouge-score keeps after stemming
VALID_TOKEN = re.compile("[a-z0-9]+")
#: marks the end of a sentence for ROUGE-Lsum (never a token of text: tokens are ``[a-z0-9]+``)
SENTENCE_BREAK = "\n"


def rougescore_tokens(text: str) -> list[str]:
    """The tokens rouge-score makes of ``text`` before stemming."""
    return _WORD.findall(text.lower())


class RougeScoreTokenizer:
    """Drop-in for :class:`mtmetrics.resources.Preprocessor` under ``impl=rouge-score``.

    With ``sentences``, each non-empty ``\\n``-separated sentence's tokens are followed by
    :data:`SENTENCE_BREAK` (ROUGE-Lsum). Picklable (no state beyond a flag).
    """

    def __init__(self, sentences: bool = False) -> None:
        self.sentences = sentences

    def __call__(self, text: str) -> list[str]:
        """Tokens of ``text`` as rouge-score makes them."""
        if not self.sentences:
            return rougescore_tokens(text)
        out: list[str] = []
        for sentence in text.split("\n"):
            if sentence:
                out.extend(rougescore_tokens(sentence))
                out.append(SENTENCE_BREAK)
        return out


def nltk_porter() -> tuple[Callable[[str], str], Field]:
    """NLTK's ``PorterStemmer()`` as rouge-score builds it, and its signature field.

    Raises:
        ResourceError: NLTK is not installed (the message names ``pip install 'mtmetrics[nltk]'``).
    """
    nltk = require_nltk()
    porter = require_nltk("nltk.stem.porter")
    stemmer = porter.PorterStemmer()  # mode NLTK_EXTENSIONS, rouge-score's DefaultTokenizer
    return stemmer.stem, Field("stemmer", f"porter-nltk{nltk.__version__}", "sm")
