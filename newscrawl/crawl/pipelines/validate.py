"""ValidatePipeline: drop what is not a storable article, counting every reason.

Settings: ``NEWSCRAWL_MIN_CONTENT_CHARS``, ``NEWSCRAWL_MIN_TITLE_CHARS``,
``NEWSCRAWL_DEDUP_EXACT``, ``NEWSCRAWL_DEDUP_NEAR``, ``NEWSCRAWL_NEAR_DUP_DISTANCE``.

Reasons (Scrapy stats ``newscrawl/rejected/<reason>``): the extraction library's
RejectReason values, ``list_page``, ``too_short``, ``no_title``, ``duplicate`` (same content
hash as another URL) and ``near_duplicate`` (simhash within the distance).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.exceptions import DropItem

from newscrawl import defaults
from newscrawl.crawl.classify import text_weight
from newscrawl.crawl.dedup import NearDuplicateIndex, simhash
from newscrawl.crawl.items import PageItem
from newscrawl.storage import content_hash

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector


class Rejected(DropItem):
    """A dropped page; ``reason`` is the stats key suffix."""

    def __init__(self, reason: str, detail: str = "") -> None:
        # Debug level: rejections are expected in bulk and counted in stats and the summary.
        super().__init__(f"{reason}: {detail}" if detail else reason, log_level="DEBUG")
        self.reason = reason


class ValidatePipeline:
    def __init__(self, stats: StatsCollector, *, min_content_weight: int, min_title_chars: int,
                 exact: bool, near: bool, near_distance: int) -> None:
        self.stats = stats
        self.min_content_weight = min_content_weight
        self.min_title_chars = min_title_chars
        self.exact = exact
        self.near_index = NearDuplicateIndex(near_distance) if near else None
        self.seen_hashes: dict[str, str] = {}

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = crawler.settings
        return cls(
            crawler.stats,  # type: ignore[arg-type]
            min_content_weight=s.getint("NEWSCRAWL_MIN_CONTENT_CHARS",
                                        defaults.NEWSCRAWL_MIN_CONTENT_CHARS),
            min_title_chars=s.getint("NEWSCRAWL_MIN_TITLE_CHARS",
                                     defaults.NEWSCRAWL_MIN_TITLE_CHARS),
            exact=s.getbool("NEWSCRAWL_DEDUP_EXACT", defaults.NEWSCRAWL_DEDUP_EXACT),
            near=s.getbool("NEWSCRAWL_DEDUP_NEAR", defaults.NEWSCRAWL_DEDUP_NEAR),
            near_distance=s.getint("NEWSCRAWL_NEAR_DUP_DISTANCE",
                                   defaults.NEWSCRAWL_NEAR_DUP_DISTANCE),
        )

    def process_item(self, item: Any, spider: scrapy.Spider) -> Any:
        if not isinstance(item, PageItem):
            return item
        try:
            self.check(item)
        except Rejected as rejected:
            self.stats.inc_value(f"newscrawl/rejected/{rejected.reason}")
            raise
        return item

    def check(self, item: PageItem) -> None:
        """Raise :class:`Rejected` unless ``item`` is a new, complete article."""
        if item.rejection or item.article is None:
            raise Rejected(item.rejection or "no_article", item.rejection_detail)
        article = item.article
        # ExtractPipeline weighs and hashes the content off the reactor thread.
        weight = (item.content_weight if item.content_weight is not None
                  else text_weight(article.content))
        if weight < self.min_content_weight:
            raise Rejected("too_short", f"{weight} weighted chars")
        if len(article.title.strip()) < self.min_title_chars:
            raise Rejected("no_title", repr(article.title))
        if not item.content_hash:
            item.content_hash = content_hash(article.content)
        if self.exact:
            first = self.seen_hashes.setdefault(item.content_hash, item.url)
            if first != item.url:
                raise Rejected("duplicate", f"same content as {first}")
        if self.near_index is not None:
            value = item.simhash if item.simhash is not None else simhash(article.content)
            other = self.near_index.find(value, item.url)
            if other is not None:
                raise Rejected("near_duplicate", f"nearly the same content as {other}")
            self.near_index.add(value, item.url)
