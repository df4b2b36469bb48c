"""One test per validation rule of sites.yaml, each on a small YAML text in a temp file."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from newscrawl.config import SitesFileError, load_sites, parse_sites

Problems = Callable[[str], list[str]]


def only_problem(problems: list[str]) -> str:
    assert len(problems) == 1, problems
    return problems[0]


def test_problem_format_names_file_line_site_and_field(sites_file: Callable[[str], Path]):
    path = sites_file("""
        sites:
          - name: alpha
            start_urls: [https://alpha.example/]
            max_depth: -1
    """)
    with pytest.raises(SitesFileError) as caught:
        load_sites(path)
    assert caught.value.problems == [f"{path}:4: site 'alpha': max_depth: must be >= 0, got -1"]
    assert str(caught.value) == caught.value.problems[0]


def test_all_problems_are_reported_at_once_in_line_order(problems_of: Problems):
    problems = problems_of("""
        sites:
          - name: a
            start_urls: [ftp://a.example/]
          - name: b
            start_urls: [https://b.example/]
            max_depth: two
            enabled: "yes"
          - name: a
            start_urls: [https://a2.example/]
    """)
    assert [int(p.split(":")[1]) for p in problems] == [3, 6, 7, 8]
    assert "site 'a': start_urls: 'ftp://a.example/' is not an http(s) URL" in problems[0]
    assert "site 'b': max_depth: expected a whole number >= 0, got str 'two'" in problems[1]
    assert "site 'b': enabled: expected true or false, got str 'yes'" in problems[2]
    assert "site 'a': name: duplicate, already used by the site on line 2" in problems[3]


def test_unknown_site_key_suggests_the_closest(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            max_dept: 3
    """)
    )
    assert problem.endswith(":4: site 'a': max_dept: unknown key (did you mean 'max_depth'?)")


def test_unknown_key_without_a_close_match_has_no_suggestion(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            colour: blue
    """)
    )
    assert problem.endswith("site 'a': colour: unknown key")


def test_unknown_defaults_key_and_per_site_keys_in_defaults(problems_of: Problems):
    problems = problems_of("""
        defaults:
          recrawl_intervall: 1h
          name: everyone
          start_urls: [https://a.example/]
        sites:
          - name: a
            start_urls: [https://a.example/]
    """)
    assert problems[0].endswith(
        ":2: defaults: recrawl_intervall: unknown key (did you mean 'recrawl_interval'?)"
    )
    assert problems[1].endswith(":3: defaults: name: cannot be set here (it must be per site)")
    assert problems[2].endswith(
        ":4: defaults: start_urls: cannot be set here (it must be per site)"
    )


def test_defaults_values_are_validated_too(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        defaults:
          method: magic
        sites:
          - name: a
            start_urls: [https://a.example/]
    """)
    )
    assert ":2: defaults: method: unknown method 'magic'" in problem


def test_unknown_top_level_key(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        default:
          max_depth: 1
        sites:
          - name: a
            start_urls: [https://a.example/]
    """)
    )
    assert problem.endswith(":1: unknown top-level key 'default' (did you mean 'defaults'?)")


def test_key_given_twice_is_an_error(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            max_depth: 1
            max_depth: 3
    """)
    )
    assert ":5: site 'a': max_depth: given twice" in problem


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://a.example/", "is not an http(s) URL"),
        ("a.example/news", "is not an http(s) URL"),
        ("https:///path", "has no valid host name"),
        ("https://bad_host-.example/", "has no valid host name"),
        ("https://a.example:99999/", "has an invalid port"),
        ("https://a.example/some path", "contains whitespace"),
    ],
)
def test_bad_urls(problems_of: Problems, url: str, why: str):
    problem = only_problem(
        problems_of(f"""
        sites:
          - name: a
            start_urls:
              - https://ok.example/
              - '{url}'
    """)
    )
    assert ":5: site 'a': start_urls: " in problem
    assert problem.endswith(why)


def test_ip_address_hosts_and_ports_are_fine():
    sites = parse_sites(
        "sites:\n  - name: a\n    start_urls: ['http://127.0.0.1:8080/', "
        "'http://[::1]:8080/news']\n"
    )
    assert sites[0].allowed_domains == ("127.0.0.1", "::1")


def test_bad_feed_and_sitemap_urls_point_at_their_own_lines(problems_of: Problems):
    problems = problems_of("""
        sites:
          - name: a
            feeds: [https://a.example/rss, 42]
            sitemaps:
              - mailto:x@a.example
    """)
    assert problems[0].endswith(":3: site 'a': feeds: expected a URL string, got int 42")
    assert problems[1].endswith(
        ":5: site 'a': sitemaps: 'mailto:x@a.example' is not an http(s) URL"
    )


def test_duplicate_names(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: same
            start_urls: [https://a.example/]
          - name: same
            start_urls: [https://b.example/]
    """)
    )
    assert problem.endswith(":4: site 'same': name: duplicate, already used by the site on line 2")


@pytest.mark.parametrize(
    ("yaml_value", "message"),
    [
        ("163", "name: expected a string, got int 163 (quote it)"),
        ("'two words'", "name: 'two words' is not a valid name"),
        ("'a,b'", "name: 'a,b' is not a valid name"),
    ],
)
def test_bad_names(problems_of: Problems, yaml_value: str, message: str):
    problem = only_problem(
        problems_of(f"""
        sites:
          - name: {yaml_value}
            start_urls: [https://a.example/]
    """)
    )
    assert message in problem
    assert "site #1" in problem  # an invalid name is not used to label the site


def test_missing_name(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - start_urls: [https://a.example/]
    """)
    )
    assert problem.endswith(":2: site #1: name: missing (every site needs a unique name)")


@pytest.mark.parametrize(
    ("field", "yaml_value", "message"),
    [
        (
            "start_urls",
            "https://a.example/",
            "expected a list of URLs, got str 'https://a.example/'",
        ),
        ("feeds", "", "expected a list of URLs, got nothing (null)"),
        ("max_depth", "'2'", "expected a whole number >= 0, got str '2'"),
        ("max_depth", "true", "expected a whole number >= 0, got bool True"),
        ("max_depth", "1.5", "expected a whole number >= 0, got float 1.5"),
        ("enabled", "1", "expected true or false, got int 1"),
        ("lang", "[zh]", "expected a language code such as 'zh' or 'en-GB', got list"),
        ("lang", "chinese", "expected a language code such as 'zh' or 'en-GB', got str 'chinese'"),
        ("encoding", "5", "expected an encoding name such as 'gbk', got int 5"),
        ("method", "[auto]", "expected an extraction method name, got list"),
        ("recrawl_interval", "true", "expected a duration like 30m, 1h, 2d or seconds, got True"),
        ("article_url", "[a, b]", "expected a mapping with 'allow' and/or 'deny' lists, got list"),
        ("allowed_domains", "a.example", "expected a list of domain names, got str 'a.example'"),
    ],
)
def test_wrong_types(problems_of: Problems, field: str, yaml_value: str, message: str):
    start = "" if field == "start_urls" else "\n    start_urls: [https://a.example/]"
    problem = only_problem(problems_of(f"sites:\n  - name: a{start}\n    {field}: {yaml_value}\n"))
    assert problem.endswith(f"site 'a': {field}: {message}")


def test_negative_depth(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            max_depth: -3
    """)
    )
    assert problem.endswith("site 'a': max_depth: must be >= 0, got -3")


@pytest.mark.parametrize("start", ["start_urls: []", "enabled: true"])
def test_nothing_to_crawl(problems_of: Problems, start: str):
    problem = only_problem(problems_of(f"sites:\n  - name: a\n    {start}\n"))
    assert problem.endswith(
        "site 'a': start_urls: missing or empty, and no feeds or sitemaps: nothing to crawl"
    )


def test_feeds_or_sitemaps_alone_are_enough():
    sites = parse_sites("""
sites:
  - name: a
    feeds: [https://a.example/rss]
  - name: b
    start_urls: []
    sitemaps: [https://b.example/sitemap.xml]
""")
    assert [(s.name, s.start_urls) for s in sites] == [("a", ()), ("b", ())]


def test_bad_regexes_each_reported_on_their_line(problems_of: Problems):
    problems = problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            article_url:
              allow:
                - '/news/\\d+'
                - '(unclosed'
              deny: ['[z-a]']
    """)
    assert len(problems) == 2
    assert re.search(
        r":7: site 'a': article_url: allow: bad regex '\(unclosed': missing \)", problems[0]
    )
    assert ":8: site 'a': article_url: deny: bad regex '[z-a]': bad character range" in problems[1]


def test_rules_unknown_key_and_wrong_list_type(problems_of: Problems):
    problems = problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            list_url:
              allw: ['/list']
              deny: '/login'
    """)
    assert problems[0].endswith(
        ":5: site 'a': list_url: unknown key 'allw' (did you mean "
        "'allow'?); expected 'allow' or 'deny'"
    )
    assert problems[1].endswith(
        ":6: site 'a': list_url: deny: expected a list of regular expressions, got str '/login'"
    )


def test_unknown_encoding_is_rejected_and_known_codecs_pass(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            encoding: gbk2
    """)
    )
    assert problem.endswith("encoding: unknown encoding 'gbk2' (Python has no codec of that name)")
    sites = parse_sites(
        "sites:\n  - name: a\n    start_urls: [https://a.example/]\n    encoding: GB18030\n"
    )
    assert sites[0].encoding == "GB18030"


def test_unknown_method_suggests_and_aliases_are_canonical(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            method: justtext
    """)
    )
    assert "method: unknown method 'justtext' (did you mean 'justext'?); known: auto," in problem
    sites = parse_sites(
        "sites:\n  - name: a\n    start_urls: [https://a.example/]\n    method: TSD\n"
    )
    assert sites[0].method == "density"


def test_bad_recrawl_interval(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            recrawl_interval: 3 hours
    """)
    )
    assert problem.endswith(
        "recrawl_interval: expected a duration like 30m, 1h, 2d or seconds, got '3 hours'"
    )


def test_allowed_domains_must_be_bare_hosts(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/]
            allowed_domains: [a.example, 'https://b.example/']
    """)
    )
    assert ":4: site 'a': allowed_domains: str 'https://b.example/' is not a domain name" in problem


def test_site_entry_that_is_not_a_mapping(problems_of: Problems):
    problem = only_problem(
        problems_of("""
        sites:
          - https://a.example/
    """)
    )
    assert problem.endswith(
        ":2: site #1: expected a mapping with name and start_urls, got str 'https://a.example/'"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            (
                ":1: expected a mapping with a 'sites:' list (and optional 'defaults:'), "
                "got an empty file"
            ),
        ),
        ("defaults: {}\n", ": sites: missing"),
        ("sites: {a: 1}\n", ":1: sites: expected a list of sites, got mapping"),
        (
            "- a\n",
            ":1: expected a mapping with a 'sites:' list (and optional 'defaults:'), got list",
        ),
        ("defaults: [1]\nsites: []\n", ":1: defaults: expected a mapping of site fields, got list"),
    ],
)
def test_file_structure_problems(problems_of: Problems, text: str, message: str):
    assert message in only_problem(problems_of(text))


def test_yaml_syntax_error_has_file_and_line(problems_of: Problems, sites_file):
    problem = only_problem(
        problems_of("""
        sites:
          - name: a
            start_urls: [https://a.example/
          - name: b
    """)
    )
    assert re.search(r"sites\.yaml:\d+: YAML syntax error: ", problem)
    assert int(problem.split(":")[1]) >= 3


def test_unreadable_file_is_a_sites_file_error(tmp_path: Path):
    with pytest.raises(SitesFileError, match="cannot read sites file"):
        load_sites(tmp_path / "missing.yaml")
