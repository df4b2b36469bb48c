"""CrawlReportPage as Scrapy builds it: the crawl report written when the spider closes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from scrapy import Spider
from scrapy.extension import ExtensionManager

from newscrawl.crawl.extensions import CrawlReport
from newscrawl.crawl.report_page import CrawlReportPage
from tests.crawlers import newscrawl_crawler

ONLY_OURS = {
    "EXTENSIONS_BASE": {},
    "EXTENSIONS": {
        "newscrawl.crawl.extensions.CrawlReport": 500,
        "newscrawl.crawl.report_page.CrawlReportPage": 510,
    },
    "NEWSCRAWL_SITE_HEALTH": False,
}  # the add-on's SiteHealthRecorder has tests of its own


@pytest.fixture(autouse=True)
def _reactor() -> None:
    """get_crawler needs an installed reactor: Scrapy's default (asyncio) one."""
    from scrapy.utils.reactor import install_reactor, is_reactor_installed

    if not is_reactor_installed():
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")


def built(settings: dict[str, object]) -> tuple[CrawlReportPage, CrawlReport]:
    crawler = newscrawl_crawler(Spider, {**ONLY_OURS, **settings})
    crawler.stats = crawler._create_stats() if crawler.stats is None else crawler.stats
    crawler.extensions = ExtensionManager.from_crawler(crawler)
    found = {type(e): e for e in crawler.extensions.middlewares}
    page, report = found[CrawlReportPage], found[CrawlReport]
    assert isinstance(page, CrawlReportPage) and isinstance(report, CrawlReport)
    return page, report


def test_not_enabled_without_a_path(news_db: str) -> None:
    crawler = newscrawl_crawler(Spider, {**ONLY_OURS, "NEWSCRAWL_DATABASE_URL": news_db})
    manager = ExtensionManager.from_crawler(crawler)
    assert [type(e) for e in manager.middlewares] == [CrawlReport]


def test_writes_the_page_with_the_crawl_tally(news_db: str, tmp_path: Path) -> None:
    out = tmp_path / "reports" / "crawl.html"
    page, report = built({"NEWSCRAWL_REPORT_PATH": str(out), "NEWSCRAWL_DATABASE_URL": news_db})
    page.started_at = datetime(2026, 3, 14, tzinfo=UTC)  # the seeded articles' day
    report.tally.site("delta").failures["dns"] += 2
    report.tally.site("alpha").rejected["no_content"] += 5
    page.spider_closed(Spider("news"), "finished")
    html = out.read_text(encoding="utf-8")
    assert "dead: no page fetched, 2 failures" in html
    assert "no_content" in html and ">alpha<" in html


def test_an_unwritable_path_is_logged_and_kept_in_the_stats(
    news_db: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    page, _ = built(
        {"NEWSCRAWL_REPORT_PATH": str(blocker / "crawl.html"), "NEWSCRAWL_DATABASE_URL": news_db}
    )
    page.spider_closed(Spider("news"), "finished")
    assert f"crawl report page {blocker / 'crawl.html'} not written" in caplog.text
    assert page.crawler.stats is not None
    assert page.crawler.stats.get_value("newscrawl/report_page/error")
