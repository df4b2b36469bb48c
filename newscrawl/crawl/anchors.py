"""Choosing the anchor text stored with an article among the links that pointed to it."""

from __future__ import annotations

from collections.abc import Iterable

from newscrawl.extraction.text import text_weight

from .discovery.links import Link

_SOURCE_RANK = {"text": 0, "title": 1, "alt": 2}


def choose_anchor(links: Iterable[Link]) -> tuple[str | None, list[str]]:
    """(chosen anchor text, every distinct non-empty anchor text in page order).

    Link text beats a ``title`` attribute, which beats an image ``alt`` (image captions are
    often not headlines); among equals, the longest wins ("More" loses to the headline).
    """
    texts: list[str] = []
    best: Link | None = None
    for link in links:
        if not link.text:
            continue
        if link.text not in texts:
            texts.append(link.text)
        if best is None or (_SOURCE_RANK[link.source], -text_weight(link.text)) < (
            _SOURCE_RANK[best.source],
            -text_weight(best.text),
        ):
            best = link
    return (best.text if best else None), texts
