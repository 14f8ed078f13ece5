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

import hashlib
import math
import os
import warnings
from collections.abc import Iterator, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from mtmetrics import Field, Inputs, Metric, Param, ResourceError, Segment
from mtmetrics.errors import InputError

#: models loaded in this process, by (checkpoint, device): each worker loads a model once
_LOADED: dict[tuple[str, str], Any] = {}
#: SHA-256 of checkpoints hashed in this process, by (path, size, modification time)
_HASHES: dict[tuple[str, int, int], str] = {}


def _sha256(path: Path) -> str:
    """The checkpoint's SHA-256, hashed once per process (a COMET-22 checkpoint is 2.3 GB)."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _HASHES:
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        _HASHES[key] = digest.hexdigest()
    return _HASHES[key]


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "none"


def import_comet() -> Any:
    """unbabel-comet, imported without the deprecation warnings of its dependencies (torchmetrics 0.10
    imports ``pkg_resources``), which are not the user's to act on."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, message=".*pkg_resources")
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        import comet

    return comet


def _check_device(value: Any) -> str | None:
    return None if value in ("auto", "cpu") or str(value).startswith("cuda") else "auto, cpu, cuda or cuda:N"


class _CometBase(Metric):
    """What the three metrics share: the model folder, batching and the signature's resources."""

    #: environment variable naming the model folder when ``model`` is not given
    ENV: ClassVar[str]
    #: the checkpoint a user would normally fetch (for the missing-model message)
    HUB_NAME: ClassVar[str]
    #: whether the checkpoint must read references (True) or must score without them (False)
    WITH_REFERENCES: ClassVar[bool] = True
    helpers = ("ENV", "HUB_NAME", "WITH_REFERENCES")

    params = (
        Param("model", str, "", "model folder (hparams.yaml, checkpoints/model.ckpt) or .ckpt file", None, path=True),
        Param(
            "batch_tokens",
            int,
            0,
            "0: one segment per forward pass (scores independent of batches, chunks and -j); N: batches of "
            "equal-length segments of at most N subword tokens (faster on a GPU; last float32 bits may vary)",
            "batch",
            range=(0, 1 << 24),
        ),
        Param("device", str, "auto", "auto (cuda when present), cpu, cuda or cuda:N", None, check=_check_device),
    )
    aggregation = "mean"
    score_range = (-math.inf, math.inf)
    perfect_on_identity = False
    plain_text = False
    #: a whitespace word is at least one subword: more words than the encoder's 512 positions
    #: can never be scored whole; the exact subword count is checked when scoring
    max_segment_tokens = 512
    complexity = "O((n + m)^2) attention over at most 512 subwords per segment"

    def setup(self) -> None:
        given = self.values["model"] or os.environ.get(type(self).ENV, "")
        if not given:
            raise ResourceError(self._missing("no model given"))
        path = Path(given).expanduser()
        ckpt = path if path.is_file() else path / "checkpoints" / "model.ckpt"
        if not ckpt.is_file() or not (ckpt.parents[1] / "hparams.yaml").is_file():
            raise ResourceError(self._missing(f"{given} has no checkpoints/model.ckpt with hparams.yaml beside it"))
        self._ckpt = ckpt.resolve()

    def _missing(self, what: str) -> str:
        cls = type(self)
        return (
            f"{cls.name}: {what}; it needs a folder with hparams.yaml and checkpoints/model.ckpt, given as "
            f"{cls.name}:model=PATH or ${cls.ENV}, and the encoder's tokenizer in the Hugging Face cache; fetch "
            f"them on a machine with internet: huggingface-cli download {cls.HUB_NAME} --local-dir PATH (and the "
            f"'pretrained_model' named in its hparams.yaml), then copy PATH and ~/.cache/huggingface here."
        )

    def _device(self) -> str:
        device = str(self.values["device"])
        if device == "auto":
            import torch

            return "cuda" if torch.cuda.is_available() else "cpu"
        return device

    def _model(self) -> Any:
        """The checkpoint loaded by unbabel-comet (once per process and device), in eval mode."""
        device = self._device()
        key = (str(self._ckpt), device)
        if key not in _LOADED:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            comet = import_comet()
            try:
                with warnings.catch_warnings():  # its version check imports pkg_resources again
                    warnings.filterwarnings("ignore", category=UserWarning, message=".*pkg_resources")
                    model = comet.load_from_checkpoint(str(self._ckpt), local_files_only=True)
            except OSError as exc:  # the encoder's tokenizer or configuration is not on this machine
                raise ResourceError(
                    self._missing(f"cannot load {self._ckpt} offline ({exc})".replace("\n", " "))
                ) from None
            model.eval()
            _LOADED[key] = model.to(device)
        model = _LOADED[key]
        # a unified model (xCOMET) reads the references its input_segments name; it can also score
        # without them (quality estimation), so only a model that requires them is refused by cometkiwi
        segments = model.hparams.get("input_segments")
        reads_refs = "ref" in segments if segments else bool(model.requires_references())
        wanted = type(self).WITH_REFERENCES
        if (wanted and not reads_refs) or (not wanted and model.requires_references()):
            kind, other = ("reference-based", "comet or xcomet") if reads_refs else ("reference-free", "cometkiwi")
            raise InputError(f"{type(self).name}: {self._ckpt} is a {kind} checkpoint: score it with {other}.")
        return model

    # ------------------------------------------------------------------------------ protocol
    def stat_names(self) -> tuple[str, ...]:
        return ("score",)

    def resource_fields(self) -> tuple[Field, ...]:
        sha = _sha256(self._ckpt)
        return (
            Field("ckpt", sha, "ckpt", sha[:16]),
            Field("comet", _version("unbabel-comet"), "comet"),
            Field("transformers", _version("transformers"), "tf"),
            Field("torch", _version("torch"), "torch"),
            Field("precision", "fp32", "prec"),
            Field("device", self._device().split(":")[0], "dev"),
        )

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        samples, owner = self._samples(segments)
        scores, spans = self._predict(samples)
        if spans is not None:  # kept for segment_details, called next on these segments
            self._spans = (segments, [[spans[k] for k in np.flatnonzero(owner == i)] for i in range(len(segments))])
        sums = np.zeros(len(segments), dtype=np.float64)
        counts = np.zeros(len(segments), dtype=np.float64)
        np.add.at(sums, owner, scores)
        np.add.at(counts, owner, 1.0)
        return (sums / counts)[:, None]

    # ------------------------------------------------------------------------------ scoring
    def _samples(self, segments: Sequence[Segment]) -> tuple[list[dict[str, str]], np.ndarray]:
        """unbabel-comet's input dictionaries (one per segment and reference) and their segment."""
        samples: list[dict[str, str]] = []
        owner: list[int] = []
        for i, seg in enumerate(segments):
            base = {"src": seg.source or "", "mt": seg.hyp}
            refs = seg.refs if type(self).WITH_REFERENCES else ((),)
            for ref in refs:
                samples.append({**base, "ref": ref} if isinstance(ref, str) else base)
                owner.append(i)
        return samples, np.asarray(owner, dtype=np.intp)

    def _predict(self, samples: list[dict[str, str]]) -> tuple[np.ndarray, list[Any] | None]:
        """Each sample's score by the model's own predict_step, batched by length under the budget, and
        its error spans when the model gives them (``metadata.error_spans``: xCOMET)."""
        import torch

        model = self._model()
        tokenizer = model.encoder.tokenizer
        limit = model.encoder.max_positions - 2
        fields = sorted(samples[0])
        lengths = {f: [len(ids) for ids in tokenizer([s[f] for s in samples])["input_ids"]] for f in fields}
        for f in fields:
            for k, n in enumerate(lengths[f]):
                if n > limit:
                    raise InputError(
                        f"{type(self).name}: the {f} {samples[k][f][:40]!r}... has {n} subword tokens; the encoder "
                        f"reads at most {limit} (unbabel-comet would cut it silently): split the segment."
                    )
        shape = [tuple(lengths[f][k] for f in fields) for k in range(len(samples))]
        order = sorted(range(len(samples)), key=lambda k: (sum(shape[k]), shape[k], k))
        out = np.empty(len(samples), dtype=np.float64)
        spans: list[Any] = [None] * len(samples)
        with torch.inference_mode():
            for batch in self._batches(order, shape):
                inputs = model.prepare_sample([samples[k] for k in batch], stage="predict")
                inputs = _to(inputs, next(model.parameters()).device)
                prediction = model.predict_step(inputs)
                out[batch] = prediction.scores.double().cpu().numpy().reshape(-1)
                found = prediction.get("metadata", {}).get("error_spans")
                for k, value in zip(batch, found or [None] * len(batch), strict=True):
                    spans[k] = value
        return out, None if None in spans else spans

    def _batches(self, order: list[int], shape: list[tuple[int, ...]]) -> Iterator[list[int]]:
        """Runs of ``order`` (sorted by length) whose padded size, count x longest, stays within the
        budget; with no budget, one sample each (so that a score never depends on its batch mates)."""
        budget = int(self.values["batch_tokens"])
        batch: list[int] = []
        for k in order:
            if batch and (len(batch) + 1) * sum(shape[k]) > budget:
                yield batch
                batch = []
            batch.append(k)
        if batch:
            yield batch

    # --------------------------------------------------------------------- conformance examples
    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        return None


def _to(inputs: Any, device: Any) -> Any:
    """``inputs`` (tensors in dicts, lists and tuples, as prepare_sample returns them) on ``device``."""
    if hasattr(inputs, "to"):
        return inputs.to(device)
    if isinstance(inputs, dict):
        return {k: _to(v, device) for k, v in inputs.items()}
    if isinstance(inputs, (list, tuple)):
        return type(inputs)(_to(v, device) for v in inputs)
    return inputs


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
        kept = self.__dict__.pop("_spans", None)
        if kept is None or kept[0] is not segments:  # not what corpus_statistics just scored: score them
            self.corpus_statistics(segments)
            kept = self.__dict__.pop("_spans")
        return [{"error_spans": per_reference} for per_reference in kept[1]]

    @staticmethod
    def example_params(folder: Path) -> dict[str, str] | None:
        from .tiny import tiny_checkpoint

        return {"model": str(tiny_checkpoint(folder / "xcomet", "xcomet_metric"))}
