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

import string

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.text import tokens

# Above this share of the region's characters the footer is not the page's furniture.
MAX_DROP_SHARE = 0.8
# Lines whose words are shorter ("Home", "FAQ") are too often words of the article too.
MIN_LINE_CHARS = 4
_ARTICLE_TAGS = ("main", "article")
_PUNCTUATION = string.punctuation + "“”‘’«»…—–·•|"


def page_footers(root: Element) -> list[Element]:
    """The ``<footer>`` elements of the page's frame: outside every main/article element
    and holding none of them and no ``<h1>``."""
    return [
        footer
        for footer in root.iter("footer")
        if not _inside(footer, _ARTICLE_TAGS)
        and next(footer.iter(*_ARTICLE_TAGS, "h1"), None) is None
    ]


def drop_footer_lines(
    text: str,
    doc: Document,
    max_drop_share: float = MAX_DROP_SHARE,
    min_line_chars: int = MIN_LINE_CHARS,
) -> str:
    """``text`` without the lines whose words only the page's footer holds."""
    # Most pages have no <footer> at all; the source says so faster than a walk of the tree
    # (an HTML5 element: the templates that write it write it in lower case).
    if "<footer" not in doc.html:
        return text
    footers = page_footers(doc.root)
    if not footers:
        return text
    footer_text = " ".join(text_content(footer) for footer in footers)
    lowered = footer_text.lower()
    lines = text.split("\n")
    # A plain substring test first: most lines share not even their last word with the
    # footer, and splitting every line into tokens would cost more than the rest of this.
    maybe = [index for index, line in enumerate(lines) if _last_word_in(line, lowered)]
    if not maybe:
        return text
    footer_words = _words(footer_text)
    words = {index: _words(lines[index]) for index in maybe}
    candidates = [
        index
        for index in maybe
        # _words pads with a space at each end
        if len(words[index]) >= min_line_chars + 2 and words[index] in footer_words
    ]
    if not candidates:
        return text
    dropped = _only_in_footer(candidates, words, footer_words, doc.root)
    removed = sum(len(lines[index]) for index in dropped)
    if not dropped or removed > max_drop_share * sum(len(line) for line in lines):
        return text
    return "\n".join(line for index, line in enumerate(lines) if index not in dropped)


def _last_word_in(line: str, lowered: str) -> bool:
    """Whether ``line``'s last word, quotes and punctuation stripped, occurs in ``lowered``
    (a line every token of which the footer holds passes)."""
    word = line.rstrip().rpartition(" ")[2].strip(_PUNCTUATION).lower()
    return bool(word) and word in lowered


def _only_in_footer(
    candidates: list[int], words: dict[int, str], footer_words: str, root: Element
) -> set[int]:
    """The candidate lines the rest of the page does not hold: the page's main/article
    elements when it has them (a hidden copy of the footer for small screens often stands
    outside the ``<footer>``), else everything outside the footers."""
    frame = [el for el in root.iter(*_ARTICLE_TAGS) if not _inside(el, _ARTICLE_TAGS)]
    if frame:
        elsewhere = _words(" ".join(text_content(el) for el in frame))
        return {index for index in candidates if words[index] not in elsewhere}
    page = _words(text_content(root))
    return {
        index
        for index in candidates
        if page.count(words[index]) <= footer_words.count(words[index])
    }


def _inside(el: Element, tags: tuple[str, ...]) -> bool:
    return any(ancestor.tag in tags for ancestor in el.iterancestors())


def _words(text: str) -> str:
    """``text``'s tokens, space-separated and space-bounded, so a line's words match the
    footer's at word boundaries whatever punctuation or quotes each side kept."""
    return " " + " ".join(tokens(text)) + " "
