"""sacrebleu's test sets (``-t wmt21 -l de-en``), read from sacrebleu's local cache by sacrebleu's own
dataset API with its downloader replaced by one that refuses: mtmetrics never downloads.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, ResourceError, suggest
from ..params import checked_pair


class _WouldDownload(Exception):
    pass


@dataclass(frozen=True)
class TestSet:
    """The files of one language pair of a sacrebleu test set."""

    name: str
    langpair: str
    source: str
    references: tuple[str, ...]


@contextmanager
def _no_download(dataset: Any) -> Iterator[None]:
    """sacrebleu's dataset API with downloads refused (before it creates a directory: the cache stays as it is)."""
    from sacrebleu.dataset import base

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise _WouldDownload

    fetch = dataset.maybe_download

    def maybe_download() -> None:
        if not os.path.isdir(dataset._rawdir):
            raise _WouldDownload
        fetch()

    saved = base.download_file
    base.download_file = refuse
    dataset.maybe_download = maybe_download
    try:
        yield
    finally:
        base.download_file = saved
        del dataset.maybe_download


def find_test_set(name: str, langpair: str | None) -> TestSet:
    """The source and reference files of ``name``/``langpair`` in sacrebleu's cache."""
    from sacrebleu.dataset import DATASETS
    from sacrebleu.utils import SACREBLEU_DIR

    if "," in name:
        raise InputError(f"-t {name}: give one test set at a time (mtmetrics does not concatenate test sets).")
    if name not in DATASETS:
        raise InputError(f"-t {name}: sacrebleu knows no such test set.{suggest(name, DATASETS)}")
    if langpair is None:
        raise InputError(
            f"-t {name} needs a language pair: add -l, one of {', '.join(sorted(DATASETS[name].langpairs))}."
        )
    checked_pair(langpair, "-l/--language-pair")
    dataset = DATASETS[name]
    if langpair not in dataset.langpairs:
        pairs = sorted(p for p in dataset.langpairs if "-" in p)
        raise InputError(
            f"-t {name}: no language pair {langpair}.{suggest(langpair, pairs)} It has: {', '.join(pairs)}."
        )
    try:
        with _no_download(dataset):
            source = dataset.get_source_file(langpair)
            references = tuple(dataset.get_reference_files(langpair))
    except _WouldDownload:
        raise ResourceError(
            f"test set {name} ({langpair}) is not in sacrebleu's cache ({SACREBLEU_DIR}), and mtmetrics never "
            f"downloads: fetch it once with 'sacrebleu -t {name} -l {langpair} --echo src > /dev/null' "
            f"(or 'sacrebleu --download {name}'), then run this command again."
        ) from None
    if not references:
        raise InputError(f"test set {name} ({langpair}) has no reference in sacrebleu's cache.")
    return TestSet(name, langpair, source, references)
