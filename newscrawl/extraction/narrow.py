"""Narrow a region that wraps a short article in the page's links to the article's prose.

The density method weighs text mass, and on an English page the vote follows it (three of
the consensus's six bags are density's). On a page whose article is short (a news brief in
the template of long stories) the densest region can then be a wrapper: the brief with the
menus, sidebars and boxes of links around it. Such a region is far from article-shaped: its
long paragraphs (the tail stage's) hold a small share of its text, and what lies outside them
is mostly link text. When the page also says it is an article (``og:type`` "article", or a
JSON-LD Article or BlogPosting), the prose container inside the region (the deepest element
holding most of its long paragraphs: :func:`newscrawl.extraction.tail.prose_container`)
becomes the region. A listing, a forum thread or a product page whose items are short text,
not links, keeps its region (docs/benchmarks/precision.md, "Short articles").
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import common_ancestor, link_text_length, paragraph_text, text_content
from newscrawl.extraction.metadata.dates import json_ld_types, main_entities
from newscrawl.extraction.tail import TailOptions, prose_container, share_of
from newscrawl.extraction.types import ContentResult

# JSON-LD types that declare an article (their suffix: NewsArticle, TechArticle, ...).
ARTICLE_TYPE_SUFFIXES = ("Article", "BlogPosting")


@dataclass(frozen=True, slots=True)
class NarrowOptions:
    """When a wrapper region narrows to its prose; ``max_prose_share=None``: never."""

    # The region's long paragraphs hold less than this share of its characters.
    max_prose_share: float | None = 0.2
    # At least this share of the region's characters outside the prose container is link
    # text (the share the tail and thread stages read as "mostly links").
    min_link_share: float = 0.5


DEFAULT_OPTIONS = NarrowOptions()


def declares_article(doc: Document) -> bool:
    """Whether the page says it is an article: ``og:type`` "article" or a JSON-LD item (or
    its main entity) of an article type."""
    if (doc.meta.get("og:type") or "").strip().lower() == "article":
        return True
    return any(
        name.endswith(ARTICLE_TYPE_SUFFIXES)
        for item in doc.json_ld
        for entity in (item, *main_entities(item))
        for name in json_ld_types(entity)
    )


def narrowed(
    result: ContentResult,
    doc: Document,
    tail: TailOptions,
    options: NarrowOptions = DEFAULT_OPTIONS,
) -> ContentResult:
    """``result`` with its region's prose container as its region, when the region wraps a
    short article in links (see the module's doc); ``result`` itself otherwise."""
    if options.max_prose_share is None or not result.nodes:
        return result
    if not declares_article(doc):  # cheap, and asked first: the prose container is a walk
        return result
    region = common_ancestor(result.nodes[0], result.nodes[-1])
    if region is None:
        return result
    prose = prose_container(region, tail.long_paragraph, tail.container_share)
    if share_of(region, prose) >= options.max_prose_share:
        return result
    if prose is None or prose.container is region:
        return result
    outside = _chars(region) - _chars(prose.container)
    links = link_text_length(region) - link_text_length(prose.container)
    if outside <= 0 or links < options.min_link_share * outside:
        return result
    text = paragraph_text(prose.container)
    if not text.strip():
        return result
    return ContentResult(
        text=text,
        nodes=[prose.container],
        title_hint=result.title_hint,
        diagnostics=result.diagnostics,
        method=result.method,
    )


def _chars(el: Element) -> int:
    """Characters of ``el``'s text, whitespace excluded."""
    return len("".join(text_content(el).split()))
