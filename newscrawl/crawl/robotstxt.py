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

Every request of a host waits for its robots.txt; ``requests_waiting`` counts them, and the
downloader (downloader.py) leaves them out of ``CONCURRENT_REQUESTS``. The fetch itself holds
a place there for up to (retries + 1) timeouts when the file hangs, so it has its own bounds,
``NEWSCRAWL_ROBOTS_TIMEOUT`` (seconds, at most ``DOWNLOAD_TIMEOUT``) and
``NEWSCRAWL_ROBOTS_RETRY_TIMES``.

A host's robots.txt is fetched when the host's first request comes up, and the scheduler
brings hosts up one after the other (in the order of their names, among equally busy ones), so
on a broad crawl the last hosts are first tried near the end: a dead one among them keeps the
crawl open for its robots.txt timeouts and then its pages' after the healthy hosts are done.
With ``NEWSCRAWL_ROBOTS_PREFETCH`` (N > 0, default 16) the robots.txt of every host of every
site's start requests is fetched from the moment the spider opens, N at a time: a dead host
shows it (a name that does not resolve or a refused port is marked down, hosthealth.py; a
robots.txt that timed out counts toward its host's timeouts) while the healthy rest is being
crawled, and a host's first pages need not wait for its robots.txt.

Scrapy's rules stay: an unreachable robots.txt allows everything. The fetch itself is this
middleware's (Scrapy's logs a failed fetch as an ERROR with a traceback), and so is the wait of
a host's other requests for it: each waiter gets its own Deferred, as one Deferred awaited as a
future by several coroutines gives its result to the first only.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from scrapy import Request
from scrapy import signals as scrapy_signals
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.httpobj import urlparse_cached
from scrapy.utils.misc import build_from_crawler
from twisted.internet.defer import Deferred
from twisted.python.failure import Failure

from newscrawl.crawl.addon import newscrawl_settings

from . import signals
from .failures import ROBOTS, failure_kind, http_kind
from .hosthealth import HOST_SITE_KEY
from .meta import crawl_meta
from .netlog import log_fetch_failure

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.robotstxt import RobotParser

logger = logging.getLogger(__name__)


class RobotsTxtUnavailable(IgnoreRequest):
    """The spider asked for a robots.txt that could not be fetched (already counted)."""


class SharedRobotsTxtMiddleware(RobotsTxtMiddleware):
    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        settings = newscrawl_settings(crawler)
        self.timeout = min(
            settings.getfloat("NEWSCRAWL_ROBOTS_TIMEOUT"), settings.getfloat("DOWNLOAD_TIMEOUT")
        )
        self.retry_times = settings.getint("NEWSCRAWL_ROBOTS_RETRY_TIMES")
        # host:port -> the site of the first request that needed its robots.txt
        self.site_of_netloc: dict[str, str] = {}
        # host:port -> its robots.txt (2xx), kept until the spider's request for it is answered
        self.fetched: dict[str, Response] = {}
        # host:port -> its parsed robots.txt; None: unreachable, everything allowed
        self.parsers: dict[str, RobotParser | None] = {}
        # host:port -> requests waiting for its robots.txt fetch, one Deferred each
        self.waiting: dict[str, list[Deferred[RobotParser | None]]] = {}
        # requests of the crawl held until their host's robots.txt is in, and this
        # middleware's robots.txt fetches in flight (both left out of the page budget by
        # downloader.py)
        self.requests_waiting = 0
        self.robots_fetching = 0
        self.prefetch = settings.getint("NEWSCRAWL_ROBOTS_PREFETCH")
        if self.prefetch > 0:
            crawler.signals.connect(self.prefetch_all, signal=scrapy_signals.spider_opened)

    def prefetch_all(self, spider: Spider) -> None:
        """Start fetching the robots.txt of every start request's host, ``prefetch`` at a time
        (each one done starts the next), in the order of the spider's sites."""
        requests = start_requests_of(spider)

        def start_next(_result: object = None) -> None:
            if self._spider_closing():
                return
            for request in requests:
                netloc = urlparse_cached(request).netloc
                if netloc in self.parsers or netloc in self.waiting:
                    continue  # fetched or being fetched already
                fetch = Deferred.fromCoroutine(self.robot_parser(request))
                fetch.addErrback(self._prefetch_failed, request)
                fetch.addBoth(start_next)
                return

        for _ in range(self.prefetch):
            start_next()

    def _spider_closing(self) -> bool:
        """Whether the engine is closing the spider (or has closed it).

        A closing spider waits for every download in flight, prefetches included, and the
        prefetch would go on through every host of the crawl: an offline 1,500-site crawl
        with ``CLOSESPIDER_TIMEOUT=30`` (or a SIGTERM) ran on for minutes. Scrapy sends no
        signal when closing starts, so the engine's slot is read.
        """
        slot = getattr(self.crawler.engine, "_slot", None)
        return slot is None or getattr(slot, "closing", None) is not None

    def _prefetch_failed(self, failure: Failure, request: Request) -> None:
        # _fetch counts every failed fetch itself; this is a bug of ours, said once per host.
        logger.error(
            "robots.txt prefetch for %(url)s failed: %(error)s",
            {"url": request.url, "error": failure.getErrorMessage()},
        )

    def process_request(  # type: ignore[override]
        self,
        request: Request,
        spider: Spider | None = None,
    ) -> Coroutine[Any, Any, Response | None] | None:
        if crawl_meta(request.meta).get("kind") == "robots":
            return self._answer(request)
        if request.meta.get("dont_obey_robotstxt"):
            if request.callback is NO_CALLBACK:  # this middleware's own robots.txt fetch
                request.meta.setdefault("download_timeout", self.timeout)
                request.meta.setdefault("max_retry_times", self.retry_times)
                site = self.site_of_netloc.get(urlparse_cached(request).netloc)
                if site:  # a dead host found by this fetch is reported under its site
                    request.meta.setdefault(HOST_SITE_KEY, site)
            return None
        if request.url.startswith(("data:", "file:")):
            return None
        return self._obey(request)

    async def _obey(self, request: Request) -> None:
        # IgnoreRequest("Forbidden by robots.txt") when the host's rules disallow it
        self.process_request_2(await self._wait_for_parser(request), request)

    async def _answer(self, request: Request) -> Response:
        """The spider's own request for a robots.txt, answered with this middleware's copy."""
        await self._wait_for_parser(request)  # starts the one fetch if none did yet
        netloc = urlparse_cached(request).netloc
        response = self.fetched.pop(netloc, None)
        if response is None:
            raise RobotsTxtUnavailable(f"robots.txt of {netloc} could not be fetched")
        return response.replace(url=request.url, request=request)

    async def _wait_for_parser(self, request: Request) -> RobotParser | None:
        """robot_parser for a request of the crawl, counted in ``requests_waiting`` while its
        host's robots.txt is not in yet."""
        netloc = urlparse_cached(request).netloc
        if netloc in self.parsers:
            return self.parsers[netloc]
        self.requests_waiting += 1
        try:
            return await self.robot_parser(request)
        finally:
            self.requests_waiting -= 1

    async def robot_parser(self, request: Request) -> RobotParser | None:
        url = urlparse_cached(request)
        netloc = url.netloc
        site = crawl_meta(request.meta).get("site")
        if site:
            self.site_of_netloc.setdefault(netloc, site)
        if netloc in self.parsers:
            return self.parsers[netloc]
        if netloc in self.waiting:  # another request started the fetch
            turn: Deferred[RobotParser | None] = Deferred()
            self.waiting[netloc].append(turn)
            return await maybe_deferred_to_future(turn)
        self.waiting[netloc] = []
        parser: RobotParser | None = None
        try:
            parser = await self._fetch(f"{url.scheme}://{netloc}/robots.txt", netloc, request)
        finally:  # whatever happened, no request waits for ever
            self.parsers[netloc] = parser
            for turn in self.waiting.pop(netloc):
                turn.callback(parser)
        return parser

    async def _fetch(self, url: str, netloc: str, needed_by: Request) -> RobotParser | None:
        """The host's parsed robots.txt, or None (allow everything) if it cannot be fetched."""
        robots = Request(
            url,
            priority=self.DOWNLOAD_PRIORITY,
            meta={"dont_obey_robotstxt": True},
            callback=NO_CALLBACK,
        )
        stats = self.crawler.stats
        stats.inc_value("robotstxt/request_count")
        self.robots_fetching += 1
        try:
            response = await self.crawler.engine.download_async(robots)
        except IgnoreRequest:  # refused by a middleware (a host already marked down)
            return None
        except Exception:  # noqa: BLE001 -- any failed fetch is counted; everything allowed
            failure = Failure()  # type: ignore[no-untyped-call]
            stats.inc_value(f"robotstxt/exception_count/{failure.type}")
            self._count_unreachable(
                robots, failure, failure_kind(failure), self.site_of_netloc.get(netloc)
            )
            return None
        finally:
            self.robots_fetching -= 1
        stats.inc_value("robotstxt/response_count")
        stats.inc_value(f"robotstxt/response_status_count/{response.status}")
        if response.status >= 500:
            # Unreachable in all but name (RFC 9309 2.3.1.3); Scrapy still allows everything.
            error = Failure(_ServerError(response.status))  # type: ignore[no-untyped-call]
            self._count_unreachable(
                response.request, error, http_kind(response.status), self.site_of_netloc.get(netloc)
            )
        elif 200 <= response.status < 300:
            self.fetched[netloc] = response
        parser: RobotParser = build_from_crawler(self._parserimpl, self.crawler, response.body)
        await self.crawler.signals.send_catch_log_async(
            signal=scrapy_signals.robots_parsed, robotparser=parser, request=needed_by
        )
        return parser

    def _count_unreachable(
        self, request: Request | None, failure: Failure, cause: str, site: str | None
    ) -> None:
        if request is None:
            return
        self.crawler.signals.send_catch_log(
            signals.fetch_failed,
            request=request,
            failure=failure,
            spider=self.crawler.spider,
            kind=ROBOTS,
            site=site,
        )
        log_fetch_failure(
            logger,
            request.url,
            f"{ROBOTS} ({cause})",
            failure,
            site=site,
            what="robots.txt unreachable",
        )


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
