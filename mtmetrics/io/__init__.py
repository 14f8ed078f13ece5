"""Readers and writers of the files mtmetrics consumes and writes: text, tables, test sets."""

from .text import Block, iter_lines, read_blocks, read_lines, read_reference_rows

__all__ = ["Block", "iter_lines", "read_blocks", "read_lines", "read_reference_rows"]
