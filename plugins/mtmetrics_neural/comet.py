"""``comet``, ``cometkiwi`` and ``xcomet``: unbabel-comet's models, scored offline with their own code.

A model is a local folder as unbabel-comet's hub snapshots lay it out: ``hparams.yaml`` and
``checkpoints/model.ckpt`` (``model=PATH`` names the folder or the ``.ckpt`` file; without it the
environment variable :data:`ENV` of the metric names it). The encoder's tokenizer and configuration
(``pretrained_model`` in ``hparams.yaml``, e.g. ``xlm-roberta-large``) are read from that path when
it is a folder, else from the Hugging Face cache, with ``local_files_only``: nothing is downloaded
at run time, and a missing file is one :class:`~mtmetrics.ResourceError` naming the command that
fetches it on a machine with internet.

Scores are the model's own: each batch is tokenised by the model's ``prepare_sample`` and scored
by its ``predict_step`` (what ``comet-score`` and ``model.predict`` run, without the Lightning
trainer around them), under ``torch.inference_mode`` in float32 on the chosen device. By default
each segment is encoded alone (``batch_tokens=0``): float32 matrix products give results that differ
in the last bits with the batch's shape (measured: 6e-8 between a segment alone and in a batch of
identical length), so only then is a score independent of its batch mates, chunks, ``-j`` and
``sentence_score`` versus ``corpus_score``, as every metric's must be. ``batch_tokens=N`` sorts
segments by length and cuts them into batches of at most N padded subword tokens (a bound on
memory), which pays on a GPU; the scores then agree with the default's within 1e-6 but not bit for bit, and the
signature says ``batch:N``. A segment longer than the encoder reads is refused (unbabel-comet would truncate it
silently). With several references a segment's score is the mean of its scores against each one
(unbabel-comet scores one reference at a time). The corpus score is the mean of the segments'
(``comet-score``'s system score).

xCOMET's error spans (``metadata.error_spans`` of its ``predict_step``, computed with the scores)
are each segment's detail (:meth:`XComet.segment_details`): ``segment_details`` in ``-sl -f json``,
``Result.detail`` in the API.

The signature carries the checkpoint's SHA-256 (16 hex digits with ``--short``), the versions of
unbabel-comet, transformers and torch, the precision and the device class (``cpu``/``cuda``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtmetrics import Inputs, Param, ResourceError, Segment
from mtmetrics.errors import InputError

from .common import NeuralMetric, refuse_long, to_device


def import_comet() -> Any:
    """unbabel-comet, imported without the deprecation warnings of its dependencies (torchmetrics 0.10
    imports ``pkg_resources``), which are not the user's to act on."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, message=".*pkg_resources")
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        import comet

    return comet


class _CometBase(NeuralMetric):
    """What the three metrics share: unbabel-comet's checkpoint layout, loading and scoring."""

    NEEDS = (
        "a folder with hparams.yaml and checkpoints/model.ckpt, given as {name}:model=PATH or ${env}, and the "
        "encoder's tokenizer in the Hugging Face cache"
    )
    FETCH = "huggingface-cli download {hub} --local-dir PATH (and the 'pretrained_model' named in its hparams.yaml)"
    COPY = "PATH and ~/.cache/huggingface"
    LIBRARY = ("comet", "unbabel-comet", "comet")

    params = (
        Param("model", str, "", "model folder (hparams.yaml, checkpoints/model.ckpt) or .ckpt file", None, path=True),
        *NeuralMetric.params[1:],
    )

    def _locate(self, path: Path, given: str) -> list[Path]:
        ckpt = path if path.is_file() else path / "checkpoints" / "model.ckpt"
        if not ckpt.is_file() or not (ckpt.parents[1] / "hparams.yaml").is_file():
            raise ResourceError(self._missing(f"{given} has no checkpoints/model.ckpt with hparams.yaml beside it"))
        return [ckpt]

    def _load(self, device: str) -> Any:
        comet = import_comet()
        try:
            with warnings.catch_warnings():  # its version check imports pkg_resources again
                warnings.filterwarnings("ignore", category=UserWarning, message=".*pkg_resources")
                model = comet.load_from_checkpoint(str(self._weights[0]), local_files_only=True)
        except OSError as exc:  # the encoder's tokenizer or configuration is not on this machine
            raise ResourceError(
                self._missing(f"cannot load {self._weights[0]} offline ({exc})".replace("\n", " "))
            ) from None
        model.eval()
        return model.to(device)

    def _model(self) -> Any:
        """The checkpoint loaded by unbabel-comet, refused when it is not of this metric's kind."""
        model = super()._model()
        # a unified model (xCOMET) reads the references its input_segments name; it can also score
        # without them (quality estimation), so only a model that requires them is refused by cometkiwi
        segments = model.hparams.get("input_segments")
        reads_refs = "ref" in segments if segments else bool(model.requires_references())
        wanted = type(self).WITH_REFERENCES
        if (wanted and not reads_refs) or (not wanted and model.requires_references()):
            kind, other = ("reference-based", "comet or xcomet") if reads_refs else ("reference-free", "cometkiwi")
            raise InputError(f"{type(self).name}: {self._weights[0]} is a {kind} checkpoint: score it with {other}.")
        return model

    def _lengths(self, model: Any, samples: list[dict[str, str]]) -> list[tuple[int, ...]]:
        tokenizer = model.encoder.tokenizer
        limit = model.encoder.max_positions - 2
        fields = sorted(samples[0])
        lengths = {f: [len(ids) for ids in tokenizer([s[f] for s in samples])["input_ids"]] for f in fields}
        for f in fields:
            for k, n in enumerate(lengths[f]):
                if n > limit:
                    raise refuse_long(type(self).name, f, samples[k][f], n, limit, "unbabel-comet")
        return [tuple(lengths[f][k] for f in fields) for k in range(len(samples))]

    def _forward(self, model: Any, samples: list[dict[str, str]]) -> tuple[Any, list[Any] | None]:
        """The model's own ``prepare_sample`` and ``predict_step`` (what ``comet-score`` and
        ``model.predict`` run, without the Lightning trainer), and xCOMET's error spans."""
        inputs = to_device(model.prepare_sample(samples, stage="predict"), next(model.parameters()).device)
        prediction = model.predict_step(inputs)
        return prediction.scores, prediction.get("metadata", {}).get("error_spans")


class Comet(_CometBase):
    """COMET (Rei et al. 2020/2022): a reference-based unbabel-comet checkpoint such as COMET-22."""

    name = "comet"
    description = "COMET: unbabel-comet reference-based model (e.g. Unbabel/wmt22-comet-da), from a local folder"
    inputs = Inputs(source=True)
    ENV = "MTMETRICS_COMET_MODEL"
    HUB_NAME = "Unbabel/wmt22-comet-da"

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_checkpoint

        return {"model": str(tiny_checkpoint(folder / "comet", "regression_metric"))}


class CometKiwi(_CometBase):
    """CometKiwi (Rei et al. 2022): reference-free quality estimation from source and hypothesis."""

    name = "cometkiwi"
    description = "CometKiwi: reference-free unbabel-comet model (e.g. Unbabel/wmt22-cometkiwi-da), no references"
    inputs = Inputs(source=True, references=False)
    ENV = "MTMETRICS_COMETKIWI_MODEL"
    HUB_NAME = "Unbabel/wmt22-cometkiwi-da"
    WITH_REFERENCES = False

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_checkpoint

        return {"model": str(tiny_checkpoint(folder / "cometkiwi", "unified_metric_qe"))}


class XComet(_CometBase):
    """xCOMET (Guerreiro et al. 2023): source, hypothesis and reference; the score, and the error spans
    it marks in the hypothesis as each segment's detail."""

    name = "xcomet"
    description = "xCOMET: unbabel-comet XCOMET model (e.g. Unbabel/XCOMET-XL), from a local folder; error spans"
    inputs = Inputs(source=True)
    ENV = "MTMETRICS_XCOMET_MODEL"
    HUB_NAME = "Unbabel/XCOMET-XL"

    def segment_details(self, segments: Sequence[Segment]) -> Sequence[Any] | None:
        """``{"error_spans": [spans, ...]}`` per segment, one list per reference in order, each span as
        unbabel-comet's ``Prediction.metadata.error_spans`` gives it: ``text``, ``start`` and ``end``
        (character offsets in the hypothesis), ``severity`` (minor, major, critical), ``confidence``."""
        return [{"error_spans": per_reference} for per_reference in self._kept_details(segments)]

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_checkpoint

        return {"model": str(tiny_checkpoint(folder / "xcomet", "xcomet_metric"))}
