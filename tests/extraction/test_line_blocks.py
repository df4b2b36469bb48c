"""CX line blocks: distribution, regions, minified HTML, copyright regions, oracle on English."""

from __future__ import annotations

import pytest

from newscrawl.extraction.core import extract
from newscrawl.extraction.extractors import line_blocks as cx
from newscrawl.extraction.extractors.cx_options import CxOptions

PARAGRAPH = (
    "这是正文的一段，用来测试行块分布函数，它足够长，可以超过阈值的要求，"
    "并且包含了很多的汉字与标点符号。"
)


def page(body_lines: list[str]) -> str:
    return "<html><body>\n" + "\n".join(body_lines) + "\n</body></html>"


def test_regions_start_above_threshold_and_end_at_an_empty_block():
    lines = ["nav", "", "", "", PARAGRAPH, PARAGRAPH, PARAGRAPH, "", "", "", "", "foot"]
    regions = cx.line_regions(lines)
    assert regions == [(4, 6)] or regions[0][0] in (2, 3, 4)
    start, end = regions[0]
    assert all(lines[i] == PARAGRAPH for i in range(start, end + 1) if lines[i])


def test_threshold_is_a_parameter():
    lines = ["短行内容一二三四五"] * 6
    assert cx.line_regions(lines, CxOptions(threshold=20))
    assert not cx.line_regions(lines, CxOptions(threshold=200))


def test_look_ahead_at_the_end_of_the_page_is_safe():
    assert cx.line_regions([PARAGRAPH] * 2) == []  # fewer lines than K: no block at all
    # Three lines make one block with nothing after it: the start rule needs a non-empty
    # block among the next three, so it takes a fourth line.
    assert not cx.line_regions([PARAGRAPH] * 3)
    assert cx.line_regions([PARAGRAPH] * 4) == [(0, 3)]  # runs to the last line


def test_minified_page_is_split_after_block_tags():
    html = (
        "<html><body>"
        + "".join(f"<div><a href='/{i}'>链接{i}</a></div>" for i in range(80))
        + "".join(f"<p>{PARAGRAPH}</p>" for _ in range(5))
        + "<div>页脚</div></body></html>"
    )
    assert "\n" not in html
    text = cx.extract_text(html)
    assert PARAGRAPH in text and "链接1" not in text


def test_copyright_region_is_skipped_but_later_text_is_kept():
    html = page(
        [PARAGRAPH] * 3
        + [""] * 4
        + ["Copyright 2024 版权所有 " + PARAGRAPH] * 3
        + [""] * 4
        + ["第二段" + PARAGRAPH] * 3
    )
    text = cx.extract_text(html)
    assert PARAGRAPH in text
    assert "版权所有" not in text
    assert "第二段" in text  # the reference would drop everything after the copyright block


def test_scripts_styles_comments_and_entities_removed():
    lines = cx.text_lines(
        "<script>var a = '很长的脚本内容';</script><!-- 注释 --><style>p{}</style>正文&nbsp;内容"
    )
    assert lines == ["正文 内容"]


def test_extract_returns_rejection_when_nothing_passes():
    assert not extract("<html><body><p>short</p></body></html>", method="cx")


def test_agrees_with_cxextractor_on_a_plain_page():
    module = pytest.importorskip("cxextractor.CxExtractor")
    sentence = "The council said on Tuesday that it would review the housing plan soon."
    html = page(
        ["<div><a href='/'>Home</a></div>", "", "", "", ""]
        + [f"<p>{sentence}</p>"] * 4
        + ["", "", "", "", "<div>About us</div>"]
    )
    reference = module.CxExtractor(threshold=86)
    expected = reference.getText(reference.filter_tags(html))
    ours = cx.extract_text(html)
    assert ours.split("\n") == [line.strip() for line in expected.strip().split("\n")]
