"""HeadMetaRefreshMiddleware: Scrapy's meta-refresh redirects, without decoding every page."""

from __future__ import annotations

import pytest
from scrapy import Request, Spider
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware
from scrapy.http import HtmlResponse

from newscrawl.crawl.middlewares import HeadMetaRefreshMiddleware, might_refresh
from tests.crawlers import newscrawl_crawler

REFRESH = b'<html><head><meta http-equiv="Refresh" content="0; url=/moved.html"></head>'
LONG_BODY = b"<body>" + b"<p>" + "新闻正文。".encode() * 3000 + b"</p></body></html>"


@pytest.fixture
def middleware() -> HeadMetaRefreshMiddleware:
    crawler = newscrawl_crawler(Spider, {"METAREFRESH_ENABLED": True})
    return HeadMetaRefreshMiddleware.from_crawler(crawler)


def page(body: bytes, encoding: str = "utf-8") -> HtmlResponse:
    return HtmlResponse(
        "https://news.example/a.html",
        body=body,
        encoding=encoding,
        request=Request("https://news.example/a.html"),
    )


def test_a_refresh_is_followed_as_scrapy_follows_it(middleware):
    request = Request("https://news.example/a.html")
    response = page(REFRESH + LONG_BODY)
    got = middleware.process_response(request, response)
    expected = MetaRefreshMiddleware.from_crawler(
        newscrawl_crawler(Spider, {"METAREFRESH_ENABLED": True})
    ).process_response(request, page(REFRESH + LONG_BODY))
    assert isinstance(got, Request) and isinstance(expected, Request)
    assert got.url == expected.url == "https://news.example/moved.html"


def test_a_page_without_refresh_is_passed_on_undecoded(middleware):
    response = page(b"<html><head><title>t</title></head>" + LONG_BODY)
    assert middleware.process_response(Request(response.url), response) is response
    assert response._cached_ubody is None  # Scrapy's check would have decoded it all


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (REFRESH, True),
        (REFRESH.upper(), True),
        ("<html><head><title>标题</title>".encode("gbk") + b'<meta http-equiv="refresh">', True),
        (REFRESH.decode().encode("utf-16"), True),  # not ASCII-compatible: always checked
        (b"<html><head><title>No</title></head>" + LONG_BODY, False),
        (b"<html>" + b" " * 20000 + b'<meta http-equiv="refresh">', False),  # past 4,096 chars
    ],
)
def test_might_refresh(body, expected):
    assert might_refresh(body) is expected


def test_the_addon_replaces_scrapys_middleware():
    crawler = newscrawl_crawler(Spider)
    crawler._apply_settings()
    middlewares = crawler.settings.getdict("DOWNLOADER_MIDDLEWARES")
    assert middlewares["scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware"] is None
    assert middlewares["newscrawl.crawl.middlewares.HeadMetaRefreshMiddleware"] == 580
