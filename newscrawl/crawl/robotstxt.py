"""RobotsTxtMiddleware that counts its failures and answers the spider's robots.txt requests.

Scrapy's middleware fetches each host's robots.txt once, but a failed fetch only made an ERROR
line with a Twisted traceback and was counted nowhere, and its response was thrown away, so
the spider's own robots.txt request (for the ``Sitemap:`` lines) fetched every file a second
time. This one

- counts a robots.txt that cannot be fetched (network failure or a 5xx answer) as
  ``robots_unreachable`` of the site that needed it, logged as one line (traceback at DEBUG);
- answers the spider's robots.txt requests (``kind`` "robots") with the response it fetched
  for its own use, so each host's file is fetched once, whoever asks first. When that fetch
  failed or was not a 2xx answer, the spider's request ends in :class:`RobotsTxtUnavailable`,
  which the spider ignores (the failure was counted here already).

Every request of a host waits for its robots.txt, and waiting requests count against
``CONCURRENT_REQUESTS``: a robots.txt that hangs holds them for (retries + 1) timeouts. The
robots.txt fetch therefore has its own bounds, ``NEWSCRAWL_ROBOTS_TIMEOUT`` (seconds, at most
``DOWNLOAD_TIMEOUT``) and ``NEWSCRAWL_ROBOTS_RETRY_TIMES``.

Scrapy fetches a host's robots.txt when the host's first request comes up, and the scheduler
brings hosts up one after the other (in the order of their names, among equally busy ones), so
on a broad crawl the last hosts are first tried near the end: a dead one among them keeps the
crawl open for its robots.txt timeouts and then its pages' after the healthy hosts are done.
With ``NEWSCRAWL_ROBOTS_PREFETCH`` (N > 0, default 16) the robots.txt of every host of every
site's start requests is fetched from the moment the spider opens, N at a time: a dead host
shows it (a name that does not resolve or a refused port is marked down, hosthealth.py; a
robots.txt that timed out counts toward its host's timeouts) while the healthy rest is being
crawled, and a host's first pages need not wait for its robots.txt.

Scrapy's rules stay: an unreachable robots.txt allows everything.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from scrapy import signals as scrapy_signals
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.httpobj import urlparse_cached
from twisted.internet.defer import Deferred
from twisted.python.failure import Failure

from newscrawl import defaults

from . import signals
from .failures import ROBOTS, failure_kind, http_kind
from .hosthealth import HOST_SITE_KEY
from .meta import crawl_meta
from .netlog import log_fetch_failure

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.robotstxt import RobotParser

logger = logging.getLogger(__name__)


class RobotsTxtUnavailable(IgnoreRequest):
    """The spider asked for a robots.txt that could not be fetched (already counted)."""


class SharedRobotsTxtMiddleware(RobotsTxtMiddleware):
    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        settings = crawler.settings
        self.timeout = min(settings.getfloat("NEWSCRAWL_ROBOTS_TIMEOUT",
                                             defaults.NEWSCRAWL_ROBOTS_TIMEOUT),
                           settings.getfloat("DOWNLOAD_TIMEOUT"))
        self.retry_times = settings.getint("NEWSCRAWL_ROBOTS_RETRY_TIMES",
                                           defaults.NEWSCRAWL_ROBOTS_RETRY_TIMES)
        # host:port -> the site of the first request that needed its robots.txt
        self.site_of_netloc: dict[str, str] = {}
        # host:port -> its robots.txt (2xx), kept until the spider's request for it is answered
        self.fetched: dict[str, Response] = {}
        self.prefetch = settings.getint("NEWSCRAWL_ROBOTS_PREFETCH",
                                        defaults.NEWSCRAWL_ROBOTS_PREFETCH)
        if self.prefetch > 0:
            crawler.signals.connect(self.prefetch_all, signal=scrapy_signals.spider_opened)

    def prefetch_all(self, spider: Spider) -> None:
        """Start fetching the robots.txt of every start request's host, ``prefetch`` at a time
        (each one done starts the next), in the order of the spider's sites."""
        requests = start_requests_of(spider)

        def start_next(_result: object = None) -> None:
            for request in requests:
                if urlparse_cached(request).netloc in self._parsers:
                    continue  # fetched or being fetched already
                parser = self.robot_parser(request, spider)
                if isinstance(parser, Deferred):
                    parser.addBoth(start_next)
                    return

        for _ in range(self.prefetch):
            start_next()

    def process_request(self, request: Request, spider: Spider  # type: ignore[override]
                        ) -> Deferred[None] | Deferred[Response] | Response | None:
        if request.meta.get("dont_obey_robotstxt") and request.callback is NO_CALLBACK:
            # this middleware's own robots.txt fetch (Scrapy's robot_parser builds it)
            request.meta.setdefault("download_timeout", self.timeout)
            request.meta.setdefault("max_retry_times", self.retry_times)
            site = self.site_of_netloc.get(urlparse_cached(request).netloc)
            if site:  # a dead host found by this fetch is reported under its site
                request.meta.setdefault(HOST_SITE_KEY, site)
        if crawl_meta(request.meta).get("kind") != "robots":
            return super().process_request(request, spider)
        netloc = urlparse_cached(request).netloc
        parser = self.robot_parser(request, spider)  # starts the one fetch if none did yet
        if isinstance(parser, Deferred):
            return parser.addCallback(lambda _parser: self._answer(request, netloc))
        return self._answer(request, netloc)

    def _answer(self, request: Request, netloc: str) -> Response:
        response = self.fetched.pop(netloc, None)
        if response is None:
            raise RobotsTxtUnavailable(f"robots.txt of {netloc} could not be fetched")
        return response.replace(url=request.url, request=request)

    def robot_parser(self, request: Request, spider: Spider
                     ) -> RobotParser | Deferred[RobotParser | None] | None:
        site = crawl_meta(request.meta).get("site")
        if site:
            self.site_of_netloc.setdefault(urlparse_cached(request).netloc, site)
        return super().robot_parser(request, spider)

    def _parse_robots(self, response: Response, netloc: str, spider: Spider) -> None:
        if response.status >= 500:
            # Unreachable in all but name (RFC 9309 2.3.1.3); Scrapy still allows everything.
            error = Failure(_ServerError(response.status))  # type: ignore[no-untyped-call]
            self._count_unreachable(response.request, error, http_kind(response.status),
                                    self.site_of_netloc.get(netloc), spider)
        elif 200 <= response.status < 300:
            self.fetched[netloc] = response
        super()._parse_robots(response, netloc, spider)

    def _logerror(self, failure: Failure, request: Request, spider: Spider) -> Failure:
        # IgnoreRequest: refused by a middleware (a host already marked down), not a fetch
        if not isinstance(failure.value, IgnoreRequest):
            site = self.site_of_netloc.get(urlparse_cached(request).netloc)
            self._count_unreachable(request, failure, failure_kind(failure), site, spider)
        return failure

    def _count_unreachable(self, request: Request | None, failure: Failure, cause: str,
                           site: str | None, spider: Spider) -> None:
        if request is None:
            return
        self.crawler.signals.send_catch_log(signals.fetch_failed, request=request,
                                            failure=failure, spider=spider, kind=ROBOTS,
                                            site=site)
        log_fetch_failure(logger, request.url, f"{ROBOTS} ({cause})", failure, site=site,
                          what="robots.txt unreachable")


def start_requests_of(spider: Spider) -> Iterator[Request]:
    """The start requests of each of the spider's ``sites`` (NewsSpider and the spiders of the
    tests expose ``sites`` and ``build_start_requests(site)``); none for other spiders."""
    sites: Any = getattr(spider, "sites", None)
    build = getattr(spider, "build_start_requests", None)
    if not isinstance(sites, dict) or build is None:
        return
    for site in sites.values():
        yield from build(site)


class _ServerError(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP status {status}")
