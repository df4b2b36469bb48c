"""Turning domain lists into sites.yaml entries."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.config import SitesFileError, load_sites
from newscrawl.config.importer import (
    DomainListError,
    entry_yaml,
    import_sites,
    parse_domain_list,
    site_name_for,
    yaml_scalar,
)


def test_parse_domain_list_accepts_domains_urls_comments_and_blank_lines():
    text = textwrap.dedent("""\
        # news sites
        example.com
        www.Example.org/

        https://news.example.net/world/   # world desk
        http://example.info/#top
        """)
    assert parse_domain_list(text) == [
        "https://example.com/",
        "https://www.Example.org/",
        "https://news.example.net/world/",
        "http://example.info/#top",
    ]


def test_parse_domain_list_reports_every_bad_line():
    with pytest.raises(DomainListError) as caught:
        parse_domain_list("ok.example\nnot a domain\nftp://x.example/\n", "list.txt")
    assert len(caught.value.problems) == 2
    assert caught.value.problems[0].startswith("list.txt:2: 'not a domain': not a domain")
    assert caught.value.problems[1].startswith("list.txt:3: 'ftp://x.example/': not a domain")


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("https://www.example.com/", "example.com"),
        ("https://News.Example.com/x", "news.example.com"),
        ("https://www.example/", "www.example"),
    ],
)
def test_site_name_for(url: str, name: str):
    assert site_name_for(url) == name


@given(
    st.one_of(
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
        st.integers(),
        st.booleans(),
        st.floats(allow_nan=False),
    )
)
def test_yaml_scalar_reads_back_as_the_same_value(value: object):
    assert yaml.safe_load(f"key: {yaml_scalar(value)}\n") == {"key": value}


def test_entry_yaml_round_trips_nested_values():
    entry = {
        "name": "163",
        "start_urls": ["https://a.example/#x"],
        "article_url": {"allow": [r"/\d+\.html$"], "deny": ["#"]},
        "enabled": False,
    }
    loaded = yaml.safe_load(entry_yaml(entry, dash_column=0))
    assert loaded == [entry]


def test_import_creates_a_valid_file(tmp_path: Path):
    out = tmp_path / "new.yaml"
    result = import_sites(
        ["https://www.a.example/", "https://b.example/news/"], out, lang="en", method="justext"
    )
    assert result.added == ["a.example", "b.example"] and result.skipped == []
    sites = load_sites(out)
    assert [(s.name, s.start_urls, s.lang, s.method) for s in sites] == [
        ("a.example", ("https://www.a.example/",), "en", "justext"),
        ("b.example", ("https://b.example/news/",), "en", "justext"),
    ]


def test_import_appends_keeps_comments_and_skips_known_names(tmp_path: Path):
    out = tmp_path / "sites.yaml"
    original = textwrap.dedent("""\
        defaults:
          max_depth: 1
        sites:
        # flush-left items, as some editors write them
        - name: a.example   # keep me
          start_urls: [https://a.example/]""")
    out.write_text(original)
    result = import_sites(
        ["https://www.a.example/x", "https://c.example/", "https://www.c.example/again"], out
    )
    assert result.added == ["c.example"]
    assert result.skipped == ["a.example", "c.example"]
    text = out.read_text()
    assert text.startswith(original) and "# keep me" in text
    assert [s.name for s in load_sites(out)] == ["a.example", "c.example"]
    assert import_sites(["https://c.example/"], out).added == []  # re-running is harmless
    assert out.read_text() == text


def test_import_without_output_only_returns_the_entries(tmp_path: Path):
    result = import_sites(["https://a.example/", "https://www.a.example/"], None)
    assert result.added == ["a.example"] and result.skipped == ["a.example"]
    assert yaml.safe_load(result.text) == [
        {"name": "a.example", "start_urls": ["https://a.example/"]}
    ]


@pytest.mark.parametrize(
    "content",
    [
        "sites:\n  - name: a\n    start_urls: [https://a.example/]\ndefaults: {max_depth: 1}\n",
        "sites: [{name: a, start_urls: ['https://a.example/']}]\n",
    ],
)
def test_import_refuses_files_it_cannot_append_to(tmp_path: Path, content: str):
    out = tmp_path / "sites.yaml"
    out.write_text(content)
    with pytest.raises(SitesFileError, match="cannot append"):
        import_sites(["https://b.example/"], out)
    assert out.read_text() == content


def test_import_into_an_invalid_file_reports_its_problems_and_leaves_it(tmp_path: Path):
    out = tmp_path / "sites.yaml"
    content = "sites:\n  - name: a\n    start_urls: [https://a.example/]\n    depth: 1\n"
    out.write_text(content)
    with pytest.raises(SitesFileError, match=r"sites\.yaml:4: site 'a': depth: unknown key"):
        import_sites(["https://b.example/"], out)
    assert out.read_text() == content


def test_import_scales_to_thousands_of_domains(tmp_path: Path):
    out = tmp_path / "big.yaml"
    urls = [f"https://site{i}.example/" for i in range(5000)]
    assert len(import_sites(urls, out).added) == 5000
    assert len(load_sites(out)) == 5000
