"""Scrapy's Downloader, with robots.txt traffic left out of the ``CONCURRENT_REQUESTS`` count:
requests that only wait for their host's robots.txt, and the robots.txt fetches themselves.

Every request of a host waits for that host's robots.txt (robotstxt.py), and Scrapy counts a
waiting request as a download in flight from the moment the engine hands it to the downloader.
On a broad crawl, a host whose robots.txt hangs therefore held a global slot for each of its
waiting requests for the robots.txt's timeouts, though none of them had a connection open;
with a few percent of such hosts those waits filled every slot, and the articles of healthy
hosts waited behind them. Here a waiting request does not count toward the engine's back-out,
up to ``NEWSCRAWL_ROBOTS_WAITING_MAX`` of them.

The robots.txt fetches are real connections, but one small file per host, fetched when the
host's first request comes up: at the start of a crawl of thousands of sites, every slot
held one, and with a few percent of hosts that never answer (10 s timeout, one retry) the
crawl stood still, storing nothing, until the dead hosts were through (the first minute of a
5,000-site crawl, docs/benchmarks/hostile.md, run 8). They get a budget of their own:
up to ``NEWSCRAWL_ROBOTS_FETCHING_MAX`` robots.txt fetches in flight do not count either. So
at most ``CONCURRENT_REQUESTS`` page downloads and that many robots.txt fetches are in flight,
and at most ``NEWSCRAWL_ROBOTS_WAITING_MAX`` requests are parked in memory while their
robots.txt comes in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scrapy.core.downloader import Downloader

from newscrawl.crawl.addon import newscrawl_settings

if TYPE_CHECKING:
    from scrapy.crawler import Crawler


class RobotsWaitCounter(Protocol):
    requests_waiting: int
    robots_fetching: int


class RobotsAwareDownloader(Downloader):
    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        # Scrapy builds its downloader from the crawler, not through from_crawler.
        settings = newscrawl_settings(crawler)
        self.waiting_max = settings.getint("NEWSCRAWL_ROBOTS_WAITING_MAX")
        self.fetching_max = settings.getint("NEWSCRAWL_ROBOTS_FETCHING_MAX")
        found = [m for m in self.middleware.middlewares if hasattr(m, "requests_waiting")]
        self.robots: RobotsWaitCounter | None = found[0] if found else None

    def needs_backout(self) -> bool:
        if self.total_concurrency <= 0:  # Scrapy's "no limit"
            return False
        robots = 0
        if self.robots is not None:
            robots = min(self.robots.requests_waiting, self.waiting_max)
            robots += min(self.robots.robots_fetching, self.fetching_max)
        return self.total_concurrency <= len(self.active) - robots
