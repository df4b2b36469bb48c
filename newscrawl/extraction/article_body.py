"""Drop the lines of the chosen text that the publisher's own copy of the article lacks.

Many news and blog pages carry the article a second time in their structured data: the
``articleBody`` of a JSON-LD NewsArticle, Article or BlogPosting, written for search engines
from the CMS's article field, so without the comments, related-story lists, teasers and
share bars the page puts around it. When the page gives one, and it holds most of the chosen
text's tokens (it is the whole article, not a paywall's teaser of it), a line of the chosen
text whose tokens are mostly missing from it is not the article's: it is dropped.

The signal is the page's own markup, not a site or a page type. Whether it is on, and its
two shares, were chosen by site-grouped cross-validation over every dev set
(benchmarks/article_body_cv.py, docs/benchmarks/precision.md).

The same copy stands in for the page's text when that text is a small part of it
(:func:`rescued`): a page drawn by its scripts serves a shell ("Loading...", a menu) with the
article only in its structured data, and every method reads the shell. The copy replaces
the chosen text when it holds the fallback's growth (:mod:`newscrawl.extraction.fallback`:
four times the tokens) or more: on no dev page does it (docs/benchmarks/markup.md).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from lxml import html as lxml_html
from lxml.etree import ParserError

from newscrawl.extraction.document import Document
from newscrawl.extraction.fallback import DEFAULT_OPTIONS as FALLBACK
from newscrawl.extraction.text import tokens


@dataclass(frozen=True, slots=True)
class ArticleBodyOptions:
    """When the ``articleBody`` filters the chosen text; ``min_coverage=None``: never.
    Defaults: the variant cross-validation picked (docs/benchmarks/precision.md)."""

    # Share of the chosen text's tokens the articleBody must hold: below it the articleBody
    # is a summary or a teaser, and the text stays as it is.
    min_coverage: float | None = 0.9
    # Share of a line's tokens the articleBody must hold for the line to stay.
    min_line_share: float = 0.9
    # Characters an articleBody needs to be read at all (a description is shorter).
    min_body_chars: int = 500
    # The articleBody replaces a chosen text when it holds this many times its tokens (None:
    # never): the fallback's growth, the one measure of "far larger" auto uses.
    rescue_growth: float | None = FALLBACK.min_growth


DEFAULT_OPTIONS = ArticleBodyOptions()
NO_ARTICLE_BODY = ArticleBodyOptions(min_coverage=None, rescue_growth=None)
# A tag in an articleBody: some CMSs write the field from the article's HTML.
_TAG = re.compile(r"<[a-zA-Z/!]")
# Its paragraphs' tags, which end a line.
_BLOCK_TAG = re.compile(r"</?(?:p|div|br|li|h[1-6]|blockquote)\b[^>]*>", re.IGNORECASE)


def article_body(doc: Document) -> str:
    """The longest ``articleBody`` string of the page's JSON-LD objects ("" when none), its
    character references resolved."""
    longest = ""
    for item in doc.json_ld:
        body = item.get("articleBody")
        if isinstance(body, str) and len(body) > len(longest):
            longest = body
    return html.unescape(longest) if "&" in longest else longest


def filter_lines(text: str, body: str, options: ArticleBodyOptions = DEFAULT_OPTIONS) -> str:
    """``text`` without the lines ``body`` does not hold, when ``body`` holds most of it;
    ``text`` unchanged otherwise (or when every line would go)."""
    if options.min_coverage is None or len(body) < options.min_body_chars:
        return text
    known = set(tokens(body))
    lines = text.split("\n")
    # Tokens never span a line break, so the lines' tokens are the text's.
    held = [(sum(word in known for word in words), len(words)) for words in map(tokens, lines)]
    total = sum(count for _, count in held)
    if not total or sum(inside for inside, _ in held) < options.min_coverage * total:
        return text
    kept = [
        line
        for line, (inside, count) in zip(lines, held, strict=True)
        if not count or inside / count >= options.min_line_share
    ]
    return "\n".join(kept) if kept else text


def filter_by_article_body(
    text: str, doc: Document, options: ArticleBodyOptions = DEFAULT_OPTIONS
) -> str:
    """:func:`filter_lines` with the page's own ``articleBody`` (read only when on)."""
    if options.min_coverage is None or not doc.json_ld:
        return text
    return filter_lines(text, article_body(doc), options)


def rescued(text: str, doc: Document, options: ArticleBodyOptions = DEFAULT_OPTIONS) -> str | None:
    """The page's ``articleBody`` as text (one paragraph a line) when it holds
    ``rescue_growth`` times the tokens of ``text`` (the chosen text, "" when none was found),
    else None."""
    if options.rescue_growth is None or not doc.json_ld:
        return None
    body = article_body(doc)
    if len(body) < options.min_body_chars:
        return None
    copy = body_lines(body)
    if len(tokens(copy)) < options.rescue_growth * len(tokens(text)):
        return None
    return copy or None


def body_lines(body: str) -> str:
    """An ``articleBody`` as lines of text: its markup's text when it holds tags, each line's
    spaces collapsed, empty lines left out."""
    if _TAG.search(body):
        body = _markup_text(body)
    lines = (" ".join(line.split()) for line in body.splitlines())
    return "\n".join(line for line in lines if line)


def _markup_text(body: str) -> str:
    """The text of an ``articleBody`` written as HTML, a line per paragraph; the string
    itself when it does not parse."""
    try:
        root = lxml_html.fromstring(f"<div>{_BLOCK_TAG.sub(chr(10), body)}</div>")
    except (ParserError, ValueError):
        return body
    return str(root.text_content())
