"""Test spider for the distributed tests: list page -> articles -> neighbour articles."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.http import Response


class SiteSpider(scrapy.Spider):
    name = "dtest"

    def __init__(self, site: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.site = site.rstrip("/")

    def start_requests(self) -> Iterator[scrapy.Request]:
        yield scrapy.Request(f"{self.site}/list", callback=self.parse, dont_filter=True)

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
