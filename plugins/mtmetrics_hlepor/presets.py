"""Table 1 of Han et al. (2013): the tuned parameters per language pair, as named presets.

Each preset has a word row (``HPR:ELP:NPP (W)``, ``α:β (W)``) and, for the four pairs where the
paper used part-of-speech information, a POS row and the ``w_hw : w_hp`` weights of eq. 11
("N/A" in the paper is ``None`` here). The paper writes CZ for Czech; presets use ISO 639-1
(``cs-en``, ``en-cs``). The context window is ``n = 2`` everywhere ("bigram is selected in all the
language pairs").
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import Weights


@dataclass(frozen=True)
class Preset:
    """One column of Table 1."""

    word: Weights
    pos: Weights | None
    w_word: float | None
    w_pos: float | None


def _w(alpha: float, beta: float, hpr: float, elp: float, npp: float) -> Weights:
    return Weights(alpha, beta, hpr, elp, npp)


PRESETS: dict[str, Preset] = {
    "cs-en": Preset(_w(1, 9, 7, 2, 1), None, None, None),
    "de-en": Preset(_w(9, 1, 3, 2, 1), _w(9, 1, 3, 2, 1), 1, 9),
    "es-en": Preset(_w(1, 9, 7, 2, 1), None, None, None),
    "fr-en": Preset(_w(9, 1, 3, 2, 1), _w(9, 1, 3, 2, 1), 9, 1),
    "en-cs": Preset(_w(9, 1, 3, 2, 1), None, None, None),
    "en-de": Preset(_w(9, 1, 1, 3, 7), _w(9, 1, 7, 2, 1), 1, 9),
    "en-es": Preset(_w(9, 1, 3, 2, 1), None, None, None),
    "en-fr": Preset(_w(9, 1, 3, 2, 1), _w(9, 1, 3, 2, 1), 9, 1),
}
