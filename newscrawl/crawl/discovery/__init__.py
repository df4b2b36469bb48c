"""Where article URLs come from: links on list pages, RSS/Atom feeds, sitemaps, robots.txt."""

from .feeds import FeedEntry, parse_feed
from .links import Link, PageShape, extract_links, page_shape
from .robots import sitemaps_from_robots
from .sitemaps import SitemapEntry, parse_sitemap

__all__ = [
    "FeedEntry",
    "Link",
    "PageShape",
    "SitemapEntry",
    "extract_links",
    "page_shape",
    "parse_feed",
    "parse_sitemap",
    "sitemaps_from_robots",
]
