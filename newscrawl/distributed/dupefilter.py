"""Bounded request dupefilter: scrapy-redis's RFPDupeFilter API on a Redis Bloom filter.

It is also the crawl's persistent *seen set*: it lives across rounds (the scheduler never
clears it), so article URLs fetched in an earlier round are not fetched again, while list pages
and feeds, enqueued with ``dont_filter=True``, bypass it every round.

Settings: ``NEWSCRAWL_REDIS_PREFIX``, ``NEWSCRAWL_BLOOM_CAPACITY``, ``NEWSCRAWL_BLOOM_ERROR_RATE``,
``DUPEFILTER_DEBUG``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.dupefilters import BaseDupeFilter
from scrapy.utils.misc import build_from_crawler, load_object

from newscrawl.distributed.bloom import BloomParams, RedisBloom

if TYPE_CHECKING:
    from redis import Redis
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.utils.request import RequestFingerprinterProtocol

logger = logging.getLogger(__name__)

# Warn once the filter holds this share of its capacity: past it the false-positive rate
# climbs above the configured one (at 2x capacity it is ~20x higher).
CAPACITY_WARNING_SHARE = 0.9
# Read the item counter every this many new URLs, not on each (one GET per 1000 SETBIT calls).
CAPACITY_CHECK_EVERY = 1000
# Fingerprints this worker itself put into the filter are remembered locally: a repeat is
# answered without a Redis round trip (most links on a news page point to pages already seen;
# profiling a worker on a busy machine showed Redis calls at ~35 % of its time). 100k SHA-1
# fingerprints are ~10 MB of Python objects; the set is emptied when full.
LOCAL_CACHE_SIZE = 100_000


def crawler_fingerprinter(crawler: Crawler) -> RequestFingerprinterProtocol:
    """The crawler's request fingerprinter, or one built from its settings if the crawl has
    not started: ``newscrawl seed`` fingerprints start requests with a crawler it never runs.
    """
    try:
        # Scrapy 2.14 and earlier hold None here until the crawl starts; 2.19 raises instead.
        started: RequestFingerprinterProtocol | None = crawler.request_fingerprinter
    except RuntimeError:
        started = None
    if started is not None:
        return started
    fingerprinter_class = load_object(crawler.settings["REQUEST_FINGERPRINTER_CLASS"])
    built: RequestFingerprinterProtocol = build_from_crawler(fingerprinter_class, crawler)
    return built


class BloomDupeFilter(BaseDupeFilter):
    """``request_seen`` answered by a :class:`RedisBloom` keyed ``<prefix>:seen``."""

    def __init__(
        self,
        bloom: RedisBloom,
        fingerprinter: RequestFingerprinterProtocol,
        *,
        debug: bool = False,
    ) -> None:
        self.bloom = bloom
        self.fingerprinter = fingerprinter
        self.debug = debug
        self._warned_full = False
        self._logged_dupe = False
        self._new_since_check = 0
        self._local: set[bytes] = set()

    @classmethod
    def for_crawler(cls, crawler: Crawler, server: Redis, prefix: str) -> BloomDupeFilter:
        settings = crawler.settings
        params = BloomParams(
            settings.getint("NEWSCRAWL_BLOOM_CAPACITY"),
            settings.getfloat("NEWSCRAWL_BLOOM_ERROR_RATE"),
        )
        return cls(
            RedisBloom.shared(server, f"{prefix}:seen", params),
            crawler_fingerprinter(crawler),
            debug=settings.getbool("DUPEFILTER_DEBUG"),
        )

    def request_seen(self, request: Request) -> bool:
        fingerprint = self.fingerprinter.fingerprint(request)
        if fingerprint in self._local:  # we added it to the shared filter ourselves
            return True
        seen = self.bloom.add(fingerprint)
        if len(self._local) >= LOCAL_CACHE_SIZE:
            self._local.clear()
        self._local.add(fingerprint)
        if not seen and not self._warned_full:
            self._new_since_check += 1
            if self._new_since_check >= CAPACITY_CHECK_EVERY:
                self._new_since_check = 0
                self._check_capacity()
        return seen

    def _check_capacity(self) -> None:
        count, capacity = self.bloom.count(), self.bloom.params.capacity
        if count >= CAPACITY_WARNING_SHARE * capacity:
            self._warned_full = True
            logger.warning(
                "Bloom dupefilter %(key)s holds %(count)d of %(capacity)d URLs; raise "
                "NEWSCRAWL_BLOOM_CAPACITY (and start a new key) before false positives skip "
                "new URLs",
                {"key": self.bloom.key, "count": count, "capacity": capacity},
            )

    def clear(self) -> None:
        self._local.clear()
        self.bloom.clear()

    def log(self, request: Request, spider: Spider) -> None:
        if self.debug or not self._logged_dupe:
            logger.debug(
                "Filtered duplicate request: %(request)s",
                {"request": request},
                extra={"spider": spider},
            )
            self._logged_dupe = True
