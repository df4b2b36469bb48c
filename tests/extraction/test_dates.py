"""Publish time: sources in order, normalisation to ISO 8601, impossible dates rejected."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from newscrawl.config.timezones import zone_info
from newscrawl.extraction import Rejection, dom, extract, load_document
from newscrawl.extraction.core import DATES_BEFORE_SITE
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata import dates
from newscrawl.extraction.metadata.dates import (
    DATE_ABOVE_HEADLINE,
    DATE_RULES,
    DEFAULT_DATE_RULES,
    LABEL_OWN_LINES,
    LABELS_PAST_WINDOW,
    STAGE_ORDER,
    STRUCTURED_AS_MODIFIED,
    URL_LOCAL_DAY,
    YEAR_LAST_DATES,
    YEAR_MONTH_DATES,
    PageDates,
    before,
    extensive_search,
    extract_dates,
    extract_publish_time,
    htmldate_date,
    local_day,
    normalize_date,
    plausible,
    publish_time,
    reads_as_chinese,
    structured_date,
    text_date,
    with_timezone,
)


def doc(body: str = "", head: str = "", title: str = "标题") -> str:
    return f"<html><head><title>{title}</title>{head}</head><body>{body}</body></html>"


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


def titled_page(body: str, title: str = "A post") -> Document:
    return load_document(doc(body, title=title))


@pytest.mark.parametrize("footer", ["&copy; 2020 Example Ltd", "Copyright 2019-2023"])
def test_a_copyright_year_is_no_publish_date(footer):
    # htmldate itself answers 1 January of the copyright year on such a page.
    page = titled_page(f"<h1>A post</h1><p>{'Words here. ' * 30}</p><p>{footer}</p>")
    assert htmldate_date(page, FETCHED, extensive=True) is None
    assert htmldate_date(page, FETCHED) is None


def test_htmldate_dates_other_than_the_first_of_january_stay():
    page = titled_page(f"<h1>A post</h1><p>{'Words here. ' * 30}</p><p>2023-03-14</p>")
    assert htmldate_date(page, FETCHED) == "2023-03-14"


def test_htmldate_parses_the_page_with_its_tags_attributes_capped(monkeypatch):
    # libxml2 reads a tag's attributes in quadratic time: a hostile <img> of thousands cost
    # htmldate's second parse what our own parse is spared (benchmarks/doubling.py).
    attributes = " ".join(f"data-x{i}='{i}'" for i in range(5000))
    page = titled_page(f"<h1>A post</h1><img {attributes} src='/a.jpg'><p>2023-03-14</p>")
    seen: list[str] = []

    def find_date(source: str, **kwargs: object) -> str | None:
        seen.append(source)
        return "2023-03-14"

    monkeypatch.setattr("newscrawl.extraction.metadata.dates.htmldate_stage.find_date", find_date)
    assert htmldate_date(page, FETCHED) == "2023-03-14"
    assert seen[0].count("data-x") == dom.MAX_ATTRIBUTES_PER_TAG


# A date in running text: only htmldate's extensive search reads it.
RUNNING_TEXT_DATE = "<h1>A post</h1><p>We met on March 14, 2023 to talk about the garden.</p>"


def test_the_extensive_search_is_off():
    page = titled_page(RUNNING_TEXT_DATE)
    assert not extensive_search(page)
    assert htmldate_date(page, FETCHED) is None
    assert htmldate_date(page, FETCHED, extensive=True) == "2023-03-14"


def test_switched_on_the_extensive_search_runs_on_pages_that_are_not_chinese(monkeypatch):
    monkeypatch.setattr(dates.htmldate_stage, "EXTENSIVE_SEARCH", True)
    page = titled_page(RUNNING_TEXT_DATE)
    assert extensive_search(page)
    assert htmldate_date(page, FETCHED) == "2023-03-14"
    assert htmldate_date(page, FETCHED, extensive=False) is None


@pytest.mark.parametrize(
    "page",
    [
        titled_page(RUNNING_TEXT_DATE, title="花园里的会面"),
        titled_page(f"<p>{'我们在花园里见面，谈了很久。' * 80}</p>{RUNNING_TEXT_DATE}", title=""),
    ],
    ids=["chinese title", "no title, chinese body"],
)
def test_no_extensive_search_on_chinese_pages(page, monkeypatch):
    monkeypatch.setattr(dates.htmldate_stage, "EXTENSIVE_SEARCH", True)
    assert reads_as_chinese(page)
    assert not extensive_search(page)
    assert htmldate_date(page, FETCHED) is None
    assert htmldate_date(page, FETCHED, extensive=True) == "2023-03-14"


def test_an_untitled_page_is_read_by_its_first_text():
    assert not reads_as_chinese(titled_page(f"<p>{'Plain English words. ' * 80}</p>", ""))


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


def test_a_labels_date_on_its_own_line_or_the_next_only():
    related = (
        "<h1>日本无性婚姻问题严重</h1><p>2005-04-05 06:40更新</p><p>正文很长的一段。</p>"
        "<p>来源：新闻晨报</p><p>编辑：山石</p><p>相关报道：</p>"
        "<p>·富夫妻望子成龙假离婚（2005-04-03 17:19）</p>"
    )
    page = load_document(doc(related))
    assert text_date(page, None, frozenset({LABEL_OWN_LINES})) == "2005-04-05T06:40"
    assert text_date(page, None) == "2005-04-03T17:19"  # the reach alone runs into the list
    page = load_document(doc("<h1>日本无性婚姻问题严重</h1><p>发布时间：</p><p>2005-04-05</p>"))
    assert text_date(page, None, frozenset({LABEL_OWN_LINES})) == "2005-04-05"


def test_a_posted_line_after_a_long_article_opens_a_line_and_stands_outside_threads():
    prose = "<p>" + "长文的一段正文。" * 60 + "</p>"
    body = f"<h1>台湾教育家演讲精选</h1>{prose * 8}<p>本贴由大卫于2005年8月12日16:12:21发表.</p>"
    page = load_document(doc(body))
    assert text_date(page, None, frozenset({LABELS_PAST_WINDOW})) == "2005-08-12T16:12:21"
    assert text_date(page, None) is None  # not a default rule: past the window by default
    quoted = f"<h1>Index types</h1>{prose * 8}<p>It was first published on May 3, 2017.</p>"
    page = load_document(doc(quoted))
    assert text_date(page, None, frozenset({LABELS_PAST_WINDOW})) is None


def test_a_date_line_right_above_the_headline():
    page = load_document(
        doc(
            "<p>Back to blog</p><p>Dec 12, 2025 · 4 min read</p><h1>Why Rust for embedded</h1>"
            "<p>Rust in the kernel since October 30, 2025.</p>"
        )
    )
    assert text_date(page, None, frozenset({DATE_ABOVE_HEADLINE})) == "2025-12-12"
    assert text_date(page, None, frozenset()) == "2025-10-30"


def test_above_the_headline_the_published_date_beats_the_updated_one():
    body = (
        "<p>Mental Health</p><p>DECEMBER 22, 2022</p><p>Updated: JANUARY 02, 2026</p>"
        "<h1>Ten ways meditation helps</h1><p>Text.</p>"
    )
    page = load_document(doc(body))
    assert text_date(page, None, frozenset({DATE_ABOVE_HEADLINE})) == "2022-12-22"
    only_updated = load_document(doc("<p>Last updated: Dec 12, 2025</p><h1>Sales hiring</h1>"))
    assert text_date(only_updated, None, frozenset({DATE_ABOVE_HEADLINE})) == "2025-12-12"


@pytest.mark.parametrize(
    "header", ["今天是2026年1月1日 星期四", "Monday, March 2, 2026", "Today: March 2, 2026"]
)
def test_a_header_date_of_the_day_is_not_the_date_line(header):
    page = load_document(doc(f"<div>{header}</div><h1>Council approves budget</h1><p>x</p>"))
    assert text_date(page, None, frozenset({DATE_ABOVE_HEADLINE})) is None


def test_a_header_date_further_up_is_not_above_the_headline():
    nav = "<p>" + "Home News Sport Business Culture Travel " * 5 + "</p>"
    page = load_document(doc(f"<p>Monday, March 2, 2026</p>{nav}<h1>Council approves budget</h1>"))
    assert text_date(page, None, frozenset({DATE_ABOVE_HEADLINE})) is None


def test_a_month_name_glued_to_the_previous_word():
    page = load_document(doc("<h1>Ten ways meditation helps</h1><p>HealthDECEMBER 22, 2022</p>"))
    assert text_date(page, None) == "2022-12-22"
    assert normalize_date("Remember 5, 2020") is None  # "ember" inside a word stays a word


@pytest.mark.parametrize(
    ("published", "url_day", "expected"),
    [
        ("2025-12-19T02:41:41+00:00", "2025-12-18", "2025-12-18"),  # an evening, US time
        ("2025-12-19T02:41:41+00:00", "2025-12-19", "2025-12-19T02:41:41+00:00"),
        ("2025-12-19T02:41:41-05:00", "2025-12-18", "2025-12-19T02:41:41-05:00"),  # not UTC
        ("2025-12-20T02:41:41+00:00", "2025-12-18", "2025-12-20T02:41:41+00:00"),
        ("2025-12-19", "2025-12-18", "2025-12-19"),  # no clock time
        ("2025-12-19T02:41+00:00", None, "2025-12-19T02:41+00:00"),
    ],
)
def test_a_utc_time_the_day_after_the_url_date_is_the_url_day(published, url_day, expected):
    assert local_day(published, url_day) == expected


def test_url_local_day_rule_in_publish_time():
    page = load_document(
        doc(head='<meta property="article:published_time" content="2025-12-19T02:41:41Z">'),
        url="https://example.com/2025/12/18/a-post/",
    )
    order = ("structured", "url")
    assert publish_time(page, None, order, frozenset({URL_LOCAL_DAY})) == "2025-12-18"
    assert publish_time(page, None, order, frozenset()) == "2025-12-19T02:41:41+00:00"


@pytest.mark.parametrize(
    ("body", "modified"),
    [
        ("<h1>Best toothbrushes</h1><p>By Jane Doe · Updated March 5, 2024</p>", "2024-03-05"),
        ("<p>Last updated: Dec 12, 2023</p><h1>Sales hiring guide</h1>", "2023-12-12"),
        ("<h1>一条新闻的标题</h1><p>更新时间：2024-05-02 10:00</p>", "2024-05-02T10:00"),
        ("<h1>Best toothbrushes</h1><p>Published March 5, 2024</p>", None),
    ],
)
def test_an_updated_label_in_the_text_is_the_modified_time(body, modified):
    assert dates_of(body).modified == modified


def test_the_modified_meta_tag_beats_the_text():
    found = dates_of(
        "<h1>Best toothbrushes</h1><p>Updated March 5, 2024</p>",
        '<meta property="article:modified_time" content="2024-05-01">',
    )
    assert found.modified == "2024-05-01"


def test_the_default_rules_are_the_cross_validated_ones():
    assert frozenset({DATE_ABOVE_HEADLINE, URL_LOCAL_DAY, STRUCTURED_AS_MODIFIED}) == (
        DEFAULT_DATE_RULES
    )
    above = doc("<p>Dec 12, 2023 · 4 min read</p><h1>Why Rust for embedded</h1><p>Text.</p>")
    assert extract_publish_time(load_document(above)) == "2023-12-12"
    page = load_document(
        doc(head='<meta property="article:published_time" content="2023-12-19T02:41:41Z">'),
        url="https://example.com/2023/12/18/a-post/",
    )
    assert extract_publish_time(page) == "2023-12-18"


def test_case_blind_date_words_that_fold_to_ascii_are_read_not_raised():
    # Case-blind regexes match the long s (ſ) and the Kelvin sign (K) as "s" and "k"; the
    # tables are keyed by ASCII words, so the matched word is case-folded, not lower-cased
    # (lower() keeps "ſ", and the lookup raised KeyError, rejecting the page).
    from datetime import UTC, datetime

    from newscrawl.extraction.metadata import dates

    assert dates.forms.full_date("Published ſeptember 4, 2025", None) == "2025-09-04"
    fetched = datetime(2025, 9, 10, 12, 0, tzinfo=UTC)
    assert dates.partial.relative("Posted yeſterday at 5:03 PM", fetched) is not None
    assert dates.partial.relative("3 dayſ ago", fetched) is not None


def test_no_date_before_the_sites_first_day_is_taken():
    # The structured date is older than the site: the next stage answers instead.
    head = '<meta property="article:published_time" content="1999-05-01">'
    body = "<h1>Harbour plan passes</h1><p>Posted on March 4, 2024</p>"
    page = load_document(doc(body, head), fetched_at=FETCHED)
    assert extract_dates(page, FETCHED).published == "1999-05-01"
    assert extract_dates(page, FETCHED, date(2005, 1, 1)).published == "2024-03-04"
    assert extract_dates(page, FETCHED, date(2024, 3, 5)).published is None
    assert extract_dates(page, FETCHED, date(2005, 1, 1)).before_since == 1
    assert extract_dates(page, FETCHED).before_since == 0


def test_a_modified_time_before_the_sites_first_day_is_dropped():
    head = '<meta property="article:modified_time" content="1999-05-02T09:00Z">'
    page = load_document(doc("<p>x</p>", head), fetched_at=FETCHED)
    assert extract_dates(page, FETCHED).modified == "1999-05-02T09:00+00:00"
    assert extract_dates(page, FETCHED, date(2005, 1, 1)).modified is None
    # htmldate also reads the modified time as the publish time here: both are passed over
    assert extract_dates(page, FETCHED, date(2005, 1, 1)).before_since == 2


@pytest.mark.parametrize(
    ("iso", "since", "earlier"),
    [
        ("2004-12-31", date(2005, 1, 1), True),
        ("2005-01-01T00:10+08:00", date(2005, 1, 1), False),
        ("1998-03", date(1998, 3, 15), False),  # the month holds the first day
        ("1998-02", date(1998, 3, 15), True),
        ("1998", date(1998, 6, 1), False),
        ("2024-05-01", None, False),
    ],
)
def test_before_compares_the_period_a_date_names(iso, since, earlier):
    assert before(iso, since) is earlier


def test_extract_takes_the_sites_first_day():
    head = '<meta property="article:published_time" content="1999-05-01">'
    body = "<h1>Harbour</h1>" + "<p>" + "The council voted on the harbour plan today. " * 8 + "</p>"
    html = doc(body, head)
    assert extract(html, url="https://example.org/a").publish_time == "1999-05-01"
    later = extract(html, url="https://example.org/a", published_since=date(2001, 1, 1))
    assert later.publish_time is None
    assert later.diagnostics[DATES_BEFORE_SITE] == 1


SAVED_AGAIN = (
    '<script type="application/ld+json">{"@type": "BlogPosting", '
    '"datePublished": "2025-06-24", "dateModified": "2025-06-24"}</script>'
)


def test_a_structured_date_on_the_modified_day_gives_way_to_the_shown_day():
    shown = doc(
        "<h1>How much to charge for a yoga class</h1><p>Aug 25, 2024</p><p>Text.</p>", SAVED_AGAIN
    )
    page = load_document(shown)
    rules = frozenset({STRUCTURED_AS_MODIFIED})
    assert publish_time(page, None, STAGE_ORDER, rules) == "2024-08-25"
    assert publish_time(page, None, STAGE_ORDER, frozenset()) == "2025-06-24"
    # a page that shows no other day keeps the structured date
    bare = load_document(
        doc("<h1>How much to charge for a yoga class</h1><p>Text.</p>", SAVED_AGAIN)
    )
    assert publish_time(bare, None, STAGE_ORDER, rules) == "2025-06-24"
    # nor does the rule read the text when the structured date is not the modified one
    apart = SAVED_AGAIN.replace('"dateModified": "2025-06-24"', '"dateModified": "2025-07-01"')
    assert (
        publish_time(
            load_document(doc("<h1>A yoga class</h1><p>Aug 25, 2024</p>", apart)),
            None,
            STAGE_ORDER,
            rules,
        )
        == "2025-06-24"
    )


@pytest.mark.parametrize("start", ["http://169.254.169.254/latest/", "https://example.com/"])
def test_a_page_whose_source_starts_like_a_url_is_never_fetched(start, monkeypatch):
    # htmldate takes a str that starts with "http" and holds no space for a URL and
    # downloads it; the extraction must not reach the network whatever a page says.
    import htmldate.utils

    fetched: list[str] = []

    def no_network(url: str, *args: object, **kwargs: object) -> None:
        fetched.append(url)
        raise AssertionError(f"the extraction tried to fetch {url[:60]!r}")

    monkeypatch.setattr(htmldate.utils, "fetch_url", no_network)
    page = f"{start}<html><body><h1>Headline</h1><p>{'word' * 60}</p></body></html>"
    doc = load_document(page.encode())
    assert dates.htmldate_date(doc) is None
    result = extract(page.encode(), method="auto")
    assert fetched == []
    assert not isinstance(result, Rejection) or result.reason != "extractor_error"


@pytest.mark.parametrize(
    ("line", "published"),
    [
        ("Published 3:45 PM EDT, Fri May 3, 2024", "2024-05-03T15:45-04:00"),
        ("Posted 9:05 pm, Thursday, May 2nd 2024", "2024-05-02T21:05"),
        ("Updated 10:32 AM ET, May 3, 2024", "2024-05-03"),  # "ET" names no offset
    ],
)
def test_a_clock_before_the_day_is_read_with_it(line, published):
    page = load_document(
        doc(
            f"<h1>Council approves the budget</h1><p>{line}</p><p>{'Words of the story. ' * 20}</p>"
        )
    )
    assert extract_publish_time(page, FETCHED) == published
