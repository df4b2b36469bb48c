"""``newscrawl extract`` options and bad input, through the CLI entry point."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from newscrawl import defaults
from newscrawl.cli import main
from newscrawl.config import SiteConfig
from newscrawl.extraction import extract
from newscrawl.method_names import DEFAULT_METHOD

from .test_main import ARTICLE


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "page.html"
    path.write_text(ARTICLE, encoding="utf-8")
    return path


def test_one_default_method_for_library_cli_sites_and_crawler(page, capsys):
    assert DEFAULT_METHOD == "auto"  # the method the accuracy gate pins
    assert defaults.NEWSCRAWL_METHOD == DEFAULT_METHOD
    assert SiteConfig(name="a", start_urls=()).method == DEFAULT_METHOD
    assert extract(ARTICLE, url="https://news.example/a.html").method == DEFAULT_METHOD
    assert main(["extract", str(page), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == DEFAULT_METHOD


def test_help_shows_the_default_method(capsys):
    with pytest.raises(SystemExit):
        main(["extract", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"(default: {defaults.NEWSCRAWL_METHOD}" in out


def test_gzipped_page_is_read(tmp_path, capsys):
    path = tmp_path / "page.html.gz"
    path.write_bytes(gzip.compress(ARTICLE.encode()))
    assert main(["extract", str(path)]) == 0
    assert "title: Council approves the new city budget" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda data: data[: len(data) // 2], "truncated gzip data"),
        (lambda data: data[:10] + b"\xff" * 20 + data[30:], "corrupt gzip data"),
        (lambda data: data[:2] + b"\x07" + data[3:], "corrupt gzip data"),  # unknown method
    ],
)
def test_broken_gzip_is_a_one_line_error(tmp_path, capsys, cut, message):
    path = tmp_path / "page.html.gz"
    path.write_bytes(cut(gzip.compress(ARTICLE.encode())))
    assert main(["extract", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"newscrawl extract: {path}: {message}")
    assert err.count("\n") == 1


@pytest.mark.parametrize("label", ["klingon", "rot13", "base64", "undefined"])
def test_unknown_or_unusable_encoding_is_a_one_line_error(page, capsys, label):
    assert main(["extract", str(page), "--encoding", label]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"newscrawl extract: --encoding {label!r}: unknown or unusable")
    assert err.count("\n") == 1


@pytest.mark.parametrize("label", ["utf-8", "GBK", "x-gbk", "latin1"])
def test_known_encodings_are_accepted(page, capsys, label):
    assert main(["extract", str(page), "--encoding", label]) == 0
    assert "Council approves" in capsys.readouterr().out


def test_missing_file_is_a_one_line_error(tmp_path, capsys):
    assert main(["extract", str(tmp_path / "none.html")]) == 2
    assert capsys.readouterr().err.startswith("newscrawl extract: cannot read ")


def test_since_passes_over_dates_before_the_site_began(tmp_path, capsys):
    path = tmp_path / "dated.html"
    path.write_text(
        ARTICLE.replace(
            "<head>", '<head><meta property="article:published_time" content="2001-05-03">'
        ),
        encoding="utf-8",
    )
    assert main(["extract", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["publish_time"].startswith("2001-05-03")
    assert main(["extract", str(path), "--json", "--since", "2005"]) == 0
    assert json.loads(capsys.readouterr().out)["publish_time"] is None


@pytest.mark.parametrize(
    ("value", "message"),
    [("yesterday", "expected the day the site began"), ("1985", "must lie between 1990")],
)
def test_a_bad_since_is_a_one_line_error(page, capsys, value, message):
    assert main(["extract", str(page), "--since", value]) == 2
    err = capsys.readouterr().err
    assert f"--since {value!r}" in err and message in err
    assert err.count("\n") == 1
