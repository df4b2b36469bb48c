"""CrawlReport extension: a progress line every few seconds and a per-site summary at close.

Settings: ``NEWSCRAWL_PROGRESS_INTERVAL`` (0 turns the progress line off),
``NEWSCRAWL_SUMMARY_MAX_ROWS``. The summary totals are also put in the stats
(``newscrawl/summary/...``) for tools that read them.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.http import Request, Response
from twisted.internet import task
from twisted.python.failure import Failure

from newscrawl import defaults

from . import signals as newscrawl_signals
from .items import PageItem
from .meta import crawl_meta
from .pipelines.validate import Rejected
from .report import CrawlTally, progress_line, summary_table

if TYPE_CHECKING:
    from typing import Self

    import scrapy
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)


class CrawlReport:
    def __init__(self, crawler: Crawler, *, interval: float, max_rows: int) -> None:
        self.crawler = crawler
        self.interval = interval
        self.max_rows = max_rows
        self.tally = CrawlTally()
        self.started = time.monotonic()
        self._last = (0, 0)
        self._loop: task.LoopingCall | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = crawler.settings
        report = cls(crawler,
                     interval=s.getfloat("NEWSCRAWL_PROGRESS_INTERVAL",
                                         defaults.NEWSCRAWL_PROGRESS_INTERVAL),
                     max_rows=s.getint("NEWSCRAWL_SUMMARY_MAX_ROWS",
                                       defaults.NEWSCRAWL_SUMMARY_MAX_ROWS))
        connect = crawler.signals.connect
        connect(report.spider_opened, signal=signals.spider_opened)
        connect(report.spider_closed, signal=signals.spider_closed)
        connect(report.response_received, signal=signals.response_received)
        connect(report.item_scraped, signal=signals.item_scraped)
        connect(report.item_dropped, signal=signals.item_dropped)
        connect(report.fetch_failed, signal=newscrawl_signals.fetch_failed)
        return report

    # --- signal handlers ---------------------------------------------------------------------
    def spider_opened(self, spider: scrapy.Spider) -> None:
        self.started = time.monotonic()
        if self.interval > 0:
            self._loop = task.LoopingCall(self.log_progress)
            self._loop.start(self.interval, now=False)

    def response_received(self, response: Response, request: Request,
                          spider: scrapy.Spider) -> None:
        site = crawl_meta(request.meta).get("site")
        if site:
            self.tally.site(site).pages += 1

    def fetch_failed(self, request: Request, failure: Failure, spider: scrapy.Spider) -> None:
        site = crawl_meta(request.meta).get("site")
        if site:
            self.tally.site(site).errors += 1

    def item_scraped(self, item: Any, spider: scrapy.Spider) -> None:
        if isinstance(item, PageItem):
            tally = self.tally.site(item.site)
            tally.articles += 1
            tally.methods[item.article.method if item.article else item.method] += 1

    def item_dropped(self, item: Any, response: Response, exception: BaseException,
                     spider: scrapy.Spider) -> None:
        if isinstance(item, PageItem):
            reason = (exception.reason if isinstance(exception, Rejected)
                      else type(exception).__name__)
            self.tally.site(item.site).rejected[reason] += 1

    def spider_closed(self, spider: scrapy.Spider, reason: str) -> None:
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        elapsed = time.monotonic() - self.started
        stats = self.crawler.stats
        if stats is not None:
            stats.set_value("newscrawl/summary/pages", self.tally.pages)
            stats.set_value("newscrawl/summary/articles", self.tally.articles)
            stats.set_value("newscrawl/summary/rejected", self.tally.rejected)
        logger.info("Crawl finished (%(reason)s) in %(elapsed).1f s: %(line)s\n%(table)s",
                    {"reason": reason, "elapsed": elapsed,
                     "line": progress_line(self.tally, elapsed=elapsed, pages_before=0,
                                           articles_before=0, interval=elapsed),
                     "table": summary_table(self.tally, max_rows=self.max_rows)})

    def log_progress(self) -> None:
        elapsed = time.monotonic() - self.started
        logger.info("Progress: %(line)s", {"line": progress_line(
            self.tally, elapsed=elapsed, pages_before=self._last[0],
            articles_before=self._last[1], interval=self.interval)})
        self._last = (self.tally.pages, self.tally.articles)
