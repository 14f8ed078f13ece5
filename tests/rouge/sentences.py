"""Real sentences for the ROUGE tests: WMT17 de-en (one reference) and WMT21 de-en (two).

``wmt17`` and ``wmt21`` give cleaned texts (lowercased, tokenised with sacrebleu's 13a tokenizer,
reduced to ASCII alphanumeric tokens) for the ``impl=paper`` tests, which compare against a
transcription working on whitespace-split tokens. ``wmt17_raw`` and ``wmt21_raw`` give the
untouched lines, for comparing ``impl=rouge155`` with the Perl script on raw text.
"""

from __future__ import annotations

import re
from functools import cache

from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from tests.datapaths import WMT17, WMT21, read_text, require

_ALNUM = re.compile(r"^[a-z0-9]+$")
_TOK = Tokenizer13a()


def clean(text: str) -> str:
    """Lowercase, tokenise, keep ASCII alphanumeric tokens."""
    return " ".join(t for t in _TOK(text.lower()).split() if _ALNUM.match(t))


@cache
def wmt17(n: int, offset: int = 0) -> tuple[list[str], list[str]]:
    """``n`` (hypothesis, reference) lines of WMT17 de-en (KIT system), both non-empty after cleaning."""
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.KIT.4951.de-en.gz"))
    refs = read_text(require(WMT17 / "newstest2017-deen-ref.en"))
    pairs = [(clean(h), clean(r)) for h, r in zip(hyps, refs, strict=True)][offset:]
    pairs = [(h, r) for h, r in pairs if h and r][:n]
    assert len(pairs) == n
    return [h for h, _ in pairs], [r for _, r in pairs]


@cache
def wmt21(n: int, offset: int = 0) -> tuple[list[str], list[str], list[str]]:
    """``n`` lines of WMT21 de-en: hypothesis (Facebook-AI) and references A and B."""
    txt = WMT21 / "txt"
    hyps = read_text(require(txt / "system-outputs" / "newstest2021.de-en.hyp.Facebook-AI.en.gz"))
    ref_a = read_text(require(txt / "references" / "newstest2021.de-en.ref.A.en"))
    ref_b = read_text(require(txt / "references" / "newstest2021.de-en.ref.B.en"))
    rows = [(clean(h), clean(a), clean(b)) for h, a, b in zip(hyps, ref_a, ref_b, strict=True)][offset:]
    rows = [row for row in rows if all(row)][:n]
    assert len(rows) == n
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


_WORD_CHAR = re.compile("[A-Za-z0-9]")


@cache
def wmt21_raw(n: int, offset: int = 0) -> tuple[list[str], list[str], list[str]]:
    """``n`` untouched lines of WMT21 de-en from line ``offset``: Facebook-AI and references A, B.

    Only lines whose references have no ASCII letter or digit at all are left out (none in the
    first thousand lines): ROUGE-1.5.5's ROUGE-W divides by the reference length and dies on them.
    """
    txt = WMT21 / "txt"
    hyps = read_text(require(txt / "system-outputs" / "newstest2021.de-en.hyp.Facebook-AI.en.gz"))
    ref_a = read_text(require(txt / "references" / "newstest2021.de-en.ref.A.en"))
    ref_b = read_text(require(txt / "references" / "newstest2021.de-en.ref.B.en"))
    rows = list(zip(hyps, ref_a, ref_b, strict=True))[offset:]
    rows = [row for row in rows if _WORD_CHAR.search(row[1]) and _WORD_CHAR.search(row[2])][:n]
    assert len(rows) == n
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


@cache
def wmt17_raw(n: int) -> tuple[list[str], list[str]]:
    """The first ``n`` untouched lines of WMT17 de-en (KIT system) and its reference."""
    hyps = read_text(require(WMT17 / "de-en" / "newstest2017.KIT.4951.de-en.gz"))
    refs = read_text(require(WMT17 / "newstest2017-deen-ref.en"))
    rows = [(h, r) for h, r in zip(hyps, refs, strict=True) if _WORD_CHAR.search(r)][:n]
    assert len(rows) == n
    return [h for h, _ in rows], [r for _, r in rows]
