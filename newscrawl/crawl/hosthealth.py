"""HostHealthMiddleware: a host that fails in a way that will not heal is marked down once.

Scrapy retries every request of a dead host on its own: a host whose name does not resolve
costs (RETRY_TIMES + 1) lookups per queued request, and a host that accepts connections and
never answers holds two download slots for DOWNLOAD_TIMEOUT per attempt, for each of its
requests. Here a host is marked down after ``NEWSCRAWL_HOST_DOWN_AFTER`` consecutive failures
that do not heal within a crawl (DNS, connection refused, TLS) or
``NEWSCRAWL_HOST_DOWN_AFTER_TIMEOUTS`` consecutive timeouts; any response in between (even an
HTTP error page) proves the host alive and starts the count again. From then on:

- the request that tipped it, and those still in flight, are not retried;
- every later request of the host (queued or new) is refused before it is fetched with
  :class:`HostDown`, which the spider's errback counts as dropped;
- :data:`newscrawl.crawl.signals.host_down` names the host, its site and the reason once, for
  the report.

A 429 or 503 answer with ``Retry-After`` (seconds or an HTTP date, at most
``NEWSCRAWL_RETRY_AFTER_MAX`` seconds) raises the host's download delay to that many seconds
until its next successful answer, so the retry Scrapy makes waits as the server asked; other
hosts keep their rate.

It sits just above RetryMiddleware (550), so it sees a failure before Retry decides.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING

from scrapy import signals as scrapy_signals
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.utils.httpobj import urlparse_cached

from newscrawl import defaults
from newscrawl.crawl.addon import newscrawl_settings

from . import signals
from .failures import DNS, REFUSED, TIMEOUT, TLS, failure_kind
from .meta import crawl_meta

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request, Spider
    from scrapy.core.downloader import Slot
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

PRIORITY = 560
UNHEALABLE = frozenset({DNS, REFUSED, TLS})
# Request meta key: the site of the request's host, for requests that carry no crawl meta (the
# robots middleware's own robots.txt fetch, which may come before any request of the host).
HOST_SITE_KEY = "newscrawl_host_site"


class HostDown(IgnoreRequest):
    """A request refused without a fetch because its host was marked down."""

    def __init__(self, host: str, reason: str) -> None:
        super().__init__(f"host {host} is down ({reason})")
        self.host = host
        self.reason = reason


@dataclass(slots=True)
class HostState:
    kind: str = ""  # the kind of the current run of failures
    run: int = 0  # consecutive failures of that kind
    down_reason: str | None = None
    delay_before_retry_after: float | None = None  # the slot's delay before a Retry-After


class HostHealthMiddleware:
    def __init__(
        self,
        crawler: Crawler,
        *,
        down_after: int,
        down_after_timeouts: int,
        retry_after_max: float = defaults.NEWSCRAWL_RETRY_AFTER_MAX,
    ) -> None:
        if down_after < 1 and down_after_timeouts < 1 and retry_after_max <= 0:
            raise NotConfigured
        self.crawler = crawler
        self.retry_after_max = retry_after_max
        self.limits = {kind: down_after for kind in UNHEALABLE}
        self.limits[TIMEOUT] = down_after_timeouts
        self.hosts: dict[str, HostState] = {}
        # host:port -> the site of its first scheduled request (robots.txt fetches carry none)
        self.site_of_netloc: dict[str, str] = {}

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = newscrawl_settings(crawler)
        middleware = cls(
            crawler,
            down_after=s.getint("NEWSCRAWL_HOST_DOWN_AFTER"),
            down_after_timeouts=s.getint("NEWSCRAWL_HOST_DOWN_AFTER_TIMEOUTS"),
            retry_after_max=s.getfloat("NEWSCRAWL_RETRY_AFTER_MAX"),
        )
        crawler.signals.connect(
            middleware.request_scheduled, signal=scrapy_signals.request_scheduled
        )
        return middleware

    def request_scheduled(self, request: Request, spider: Spider | None = None) -> None:
        site = crawl_meta(request.meta).get("site")
        if site:
            self.site_of_netloc.setdefault(urlparse_cached(request).netloc, site)

    def process_request(self, request: Request, spider: Spider | None = None) -> None:
        netloc = urlparse_cached(request).netloc
        state = self.hosts.get(netloc)
        if state is not None and state.down_reason is not None:
            if self.crawler.stats is not None:
                self.crawler.stats.inc_value("newscrawl/dropped/host_down")
            raise HostDown(netloc, state.down_reason)

    def process_response(
        self, request: Request, response: Response, spider: Spider | None = None
    ) -> Response:
        netloc = urlparse_cached(request).netloc
        state = self.hosts.get(netloc)
        if state is not None and state.down_reason is None:
            state.run = 0
        if response.status in (429, 503):
            wait = retry_after_seconds(
                response.headers.get(b"Retry-After"), response.headers.get(b"Date")
            )
            if wait is not None and self.retry_after_max > 0:
                self._hold_back(
                    request,
                    state or self.hosts.setdefault(netloc, HostState()),
                    min(wait, self.retry_after_max),
                )
        elif state is not None and state.delay_before_retry_after is not None:
            slot = self._slot(request)
            if slot is not None:
                slot.delay = state.delay_before_retry_after
            state.delay_before_retry_after = None
        return response

    def process_exception(
        self, request: Request, exception: Exception, spider: Spider | None = None
    ) -> None:
        if isinstance(exception, IgnoreRequest):
            return
        netloc = urlparse_cached(request).netloc
        state = self.hosts.setdefault(netloc, HostState())
        if state.down_reason is not None:
            request.meta["dont_retry"] = True  # in flight when the host went down
            return
        kind = failure_kind(exception)
        limit = self.limits.get(kind, 0)
        if limit < 1:
            state.run = 0
            return
        state.run = state.run + 1 if state.kind == kind else 1
        state.kind = kind
        # A robots.txt that hangs is no verdict on its own: some servers hang on that one path
        # only (Scrapy then allows everything). Its timeouts count toward the run, so that the
        # host's first page timing out too gives it up, but only a page's failure can end it.
        robots_timeout = kind == TIMEOUT and request.meta.get("dont_obey_robotstxt")
        if state.run >= limit and not robots_timeout:
            site = (
                crawl_meta(request.meta).get("site")
                or request.meta.get(HOST_SITE_KEY)
                or self.site_of_netloc.get(netloc)
            )
            self._mark_down(netloc, state, site)
            request.meta["dont_retry"] = True

    def _hold_back(self, request: Request, state: HostState, seconds: float) -> None:
        slot = self._slot(request)
        if slot is None or slot.delay >= seconds:
            return
        if state.delay_before_retry_after is None:
            state.delay_before_retry_after = slot.delay
        slot.delay = seconds
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value("newscrawl/retry_after_honoured")

    def _slot(self, request: Request) -> Slot | None:
        engine = self.crawler.engine
        if engine is None:
            return None
        downloader = engine.downloader
        return downloader.slots.get(downloader.get_slot_key(request))

    def is_down(self, netloc: str) -> bool:
        state = self.hosts.get(netloc)
        return state is not None and state.down_reason is not None

    def _mark_down(self, netloc: str, state: HostState, site: str | None) -> None:
        state.down_reason = f"{state.kind} x{state.run}"
        logger.warning(
            "Host %(host)s is down (%(reason)s, site %(site)s): its requests are "
            "dropped from now on",
            {"host": netloc, "reason": state.down_reason, "site": site or "?"},
        )
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value("newscrawl/hosts_down")
            self.crawler.stats.inc_value(f"newscrawl/hosts_down/{state.kind}")
        self.crawler.signals.send_catch_log(
            signals.host_down,
            host=netloc,
            site=site,
            reason=state.down_reason,
            spider=self.crawler.spider,
        )


def retry_after_seconds(
    value: bytes | None, date: bytes | None = None, now: datetime | None = None
) -> float | None:
    """Seconds to wait by a ``Retry-After`` header: ``120`` or an HTTP date (RFC 9110 10.2.3).

    A date is taken relative to the response's own ``Date`` header when it has a valid one, so
    the server's clock need not agree with ours; else relative to ``now`` (default: the current
    time). A date already past means no wait (0). None for no header or one that is neither form.
    """
    if not value:
        return None
    text = value.decode("latin-1").strip()
    try:
        seconds = float(text)
    except ValueError:
        until = http_date(text)
        if until is None:
            return None
        sent = http_date(date.decode("latin-1").strip()) if date else None
        reference = sent or now or datetime.now(UTC)
        return max((until - reference).total_seconds(), 0.0)
    return seconds if seconds >= 0 else None


# The two obsolete HTTP-date forms a recipient must still accept (RFC 9110 5.6.7); the
# preferred IMF-fixdate is parsed by email.utils.
_OBSOLETE_DATE_FORMATS = ("%A, %d-%b-%y %H:%M:%S GMT", "%a %b %d %H:%M:%S %Y")


def http_date(text: str) -> datetime | None:
    """An HTTP date (IMF-fixdate, RFC 850 or asctime form) as an aware UTC datetime, or None."""
    try:
        parsed = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        parsed = None
    if parsed is None:
        squeezed = " ".join(text.split())  # asctime pads a one-digit day with a space
        for form in _OBSOLETE_DATE_FORMATS:
            try:
                parsed = datetime.strptime(squeezed, form)
                break
            except ValueError:
                continue
    if parsed is None:
        return None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
