"""Drop the lines a chosen region took from the page's own footer.

A method that reads lines (CX) or a region that reaches the end of the page takes the page
footer with the article: the site's testimonials, its address and opening hours, its
copyright and legal lines. The page says where its footer is: a ``<footer>`` that stands
outside every ``<main>`` and ``<article>`` and holds none of them and no ``<h1>`` (a
``<footer>`` inside an article is the article's own: its tags, its author). A line of the
region is the footer's when its words stand in that footer and not in the page's
main/article elements (a hidden copy of the footer for small screens often stands outside
the ``<footer>``), or, on a page without them, nowhere else; such lines are dropped. When
they would be more than ``max_drop_share`` of the region, the markup is not what it says
(a template that wraps its content in ``<footer>``) and the text is kept whole.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.held_lines import (
    drop_held_lines,
    inside,
    more_often_elsewhere,
    words_of,
)

# Above this share of the region's characters the footer is not the page's furniture.
MAX_DROP_SHARE = 0.8
# Lines whose words are shorter ("Home", "FAQ") are too often words of the article too.
MIN_LINE_CHARS = 4
_ARTICLE_TAGS = ("main", "article")


def page_footers(root: Element) -> list[Element]:
    """The ``<footer>`` elements of the page's frame: outside every main/article element
    and holding none of them and no ``<h1>``."""
    return [
        footer
        for footer in root.iter("footer")
        if not inside(footer, _ARTICLE_TAGS)
        and next(footer.iter(*_ARTICLE_TAGS, "h1"), None) is None
    ]


source_markers("<footer")


def drop_footer_lines(
    text: str,
    doc: Document,
    max_drop_share: float = MAX_DROP_SHARE,
    min_line_chars: int = MIN_LINE_CHARS,
) -> str:
    """``text`` without the lines whose words only the page's footer holds."""
    # Most pages have no <footer> at all; the source says so faster than a walk of the tree
    # (an HTML5 element: the templates that write it write it in lower case).
    if not doc.holds("<footer"):
        return text
    footers = page_footers(doc.root)
    if not footers:
        return text
    return drop_held_lines(text, footers, _elsewhere_test(doc.root), max_drop_share, min_line_chars)


def _elsewhere_test(root: Element) -> Callable[[str, str], bool]:
    """Whether the rest of the page holds a line: the page's main/article elements when it
    has them (a hidden copy of the footer for small screens often stands outside the
    ``<footer>``), else the page beyond the footers holds it more often than they do. The
    page's words are read on the first question only."""
    more_often = more_often_elsewhere(root)

    @cache
    def frame_words() -> str | None:
        frame = [el for el in root.iter(*_ARTICLE_TAGS) if not inside(el, _ARTICLE_TAGS)]
        return words_of(" ".join(text_content(el) for el in frame)) if frame else None

    def held_elsewhere(line: str, footer: str) -> bool:
        words = frame_words()
        return line in words if words is not None else more_often(line, footer)

    return held_elsewhere
