"""StorePipeline: articles into the news database, batched, off the reactor thread.

Settings: ``NEWSCRAWL_DATABASE_URL``, ``NEWSCRAWL_KEEP_HTML``, ``NEWSCRAWL_DB_BATCH_SIZE``,
``NEWSCRAWL_DB_RETRIES``, ``NEWSCRAWL_DB_RETRY_DELAY``, ``NEWSCRAWL_SPILL_PATH``,
``NEWSCRAWL_DEDUP_EXACT`` (also checks content hashes already in the database),
``NEWSCRAWL_DEDUP_NEAR`` with ``NEWSCRAWL_NEAR_DUP_DAYS`` / ``NEWSCRAWL_NEAR_DUP_STORED_MAX``
(near-duplicates of articles earlier crawls stored: their simhashes are loaded at start).

The database is opened (and pinged) in ``from_crawler``: a database that is down stops the
crawl before the first request. Every database call runs in one dedicated thread, in order.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import threads
from twisted.python.threadpool import ThreadPool

from newscrawl import defaults
from newscrawl.crawl.dedup import NearDuplicateIndex
from newscrawl.crawl.items import PageItem
from newscrawl.storage import (
    ArticleRecord,
    BufferedWriter,
    Storage,
    StorageError,
    open_storage,
)

from .validate import Rejected

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector
    from twisted.internet.defer import Deferred

logger = logging.getLogger(__name__)


def to_record(item: PageItem, *, keep_html: bool) -> ArticleRecord:
    article = item.article
    if article is None:
        raise ValueError(f"item {item.url} has no article to store")
    return ArticleRecord(
        url=item.url, site=item.site, title=article.title, content=article.content,
        anchor_text=item.anchor_text, content_html=article.content_html,
        publish_time=article.publish_time, author=article.author, images=list(article.images),
        lang=article.lang, method=article.method, content_hash=item.content_hash,
        html=item.body if keep_html else None, encoding=item.encoding, fetched_at=item.fetched_at,
        simhash=item.simhash,
    )


@dataclass(frozen=True, slots=True)
class StoredNearDuplicates:
    """Which stored articles a new one is checked against for near-duplicate content."""

    distance: int  # simhash bits (NEWSCRAWL_NEAR_DUP_DISTANCE)
    days: float  # stored in the last this many days
    limit: int  # at most this many, newest first


class StorePipeline:
    def __init__(self, storage: Storage, writer: BufferedWriter, stats: StatsCollector, *,
                 keep_html: bool, dedup_against_database: bool,
                 near_duplicates: StoredNearDuplicates | None = None) -> None:
        self.storage = storage
        self.writer = writer
        self.stats = stats
        self.keep_html = keep_html
        self.dedup_against_database = dedup_against_database
        self.near_duplicates = near_duplicates
        # Simhashes of articles earlier crawls stored (loaded at open); this crawl's own
        # near-duplicates are ValidatePipeline's.
        self.stored_index: NearDuplicateIndex | None = None
        # One thread: the writer's batches and the duplicate lookups stay in order.
        self.pool = ThreadPool(minthreads=1, maxthreads=1, name="newscrawl-db")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = crawler.settings
        keep_html = s.getbool("NEWSCRAWL_KEEP_HTML", defaults.NEWSCRAWL_KEEP_HTML)
        storage = open_storage(s.get("NEWSCRAWL_DATABASE_URL", defaults.NEWSCRAWL_DATABASE_URL),
                               keep_html=keep_html)  # StorageError: fail fast, one line
        writer = BufferedWriter(
            storage,
            batch_size=s.getint("NEWSCRAWL_DB_BATCH_SIZE", defaults.NEWSCRAWL_DB_BATCH_SIZE),
            retries=s.getint("NEWSCRAWL_DB_RETRIES", defaults.NEWSCRAWL_DB_RETRIES),
            retry_delay=s.getfloat("NEWSCRAWL_DB_RETRY_DELAY", defaults.NEWSCRAWL_DB_RETRY_DELAY),
            spill_path=Path(s.get("NEWSCRAWL_SPILL_PATH", defaults.NEWSCRAWL_SPILL_PATH)),
        )
        days = s.getfloat("NEWSCRAWL_NEAR_DUP_DAYS", defaults.NEWSCRAWL_NEAR_DUP_DAYS)
        near = s.getbool("NEWSCRAWL_DEDUP_NEAR", defaults.NEWSCRAWL_DEDUP_NEAR) and days > 0
        return cls(storage, writer, crawler.stats,  # type: ignore[arg-type]
                   keep_html=keep_html,
                   dedup_against_database=s.getbool("NEWSCRAWL_DEDUP_EXACT",
                                                    defaults.NEWSCRAWL_DEDUP_EXACT),
                   near_duplicates=StoredNearDuplicates(
                       distance=s.getint("NEWSCRAWL_NEAR_DUP_DISTANCE",
                                         defaults.NEWSCRAWL_NEAR_DUP_DISTANCE),
                       days=days,
                       limit=s.getint("NEWSCRAWL_NEAR_DUP_STORED_MAX",
                                      defaults.NEWSCRAWL_NEAR_DUP_STORED_MAX),
                   ) if near else None)

    def open_spider(self, spider: scrapy.Spider) -> Deferred[None] | None:
        self.pool.start()
        if self.near_duplicates is None:
            return None
        from twisted.internet import reactor

        return threads.deferToThreadPool(reactor, self.pool,  # type: ignore[arg-type]
                                         self._load_stored_simhashes, self.near_duplicates)

    def _load_stored_simhashes(self, config: StoredNearDuplicates) -> None:
        """In the database thread, before the first item: index recent stored simhashes."""
        since = datetime.now(UTC) - timedelta(days=config.days)
        try:
            stored = self.storage.recent_simhashes(since, config.limit)
        except StorageError as error:
            # The database answered the start-up ping; without the index only near-copies
            # of earlier crawls' articles go undetected, so the crawl goes on, loudly.
            logger.error("Near-duplicates of stored articles will not be detected: %s", error)
            return
        index = NearDuplicateIndex(config.distance)
        for url, value in stored:
            index.add(value, url)
        self.stored_index = index
        self.stats.set_value("newscrawl/db/simhashes_loaded", len(stored))
        logger.info("Loaded %d simhash(es) of articles stored since %s for near-duplicate "
                    "checks", len(stored), since.strftime("%Y-%m-%d %H:%M UTC"))

    def close_spider(self, spider: scrapy.Spider) -> Deferred[None]:
        """Flush the last batch in the database thread; Scrapy waits for the Deferred."""
        from twisted.internet import reactor

        deferred = threads.deferToThreadPool(reactor, self.pool,  # type: ignore[arg-type]
                                             self.writer.close)
        deferred.addBoth(self._closed)
        return deferred

    def _closed(self, result: Any) -> Any:
        self.pool.stop()
        self.storage.close()
        for key, value in self.writer.stats.items():
            self.stats.set_value(f"newscrawl/db/{key}", value)
        return result  # a flush failure (spill file unwritable) stays an error

    async def process_item(self, item: Any, spider: scrapy.Spider) -> Any:
        if not isinstance(item, PageItem):
            return item
        from twisted.internet import reactor

        record = to_record(item, keep_html=self.keep_html)
        found = await maybe_deferred_to_future(threads.deferToThreadPool(
            reactor, self.pool, self._store, record))  # type: ignore[arg-type]
        if found is not None:
            reason, other = found
            self.stats.inc_value(f"newscrawl/rejected/{reason}")
            what = "same" if reason == "duplicate" else "nearly the same"
            raise Rejected(reason, f"{what} content as {other} (in the database)")
        self.stats.inc_value("newscrawl/stored")
        return item

    def _store(self, record: ArticleRecord) -> tuple[str, str] | None:
        """In the database thread: (reason, URL) of a stored article with the same or nearly
        the same content, else buffer the record."""
        if self.stored_index is not None and record.simhash is not None:
            other = self.stored_index.find(record.simhash, record.url)
            if other is not None:
                return "near_duplicate", other
        if self.dedup_against_database and record.content_hash:
            try:
                other = self.storage.has_content_hash(record.content_hash)
            except StorageError as error:
                # The writer retries and spills; the lookup alone is not worth losing the item.
                logger.warning("Duplicate lookup skipped for %(url)s: %(error)s",
                               {"url": record.url, "error": error})
                other = None
            if other is not None and other != record.url:
                return "duplicate", other
        self.writer.add(record)
        return None
