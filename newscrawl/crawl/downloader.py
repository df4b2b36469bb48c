"""Scrapy's Downloader, with requests that only wait for their host's robots.txt left out of
the ``CONCURRENT_REQUESTS`` count.

Every request of a host waits for that host's robots.txt (robotstxt.py), and Scrapy counts a
waiting request as a download in flight from the moment the engine hands it to the downloader.
On a broad crawl, a host whose robots.txt hangs therefore held a global slot for each of its
waiting requests for the robots.txt's timeouts, though none of them had a connection open;
with a few percent of such hosts those waits filled every slot, and the articles of healthy
hosts waited behind them.

Here a waiting request does not count toward the engine's back-out, up to
``NEWSCRAWL_ROBOTS_WAITING_MAX`` of them; the robots.txt fetches themselves still count (they
are real connections). So at most ``CONCURRENT_REQUESTS`` downloads are in flight, as before,
and at most that many more requests are parked in memory while their robots.txt comes in: the
bound matters when the queue holds nothing but requests of hosts whose robots.txt is pending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scrapy.core.downloader import Downloader

from newscrawl.crawl.addon import newscrawl_settings

if TYPE_CHECKING:
    from scrapy.crawler import Crawler


class RobotsWaitCounter(Protocol):
    requests_waiting: int


class RobotsAwareDownloader(Downloader):
    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        # Scrapy builds its downloader from the crawler, not through from_crawler.
        self.waiting_max = newscrawl_settings(crawler).getint("NEWSCRAWL_ROBOTS_WAITING_MAX")
        found = [m for m in self.middleware.middlewares if hasattr(m, "requests_waiting")]
        self.robots: RobotsWaitCounter | None = found[0] if found else None

    def needs_backout(self) -> bool:
        if self.total_concurrency <= 0:  # Scrapy's "no limit"
            return False
        waiting = self.robots.requests_waiting if self.robots is not None else 0
        return self.total_concurrency <= len(self.active) - min(waiting, self.waiting_max)
