"""CrawlReport extension: a progress line every few seconds and a per-site summary at close.

Settings: ``NEWSCRAWL_PROGRESS_INTERVAL`` (0 turns the progress line off),
``NEWSCRAWL_SUMMARY_MAX_ROWS``. The summary totals are also put in the stats
(``newscrawl/summary/...``) for tools that read them, and every dropped page is counted under
``newscrawl/rejected/<reason>``.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.http import Request, Response
from twisted.internet import task
from twisted.python.failure import Failure

from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.extraction.core import DATES_BEFORE_SITE

from . import signals as newscrawl_signals
from .failures import failure_kind
from .items import PageItem
from .meta import crawl_meta
from .pipelines.validate import Rejected
from .report import CrawlTally, PipelineError, pipeline_error_lines, progress_line, summary_table

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
        s = newscrawl_settings(crawler)
        report = cls(
            crawler,
            interval=s.getfloat("NEWSCRAWL_PROGRESS_INTERVAL"),
            max_rows=s.getint("NEWSCRAWL_SUMMARY_MAX_ROWS"),
        )
        connect = crawler.signals.connect
        connect(report.spider_opened, signal=signals.spider_opened)
        connect(report.spider_closed, signal=signals.spider_closed)
        connect(report.response_received, signal=signals.response_received)
        connect(report.item_scraped, signal=signals.item_scraped)
        connect(report.item_dropped, signal=signals.item_dropped)
        connect(report.fetch_failed, signal=newscrawl_signals.fetch_failed)
        connect(report.item_error, signal=signals.item_error)
        connect(report.request_dropped, signal=newscrawl_signals.request_dropped)
        connect(report.host_down, signal=newscrawl_signals.host_down)
        return report

    # --- signal handlers ---------------------------------------------------------------------
    def spider_opened(self, spider: scrapy.Spider) -> None:
        self.started = time.monotonic()
        if self.interval > 0:
            self._loop = task.LoopingCall(self.log_progress)
            self._loop.start(self.interval, now=False)

    def response_received(
        self, response: Response, request: Request, spider: scrapy.Spider
    ) -> None:
        site = crawl_meta(request.meta).get("site")
        if site:
            self.tally.site(site).pages += 1

    def fetch_failed(
        self,
        request: Request,
        failure: Failure,
        spider: scrapy.Spider,
        kind: str | None = None,
        site: str | None = None,
    ) -> None:
        site = site or crawl_meta(request.meta).get("site") or "(unknown site)"
        self.tally.site(site).failures[kind or failure_kind(failure)] += 1

    def request_dropped(self, request: Request, site: str | None, spider: scrapy.Spider) -> None:
        self.tally.site(site or "(unknown site)").dropped += 1

    def host_down(self, host: str, site: str | None, reason: str, spider: scrapy.Spider) -> None:
        self.tally.site(site or "(unknown site)").down[host] = reason

    def item_error(
        self, item: Any, response: Response | None, spider: scrapy.Spider, failure: Failure | None
    ) -> None:
        """A pipeline stage raised: the page is lost, so it is an error of its site, logged
        in one line with the stage and URL (Scrapy logs the traceback separately)."""
        page = item if isinstance(item, PageItem) else None
        error = PipelineError(
            site=page.site if page else "(unknown site)",
            stage=(page.stage if page else "") or "pipeline",
            url=page.url if page else getattr(response, "url", "(unknown URL)"),
            error=repr(failure.value) if failure is not None else "(no failure given)",
        )
        self.tally.add_pipeline_error(error)
        logger.error("Pipeline error: %(error)s", {"error": error})

    def item_scraped(self, item: Any, spider: scrapy.Spider) -> None:
        if isinstance(item, PageItem) and not item.replaces_copy:
            tally = self.tally.site(item.site)
            tally.articles += 1
            tally.methods[item.article.method if item.article else item.method] += 1
            if item.article is not None:
                tally.dates_before_since += item.article.diagnostics.get(DATES_BEFORE_SITE, 0)

    def item_dropped(
        self, item: Any, response: Response, exception: BaseException, spider: scrapy.Spider
    ) -> None:
        """The one place a rejection is counted, whichever pipeline stage dropped the page."""
        if isinstance(item, PageItem):
            reason = (
                exception.reason if isinstance(exception, Rejected) else type(exception).__name__
            )
            self.tally.site(item.site).rejected[reason] += 1
            if self.crawler.stats is not None:
                self.crawler.stats.inc_value(f"newscrawl/rejected/{reason}")

    def spider_closed(self, spider: scrapy.Spider, reason: str) -> None:
        if self._loop is not None and self._loop.running:
            self._loop.stop()
        elapsed = time.monotonic() - self.started
        stats = self.crawler.stats
        if stats is not None:
            stats.set_value("newscrawl/summary/pages", self.tally.pages)
            stats.set_value("newscrawl/summary/articles", self.tally.articles)
            stats.set_value("newscrawl/summary/rejected", self.tally.rejected)
        self.crawler.signals.send_catch_log(
            newscrawl_signals.crawl_tallied, tally=self.tally, reason=reason
        )
        logger.info(
            "Crawl finished (%(reason)s) in %(elapsed).1f s: %(line)s\n%(table)s",
            {
                "reason": reason,
                "elapsed": elapsed,
                "line": progress_line(
                    self.tally, elapsed=elapsed, pages_before=0, articles_before=0, interval=elapsed
                ),
                "table": "\n".join(
                    filter(
                        None,
                        (
                            summary_table(self.tally, max_rows=self.max_rows),
                            pipeline_error_lines(self.tally),
                        ),
                    )
                ),
            },
        )

    def log_progress(self) -> None:
        elapsed = time.monotonic() - self.started
        logger.info(
            "Progress: %(line)s",
            {
                "line": progress_line(
                    self.tally,
                    elapsed=elapsed,
                    pages_before=self._last[0],
                    articles_before=self._last[1],
                    interval=self.interval,
                )
            },
        )
        self._last = (self.tally.pages, self.tally.articles)
