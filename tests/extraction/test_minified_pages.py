"""A page served minified (no whitespace between block tags) reads like the same page served
with its line breaks: its blocks' texts are not run together."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from newscrawl.extraction import Article, extract
from newscrawl.extraction.document import (
    load_document,
    separate_blocks,
    separate_blocks_in_python,
)
from tests.property import examples

STORY = "市政府今天批准了新的年度预算方案，其中教育和医疗支出明显增加。" * 6

SPACED_PAGE = f"""<html><head><title>市政府批准新预算</title></head><body>
<div class="nav"><a href="/">首页</a></div>
<h1>市政府批准新预算</h1>
<div class="info">
<span>2024-05-03 08:00</span>
</div>
<p>作者：王建宏</p>
<p>来源：新华社</p>
<div class="article">
<p>{STORY}</p>
<p>{STORY}</p>
</div>
<p>责任编辑：张迪</p>
<div class="related">相关新闻</div>
</body></html>"""


def minify(html: str) -> str:
    return re.sub(r">\s+<", "><", html)


def test_separate_blocks_breaks_only_before_block_tags() -> None:
    assert separate_blocks("<p>a</p><p>b</p>") == "<p>a</p>\n<p>b</p>"
    # inline neighbours stay as written; a closing block tag is a boundary too
    assert separate_blocks("<span>a</span><b>b</b>") == "<span>a</span><b>b</b>"
    assert separate_blocks("<div><b>b</b></div>") == "<div><b>b</b>\n</div>"
    assert separate_blocks("<li>a</li><LI>b") == "<li>a</li>\n<LI>b"
    assert separate_blocks("<p>a</p>\n<p>b</p>") == "<p>a</p>\n<p>b</p>"  # already apart


def test_a_minified_page_keeps_its_blocks_apart_in_the_text() -> None:
    doc = load_document(minify(SPACED_PAGE))
    assert "王建宏\n" in doc.body_text() and "张迪\n" in doc.body_text()


@pytest.mark.parametrize("method", ["density", "auto"])
def test_a_minified_page_gives_the_same_metadata_as_served(method: str) -> None:
    served = extract(SPACED_PAGE.encode(), method=method)
    minified = extract(minify(SPACED_PAGE).encode(), method=method)
    assert isinstance(served, Article) and isinstance(minified, Article)
    assert (served.authors, served.source, served.editors) == (["王建宏"], "新华社", ["张迪"])
    assert (minified.authors, minified.source, minified.editors) == (
        served.authors,
        served.source,
        served.editors,
    )
    assert minified.publish_time == served.publish_time
    assert minified.content == served.content


# Tags and text a page may hold around a gap, block-level or not, in any case.
_PIECES = st.sampled_from(
    [
        "<p>",
        "</P>",
        "<div class=a>",
        "</div>",
        "<br/>",
        "<Li>",
        "<span>",
        "</a>",
        "<pre>",
        "<h2 >",
        "<th\u3000",
        "<",
        ">",
        "><",
        "/",
        " ",
        "\n",
        "x",
        "中",
        "\U0001f600",
    ]
)


@settings(max_examples=examples(300))
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_separate_blocks_only_adds_newlines_in_c_as_in_python(html: str) -> None:
    separated = separate_blocks(html)
    assert separated == separate_blocks_in_python(html)
    assert separated.replace(">\n<", "><") == html.replace(">\n<", "><")
    assert separate_blocks(separated) == separated  # nothing left to separate
