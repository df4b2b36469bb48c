"""Test spider for the distributed tests: list page -> articles -> neighbour articles.

Takes ``site=URL`` (one test site) or ``sites=FILE`` (a sites.yaml, like NewsSpider) and, like
NewsSpider, exposes ``sites`` and ``build_start_requests(site)`` for seeding.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.http import Response

from newscrawl.config.sites import SiteConfig, load_sites


class SiteSpider(scrapy.Spider):
    name = "dtest"

    def __init__(self, site: str = "", sites: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        configs = (
            load_sites(sites)
            if sites
            else [SiteConfig(name="test", start_urls=(f"{site.rstrip('/')}/list",))]
        )
        self.sites = {config.name: config for config in configs}

    async def start(self) -> Any:
        for site in self.sites.values():
            for request in self.build_start_requests(site):
                yield request

    def build_start_requests(self, site: SiteConfig) -> list[scrapy.Request]:
        return [
            scrapy.Request(url, callback=self.parse, dont_filter=True) for url in site.start_urls
        ]

    def parse(self, response: Response) -> Iterator[scrapy.Request]:
        for href in response.css("a::attr(href)").getall():
            if href.startswith("/a/"):
                yield response.follow(href, callback=self.parse_article)
            else:
                yield response.follow(href, callback=self.parse)

    def parse_article(self, response: Response) -> Iterator[Any]:
        yield {"url": response.url, "title": response.css("h1::text").get()}
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse_article)
