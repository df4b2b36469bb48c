"""Editors: who a page credits with editing the story, kept apart from its writers."""

from __future__ import annotations

import pytest

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.metadata.editors import MAX_EDITORS, extract_editors

STORY = "市政府今天批准了新的年度预算方案，其中教育和医疗支出明显增加。" * 4


def editors_of(body: str, content: str | None = None) -> list[str]:
    html = f"<html><head><title>t</title></head><body>{body}</body></html>"
    return extract_editors(load_document(html), content)


@pytest.mark.parametrize(
    ("line", "editors"),
    [
        ("责任编辑：张迪", ["张迪"]),
        ("（责编：汤诗瑶、丁涛）", ["汤诗瑶", "丁涛"]),
        ("编辑|禤志杰 责编|陈梦莹 校对|黄慧敏", ["禤志杰", "陈梦莹"]),
        # a portal's staff code after the name
        ("本文来源：新京报 责任编辑：杜硕_NB12556 分享到：", ["杜硕"]),
        # the next label glued to the name, and a next field's label after it
        ("责任编辑：李跃群校对：刘威", ["李跃群"]),
        ("责任编辑：张迪 关键字 : 公园", ["张迪"]),
        # a credits row without separators
        ("新京报记者 陆一夫编辑 刘晓阳 校对 李铭", ["刘晓阳"]),
        ("责编：Demi Xia (综合整理)", ["Demi Xia"]),
        ("By Rebecca Lake | Edited by Marie White", ["Marie White"]),
        (
            "Updated: January 2, 2025 Edited by: Keri Stooksbury Keri Stooksbury Editor",
            ["Keri Stooksbury"],
        ),
        # no credit beside it: a listed book's editor, a headline
        ("140 Artists' Ideas for Planet Earth Edited by Hans Ulrich Obrist", []),
        ("The Best Laptops for Video and Photo Editing by Dave Gershgorn", []),
        ("Reporting by Jo Li; Editing by Ann Lee and Tom Hart", ["Ann Lee", "Tom Hart"]),
        # an empty field followed by the next story's headline, a placeholder
        ("责任编辑：香港警方：示威行动未发生致命事件", []),
        ("（责任编辑：系统管理员）", []),
        ("编辑推荐 热门文章", []),
    ],
)
def test_editor_credits(line, editors):
    assert editors_of(f"<p>{STORY}</p><p>{line}</p>") == editors


def test_credits_after_the_story_belong_to_other_stories():
    body = f"<p>{STORY}</p>\n<p>责任编辑：张迪</p>\n<p>相关新闻 " + "其他内容。" * 200 + "</p>"
    body += "\n<p>责任编辑：王五</p>"
    assert editors_of(body, content=STORY) == ["张迪"]


def test_a_list_of_many_credits_is_no_story_of_its_own():
    names = ["张一", "李二", "王三", "赵四", "钱五", "孙六"][: MAX_EDITORS + 1]
    body = "".join(f"<p>{STORY}</p><p>责任编辑：{name}</p>" for name in names)
    assert editors_of(body) == []


def test_the_article_keeps_editors_apart_and_falls_back_to_them_for_no_writer():
    page = f"<html><head><title>预算</title></head><body><p>{STORY}</p><p>{STORY}</p>"
    credited = extract((page + "<p>责任编辑：张迪</p></body></html>").encode(), method="density")
    assert isinstance(credited, Article)
    assert (credited.editors, credited.authors) == (["张迪"], ["张迪"])
    written = extract(
        (page + "\n<p>记者 王建宏</p>\n<p>责任编辑：张迪</p></body></html>").encode(),
        method="density",
    )
    assert isinstance(written, Article)
    assert (written.editors, written.authors) == (["张迪"], ["王建宏"])
    assert written.to_dict()["editors"] == ["张迪"]
