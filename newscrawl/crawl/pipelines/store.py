"""StorePipeline: articles into the news database, batched, off the reactor thread.

Settings: ``NEWSCRAWL_DATABASE_URL``, ``NEWSCRAWL_KEEP_HTML``, ``NEWSCRAWL_DB_BATCH_SIZE``,
``NEWSCRAWL_DB_RETRIES``, ``NEWSCRAWL_DB_RETRY_DELAY``, ``NEWSCRAWL_SPILL_PATH``,
``NEWSCRAWL_DEDUP_EXACT`` (also checks content hashes already in the database),
``NEWSCRAWL_DEDUP_NEAR`` with ``NEWSCRAWL_NEAR_DUP_DAYS`` / ``NEWSCRAWL_NEAR_DUP_STORED_MAX``
(near-duplicates of articles earlier crawls stored: their simhashes are loaded at start),
``NEWSCRAWL_DUST_MIN_ALIASES``.

Of two URLs carrying the same article the more canonical one keeps the row
(newscrawl/crawl/canonical.py) and the other is recorded as its alias; a row stored under
the loser is moved to the winner (newscrawl/storage/aliases.py). Aliases that differ from
their canonical URL in one simple way are DUST evidence (newscrawl/crawl/dust.py).

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
from newscrawl.crawl import signals as newscrawl_signals
from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.canonical import more_canonical
from newscrawl.crawl.dedup import NearDuplicateIndex
from newscrawl.crawl.dust import dust_rule
from newscrawl.crawl.items import CopyOf, PageItem
from newscrawl.storage import (
    ArticleRecord,
    BufferedWriter,
    SqlStorage,
    StorageError,
    open_storage,
)

from .validate import Rejected

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.signalmanager import SignalManager
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)


def to_record(item: PageItem, *, keep_html: bool) -> ArticleRecord:
    article = item.article
    if article is None:
        raise ValueError(f"item {item.url} has no article to store")
    return ArticleRecord(
        url=item.url,
        site=item.site,
        title=article.title,
        content=article.content,
        anchor_text=item.anchor_text,
        content_html=article.content_html,
        publish_time=article.publish_time,
        author=article.author,
        editor=article.editor,
        source=article.source,
        modified_time=article.modified_time,
        images=list(article.images),
        lang=article.lang,
        method=article.method,
        content_hash=item.keys.content_hash,
        html=item.body if keep_html else None,
        encoding=item.encoding,
        fetched_at=item.fetched_at,
        simhash=item.keys.simhash,
    )


@dataclass(frozen=True, slots=True)
class StoredNearDuplicates:
    """Which stored articles a new one is checked against for near-duplicate content."""

    distance: int  # simhash bits (NEWSCRAWL_NEAR_DUP_DISTANCE)
    days: float  # stored in the last this many days
    limit: int  # at most this many, newest first


@dataclass(frozen=True, slots=True)
class StoreOutcome:
    """What the database thread did with one item (read back in the reactor thread)."""

    dropped: tuple[str, str] | None = None  # (reason, canonical URL) of a dropped copy
    rekeyed: bool = False  # a stored row moved to the item's more canonical URL
    new_aliases: int = 0
    learned: tuple[tuple[str, str], ...] = ()  # DUST rules (site, rule) that just qualified


class StorePipeline:
    def __init__(
        self,
        storage: SqlStorage,
        writer: BufferedWriter,
        stats: StatsCollector,
        *,
        keep_html: bool,
        dedup_against_database: bool,
        near_duplicates: StoredNearDuplicates | None = None,
        dust_min_aliases: int = defaults.NEWSCRAWL_DUST_MIN_ALIASES,
        signals: SignalManager | None = None,
    ) -> None:
        self.storage = storage
        self.writer = writer
        self.stats = stats
        self.dust_min_aliases = dust_min_aliases
        self.signals = signals
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
        s = newscrawl_settings(crawler)
        keep_html = s.getbool("NEWSCRAWL_KEEP_HTML")
        storage = open_storage(
            s.get("NEWSCRAWL_DATABASE_URL"), keep_html=keep_html
        )  # StorageError: fail fast, one line
        writer = BufferedWriter(
            storage,
            batch_size=s.getint("NEWSCRAWL_DB_BATCH_SIZE"),
            retries=s.getint("NEWSCRAWL_DB_RETRIES"),
            retry_delay=s.getfloat("NEWSCRAWL_DB_RETRY_DELAY"),
            spill_path=Path(s.get("NEWSCRAWL_SPILL_PATH")),
        )
        days = s.getfloat("NEWSCRAWL_NEAR_DUP_DAYS")
        near = s.getbool("NEWSCRAWL_DEDUP_NEAR") and days > 0
        return cls(
            storage,
            writer,
            crawler.stats,
            keep_html=keep_html,
            dedup_against_database=s.getbool("NEWSCRAWL_DEDUP_EXACT"),
            near_duplicates=StoredNearDuplicates(
                distance=s.getint("NEWSCRAWL_NEAR_DUP_DISTANCE"),
                days=days,
                limit=s.getint("NEWSCRAWL_NEAR_DUP_STORED_MAX"),
            )
            if near
            else None,
            dust_min_aliases=s.getint("NEWSCRAWL_DUST_MIN_ALIASES"),
            signals=crawler.signals,
        )

    async def open_spider(self, spider: scrapy.Spider | None = None) -> None:
        self.pool.start()
        if self.near_duplicates is None:
            return
        from twisted.internet import reactor

        await maybe_deferred_to_future(
            threads.deferToThreadPool(
                reactor, self.pool, self._load_stored_simhashes, self.near_duplicates
            )
        )

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
        logger.info(
            "Loaded %d simhash(es) of articles stored since %s for near-duplicate checks",
            len(stored),
            since.strftime("%Y-%m-%d %H:%M UTC"),
        )

    async def close_spider(self, spider: scrapy.Spider | None = None) -> None:
        """Flush the last batch in the database thread; Scrapy waits for it."""
        from twisted.internet import reactor

        deferred = threads.deferToThreadPool(reactor, self.pool, self.writer.close)
        deferred.addBoth(self._closed)
        await maybe_deferred_to_future(deferred)

    def _closed(self, result: Any) -> Any:
        self.pool.stop()
        self.storage.close()
        for key, value in self.writer.stats.items():
            self.stats.set_value(f"newscrawl/db/{key}", value)
        return result  # a flush failure (spill file unwritable) stays an error

    async def process_item(self, item: Any, spider: scrapy.Spider | None = None) -> Any:
        if not isinstance(item, PageItem):
            return item
        item.stage = "store"
        from twisted.internet import reactor

        record = to_record(item, keep_html=self.keep_html)
        outcome: StoreOutcome = await maybe_deferred_to_future(
            threads.deferToThreadPool(
                reactor,
                self.pool,
                self._store,
                record,
                item.copy_of,
                item.fetched_url,
                item.declared_canonical,
            )
        )
        if outcome.new_aliases:
            self.stats.inc_value("newscrawl/canonical/aliases", outcome.new_aliases)
        if outcome.rekeyed:
            self.stats.inc_value("newscrawl/canonical/rekeyed")
        for site, rule in outcome.learned:
            self.stats.inc_value("newscrawl/dust/rules_learned")
            if self.signals is not None:
                self.signals.send_catch_log(
                    newscrawl_signals.dust_rule_learned, site=site, rule=rule
                )
        if outcome.dropped is not None:
            reason, other = outcome.dropped  # counted by CrawlReport, as every drop
            what = "same" if reason == "duplicate" else "nearly the same"
            raise Rejected(reason, f"{what} content as {other}, its canonical URL")
        # A page that took over the row of this crawl's earlier copy is not a new article.
        self.stats.inc_value(
            "newscrawl/canonical/replaced_copies" if item.replaces_copy else "newscrawl/stored"
        )
        return item

    def _store(
        self,
        record: ArticleRecord,
        copy_of: CopyOf | None = None,
        fetched_url: str | None = None,
        declared: bool = False,
    ) -> StoreOutcome:
        """In the database thread: buffer the record under the most canonical URL of its
        article, or record it as an alias of that URL (``dropped``)."""
        learned: list[tuple[str, str]] = []
        aliases = 0
        if fetched_url is not None:  # fetched under another URL than the one it declares
            aliases += self._alias(fetched_url, record.url, record.site, learned)
        # This crawl's copy and an earlier crawl's stored copy may both exist: the record
        # must beat both to keep a row.
        copies = [c for c in (copy_of, self._stored_copy(record, declared)) if c is not None]
        loser = next((c for c in copies if not c.replaces), None)
        if loser is not None:
            aliases += self._alias(record.url, loser.other, record.site, learned)
            return StoreOutcome(
                dropped=(loser.reason, self.storage.aliases.resolve(loser.other)),
                new_aliases=aliases,
                learned=tuple(learned),
            )
        self.writer.add(record)
        rekeyed = False
        for replaced in dict.fromkeys(c.other for c in copies):
            # The other URL's row (if written yet) moves here; if still in a batch, the
            # alias keeps it from being written.
            moved, new_alias = self.storage.aliases.rekey(replaced, record.url, record.site)
            rekeyed = rekeyed or moved
            if new_alias:
                aliases += 1
                self._learn(replaced, record.url, record.site, learned)
        return StoreOutcome(rekeyed=rekeyed, new_aliases=aliases, learned=tuple(learned))

    def _stored_copy(self, record: ArticleRecord, declared: bool) -> CopyOf | None:
        """A stored article (earlier crawls) with the same or nearly the same content."""
        reason, other = "", None
        if self.stored_index is not None and record.simhash is not None:
            other = self.stored_index.find(record.simhash, record.url)
            reason = "near_duplicate"
        if other is None and self.dedup_against_database and record.content_hash:
            try:
                other = self.storage.has_content_hash(record.content_hash)
            except StorageError as error:
                # The writer retries and spills; the lookup alone is not worth losing the item.
                logger.warning(
                    "Duplicate lookup skipped for %(url)s: %(error)s",
                    {"url": record.url, "error": error},
                )
                other = None
            reason = "duplicate"
        if other is None:
            return None
        other = self.storage.aliases.resolve(other)  # it may have been re-keyed since
        if other == record.url:
            return None
        # A stored URL was the best known; whether its page declared it is not kept.
        return CopyOf(reason, other, more_canonical(record.url, declared, other, False))

    def _alias(self, alias: str, canonical: str, site: str, learned: list[tuple[str, str]]) -> int:
        if not self.storage.aliases.record_alias(alias, canonical, site):
            return 0
        self._learn(alias, canonical, site, learned)
        return 1

    def _learn(self, alias: str, canonical: str, site: str, learned: list[tuple[str, str]]) -> None:
        """DUST evidence: one simple rewrite turns ``alias`` into ``canonical``."""
        rule = dust_rule(alias, canonical)
        if rule is not None and self.storage.aliases.note_dust(site, rule) == self.dust_min_aliases:
            learned.append((site, rule))
