"""Put a spider's start requests (list pages, feeds, sitemaps) into the shared queue.

Used by ``newscrawl seed`` (all sites now) and ``newscrawl schedule`` (each site when its
``recrawl_interval`` has passed). The requests come from the spider itself, built outside any
crawl, and are serialised exactly as the scheduler queues requests, so workers rebuild them with
their own spider instance. They are queued with ``dont_filter=True``: list pages must be fetched
again every round, while the article URLs they lead to go through the persistent seen set.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scrapy import Request, Spider
from scrapy.crawler import Crawler

from newscrawl.distributed import defaults
from newscrawl.distributed.codec import encode_request
from newscrawl.distributed.dupefilter import BloomDupeFilter
from newscrawl.distributed.queue import FairLeaseQueue
from newscrawl.distributed.scheduler import queue_domain

if TYPE_CHECKING:
    from redis import Redis
    from scrapy.settings import Settings

    from newscrawl.config.sites import SiteConfig

logger = logging.getLogger(__name__)

# Seeding never leases, but the queue object wants a lease length; any positive value works.
_UNUSED_LEASE_SECONDS = 1.0


def build_spider(
    spider_cls: type[Spider],
    settings: Settings | dict[str, Any] | None = None,
    **spider_kwargs: Any,
) -> Spider:
    """An instance of ``spider_cls`` bound to an unstarted crawler (for its start requests),
    with the distributed defaults a worker has (the seeder's Bloom filter is sized by them)."""
    crawler = Crawler(spider_cls, settings)
    defaults.install_distributed_defaults(crawler.settings)
    return spider_cls.from_crawler(crawler, **spider_kwargs)


def start_requests(spider: Spider) -> list[Request]:
    """Everything ``spider`` would request at start (its ``start()``)."""

    async def collect() -> list[Any]:
        return [output async for output in spider.start()]

    return [output for output in asyncio.run(collect()) if isinstance(output, Request)]


def site_of(url: str, sites: Sequence[SiteConfig]) -> SiteConfig | None:
    """The site a start URL belongs to: listed as its start/feed/sitemap URL, else by host."""
    for site in sites:
        if url in site.start_urls or url in site.feeds or url in site.sitemaps:
            return site
    host = (urlsplit(url).hostname or "").lower()
    for site in sites:
        for domain in site.allowed_domains:
            if host == domain or host.endswith("." + domain):
                return site
    return None


def site_requests(spider: Spider, sites: Sequence[SiteConfig]) -> dict[str, list[Request]]:
    """Start requests per site: from ``spider.build_start_requests(site)`` when the spider has
    it (NewsSpider), else its whole start output grouped by URL."""
    build = getattr(spider, "build_start_requests", None)
    if build is not None:
        return {site.name: list(build(site)) for site in sites}
    return group_by_site(start_requests(spider), sites)


def spider_sites(spider: Spider) -> list[SiteConfig]:
    """The SiteConfig list a spider crawls (``spider.sites``: dict or sequence)."""
    sites = getattr(spider, "sites", None)
    if isinstance(sites, dict):
        return list(sites.values())
    if sites is None:
        raise ValueError(f"spider {spider.name!r} has no `sites`: cannot tell sites apart")
    return list(sites)


def group_by_site(
    requests: Iterable[Request], sites: Sequence[SiteConfig]
) -> dict[str, list[Request]]:
    """Start requests per site name; a request of no listed site is an error naming its URL."""
    groups: dict[str, list[Request]] = {site.name: [] for site in sites}
    for request in requests:
        site = site_of(request.url, sites)
        if site is None:
            raise ValueError(
                f"start request {request.url} belongs to none of the sites {sorted(groups)}"
            )
        groups[site.name].append(request)
    return groups


class Seeder:
    """Pushes requests of ``spider`` into the queue under ``prefix``."""

    def __init__(self, server: Redis, prefix: str, spider: Spider) -> None:
        self.server = server
        self.prefix = prefix
        self.spider = spider
        self.queue = FairLeaseQueue(server, prefix, lease_seconds=_UNUSED_LEASE_SECONDS)
        # The workers' seen set, with the spider's crawler settings (fingerprinter, Bloom size).
        self.seen = BloomDupeFilter.for_crawler(spider.crawler, server, prefix)

    @classmethod
    def for_spider(
        cls,
        server: Redis,
        spider: Spider,
        prefix_template: str | None = None,
    ) -> Seeder:
        template = prefix_template or defaults.NEWSCRAWL_REDIS_PREFIX
        return cls(server, template % {"spider": spider.name}, spider)

    def push(self, requests: Iterable[Request]) -> int:
        """Queue ``requests`` as list pages (bypassing the dupefilter); returns how many.

        They are recorded in the seen set too, so workers do not fetch them a second time
        when they meet them as links in the same round.
        """
        pushed = 0
        for request in requests:
            request = request.replace(dont_filter=True)
            payload = encode_request(request, self.spider)
            self.seen.request_seen(request)
            self.queue.push(queue_domain(request), payload, request.priority)
            pushed += 1
        return pushed
