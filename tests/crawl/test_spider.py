"""NewsSpider request building and callbacks, on farm pages (no network)."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse, Request, TextResponse
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.request import request_from_dict
from twisted.internet.error import DNSLookupError
from twisted.python.failure import Failure

from newscrawl.config import SitesFileError
from newscrawl.crawl import signals
from newscrawl.crawl.hosthealth import HostDown
from newscrawl.crawl.items import PageItem
from newscrawl.crawl.meta import META_KEY
from newscrawl.crawl.robotstxt import RobotsTxtUnavailable
from newscrawl.crawl.spiders.news import PRIORITY, NewsSpider
from tests.crawlers import newscrawl_crawler
from tests.farm import FarmModel, write_sites_file


@pytest.fixture(scope="module")
def model() -> FarmModel:
    return FarmModel(3, 6)


@pytest.fixture
def spider(model, tmp_path) -> NewsSpider:
    sites = write_sites_file(model, tmp_path / "sites.yaml")
    crawler = newscrawl_crawler(NewsSpider, {"NEWSCRAWL_MAX_LIST_PAGES": 3})
    return NewsSpider.from_crawler(crawler, sites=str(sites))


def response_for(model: FarmModel, request: Request) -> HtmlResponse:
    site = model.site_for_host(request.url.split("/")[2])
    path = "/" + request.url.split("/", 3)[3]
    served = model.route(site.host, path)
    return HtmlResponse(
        request.url,
        status=served.status,
        body=served.body,
        request=request,
        headers={"Content-Type": served.content_type},
    )


def test_start_requests_cover_start_urls_feeds_and_robots(spider):
    requests = list(spider.start_requests())
    kinds = sorted((r.url, r.meta[META_KEY]["kind"]) for r in requests)
    assert ("http://s000.farm.test/", "list") in kinds
    assert ("http://s000.farm.test/rss.xml", "feed") in kinds
    assert ("http://s002.farm.test/robots.txt", "robots") in kinds
    assert len(requests) == 3 + 1 + 3


def test_only_argument_selects_sites_and_unknown_names_fail(model, tmp_path):
    sites = write_sites_file(model, tmp_path / "sites.yaml")
    crawler = newscrawl_crawler(NewsSpider)
    spider = NewsSpider.from_crawler(crawler, sites=str(sites), only="s001")
    assert list(spider.sites) == ["s001"]
    with pytest.raises(SitesFileError, match="no site named 'nope'"):
        NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sites=str(sites), only="nope")


def test_home_page_links_become_article_and_list_requests_with_anchors(spider, model):
    home = next(r for r in spider.start_requests() if r.url == "http://s000.farm.test/")
    requests = list(spider.parse_list(response_for(model, home)))
    by_url = {r.url: r.meta[META_KEY] for r in requests}
    specials = model.sites[0].specials
    base = "http://s000.farm.test"
    assert by_url[base + specials["alt_only"].path]["anchor_text"] == specials["alt_only"].title
    assert by_url[base + specials["title_only"].path]["anchor_text"] == specials["title_only"].title
    assert by_url[base + specials["teaser"].path]["anchor_text"] == specials["teaser"].anchor
    assert by_url[base + "/world/"] == {"site": "s000", "kind": "list", "depth": 1, "page": 1}
    assert base + "/about" not in by_url
    assert all(m["site"] == "s000" for m in by_url.values())


def test_pagination_keeps_depth_and_is_capped(spider, model):
    request = spider.make_request(
        "http://s000.farm.test/world/", spider.sites["s000"], "list", depth=2, page=3
    )
    model_big = FarmModel(1, 30, specials=False)
    served = model_big.route("s000.farm.test", "/world/")
    response = HtmlResponse(request.url, body=served.body, request=request)
    kinds = [r.meta[META_KEY]["kind"] for r in spider.parse_list(response)]
    assert "list" not in kinds  # page 3 of at most 3, and depth 2 is the site's max_depth
    assert kinds.count("article") == 6  # 5 of its own + the newest of the other channel


def test_feed_items_use_their_title_as_anchor(spider, model):
    feed = next(r for r in spider.start_requests() if r.url.endswith("rss.xml"))
    requests = list(spider.parse_feed(response_for(model, feed)))
    expected = model.expected()
    assert requests
    for request in requests:
        assert request.meta[META_KEY]["anchor_text"] == expected[request.url][1]


def test_article_item_carries_header_charset_and_anchor(spider, model):
    article = model.articles(model.sites[0])[0]
    request = spider.make_request(
        "http://s000.farm.test" + article.path,
        spider.sites["s000"],
        "article",
        depth=1,
        anchor_text=article.anchor,
    )
    items = list(spider.parse_article(response_for(model, request)))
    assert len(items) == 1 and isinstance(items[0], PageItem)
    assert items[0].anchor_text == article.anchor and items[0].site == "s000"
    assert items[0].encoding in ("utf-8", "gb18030")  # s000 sends a charset header


def test_article_item_carries_the_sites_first_day(spider, model):
    article = model.articles(model.sites[0])[0]
    site = replace(spider.sites["s000"], since=date(2001, 5, 1))
    request = spider.make_request(
        "http://s000.farm.test" + article.path, site, "article", depth=1, anchor_text=None
    )
    spider.sites["s000"] = site
    [item] = list(spider.parse_article(response_for(model, request)))
    assert isinstance(item, PageItem) and item.published_since == date(2001, 5, 1)


def test_the_spider_decides_which_thin_article_is_a_list_page_and_follows_it(spider, model):
    def fetched(path: str) -> PageItem:
        request = spider.make_request(
            "http://s000.farm.test" + path, spider.sites["s000"], "article", depth=1
        )
        [item] = spider.parse_article(response_for(model, request))
        return item

    roundup = fetched("/2024/06/06/weekly-roundup.html")  # a list page linked as an article
    follow = spider.list_requests_of(roundup)
    specials = model.sites[0].specials
    assert follow is not None
    assert "http://s000.farm.test" + specials["roundup_a"].path in {r.url for r in follow}
    assert {r.meta[META_KEY]["depth"] for r in follow} == {2}
    assert spider.list_requests_of(fetched(model.articles(model.sites[0])[0].path)) is None
    roundup.depth = spider.sites["s000"].max_depth + 1  # past the site's depth: not followed
    assert spider.list_requests_of(roundup) == []


def test_requests_survive_scrapy_redis_style_serialisation(spider):
    request = spider.make_request(
        "http://s000.farm.test/2024/05/01/x.html?utm_source=a",
        spider.sites["s000"],
        "article",
        anchor_text="Headline",
    )
    assert request.url == "http://s000.farm.test/2024/05/01/x.html"
    again = request_from_dict(request.to_dict(spider=spider), spider=spider)
    assert again.callback == spider.parse_article and again.meta == request.meta


def test_robots_sitemaps_are_followed(spider):
    request = spider.make_request(
        "http://s001.farm.test/robots.txt", spider.sites["s001"], "robots"
    )
    response = TextResponse(
        request.url,
        body=b"Sitemap: http://s001.farm.test/sitemap.xml\n",
        request=request,
        encoding="utf-8",
    )
    [sitemap] = list(spider.parse_robots(response))
    assert sitemap.meta[META_KEY]["kind"] == "sitemap"


def test_missing_sites_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(SitesFileError, match="cannot read sites file"):
        NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sites=str(tmp_path / "none.yaml"))


def failed(request: Request, error: Exception) -> Failure:
    failure = Failure(error)
    failure.request = request  # what Scrapy sets before calling an errback
    return failure


def test_a_failed_fetch_is_counted_once_by_kind_and_logged_as_one_line(spider, caplog):
    sent = []
    spider.crawler.signals.connect(
        lambda **kw: sent.append(kw), signal=signals.fetch_failed, weak=False
    )
    request = spider.make_request("http://s001.farm.test/", spider.sites["s001"], "list")
    with caplog.at_level(logging.INFO):
        spider.on_error(failed(request, DNSLookupError("s001.farm.test")))
    assert [(kw["request"], kw["kind"]) for kw in sent] == [(request, "dns")]
    [record] = [r for r in caplog.records if r.name == "newscrawl.crawl.spiders.news"]
    assert record.levelname == "WARNING" and record.exc_info is None
    assert record.getMessage().startswith(
        "Fetch failed: host s001.farm.test, dns, http://s001.farm.test/ (site s001): "
    )


def test_what_is_not_a_fetch_failure_is_not_counted_as_one(spider):
    sent, dropped = [], []
    spider.crawler.signals.connect(
        lambda **kw: sent.append(kw), signal=signals.fetch_failed, weak=False
    )
    spider.crawler.signals.connect(
        lambda **kw: dropped.append(kw["site"]), signal=signals.request_dropped, weak=False
    )
    site = spider.sites["s001"]
    article = spider.make_request("http://s001.farm.test/private/x.html", site, "article")
    spider.on_error(failed(article, IgnoreRequest("Forbidden by robots.txt")))  # policy
    robots = spider.make_request("http://s001.farm.test/robots.txt", site, "robots")
    spider.on_error(failed(robots, RobotsTxtUnavailable("counted by the middleware")))
    missing = HtmlResponse(robots.url, status=404, request=robots)
    spider.on_error(failed(robots, HttpError(missing, "Ignoring non-200 response")))
    assert sent == []
    spider.on_error(failed(article, HostDown("s001.farm.test", "dns x2")))
    assert dropped == ["s001"]


def test_a_sites_entry_points_share_one_priority_below_articles_densest_first(spider):
    """Equally idle hosts are served by priority, so a priority of their own for feeds would
    start every site with a feed before any site without one; within a site, robots.txt (for
    its sitemaps), sitemaps and feeds come before the start pages."""
    site = spider.sites["s000"]
    requests = spider.build_start_requests(site)
    assert {r.priority for r in requests} == {PRIORITY["list"]}
    assert PRIORITY["list"] < PRIORITY["article"]
    kinds = [r.meta[META_KEY]["kind"] for r in requests]
    assert kinds.index("robots") < kinds.index("feed") < kinds.index("list")
