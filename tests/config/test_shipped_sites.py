"""The sites.yaml shipped at the repository root."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from newscrawl.config import load_sites
from newscrawl.evaluation.datasets import site_lists
from tests.scripts import load_script

from .conftest import REPO

SHIPPED = REPO / "sites.yaml"


@pytest.fixture(scope="module")
def shipped():
    return load_sites(SHIPPED, include_disabled=True)


def test_shipped_file_loads_with_at_least_1000_sites(shipped):
    assert len(shipped) >= 1000
    assert sum(site.enabled for site in shipped) >= 1000


def test_shipped_file_covers_every_source(shipped):
    by_name = {site.name: site for site in shipped}
    langs = Counter(site.lang for site in shipped)
    assert langs["zh"] >= 60  # the Chinese portals
    sina = by_name["news.sina.com.cn"]
    assert len(sina.start_urls) > 1 and sina.allowed_domains == ("sina.com.cn",)
    assert (
        sina.article_url.matches("https://news.sina.com.cn/c/2024-05-01/doc-inaxyzab1234567.shtml")
        is True
    )
    assert sum(bool(site.feeds) for site in shipped) >= 100  # fundus + dragnet feeds
    assert sum(bool(site.sitemaps) for site in shipped) >= 100  # fundus sitemaps
    assert "derstandard.at" in by_name and by_name["derstandard.at"].lang == "de"
    assert "cnn.com" in by_name  # popular sources


def test_shipped_defaults_deny_obvious_non_articles(shipped):
    site = next(site for site in shipped if site.name == "cnn.com")
    for url in (
        "https://www.cnn.com/photo.jpg",
        "https://www.cnn.com/search?q=x",
        "https://www.cnn.com/tag/politics",
        "https://www.cnn.com/news/page/3",
    ):
        assert site.article_url.matches(url) is False, url
    assert site.article_url.matches("https://www.cnn.com/2024/05/01/politics/story") is None
    assert site.article_url.matches("https://about.com/news/story.html") is None
    assert (site.max_depth, site.recrawl_interval, site.method) == (2, 3600.0, "auto")


def test_generator_reproduces_the_shipped_file(tmp_path: Path):
    module = load_script("scripts/build_sites_yaml.py")
    text, count = module.build(site_lists())
    assert text == SHIPPED.read_text(encoding="utf-8")
    assert count == module.TARGET_SITES


@pytest.mark.parametrize(
    ("site_name", "article"),
    [
        ("news.163.com", "https://www.163.com/news/article/J0H2ABCD000189FH.html"),
        ("news.ifeng.com", "https://news.ifeng.com/c/8ZABcdEF1gh"),
        ("news.qq.com", "https://new.qq.com/rain/a/20240501A01ABC00"),
        ("people.com.cn", "http://politics.people.com.cn/n1/2024/0501/c1001-40227777.html"),
        ("news.sohu.com", "https://www.sohu.com/a/775566778_121123456"),
        ("huanqiu.com", "https://world.huanqiu.com/article/4HZabcdEFGh"),
        ("thepaper.cn", "https://www.thepaper.cn/newsDetail_forward_27312345"),
        (
            "xinhuanet.com",
            "http://www.news.cn/politics/20240501/0123456789abcdef0123456789abcdef/c.html",
        ),
        ("xinhuanet.com", "http://www.xinhuanet.com/politics/2020-05/01/c_1125933333.htm"),
        ("chinanews.com", "https://www.chinanews.com/gn/2024/05-01/10210123.shtml"),
        (
            "chinadaily.com.cn",
            "https://www.chinadaily.com.cn/a/202405/01/WS6631a2b3a31082fc043c4f5e.html",
        ),
        ("gmw.cn", "https://politics.gmw.cn/2024-05/01/content_37300000.htm"),
    ],
)
def test_chinese_portal_article_patterns(shipped, site_name: str, article: str):
    site = next(site for site in shipped if site.name == site_name)
    assert site.article_url.matches(article) is True
    assert all(site.article_url.matches(url) is not True for url in site.start_urls)
