"""DustRulesMiddleware built from a crawler: rules from the database and learned mid-crawl."""

from __future__ import annotations

import pytest
import scrapy
from scrapy.exceptions import NotConfigured
from scrapy.utils.misc import build_from_crawler

from newscrawl.crawl import signals
from newscrawl.crawl.dust import DustRulesMiddleware
from newscrawl.crawl.meta import META_KEY
from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.storage import open_storage
from tests.crawlers import newscrawl_crawler


def request(url: str, site: str = "a") -> scrapy.Request:
    return scrapy.Request(
        url, meta={META_KEY: {"site": site, "kind": "article", "depth": 1, "page": 1}}
    )


def middleware(tmp_path, **settings):
    crawler = newscrawl_crawler(
        NewsSpider, {"NEWSCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'news.db'}", **settings}
    )
    crawler.stats.open_spider()
    return build_from_crawler(DustRulesMiddleware, crawler), crawler


def test_rules_from_the_database_rewrite_requests_of_their_site_only(tmp_path):
    storage = open_storage(f"sqlite:///{tmp_path / 'news.db'}")
    for _ in range(3):
        storage.aliases.note_dust("a", "param:from")
        storage.aliases.note_dust("a", "host:m.")
    storage.aliases.note_dust("a", "param:ref")  # one alias is not enough evidence
    storage.close()
    mw, crawler = middleware(tmp_path)
    rewritten = mw.process_request(request("http://a.com/1.html?from=home&id=2&ref=x"), None)
    assert rewritten.url == "http://a.com/1.html?id=2&ref=x"
    assert rewritten.meta[META_KEY]["site"] == "a"
    assert mw.process_request(request("http://a.com/1.html?id=2"), None) is None
    assert (
        mw.process_request(request("http://m.a.com/1.html?from=x"), None).url
        == "http://a.com/1.html"
    )
    assert mw.process_request(request("http://b.com/1.html?from=home", site="b"), None) is None
    assert crawler.stats.get_value("newscrawl/dust/rewritten") == 2


def test_a_rule_learned_mid_crawl_applies_at_once(tmp_path):
    mw, crawler = middleware(tmp_path)
    assert mw.process_request(request("http://b.com/1.html?from=home", site="b"), None) is None
    crawler.signals.send_catch_log(signals.dust_rule_learned, site="b", rule="param:from")
    assert (
        mw.process_request(request("http://b.com/1.html?from=home", site="b"), None).url
        == "http://b.com/1.html"
    )


def test_dust_rules_can_be_switched_off(tmp_path):
    with pytest.raises(NotConfigured):
        middleware(tmp_path, NEWSCRAWL_DUST_RULES=False)
