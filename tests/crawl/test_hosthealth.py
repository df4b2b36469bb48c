"""HostHealthMiddleware: a host that fails in a way that will not heal is marked down once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from scrapy import Request, Spider
from scrapy import signals as scrapy_signals
from scrapy.http import Response
from scrapy.utils.misc import build_from_crawler
from twisted.internet import error as net_error

from newscrawl.crawl import signals
from newscrawl.crawl.hosthealth import HostDown, HostHealthMiddleware, retry_after_seconds
from newscrawl.crawl.meta import META_KEY
from tests.crawlers import newscrawl_crawler


@pytest.fixture
def crawler():
    return newscrawl_crawler(
        Spider, {"NEWSCRAWL_HOST_DOWN_AFTER": 2, "NEWSCRAWL_HOST_DOWN_AFTER_TIMEOUTS": 3}
    )


@pytest.fixture
def middleware(crawler) -> HostHealthMiddleware:
    return build_from_crawler(HostHealthMiddleware, crawler)


def request(url: str, site: str = "alpha") -> Request:
    return Request(url, meta={META_KEY: {"site": site, "kind": "article"}})


def test_a_host_whose_name_fails_twice_is_down_and_its_requests_are_dropped(crawler, middleware):
    downs = []
    crawler.signals.connect(lambda **kw: downs.append(kw), signal=signals.host_down, weak=False)
    spider = Spider("s")
    first = request("http://gone.example/a")
    assert middleware.process_exception(first, net_error.DNSLookupError("gone"), spider) is None
    assert not first.meta.get("dont_retry")  # one failure: Scrapy may still retry it
    retry = request("http://gone.example/a")
    middleware.process_exception(retry, net_error.DNSLookupError("gone"), spider)
    assert retry.meta["dont_retry"] is True  # the one that tipped it is not retried again
    assert [(d["host"], d["site"], d["reason"]) for d in downs] == [
        ("gone.example", "alpha", "dns x2")
    ]
    with pytest.raises(HostDown, match=r"host gone.example is down \(dns x2\)"):
        middleware.process_request(request("http://gone.example/b"), spider)
    middleware.process_request(request("http://other.example/b"), spider)  # others unaffected
    assert crawler.stats.get_value("newscrawl/dropped/host_down") == 1


def test_a_response_between_failures_keeps_the_host_up(middleware):
    spider = Spider("s")
    url = "http://flaky.example:8080/a"
    for _ in range(3):
        middleware.process_exception(request(url), net_error.ConnectionRefusedError(), spider)
        middleware.process_response(request(url), Response(url, status=503), spider)
    middleware.process_request(request(url), spider)
    assert not middleware.is_down("flaky.example:8080")


def test_timeouts_need_their_own_longer_run(middleware):
    spider = Spider("s")
    url = "http://slow.example/a"
    middleware.process_exception(request(url), net_error.TimeoutError(), spider)
    middleware.process_exception(request(url), net_error.TimeoutError(), spider)
    assert not middleware.is_down("slow.example")
    middleware.process_exception(request(url), net_error.TimeoutError(), spider)
    assert middleware.is_down("slow.example")


def test_failures_that_may_heal_never_mark_a_host_down(middleware):
    spider = Spider("s")
    url = "http://reset.example/a"
    for _ in range(5):
        middleware.process_exception(request(url), net_error.ConnectionLost(), spider)
    assert not middleware.is_down("reset.example")


def test_requests_in_flight_when_the_host_went_down_are_not_retried(middleware):
    spider = Spider("s")
    for _ in range(2):
        middleware.process_exception(
            request("http://gone.example/a"), net_error.DNSLookupError("gone"), spider
        )
    late = request("http://gone.example/c")
    middleware.process_exception(late, net_error.DNSLookupError("gone"), spider)
    assert late.meta["dont_retry"] is True


def test_the_site_of_a_request_without_meta_comes_from_the_scheduled_requests(crawler, middleware):
    downs = []
    crawler.signals.connect(
        lambda **kw: downs.append(kw["site"]), signal=signals.host_down, weak=False
    )
    spider = Spider("s")
    crawler.signals.send_catch_log(
        signal=scrapy_signals.request_scheduled,
        request=request("http://gone.example/", site="beta"),
        spider=spider,
    )
    robots = Request("http://gone.example/robots.txt")  # the robots middleware's own request
    for _ in range(2):
        middleware.process_exception(robots, net_error.DNSLookupError("gone"), spider)
    assert downs == ["beta"]


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        (b"120", 120.0),
        (b" 1 ", 1.0),
        (b"0", 0.0),
        (None, None),
        (b"", None),
        (b"-3", None),
        (b"soon", None),
        (b"Wed, 32 Oct 2015 07:28:00 GMT", None),
    ],
)
def test_retry_after_seconds(header, seconds):
    assert retry_after_seconds(header) == seconds


SENT = b"Wed, 21 Oct 2015 07:28:00 GMT"


@pytest.mark.parametrize(
    "header",
    [
        b"Wed, 21 Oct 2015 07:30:00 GMT",  # IMF-fixdate, the preferred form
        b"Wednesday, 21-Oct-15 07:30:00 GMT",  # RFC 850, obsolete but to be accepted
        b"Wed Oct 21 07:30:00 2015",  # asctime, likewise
    ],
)
def test_retry_after_as_an_http_date_counts_from_the_responses_own_date(header):
    assert retry_after_seconds(header, date=SENT) == 120.0


def test_retry_after_date_without_a_date_header_counts_from_now():
    now = datetime(2015, 10, 21, 7, 29, 0, tzinfo=UTC)
    assert retry_after_seconds(b"Wed, 21 Oct 2015 07:30:00 GMT", now=now) == 60.0
    assert retry_after_seconds(b"Wed, 21 Oct 2015 07:30:00 GMT", date=b"garbage", now=now) == 60.0


def test_retry_after_date_in_the_past_means_no_wait():
    assert retry_after_seconds(b"Wed, 21 Oct 2015 07:00:00 GMT", date=SENT) == 0.0


def test_a_robots_txt_that_hangs_does_not_mark_its_host_down(middleware):
    """Some servers hang on /robots.txt only; Scrapy's retries of it are no verdict on the host:
    its pages answering starts the count again."""
    spider = Spider("s")
    robots = Request("http://odd.example/robots.txt", meta={"dont_obey_robotstxt": True})
    for _ in range(5):
        middleware.process_exception(robots, net_error.TimeoutError(), spider)
    assert not middleware.is_down("odd.example")
    page = request("http://odd.example/a")
    middleware.process_response(page, Response(page.url), spider)
    for _ in range(2):
        middleware.process_exception(page, net_error.TimeoutError(), spider)
    assert not middleware.is_down("odd.example")
    middleware.process_exception(page, net_error.TimeoutError(), spider)
    assert middleware.is_down("odd.example")


def test_robots_txt_timeouts_then_a_page_timeout_give_the_host_up(middleware):
    """A host whose robots.txt hung and whose first page hangs too is dead: the robots.txt
    timeouts count toward the run (3 timeouts here), a page's completes it."""
    spider = Spider("s")
    robots = Request("http://dead.example/robots.txt", meta={"dont_obey_robotstxt": True})
    for _ in range(2):
        middleware.process_exception(robots, net_error.TimeoutError(), spider)
    assert not middleware.is_down("dead.example")
    middleware.process_exception(request("http://dead.example/"), net_error.TimeoutError(), spider)
    assert middleware.is_down("dead.example")
