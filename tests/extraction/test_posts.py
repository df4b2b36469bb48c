"""Dated posts: runs of same-shape siblings, each stamped with when it was written."""

from __future__ import annotations

import pytest
from lxml.etree import _Element as Element

from newscrawl.extraction import load_document
from newscrawl.extraction.posts import (
    dated_post_test,
    dated_runs,
    has_reply_link,
    holds_dated_posts,
    is_dated,
    run_of,
    shape,
)


def parse(inner: str) -> Element:
    html = f"<html><body><div id='box'>{inner}</div></body></html>"
    node = load_document(html.encode()).root.find(".//div[@id='box']")
    assert node is not None
    return node


def comment(n: int, stamp: str = "March 3, 2024 at 5:12 pm", cls: str = "c1 odd") -> str:
    return (
        f"<li class='{cls}'><b>Reader {n}</b> <span>{stamp}</span>"
        f"<p>I tried this and it worked for me, thanks for writing it up.</p>"
        f"<a href='#reply-{n}'>Reply</a></li>"
    )


@pytest.mark.parametrize(
    "text",
    [
        "March 3, 2024 at 5:12 pm",
        "Dec. 18",
        "3 March 2024",
        "2024-05-03 14:20",
        "05/03/2024",
        "3 hours ago",
        "8d",
        "3小时前",
        "2024年5月3日",
        "5月3日 14:20",
    ],
)
def test_stamps(text: str) -> None:
    assert is_dated(parse(f"<span>{text}</span>"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Reply",
        "Reader 4",
        "May the best team win",
        "The bridge will cost 2024 dollars more than the council had planned in March.",
    ],
)
def test_not_stamps(text: str) -> None:
    assert not is_dated(parse(f"<span>{text}</span>"))


def test_shape_is_the_tag_and_first_class_word() -> None:
    box = parse(comment(1, cls="c1 even depth-1") + comment(2, cls="c1 odd alt"))
    assert shape(box[0]) == shape(box[1]) == ("li", "c1")


def test_three_dated_siblings_are_a_run() -> None:
    box = parse("<ol>" + "".join(comment(n) for n in range(3)) + "</ol>")
    assert len(dated_runs(box[0], 3)) == 3
    assert holds_dated_posts(box, 3)


def test_state_words_do_not_split_a_run() -> None:
    classes = ("c1 even", "c1 odd alt", "c1 even depth-1")
    box = parse("<ol>" + "".join(comment(n, cls=c) for n, c in enumerate(classes)) + "</ol>")
    assert len(dated_runs(box[0], 3)) == 3


def test_nested_replies_count_towards_the_run() -> None:
    reply = comment(3)
    parent = comment(2).replace("</li>", f"<ul>{reply}</ul></li>")
    box = parse("<ol>" + comment(1) + parent + "</ol>")
    assert holds_dated_posts(box, 3)
    assert not holds_dated_posts(box, 4)


def test_undated_siblings_are_no_run() -> None:
    box = parse("<ol>" + "".join(comment(n, stamp="Great post") for n in range(5)) + "</ol>")
    assert not holds_dated_posts(box, 3)


def test_one_undated_sibling_breaks_the_run() -> None:
    items = [comment(0), comment(1, stamp="Great post"), comment(2), comment(3)]
    box = parse("<ol>" + "".join(items) + "</ol>")
    assert not holds_dated_posts(box, 3)


def test_siblings_of_other_shapes_break_the_run() -> None:
    items = [comment(0), comment(1, cls="c2"), comment(2), comment(3, cls="c2")]
    box = parse("<ol>" + "".join(items) + "</ol>")
    assert not holds_dated_posts(box, 3)


def test_linked_runs_need_a_link_in_each_post() -> None:
    unlinked = "".join(comment(n).replace("<a href", "<span data-href") for n in range(4))
    box = parse(f"<ol>{unlinked}</ol>")
    assert holds_dated_posts(box, 3)
    assert not holds_dated_posts(box, 3, linked=True)


def test_a_time_element_dates_a_post() -> None:
    items = "".join(
        f"<div class='p'><time datetime='2024-05-0{n}'>Tuesday</time><a href='/{n}'>x</a></div>"
        for n in range(1, 4)
    )
    assert holds_dated_posts(parse(items), 3, linked=True)


def test_membership_test_marks_the_run_only() -> None:
    box = parse("<p>Intro paragraph.</p><ol>" + "".join(comment(n) for n in range(3)) + "</ol>")
    in_run = dated_post_test(3)
    ol = box[1]
    assert all(in_run(li) for li in ol)
    assert not in_run(ol)
    assert not in_run(box[0])


def test_paragraphs_are_not_posts() -> None:
    # an article's own dated paragraphs (a timeline) are prose, not posts
    lines = "".join(
        f"<p>May {n}, 2024: <a href='/{n}'>the council met</a></p>" for n in range(1, 6)
    )
    assert not holds_dated_posts(parse(lines), 3, linked=True)
    assert holds_dated_posts(parse(lines.replace("<p>", "<div>").replace("</p>", "</div>")), 3)


def test_stamps_are_read_from_short_pieces_only() -> None:
    long_piece = "The council first met on May 3, 2024 and " + "argued for hours " * 5
    items = "".join(
        f"<div class='p'><span>{long_piece}</span><a href='/{n}'>x</a></div>" for n in range(4)
    )
    assert not holds_dated_posts(parse(items), 3)


def test_run_of_finds_the_post_a_stamp_stands_in() -> None:
    box = parse("<ol>" + "".join(comment(n) for n in range(4)) + "</ol>")
    stamp = box.find(".//li[3]/span")
    assert stamp is not None
    post, run = run_of(stamp, 3, linked=True)
    assert post is box.find(".//li[3]")
    assert len(run) == 4


def test_run_of_outside_any_run_is_empty() -> None:
    box = parse("<p>March 3, 2024 at 5:12 pm</p>")
    paragraph = box[0]
    assert run_of(paragraph, 3) == (paragraph, [])


@pytest.mark.parametrize(
    ("control", "replies"),
    [
        ("<a href='#r'>Reply</a>", True),
        ("<a href='#r'>reply</a>", True),
        ("<a href='#r'>Reply to this</a>", True),
        ("<a href='#r'>Reply ↓</a>", True),
        ("<a href='#r'>回复</a>", True),
        ("<a href='#r'>Replies (3)</a>", False),
        ("<a href='/p'>Reply to the mayor's letter about the bridge</a>", False),
        ("<span>Reply</span>", False),
    ],
)
def test_a_reply_link_is_a_control_whose_whole_text_offers_to_answer(
    control: str, replies: bool
) -> None:
    assert has_reply_link(parse(f"<p>A comment.</p>{control}")) is replies


def test_undated_posts_with_reply_links_make_a_run_only_when_asked() -> None:
    item = "<div class='c1'><a href='/u'>Reader</a><p>A comment.</p><a href='#r'>Reply</a></div>"
    box = parse(item * 3)
    assert dated_runs(box, 3, linked=True) == []
    assert len(dated_runs(box, 3, linked=True, replies=True)) == 3
