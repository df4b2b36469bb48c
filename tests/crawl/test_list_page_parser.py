"""List pages are parsed by the extraction library's parser (dom.parse_html): a page that
closes its document early, carries NUL bytes or starts with an XML declaration yields the
same links as the clean page; an empty page yields none and raises nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scrapy.http import HtmlResponse

from newscrawl.crawl.classify import HEADLINE_MIN_WEIGHT
from newscrawl.crawl.discovery import extract_links, page_shape
from newscrawl.crawl.meta import META_KEY
from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.extraction.dom import parse_html
from tests.crawlers import newscrawl_crawler
from tests.farm import FarmModel, write_sites_file
from tests.property import examples

HOME = "http://s000.farm.test/"


@pytest.fixture
def spider(tmp_path) -> tuple[NewsSpider, FarmModel]:
    model = FarmModel(1, 6)
    sites = write_sites_file(model, tmp_path / "sites.yaml")
    return NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sites=str(sites)), model


def _requests(spider: NewsSpider, body: bytes) -> list[tuple[str, str]]:
    home = next(r for r in spider.start_requests() if r.url == HOME)
    response = HtmlResponse(HOME, body=body, encoding="utf-8", request=home)
    return sorted((r.url, r.meta[META_KEY]["kind"]) for r in spider.parse_list(response))


@pytest.mark.parametrize(
    "damage",
    [
        # A template that closes the document right after <body>: every link follows it.
        pytest.param(lambda body: body.replace(b"<body>", b"<body></body></html>", 1), id="end"),
        pytest.param(lambda body: body.replace(b"<a ", b"\x00<a "), id="nul"),
        pytest.param(lambda body: b'<?xml version="1.0" encoding="utf-8"?>\n' + body, id="xml"),
    ],
)
def test_a_damaged_list_page_yields_the_links_of_the_clean_one(spider, damage):
    spider, model = spider
    body = model.route("s000.farm.test", "/").body
    expected = _requests(spider, body)
    assert any(kind == "article" for _url, kind in expected)
    broken = damage(body)
    assert broken != body
    assert _requests(spider, broken) == expected


@pytest.mark.parametrize("body", [b"", b"   \n", b"\x00\x00"])
def test_an_empty_list_page_yields_nothing(spider, body):
    spider, _model = spider
    assert _requests(spider, body) == []


def test_links_after_a_premature_document_end_are_kept():
    tree = parse_html(
        "<html><body><a href='/a.html'>第一条新闻标题</a></body></html>"
        "<div><a href='/b.html'>第二条新闻标题</a></div></body></html>"
    )
    assert tree is not None
    links = extract_links(tree, HOME)
    assert [link.url for link in links] == [HOME + "a.html", HOME + "b.html"]
    assert page_shape(tree, 4).headline_links == 2


_LINK_SOUP = st.lists(
    st.one_of(
        st.sampled_from(
            ["<a href='/x.html'>", "</a>", "<p>", "<div>", "</body>", "</html>", "<base href='//'>"]
        ),
        st.sampled_from(["<?xml version='1.0'?>", "<noscript>", "<area href='?a'>", "\x00"]),
        st.text(alphabet="新闻标题 abc<>&;'\"=/#:\n\x00", max_size=30),
    ),
    max_size=100,
).map("".join)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_LINK_SOUP, st.text(max_size=2000)))
def test_discovery_never_raises(html):
    tree = parse_html(html)
    if tree is not None:
        for link in extract_links(tree, HOME):
            assert link.url.startswith(("http://", "https://"))
        page_shape(tree, HEADLINE_MIN_WEIGHT)
