"""Publishing conventions the date stages read themselves (not through htmldate): meta names,
JSON-LD shapes, date markup, epoch attributes, relative dates, zone names and dotted dates."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from newscrawl.extraction import load_document
from newscrawl.extraction.metadata.dates import (
    extract_dates,
    modified_time,
    normalize_date,
    structured_date,
    text_date,
)

FETCHED = datetime(2024, 5, 3, 15, 0, tzinfo=UTC)
FILLER = "<p>" + "The body of the story goes on. " * 20 + "</p>"


def page(body: str = "", head: str = "", url: str | None = None):
    html = (
        f"<html><head><title>A headline for the story</title>{head}</head><body>"
        f"<h1>A headline for the story</h1>\n{body}\n{FILLER}</body></html>"
    )
    return load_document(html, url=url, fetched_at=FETCHED)


@pytest.mark.parametrize(
    ("tag", "iso"),
    [
        (
            '<meta name="parsely-pub-date" content="2024-03-04T10:00:00Z">',
            "2024-03-04T10:00:00+00:00",
        ),
        ('<meta name="sailthru.date" content="2024-03-04 10:00:00">', "2024-03-04T10:00:00"),
        ('<meta name="DC.date.issued" content="2024-03-04">', "2024-03-04"),
        ('<meta name="dcterms.created" content="2024-03-04">', "2024-03-04"),
        ('<meta name="dcterms.issued" content="2024-03-04">', "2024-03-04"),
        ('<meta name="publishdate" content="2024-03-04">', "2024-03-04"),
        ('<meta name="pubdate" content="20240304">', "2024-03-04"),
        (
            '<meta name="article.published" content="2024-03-04T10:00:00Z">',
            "2024-03-04T10:00:00+00:00",
        ),
        ('<meta property="og:published_time" content="2024-03-04">', "2024-03-04"),
        ('<meta name="citation_publication_date" content="2024/03/04">', "2024-03-04"),
        ('<meta name="citation_date" content="2024/3/4">', "2024-03-04"),
        ('<meta name="prism.publicationDate" content="2024-03-04">', "2024-03-04"),
        ('<meta name="date" content="2024-03-04">', "2024-03-04"),
        ('<meta name="published" content="2024-03-04">', "2024-03-04"),
    ],
)
def test_publish_meta_names(tag, iso):
    assert structured_date(page(head=tag), FETCHED) == iso


def test_a_modified_meta_name_is_no_publish_time():
    found = page(
        head='<meta name="article.updated" content="2024-04-01">'
        '<meta name="article.published" content="2024-03-04">'
    )
    assert structured_date(found, FETCHED) == "2024-03-04"
    assert modified_time(found, FETCHED) == "2024-04-01"


LD = '<script type="application/ld+json">{}</script>'


@pytest.mark.parametrize(
    "json_ld",
    [
        '{"@graph":[{"@type":"WebPage"},{"@type":"NewsArticle","datePublished":"2024-03-04"}]}',
        '[{"@type":"Organization"},{"@type":"NewsArticle","datePublished":"2024-03-04"}]',
        '{"@type":"WebPage","mainEntity":{"@type":"Article","datePublished":"2024-03-04"}}',
        '{"@type":"WebPage","mainEntity":[{"@type":"BlogPosting","datePublished":"2024-03-04"}]}',
    ],
)
def test_json_ld_date_published_in_graphs_arrays_and_main_entity(json_ld):
    assert structured_date(page(head=LD.format(json_ld)), FETCHED) == "2024-03-04"


def test_a_qa_pages_question_is_not_the_pages_publication():
    json_ld = '{"@type":"QAPage","mainEntity":{"@type":"Question","dateCreated":"2024-03-04"}}'
    assert structured_date(page(head=LD.format(json_ld)), FETCHED) is None


def test_microdata_date_published_with_a_content_or_a_text():
    meta = '<div itemscope><meta itemprop="datePublished" content="2024-03-04T10:00Z"></div>'
    assert structured_date(page(meta), FETCHED) == "2024-03-04T10:00+00:00"
    text = '<span itemprop="datePublished">March 4, 2024</span>'
    assert structured_date(page(text), FETCHED) == "2024-03-04"


def test_time_pubdate_comes_before_other_time_elements():
    body = (
        '<aside><time datetime="2024-01-01">Jan 1</time></aside>'
        '<time pubdate datetime="2024-03-04T10:00">March 4</time>'
    )
    assert structured_date(page(body), FETCHED) == "2024-03-04T10:00"
    assert structured_date(page("<p><time pubdate>4 March 2024</time></p>"), FETCHED) == (
        "2024-03-04"
    )


def test_a_bare_time_text_is_read_by_the_headline_only():
    near = page("<p><time>March 4, 2024</time></p>")
    assert structured_date(near, FETCHED) is None  # no machine value, no pubdate
    assert text_date(near, FETCHED) == "2024-03-04"
    far = page("<p>" + "Words. " * 600 + "</p><aside><time>March 4, 2024</time></aside>")
    assert text_date(far, FETCHED) is None


def test_epoch_data_attributes_on_date_elements():
    body = '<span class="post-date" data-timestamp="1709546400">Mar 4</span>'
    assert structured_date(page(body), FETCHED) == "2024-03-04T10:00:00+00:00"
    body = '<div class="byline" data-publish-time="1709546400000"></div>'
    assert structured_date(page(body), FETCHED) == "2024-03-04T10:00:00+00:00"


def test_an_epoch_attribute_on_an_unrelated_element_is_not_read():
    body = '<div class="comment" data-timestamp="1709546400">Nice</div>'
    assert structured_date(page(body), FETCHED) is None


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Posted 3 hours ago", "2024-05-03T12:00+00:00"),
        ("an hour ago", "2024-05-03T14:00+00:00"),
        ("a day ago", "2024-05-02T15:00+00:00"),
        ("2 weeks ago", "2024-04-19T15:00+00:00"),
        ("Published yesterday", "2024-05-02"),
        ("Yesterday at 5:03 PM", "2024-05-02T17:03"),
        ("Today 09:15", "2024-05-03T09:15"),
        ("just now", "2024-05-03T15:00+00:00"),
        ("刚刚", "2024-05-03T15:00+00:00"),
        ("2周前", "2024-04-19T15:00+00:00"),
        ("昨天 14:20", "2024-05-02T14:20"),
    ],
)
def test_relative_dates_against_the_fetch_time(text, iso):
    assert text_date(page(f"<p>{text}</p>"), FETCHED) == iso


@pytest.mark.parametrize(
    "text",
    ["Yesterday, the minister said the plan was dead.", "Today we look at the plan."],
)
def test_today_and_yesterday_in_running_text_are_no_date(text):
    assert text_date(page(f"<p>{text}</p>"), FETCHED) is None


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("Mon 4 Mar 2024 17:03 GMT", "2024-03-04T17:03+00:00"),
        ("March 4, 2024 5:03 PM EST", "2024-03-04T17:03-05:00"),
        ("March 4, 2024 5:03 PM EDT", "2024-03-04T17:03-04:00"),
        ("Mar. 4, 2024, 5:03 p.m. PST", "2024-03-04T17:03-08:00"),
        ("4 March 2024 10:00 CET", "2024-03-04T10:00+01:00"),
        ("2024-03-04 10:00 GMT+8", "2024-03-04T10:00+08:00"),
        ("2024-03-04 10:00 UTC+05:30", "2024-03-04T10:00+05:30"),
        ("March 4, 2024 5:03 PM ET", "2024-03-04T17:03"),  # ET names no offset
        ("March 4, 2024 5:03 pm estimated", "2024-03-04T17:03"),
        ("Monday, March 4, 2024", "2024-03-04"),
        ("4th of March, 2024", "2024-03-04"),
        ("March 4th, 2024", "2024-03-04"),
        ("04.03.2024", "2024-03-04"),  # dotted: day first
        ("12.25.2024", "2024-12-25"),  # only a month-first writer has a day above 12 second
        ("20240304101500", "2024-03-04T10:15:00"),
        ("2024年5月3日 14:20", "2024-05-03T14:20"),
        ("2024/05/03", "2024-05-03"),
    ],
)
def test_date_forms(raw, iso):
    assert normalize_date(raw) == iso


def test_a_dotted_version_number_is_no_date():
    assert normalize_date("1.2.3.2024") is None


def test_chinese_month_day_takes_the_year_from_the_url():
    found = page("<p>05-03 14:20</p>", url="https://example.com/2023/0503/x.html")
    assert text_date(found, FETCHED) == "2023-05-03T14:20"


def test_text_dates_with_zone_names_by_the_headline():
    found = extract_dates(page("<p>By Jane Doe, March 4, 2024 5:03 PM EST</p>"), FETCHED)
    assert found.published == "2024-03-04T17:03-05:00"


@pytest.mark.parametrize(
    "body",
    [
        '<abbr class="published" title="2024-03-04T10:00:00Z">March 4</abbr>',
        '<span class="p-author">Jane</span><span class="dt-published">March 4, 2024</span>',
        '<div class="post-date">4 March 2024</div>',
    ],
)
def test_microformat_published_classes(body):
    assert structured_date(page(body), FETCHED)[:10] == "2024-03-04"


def test_an_updated_class_is_no_published_class():
    assert structured_date(page('<span class="updated">March 4, 2024</span>'), FETCHED) is None


def test_json_ld_with_raw_newlines_in_strings_is_read():
    json_ld = '{"@type":"NewsArticle","headline":"Two\nlines","datePublished":"2024-03-04"}'
    assert structured_date(page(head=LD.format(json_ld)), FETCHED) == "2024-03-04"


def test_date_published_of_a_json_ld_block_that_is_not_json():
    json_ld = '{"@type":"NewsArticle","datePublished":"2024-03-04","name":"A "quoted" word",}'
    assert structured_date(page(head=LD.format(json_ld)), FETCHED) == "2024-03-04"


def test_the_broken_json_ld_fallback_reads_no_block_that_parses():
    # A QAPage's question is not read as JSON-LD; the pattern fallback must not read it either.
    json_ld = '{"@type":"QAPage","mainEntity":{"@type":"Question","datePublished":"2024-03-04"}}'
    assert structured_date(page(head=LD.format(json_ld)), FETCHED) is None


@pytest.mark.parametrize(
    "stamp",
    ["2024-04-05 06:40更新 来源：转载文章", "2024-04-05 06:40 来源：新华网"],
)
def test_a_stamp_line_with_its_date_before_the_source_label(stamp):
    # The date opens the line and the source follows it; a related story's date a line
    # later lies within the label's reach and was taken instead.
    related = "<p>相关报道：</p><p>·富夫妻望子成龙假离婚（2024-04-03 17:19）</p>"
    assert text_date(page(f"<p>{stamp}</p>{related}"), FETCHED) == "2024-04-05T06:40"


def test_a_source_label_with_its_date_after_it_on_its_line():
    found = page("<p>来源：新华网 2024-04-05 06:40</p><p>相关报道：（2024-04-03）</p>")
    assert text_date(found, FETCHED) == "2024-04-05T06:40"


def test_a_time_marked_as_the_update_comes_after_the_publication():
    body = (
        '<time class="updated" datetime="2024-03-09T09:00:00Z">Mar 9</time> '
        '<time class="entry-date published" datetime="2024-03-04T10:00:00Z">Mar 4</time>'
    )
    assert structured_date(page(f"<p>{body}</p>"), FETCHED) == "2024-03-04T10:00:00+00:00"
    alone = '<p><time itemprop="dateModified" datetime="2024-03-09">Mar 9</time></p>'
    assert structured_date(page(alone), FETCHED) == "2024-03-09"  # still read, when alone
