"""Readers and writers for the files mtmetrics consumes: plain text now, more formats later."""

from .text import read_lines, read_stream

__all__ = ["read_lines", "read_stream"]
