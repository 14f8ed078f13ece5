"""The source side of the alignment-based metrics: which sacrebleu tokenizer splits it into words.

SSCN, PRS and MPR compare word alignments through the *source* sentence, so its words must be the
words the aligner saw. Chinese and Japanese are written without spaces: split at spaces, a source
line is one or two "words", the aligner links whole lines and the metrics measure little more than
"is aligned". The source is therefore split by one of sacrebleu's tokenizers (the names of
:mod:`mtmetrics.resources.tokenizers`), chosen by the metrics' ``src_tokenize`` parameter and ``mtmetrics align
--src-tokenize``, with one rule for the default everywhere (:func:`language_tokenizer`):

* a known source language picks the tokenizer: ``zh`` → ``zh``, ``ja`` → ``ja-mecab``,
  ``ko`` → ``ko-mecab`` (sacrebleu's choices for BLEU on those languages), any other →
  :data:`SPACED_DEFAULT`;
* an unknown source language (no ``-l``, no language-pair column) splits at spaces, but text that is
  mostly CJK characters with fewer than one space per :data:`CJK_CHARS_PER_SPACE` characters is
  refused (:func:`resolve`): it would be aligned as whole lines.

``none`` is the text as given, split at ASCII whitespace: what Pharaoh indices conventionally
refer to. The other tokenizers' output is split the same way, so a Pharaoh index means the same
token in the aligner, the file and the metric. The metrics judge each segment (a run stops at the
first unsegmented CJK source); ``mtmetrics align`` and the table aligner judge a file or group.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from mtmetrics import InputError
from mtmetrics.resources import get_tokenizer

#: Tokenizer of a source language that writes spaces between words (every language but zh, ja, ko).
#: ``none`` (the text split at spaces, as given) rather than ``13a``: on the WMT22 development data
#: 13a did not do better (segment-level Pearson r, mean of two eflomal runs, none → 13a: SSCN
#: ru-en 0.291 → 0.292, uk-en 0.235 → 0.242; PRS 0.096 → 0.091, 0.075 → 0.053; two runs of one
#: setting differ by up to 0.034), and ``none`` keeps the numbers of space-delimited sources and
#: every Pharaoh file made on the raw text valid (docs/results/source-tokenize.md).
SPACED_DEFAULT = "none"

#: sacrebleu's tokenizer for the source languages written without spaces between words.
LANGUAGE_TOKENIZERS: dict[str, str] = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}

#: Unsegmented CJK text has fewer than one space per this many characters. Chosen from the WMT21/22
#: sources and references (docs/results/source-tokenize.md): space-delimited languages (cs, de, en,
#: fr, ha, is, liv, ru, uk) have 4.7-6.8 non-space characters per space, Chinese and Japanese text
#: 23.6-905; text segmented into words (Chinese ~2, Korean ~4 characters per space) is well below.
CJK_CHARS_PER_SPACE = 12

#: Han, kana, half-width katakana and Hangul code points.
_CJK = re.compile(
    "[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002ffff]"
)
_ASCII_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_LANGPAIR = re.compile(r"^([A-Za-z]{2,3})-([A-Za-z]{2,3})$")


def language_tokenizer(source_language: str | None) -> str | None:
    """The source tokenizer a language implies; ``None`` for an unknown language (see :func:`resolve`)."""
    if not source_language:
        return None
    return LANGUAGE_TOKENIZERS.get(source_language.lower(), SPACED_DEFAULT)


def pair_tokenizer(langpair: str | None) -> str | None:
    """The source tokenizer of a language pair written ``xx-yy`` (a table's group); ``None`` otherwise."""
    match = _LANGPAIR.match(langpair or "")
    return language_tokenizer(match.group(1)) if match else None


def source_tokens(text: str, tokenize: str = SPACED_DEFAULT) -> list[str]:
    """The source's words under sacrebleu tokenizer ``tokenize``, split at ASCII whitespace.

    ``none`` gives the text's own ASCII-whitespace-separated words (what Pharaoh indices refer to;
    an ideographic space stays inside a word); the others tokenise first, as sacrebleu does.
    """
    if tokenize != "none":
        text = get_tokenizer(tokenize)(text.rstrip())
    return [t for t in _ASCII_SPACE.split(text) if t]


def unsegmented_cjk(texts: Iterable[str | None]) -> tuple[int, int] | None:
    """``(characters, spaces)`` of ``texts`` if they are mostly CJK with fewer than one space per
    :data:`CJK_CHARS_PER_SPACE` characters (all texts counted together), else ``None``."""
    chars = cjk = spaces = 0
    for text in texts:
        if not text:
            continue
        spaces += text.count(" ")
        chars += len(text) - sum(1 for ch in text if ch.isspace())
        cjk += len(_CJK.findall(text))
    if chars and 2 * cjk > chars and spaces * CJK_CHARS_PER_SPACE < chars:
        return chars, spaces
    return None


def resolve(tokenize: str | None, texts: Iterable[str | None], option: str) -> str:
    """The tokenizer to split ``texts`` with: ``tokenize``, or when ``None`` (source language unknown)
    :data:`SPACED_DEFAULT` after refusing unsegmented CJK text with a message naming ``option``."""
    if tokenize is not None:
        return tokenize
    found = unsegmented_cjk(texts)
    if found is not None:
        chars, spaces = found
        raise InputError(
            f"the source looks like Chinese/Japanese text without spaces ({chars} characters, {spaces} spaces): split "
            f"at spaces its lines would be aligned whole; choose its tokenizer with {option} (zh, ja-mecab, "
            f"ko-mecab or char)."
        )
    return SPACED_DEFAULT


#: The outputs of ``mtmetrics align -o PREFIX`` that its ``PREFIX.json`` sidecar describes.
ALIGN_SUFFIXES = ("fwd", "rev", "inter", "union", "gdfa")


@cache
def recorded_tokenizer(path: str) -> str:
    """The source tokenizer an alignment file was made with: its ``mtmetrics align`` sidecar's, else ``none``.

    A Pharaoh file without a sidecar indexes the source as given (split at spaces): ``none``; so does
    a sidecar without a ``source_tokenize`` key.
    """
    p = Path(path)
    if p.suffix.lstrip(".") not in ALIGN_SUFFIXES:
        return "none"
    sidecar = p.with_suffix(".json")
    try:
        doc = json.loads(sidecar.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "none"
    if not isinstance(doc, dict) or doc.get("command") != "mtmetrics align":
        return "none"
    return str(doc.get("source_tokenize") or "none")
