"""ROUGE-1.5.5's own text handling, which ``impl=rouge155`` uses instead of a sacrebleu tokenizer.

The script reads each summary file as bytes and, in ``readText``/``readText_LCS``:

1. lowercases ASCII letters only (``tr/A-Z/a-z/``);
2. puts spaces around every hyphen (``s/\\-/ \\- /g``);
3. turns every byte other than ``A-Za-z0-9`` and ``-`` into a space, so punctuation, apostrophes,
   curly quotes and every byte of a non-ASCII character (UTF-8 ``é`` is two bytes) split words;
4. splits on whitespace.

Its tokenizers (``createNGram``, ``createSkipBigram``, ``tokenizeText_LCS``) then drop stop words
(only with ``-s``), keep only tokens starting with ``[a-z0-9$]`` (which, after step 3, drops exactly
the ``-`` tokens) and, with ``-m``, stem tokens longer than three characters.

Steps 1-4 followed by the ``[a-z0-9$]`` filter leave exactly the maximal runs of ASCII lowercase
letters and digits of the ASCII-lowercased text, which is what :func:`script_tokens` returns. A
segment is one line of a one-sentence-per-line (SPL) file, so there is no sentence splitting.
"""

from __future__ import annotations

import re

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_WORD = re.compile("[a-z0-9]+")


def script_tokens(text: str) -> list[str]:
    """The tokens ROUGE-1.5.5 makes of one line of raw text (before stop words and stemming)."""
    return _WORD.findall(text.translate(_ASCII_LOWER))


class ScriptTokenizer:
    """Drop-in for :class:`mtmetrics.resources.Preprocessor` under ``impl=rouge155``.

    Picklable (no state), so forked and spawned workers rebuild it for free.
    """

    def __call__(self, text: str) -> list[str]:
        """Tokens of ``text`` as the script makes them."""
        return script_tokens(text)
