from __future__ import annotations

import pytest

from newscrawl.crawl.urls import canonical_url, host_allowed, is_tracking_param


@pytest.mark.parametrize(
    ("url", "canonical"),
    [
        (
            "HTTP://Example.COM:80/a//b.html?utm_source=x&b=2&a=1#top",
            "http://example.com/a/b.html?a=1&b=2",
        ),
        (
            "https://news.example.com/x.shtml?spm=1.2.3&fbclid=abc&gclid=z",
            "https://news.example.com/x.shtml",
        ),
        ("https://example.com:443/p?id=7&utm_campaign=c", "https://example.com/p?id=7"),
        ("http://x.cn/新闻/a.html", "http://x.cn/%E6%96%B0%E9%97%BB/a.html"),
        (
            "https://shop.example.com/blog/a?srsltid=AfmBOoq&_hsenc=p2A&mkt_tok=eyJ&page=2",
            "https://shop.example.com/blog/a?page=2",
        ),
        (
            "http://example.com/news/a.jsp;jsessionid=0A1B2C?id=5&PHPSESSID=9f",
            "http://example.com/news/a.jsp?id=5",
        ),
    ],
)
def test_canonical_url_drops_tracking_and_normalises(url, canonical):
    assert canonical_url(url) == canonical


def test_two_spellings_of_one_article_are_one_url():
    assert canonical_url("http://a.com/n/1.html?b=1&a=2&utm_medium=rss") == canonical_url(
        "http://A.com/n/1.html?a=2&b=1#comments"
    )


def test_tracking_params_and_real_params():
    assert is_tracking_param("UTM_SOURCE") and is_tracking_param("spm")
    assert not is_tracking_param("id") and not is_tracking_param("page")


def test_host_allowed_matches_subdomains_only():
    assert host_allowed("news.example.com", ("example.com",))
    assert host_allowed("example.com", ("example.com",))
    assert not host_allowed("badexample.com", ("example.com",))
