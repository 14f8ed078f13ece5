"""``-t`` on a test set that is not in sacrebleu's cache: an error that leaves the cache untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("a b c\n", encoding="utf-8")
    base = {k: v for k, v in os.environ.items() if k not in ("HOME", "SACREBLEU")}
    return subprocess.run(
        [sys.executable, "-m", "mtmetrics", "-t", "wmt21", "-l", "de-en", "-i", str(hyp)],
        env={**base, **env},
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("where", ["HOME", "SACREBLEU"])
def test_uncached_test_set_creates_no_directory(tmp_path: Path, where: str) -> None:
    """sacrebleu makes ``<cache>/<set>/raw`` before downloading; mtmetrics refuses before that."""
    home = tmp_path / "home"
    home.mkdir()
    cache = tmp_path / "cache"
    env = {"HOME": str(home)} if where == "HOME" else {"HOME": str(home), "SACREBLEU": str(cache)}
    done = _run(tmp_path, env)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "not in sacrebleu's cache" in done.stderr and "never downloads" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert list(home.iterdir()) == []
    assert not cache.exists()
