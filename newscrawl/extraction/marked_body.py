"""Drop the lines the chosen text took from after the publisher's marked article body.

Schema.org microdata marks the element that holds an article's body: ``itemprop=
"articleBody"`` inside the ``itemscope`` of an article type (Article, NewsArticle,
BlogPosting, ...). What the page prints after that element (other stories' teasers, a
newsletter box, the comments) lies outside the article by the publisher's own markup, and a
method that reads lines (jusText, boilerpipe, CX) takes it with a short article: three of the
vote's four texts then hold it, and the consensus with them.

When the page marks exactly one such element and it holds at least ``min_coverage`` of the
chosen text's tokens, a line whose tokens are mostly missing both from the element and from
the page's text before it goes. Lines before the element stay (a headline, a standfirst, a
byline the template writes outside the body). A forum's ``DiscussionForumPosting`` marks its
first post as its articleBody: only article types count. The JSON-LD copy of the body is
:mod:`newscrawl.extraction.article_body`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import paragraph_text
from newscrawl.extraction.narrow import ARTICLE_TYPE_SUFFIXES
from newscrawl.extraction.text import tokens


@dataclass(frozen=True, slots=True)
class MarkedBodyOptions:
    """When the marked body filters the chosen text; ``min_coverage=None``: never."""

    # Share of the chosen text's tokens the marked element must hold: below it the element
    # holds a part of the article (its first page, a lead) and the text stays as it is.
    min_coverage: float | None = 0.5
    # Share of a line's tokens the element (or the text before it) must hold for the line
    # to stay: article_body's line share.
    min_line_share: float = 0.9
    # Characters the element needs to be read at all (a stub beside the real body is
    # shorter): the density method's articleBody minimum.
    min_body_chars: int = 200


DEFAULT_OPTIONS = MarkedBodyOptions()
NO_MARKED_BODY = MarkedBodyOptions(min_coverage=None)

_MARKED = XPath("//*[contains(concat(' ', normalize-space(@itemprop), ' '), ' articleBody ')]")
_TEXT_BEFORE = XPath("preceding::text()", smart_strings=False)


def marked_body(doc: Document) -> Element | None:
    """The page's one element marked ``itemprop="articleBody"`` of an article's item; None
    when it marks none, several (a listing's posts) or one of another type's item."""
    if "articleBody" not in doc.html:  # most pages: no tree search
        return None
    found = _MARKED(doc.root)
    if len(found) != 1:
        return None
    element: Element = found[0]
    scope = next((el for el in element.iterancestors() if el.get("itemtype")), None)
    if scope is None:
        return None
    kind = (scope.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1]
    return element if kind.endswith(ARTICLE_TYPE_SUFFIXES) else None


def filter_after_marked_body(
    text: str, doc: Document, options: MarkedBodyOptions = DEFAULT_OPTIONS
) -> str:
    """``text`` without the lines that stand after the marked body and outside it (see the
    module's doc); ``text`` unchanged when the page marks no body or it holds too little."""
    if options.min_coverage is None:
        return text
    element = marked_body(doc)
    if element is None:
        return text
    body = paragraph_text(element)
    if len("".join(body.split())) < options.min_body_chars:
        return text
    held = set(tokens(body))
    lines = text.split("\n")
    words = [tokens(line) for line in lines]
    total = sum(map(len, words))
    inside = sum(word in held for line in words for word in line)
    if not total or inside < options.min_coverage * total:
        return text
    before = set(tokens(" ".join(_TEXT_BEFORE(element))))
    share = options.min_line_share
    kept = [
        line
        for line, line_words in zip(lines, words, strict=True)
        if not line_words
        or sum(word in held for word in line_words) >= share * len(line_words)
        or sum(word in before for word in line_words) >= share * len(line_words)
    ]
    return "\n".join(kept) if kept else text
