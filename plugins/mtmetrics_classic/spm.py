"""sacrebleu's SentencePiece tokenizers (``spm``, ``flores101``, ``flores200``, ``spBLEU-1K``) for BLEU
and BLEUS, the metrics that count tokens without reading them as words.

sacrebleu downloads their model at run time, which mtmetrics never does: the model file is found
through an environment variable per name (``MTMETRICS_SPM_FLORES200``, ...) or where sacrebleu keeps
it (``$SACREBLEU/models/``, read only), and its SHA-256 is signed (``spm:<sha256>``, see
:func:`tokenizer_fields`). The tokenisation is sacrebleu's own code on that model.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mtmetrics import Field, Param
from mtmetrics.errors import ResourceError, require
from mtmetrics.resources import TOKENIZER_NAMES, tokenize_param, tokenizer_signature
from mtmetrics.resources import get_tokenizer as word_tokenizer

#: sacrebleu's SentencePiece tokenizers -> the environment variable naming the model file. ``spm`` is
#: sacrebleu's older name of ``flores101`` (the same model, signed ``flores101`` by sacrebleu).
SPM_TOKENIZERS: dict[str, str] = {
    "spm": "MTMETRICS_SPM_FLORES101",
    "flores101": "MTMETRICS_SPM_FLORES101",
    "flores200": "MTMETRICS_SPM_FLORES200",
    "spBLEU-1K": "MTMETRICS_SPM_SPBLEU_1K",
}


@cache
def get_tokenizer(name: str) -> Any:
    """sacrebleu's tokenizer ``name`` (one instance per process): a SentencePiece one, whose model
    is found by :func:`spm_model_file` at its first use in the process (set the variable before)
    and whose ``sha256`` attribute is that file's, else the core's word tokenizer."""
    if name in SPM_TOKENIZERS:
        return _load_spm(name, spm_model_file(name))
    return word_tokenizer(name)


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


def tokenizer_fields(tokenizer: Any) -> tuple[Field, ...]:
    """Signature fields for the resources of a tokenizer from :func:`get_tokenizer`:
    ``spm:<SHA-256 of the model>`` (its first 16 hex digits with ``--short``) for a SentencePiece
    tokenizer, else none. Taken from the instance a metric uses, so the hash is of the model it read."""
    sha = getattr(tokenizer, "sha256", None)
    return () if sha is None else (Field("spm", sha, "spm", sha[:16]),)


def _tok_fmt(value: Any, values: Mapping[str, Any]) -> str:
    """The tokenizer's signature as sacrebleu prints it in ``tok:`` (a SentencePiece tokenizer's is its
    model's name, ``flores200``: :func:`tokenizer_fields` signs the file)."""
    return str(_spm_entry(value)["signature"]) if value in SPM_TOKENIZERS else tokenizer_signature(value)


#: The ``tokenize`` parameter of BLEU and BLEUS: the word tokenizers and sacrebleu's SentencePiece ones.
TOKENIZE: Param = dataclasses.replace(
    tokenize_param(),
    help=f"sacrebleu tokenizer applied before matching ({', '.join(SPM_TOKENIZERS)}: model file from "
    "$MTMETRICS_SPM_<NAME>)",
    choices=TOKENIZER_NAMES + tuple(SPM_TOKENIZERS),
    fmt=_tok_fmt,
)
