"""CrawlReportPage extension: writes the crawl report page when the crawl ends.

Enabled by ``NEWSCRAWL_REPORT_PATH`` (empty: off). The page holds this crawl's articles (first
seen since the crawl started) from ``NEWSCRAWL_DATABASE_URL`` plus what only the running crawl
knows: pages, rejections and failures per site from the :class:`CrawlReport` tally.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from scrapy import signals
from scrapy.exceptions import NotConfigured

from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.storage.errors import describe, mask_url

from .extensions import CrawlReport

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class CrawlReportPage:
    def __init__(self, crawler: Crawler, *, path: Path, database_url: str) -> None:
        self.crawler = crawler
        self.path = path
        self.database_url = database_url
        self.started_at = datetime.now(UTC)
        self.started = time.monotonic()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = newscrawl_settings(crawler)
        path = s.get("NEWSCRAWL_REPORT_PATH")
        if not path:
            raise NotConfigured("NEWSCRAWL_REPORT_PATH is not set")
        page = cls(crawler, path=Path(path), database_url=s.get("NEWSCRAWL_DATABASE_URL"))
        crawler.signals.connect(page.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(page.spider_closed, signal=signals.spider_closed)
        return page

    def spider_opened(self, spider: scrapy.Spider) -> None:
        self.started_at = datetime.now(UTC)
        self.started = time.monotonic()

    def spider_closed(self, spider: scrapy.Spider, reason: str) -> None:
        from newscrawl.reporting.crawl_page import write_crawl_report

        report = self._crawl_report()
        engine = sa.create_engine(self.database_url)
        try:
            write_crawl_report(
                engine,
                self.path,
                since=self.started_at,
                tally=report.tally if report else None,
                elapsed=time.monotonic() - self.started,
                source=f"crawl of {self.started_at:%Y-%m-%d %H:%M} UTC ({reason}),"
                f" {mask_url(engine.url)}",
            )
        except (sa.exc.SQLAlchemyError, OSError) as error:
            # Not a site's failure: the crawl itself is over, so the error is logged and kept
            # in the stats for tools that check a crawl's outcome.
            detail = describe(error) if isinstance(error, sa.exc.SQLAlchemyError) else str(error)
            logger.error("crawl report page %s not written: %s", self.path, detail)
            if self.crawler.stats is not None:
                self.crawler.stats.set_value("newscrawl/report_page/error", detail)
        else:
            logger.info("crawl report page written to %s", self.path)
        finally:
            engine.dispose()

    def _crawl_report(self) -> CrawlReport | None:
        manager = getattr(self.crawler, "extensions", None)
        for extension in getattr(manager, "middlewares", ()):
            if isinstance(extension, CrawlReport):
                return extension
        return None
