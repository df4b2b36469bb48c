"""Source: the labelled agency or outlet of a story, kept apart from its authors."""

from __future__ import annotations

import pytest

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.metadata.source import dateline_source, extract_source


def source_of(body: str = "", head: str = "") -> str | None:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return extract_source(load_document(html))


@pytest.mark.parametrize(
    ("line", "source"),
    [
        ("来源：新华社 作者：张三", "新华社"),
        ("2024-05-03 08:00 来源: 人民网-人民日报 编辑：李四", "人民网-人民日报"),
        ("稿件来源：央视新闻客户端 | 责任编辑：王五", "央视新闻客户端"),
        ("来源：[ 国际金融报 ]", None),
        ("来源：2024-05-03", None),
        ("来源：未知", None),
        ("来源：转载文章 作者：张三", None),
        ("来源：本站原创", None),
        ("来源于：东区办事处 发布日期：2019-03-06", "东区办事处"),
        # A picture's or a quoted fact's source is not the story's.
        ("图片来源：摄图网", None),
        ("资料来源：参考消息、海外网等", None),
        # Digits straight after the name start the page's counters, not the name.
        ("来源：新华网57人参与11评论杭州市学军中学", "新华网"),
    ],
)
def test_labelled_source(line, source):
    assert source_of(f"<p>{line}</p>") == source


def test_meta_source():
    assert source_of(head='<meta name="source" content="Reuters">') == "Reuters"
    assert source_of(head='<meta name="source" content="Associated Press">') == "Associated Press"


def test_meta_source_that_repeats_the_label_and_adds_a_note():
    head = '<meta name="source" content="来源：人民网-文化频道 原创稿">'
    assert source_of(head=head) == "人民网-文化频道"


def test_source_and_author_are_apart_in_the_article():
    body = (
        "<h1>一条新闻的标题在这里</h1><p>来源：新华社 记者：张三</p>\n"
        + "<p>"
        + "正文内容很长。" * 40
        + "</p>"
    )
    article = extract(body.join(("<html><body>", "</body></html>")), method="density")
    assert isinstance(article, Article)
    assert article.source == "新华社"
    assert article.authors == ["张三"]
    assert article.author == "张三"


def test_the_label_is_found_past_a_portal_s_indented_menus():
    # Template whitespace is no visible text: 20,000 blanks of indentation before the byline.
    menus = "".join(f"<li><a href='/c{i}'>栏目{i}</a></li>" + " " * 400 for i in range(50))
    assert source_of(f"<ul>{menus}</ul><p>2019-09-07 来源: 新京报 举报</p>") == "新京报"


@pytest.mark.parametrize(
    ("lead", "source"),
    [
        ("WASHINGTON (AP) — The Senate voted on Tuesday", "AP"),
        ("LONDON, May 3 (Reuters) - The Bank of England held rates", "Reuters"),
        ("SALT LAKE CITY (KSL) — A Utah man was", "KSL"),
        ("Photo: Jo Li\nNEW YORK (CNN) -- Stocks rose on Friday", "CNN"),
        ("新华社北京5月3日电 国务院总理主持召开国务院常务会议", "新华社"),
        ("中新网上海5月3日电（记者 张三）上海市政府", "中新网"),
        # the page's own report, a menu in capitals, a bracket in a sentence
        ("本报北京5月3日电 国务院总理主持召开会议", None),
        ("ENGLISH AS A SECOND LANGUAGE (ESL) - Register for FREE classes", None),
        ("The Senate (led by Democrats) - as expected - voted", None),
    ],
)
def test_a_wire_dateline_names_the_source(lead, source):
    assert dateline_source(lead) == source


def test_the_dateline_is_read_at_the_start_of_the_article_text_after_any_label():
    paragraph = "The new budget funds schools and roads across the country after a debate. "
    page = f"<html><body><h1>Budget</h1><p>WASHINGTON (AP) — {paragraph * 4}</p></body></html>"
    article = extract(page.encode(), method="density")
    assert article.source == "AP"
    labelled = page.replace("<h1>Budget</h1>", "<h1>Budget</h1><p>来源：新华网</p>")
    assert extract(labelled.encode(), method="density").source == "新华网"
    # further down the text, a dateline is a quoted story's
    later = page.replace("WASHINGTON (AP) — ", paragraph * 6 + "WASHINGTON (AP) — ")
    assert extract(later.encode(), method="density").source is None
