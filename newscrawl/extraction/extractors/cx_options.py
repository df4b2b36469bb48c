"""CX options: the line-block distribution's parameters and this project's two departures.

Variants are ``dataclasses.replace(DEFAULT_OPTIONS, ...)``, passed to
``line_blocks.extract_content(doc, options)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CxOptions:
    """Parameters of CX; defaults are the reference's values unless noted."""

    # Characters in K consecutive lines that mark the start of a content region. The
    # reference uses 86; swept 40-200 on cwced_zh and wcxb_dev articles with
    # benchmarks/seed_extractors.py (see docs/benchmarks/seed-extractors.md).
    threshold: int = 86
    # Block width K of the line-block distribution (the paper's value).
    block_lines: int = 3
    # Lines shorter than this (after removing whitespace) are not emitted.
    min_line_chars: int = 5
    # Source lines longer than this are treated as minified and split after block tags.
    # Hand-written HTML rarely has lines over a few hundred characters outside inline
    # scripts, which preprocessing removes first.
    minified_line_chars: int = 2000
    # A region holding one of these is a page footer and skipped.
    copyright_markers: tuple[str, ...] = ("Copyright", "版权所有")


DEFAULT_OPTIONS = CxOptions()
