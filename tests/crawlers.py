"""Crawlers for component tests, configured as ``scrapy crawl`` configures them."""

from __future__ import annotations

from typing import Any

from scrapy import Spider
from scrapy.crawler import Crawler
from scrapy.utils.test import get_crawler

from newscrawl.crawl.addon import NewscrawlAddon


def newscrawl_crawler(
    spidercls: type[Spider] | None = None, settings: dict[str, Any] | None = None
) -> Crawler:
    """``get_crawler`` with the newscrawl add-on, which installs every ``NEWSCRAWL_*`` default;
    ``settings`` override them as settings.py or ``-s`` would."""
    return get_crawler(spidercls, {"ADDONS": {NewscrawlAddon: 0}, **(settings or {})})
