"""SharedRobotsTxtMiddleware's bounds on its own robots.txt fetch (the rest is exercised end to
end on the hostile farm: tests/crawl/test_hostile_farm.py)."""

from __future__ import annotations

from scrapy import Request, Spider
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.misc import build_from_crawler

from newscrawl.crawl.robotstxt import SharedRobotsTxtMiddleware
from tests.crawlers import newscrawl_crawler


def middleware(**settings: object) -> SharedRobotsTxtMiddleware:
    crawler = newscrawl_crawler(Spider, {"ROBOTSTXT_OBEY": True, **settings})
    return build_from_crawler(SharedRobotsTxtMiddleware, crawler)


def robots_fetch(url: str = "http://a.example/robots.txt") -> Request:
    """The request Scrapy's robot_parser builds for the middleware's own fetch."""
    return Request(url, meta={"dont_obey_robotstxt": True}, callback=NO_CALLBACK)


def test_its_own_robots_fetch_gets_the_short_timeout_and_one_retry():
    request = robots_fetch()
    middleware(
        DOWNLOAD_TIMEOUT=30, NEWSCRAWL_ROBOTS_TIMEOUT=10, NEWSCRAWL_ROBOTS_RETRY_TIMES=1
    ).process_request(request, Spider("s"))
    assert request.meta["download_timeout"] == 10
    assert request.meta["max_retry_times"] == 1


def test_the_robots_timeout_is_never_longer_than_the_download_timeout():
    request = robots_fetch()
    middleware(DOWNLOAD_TIMEOUT=2, NEWSCRAWL_ROBOTS_TIMEOUT=10).process_request(
        request, Spider("s")
    )
    assert request.meta["download_timeout"] == 2


def test_other_requests_keep_their_bounds():
    request = Request("http://a.example/page.html", meta={"dont_obey_robotstxt": True})
    middleware().process_request(request, Spider("s"))
    assert "download_timeout" not in request.meta and "max_retry_times" not in request.meta
