"""Fall back from a winner far shorter than the page's text to a larger candidate.

``auto``'s vote prefers the shortest candidate it trusts, which keeps comment threads and
related lists out of an article. On a page whose content is many short items (a product
grid, a listing, the posts of a thread) the densest single block can be one item: a region
holding a few per cent of the page's text. When the winner's text is that small a part of
the page, the largest candidate, if it is several times the winner's size, replaces it.

The signal is the page's own text mass, not a page type or a site. The thresholds were
chosen by site-grouped cross-validation over all wcxb_dev page types and both Chinese sets,
among the variants that lower no set (benchmarks/vote_cv.py, docs/benchmarks/precision.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from newscrawl.extraction.text import bag_overlap


class Sized(Protocol):
    """A candidate: its token bag and size (``auto.Candidate``)."""

    @property
    def bag(self) -> Counter[str]: ...

    @property
    def size(self) -> int: ...


@dataclass(frozen=True, slots=True)
class FallbackOptions:
    """When and to what ``auto`` falls back; ``max_share=None``: never."""

    # The winner's text (characters, spaces excluded) under this share of the body's text
    # is suspicious.
    max_share: float | None = 0.03
    # The largest candidate replaces it only with at least this many times its tokens.
    min_growth: float = 4.0
    # Share of the winner's tokens the replacement must also hold (0: any region).
    min_held: float = 0.0


C = TypeVar("C", bound=Sized)

DEFAULT_OPTIONS = FallbackOptions()
NO_FALLBACK = FallbackOptions(max_share=None)


def visible_length(text: str) -> int:
    """Characters of ``text`` other than spaces and newlines."""
    return len(text) - text.count(" ") - text.count("\n")


def is_suspicious(text: str, body_text: str, options: FallbackOptions) -> bool:
    """Whether ``text``, the winner's finished text, is too small a part of ``body_text``."""
    if options.max_share is None:
        return False
    return visible_length(text) < options.max_share * visible_length(body_text)


def replacement(winner: C, candidates: Sequence[C], options: FallbackOptions) -> C | None:
    """The largest candidate with ``min_growth`` times the winner's tokens that holds
    ``min_held`` of them, or None."""
    larger = [
        candidate
        for candidate in candidates
        if candidate.size >= options.min_growth * winner.size
        and (
            not options.min_held
            or bag_overlap(winner.bag, candidate.bag) >= options.min_held * winner.size
        )
    ]
    return max(larger, key=lambda candidate: candidate.size) if larger else None
