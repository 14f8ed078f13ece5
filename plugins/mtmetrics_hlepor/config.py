"""hLEPOR's declared parameters and how they resolve to effective weights (presets, defaults).

``alpha``, ``beta``, ``weights``, ``pos_params``, ``w_word`` and ``w_pos`` default to ``None``,
meaning "the preset's value, else the default of the author's implementation" (α:β = 9:1,
HPR:ELP:NPP = 7:2:1; the paper gives no default for eq. 11, mtmetrics uses w_hw:w_hp = 1:1 and,
for POS, the same author defaults). An explicitly given value always wins over the preset, and
the signature always shows the *effective* values, so two runs with equal signatures computed
the same thing whichever way the values were given.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtmetrics import Param, ParameterError
from mtmetrics.resources import LOWERCASE, tokenize_param
from mtmetrics.resources.taggers import TAGGER_SPECS, check_tagger_spec, tagger_paths

from .core import ALIGNERS, Weights
from .presets import PRESETS

DEFAULT = Weights()
DEFAULT_W_WORD = 1.0
DEFAULT_W_POS = 1.0


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def parse_ratio(text: str, count: int, what: str) -> tuple[float, ...]:
    """``"7:2:1"`` -> ``(7.0, 2.0, 1.0)``: ``count`` non-negative numbers with a positive sum."""
    parts = text.split(":")
    if len(parts) != count:
        raise ValueError(f"{what} needs {count} numbers separated by ':'")
    nums = tuple(float(p) for p in parts)
    if any(not 0 <= x < math.inf for x in nums) or sum(nums) <= 0:
        raise ValueError(f"{what}: numbers must be finite and non-negative with a positive sum")
    return nums


def _check_ratio(count: int, what: str) -> Any:
    def check(value: str) -> str | None:
        try:
            parse_ratio(value, count, what)
        except ValueError as exc:
            return str(exc)
        return None

    return check


@dataclass(frozen=True)
class Effective:
    """The parameter values a metric instance actually uses."""

    word: Weights
    pos: Weights | None
    w_word: float
    w_pos: float


def effective(values: Mapping[str, Any], name: str = "hlepor") -> Effective:
    """Resolve presets and defaults; raises ParameterError where Table 1 has no POS row."""
    preset = PRESETS.get(values["preset"])
    base = preset.word if preset else DEFAULT
    alpha = base.alpha if values["alpha"] is None else values["alpha"]
    beta = base.beta if values["beta"] is None else values["beta"]
    if alpha + beta <= 0:
        raise ParameterError(f"{name}: alpha + beta must be positive.")
    hpr, elp, npp = (
        (base.w_hpr, base.w_elp, base.w_npp)
        if values["weights"] is None
        else parse_ratio(values["weights"], 3, "weights")
    )
    word = Weights(alpha, beta, hpr, elp, npp)
    if values["pos"] == "none":
        return Effective(word, None, DEFAULT_W_WORD, DEFAULT_W_POS)
    if values["pos_params"] is not None:
        pos: Weights | None = Weights(*parse_ratio(values["pos_params"], 5, "pos_params"))
    else:
        pos = preset.pos if preset else DEFAULT
    w_word = values["w_word"] if values["w_word"] is not None else (preset.w_word if preset else DEFAULT_W_WORD)
    w_pos = values["w_pos"] if values["w_pos"] is not None else (preset.w_pos if preset else DEFAULT_W_POS)
    if pos is None or w_word is None or w_pos is None:
        raise ParameterError(
            f"{name}: Table 1 has no POS parameters for preset {values['preset']} (N/A in the paper); "
            "give pos_params (ALPHA:BETA:HPR:ELP:NPP) and w_word/w_pos, or use pos=none."
        )
    if w_word + w_pos <= 0:
        raise ParameterError(f"{name}: w_word + w_pos must be positive.")
    return Effective(word, pos, float(w_word), float(w_pos))


def _fmt_alpha(value: Any, values: Mapping[str, Any]) -> str:
    return _num(effective(values).word.alpha)


def _fmt_beta(value: Any, values: Mapping[str, Any]) -> str:
    return _num(effective(values).word.beta)


def _fmt_weights(value: Any, values: Mapping[str, Any]) -> str:
    w = effective(values).word
    return ":".join(_num(x) for x in (w.w_hpr, w.w_elp, w.w_npp))


def _fmt_pos_params(value: Any, values: Mapping[str, Any]) -> str:
    p = effective(values).pos
    return "none" if p is None else ":".join(_num(x) for x in (p.alpha, p.beta, p.w_hpr, p.w_elp, p.w_npp))


def _fmt_combination(value: Any, values: Mapping[str, Any]) -> str:
    e = effective(values)
    return "none" if e.pos is None else f"{_num(e.w_word)}:{_num(e.w_pos)}"


def _parse_combination(text: str) -> dict[str, Any]:
    """``W_WORD:W_POS`` -> both weights; ``none`` (no POS level) -> neither (the inverse of the above)."""
    if text == "none":
        return {}
    w_word, w_pos = parse_ratio(text, 2, "wE")
    return {"w_word": w_word, "w_pos": w_pos}


def _fmt_pos(value: Any, values: Mapping[str, Any]) -> str:
    """``spacy`` for any spaCy pipeline: its name, version and hash are in the ``tagger`` field, and
    a directory's path, which depends on where the model folder lies, is no setting."""
    return "spacy" if str(value).startswith("spacy:") else str(value)


def _check_pos(value: str) -> str | None:
    if value in ("none", "file"):
        return None
    return check_tagger_spec(value)


def make_params(pos_default: str = "none", pos_choices: tuple[str, ...] | None = None) -> tuple[Param, ...]:
    """The parameter declaration of ``hlepor`` (and, with ``pos`` fixed to ``file``, ``hlepor-e``)."""
    return (
        tokenize_param(),
        LOWERCASE,
        Param(
            "preset",
            str,
            "none",
            "Table 1 parameters of a language pair",
            sig_key="preset",
            sig_short="ps",
            choices=("none", *PRESETS),
        ),
        Param(
            "alpha",
            float,
            None,
            "weight of recall in HPR (eq. 4); default 9 or the preset's",
            sig_key="alpha",
            sig_short="a",
            fmt=_fmt_alpha,
            range=(0.0, None),
            nullable=True,
        ),
        Param(
            "beta",
            float,
            None,
            "weight of precision in HPR (eq. 4); default 1 or the preset's",
            sig_key="beta",
            sig_short="b",
            fmt=_fmt_beta,
            range=(0.0, None),
            nullable=True,
        ),
        Param(
            "weights",
            str,
            None,
            "HPR:ELP:NPP weights of eq. 9; default 7:2:1 or the preset's",
            sig_key="w",
            fmt=_fmt_weights,
            check=_check_ratio(3, "weights"),
            nullable=True,
        ),
        Param("n", int, 2, "context window of the n-gram alignment", sig_key="n", range=(0, None)),
        Param(
            "multiref",
            str,
            "best",
            "several references: keep the best segment score",
            sig_key="refs",
            choices=("best",),
        ),
        Param(
            "impl",
            str,
            "paper",
            "alignment: the paper's (docs/metrics.md §2) or the hLepor 0.0.4 package's (hlepor-pypi, which "
            "implies the package's lowercase=yes unless lowercase is given; the package tokenises with NLTK's "
            "word_tokenize, mtmetrics with tokenize)",
            sig_key="impl",
            choices=tuple(ALIGNERS),
            # the hLepor package lowercases (preprocess=str.lower); its alpha 9, beta 1, n 2 and
            # weights 7:2:1 are the paper's and mtmetrics' too
            implies={"hlepor-pypi": {"lowercase": True}},
        ),
        Param(
            "pos",
            str,
            pos_default,
            f"POS tags for hLEPOR_E: none, file (annotations hyp_pos/ref_pos) or a tagger: {', '.join(TAGGER_SPECS)}",
            sig_key="pos",
            choices=pos_choices,
            fmt=_fmt_pos,
            check=_check_pos,
            path=tagger_paths,
        ),
        Param(
            "pos_params",
            str,
            None,
            "POS-level ALPHA:BETA:HPR:ELP:NPP; default the preset's POS row or 9:1:7:2:1",
            sig_key="posp",
            fmt=_fmt_pos_params,
            check=_check_ratio(5, "pos_params"),
            nullable=True,
        ),
        Param(
            "w_word",
            float,
            None,
            "weight of hLEPOR_word in eq. 11 (default 1 or the preset's)",
            sig_key="wE",
            fmt=_fmt_combination,
            parse=_parse_combination,
            range=(0.0, None),
            nullable=True,
        ),
        Param(
            "w_pos",
            float,
            None,
            "weight of hLEPOR_POS in eq. 11 (default 1 or the preset's)",
            sig_key=None,
            range=(0.0, None),
            nullable=True,
        ),
    )
