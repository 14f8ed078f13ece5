"""Readers and writers for the files mtmetrics consumes: plain text now, more formats later."""

from .text import iter_lines, read_chunks, read_lines

__all__ = ["iter_lines", "read_chunks", "read_lines"]
