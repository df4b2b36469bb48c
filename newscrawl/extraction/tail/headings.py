"""A comment section's heading that ended the prose: the headings in a region, and the dropped
subtrees from the one holding it (what the cut cap leaves uncounted)."""

from __future__ import annotations

from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction.comment_headings import comment_headings
from newscrawl.extraction.dom import is_below
from newscrawl.extraction.tail.options import TailOptions
from newscrawl.extraction.tail.prose import Prose


def headings_in(region: Element, page_headings: Sequence[Element] | None) -> list[Element]:
    """The comment headings below ``region``: of ``page_headings`` when given, else found."""
    if page_headings is None:
        return comment_headings(region)
    return [el for el in page_headings if is_below(el, region)]


def uncapped_after_heading(
    dropped: Sequence[Element], prose: Prose | None, options: TailOptions
) -> list[Element]:
    """What the comment heading's cut drops, when the cap does not count it."""
    if prose is None or options.comment_headings_capped:
        return []
    return from_heading(dropped, prose)


def from_heading(dropped: Sequence[Element], prose: Prose) -> list[Element]:
    """The dropped subtrees from the one holding the comment heading the prose ended at."""
    holders = heading_holders(prose)
    start = next((i for i, el in enumerate(dropped) if el in holders), len(dropped))
    return list(dropped[start:])


def heading_holders(prose: Prose) -> set[Element]:
    """The comment heading the prose ended at and its ancestors (empty: none ended it)."""
    if prose.ended_by is None:
        return set()
    return {prose.ended_by, *prose.ended_by.iterancestors()}
