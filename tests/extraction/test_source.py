"""Source: the labelled agency or outlet of a story, kept apart from its authors."""

from __future__ import annotations

import pytest

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.metadata.source import extract_source


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
