"""RobotsAwareDownloader: requests waiting for robots.txt and the robots.txt fetches are not
page downloads in flight (the crawl-level effect is tested on the hostile farm:
tests/crawl/test_hostile_farm.py)."""

from __future__ import annotations

from scrapy import Request, Spider

from newscrawl.crawl.downloader import RobotsAwareDownloader
from newscrawl.crawl.robotstxt import SharedRobotsTxtMiddleware
from tests.crawlers import newscrawl_crawler


def downloader(**settings: object) -> RobotsAwareDownloader:
    crawler = newscrawl_crawler(Spider, {"CONCURRENT_REQUESTS": 4, **settings})
    return RobotsAwareDownloader(crawler)


def in_flight(load: RobotsAwareDownloader, count: int) -> None:
    load.active.update(Request(f"http://h{i}.example/") for i in range(count))


def test_it_finds_the_robots_middleware_that_counts_the_waiting_requests():
    assert isinstance(downloader().robots, SharedRobotsTxtMiddleware)


def test_waiting_requests_do_not_count_as_downloads_in_flight():
    load = downloader()
    in_flight(load, 4)
    assert load.needs_backout()
    assert load.robots is not None
    load.robots.requests_waiting = 1
    assert not load.needs_backout()


def test_beyond_the_bound_waiting_requests_count_again():
    load = downloader(NEWSCRAWL_ROBOTS_WAITING_MAX=2)
    in_flight(load, 7)
    assert load.robots is not None
    load.robots.requests_waiting = 5
    assert load.needs_backout()  # 7 - min(5, 2) = 5 >= 4
    load.robots.requests_waiting = 4
    load.active.pop()
    load.active.pop()
    assert not load.needs_backout()  # 5 - min(4, 2) = 3 < 4


def test_no_robots_middleware_is_scrapys_downloader():
    load = downloader(ROBOTSTXT_OBEY=False)
    in_flight(load, 4)
    assert load.robots is None or load.robots.requests_waiting == 0
    assert load.needs_backout()


def test_robots_txt_fetches_have_a_budget_of_their_own():
    load = downloader(NEWSCRAWL_ROBOTS_FETCHING_MAX=2)
    in_flight(load, 5)
    assert load.robots is not None
    load.robots.robots_fetching = 1
    assert load.needs_backout()  # 5 - 1 = 4 >= 4
    load.robots.robots_fetching = 2
    assert not load.needs_backout()  # 5 - 2 = 3 < 4
    load.robots.robots_fetching = 3
    assert not load.needs_backout()  # beyond the bound they count again: 5 - 2 = 3
    load.active.add(Request("http://h9.example/"))
    assert load.needs_backout()  # 6 - 2 = 4 >= 4
