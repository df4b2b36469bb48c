"""ExtractPipeline: run the extraction library on a fetched page, off the reactor thread.

Settings: ``NEWSCRAWL_METHOD`` (used when the site's method is not available),
``NEWSCRAWL_FALLBACK_METHOD``, ``NEWSCRAWL_EXTRACT_THREADS``, ``NEWSCRAWL_MIN_CONTENT_CHARS``.

A page with too little content is checked for the shape of a list page (many headline links,
no paragraph of its own); if it is one, its links are followed and the item is marked
``list_page`` for ValidatePipeline to drop.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import threads
from twisted.python.threadpool import ThreadPool

from newscrawl import defaults
from newscrawl.crawl.classify import looks_like_list_page, text_weight
from newscrawl.crawl.dedup import simhash
from newscrawl.crawl.items import PageItem
from newscrawl.crawl.meta import CrawlMeta
from newscrawl.extraction import Article, Rejection, extract
from newscrawl.extraction.registry import canonical_name, get_method

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

LIST_PAGE = "list_page"


class MethodResolver:
    """Maps a requested method name to one that imports, falling back and warning once."""

    def __init__(self, default: str, fallback: str) -> None:
        self.default = default
        self.fallback = fallback
        self._cache: dict[str, str] = {}

    def resolve(self, name: str | None) -> str:
        requested = canonical_name(name or self.default)
        if requested not in self._cache:
            for candidate in dict.fromkeys((requested, canonical_name(self.default),
                                            canonical_name(self.fallback))):
                if self._available(candidate):
                    if candidate != requested:
                        logger.warning("Extraction method %(want)r is not available; using "
                                       "%(got)r", {"want": requested, "got": candidate})
                    self._cache[requested] = candidate
                    break
            else:
                raise NotConfigured(f"no extraction method available (tried {requested!r}, "
                                    f"{self.default!r}, {self.fallback!r})")
        return self._cache[requested]

    @staticmethod
    def _available(name: str) -> bool:
        try:
            get_method(name)
        except (KeyError, ImportError, AttributeError):
            return False
        return True


class ExtractPipeline:
    def __init__(self, crawler: Crawler, *, resolver: MethodResolver, threads: int,
                 min_content_weight: int, near_dedup: bool = False) -> None:
        if threads < 1:
            raise NotConfigured("NEWSCRAWL_EXTRACT_THREADS is 0: extraction is off")
        self.crawler = crawler
        self.stats: StatsCollector = crawler.stats  # type: ignore[assignment]
        self.resolver = resolver
        self.min_content_weight = min_content_weight
        # The simhash costs ~9 ms of Python per article: computed here, off the reactor thread.
        self.near_dedup = near_dedup
        self.pool = ThreadPool(minthreads=1, maxthreads=threads, name="newscrawl-extract")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        settings = crawler.settings
        resolver = MethodResolver(
            settings.get("NEWSCRAWL_METHOD", defaults.NEWSCRAWL_METHOD),
            settings.get("NEWSCRAWL_FALLBACK_METHOD", defaults.NEWSCRAWL_FALLBACK_METHOD))
        resolver.resolve(None)  # fail at start, not on the first page, if nothing imports
        return cls(crawler, resolver=resolver,
                   threads=settings.getint("NEWSCRAWL_EXTRACT_THREADS",
                                           defaults.NEWSCRAWL_EXTRACT_THREADS),
                   min_content_weight=settings.getint("NEWSCRAWL_MIN_CONTENT_CHARS",
                                                      defaults.NEWSCRAWL_MIN_CONTENT_CHARS),
                   near_dedup=settings.getbool("NEWSCRAWL_DEDUP_NEAR",
                                               defaults.NEWSCRAWL_DEDUP_NEAR))

    def open_spider(self, spider: scrapy.Spider) -> None:
        self.pool.start()

    def close_spider(self, spider: scrapy.Spider) -> None:
        self.pool.stop()

    async def process_item(self, item: Any, spider: scrapy.Spider) -> Any:
        if not isinstance(item, PageItem):
            return item
        from twisted.internet import reactor

        method = self.resolver.resolve(item.method)
        deferred = threads.deferToThreadPool(reactor, self.pool,  # type: ignore[arg-type]
                                             self._extract, item, method, spider)
        result, seconds, follow = await maybe_deferred_to_future(deferred)
        self.stats.inc_value(f"newscrawl/extract/{method}/seconds_x1000", int(seconds * 1000))
        if follow is not None:
            item.rejection = LIST_PAGE
            item.rejection_detail = f"{len(follow)} links followed"
            for request in follow:
                self.crawler.engine.crawl(request)  # type: ignore[union-attr]
        elif isinstance(result, Rejection):
            item.rejection = str(result.reason)
            item.rejection_detail = result.detail
        else:
            item.article = result
        self.stats.inc_value(f"newscrawl/extract/{method}/{'ok' if item.article else 'rejected'}")
        return item

    def _extract(self, item: PageItem, method: str, spider: scrapy.Spider,
                 ) -> tuple[Article | Rejection, float, list[scrapy.Request] | None]:
        """In a worker thread: extract; for a thin result, check whether it is a list page."""
        started = time.perf_counter()
        result = extract(item.body, url=item.url, anchor_text=item.anchor_text, method=method,
                         encoding=item.encoding)
        seconds = time.perf_counter() - started
        thin = (isinstance(result, Rejection)
                or text_weight(result.content) < self.min_content_weight)
        follow_from_page = getattr(spider, "list_requests_from_page", None)
        if thin and follow_from_page is not None:
            meta: CrawlMeta = {"site": item.site, "kind": "list", "depth": item.depth, "page": 1}
            shape, requests = follow_from_page(item.url, item.body, meta, item.encoding)
            if looks_like_list_page(shape.headline_links, shape.longest_own_block):
                return result, seconds, requests
        if self.near_dedup and isinstance(result, Article):
            item.simhash = simhash(result.content)
        return result, seconds, None
