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
        ("<p>据新华社拉萨电（记者 格桑边觉）记者近日从会议上了解到</p>", "格桑边觉"),
        ("<p>执笔人：闵乐夫 赵兰波 编辑：吕峥</p>", "闵乐夫 赵兰波"),
        ("<p>[湖湘文化]陈天华《警世钟》 ggjjzhzz 发表于 2005-9-15 11:46:00</p>", "ggjjzhzz"),
        ("<p>本贴由大卫于2005年8月12日16:12:21在〖心灵体操〗发表.</p>", "大卫"),
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


def test_markup_residue_and_ids_are_not_names():
    # a broken page leaves attribute text after the cue; a CMS puts ids in the author box
    assert author_of('<p>作者： size="20" 来源： size="2"</p>') is None
    assert author_of('<span class="author">L_104485</span>') is None


@pytest.mark.parametrize(
    ("content", "name"),
    [
        ("到头来，一位自甘穷酸的外科医生。\n（袁源）", "袁源"),
        ("过一个平安、祥和的新春佳节。（常书香 马丹阳 ）", "常书香 马丹阳"),
        ("所有的改革难道不都是利益再分配的过程吗？”（姚峰 上海报道）", "姚峰"),
        ("推动云南工业高质量发展。（记者 胡晓蓉）", "胡晓蓉"),
        ("一段很长的文章。\n执笔人：闵乐夫 赵兰波", "闵乐夫 赵兰波"),
    ],
)
def test_closing_byline_of_the_content_is_the_last_resort(content, name):
    doc = load_document("<html><body><p>正文</p></body></html>")
    assert extract_author(doc, content) == name


@pytest.mark.parametrize("content", ["全文到此结束。（全文完）", "本办法自发布之日起施行（试行）",
                                     "他说：“好。”（图）", "会议在北京举行。（新华社）",
                                     "详见通知。（市教育局）", "据报道。（央视新闻）"])
def test_closing_words_that_are_no_bylines(content):
    doc = load_document("<html><body><p>正文</p></body></html>")
    assert extract_author(doc, content) is None


def test_page_byline_beats_closing_byline():
    doc = load_document("<html><body><p>作者：张三 2020-01-01</p><p>正文</p></body></html>")
    assert extract_author(doc, "正文（李四）") == "张三"
