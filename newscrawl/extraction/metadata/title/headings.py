"""The page headings that may be its headline, and those the ``<title>`` opens with."""

from __future__ import annotations

import re

from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.metadata.title.links import is_self_link

# Headings past these counts are list items (related links, sidebars), not headline candidates.
MAX_HEADINGS_PER_TAG = 5

# What may follow a headline that opens the <title>: the separator before the site's name,
# also one the split does not take ("…GPU-EDN 电子技术设计", "Headline Site Name").
_AFTER_OPENING = re.compile(r"[\s\-_|–—·•»:：~/]")


def page_headings(doc: Document) -> list[tuple[str, str]]:
    """``(text, source)`` of the body's ``h1``–``h6`` (source ``h1``, ``h2`` or ``heading``), the
    first :data:`MAX_HEADINGS_PER_TAG` of each tag, a heading that links elsewhere left out."""
    body = doc.body
    if body is None:
        return []
    found: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    for el in body.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        tag = str(el.tag)
        counts[tag] = counts.get(tag, 0) + 1
        if counts[tag] > MAX_HEADINGS_PER_TAG or _is_foreign_link(el, doc.url):
            continue
        source = tag if tag in ("h1", "h2") else "heading"
        found.append((" ".join(el.itertext()), source))
    return found


def _is_foreign_link(el: Element, page_url: str | None) -> bool:
    """A heading whose text is one link to another page (a logo, a teaser) is no headline."""
    links = list(el.iter("a"))
    if len(links) != 1:
        return False
    link = links[0]
    if normalize_space(dom.text_content(link)) != normalize_space(dom.text_content(el)):
        return False
    return not is_self_link(link.get("href"), page_url)


def headings_opening(title: str, raw: list[tuple[str, str]]) -> list[str]:
    """The page headings the ``<title>`` opens with, up to a separator: each is also a part
    of the title, split where :data:`.parts.SEPARATOR` does not split it."""
    title = normalize_space(title)
    found = []
    for text, source in raw:
        heading = normalize_space(text)
        if (
            source == "heading"
            and len(heading) < len(title)
            and title.startswith(heading)
            and _AFTER_OPENING.match(title, len(heading))
        ):
            found.append(heading)
    return found
