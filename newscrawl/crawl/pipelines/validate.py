"""ValidatePipeline: drop what is not a storable article, counting every reason.

Settings: ``NEWSCRAWL_MIN_CONTENT_CHARS``, ``NEWSCRAWL_MIN_TITLE_CHARS``,
``NEWSCRAWL_DEDUP_EXACT``, ``NEWSCRAWL_DEDUP_NEAR``, ``NEWSCRAWL_NEAR_DUP_DISTANCE``.

Reasons: the extraction library's RejectReason values, ``list_page`` (set by the spider) and
``extract_timeout`` (set by ExtractPipeline), ``too_short``, ``no_title``. A copy of another
URL's article (``duplicate``: same content hash; ``near_duplicate``: simhash within the
distance) is not dropped here but marked (``PageItem.copy_of``): StorePipeline decides which
URL is canonical and drops the other copy under those reasons. Every drop is counted once, in
the Scrapy stats ``newscrawl/rejected/<reason>``, by the CrawlReport extension
(newscrawl/crawl/extensions.py), whichever stage raised it.

The content's weight and hashes are read from ``PageItem.content_keys`` (computed in the
extraction worker), never computed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.exceptions import DropItem

from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.canonical import more_canonical
from newscrawl.crawl.dedup import NearDuplicateIndex
from newscrawl.crawl.items import CopyOf, PageItem

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
    def __init__(
        self,
        stats: StatsCollector,
        *,
        min_content_weight: int,
        min_title_chars: int,
        exact: bool,
        near: bool,
        near_distance: int,
    ) -> None:
        self.stats = stats
        self.min_content_weight = min_content_weight
        self.min_title_chars = min_title_chars
        self.exact = exact
        self.near_index = NearDuplicateIndex(near_distance) if near else None
        self.seen_hashes: dict[str, str] = {}
        self.urls: set[str] = set()  # URLs of the articles that passed
        self.declared: set[str] = set()  # those that are their page's declared canonical
        self.superseded: dict[str, str] = {}  # URL -> the more canonical URL that replaced it

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = newscrawl_settings(crawler)
        return cls(
            crawler.stats,
            min_content_weight=s.getint("NEWSCRAWL_MIN_CONTENT_CHARS"),
            min_title_chars=s.getint("NEWSCRAWL_MIN_TITLE_CHARS"),
            exact=s.getbool("NEWSCRAWL_DEDUP_EXACT"),
            near=s.getbool("NEWSCRAWL_DEDUP_NEAR"),
            near_distance=s.getint("NEWSCRAWL_NEAR_DUP_DISTANCE"),
        )

    def process_item(self, item: Any, spider: scrapy.Spider | None = None) -> Any:
        if not isinstance(item, PageItem):
            return item
        item.stage = "validate"
        self.check(item)
        return item

    def check(self, item: PageItem) -> None:
        """Raise :class:`Rejected` unless ``item`` is a complete article; mark copies."""
        if item.rejection or item.article is None:
            raise Rejected(item.rejection or "no_article", item.rejection_detail)
        weight = item.keys.weight
        if weight < self.min_content_weight:
            raise Rejected("too_short", f"{weight} weighted chars")
        if len(item.article.title.strip()) < self.min_title_chars:
            raise Rejected("no_title", repr(item.article.title))
        self.check_copies(item)

    def check_copies(self, item: PageItem) -> None:
        """Mark a page that carries the article of another URL of this crawl (same content
        hash or simhash within the distance) with :class:`CopyOf`: StorePipeline keeps the
        more canonical URL of the two and remembers the other as an alias."""
        reason, other = "", None
        if self.exact:
            first = self.seen_hashes.get(item.keys.content_hash)
            if first is not None:
                reason, other = "duplicate", self._current(first)
        if other is None and self.near_index is not None:
            found = self.near_index.find(self._simhash_of(item), item.url)
            if found is not None:
                reason, other = "near_duplicate", self._current(found)
        if other == item.url:
            return  # the same URL again (a re-visit, or a copy naming it as canonical)
        if other is None:
            if item.fetched_url is not None and item.url in self.urls:
                # Pages with different content name the same canonical URL: a CMS default,
                # not a statement about this article; keep the URL the page was fetched under.
                item.url, item.fetched_url, item.declared_canonical = item.fetched_url, None, False
            self._register(item)
            return
        replaces = more_canonical(item.url, item.declared_canonical, other, other in self.declared)
        item.copy_of = CopyOf(reason, other, replaces)
        if replaces:
            self.superseded[other] = item.url
            self._register(item)

    @staticmethod
    def _simhash_of(item: PageItem) -> int:
        simhash = item.keys.simhash
        if simhash is None:  # extract_page hashes whenever NEWSCRAWL_DEDUP_NEAR is on
            raise ValueError(f"{item.url}: no simhash with NEWSCRAWL_DEDUP_NEAR on")
        return simhash

    def _register(self, item: PageItem) -> None:
        self.urls.add(item.url)
        if item.declared_canonical:
            self.declared.add(item.url)
        if self.exact:
            self.seen_hashes[item.keys.content_hash] = item.url
        if self.near_index is not None:
            self.near_index.add(self._simhash_of(item), item.url)

    def _current(self, url: str) -> str:
        """The URL that now stands for ``url``'s article (after more canonical copies)."""
        while url in self.superseded:
            url = self.superseded[url]
        return url
