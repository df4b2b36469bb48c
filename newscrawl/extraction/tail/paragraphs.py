"""An article's paragraph (long, mostly unlinked), and how much of them stands before an
element (read by the comment-thread and date-thread tests as well as the tail cut)."""

from __future__ import annotations

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import link_text_length, text_content


def article_paragraph_length(paragraph: Element, long_paragraph: int) -> int:
    """The characters of ``paragraph`` when it reads as one of an article's (at least
    ``long_paragraph`` of them, at most half inside links), else 0."""
    length = len(text_content(paragraph).strip())
    return length if length >= long_paragraph and 2 * link_text_length(paragraph) <= length else 0


# Paragraphs before an element, their length tested in C first: the Python test then runs on
# the few long ones.
_LONG_PARAGRAPHS_BEFORE = XPath(
    "preceding::p[string-length(normalize-space()) >= $chars]", smart_strings=False
)


# Text outside <p> and links before an element, in pieces long enough to hold a long line:
# an article written as lines between <br>s (which cleaning made newlines) has no <p>.
_LONG_LINE_TEXTS_BEFORE = XPath(
    "preceding::text()[string-length(normalize-space()) >= $chars]"
    "[not(ancestor::p)][not(ancestor::a)]",
    smart_strings=False,
)


def prose_before(el: Element, long_paragraph: int) -> int:
    """The characters of the article's paragraphs that stand before ``el`` in the document,
    outside it: its ``<p>`` elements (:func:`article_paragraph_length`) and its long lines
    of text outside ``<p>`` and links (a post written with ``<br>`` between paragraphs)."""
    chars = sum(
        article_paragraph_length(paragraph, long_paragraph)
        for paragraph in _LONG_PARAGRAPHS_BEFORE(el, chars=long_paragraph)
    )
    return chars + sum(
        len(line)
        for text in _LONG_LINE_TEXTS_BEFORE(el, chars=long_paragraph)
        for line in (part.strip() for part in text.split("\n"))
        if len(line) >= long_paragraph
    )
