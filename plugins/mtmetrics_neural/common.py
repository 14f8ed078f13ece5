"""What the neural metrics share: the model folder, its one load per process, batches, signature.

A subclass says where its weights lie (:meth:`NeuralMetric._locate`), how it loads them
(:meth:`NeuralMetric._load`), how long each input is (:meth:`NeuralMetric._lengths`, which refuses
one the model would cut) and how a batch is scored by its library (:meth:`NeuralMetric._forward`);
this class does the rest the same way for every library: the model folder from ``model=PATH`` or
an environment variable, the one-line message naming the files and the command that fetches them,
segments sorted by length and batched under a token budget (by default one per forward pass), the
mean over references, and the signature's checkpoint SHA-256, library versions, precision and
device class.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Iterator, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from mtmetrics import Field, Metric, Param, ResourceError, Segment
from mtmetrics.errors import InputError

#: models loaded in this process, by (metric class, checkpoint, device, tokenizer): each worker loads a model once
_LOADED: dict[tuple[str, ...], Any] = {}
#: SHA-256 of checkpoints hashed in this process, by (paths, sizes, modification times)
_HASHES: dict[tuple[tuple[str, int, int], ...], str] = {}


def sha256(paths: Sequence[Path]) -> str:
    """SHA-256 of the files' bytes in order (of the one file, ``sha256sum``'s, when the weights are
    not sharded), hashed once per process: a COMET-22 checkpoint is 2.3 GB."""
    key = tuple((str(p), (st := p.stat()).st_size, st.st_mtime_ns) for p in paths)
    if key not in _HASHES:
        digest = hashlib.sha256()
        for path in paths:
            with path.open("rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    digest.update(block)
        _HASHES[key] = digest.hexdigest()
    return _HASHES[key]


def version(dist: str) -> str:
    """The installed version of distribution ``dist``, or ``none``."""
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "none"


def _check_device(value: Any) -> str | None:
    return None if value in ("auto", "cpu") or str(value).startswith("cuda") else "auto, cpu, cuda or cuda:N"


def weight_files(folder: Path) -> list[Path]:
    """A Hugging Face model folder's weights as ``from_pretrained`` reads them: safetensors first,
    else PyTorch pickles (each possibly sharded); empty when there are none."""
    return sorted(folder.glob("model*.safetensors")) or sorted(folder.glob("pytorch_model*.bin"))


def refuse_long(metric: str, what: str, text: str, n: int, limit: int, library: str) -> InputError:
    """The error for an input of ``n`` subword tokens where the model reads at most ``limit``."""
    return InputError(
        f"{metric}: the {what} {text[:40]!r}... has {n} subword tokens; the encoder reads at most {limit} "
        f"({library} would cut it silently): split the segment."
    )


class NeuralMetric(Metric):
    """A model from a local folder, scored by its library; the corpus score is the segments' mean."""

    #: environment variable naming the model folder when ``model`` is not given
    ENV: ClassVar[str]
    #: the checkpoint a user would normally fetch (for the missing-model message)
    HUB_NAME: ClassVar[str]
    #: whether the metric reads references (False: it scores each hypothesis once, without them)
    WITH_REFERENCES: ClassVar[bool] = True
    #: what the missing-model message says is needed ({name}, {env}), fetched by ({hub}) and copied
    NEEDS: ClassVar[str]
    FETCH: ClassVar[str] = "huggingface-cli download {hub} --local-dir PATH"
    COPY: ClassVar[str] = "PATH"
    #: the library that scores: (signature key, distribution name, short key)
    LIBRARY: ClassVar[tuple[str, str, str]]
    helpers: ClassVar[tuple[str, ...]] = ("ENV", "HUB_NAME", "WITH_REFERENCES", "NEEDS", "FETCH", "COPY", "LIBRARY")

    params: ClassVar[tuple[Param, ...]] = (
        Param("model", str, "", "model folder (or checkpoint file)", None, path=True),
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
        self._weights = [p.resolve() for p in self._locate(Path(given).expanduser(), given)]

    def _locate(self, path: Path, given: str) -> list[Path]:
        """The weight files of the model at ``path`` (hashed for the signature); raises the
        missing-model :class:`~mtmetrics.ResourceError` when the folder lacks a file."""
        files = weight_files(path) if (path / "config.json").is_file() else []
        if not files:
            raise ResourceError(self._missing(f"{given} has no config.json with model weights beside it"))
        return files

    def _missing(self, what: str) -> str:
        cls = type(self)
        return (
            f"{cls.name}: {what}; it needs {cls.NEEDS.format(name=cls.name, env=cls.ENV)}; fetch them on a machine "
            f"with internet: {cls.FETCH.format(hub=cls.HUB_NAME)}, then copy {cls.COPY} here."
        )

    def _device(self) -> str:
        device = str(self.values["device"])
        if device == "auto":
            import torch

            return "cuda" if torch.cuda.is_available() else "cpu"
        return device

    def _model(self) -> Any:
        """The model as :meth:`_load` gives it, loaded once per process and device."""
        device = self._device()
        key = (type(self).__name__, str(self._weights[0]), device, str(self.values.get("tokenizer", "")))
        if key not in _LOADED:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from transformers.utils import logging as transformers_logging

            level = transformers_logging.get_verbosity()
            transformers_logging.set_verbosity_error()  # the libraries' advice while loading is not the user's
            try:
                _LOADED[key] = self._load(device)
            finally:
                transformers_logging.set_verbosity(level)
        return _LOADED[key]

    def _load(self, device: str) -> Any:
        """The model on ``device`` in eval mode, loaded by its library from local files only."""
        raise NotImplementedError

    def _precision(self) -> str:
        """The numeric precision the model scores in."""
        return "fp32"

    # ------------------------------------------------------------------------------ protocol
    def stat_names(self) -> tuple[str, ...]:
        return ("score",)

    def resource_fields(self) -> tuple[Field, ...]:
        sha = sha256(self._weights)
        key, dist, short = type(self).LIBRARY
        return (
            Field("ckpt", sha, "ckpt", sha[:16]),
            Field(key, version(dist), short),
            Field("transformers", version("transformers"), "tf"),
            Field("torch", version("torch"), "torch"),
            Field("precision", self._precision(), "prec"),
            Field("device", self._device().split(":")[0], "dev"),
        )

    def segment_statistics(self, segment: Segment) -> np.ndarray:
        return self.corpus_statistics([segment])[0]

    def corpus_statistics(self, segments: Sequence[Segment]) -> np.ndarray:
        samples, owner = self._samples(segments)
        scores, details = self._predict(samples)
        if details is not None:  # kept for segment_details, called next on these segments
            self._details = (segments, [[details[k] for k in np.flatnonzero(owner == i)] for i in range(len(segments))])
        sums = np.zeros(len(segments), dtype=np.float64)
        counts = np.zeros(len(segments), dtype=np.float64)
        np.add.at(sums, owner, scores)
        np.add.at(counts, owner, 1.0)
        return (sums / counts)[:, None]

    def _kept_details(self, segments: Sequence[Segment]) -> list[list[Any]]:
        """Each segment's details, one per reference, as :meth:`corpus_statistics` kept them for
        ``segments`` (scoring them when it did not)."""
        kept = self.__dict__.pop("_details", None)
        if kept is None or kept[0] is not segments:  # not what corpus_statistics just scored: score them
            self.corpus_statistics(segments)
            kept = self.__dict__.pop("_details")
        return list(kept[1])

    # ------------------------------------------------------------------------------ scoring
    def _samples(self, segments: Sequence[Segment]) -> tuple[list[dict[str, str]], np.ndarray]:
        """The model's inputs (one per segment and reference: ``src``, ``mt``, ``ref``) and their segment."""
        samples: list[dict[str, str]] = []
        owner: list[int] = []
        for i, seg in enumerate(segments):
            base = {"src": seg.source or "", "mt": seg.hyp}
            refs = seg.refs if type(self).WITH_REFERENCES else ((),)
            for ref in refs:
                samples.append({**base, "ref": ref} if isinstance(ref, str) else base)
                owner.append(i)
        return samples, np.asarray(owner, dtype=np.intp)

    def _lengths(self, model: Any, samples: list[dict[str, str]]) -> list[tuple[int, ...]]:
        """Each sample's subword lengths (one per sequence the model reads), refusing with
        :func:`refuse_long` a sample the model would cut."""
        raise NotImplementedError

    def _forward(self, model: Any, samples: list[dict[str, str]]) -> tuple[Any, list[Any] | None]:
        """The library's scores of one batch (a tensor or sequence) and each sample's detail, if any."""
        raise NotImplementedError

    def _predict(self, samples: list[dict[str, str]]) -> tuple[np.ndarray, list[Any] | None]:
        """Each sample's score (and detail, when the model gives one), in batches sorted by length."""
        import torch

        model = self._model()
        shape = self._lengths(model, samples)
        order = sorted(range(len(samples)), key=lambda k: (sum(shape[k]), shape[k], k))
        out = np.empty(len(samples), dtype=np.float64)
        details: list[Any] = [None] * len(samples)
        with torch.inference_mode():
            for batch in self._batches(order, shape):
                scores, found = self._forward(model, [samples[k] for k in batch])
                out[batch] = torch.as_tensor(scores).double().cpu().numpy().reshape(-1)
                for k, value in zip(batch, found or [None] * len(batch), strict=True):
                    details[k] = value
        return out, None if None in details else details

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


def to_device(inputs: Any, device: Any) -> Any:
    """``inputs`` (tensors in dicts, lists and tuples, as tokenizers and prepare_sample return them) on ``device``."""
    if hasattr(inputs, "to"):
        return inputs.to(device)
    if isinstance(inputs, dict):
        return {k: to_device(v, device) for k, v in inputs.items()}
    if isinstance(inputs, (list, tuple)):
        return type(inputs)(to_device(v, device) for v in inputs)
    return inputs
