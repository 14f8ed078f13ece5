"""Paths to the real data in ../shared beside the repository, and a reader for it."""

from __future__ import annotations

import gzip
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
WMT21 = DATA / "test" / "wmt21-news"
WMT17 = DATA / "dev" / "wmt17-da"


def read_text(path: Path) -> list[str]:
    """Lines of a (possibly gzipped) UTF-8 file."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return fh.read().split("\n")[:-1]


def require(path: Path) -> Path:
    """The shared data must be present (CI places ../shared beside the clone): fail, never skip."""
    assert path.exists(), f"missing test data {path}: clone the repository next to ../shared"
    return path
