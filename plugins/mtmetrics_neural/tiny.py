"""Tiny random-weight unbabel-comet checkpoints, built offline with the libraries' own save functions.

For the conformance suite (:meth:`~mtmetrics.Metric.example_params`), the tests and the bench: a
two-layer XLM-R (or XLM-R XL for xCOMET) encoder with a tokenizer trained from a few sentences by
``tokenizers``, wrapped by unbabel-comet's own model class and written as a real model folder
(``hparams.yaml`` by Lightning's ``save_hparams_to_yaml``, ``checkpoints/model.ckpt`` by the
Lightning trainer's ``save_checkpoint``). Nothing is fetched. The weights are random (seeded): the
scores mean nothing, but they come from the same code as a real checkpoint's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtmetrics.testing import default_corpus

#: unbabel-comet model classes this builds, by the ``kind`` argument of :func:`tiny_checkpoint`
KINDS = ("regression_metric", "unified_metric_qe", "xcomet_metric")


def _texts() -> list[str]:
    corpus = default_corpus()
    return [*corpus.hyps, *(r for stream in corpus.refs for r in stream), *corpus.sources]


def _encoder_folder(folder: Path, xl: bool, positions: int) -> Path:
    """A tokenizer trained on the conformance corpus and a two-layer encoder configuration, saved."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import XLMRobertaConfig, XLMRobertaTokenizerFast, XLMRobertaXLConfig

    out = folder / "encoder"
    specials = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(vocab_size=300, special_tokens=specials, unk_token="<unk>")
    tok.train_from_iterator(_texts(), trainer)
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> </s> $B </s>", special_tokens=[("<s>", 0), ("</s>", 2)]
    )
    fast = XLMRobertaTokenizerFast(
        tokenizer_object=tok, bos_token="<s>", eos_token="</s>", sep_token="</s>", cls_token="<s>",
        unk_token="<unk>", pad_token="<pad>", mask_token="<mask>", model_max_length=positions - 2,
    )  # fmt: skip
    fast.save_pretrained(out)
    config_class = XLMRobertaXLConfig if xl else XLMRobertaConfig
    config = config_class(
        vocab_size=len(fast), hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
        max_position_embeddings=positions, pad_token_id=1, bos_token_id=0, eos_token_id=2,
    )  # fmt: skip
    config.save_pretrained(out)
    return out


def _model(kind: str, encoder: Path) -> Any:
    """unbabel-comet's model of ``kind`` around the tiny encoder, with seeded random weights."""
    import torch
    from comet.models import RegressionMetric, UnifiedMetric, XCOMETMetric

    torch.manual_seed(1234)
    common: dict[str, Any] = {
        "pretrained_model": str(encoder), "load_pretrained_weights": False, "local_files_only": True,
        "hidden_sizes": [16], "dropout": 0.0,
    }  # fmt: skip
    if kind == "regression_metric":
        return RegressionMetric(encoder_model="XLM-RoBERTa", layer_transformation="softmax", **common)
    if kind == "unified_metric_qe":
        return UnifiedMetric(encoder_model="XLM-RoBERTa", input_segments=["mt", "src"], word_layer=2, **common)
    if kind == "xcomet_metric":
        return XCOMETMetric(encoder_model="XLM-RoBERTa-XL", word_layer=2, **common)
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def tiny_checkpoint(folder: Path, kind: str, positions: int = 130) -> Path:
    """Build (once per folder) a tiny model folder of ``kind`` (see :data:`KINDS`); returns the folder."""
    folder = Path(folder)
    ckpt = folder / "checkpoints" / "model.ckpt"
    if ckpt.is_file():
        return folder
    from .comet import import_comet

    import_comet()  # first: Lightning's imports warn about pkg_resources
    import pytorch_lightning as ptl
    from pytorch_lightning.core.saving import save_hparams_to_yaml

    folder.mkdir(parents=True, exist_ok=True)
    model = _model(kind, _encoder_folder(folder, kind == "xcomet_metric", positions))
    save_hparams_to_yaml(folder / "hparams.yaml", model.hparams)
    trainer = ptl.Trainer(
        accelerator="cpu", devices=1, logger=False, enable_checkpointing=False, enable_progress_bar=False,
        enable_model_summary=False,
    )  # fmt: skip
    trainer.strategy.connect(model)
    trainer.save_checkpoint(ckpt)
    return folder
