"""``extract()``: the one entry point of the extraction library."""

from __future__ import annotations

import logging
import time

from . import dom
from .document import Document, DocumentError, load_document
from .metadata import choose_title, detect_lang, extract_author, extract_publish_time
from .registry import ContentExtractor, ContentResult, canonical_name, get_method
from .types import Article, ExtractResult, Rejection, RejectReason

logger = logging.getLogger(__name__)

DEFAULT_METHOD = "density"


def extract(
    html: bytes | str,
    *,
    url: str | None = None,
    anchor_text: str | None = None,
    method: str = DEFAULT_METHOD,
    encoding: str | None = None,
) -> ExtractResult:
    """Extract a news article from one page.

    ``html`` is the page as bytes (decoded here: BOM, ``encoding`` — typically the HTTP
    header —, ``<meta charset>``, detection) or as text. ``anchor_text`` is the text of the
    link that led to the page, the strongest title hint. Never raises for bad input: returns
    a :class:`Rejection` whose ``reason`` says why.
    """
    name = canonical_name(method)
    try:
        content_extractor = get_method(name)
    except KeyError:
        return Rejection(RejectReason.UNKNOWN_METHOD, f"unknown method {method!r}", method, url)
    try:
        doc = load_document(html, url=url, anchor_text=anchor_text, encoding=encoding)
    except DocumentError as error:
        return Rejection(RejectReason(error.reason), error.detail, name, url)
    return extract_document(doc, name, content_extractor)


def extract_document(
    doc: Document, name: str, content_extractor: ContentExtractor | None = None
) -> ExtractResult:
    """Run one method on an already loaded Document and assemble the Article."""
    content_extractor = content_extractor or get_method(name)
    started = time.perf_counter()
    if doc.body is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", name, doc.url)
    try:
        result = content_extractor(doc)
    except RecursionError:
        return Rejection(RejectReason.EXTRACTOR_ERROR, "document too deeply nested", name, doc.url)
    except Exception as error:  # an extractor bug must not take down a crawl; it is counted
        logger.warning("extractor %s failed on %s: %r", name, doc.url, error, exc_info=True)
        return Rejection(RejectReason.EXTRACTOR_ERROR, repr(error), name, doc.url)
    if isinstance(result, Rejection):
        return result
    if not result.text.strip():
        return Rejection(RejectReason.NO_CONTENT, "no content found", name, doc.url)
    return assemble_article(doc, result, name, time.perf_counter() - started)


def assemble_article(doc: Document, result: ContentResult, name: str, seconds: float) -> Article:
    """Shared metadata (title, time, author, images, language) around a method's content."""
    if result.nodes:
        content_html = dom.sanitized_html(result.nodes, doc.url)
    else:
        content_html = dom.text_to_html(result.text)
    if result.image_span is not None:
        images = dom.image_urls(dom.images_between(*result.image_span), doc.url)
    else:
        images = dom.image_urls(result.nodes, doc.url)
    diagnostics = dict(result.diagnostics)
    diagnostics["seconds"] = round(seconds, 6)
    diagnostics["encoding"] = doc.encoding
    return Article(
        title=choose_title(doc, hint=result.title_hint),
        content=result.text,
        content_html=content_html,
        publish_time=extract_publish_time(doc),
        author=extract_author(doc, result.text),
        images=images,
        lang=detect_lang(doc, result.text),
        method=result.method or name,
        url=doc.url,
        diagnostics=diagnostics,
    )
