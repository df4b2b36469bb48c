from __future__ import annotations

import gzip

import pytest

from newscrawl.crawl.anchors import choose_anchor
from newscrawl.crawl.discovery import (
    extract_links,
    parse_feed,
    parse_sitemap,
    sitemaps_from_robots,
)
from newscrawl.crawl.discovery.feeds import FeedError
from newscrawl.crawl.discovery.links import Link
from newscrawl.crawl.discovery.sitemaps import SitemapError
from newscrawl.extraction.dom import parse_html

RSS = b"""<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
<item><title>First story</title><link>http://x.com/1.html</link></item>
<item><title> Second
 story </title><link>/2.html</link></item></channel></rss>"""
ATOM = b"""<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
<entry><title>Atom story</title><link rel="alternate" href="http://x.com/a.html"/>
<link rel="enclosure" href="http://x.com/a.mp3"/></entry></feed>"""


def test_rss_items_with_titles_as_anchor_text():
    entries = parse_feed(RSS, "http://x.com/feed")
    assert [(e.url, e.title) for e in entries] == [
        ("http://x.com/1.html", "First story"),
        ("http://x.com/2.html", "Second story"),
    ]


def test_atom_entries_use_the_alternate_link():
    assert [(e.url, e.title) for e in parse_feed(ATOM, "http://x.com/")] == [
        ("http://x.com/a.html", "Atom story")
    ]


def test_not_a_feed_is_an_error():
    with pytest.raises(FeedError, match="not an RSS/Atom feed"):
        parse_feed(b"<html><body>hi</body></html>", "http://x.com/")


NEWS_SITEMAP = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
 xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>http://x.com/2024/05/17/a.html</loc><lastmod>2024-05-17</lastmod>
<news:news><news:title>News title</news:title></news:news></url>
<url><loc>http://x.com/b.html</loc></url></urlset>"""


def test_news_sitemap_titles_and_gzip():
    for body in (NEWS_SITEMAP, gzip.compress(NEWS_SITEMAP)):
        entries = parse_sitemap(body)
        assert [(e.url, e.title, e.is_sitemap) for e in entries] == [
            ("http://x.com/2024/05/17/a.html", "News title", False),
            ("http://x.com/b.html", "", False),
        ]


def test_sitemap_index_entries_are_sitemaps():
    body = (
        b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>'
        b"<loc>http://x.com/s1.xml</loc></sitemap></sitemapindex>"
    )
    assert [(e.url, e.is_sitemap) for e in parse_sitemap(body)] == [("http://x.com/s1.xml", True)]
    with pytest.raises(SitemapError):
        parse_sitemap(b"<html/>")


def test_robots_sitemap_lines():
    text = "User-agent: *\nDisallow: /x\nSitemap: /news.xml\nsitemap: http://cdn.x.com/s.xml\n"
    assert sitemaps_from_robots(text, "http://x.com/robots.txt") == [
        "http://x.com/news.xml",
        "http://cdn.x.com/s.xml",
    ]


def test_links_take_text_then_title_then_alt():
    tree = parse_html(
        '<html><head><base href="http://x.com/news/"></head><body>'
        '<a href="a.html"> Headline  text </a><a href="b.html" title="Title attr"><img src="i"></a>'
        '<a href="c.html"><img src="i" alt="Alt text"></a><a href="javascript:void(0)">js</a>'
        '<a href="#top">top</a><a href="mailto:x@x.com">mail</a></body></html>'
    )
    links = extract_links(tree, "http://ignored/")
    assert links == [
        Link("http://x.com/news/a.html", "Headline text", "text"),
        Link("http://x.com/news/b.html", "Title attr", "title"),
        Link("http://x.com/news/c.html", "Alt text", "alt"),
    ]


def test_choose_anchor_prefers_link_text_then_longest():
    links = [
        Link("u", "A much longer image caption here", "alt"),
        Link("u", "More", "text"),
        Link("u", "The real headline", "text"),
        Link("u", "", "text"),
    ]
    chosen, every = choose_anchor(links)
    assert chosen == "The real headline"
    assert every == ["A much longer image caption here", "More", "The real headline"]
    assert choose_anchor([Link("u", "", "text")]) == (None, [])
