"""SiteConfig building: defaults, rule merging, derived domains, selection by name."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from newscrawl.config import (
    SiteConfig,
    SitesFileError,
    UrlRules,
    derive_allowed_domains,
    load_sites,
    parse_sites,
)


def rules(allow: tuple[str, ...] = (), deny: tuple[str, ...] = ()) -> UrlRules:
    return UrlRules(allow=tuple(map(re.compile, allow)), deny=tuple(map(re.compile, deny)))


def test_url_rules_deny_wins_allow_matches_otherwise_none():
    article = rules(allow=(r"/news/\d+",), deny=(r"/news/\d+/comments",))
    assert article.matches("https://a.example/news/12") is True
    assert article.matches("https://a.example/news/12/comments") is False
    assert article.matches("https://a.example/about") is None
    assert UrlRules().matches("https://a.example/news/12") is None
    assert not UrlRules()
    assert article


def test_site_defaults_without_a_defaults_section():
    site = parse_sites("sites:\n  - name: a\n    start_urls: [https://www.a.example/]\n")[0]
    assert site == SiteConfig(
        name="a", start_urls=("https://www.a.example/",), allowed_domains=("a.example",), line=2
    )
    assert (site.max_depth, site.method, site.recrawl_interval, site.enabled) == (
        2,
        "auto",
        3600.0,
        True,
    )


def test_defaults_apply_and_sites_override_them():
    first, second = parse_sites("""
defaults:
  max_depth: 3
  recrawl_interval: 30m
  lang: en
  method: justext
sites:
  - name: a
    start_urls: [https://a.example/]
  - name: b
    start_urls: [https://b.example/]
    max_depth: 0
    lang: zh
    encoding: gbk
    recrawl_interval: 2d
    enabled: false
""")
    assert (first.max_depth, first.recrawl_interval, first.lang, first.method) == (
        3,
        1800.0,
        "en",
        "justext",
    )
    assert (
        second.max_depth,
        second.recrawl_interval,
        second.lang,
        second.encoding,
        second.enabled,
    ) == (0, 172800.0, "zh", "gbk", False)


def test_url_rules_merge_key_by_key_with_defaults():
    plain, own_deny, own_allow = parse_sites(r"""
defaults:
  article_url: {allow: ['/\d{4}/'], deny: ['/tag/']}
sites:
  - name: a
    start_urls: [https://a.example/]
  - name: b
    start_urls: [https://b.example/]
    article_url: {deny: ['/video/']}
  - name: c
    start_urls: [https://c.example/]
    article_url: {allow: []}
""")
    assert plain.article_url.matches("https://a.example/2024/x") is True
    assert plain.article_url.matches("https://a.example/tag/x") is False
    assert own_deny.article_url.matches("https://b.example/tag/2024/") is True  # deny replaced
    assert own_deny.article_url.matches("https://b.example/video/2024/") is False
    assert own_allow.article_url.matches("https://c.example/2024/x") is None  # allow emptied
    assert own_allow.article_url.matches("https://c.example/tag/x") is False  # deny kept
    assert plain.list_url == UrlRules()


def test_derive_allowed_domains_strips_www_and_covered_subdomains():
    assert derive_allowed_domains(
        [
            "https://www.a.example/",
            "https://feeds.a.example/rss",
            "http://B.example:8080/x",
            "https://news.c.example/",
            "https://www.example/",
        ]
    ) == ("a.example", "b.example", "news.c.example", "www.example")


def test_allowed_domains_derived_from_all_seed_urls_unless_given():
    derived, given = parse_sites("""
sites:
  - name: a
    start_urls: [https://www.a.example/]
    feeds: [https://feeds.other.example/a.xml]
  - name: b
    start_urls: [https://news.b.example/]
    allowed_domains: [B.example]
""")
    assert derived.allowed_domains == ("a.example", "feeds.other.example")
    assert given.allowed_domains == ("b.example",)


def test_yaml_anchors_and_merge_keys_work():
    site = parse_sites("""
sites:
  - &base
    name: a
    start_urls: [https://a.example/]
    max_depth: 4
  - <<: *base
    name: b
""")[1]
    assert (site.name, site.max_depth, site.line) == ("b", 4, 7)


@pytest.fixture
def three_sites(sites_file: Callable[[str], Path]) -> Path:
    return sites_file("""
        sites:
          - name: a
            start_urls: [https://a.example/]
          - name: b
            start_urls: [https://b.example/]
            enabled: false
          - name: c
            start_urls: [https://c.example/]
    """)


def test_disabled_sites_are_skipped_unless_asked(three_sites: Path):
    assert [s.name for s in load_sites(three_sites)] == ["a", "c"]
    assert [s.name for s in load_sites(three_sites, include_disabled=True)] == ["a", "b", "c"]


def test_only_selects_in_the_order_given(three_sites: Path):
    assert [s.name for s in load_sites(three_sites, only=["c", "a", "c"])] == ["c", "a"]


def test_only_as_a_comma_separated_string(three_sites: Path):
    assert [s.name for s in load_sites(three_sites, only="c, a")] == ["c", "a"]


def test_empty_defaults_section_is_allowed():
    assert parse_sites("defaults:\nsites:\n  - name: a\n    start_urls: [https://a.example/]\n")


def test_only_with_unknown_names_is_an_error(three_sites: Path):
    with pytest.raises(SitesFileError) as caught:
        load_sites(three_sites, only=["a", "cc", "zzz"])
    assert caught.value.problems == [
        f"{three_sites}: only: no site named 'cc' (did you mean 'c'?)",
        f"{three_sites}: only: no site named 'zzz'",
    ]


def test_only_naming_a_disabled_site(three_sites: Path):
    with pytest.raises(SitesFileError, match=r":4: site 'b': enabled: is false"):
        load_sites(three_sites, only=["b"])
    assert [s.name for s in load_sites(three_sites, only=["b"], include_disabled=True)] == ["b"]


def test_models_are_frozen():
    site = parse_sites("sites:\n  - name: a\n    start_urls: [https://a.example/]\n")[0]
    with pytest.raises(AttributeError):
        site.max_depth = 5  # type: ignore[misc]


def test_method_validation_does_not_import_extraction_methods():
    # Checked in a fresh interpreter: other tests may have imported the methods already.
    import subprocess
    import sys

    code = (
        "import sys; from newscrawl.config import parse_sites; "
        "parse_sites('sites:\\n  - name: a\\n    start_urls: [https://a.example/]\\n"
        "    method: justext\\n'); "
        "print([m for m in sys.modules if m.startswith('newscrawl.extraction.extractors')])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "[]"
