"""ExtractPipeline: run the extraction library on a fetched page, off the reactor thread.

Settings: ``NEWSCRAWL_METHOD`` (used when the site's method is not available),
``NEWSCRAWL_FALLBACK_METHOD``, ``NEWSCRAWL_EXTRACT_THREADS``, ``NEWSCRAWL_EXTRACT_PROCESSES``,
``NEWSCRAWL_EXTRACT_TIMEOUT``, ``NEWSCRAWL_MIN_CONTENT_CHARS``.

Extraction is CPU-bound Python: in threads it shares the GIL with the reactor, so by default
it runs in a pool of worker processes (one per core), whose results call the reactor back.
``NEWSCRAWL_EXTRACT_PROCESSES=0`` keeps it in threads.

A page with too little content is handed to the spider (the ``thin_page`` signal), which
decides whether it is a list page: if so it follows its links and marks the item ``list_page``
for ValidatePipeline to drop. This pipeline only extracts.

A page whose extraction runs past ``NEWSCRAWL_EXTRACT_TIMEOUT`` is marked ``extract_timeout``.
In a worker process it is stopped: the pool is killed and replaced (see WorkerPool). A thread
cannot be stopped: the page is given up, but its thread runs on until the page is done and
holds one of the ``NEWSCRAWL_EXTRACT_THREADS`` meanwhile.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from scrapy.exceptions import NotConfigured
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import threads
from twisted.internet.defer import CancelledError as DeferredCancelled
from twisted.internet.defer import Deferred
from twisted.internet.defer import TimeoutError as DeferredTimeout
from twisted.python.failure import Failure
from twisted.python.threadpool import ThreadPool

from newscrawl.config.timezones import zone_info
from newscrawl.crawl import signals as newscrawl_signals
from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.canonical import declared_canonical
from newscrawl.crawl.content_keys import ContentKeys, content_keys
from newscrawl.crawl.items import PageItem
from newscrawl.crawl.worker_pool import TaskTimeout, WorkerPool
from newscrawl.extraction import Article, Rejection, RejectReason, extract
from newscrawl.extraction.metadata.dates import with_timezone
from newscrawl.extraction.registry import canonical_name, get_method

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

EXTRACT_TIMEOUT = "extract_timeout"
T = TypeVar("T")


class PageResult(NamedTuple):
    """What extraction of one page sends back (picklable: it crosses the process boundary)."""

    result: Article | Rejection
    seconds: float
    thin: bool
    keys: ContentKeys | None  # None for a rejection
    canonical: str | None = None  # the URL the page declares for itself (same site only)


def extract_page(
    body: bytes,
    url: str,
    anchor_text: str | None,
    method: str,
    encoding: str | None,
    min_content_weight: int,
    near_dedup: bool,
    fetched_at: datetime | None = None,
    timezone: str | None = None,
    published_since: date | None = None,
) -> PageResult:
    """Extract one page, weigh and hash its content; runs in a worker process or thread.

    The weight and hashes (:mod:`newscrawl.crawl.content_keys`) are computed here and only
    here: they cost the reactor thread nothing (~2-4 ms per article of pure Python there).
    """
    started = time.perf_counter()
    result = extract(
        body,
        url=url,
        anchor_text=anchor_text,
        method=method,
        encoding=encoding,
        fetched_at=fetched_at,
        published_since=published_since,
    )
    seconds = time.perf_counter() - started
    if isinstance(result, Rejection):
        return PageResult(result, seconds, True, None)
    if timezone:  # a local time the page gave without a zone is in the site's zone
        zone = zone_info(timezone)
        result.publish_time = with_timezone(result.publish_time, zone)
        result.modified_time = with_timezone(result.modified_time, zone)
    keys = content_keys(result.content, near_dedup=near_dedup)
    return PageResult(
        result, seconds, keys.weight < min_content_weight, keys, declared_canonical(body, url)
    )


def process_count(value: str | int | None) -> int:
    """``NEWSCRAWL_EXTRACT_PROCESSES``: unset means one per core, 0 means none."""
    if value is None or value == "":
        return os.cpu_count() or 1
    try:
        count = int(value)
    except ValueError:
        raise NotConfigured(
            f"NEWSCRAWL_EXTRACT_PROCESSES must be a whole number, got {value!r}"
        ) from None
    if count < 0:
        raise NotConfigured(f"NEWSCRAWL_EXTRACT_PROCESSES must be >= 0, got {count}")
    return count


class MethodResolver:
    """Maps a requested method name to one that imports, falling back and warning once."""

    def __init__(self, default: str, fallback: str) -> None:
        self.default = default
        self.fallback = fallback
        self._cache: dict[str, str] = {}

    def resolve(self, name: str | None) -> str:
        requested = canonical_name(name or self.default)
        if requested not in self._cache:
            for candidate in dict.fromkeys(
                (requested, canonical_name(self.default), canonical_name(self.fallback))
            ):
                if self._available(candidate):
                    if candidate != requested:
                        logger.warning(
                            "Extraction method %(want)r is not available; using %(got)r",
                            {"want": requested, "got": candidate},
                        )
                    self._cache[requested] = candidate
                    break
            else:
                raise NotConfigured(
                    f"no extraction method available (tried {requested!r}, "
                    f"{self.default!r}, {self.fallback!r})"
                )
        return self._cache[requested]

    @staticmethod
    def _available(name: str) -> bool:
        try:
            get_method(name)
        except (KeyError, ImportError, AttributeError):
            return False
        return True


class ExtractPipeline:
    def __init__(
        self,
        crawler: Crawler,
        *,
        resolver: MethodResolver,
        threads: int,
        min_content_weight: int,
        near_dedup: bool = False,
        processes: int = 0,
        timeout: float = 0.0,
    ) -> None:
        if threads < 1:
            raise NotConfigured("NEWSCRAWL_EXTRACT_THREADS is 0: extraction is off")
        self.crawler = crawler
        self.stats: StatsCollector = crawler.stats
        self.resolver = resolver
        self.min_content_weight = min_content_weight
        self.near_dedup = near_dedup  # the simhash is computed in extract_page
        self.processes = processes
        self.timeout = max(timeout, 0.0)  # 0: no limit
        self.timed_out = 0
        self.workers: WorkerPool | None = None
        # Extraction itself when there are no worker processes.
        self.pool = ThreadPool(minthreads=1, maxthreads=threads, name="newscrawl-extract")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        settings = newscrawl_settings(crawler)
        resolver = MethodResolver(
            settings.get("NEWSCRAWL_METHOD"), settings.get("NEWSCRAWL_FALLBACK_METHOD")
        )
        resolver.resolve(None)  # fail at start, not on the first page, if nothing imports
        return cls(
            crawler,
            resolver=resolver,
            threads=settings.getint("NEWSCRAWL_EXTRACT_THREADS"),
            min_content_weight=settings.getint("NEWSCRAWL_MIN_CONTENT_CHARS"),
            near_dedup=settings.getbool("NEWSCRAWL_DEDUP_NEAR"),
            processes=process_count(settings.get("NEWSCRAWL_EXTRACT_PROCESSES")),
            timeout=settings.getfloat("NEWSCRAWL_EXTRACT_TIMEOUT"),
        )

    def open_spider(self, spider: scrapy.Spider | None = None) -> None:
        if self.processes:
            # spawn, not fork: the crawler process has live threads and a reactor.
            self.workers = WorkerPool(
                self.processes, multiprocessing.get_context("spawn"), timeout=self.timeout
            )
        self.pool.start()

    def close_spider(self, spider: scrapy.Spider | None = None) -> None:
        if self.timed_out:
            self.stats.set_value("newscrawl/extract/timed_out", self.timed_out)
        self.pool.stop()
        if self.workers is not None:
            if self.workers.replaced:  # a worker process died (logged as an error each time)
                self.stats.set_value("newscrawl/extract/pools_replaced", self.workers.replaced)
                self.stats.set_value("newscrawl/extract/pages_retried_alone", self.workers.retried)
            self.workers.shutdown()
            self.workers = None

    async def process_item(self, item: Any, spider: scrapy.Spider | None = None) -> Any:
        if not isinstance(item, PageItem):
            return item
        item.stage = "extract"
        method = self.resolver.resolve(item.method)
        args = (
            item.body,
            item.url,
            item.anchor_text,
            method,
            item.encoding,
            self.min_content_weight,
            self.near_dedup,
            item.fetched_at,
            item.timezone,
            item.published_since,
        )
        try:
            page = await self._extract(item, args)
        except (TaskTimeout, DeferredTimeout):
            self.timed_out += 1
            logger.warning(
                "Extraction of %(url)s took longer than %(s)g s "
                "(NEWSCRAWL_EXTRACT_TIMEOUT); page rejected",
                {"url": item.url, "s": self.timeout},
            )
            item.rejection = EXTRACT_TIMEOUT
            item.rejection_detail = f"extraction took longer than {self.timeout:g} s"
            self.stats.inc_value(f"newscrawl/extract/{method}/rejected")
            return item
        self.stats.inc_value(f"newscrawl/extract/{method}/seconds_x1000", int(page.seconds * 1000))
        if page.thin:
            await self._tell_thin(item)
        if not item.rejection:  # unless the spider found a list page
            self._take(item, page)
        self.stats.inc_value(f"newscrawl/extract/{method}/{'ok' if item.article else 'rejected'}")
        return item

    @staticmethod
    def _take(item: PageItem, page: PageResult) -> None:
        """Put the extraction's outcome on the item: its article (with its content keys) or
        its rejection."""
        if isinstance(page.result, Rejection):
            item.rejection = str(page.result.reason)
            item.rejection_detail = page.result.detail
            return
        item.article = page.result
        item.content_keys = page.keys
        if page.canonical is not None:
            # The article is keyed on the URL the site names for it, whichever copy came.
            item.declared_canonical = True
            if page.canonical != item.url:
                item.fetched_url, item.url = item.url, page.canonical

    async def _extract(self, item: PageItem, args: tuple[Any, ...]) -> PageResult:
        """``extract_page(*args)`` in a worker process, or a thread when there are none;
        raises TaskTimeout or twisted's TimeoutError past the time limit."""
        if self.workers is None:
            return await self._in_thread(extract_page, *args, timeout=self.timeout)
        # Straight to a worker process; its result calls the reactor back, with no
        # thread sitting on the future in between (one thread hand-over less per page).
        try:
            return await maybe_deferred_to_future(
                deferred_from_future(self.workers.submit(extract_page, *args))
            )
        except BrokenProcessPool:
            logger.error(
                "Extraction worker died on %(url)s, also when tried alone; page rejected",
                {"url": item.url},
            )
            return PageResult(
                Rejection(
                    RejectReason.EXTRACTOR_ERROR,
                    "extraction worker process died on this page",
                    args[3],
                    item.url,
                ),
                0.0,
                False,
                None,
            )

    async def _in_thread(self, function: Callable[..., T], *args: Any, timeout: float = 0.0) -> T:
        """``function(*args)`` in one of the pool's threads; past ``timeout`` seconds of its
        own run (not counting the wait for a free thread: a burst of pages queues behind
        the busy ones) twisted's TimeoutError is raised, and the thread runs on with its
        late result dropped."""
        from twisted.internet import reactor

        if timeout <= 0:
            return await maybe_deferred_to_future(
                threads.deferToThreadPool(reactor, self.pool, function, *args)
            )
        clock: list[Any] = []
        clock_reactor: Any = reactor  # typed by zope interfaces mypy does not read

        def start_clock() -> None:  # in the reactor thread, once a thread has the page
            if not deferred.called:
                clock.append(clock_reactor.callLater(timeout, deferred.cancel))

        def timed() -> T:
            reactor.callFromThread(start_clock)
            return function(*args)

        deferred = threads.deferToThreadPool(reactor, self.pool, timed)
        try:
            return await maybe_deferred_to_future(deferred)
        except DeferredCancelled as error:
            raise DeferredTimeout(f"ran past {timeout:g} s") from error
        finally:
            for call in clock:
                if call.active():
                    call.cancel()

    async def _tell_thin(self, item: PageItem) -> None:
        """Send ``thin_page`` and wait for its handlers (the spider); an error of one is the
        item's error, not only a log line."""
        results = await maybe_deferred_to_future(
            self.crawler.signals.send_catch_log_deferred(newscrawl_signals.thin_page, item=item)
        )
        for _receiver, outcome in results:
            if isinstance(outcome, Failure):
                outcome.raiseException()


def deferred_from_future(future: Future[T]) -> Deferred[T]:
    """A Deferred that fires in the reactor thread when ``future`` (of an executor) is done."""
    from twisted.internet import reactor

    deferred: Deferred[T] = Deferred()

    def fire(done: Future[T]) -> None:
        if done.cancelled():  # the pool was shut down with the page still queued
            deferred.errback(CancelledError(f"extraction cancelled: {done!r}"))
            return
        error = done.exception()
        if error is None:
            deferred.callback(done.result())
        else:
            deferred.errback(error)

    # The callback runs in the executor's thread (or here, if the future is done already).
    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))
    return deferred
