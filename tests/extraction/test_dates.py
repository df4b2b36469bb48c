"""Publish time: sources in order, normalisation to ISO 8601, impossible dates rejected."""

from __future__ import annotations

import pytest

from newscrawl.extraction import load_document
from newscrawl.extraction.metadata.dates import extract_publish_time, normalize_date


def doc(body: str = "", head: str = "") -> str:
    return f"<html><head><title>标题</title>{head}</head><body>{body}</body></html>"


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("2025-09-04", "2025-09-04"),
        ("2025-09-04T10:30:00+08:00", "2025-09-04T10:30:00+08:00"),
        ("2025-09-04T10:30:00Z", "2025-09-04T10:30:00+00:00"),
        ("2023-03-26T00:00:00.000-0400", "2023-03-26T00:00:00-04:00"),
        ("2005-5-7 21:23:57", "2005-05-07T21:23:57"),  # no zone stated: none invented
        ("2022/02/06 13:48", "2022-02-06T13:48"),
        ("2005年5月7日", "2005-05-07"),
        ("2005年05月07日 21时23分", "2005-05-07T21:23"),
        ("September 4, 2025", "2025-09-04"),
        ("Sept. 4th, 2025 at 3:05 pm", "2025-09-04T15:05"),
        ("4 September 2025 10:00 GMT", "2025-09-04T10:00+00:00"),
        ("Mon, 04 Sep 2025 10:00:00 +0000", "2025-09-04T10:00:00+00:00"),
        ("1700000000", "2023-11-14T22:13:20+00:00"),  # Unix time is UTC by definition
        ("1700000000123", "2023-11-14T22:13:20+00:00"),
    ],
)
def test_normalize_date(raw, iso):
    assert normalize_date(raw) == iso


@pytest.mark.parametrize(
    "raw", ["2025-13-01", "2025-02-30", "2025-09-04 25:00", "1889-01-01", "3024-01-01", "",
            "yesterday", "12345"],
)
def test_impossible_or_unknown_dates_are_rejected(raw):
    assert normalize_date(raw) is None


def test_meta_tag_wins_over_text():
    html = doc("<h1>标题很长的新闻</h1><p>2020-01-01</p>",
               '<meta property="article:published_time" content="2025-09-04T08:00:00+08:00">')
    assert extract_publish_time(load_document(html)) == "2025-09-04T08:00:00+08:00"


def test_invalid_meta_falls_through_to_next_source():
    html = doc('<time datetime="2024-03-01T09:15">March 1</time>',
               '<meta name="pubdate" content="2024-02-31">')
    assert extract_publish_time(load_document(html)) == "2024-03-01T09:15"


def test_json_ld_date_published():
    html = doc("", '<script type="application/ld+json">'
                   '{"@type": "NewsArticle", "datePublished": "2024-06-01T12:00:00Z"}</script>')
    assert extract_publish_time(load_document(html)) == "2024-06-01T12:00:00+00:00"


def test_text_date_after_the_headline_beats_the_header_date():
    html = doc("<div>今天是2026年1月1日 星期四</div><h1>某市召开新闻发布会</h1>"
               "<div>2005-05-07 21:23 来源：新华网</div><p>正文</p>")
    assert extract_publish_time(load_document(html)) == "2005-05-07T21:23"


def test_english_date_in_byline():
    html = doc("<h1>Council approves the new budget</h1>"
               "<p class='byline'>By Jane Doe | Published March 5, 2024</p><p>Text.</p>")
    assert extract_publish_time(load_document(html)) == "2024-03-05"


def test_no_date_anywhere():
    assert extract_publish_time(load_document(doc("<h1>标题很长的新闻</h1><p>正文</p>"))) is None
