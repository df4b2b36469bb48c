"""``extract()``: the one entry point of the extraction library."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from newscrawl.method_names import DEFAULT_METHOD

from . import dom
from .document import Document, DocumentError, load_document
from .kept_html import content_html
from .metadata import (
    choose_title,
    detect_lang,
    extract_authors,
    extract_dates,
    extract_editors,
    extract_source,
)
from .mojibake import repair_mojibake
from .registry import ContentExtractor, canonical_name, check_options, get_method
from .stored_fields import stored_content, stored_name, stored_names, stored_text
from .types import Article, ContentResult, ExtractResult, Rejection, RejectReason

logger = logging.getLogger(__name__)

# Article.diagnostics key: dates of the page passed over as older than the site's first day.
DATES_BEFORE_SITE = "dates_before_site"


def extract(
    html: bytes | str,
    *,
    url: str | None = None,
    anchor_text: str | None = None,
    method: str = DEFAULT_METHOD,
    encoding: str | None = None,
    fetched_at: datetime | None = None,
    options: Any = None,
    published_since: date | None = None,
) -> ExtractResult:
    """Extract a news article from one page.

    ``html`` is the page as bytes (decoded here: BOM, ``encoding`` — typically the HTTP
    header —, ``<meta charset>``, detection) or as text. ``anchor_text`` is the text of the
    link that led to the page, the strongest title hint. ``fetched_at`` (aware; default now)
    anchors relative dates ("3小时前") and bounds publish dates from above,
    ``published_since`` (the day the site began) from below. Never raises: bad input is a
    :class:`Rejection` whose ``reason`` says why, and a bug anywhere below is an
    ``extractor_error`` rejection naming the page (logged as an error).

    ``options`` is the method's options object (``dataclasses.replace`` of
    ``registry.default_options(method)``); None runs the defaults. An options object of
    another method is a programming error, the one exception raised: TypeError.
    """
    name = canonical_name(method)
    try:
        content_extractor = get_method(name)
    except KeyError:
        return Rejection(RejectReason.UNKNOWN_METHOD, f"unknown method {method!r}", method, url)
    if options is not None:
        check_options(name, options)
    try:
        doc = load_document(
            html,
            url=url,
            anchor_text=anchor_text,
            encoding=encoding,
            fetched_at=fetched_at,
            published_since=published_since,
        )
    except DocumentError as error:
        return Rejection(RejectReason(error.reason), error.detail, name, url)
    except RecursionError:
        return Rejection(RejectReason.EXTRACTOR_ERROR, "document too deeply nested", name, url)
    except Exception as error:  # last resort: a crawl must never lose a page to an exception
        logger.exception("loading failed on %s", _page(url))
        return Rejection(
            RejectReason.EXTRACTOR_ERROR, f"loading failed on {_page(url)}: {error!r}", name, url
        )
    return extract_document(doc, name, content_extractor, options)


def extract_document(
    doc: Document,
    name: str,
    content_extractor: ContentExtractor | None = None,
    options: Any = None,
) -> ExtractResult:
    """Run one method on an already loaded Document and assemble the Article."""
    try:
        return _run_method(doc, name, content_extractor or get_method(name), options)
    except RecursionError:
        return Rejection(RejectReason.EXTRACTOR_ERROR, "document too deeply nested", name, doc.url)
    except Exception as error:  # a bug must not take down a crawl; it is counted and logged
        logger.exception("extraction failed (method %s) on %s", name, _page(doc.url))
        return Rejection(
            RejectReason.EXTRACTOR_ERROR,
            f"extraction failed on {_page(doc.url)}: {error!r}",
            name,
            doc.url,
        )


def _run_method(
    doc: Document, name: str, content_extractor: ContentExtractor, options: Any = None
) -> ExtractResult:
    started = time.perf_counter()
    if doc.body is None:
        return Rejection(RejectReason.NO_BODY, "page has no <body>", name, doc.url)
    result = content_extractor(doc) if options is None else content_extractor(doc, options)
    if isinstance(result, Rejection):
        return result
    if not result.text.strip():
        return Rejection(RejectReason.NO_CONTENT, "no content found", name, doc.url)
    article = assemble_article(doc, result, name, time.perf_counter() - started)
    if not article.content.strip():  # nothing of it a reader can read (stored_text)
        return Rejection(RejectReason.NO_CONTENT, "no readable content", name, doc.url)
    return article


def _page(url: str | None) -> str:
    return url or "(page without URL)"


def assemble_article(doc: Document, result: ContentResult, name: str, seconds: float) -> Article:
    """Shared metadata (title, time, author, images, language) around a method's content."""
    if result.image_span is not None:
        images = dom.image_urls(dom.images_between(*result.image_span), doc.url)
    else:
        images = dom.image_urls(result.nodes, doc.url)
    diagnostics = dict(result.diagnostics)
    diagnostics["seconds"] = round(seconds, 6)
    diagnostics["encoding"] = doc.encoding
    dates = extract_dates(doc, doc.fetched_at, doc.published_since)
    if dates.before_since:
        diagnostics[DATES_BEFORE_SITE] = dates.before_since
    source = extract_source(doc, result.text)
    authors = stored_names(extract_authors(doc, result.text, source=source))
    # The content HTML is built for the stored lines, so that it reads as the stored text.
    content, page_lines = stored_content(result.text)
    shown = result if page_lines is result.text else replace(result, text=page_lines)
    return Article(
        title=stored_text(choose_title(doc, hint=result.title_hint)),
        content=content,
        content_html=repair_mojibake(content_html(shown, doc.url)),
        publish_time=dates.published,
        author=", ".join(authors) or None,
        authors=authors,
        editors=stored_names(extract_editors(doc, result.text)),
        source=stored_name(source),
        modified_time=dates.modified,
        images=images,
        lang=detect_lang(doc, result.text),
        method=result.method or name,
        url=doc.url,
        diagnostics=diagnostics,
    )
