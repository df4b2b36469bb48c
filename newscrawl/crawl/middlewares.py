"""Downloader middlewares that stand in for Scrapy's where those cost too much per page or
say too much in the log."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware
from scrapy.downloadermiddlewares.retry import RetryMiddleware, get_retry_request
from scrapy.http import HtmlResponse

from .netlog import DemoteToDebug

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.http import Response

# Scrapy's get_meta_refresh reads the first 4,096 characters of the decoded body; in UTF-8
# or GB18030 those are at most 4 x 4,096 bytes.
REFRESH_SCAN_BYTES = 4 * 4096


def might_refresh(body: bytes) -> bool:
    """False only when the page's first 4,096 characters cannot hold a meta refresh.

    In every ASCII-compatible encoding (UTF-8, GBK, GB18030, Big5, Latin-1 ...) the word
    "refresh" is the same 7 bytes; a page in UTF-16 or UTF-32 (NUL bytes among the first
    ones) is always looked at properly.
    """
    head = body[:REFRESH_SCAN_BYTES]
    return b"\x00" in head[:512] or b"refresh" in head.lower()


class HeadMetaRefreshMiddleware(MetaRefreshMiddleware):
    """Scrapy's MetaRefreshMiddleware without decoding every page to look for a refresh.

    Scrapy decodes the whole body (``response.text``) of every HTML response to read its first
    4,096 characters: 3-4 % of the reactor thread's time in the crawl benchmark, for a tag
    few pages have. Pages that cannot have one (:func:`might_refresh`) pass untouched; the
    rest go through Scrapy's own check, with the same settings.
    """

    def process_response(self, request: Request, response: Response, spider: Spider
                         ) -> Request | Response:
        if isinstance(response, HtmlResponse) and not might_refresh(response.body):
            return response
        return super().process_response(request, response, spider)


# "Gave up retrying" is said again, with the failure's kind and site, by the spider's errback.
retry_logger = logging.getLogger("newscrawl.crawl.retry")
retry_logger.addFilter(DemoteToDebug())


class OneLineRetryMiddleware(RetryMiddleware):
    """Scrapy's RetryMiddleware whose "Gave up retrying" line is logged at DEBUG only.

    The request's errback logs the failure as one line (host, kind, URL, site); Scrapy's own
    ERROR line for the same failure made two.
    """

    def _retry(self, request: Request, reason: str | Exception | type[Exception],
               spider: Spider) -> Request | None:
        return get_retry_request(
            request, reason=reason, spider=spider,
            max_retry_times=request.meta.get("max_retry_times", self.max_retry_times),
            priority_adjust=request.meta.get("priority_adjust", self.priority_adjust),
            logger=retry_logger)
