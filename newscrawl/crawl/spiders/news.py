"""NewsSpider: one generic spider for every site in sites.yaml.

``scrapy crawl news [-a sites=FILE] [-a only=name1,name2]``. Discovery: start (list) pages,
pagination and sub-lists up to the site's ``max_depth``, RSS/Atom feeds, sitemaps (also those
announced in robots.txt, answered from the robots middleware's copy). Article links carry their
anchor text to the item. Request building is in plain methods
(:meth:`NewsSpider.build_start_requests`, :meth:`NewsSpider.follow_links`) so the distributed
spider reuses it; every callback is a spider method and every meta value plain JSON, so
requests survive scrapy-redis serialisation.

Settings: ``NEWSCRAWL_SITES_FILE``, ``NEWSCRAWL_ONLY``, ``NEWSCRAWL_MAX_LIST_PAGES``,
``NEWSCRAWL_FEED_MAX_ITEMS``, ``NEWSCRAWL_FOLLOW_ROBOTS_SITEMAPS``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import scrapy
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Response, TextResponse
from twisted.internet import threads
from twisted.python.failure import Failure
from w3lib.encoding import http_content_type_encoding

from newscrawl import defaults
from newscrawl.config import SiteConfig, SitesFileError, load_sites
from newscrawl.config.fields import suggest
from newscrawl.config.timezones import site_timezone
from newscrawl.crawl import signals
from newscrawl.crawl.addon import install_defaults, newscrawl_settings
from newscrawl.crawl.anchors import choose_anchor
from newscrawl.crawl.classify import (
    HEADLINE_MIN_WEIGHT,
    classify_link,
    is_pagination,
    looks_like_list_page,
)
from newscrawl.crawl.discovery import (
    extract_links,
    page_shape,
    parse_feed,
    parse_sitemap,
    sitemaps_from_robots,
)
from newscrawl.crawl.discovery.feeds import FeedError
from newscrawl.crawl.discovery.links import Link
from newscrawl.crawl.discovery.sitemaps import SitemapError
from newscrawl.crawl.failures import ROBOTS, failure_kind
from newscrawl.crawl.health import sites_to_skip
from newscrawl.crawl.hosthealth import HostDown
from newscrawl.crawl.items import PageItem
from newscrawl.crawl.meta import META_KEY, CrawlMeta, PageKind, crawl_meta
from newscrawl.crawl.netlog import log_fetch_failure
from newscrawl.crawl.robotstxt import RobotsTxtUnavailable
from newscrawl.crawl.urls import canonical_url, host_allowed, host_of, is_http_url
from newscrawl.extraction.dom import parse_html

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings
    from twisted.internet.defer import Deferred

logger = logging.getLogger(__name__)

ROBOTS_FORBIDDEN = "Forbidden by robots.txt"  # Scrapy's RobotsTxtMiddleware's IgnoreRequest

# Scheduler priorities: articles first (they end the work on a URL and keep the queue short),
# then every page that finds articles (start and list pages, feeds, sitemaps) at one level.
# The host queue serves equally idle hosts by priority, so a level of its own for feeds put
# every site with a feed before every site without one: on a 5,000-site crawl the sites with
# only list pages were all left to the last third, whose article rate fell to half
# (docs/benchmarks/hostile.md, run 7).
PRIORITY = {"article": 20, "feed": 10, "sitemap": 10, "robots": 10, "list": 10}
# Rejection reason of a candidate article that turned out to be a list page.
LIST_PAGE = "list_page"


class NewsSpider(scrapy.Spider):
    name = "news"

    def __init__(
        self, sites: str | None = None, only: str | None = None, *args: Any, **kwargs: Any
    ) -> None:
        # Scrapy would silently keep a misspelt ``-a sitez=...`` as an attribute and crawl
        # every site; ``name`` is Scrapy's own keyword.
        check_spider_arguments(kwargs.keys() - {"name"})
        super().__init__(*args, **kwargs)
        self.sites_path = sites
        self.only_arg = only
        self.sites: dict[str, SiteConfig] = {}
        self.max_list_pages = defaults.NEWSCRAWL_MAX_LIST_PAGES
        self.feed_max_items = defaults.NEWSCRAWL_FEED_MAX_ITEMS
        self.follow_robots_sitemaps = defaults.NEWSCRAWL_FOLLOW_ROBOTS_SITEMAPS

    @classmethod
    def update_settings(cls, settings: BaseSettings) -> None:
        super().update_settings(settings)
        # Scrapy creates the spider before it applies the add-ons: the defaults from_crawler
        # reads are installed here too, at the add-on's priority.
        install_defaults(settings)

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        spider = super().from_crawler(crawler, *args, **kwargs)
        settings = newscrawl_settings(crawler)
        path = spider.sites_path or settings.get("NEWSCRAWL_SITES_FILE")
        only = (
            [name.strip() for name in spider.only_arg.split(",") if name.strip()]
            if spider.only_arg
            else settings.getlist("NEWSCRAWL_ONLY") or None
        )
        spider.max_list_pages = settings.getint("NEWSCRAWL_MAX_LIST_PAGES")
        spider.feed_max_items = settings.getint("NEWSCRAWL_FEED_MAX_ITEMS")
        spider.follow_robots_sitemaps = settings.getbool("NEWSCRAWL_FOLLOW_ROBOTS_SITEMAPS")
        sites = load_site_list(path, only)
        skipped = sites_to_skip(settings, sites)
        spider.use_sites([site for site in sites if site.name not in skipped], skipped)
        crawler.signals.connect(spider.thin_page, signal=signals.thin_page)
        return spider

    def use_sites(self, sites: Iterable[SiteConfig], skipped: dict[str, str] | None = None) -> None:
        self.sites = {site.name: site for site in sites}
        domains: list[str] = []
        for site in self.sites.values():
            domains.extend(d for d in site.allowed_domains if d not in domains)
        self.allowed_domains = domains
        if skipped:
            logger.info(
                "Crawling %(n)d site(s); skipping %(k)d dead site(s): %(list)s "
                "(newscrawl sites report)",
                {"n": len(self.sites), "k": len(skipped), "list": skipped_list(skipped)},
            )
        else:
            logger.info("Crawling %(n)d site(s)", {"n": len(self.sites)})

    # --- start -----------------------------------------------------------------------------
    async def start(self) -> AsyncIterator[Any]:
        for request in self.start_requests():
            yield request

    def start_requests(self) -> Iterator[scrapy.Request]:
        for site in self.sites.values():
            yield from self.build_start_requests(site)

    def build_start_requests(self, site: SiteConfig) -> list[scrapy.Request]:
        """robots.txt, sitemaps, feeds and start pages (lists) of one site, in that order: they
        share one priority, and the ones dense in article links go first (the scheduler keeps
        the order of a host's start requests)."""
        requests = []
        if self.follow_robots_sitemaps:  # answered by the robots middleware when it fetched it
            roots = dict.fromkeys(
                urljoin(url, "/robots.txt")
                for url in (*site.start_urls, *site.feeds, *site.sitemaps)
            )
            requests += [self.make_request(url, site, "robots") for url in roots]
        requests += [self.make_request(url, site, "sitemap") for url in site.sitemaps]
        requests += [self.make_request(url, site, "feed") for url in site.feeds]
        requests += [self.make_request(url, site, "list", depth=0) for url in site.start_urls]
        return requests

    def make_request(
        self,
        url: str,
        site: SiteConfig,
        kind: PageKind,
        *,
        depth: int = 0,
        page: int = 1,
        anchor_text: str | None = None,
        anchor_texts: list[str] | None = None,
    ) -> scrapy.Request:
        meta: CrawlMeta = {"site": site.name, "kind": kind, "depth": depth, "page": page}
        if anchor_text:
            meta["anchor_text"] = anchor_text
            meta["anchor_texts"] = anchor_texts or [anchor_text]
        callback = {
            "list": self.parse_list,
            "article": self.parse_article,
            "feed": self.parse_feed,
            "sitemap": self.parse_sitemap,
            "robots": self.parse_robots,
        }[kind]
        extra: dict[str, Any] = {}
        if kind in ("feed", "sitemap", "robots"):
            extra["allow_offsite"] = True  # feeds and sitemaps may live on a CDN host
        return scrapy.Request(
            canonical_url(url),
            callback=callback,
            errback=self.on_error,
            priority=PRIORITY[kind],
            meta={META_KEY: meta, **extra},
        )

    # --- callbacks ---------------------------------------------------------------------------
    def parse_list(self, response: Response) -> Iterator[scrapy.Request]:
        if not isinstance(response, TextResponse):
            return
        tree = parse_html(response.text)
        if tree is not None:
            yield from self.follow_links(extract_links(tree, response.url), response)

    def parse_article(self, response: Response) -> Iterator[PageItem]:
        if not isinstance(response, TextResponse):
            self._count("newscrawl/skipped/not_html")
            return
        meta = crawl_meta(response.meta)
        site = self.site_for(meta)
        content_type = (response.headers.get(b"Content-Type") or b"").decode("latin-1")
        yield PageItem(
            url=canonical_url(response.url),
            site=site.name,
            body=response.body,
            encoding=site.encoding or http_content_type_encoding(content_type),
            anchor_text=meta.get("anchor_text"),
            anchor_texts=list(meta.get("anchor_texts", [])),
            method=site.method,
            depth=meta.get("depth", 0),
            fetched_at=datetime.now(UTC),
            timezone=site_timezone(site.timezone, site.lang),
            published_since=site.since,
        )

    def parse_feed(self, response: Response) -> Iterator[scrapy.Request]:
        site = self.site_for(crawl_meta(response.meta))
        try:
            entries = parse_feed(response.body, response.url)
        except FeedError as error:
            self._bad_document("Feed", "bad_feed", response, site, error)
            return
        for entry in entries[: self.feed_max_items]:
            if self._wanted_article(entry.url, entry.title, site, feed=True):
                yield self.make_request(entry.url, site, "article", anchor_text=entry.title or None)

    def parse_sitemap(self, response: Response) -> Iterator[scrapy.Request]:
        meta = crawl_meta(response.meta)
        site = self.site_for(meta)
        try:
            entries = parse_sitemap(response.body)
        except SitemapError as error:
            self._bad_document("Sitemap", "bad_sitemap", response, site, error)
            return
        for entry in entries[: self.feed_max_items]:
            if entry.is_sitemap:
                yield self.make_request(entry.url, site, "sitemap")
            elif self._wanted_article(entry.url, entry.title, site, feed=False):
                yield self.make_request(entry.url, site, "article", anchor_text=entry.title or None)

    def parse_robots(self, response: Response) -> Iterator[scrapy.Request]:
        if not isinstance(response, TextResponse):
            return
        site = self.site_for(crawl_meta(response.meta))
        for url in sitemaps_from_robots(response.text, response.url):
            yield self.make_request(url, site, "sitemap")

    def on_error(self, failure: Failure) -> None:
        request = failure.request  # type: ignore[attr-defined]
        meta = crawl_meta(request.meta)
        if isinstance(failure.value, HostDown):
            self.crawler.signals.send_catch_log(
                signals.request_dropped, request=request, site=meta.get("site"), spider=self
            )
            return
        if isinstance(failure.value, RobotsTxtUnavailable):
            return  # the robots middleware counted the failed fetch
        if isinstance(failure.value, IgnoreRequest) and str(failure.value) == ROBOTS_FORBIDDEN:
            return  # the site's policy, not a failure: Scrapy counts robotstxt/forbidden
        kind = failure_kind(failure)
        if meta.get("kind") == "robots":
            if kind.startswith("http_4"):
                return  # most hosts have no robots.txt; a 404 is normal
            kind = ROBOTS
        self.crawler.signals.send_catch_log(
            signals.fetch_failed, request=request, failure=failure, spider=self, kind=kind
        )
        log_fetch_failure(logger, request.url, kind, failure, site=meta.get("site"))

    # --- link following ---------------------------------------------------------------------
    def follow_links(self, links: list[Link], response: Response) -> Iterator[scrapy.Request]:
        """Requests for the article and list links of a list page."""
        meta = crawl_meta(response.meta)
        site = self.site_for(meta)
        depth, page = meta.get("depth", 0), meta.get("page", 1)
        groups: dict[str, list[Link]] = {}
        for link in links:
            try:
                url = canonical_url(link.url)
                allowed = is_http_url(url) and host_allowed(host_of(url), site.allowed_domains)
            except ValueError:  # a host urllib or IDNA refuses (label over 63 chars, bad port)
                continue
            if allowed:
                groups.setdefault(url, []).append(link)
        here = canonical_url(response.url)
        for url, same_target in groups.items():
            if url == here:
                continue
            anchor, anchors = choose_anchor(same_target)
            kind = classify_link(url, anchor or "", site)
            if kind == "article":
                yield self.make_request(
                    url, site, "article", depth=depth + 1, anchor_text=anchor, anchor_texts=anchors
                )
            elif kind == "list":
                if any(is_pagination(link.text) for link in same_target):
                    if page < self.max_list_pages:
                        yield self.make_request(url, site, "list", depth=depth, page=page + 1)
                elif depth < site.max_depth:
                    yield self.make_request(url, site, "list", depth=depth + 1)

    # --- thin "articles" that are list pages --------------------------------------------------
    def thin_page(self, item: PageItem) -> Deferred[None]:
        """The ``thin_page`` signal: a candidate article whose content came out thin. If the
        page has the shape of a list page, its links are followed as a list's and the item is
        marked ``list_page``. The page is parsed again, off the reactor thread: measuring the
        shape in the extraction worker, on the tree before cleaning, would cost every page
        13-15 % of its extraction to spare a parse on the few thin ones
        (docs/benchmarks/crawl.md, "Thin pages")."""
        found = threads.deferToThread(self.list_requests_of, item)
        deferred: Deferred[list[scrapy.Request] | None] = found
        return deferred.addCallback(self._follow_list_page, item)

    def list_requests_of(self, item: PageItem) -> list[scrapy.Request] | None:
        """The requests of a fetched "article" that has the shape of a list page (many
        headline links, no paragraph of its own), else None. Followed within the site's
        ``max_depth`` only."""
        meta: CrawlMeta = {"site": item.site, "kind": "list", "depth": item.depth, "page": 1}
        response = TextResponse(
            item.url,
            body=item.body,
            encoding=item.encoding or "",
            request=scrapy.Request(item.url, meta={META_KEY: dict(meta)}),
        )
        tree = parse_html(response.text)
        if tree is None:
            return None
        shape = page_shape(tree, HEADLINE_MIN_WEIGHT)
        if not looks_like_list_page(shape.headline_links, shape.longest_own_block):
            return None
        if item.depth > self.site_for(meta).max_depth:
            return []
        return list(self.follow_links(extract_links(tree, item.url), response))

    def _follow_list_page(self, requests: list[scrapy.Request] | None, item: PageItem) -> None:
        if requests is None:
            return
        item.rejection = LIST_PAGE
        item.rejection_detail = f"{len(requests)} links followed"
        for request in requests:
            self.crawler.engine.crawl(request)

    # --- helpers -----------------------------------------------------------------------------
    def _bad_document(
        self, what: str, stat: str, response: Response, site: SiteConfig, error: Exception
    ) -> None:
        """A feed or sitemap that does not parse: one warning, counted under errors/."""
        logger.warning(
            "%(what)s %(url)s of site %(site)s: %(error)s",
            {"what": what, "url": response.url, "site": site.name, "error": error},
        )
        self._count(f"newscrawl/errors/{stat}")

    def _count(self, key: str) -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(key)

    def site_for(self, meta: CrawlMeta) -> SiteConfig:
        name = meta.get("site")
        try:
            return self.sites[name]  # type: ignore[index]
        except KeyError:
            raise ValueError(f"request for unknown site {name!r} (not in the sites file)") from None

    def _wanted_article(self, url: str, title: str, site: SiteConfig, *, feed: bool) -> bool:
        url = canonical_url(url)
        if not is_http_url(url) or not host_allowed(host_of(url), site.allowed_domains):
            return False
        kind = classify_link(url, title, site)
        # Feed items are articles unless a rule or the URL says otherwise.
        return kind == "article" or (feed and kind is None)


# Spider arguments (``-a NAME=VALUE``) NewsSpider takes, with the form shown in errors.
SPIDER_ARGUMENTS = {"sites": "-a sites=FILE", "only": "-a only=NAME[,NAME...]"}


class SpiderArgumentError(ValueError):
    """A ``-a NAME=VALUE`` the spider does not know; the message lists the known ones."""


def check_spider_arguments(names: Iterable[str]) -> None:
    unknown = sorted(names)
    if unknown:
        hint = suggest(unknown[0], list(SPIDER_ARGUMENTS))
        raise SpiderArgumentError(
            f"unknown spider argument {', '.join(map(repr, unknown))}{hint}; "
            f"known: {', '.join(SPIDER_ARGUMENTS.values())}"
        )


def skipped_list(skipped: dict[str, str], *, shown: int = 10) -> str:
    """``a (dead in the last 3 crawls), b (...)``, the first ``shown`` of them."""
    names = sorted(skipped)
    text = ", ".join(f"{name} ({skipped[name]})" for name in names[:shown])
    return text + (f" and {len(names) - shown} more" if len(names) > shown else "")


def load_site_list(path: str, only: list[str] | None) -> list[SiteConfig]:
    """The sites to crawl; a bad file stops the crawl with every problem listed."""
    try:
        sites = load_sites(path, only=only)
    except SitesFileError as error:
        raise SitesFileError(error.problems) from None
    if not sites:
        raise SitesFileError([f"{path}: no enabled site to crawl"])
    return sites
