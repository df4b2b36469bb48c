from __future__ import annotations

import gzip
import json
import re

import pytest

from newscrawl.config import SiteConfig, UrlRules
from newscrawl.crawl.classify import (
    HEADLINE_MIN_WEIGHT,
    classify_link,
    is_pagination,
    looks_like_list_page,
    url_kind,
)
from newscrawl.crawl.discovery.links import page_shape
from newscrawl.evaluation.datasets import pages_file
from newscrawl.extraction.dom import parse_html

SITE = SiteConfig(name="x", start_urls=("http://x.com/",), allowed_domains=("x.com",))


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("http://x.com/2024/05/17/biden-signs-bill.html", "article"),
        ("http://x.com/a/20240517/123456.shtml", "article"),
        ("http://x.com/article/500123", "article"),
        ("http://x.com/gn/2024-05/17/content_998877.htm", "article"),
        ("http://x.com/world/biden-signs-the-climate-bill-into-law", "article"),
        ("http://x.com/news.php?id=12345", "article"),
        ("http://x.com/", "list"),
        ("http://x.com/world/", "list"),
        ("http://x.com/news/index.shtml", "list"),
        ("http://x.com/news/index_3.shtml", "list"),
        ("http://x.com/category/politics", "list"),
        ("http://x.com/tag/elections", "list"),
        ("http://x.com/world/page/2/", "list"),
        ("http://x.com/category/sport?page=2", "list"),
        ("http://x.com/about", None),
        ("http://x.com/contact-us", None),
    ],
)
def test_url_kind(url, kind):
    assert url_kind(url) == kind


def test_link_text_decides_when_the_url_says_nothing():
    assert (
        classify_link("http://x.com/story", "A long enough headline about a thing", SITE)
        == "article"
    )
    assert classify_link("http://x.com/story", "About us", SITE) is None


def test_site_rules_override_heuristics():
    site = SiteConfig(
        name="x",
        start_urls=("http://x.com/",),
        allowed_domains=("x.com",),
        article_url=UrlRules(allow=(re.compile(r"/doc/\d+"),), deny=(re.compile(r"/video/"),)),
        list_url=UrlRules(deny=(re.compile(r"/tag/"),)),
    )
    assert classify_link("http://x.com/doc/42", "", site) == "article"
    assert classify_link("http://x.com/video/2024/05/17/clip.html", "A headline " * 3, site) is None
    # allow patterns given: a date URL that does not match them is not an article
    assert classify_link("http://x.com/2024/05/17/other.html", "Headline " * 4, site) is None
    assert classify_link("http://x.com/tag/foo", "", site) is None
    assert classify_link("http://x.com/world/", "World", site) == "list"


@pytest.mark.parametrize("text", ["2", "Next »", "下一页", "»", "Older stories"])
def test_pagination_texts(text):
    assert is_pagination(text)


@pytest.mark.parametrize("text", ["World", "A headline about the next thing", "国内"])
def test_not_pagination(text):
    assert not is_pagination(text)


def _dataset_pages(name: str, page_type: str | None = None) -> list[bytes]:
    pages = []
    jsonl = pages_file(name)
    with jsonl.open(encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            if page_type is None or row.get("page_type") == page_type:
                pages.append(
                    (
                        gzip.decompress((jsonl.parent / row["html_path"]).read_bytes()),
                        row.get("orig_encoding") or "utf-8",
                    )
                )
    return pages


def _is_list(raw: bytes, encoding: str) -> bool:
    tree = parse_html(raw.decode(encoding, "replace"))
    assert tree is not None
    shape = page_shape(tree, HEADLINE_MIN_WEIGHT)
    return looks_like_list_page(shape.headline_links, shape.longest_own_block)


@pytest.mark.parametrize("dataset", ["cwced_zh", "gne_unlabeled"])
def test_real_chinese_articles_are_not_list_pages(dataset):
    pages = _dataset_pages(dataset)
    assert sum(_is_list(raw, enc) for raw, enc in pages) == 0


def test_real_english_articles_are_rarely_list_pages():
    pages = _dataset_pages("wcxb_dev", "article")[:150]
    mistaken = sum(_is_list(raw, enc) for raw, enc in pages)
    assert mistaken <= len(pages) * 0.02, mistaken


def test_farm_list_page_is_a_list_page():
    html = (
        "<html><body><ul>"
        + "".join(
            f'<li><a href="/2024/05/{n}/s.html">A headline long enough number {n}</a></li>'
            for n in range(8)
        )
        + "</ul><footer>© news</footer></body></html>"
    )
    assert _is_list(html.encode(), "utf-8")
