"""jusText stages: segmentation, CJK tokens, stop lists, one classifier rule at a time."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lxml import etree
from lxml.html import HtmlElement, fromstring

from newscrawl.extraction.blocks import Block, segment, segment_in_python
from newscrawl.extraction.core import extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.extractors import justext
from newscrawl.extraction.extractors.justext import Cls, Paragraph
from newscrawl.extraction.extractors.justext_options import CHINESE, ENGLISH
from newscrawl.extraction.stoplists import load_stoplist
from newscrawl.extraction.text import is_mostly_cjk, tokens, word_count

_ELEMENT: HtmlElement = fromstring("<p>x</p>")


def block(text: str, link_text: str = "", heading: bool = False) -> Block:
    return Block(text, link_text, heading, 1, _ELEMENT, 0)


def para(text: str, density: float, link_text: str = "", heading: bool = False) -> Paragraph:
    return Paragraph(block(text, link_text, heading), density)


# ------------------------------------------------------------------ tokens and stop lists


def test_tokens_split_cjk_per_character_and_latin_per_word():
    assert tokens("新闻 News2024 的") == ["新", "闻", "news2024", "的"]


def test_word_count_is_comparable_for_chinese():
    # 17 CJK characters ~ 10 words, not 1 whitespace "word".
    assert word_count("一二三四五六七八九十一二三四五六七") == 10
    assert word_count("three plain words") == 3


def test_mostly_cjk():
    assert is_mostly_cjk("这是一段中文 with a few words")
    assert not is_mostly_cjk("an English sentence with 一 character")


def test_stoplists_ship_as_package_data():
    assert {"的", "了", "是"} <= load_stoplist("zh")
    assert {"the", "and", "of"} <= load_stoplist("en")


def test_unknown_stoplist_names_what_exists():
    with pytest.raises(ValueError, match="available: en, zh"):
        load_stoplist("xx")


# ------------------------------------------------------------------ segmentation


def test_segment_splits_at_block_tags_and_counts_link_text():
    root = load_document(
        "<html><body><div>intro <a href='/x'>link</a> tail<p>para <b>bold</b></p>after</div>"
        "<h2>Head</h2></body></html>"
    ).root
    blocks = segment(root)
    assert [b.text for b in blocks] == ["intro link tail", "para bold", "after", "Head"]
    assert blocks[0].link_text == "link"
    assert blocks[3].heading and not blocks[1].heading
    assert blocks[1].level > blocks[0].level


@pytest.mark.parametrize("segmenter", [segment, segment_in_python])
def test_segment_joins_inline_text_where_the_page_does(
    segmenter: Callable[[etree._Element], list[Block]],
) -> None:
    # An inline element's edge is no word's edge (a drop cap, a link inside a word); the
    # page's own whitespace and <br> still separate.
    root = load_document(
        "<html><body><p><span class='dropcap'>T</span>he <a href='/x'>li</a>nked "
        "<b>bold</b> <i>and</i>\n<em>spaced</em><br>lines</p>"
        "<div><a href='/'>Home</a> <a href='/w'>World</a><a href='/n'>News</a></div></body></html>"
    ).root
    blocks = segmenter(root)
    assert [b.text for b in blocks] == ["The linked bold and spaced lines", "Home WorldNews"]
    assert blocks[0].link_text == "li"
    # Links with text between them stay apart in the link text as in the text.
    assert blocks[1].link_text == "Home WorldNews"


def test_segment_does_not_touch_the_tree():
    doc = load_document("<html><body><p>one</p><p>two <a href='#'>x</a></p></body></html>")
    before = etree.tostring(doc.root)
    segment(doc.root)
    assert etree.tostring(doc.root) == before


# ------------------------------------------------------------------ context-free rules


def test_high_link_density_is_bad():
    assert justext.classify_one(para("a" * 100, 0.5, link_text="a" * 30), ENGLISH) == Cls.BAD


def test_copyright_is_bad():
    assert justext.classify_one(para("© 2024 " + "x " * 60, 0.5), ENGLISH) == Cls.BAD


def test_short_without_links_is_short_and_with_links_bad():
    assert justext.classify_one(para("short text", 0.5), ENGLISH) == Cls.SHORT
    assert justext.classify_one(para("short text", 0.5, link_text="x"), ENGLISH) == Cls.BAD


def test_long_stopword_rich_is_good_medium_is_neargood_poor_is_bad():
    long_text = "word " * 50
    between = (ENGLISH.stopwords_low + ENGLISH.stopwords_high) / 2
    assert justext.classify_one(para(long_text, 0.4), ENGLISH) == Cls.GOOD
    assert justext.classify_one(para("word " * 20, 0.4), ENGLISH) == Cls.NEARGOOD
    assert justext.classify_one(para(long_text, between), ENGLISH) == Cls.NEARGOOD
    assert justext.classify_one(para(long_text, 0.05), ENGLISH) == Cls.BAD


def test_chinese_limits_are_in_characters():
    sentence = "这是一段用于测试的中文新闻正文，它的长度超过了中文的上限。"  # 29 characters
    assert ENGLISH.length_low > len(sentence) > CHINESE.length_low
    assert justext.classify_one(para(sentence, 0.2), CHINESE) == Cls.NEARGOOD
    assert justext.classify_one(para(sentence, 0.2), ENGLISH) == Cls.SHORT


def test_chinese_stopword_density_counts_characters():
    stoplist = load_stoplist("zh")
    # 我, 的 and 了 are 3 of 5 characters.
    assert justext.stopword_density("我的书丢了", stoplist, "zh") == pytest.approx(3 / 5)
    # Whitespace tokenisation would see one token and no stop word at all.
    assert justext.stopword_density("我的书丢了", load_stoplist("en"), "en") == 0.0


# ------------------------------------------------------------------ context-sensitive rules


def revise(
    classes: list[Cls], lengths: list[int] | None = None, headings: set[int] | None = None
) -> list[Cls]:
    lengths = lengths or [100] * len(classes)
    paragraphs = [
        para("x" * n, 0.0, heading=i in (headings or set())) for i, n in enumerate(lengths)
    ]
    return justext.revise_classes(paragraphs, classes, ENGLISH)


def test_short_between_good_becomes_good_and_between_bad_bad():
    assert revise([Cls.GOOD, Cls.SHORT, Cls.GOOD])[1] == Cls.GOOD
    assert revise([Cls.BAD, Cls.SHORT, Cls.BAD])[1] == Cls.BAD


def test_short_between_good_and_bad_is_good_only_next_to_neargood():
    assert revise([Cls.GOOD, Cls.SHORT, Cls.BAD])[1] == Cls.BAD
    assert revise([Cls.GOOD, Cls.SHORT, Cls.NEARGOOD, Cls.BAD])[1] == Cls.GOOD


def test_neargood_is_bad_only_between_bad():
    assert revise([Cls.BAD, Cls.NEARGOOD, Cls.BAD])[1] == Cls.BAD
    assert revise([Cls.GOOD, Cls.NEARGOOD, Cls.BAD])[1] == Cls.GOOD


def test_page_edges_count_as_bad():
    assert revise([Cls.SHORT, Cls.GOOD])[0] == Cls.BAD


def test_short_heading_before_good_text_is_kept():
    classes = revise([Cls.BAD, Cls.SHORT, Cls.GOOD], lengths=[100, 20, 100], headings={1})
    assert classes[1] == Cls.GOOD


def test_revision_does_not_mutate_its_input():
    initial = [Cls.GOOD, Cls.SHORT, Cls.GOOD]
    revise(initial)
    assert initial == [Cls.GOOD, Cls.SHORT, Cls.GOOD]


def test_needs_one_good_paragraph_as_anchor():
    # Neargood text alone, between page edges, is not enough evidence of an article.
    assert revise([Cls.NEARGOOD, Cls.NEARGOOD]) == [Cls.BAD, Cls.BAD]


# ------------------------------------------------------------------ end to end

ZH_ARTICLE = (
    "<html><head><title>测试新闻</title></head><body>"
    "<div class='nav'><a href='/a'>首页</a> <a href='/b'>国内新闻</a>"
    " <a href='/c'>国际新闻</a></div>"
    "<div><p>记者从有关部门了解到，今年以来我市的经济运行总体平稳，主要指标都保持在合理区间，市场的预期也在不断地改善。</p>"
    "<p>据介绍，这些措施已经在全市推开，为企业减轻了负担，也为群众带来了实惠。</p>"
    "<p>下一步，有关部门将继续加大工作力度，把各项政策落到实处，让更多的人受益。</p></div>"
    "<div><a href='/x'>相关新闻一</a><br><a href='/y'>相关新闻二</a></div>"
    "</body></html>"
)


def test_chinese_page_keeps_article_drops_navigation():
    article = extract(ZH_ARTICLE, method="justext")
    assert article, article
    assert "经济运行总体平稳" in article.content
    assert "落到实处" in article.content
    assert "首页" not in article.content and "相关新闻" not in article.content
    assert article.diagnostics["justext_lang"] == "zh"


def test_english_page_uses_reference_defaults():
    body = " ".join(
        [
            (
                "The council said that it would review the plan in the spring, and "
                "that the residents who live near the site had been asked for their "
                "views on it."
            )
        ]
        * 3
    )
    html = f"<html><body><p><a href='/'>Home</a></p><p>{body}</p></body></html>"
    article = extract(html, method="justext")
    assert article and "council said" in article.content and "Home" not in article.content
    assert article.diagnostics["justext_lang"] == "en"
