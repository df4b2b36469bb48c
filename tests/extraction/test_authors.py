"""Author: JSON-LD, meta, markup and Chinese byline cues, each validated."""

from __future__ import annotations

import pytest

from newscrawl.extraction import load_document
from newscrawl.extraction.metadata.authors import clean_author, extract_author


def author_of(body: str = "", head: str = "") -> str | None:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return extract_author(load_document(html))


def test_json_ld_person_list():
    head = ('<script type="application/ld+json">{"@type": "NewsArticle", "author": '
            '[{"@type": "Person", "name": "Ann Lee"}, {"@type": "Person", "name": "Bo Chen"}]}'
            "</script>")
    assert author_of(head=head) == "Ann Lee, Bo Chen"


def test_json_ld_organization_is_not_an_author():
    head = ('<script type="application/ld+json">{"author": {"@type": "Organization", '
            '"name": "USA TODAY"}}</script><meta name="author" content="Brian Truitt">')
    assert author_of(head=head) == "Brian Truitt"


def test_meta_author_with_entities():
    assert author_of(head='<meta name="author" content="Maria &amp;amp; Katerina">') == (
        "Maria & Katerina")


def test_itemprop_author_name():
    body = '<span itemprop="author"><span itemprop="name">Jane Doe</span></span>'
    assert author_of(body) == "Jane Doe"


def test_byline_class_drops_by_prefix():
    assert author_of('<div class="byline">By John Smith</div>') == "John Smith"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("<p>来源：新华网 作者：张三 2020-01-01</p>", "张三"),
        ("<p>本报记者罗科苏盈发自北京</p>", "罗科苏盈"),
        ("<p>河南商报记者马俊峰/文</p>", "马俊峰"),
        ("<p>责任编辑：李四</p>", "李四"),
    ],
)
def test_chinese_byline_cues(text, name):
    assert author_of(text) == name


def test_running_text_reporter_is_not_a_byline():
    assert author_of("<p>小记者训练营开营了，记者采访时称一切顺利。</p>") is None


def test_author_cue_beats_editor_cue():
    assert author_of("<p>责任编辑：李四</p><p>作者：王五</p>") == "王五"


@pytest.mark.parametrize(
    "value", ["admin", "http://example.com/u/1", "someone@example.com", "12345", "x",
              "a" * 80, "编辑"],
)
def test_invalid_names_are_rejected(value):
    assert clean_author(value) is None


def test_no_author():
    assert author_of("<p>没有署名的正文。</p>") is None
