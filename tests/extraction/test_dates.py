"""Publish time: sources in order, normalisation to ISO 8601, impossible dates rejected."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from newscrawl.config.timezones import zone_info
from newscrawl.extraction import load_document
from newscrawl.extraction.metadata.dates import (
    STAGE_ORDER,
    DATE_RULES,
    YEAR_LAST_DATES,
    YEAR_MONTH_DATES,
    PageDates,
    extract_dates,
    extract_publish_time,
    htmldate_date,
    normalize_date,
    plausible,
    publish_time,
    structured_date,
    text_date,
    with_timezone,
)


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
    "raw",
    [
        "2025-13-01",
        "2025-02-30",
        "2025-09-04 25:00",
        "1889-01-01",
        "3024-01-01",
        "",
        "yesterday",
        "12345",
    ],
)
def test_impossible_or_unknown_dates_are_rejected(raw):
    assert normalize_date(raw) is None


def test_meta_tag_wins_over_text():
    html = doc(
        "<h1>标题很长的新闻</h1><p>2020-01-01</p>",
        '<meta property="article:published_time" content="2025-09-04T08:00:00+08:00">',
    )
    assert extract_publish_time(load_document(html)) == "2025-09-04T08:00:00+08:00"


def test_invalid_meta_falls_through_to_next_source():
    html = doc(
        '<time datetime="2024-03-01T09:15">March 1</time>',
        '<meta name="pubdate" content="2024-02-31">',
    )
    assert extract_publish_time(load_document(html)) == "2024-03-01T09:15"


def test_json_ld_date_published():
    html = doc(
        "",
        '<script type="application/ld+json">'
        '{"@type": "NewsArticle", "datePublished": "2024-06-01T12:00:00Z"}</script>',
    )
    assert extract_publish_time(load_document(html)) == "2024-06-01T12:00:00+00:00"


def test_text_date_after_the_headline_beats_the_header_date():
    html = doc(
        "<div>今天是2026年1月1日 星期四</div><h1>某市召开新闻发布会</h1>"
        "<div>2005-05-07 21:23 来源：新华网</div><p>正文</p>"
    )
    assert extract_publish_time(load_document(html)) == "2005-05-07T21:23"


def test_english_date_in_byline():
    html = doc(
        "<h1>Council approves the new budget</h1>"
        "<p class='byline'>By Jane Doe | Published March 5, 2024</p><p>Text.</p>"
    )
    assert extract_publish_time(load_document(html)) == "2024-03-05"


def test_no_date_anywhere():
    assert extract_publish_time(load_document(doc("<h1>标题很长的新闻</h1><p>正文</p>"))) is None


FETCHED = datetime(2024, 5, 3, 15, 0, tzinfo=UTC)


def dates_of(
    body: str = "", head: str = "", url: str | None = None, fetched_at: datetime | None = FETCHED
) -> PageDates:
    return extract_dates(load_document(doc(body, head), url=url, fetched_at=fetched_at), fetched_at)


def test_modified_time_is_kept_apart_from_published():
    found = dates_of(
        head='<meta property="article:published_time" content="2024-05-01">'
        '<meta property="article:modified_time" content="2024-05-02T09:00Z">'
    )
    assert found == PageDates("2024-05-01", "2024-05-02T09:00+00:00")


def test_the_project_stages_never_take_a_modified_time_for_the_publish_time():
    page = load_document(
        doc(head='<meta property="article:modified_time" content="2024-05-02">'), fetched_at=FETCHED
    )
    assert publish_time(page, FETCHED, ("structured", "url", "text")) is None
    assert extract_dates(page, FETCHED).modified == "2024-05-02"


@pytest.mark.parametrize(
    ("url", "iso"),
    [
        ("https://example.com/2024/05/02/some-story/", "2024-05-02"),
        ("https://news.example.cn/c/2024-05-02/doc-abc.shtml", "2024-05-02"),
        ("https://www.example.cn/gn/20240502/123456.htm", "2024-05-02"),
        ("https://example.cn/2024/0502/c1002-123.html", "2024-05-02"),
    ],
)
def test_date_in_the_url_path(url, iso):
    assert dates_of("<h1>一条新闻的标题</h1><p>正文</p>", url=url).published == iso


def test_a_date_like_host_or_query_is_no_url_date():
    url = "https://x20240502.example.com/story?id=20240502"
    assert dates_of("<h1>一条新闻的标题</h1><p>正文</p>", url=url).published is None


def test_labelled_line_wins_over_an_earlier_header_date():
    body = (
        "<div>今天是2024年5月3日</div><h1>一条新闻的标题</h1>"
        "<p>来源：新华社 发布时间：2024-05-01 08:30</p><p>正文 2023-01-01</p>"
    )
    assert dates_of(body).published == "2024-05-01T08:30"


@pytest.mark.parametrize(
    ("body", "url", "iso"),
    [
        (
            "<h1>一条新闻的标题</h1><p>05-01 14:20 来源：人民网</p>",
            "https://example.cn/2023/story.html",
            "2023-05-01T14:20",
        ),
        ("<h1>一条新闻的标题</h1><p>5月1日 14:20</p>", None, "2024-05-01T14:20"),
        # A month-day after the fetch day is from the year before.
        ("<h1>一条新闻的标题</h1><p>12月30日</p>", None, "2023-12-30"),
    ],
)
def test_month_day_takes_the_year_from_the_url_or_the_fetch_time(body, url, iso):
    assert dates_of(body, url=url).published == iso


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("3小时前", "2024-05-03T12:00+00:00"),
        ("昨天 09:15", "2024-05-02T09:15"),  # a local clock time: the site's zone, added later
        ("前天", "2024-05-01"),
        ("2 hours ago", "2024-05-03T13:00+00:00"),
    ],
)
def test_relative_times_count_back_from_the_fetch_time(text, iso):
    assert dates_of(f"<h1>一条新闻的标题</h1><p>{text}</p>").published == iso


def test_relative_times_need_a_fetch_time():
    page = load_document(doc("<h1>一条新闻的标题</h1><p>3小时前</p>"))
    assert text_date(page, None) is None


def test_a_date_after_the_fetch_time_is_rejected():
    head = '<meta property="article:published_time" content="2024-06-01">'
    found = dates_of("<h1>一条新闻的标题</h1><p>发布时间：2024-05-02</p>", head)
    assert found.published == "2024-05-02"
    assert structured_date(load_document(doc(head=head)), FETCHED) is None


def test_plausible_bounds():
    assert plausible("2024-05-04", FETCHED)  # a day ahead: time zones
    assert not plausible("2024-05-05", FETCHED)
    assert not plausible("1985-01-01", FETCHED)


def test_htmldate_is_the_last_stage():
    assert STAGE_ORDER[-1] == "htmldate"
    page = load_document(doc("<p>Nothing dated here, only words.</p>"))
    assert htmldate_date(page, FETCHED) is None


@pytest.mark.parametrize(
    ("iso", "zone", "expected"),
    [
        ("2024-05-03T10:00", "Asia/Shanghai", "2024-05-03T10:00+08:00"),
        ("2024-05-03T10:00:05", "Europe/Berlin", "2024-05-03T10:00:05+02:00"),  # summer time
        ("2024-01-03T10:00", "Europe/Berlin", "2024-01-03T10:00+01:00"),
        ("2024-05-03T10:00-04:00", "Asia/Shanghai", "2024-05-03T10:00-04:00"),  # page's own
        ("2024-05-03", "Asia/Shanghai", "2024-05-03"),  # no time of day invented
        (None, "Asia/Shanghai", None),
    ],
)
def test_with_timezone_adds_the_site_zone_to_local_times_only(iso, zone, expected):
    assert with_timezone(iso, zone_info(zone)) == expected


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("发布日期： 9/17/2004 5:54:13 AM", "2004-09-17T05:54:13"),  # month first
        ("Posted 17/9/2004", "2004-09-17"),  # day first
        ("发布日期： 7/5/2005", None),  # either way round: refused, not guessed
    ],
)
def test_year_last_slash_dates_only_when_the_day_is_plain(text, iso):
    page = load_document(doc(f"<h1>一个足够长的标题</h1><p>{text}</p>"))
    assert text_date(page, None, frozenset({YEAR_LAST_DATES})) == iso
    assert text_date(page, None) is None  # not a default rule


def test_a_month_without_a_day_stays_a_month():
    page = load_document(doc("<h1>犬儒病(上)</h1><p>正文。</p><p>——《北京之春》1998年3月号</p>"))
    assert text_date(page, None, frozenset({YEAR_MONTH_DATES})) == "1998-03"
    assert plausible("1998-03", None)
    assert text_date(page, None) is None
    # A full date is never cut to its month.
    page = load_document(doc("<h1>犬儒病(上)</h1><p>2005年5月7日 正文</p>"))
    assert text_date(page, None, DATE_RULES) == "2005-05-07"
