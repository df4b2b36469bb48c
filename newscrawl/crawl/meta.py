"""The crawl facts a request carries in ``request.meta["newscrawl"]``.

Plain JSON values only, so requests survive scrapy-redis serialisation unchanged.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

META_KEY = "newscrawl"

PageKind = Literal["list", "article", "feed", "sitemap", "robots"]


class CrawlMeta(TypedDict, total=False):
    site: str
    kind: PageKind
    depth: int  # list hops from a start URL
    page: int  # pagination page number within one list (1 = first page)
    anchor_text: str  # the anchor text chosen for an article request
    anchor_texts: list[str]  # every distinct anchor text seen for it on the linking page


def crawl_meta(meta: dict[str, Any]) -> CrawlMeta:
    value: CrawlMeta = meta.get(META_KEY, {})
    return value
