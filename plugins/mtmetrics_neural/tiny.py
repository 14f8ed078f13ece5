"""Tiny random-weight checkpoints of every neural metric, built offline with the libraries' own save functions.

For the conformance suite (:meth:`~mtmetrics.Metric.example_params`), the tests and the bench, each
with a tokenizer trained on the conformance corpus's sentences. unbabel-comet: a two-layer XLM-R
(or XLM-R XL for xCOMET) encoder (unigram tokenizer by ``tokenizers``), wrapped by unbabel-comet's
own model class and written as a real model folder (``hparams.yaml`` by Lightning's
``save_hparams_to_yaml``, ``checkpoints/model.ckpt`` by the Lightning trainer's
``save_checkpoint``). BLEURT: bleurt-pytorch's two-layer model and its WordPiece tokenizer
(vocabulary trained by ``tokenizers``), each written by ``save_pretrained``. MetricX: lightyear's
``MT5ForRegression`` with two layers (the vocabulary keeps mT5's size: MetricX reads the logit of
token 250089) and an mT5-style tokenizer (a sentencepiece model trained by sentencepiece, saved
by transformers' ``T5Tokenizer``). Nothing is fetched. The weights are random (seeded): the scores
mean nothing, but they come from the same code as a real checkpoint's.
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


def tiny_bleurt(folder: Path, positions: int = 128) -> Path:
    """Build (once per folder) a tiny bleurt-pytorch model folder; returns the folder."""
    folder = Path(folder)
    if (folder / "config.json").is_file():
        return folder
    import torch
    from bleurt_pytorch import BleurtConfig, BleurtForSequenceClassification
    from bleurt_pytorch.bleurt.tokenization_bleurt_fast import BleurtTokenizerFast
    from tokenizers import BertWordPieceTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    wordpiece = BertWordPieceTokenizer(lowercase=True)
    wordpiece.train_from_iterator(_texts(), vocab_size=300, min_frequency=1)
    (vocab,) = wordpiece.save_model(str(folder))
    tokenizer = BleurtTokenizerFast(vocab_file=vocab, do_lower_case=True, model_max_length=positions)
    tokenizer.save_pretrained(folder)
    torch.manual_seed(1234)
    config = BleurtConfig(
        vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
        max_position_embeddings=positions, initializer_range=0.2,
    )  # fmt: skip
    BleurtForSequenceClassification(config).save_pretrained(folder)
    return folder


def tiny_metricx(folder: Path) -> Path:
    """Build (once per folder) a tiny MetricX model folder, with its tokenizer; returns the folder."""
    folder = Path(folder)
    if (folder / "config.json").is_file():
        return folder
    import io

    import sentencepiece
    import torch
    from lightyear.metrics.metricx import MT5ForRegression
    from transformers import MT5Config, T5Tokenizer

    folder.mkdir(parents=True, exist_ok=True)
    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(_texts()), model_writer=model, vocab_size=200, model_type="unigram", pad_id=0,
        eos_id=1, unk_id=2, bos_id=-1, hard_vocab_limit=False, minloglevel=2,
    )  # fmt: skip
    (folder / "spiece.model").write_bytes(model.getvalue())
    T5Tokenizer(vocab_file=str(folder / "spiece.model"), extra_ids=0, legacy=False).save_pretrained(folder)
    torch.manual_seed(1234)
    config = MT5Config(
        vocab_size=250112, d_model=8, d_kv=4, d_ff=16, num_layers=2, num_decoder_layers=2, num_heads=2,
        tie_word_embeddings=False, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1, use_cache=False,
    )  # fmt: skip
    # tied embeddings (shared by encoder and decoder) are saved by torch.save, as safetensors refuses them
    MT5ForRegression(config).save_pretrained(folder, safe_serialization=False)
    return folder
