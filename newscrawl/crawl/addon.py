"""NewscrawlAddon: wires the newscrawl components into Scrapy (``ADDONS`` in settings.py).

Everything is set at the "addon" priority, so ``settings.py``, ``-s NAME=VALUE`` and the
spider's ``custom_settings`` still override it. Every ``NEWSCRAWL_*`` default is installed here
(from newscrawl/defaults.py); components read them through :func:`newscrawl_settings`, never
restating one. When ``NEWSCRAWL_REDIS_URL`` is set, the
Redis scheduler and dupefilter of :mod:`newscrawl.distributed` are switched on.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured

from newscrawl.defaults import NEWSCRAWL_DEFAULTS, SCRAPY_DEFAULTS

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)

PRIORITY = "addon"
ITEM_PIPELINES = {
    "newscrawl.crawl.pipelines.extract.ExtractPipeline": 300,
    "newscrawl.crawl.pipelines.validate.ValidatePipeline": 400,
    "newscrawl.crawl.pipelines.store.StorePipeline": 500,
}
EXTENSIONS = {
    "newscrawl.crawl.extensions.CrawlReport": 500,
    "newscrawl.crawl.health.SiteHealthRecorder": 510,
    # after the health records, so the page can show this crawl's
    "newscrawl.crawl.report_page.CrawlReportPage": 520,
}
# robots.txt and retries: Scrapy's, counted and logged one line per failure, in their places;
# HostHealth just above Retry, so it sees a failure before Retry decides.
DOWNLOADER_MIDDLEWARES = {
    # Scrapy's meta-refresh check decodes every page; ours looks at the bytes first.
    "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
    "newscrawl.crawl.middlewares.HeadMetaRefreshMiddleware": 580,
    # Before robots.txt (100): a request it rewrites goes back to the scheduler at once.
    "newscrawl.crawl.dust.DustRulesMiddleware": 50,
    "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
    "newscrawl.crawl.robotstxt.SharedRobotsTxtMiddleware": 100,
    "newscrawl.crawl.hosthealth.HostHealthMiddleware": 560,
}


class NewscrawlAddon:
    def update_settings(self, settings: BaseSettings) -> None:
        install_defaults(settings)
        # Rejections are expected in bulk; they are counted in stats and the summary instead.
        settings.set("DEFAULT_DROPITEM_LOG_LEVEL", "DEBUG", priority=PRIORITY)
        for component, order in ITEM_PIPELINES.items():
            settings["ITEM_PIPELINES"][component] = order
        for component, order in EXTENSIONS.items():
            settings["EXTENSIONS"][component] = order
        for component, middleware_order in DOWNLOADER_MIDDLEWARES.items():
            settings["DOWNLOADER_MIDDLEWARES"][component] = middleware_order
        if settings.get("NEWSCRAWL_REDIS_URL"):
            from newscrawl.distributed.addon import apply_distributed_settings

            apply_distributed_settings(settings)


def install_defaults(settings: BaseSettings) -> None:
    """newscrawl/defaults.py into ``settings`` at the add-on's priority (below settings.py,
    ``-s`` and the environment)."""
    for name, value in {**SCRAPY_DEFAULTS, **NEWSCRAWL_DEFAULTS}.items():
        settings.set(name, value, priority=PRIORITY)


def newscrawl_settings(crawler: Crawler) -> BaseSettings:
    """The crawler's settings, for a ``from_crawler`` to read with no default of its own: every
    ``NEWSCRAWL_*`` default comes from newscrawl/defaults.py through this add-on. Without the
    add-on a setting would read as Scrapy's typed zero, so that is a start-up error instead."""
    settings = crawler.settings
    missing = [name for name in NEWSCRAWL_DEFAULTS if name not in settings]
    if missing:
        raise NotConfigured(
            f"newscrawl settings {', '.join(missing[:3])}... have no value: "
            f"enable the add-on, ADDONS = {{'{__name__}.NewscrawlAddon': 0}}"
        )
    return settings
