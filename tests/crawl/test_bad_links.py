"""A link urllib cannot parse (an unclosed IPv6 host, an overlong host label) is skipped alone:
the list page, feed or robots.txt it sits in still yields every other link (issue 13: one bad
URL must not cost the page)."""

from __future__ import annotations

import pytest
from scrapy.http import HtmlResponse

from newscrawl.crawl.discovery import extract_links
from newscrawl.crawl.discovery.feeds import parse_feed
from newscrawl.crawl.discovery.robots import sitemaps_from_robots
from newscrawl.crawl.meta import META_KEY
from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.extraction.dom import parse_html
from tests.crawlers import newscrawl_crawler
from tests.farm import FarmModel, write_sites_file

BAD_HREFS = (
    "//[oops/y.html",
    "http://[::1",
    "http://[oops]/a",
    "//[",
    "http://" + "a" * 70 + ".s000.farm.test/x.html",
    "http://s000.farm.test:99999999/x",
)
BAD_LINKS = "".join(f"<a href='{href}'>坏链接</a>" for href in BAD_HREFS).encode()


@pytest.fixture
def spider(tmp_path) -> tuple[NewsSpider, FarmModel]:
    model = FarmModel(1, 6)
    sites = write_sites_file(model, tmp_path / "sites.yaml")
    return NewsSpider.from_crawler(newscrawl_crawler(NewsSpider), sites=str(sites)), model


def test_a_list_page_with_bad_links_yields_all_its_good_ones(spider):
    spider, model = spider
    home = next(r for r in spider.start_requests() if r.url == "http://s000.farm.test/")
    served = model.route("s000.farm.test", "/")
    clean = HtmlResponse(home.url, body=served.body, request=home)
    broken = HtmlResponse(
        home.url, body=served.body.replace(b"<body>", b"<body>" + BAD_LINKS), request=home
    )
    assert BAD_LINKS in broken.body
    expected = sorted((r.url, r.meta[META_KEY]["kind"]) for r in spider.parse_list(clean))
    assert expected
    assert sorted((r.url, r.meta[META_KEY]["kind"]) for r in spider.parse_list(broken)) == expected


def test_extract_links_skips_only_the_bad_ones():
    tree = parse_html(
        "<html><body><a href='/ok.html'>好</a>"
        + BAD_LINKS.decode()
        + "<a href='/ok2.html'>也好</a></body></html>"
    )
    assert tree is not None
    urls = [link.url for link in extract_links(tree, "http://s000.farm.test/")]
    assert urls[0] == "http://s000.farm.test/ok.html"
    assert urls[-1] == "http://s000.farm.test/ok2.html"
    assert not any("[" in url for url in urls)


def test_feeds_and_robots_skip_bad_urls():
    feed = (
        b"<rss><channel><item><title>a</title><link>//[oops/a</link></item>"
        b"<item><title>b</title><link>/b.html</link></item></channel></rss>"
    )
    assert [e.url for e in parse_feed(feed, "http://s.test/rss")] == ["http://s.test/b.html"]
    robots = "Sitemap: //[oops/s.xml\nSitemap: /sitemap.xml\n"
    assert sitemaps_from_robots(robots, "http://s.test/") == ["http://s.test/sitemap.xml"]
