"""``metricx``, ``metricxqe``, ``metricx23``, ``metricx23qe``: Google's MetricX (Juraska et al. 2023,
2024), mT5 regression models, scored by lightyear's ``MetricXScore``.

A model is a local folder as Google publishes it on the Hugging Face hub (``config.json`` and the
weights, e.g. ``google/metricx-24-hybrid-large-v2p6``), given as ``model=PATH`` or by the metric's
environment variable. The mT5 tokenizer, which Google's model folders do not hold, is
``tokenizer=`` (a folder, or a name found in the Hugging Face cache); by default the model
folder's when it has one (``tokenizer_config.json``), else ``google/mt5-large`` from the cache (the
mT5 sentencepiece model is the same for every size). Nothing is downloaded.

Scores are the library's own: each batch is scored by lightyear's ``MetricXScore.score_batch``
(its input format, ``source: ... candidate: ... reference: ...`` for MetricX-24, ``candidate: ...
reference: ...`` for MetricX-23, and its forward pass) as the raw error in [0, 25]: lower is
better. The precision is the checkpoint's (``torch_dtype="auto"``, as lightyear loads it). An
input longer than the model was trained on (1536 tokens for MetricX-24, 1024 for MetricX-23) is
refused, where lightyear would cut it silently. With several references a segment's score is the
mean of its scores against each one; the corpus score is the mean of the segments'.

lightyear 0.0.18's forward pass fails on transformers 4.x when the model's configuration enables
the decoding cache (the cross-attention mask comes out one column short), so the cache is turned
off after loading: the model decodes a single step, where a cache changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from mtmetrics import Inputs, Param, ResourceError

from .common import NeuralMetric, refuse_long

_PRECISIONS = {"torch.float32": "fp32", "torch.bfloat16": "bf16", "torch.float16": "fp16"}


class _MetricXBase(NeuralMetric):
    """What the four metrics share; a subclass names its MetricX version and whether it is QE."""

    #: the MetricX version whose input format the checkpoint reads: "24" or "23"
    VERSION: ClassVar[str] = "24"
    NEEDS = (
        "a folder with config.json and the weights (model.safetensors or pytorch_model.bin), given as "
        "{name}:model=PATH or ${env}, and the mT5 tokenizer (in that folder, {name}:tokenizer=FOLDER, or "
        "google/mt5-large in the Hugging Face cache)"
    )
    FETCH = "huggingface-cli download {hub} --local-dir PATH && huggingface-cli download google/mt5-large"
    COPY = "PATH and ~/.cache/huggingface"
    LIBRARY = ("lightyear", "lightyear", "ly")
    helpers = ("VERSION",)

    params = (
        NeuralMetric.params[0],
        Param(
            "tokenizer",
            str,
            "",
            "mT5 tokenizer: a folder or a name in the HF cache (default: the model folder's, else google/mt5-large)",
            None,
        ),
        *NeuralMetric.params[1:],
    )
    higher_is_better = False
    score_range = (0.0, 25.0)
    #: the longest input the version was trained on, in subword tokens with the end-of-sequence token
    #: (a whitespace word is at least one subword, so it bounds the words too)
    max_segment_tokens = 1536
    complexity = "O(n^2) attention over at most 1536 subwords per segment"

    def _load(self, device: str) -> Any:
        from lightyear.metrics.metricx import MetricXScore

        folder = self._weights[0].parent
        default = str(folder) if (folder / "tokenizer_config.json").is_file() else "google/mt5-large"
        tokenizer = str(self.values["tokenizer"]) or default
        if not Path(tokenizer).is_dir():
            from huggingface_hub import snapshot_download

            try:
                tokenizer = snapshot_download(tokenizer, local_files_only=True)
            except (OSError, ValueError) as exc:  # not in the cache, or not a name the hub could have
                raise ResourceError(self._missing(f"no tokenizer {tokenizer} here ({type(exc).__name__})")) from None
        cls = type(self)
        scorer = MetricXScore(
            version=cls.VERSION,
            qe=not cls.WITH_REFERENCES,
            model_name=str(folder),
            tokenizer_name=tokenizer,
            max_input_length=cls.max_segment_tokens,
            cuda=False,
        )
        scorer.model.config.use_cache = False  # see the module's docstring
        # lightyear pads each batch as the official MetricX code does: transformers' advice against it is not the user's
        scorer.tokenizer.deprecation_warnings["Asking-to-pad-a-fast-tokenizer"] = True
        scorer.model.to(device)
        scorer.device = device
        return scorer

    def _precision(self) -> str:
        dtype = str(next(self._model().model.parameters()).dtype)
        return _PRECISIONS.get(dtype, dtype.removeprefix("torch."))

    def _lengths(self, model: Any, samples: list[dict[str, str]]) -> list[tuple[int, ...]]:
        texts = [model._build_input(s["mt"], ref=s.get("ref"), src=s["src"] or None) for s in samples]
        ids = model.tokenizer(texts)["input_ids"]
        for k, row in enumerate(ids):
            if len(row) > type(self).max_segment_tokens:
                raise refuse_long(self.name, "input", texts[k], len(row), type(self).max_segment_tokens, "lightyear")
        return [(len(row),) for row in ids]

    def _forward(self, model: Any, samples: list[dict[str, str]]) -> tuple[Any, list[Any] | None]:
        result = model.score_batch(
            [s["mt"] for s in samples],
            refs=[s.get("ref") for s in samples],
            srcs=[s["src"] or None for s in samples],
            batch_size=len(samples),
            normalize=False,
        )
        return next(iter(result.values()))["raw_error"], None

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_metricx

        return {"model": str(tiny_metricx(folder / "metricx"))}


class MetricX(_MetricXBase):
    """MetricX-24 (hybrid), reference-based: source, hypothesis and reference."""

    name = "metricx"
    description = (
        "MetricX-24: lightyear, e.g. google/metricx-24-hybrid-large-v2p6, from a local folder; lower is better"
    )
    inputs = Inputs(source=True)
    ENV = "MTMETRICS_METRICX_MODEL"
    HUB_NAME = "google/metricx-24-hybrid-large-v2p6"


class MetricXQE(MetricX):
    """MetricX-24 (hybrid) as quality estimation: source and hypothesis, no reference."""

    name = "metricxqe"
    description = "MetricX-24 QE: reference-free (source, hypothesis), e.g. google/metricx-24-hybrid-large-v2p6"
    inputs = Inputs(source=True, references=False)
    ENV = "MTMETRICS_METRICXQE_MODEL"
    WITH_REFERENCES = False


class MetricX23(_MetricXBase):
    """MetricX-23, reference-based: hypothesis and reference (no source)."""

    name = "metricx23"
    description = "MetricX-23: lightyear, e.g. google/metricx-23-large-v2p0, from a local folder; lower is better"
    ENV = "MTMETRICS_METRICX23_MODEL"
    HUB_NAME = "google/metricx-23-large-v2p0"
    VERSION = "23"
    max_segment_tokens = 1024
    complexity = "O(n^2) attention over at most 1024 subwords per segment"


class MetricX23QE(MetricX23):
    """MetricX-23-QE: source and hypothesis, no reference."""

    name = "metricx23qe"
    description = "MetricX-23 QE: reference-free (source, hypothesis), e.g. google/metricx-23-qe-large-v2p0"
    inputs = Inputs(source=True, references=False)
    ENV = "MTMETRICS_METRICX23QE_MODEL"
    HUB_NAME = "google/metricx-23-qe-large-v2p0"
    WITH_REFERENCES = False
