"""``extract()`` never raises (issue 13, item 1): each class of failure the mutation probe found,
reproduced with a crafted page, then a property test over generated HTML-ish bytes.

Every value that reaches lxml is made XML-safe where it is produced, an attribute name lxml
cannot address is dropped, a URL urllib cannot join drops only that URL, and an unusable
declared codec falls back to detection. The last-resort guard in ``extract()`` turns anything
else into an ``extractor_error`` that names the page.
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newscrawl.extraction import (
    Article,
    Rejection,
    RejectReason,
    available_methods,
    core,
    dom,
    extract,
)
from newscrawl.extraction.decode import decode_html, normalize_encoding
from tests.property import examples

METHODS = available_methods()
URL = "https://example.com/news/2024/a.html"
BODY = "\n".join(
    f"<p>市政府今天公布了新的交通规划方案，第{n}期工程涉及多条地铁线路和公交线路的调整，"
    f"预计明年年底完工，届时市民出行将更加便利，沿线居民对此表示欢迎。</p>"
    for n in range(8)
)


def page(inner: str, head: str = "<title>交通规划公布</title>") -> bytes:
    return (
        f"<html><head>{head}</head><body><div>导航 | 首页</div>\n<div>{inner}\n{BODY}</div>"
        "\n<div>版权所有</div></body></html>"
    ).encode()


CRAFTED = {
    "control char in a tail": page("<b>x</b>a\x01b<i>y</i>&#1;z<br>\x02tail"),
    "control char in attributes": page(
        "<a href='/x\x01y' title='a\x02b'>link</a><img src='/a\x03.jpg' alt='\x04'>"
        "<a href='/p&#1;q'>ref</a><img data-src='/b&#xfffe;.jpg'>"
    ),
    "attribute names lxml refuses": page(
        "<p {% if x %} {a}=1 ='' \"q\"=2 {a}b=3 href='/k'>正文段落。</p><a {b} href='/q'>z</a>"
    ),
    "URL with an unclosed IPv6 host": page(
        "<img src='//[oops/x.jpg'><a href='//[oops/y'>l</a><img src='/ok.jpg'>"
        "<h1><a href='http://[::1'>交通规划公布</a></h1>"
    ),
    "meta charset undefined": page("", head="<meta charset='undefined'><title>交通</title>"),
    "meta charset of a binary codec": page("", head="<meta charset='hex'><title>交通</title>"),
}


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_crafted_page_gives_an_article(case, method):
    result = extract(CRAFTED[case], url=URL, method=method)
    assert isinstance(result, Article), result


@pytest.mark.parametrize(
    "label",
    [
        "undefined",
        "hex",
        "rot13",
        "base64",
        "zlib",
        "idna",
        "punycode",
        "unicode_escape",
        "utf-7",
        "no-such-codec",
    ],
)
def test_unusable_declared_encoding_falls_back_to_detection(label):
    data = "<html><body><p>新闻正文</p></body></html>".encode("gb18030")
    assert normalize_encoding(label) is None
    text, used = decode_html(data, label)
    assert "新闻正文" in text and used == "gb18030"
    assert isinstance(extract(data + BODY.encode("gb18030"), encoding=label, url=URL), Article)


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_crafted_page_keeps_its_text(case):
    result = extract(CRAFTED[case], url=URL, method="density")
    assert isinstance(result, Article) and "交通规划方案" in result.content


def test_url_that_cannot_be_joined_drops_only_that_url():
    result = extract(CRAFTED["URL with an unclosed IPv6 host"], url=URL, method="density")
    assert isinstance(result, Article)
    assert result.images == ["https://example.com/ok.jpg"]
    assert dom.resolve_url("//[oops/x.jpg", URL) is None


def test_sanitized_html_drops_attributes_lxml_cannot_name():
    root = dom.parse_html(
        "<html><body><p {a}b=3 {x}=1 data-k='v' href='/k' title='t\x01'>text</p></body></html>"
    )
    assert root is not None
    html = dom.sanitized_html(root.iter("p"), URL)
    assert html == '<p href="https://example.com/k" title="t">text</p>'


def test_xml_safe_keeps_tab_newline_and_ordinary_text():
    assert dom.xml_safe("a\tb\nc\r\x01\x0b\ufffe\ud800新") == "a\tb\nc\r新"


def test_last_resort_guard_names_the_page_and_logs_an_error(monkeypatch, caplog):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in metadata")

    monkeypatch.setattr(core, "assemble_article", broken)
    with caplog.at_level(logging.ERROR, logger="newscrawl.extraction.core"):
        result = extract(page(""), url=URL, method="density")
    assert isinstance(result, Rejection)
    assert result.reason is RejectReason.EXTRACTOR_ERROR
    assert URL in result.detail and "a bug in metadata" in result.detail
    assert any(
        URL in record.getMessage() and record.levelno == logging.ERROR for record in caplog.records
    )


def test_last_resort_guard_covers_loading(monkeypatch):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug while parsing")

    monkeypatch.setattr(core, "load_document", broken)
    result = extract(page(""), url=URL, method="tcdt")
    assert isinstance(result, Rejection) and result.reason is RejectReason.EXTRACTOR_ERROR
    assert URL in result.detail


# -- property test ---------------------------------------------------------------------------

_NASTY_CHARS = "\x00\x01\x08\x0b\x0c\x1b\x1f\x7f\ufffe\uffff\u200b\ufeff"
_TEXT = st.text(
    alphabet=st.sampled_from("新闻正文，。abc .!<>&;#x'\"=/{}%[]:\n\t" + _NASTY_CHARS), max_size=30
)
_ATTR_NAME = st.one_of(
    st.sampled_from(
        [
            "href",
            "src",
            "data-src",
            "title",
            "class",
            "alt",
            "{a}",
            "{a}b",
            "{%",
            "%}",
            "a:b",
            "xmlns",
            "=",
            '"q"',
            "on{x}",
            "data-original",
            "lang",
            "hidden",
        ]
    ),
    st.text(alphabet="{}%ab:-_\"'", min_size=1, max_size=6),
)
_ATTR_VALUE = st.one_of(
    _TEXT,
    st.sampled_from(
        [
            "//[oops/x.jpg",
            "http://[::1",
            "/a&#1;b.jpg",
            "javascript:x",
            "data:,x",
            "http://a:99999/x",
            "//example.org/i.png",
            "#",
            "  ",
            "&#xd800;",
            "comment",
            "ipsComment comment-1_wrap",
            "onetrust-pc-sdk",
            "cookie-banner",
        ]
    ),
)
_TAG = st.sampled_from(
    [
        "div",
        "p",
        "span",
        "a",
        "img",
        "br",
        "table",
        "td",
        "li",
        "h1",
        "h2",
        "script",
        "style",
        "body",
        "title",
        "meta",
        "select",
        "textarea",
        "time",
        "article",
        "{a}",
        "x:y",
        "!--",
        "?php",
    ]
)
_START_TAG = st.builds(
    lambda tag, attrs, close: (
        f"<{tag}" + "".join(f" {n}='{v}'" for n, v in attrs) + (">" if close else "")
    ),
    _TAG,
    st.lists(st.tuples(_ATTR_NAME, _ATTR_VALUE), max_size=4),
    st.booleans(),
)
_FRAGMENT = st.one_of(
    _START_TAG,
    _TAG.map(lambda tag: f"</{tag}>"),
    _TEXT,
    st.sampled_from(
        [
            "&#1;",
            "&#0;",
            "&#xfffe;",
            "&amp",
            "&",
            "<",
            ">",
            "<br>",
            BODY,
            f"<pre hidden>{BODY}",
            # Script data and template placeholders, whole and broken.
            '<span hidden>{"a": [1, {"b": null}]}</span>',
            "<div hidden>[1, 2",
            "{{ x.y[3] }}",
            "{{",
            "}}{{ }}",
        ]
    ),
)
_CHARSET = st.one_of(
    st.none(),
    st.sampled_from(
        [
            "undefined",
            "hex",
            "rot13",
            "idna",
            "punycode",
            "utf-7",
            "utf-16",
            "gbk",
            "latin-1",
            "unicode_escape",
            "",
            "x-nope",
            "big5",
        ]
    ),
)


@st.composite
def html_bytes(draw: st.DrawFn) -> tuple[bytes, str | None]:
    meta = draw(_CHARSET)
    head = f"<meta charset='{meta}'>" if meta is not None else ""
    soup = "".join(draw(st.lists(_FRAGMENT, max_size=60)))
    text = f"<html><head>{head}<title>{draw(_TEXT)}</title></head><body>{soup}</body></html>"
    codec = draw(st.sampled_from(["utf-8", "gb18030", "utf-16"]))
    data = text.encode(codec, errors="replace")
    cut = draw(st.one_of(st.none(), st.integers(0, len(data))))
    return (data if cut is None else data[:cut]), draw(_CHARSET)


@settings(max_examples=examples(40))
@pytest.mark.parametrize("method", METHODS)
@given(case=html_bytes())
def test_extract_never_raises_on_generated_html(method, case):
    data, encoding = case
    result = extract(data, url=URL, method=method, encoding=encoding)
    assert isinstance(result, Article | Rejection)
    if isinstance(result, Rejection):
        assert result.reason is not RejectReason.EXTRACTOR_ERROR, result.detail


_DAYS = st.dates(min_value=date(1985, 1, 1), max_value=date(2026, 1, 1))
_STATED = st.one_of(
    _DAYS.map(lambda day: f"<meta property='article:published_time' content='{day}'>"),
    _DAYS.map(lambda day: f"<meta property='article:modified_time' content='{day}T08:00Z'>"),
    _DAYS.map(lambda day: f"<time datetime='{day}'>{day:%B %d, %Y}</time>"),
    _DAYS.map(lambda day: f"<p>Published: {day:%B %d, %Y}</p>"),
    _DAYS.map(lambda day: f"<p>发布时间：{day:%Y-%m-%d} 10:20</p>"),
)


@settings(max_examples=examples(60))
@given(stated=st.lists(_STATED, max_size=6), since=st.one_of(st.none(), _DAYS))
def test_no_stored_date_lies_before_the_sites_first_day(stated, since):
    body = "".join(stated) + "<p>" + "The council voted on the harbour plan again. " * 8 + "</p>"
    html = f"<html><head><title>Harbour</title></head><body><h1>Harbour</h1>{body}</body></html>"
    fetched = datetime(2026, 1, 2, tzinfo=UTC)
    result = extract(html, url=URL, fetched_at=fetched, published_since=since)
    assert isinstance(result, Article)
    for found in (result.publish_time, result.modified_time):
        if found and since:
            assert found[:10] >= since.isoformat()[: len(found[:10])], (found, since)
