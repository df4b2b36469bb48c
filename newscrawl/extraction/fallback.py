"""Fall back from a winner far shorter than the page's text to a larger candidate.

``auto``'s vote prefers the shortest candidate it trusts, which keeps comment threads and
related lists out of an article. On a page whose content is many short items (a product
grid, a listing, the posts of a thread) the densest single block can be one item: a region
holding a few per cent of the page's text. When the winner's text is that small a part of
the page, the largest candidate, if it is several times the winner's size, replaces it.

The signal is the page's own text mass, not a page type or a site. The thresholds were
chosen by site-grouped cross-validation over all wcxb_dev page types and both Chinese sets,
among the variants that lower no set (benchmarks/vote_cv.py, docs/benchmarks/precision.md).
A winner of three or more sentences stays: a news brief on a page of menus and teasers is
as small a part of its page as a grid's item, and replacing it loses the article (chosen with
the briefs of benchmarks/short_articles.py among the sets, docs/benchmarks/precision.md).
"""

from __future__ import annotations

import re
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
    # A winner of at least this many sentences is a whole text (a news brief of three
    # paragraphs on a page of menus and teasers), not one item of a grid: it stays however
    # small a part of the page it is; None: any winner may be replaced.
    min_sentences: int | None = 3


C = TypeVar("C", bound=Sized)

DEFAULT_OPTIONS = FallbackOptions()
NO_FALLBACK = FallbackOptions(max_share=None)


def visible_length(text: str) -> int:
    """Characters of ``text`` other than spaces and newlines."""
    return len(text) - text.count(" ") - text.count("\n")


# A sentence's end: a full stop, question or exclamation mark before a space or the end of
# the text (not the point of "3.5" or "example.com"), or a CJK one anywhere.
SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)|[。！？]+")


def sentences(text: str) -> int:
    """The sentence ends in ``text``."""
    return len(SENTENCE_END.findall(text))


def is_suspicious(text: str, body_text: str, options: FallbackOptions) -> bool:
    """Whether ``text``, the winner's finished text, is too small a part of ``body_text``
    (and, with :attr:`FallbackOptions.min_sentences`, too few sentences to stand alone)."""
    if options.max_share is None:
        return False
    if visible_length(text) >= options.max_share * visible_length(body_text):
        return False
    return options.min_sentences is None or sentences(text) < options.min_sentences


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
