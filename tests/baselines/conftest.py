"""Fixtures for the baseline metrics: NLTK data from ../shared, WMT21 de-en text."""

from __future__ import annotations

import os
from functools import cache

from tests.datapaths import SHARED, WMT21, read_text, require

NLTK_DATA = SHARED / "nltk_data"
# NLTK reads NLTK_DATA when first imported; the plugin also re-reads it in setup(). No require()
# here: a conftest cannot skip, and tests/conftest.py stops CI when ../shared is missing.
os.environ["NLTK_DATA"] = str(NLTK_DATA)

TXT = WMT21 / "txt"


@cache
def wmt21_de_en(n: int = 200) -> tuple[list[str], list[str], list[str]]:
    """First ``n`` segments of WMT21 de-en: Online-A output, references A and B."""
    hyps = read_text(require(TXT / "system-outputs" / "newstest2021.de-en.hyp.Online-A.en.gz"))[:n]
    ref_a = read_text(require(TXT / "references" / "newstest2021.de-en.ref.A.en"))[:n]
    ref_b = read_text(require(TXT / "references" / "newstest2021.de-en.ref.B.en"))[:n]
    return hyps, ref_a, ref_b
