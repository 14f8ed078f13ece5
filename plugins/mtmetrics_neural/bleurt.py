"""``bleurt``: BLEURT (Sellam et al. 2020) checkpoints ported to PyTorch, scored by bleurt-pytorch.

A model is a local folder as Luca Di Liello's ports lay it out on the Hugging Face hub (e.g.
``lucadiliello/BLEURT-20``, or ``BLEURT-20-D12``, smaller): ``config.json``, the weights
(``pytorch_model.bin`` or ``model.safetensors``) and the tokenizer (``spm.model`` for BLEURT-20,
``vocab.txt`` for the BERT-based checkpoints), given as ``model=PATH`` or by
``$MTMETRICS_BLEURT_MODEL``; nothing is downloaded.

Scores are the library's own: each batch is scored as its README does,
``model(**tokenizer(references, candidates, padding="longest", return_tensors="pt")).logits``, in
float32. A reference-candidate pair longer than the model's positions is refused (BLEURT cuts
it silently). With several references a segment's score is the mean of its scores against each
one; the corpus score is the mean of the segments'. Batching is :mod:`mtmetrics_neural.common`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtmetrics import Inputs, ResourceError

from .common import NeuralMetric, refuse_long, to_device


class Bleurt(NeuralMetric):
    """BLEURT: a learned regression on the (reference, hypothesis) pair; higher is better."""

    name = "bleurt"
    description = "BLEURT: bleurt-pytorch port (e.g. lucadiliello/BLEURT-20), from a local folder"
    inputs = Inputs()
    ENV = "MTMETRICS_BLEURT_MODEL"
    HUB_NAME = "lucadiliello/BLEURT-20"
    NEEDS = (
        "a folder with config.json, the weights (pytorch_model.bin or model.safetensors) and the tokenizer "
        "(spm.model or vocab.txt), given as {name}:model=PATH or ${env}"
    )
    LIBRARY = ("bleurt", "bleurt-pytorch", "bleurt")

    def _load(self, device: str) -> Any:
        from bleurt_pytorch import BleurtForSequenceClassification, BleurtTokenizer

        folder = self._weights[0].parent
        try:
            tokenizer = BleurtTokenizer.from_pretrained(folder, local_files_only=True)
        except (OSError, TypeError) as exc:
            raise ResourceError(
                self._missing(f"cannot read the tokenizer in {folder} ({exc})".replace("\n", " "))
            ) from None
        model = BleurtForSequenceClassification.from_pretrained(folder, local_files_only=True)
        model.eval()
        return model.to(device), tokenizer

    def _lengths(self, model: Any, samples: list[dict[str, str]]) -> list[tuple[int, ...]]:
        network, tokenizer = model
        limit = network.config.max_position_embeddings
        ids = tokenizer([s["ref"] for s in samples], [s["mt"] for s in samples])["input_ids"]
        for k, row in enumerate(ids):
            if len(row) > limit:
                text = f"{samples[k]['ref']} / {samples[k]['mt']}"
                raise refuse_long(self.name, "reference and hypothesis", text, len(row), limit, "BLEURT")
        return [(len(row),) for row in ids]

    def _forward(self, model: Any, samples: list[dict[str, str]]) -> tuple[Any, list[Any] | None]:
        network, tokenizer = model
        inputs = tokenizer(
            [s["ref"] for s in samples], [s["mt"] for s in samples], padding="longest", return_tensors="pt"
        )
        return network(**to_device(inputs, network.device)).logits.flatten(), None

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_bleurt

        return {"model": str(tiny_bleurt(folder / "bleurt"))}
