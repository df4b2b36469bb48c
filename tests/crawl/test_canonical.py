"""Which URL of an article is canonical, and DUST parameter rules (pure functions)."""

from __future__ import annotations

from newscrawl.crawl.canonical import (
    declared_canonical,
    has_tracking_query,
    is_mobile_url,
    more_canonical,
    site_host,
)
from newscrawl.crawl.dust import apply_rules, dust_rule, extra_param

PAGE = "http://news.example.com/m/2024/05/story.html?from=home"


def head(tags: str) -> bytes:
    return f"<html><head><title>t</title>{tags}</head><body><p>x</p></body></html>".encode()


def test_declared_canonical_from_link_or_og_url_resolved_and_canonicalised():
    assert (
        declared_canonical(head('<link rel="canonical" href="/2024/05/story.html">'), PAGE)
        == "http://news.example.com/2024/05/story.html"
    )
    assert (
        declared_canonical(
            head(
                "<meta property='og:url' content='http://www.news.example.com/a.html?utm_source=x'>"
            ),
            PAGE,
        )
        == "http://www.news.example.com/a.html"
    )
    assert (
        declared_canonical(head('<LINK HREF="/b.html" REL="Canonical">'), PAGE)
        == "http://news.example.com/b.html"
    )


def test_declared_canonical_ignores_other_sites_home_pages_and_empty_values():
    assert (
        declared_canonical(head('<link rel="canonical" href="http://other.com/a.html">'), PAGE)
        is None
    )
    assert declared_canonical(head('<link rel="canonical" href="/">'), PAGE) is None
    assert declared_canonical(head('<link rel="canonical" href="">'), PAGE) is None
    assert declared_canonical(head('<link rel="alternate" href="/c.html">'), PAGE) is None
    assert declared_canonical(b"", PAGE) is None


def test_a_declared_url_urllib_refuses_is_skipped_not_raised():
    # "//[oops" is an unclosed IPv6 host: urljoin raises ValueError; the next candidate counts
    tags = (
        '<link rel="canonical" href="//[oops/a.html">'
        '<meta property="og:url" content="/2024/05/story.html">'
    )
    assert declared_canonical(head(tags), PAGE) == "http://news.example.com/2024/05/story.html"
    assert declared_canonical(head('<link rel="canonical" href="//[oops/a.html">'), PAGE) is None


def test_mobile_and_tracking_forms():
    assert site_host("http://m.news.example.com/x") == "news.example.com"
    assert site_host("http://www.example.com/x") == "example.com"
    assert site_host("http://m.com/x") == "m.com"
    assert is_mobile_url("http://m.example.com/a") and is_mobile_url("http://example.com/wap/a")
    assert not is_mobile_url("http://example.com/media/a")
    assert has_tracking_query("http://example.com/a?from=home")
    assert has_tracking_query("http://example.com/a?utm_medium=x")
    assert not has_tracking_query("http://example.com/a?id=5")


def test_preference_order():
    plain = "http://example.com/2024/05/story.html"
    tracked = plain + "?from=home"
    mobile = "http://m.example.com/2024/05/story.html"
    # declared first, even over a shorter plain URL
    assert more_canonical(tracked, True, plain, False)
    # then no tracking parameter, then desktop, then shorter
    assert more_canonical(plain, False, tracked, False)
    assert more_canonical(plain, False, mobile, False)
    assert more_canonical(mobile, False, "http://m.example.com/2024/05/story.html?from=top", False)
    assert more_canonical("http://example.com/a.html", False, plain, False)
    assert not more_canonical(plain, False, plain, False)


def test_extra_param_is_the_one_parameter_an_alias_adds():
    base = "http://example.com/a?id=5"
    assert extra_param("http://example.com/a?from=home&id=5", base) == "from"
    assert extra_param("http://example.com/a?from=home", "http://example.com/a") == "from"
    assert extra_param("http://example.com/a?from=home&id=6", base) is None  # id differs too
    assert extra_param("http://example.com/a?f=1&g=2", "http://example.com/a") is None
    assert extra_param("http://m.example.com/a?from=home", "http://example.com/a") is None
    assert extra_param(base, base) is None


def test_dust_rules_of_three_kinds():
    canonical = "http://example.com/2024/a.html?id=5"
    assert dust_rule("http://example.com/2024/a.html?from=home&id=5", canonical) == "param:from"
    assert dust_rule("http://m.example.com/2024/a.html?id=5", canonical) == "host:m."
    assert dust_rule("http://example.com/wap/2024/a.html?id=5", canonical) == "path:/wap"
    assert dust_rule("http://example.com/m/2024/b.html?id=5", canonical) is None
    assert dust_rule("http://m.example.com/2024/a.html", canonical) is None  # query differs too
    assert dust_rule("http://news.example.com/2024/a.html?id=5", canonical) is None


def test_apply_rules_keeps_what_no_rule_names():
    rules = frozenset({"param:from", "host:m.", "path:/m"})
    assert (
        apply_rules("http://m.example.com/m/2024/a.html?from=home&id=5", rules)
        == "http://example.com/2024/a.html?id=5"
    )
    assert apply_rules("http://example.com/a?id=5", rules) == "http://example.com/a?id=5"
    assert apply_rules("http://m.com/media/a?ref=x", rules) == "http://m.com/media/a?ref=x"
    assert (
        apply_rules("http://example.com/a?from=home", frozenset({"param:from"}))
        == "http://example.com/a"
    )
