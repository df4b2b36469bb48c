"""The farm itself: what it serves and how publishing between crawl rounds works."""

from __future__ import annotations

import urllib.request

from tests.farm import FarmModel, start_farm


def test_publish_adds_newest_articles_to_home_lists_and_expected():
    model = FarmModel(2, 3, specials=False)
    before = set(model.expected())
    [new] = model.publish("s001", 1)
    site = model.sites[1]
    url = site.base + new.path
    assert set(model.expected()) - before == {url}
    assert new.path.encode() in model.route(site.host, "/").body
    assert model.route(site.host, new.path).status == 200


def test_gbk_pages_keep_their_bytes_and_say_gbk_only_on_some_sites():
    model = FarmModel(4, 40, pool="zh", specials=False)
    gbk = [
        (site, a)
        for site in model.sites
        for a in model.articles(site)
        if a.page.encoding == "gb18030"
    ]
    assert gbk
    headers = {model._article(site, a).content_type for site, a in gbk}
    assert headers == {"text/html; charset=gbk", "text/html"}
    site, article = gbk[0]
    body = model.route(site.host, article.path).body
    assert article.title.encode("gb18030") in body  # served in the page's own encoding


def test_server_answers_by_host_through_the_proxy_and_publishes():
    farm = start_farm(sites=2, articles=3, specials=False)
    try:
        host, port, stop = farm  # the handle unpacks like a tuple
        assert (host, port) == (farm.host, farm.port) and callable(stop)
        assert host == "127.0.0.1" and farm.proxy_url == f"http://127.0.0.1:{port}"
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": farm.proxy_url}))
        with opener.open("http://s001.farm.test/robots.txt", timeout=10) as response:
            assert b"Sitemap: http://s001.farm.test/sitemap.xml" in response.read()
        [new] = farm.publish("s000", 1)
        with opener.open("http://s000.farm.test/", timeout=10) as response:
            assert new.path.encode() in response.read()
    finally:
        farm.stop()
