"""A minimal progress bar on standard error, shown only when standard error is a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts work units and redraws one status line at most ten times a second."""

    def __init__(
        self, total: int | None, label: str, stream: TextIO | None = None, enabled: bool | None = None
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = None if total is None else max(total, 1)
        self.label = label
        self.done = 0
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self._last = 0.0
        self._start = time.monotonic()

    def advance(self, n: int) -> None:
        """Record ``n`` more units of work and redraw if due."""
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.1 or (self.total is not None and self.done >= self.total)):
            self._last = now
            rate = self.done / max(now - self._start, 1e-9)
            if self.total is None:  # streaming: the length is unknown
                self.stream.write(f"\r{self.label}: {self.done:,} segments ({rate:,.0f}/s)")
            else:
                bar = "#" * int(min(self.done / self.total, 1.0) * 30)
                self.stream.write(f"\r{self.label} [{bar:<30}] {self.done}/{self.total} ({rate:,.0f}/s)")
            self.stream.flush()

    def close(self) -> None:
        """Clear the status line."""
        if self.enabled:
            self.stream.write("\r" + " " * 79 + "\r")
            self.stream.flush()
