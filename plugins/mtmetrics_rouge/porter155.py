"""ROUGE-1.5.5's own stemmer (``-m``): WordNet 2.0 irregular forms, then its Porter variant.

The script's ``MorphStem`` returns a token's WordNet base form when the token is an irregular
form (``went`` -> ``go``), else its ``stem``: Porter's algorithm (1980) as in Porter's own Perl
implementation, which departs from the original paper in three places that change real words:

* step 2 also maps ``-logi`` to ``-log`` and maps ``-bli`` (not ``-abli``) to ``-ble``;
* step 4 (changed in ROUGE by its author, 2004) tries ``-ment`` and then ``-ent`` on what the
  first suffix list left, instead of one longest suffix, so ``agreement`` becomes ``agreem``
  (the original algorithm leaves it alone);
* a word shorter than three characters is returned unchanged.

The script calls it only for tokens longer than three characters (see :func:`stem_token`). The
rules are written here from the algorithm's description and checked against the script's own
``stem`` on every word of real WMT text (``tests/rouge/test_stemming.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .wordnet_exceptions import wordnet_exceptions

# Porter's measure is defined on consonant (C) and vowel (V) sequences; the regular expressions
# below test it on the part of a word before a suffix ("stem").
_C1 = "[^aeiou]"  # a consonant ('y' handled by the sequences)
_V1 = "[aeiouy]"
_CS = f"{_C1}[^aeiouy]*"  # consonant sequence
_VS = f"{_V1}[aeiou]*"  # vowel sequence
_M_GT0 = re.compile(f"^({_CS})?{_VS}{_CS}")  # measure > 0
_M_EQ1 = re.compile(f"^({_CS})?{_VS}{_CS}({_VS})?$")  # measure == 1
_M_GT1 = re.compile(f"^({_CS})?{_VS}{_CS}{_VS}{_CS}")  # measure > 1
_HAS_VOWEL = re.compile(f"^({_CS})?{_V1}")
_CVC = re.compile(f"^{_CS}{_V1}[^aeiouwxy]$")  # *o: consonant-vowel-consonant, last not w, x, y

_STEP2 = {
    "ational": "ate",
    "tional": "tion",
    "enci": "ence",
    "anci": "ance",
    "izer": "ize",
    "bli": "ble",
    "alli": "al",
    "entli": "ent",
    "eli": "e",
    "ousli": "ous",
    "ization": "ize",
    "ation": "ate",
    "ator": "ate",
    "alism": "al",
    "iveness": "ive",
    "fulness": "ful",
    "ousness": "ous",
    "aliti": "al",
    "iviti": "ive",
    "biliti": "ble",
    "logi": "log",
}
_STEP3 = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}
_STEP4 = (
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
)


def _suffix_re(suffixes: Iterable[str]) -> re.Pattern[str]:
    """A pattern finding the leftmost-starting suffix of the list at the end of a word."""
    return re.compile(f"({'|'.join(suffixes)})$")


_STEP2_RE = _suffix_re(_STEP2)
_STEP3_RE = _suffix_re(_STEP3)
_STEP4_RE = _suffix_re(_STEP4)


def _step1(w: str) -> str:
    """Plurals, -ed/-ing, terminal y."""
    if m := re.search("(ss|i)es$", w) or re.search("([^s])s$", w):  # -sses, -ies; -s after not s
        w = w[: m.start()] + m.group(1)
    if w.endswith("eed"):
        if _M_GT0.search(w[:-3]):
            w = w[:-1]
    elif m := re.search("(ed|ing)$", w):
        stem = w[: m.start()]
        if _HAS_VOWEL.search(stem):
            w = stem
            if re.search("(at|bl|iz)$", w):
                w += "e"
            elif re.search(r"([^aeiouylsz])\1$", w):
                w = w[:-1]
            elif _CVC.search(w):
                w += "e"
    if w.endswith("y") and _HAS_VOWEL.search(w[:-1]):
        w = w[:-1] + "i"
    return w


def _replace(w: str, pattern: re.Pattern[str], table: dict[str, str]) -> str:
    """Steps 2 and 3: the suffix found becomes its replacement when the measure before it is > 0."""
    if m := pattern.search(w):
        stem = w[: m.start()]
        if _M_GT0.search(stem):
            return stem + table[m.group(1)]
    return w


def _drop_if_long(w: str, start: int) -> str:
    """Step 4's deletion: keep ``w[:start]`` when its measure is > 1."""
    return w[:start] if _M_GT1.search(w[:start]) else w


def _step4(w: str) -> str:
    """Suffix deletion, with ROUGE-1.5.5's sequence: list, then -ment, then -ent or -(s|t)ion."""
    if m := _STEP4_RE.search(w):
        w = _drop_if_long(w, m.start())
    if w.endswith("ment"):
        w = _drop_if_long(w, len(w) - 4)
    if w.endswith("ent"):
        w = _drop_if_long(w, len(w) - 3)
    elif m := re.search("(s|t)(ion)$", w):
        w = _drop_if_long(w, m.start() + 1)
    return w


def _step5(w: str) -> str:
    """Final -e and double l."""
    if w.endswith("e"):
        stem = w[:-1]
        if _M_GT1.search(stem) or (_M_EQ1.search(stem) and not _CVC.search(stem)):
            w = stem
    if w.endswith("ll") and _M_GT1.search(w):
        w = w[:-1]
    return w


def porter_stem(word: str) -> str:
    """The Porter stem of a lowercase ``word``, as ROUGE-1.5.5's ``stem`` computes it."""
    if len(word) < 3:
        return word
    initial_y = word.startswith("y")
    w = "Y" + word[1:] if initial_y else word  # an initial y is a consonant
    w = _step1(w)
    w = _replace(w, _STEP2_RE, _STEP2)
    w = _replace(w, _STEP3_RE, _STEP3)
    w = _step4(w)
    w = _step5(w)
    return "y" + w[1:] if initial_y else w


@lru_cache(maxsize=1 << 16)
def stem_token(token: str) -> str:
    """What ROUGE-1.5.5 ``-m`` makes of one cleaned, lowercase token.

    Tokens of up to three characters are kept as they are; longer ones become their WordNet 2.0
    base form if they are an irregular form, else their Porter stem.
    """
    if len(token) <= 3:
        return token
    base = wordnet_exceptions().get(token)
    return base if base is not None else porter_stem(token)
