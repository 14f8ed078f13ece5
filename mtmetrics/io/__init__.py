"""Readers and writers for the files mtmetrics consumes: plain text now, more formats later."""

from .text import Block, iter_lines, read_blocks, read_chunks, read_lines, read_reference_rows

__all__ = ["Block", "iter_lines", "read_blocks", "read_chunks", "read_lines", "read_reference_rows"]
