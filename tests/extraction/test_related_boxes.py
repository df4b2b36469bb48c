"""Boxes of other stories dropped from the document under their heading, before any method."""

from __future__ import annotations

import pytest

from newscrawl.extraction import extract, load_document, related_boxes
from newscrawl.extraction.dom import clean_tree, parse_html, text_content
from newscrawl.extraction.related_boxes import RELATED_HEADING, related_headings
from newscrawl.extraction.types import Article

PROSE = (
    "The council voted on Tuesday to rebuild the old bridge over the river, a project the "
    "town has argued about for eleven years and that will close the road until spring. "
)
EXCERPT = (
    "A long excerpt of another story about the harbour, the ferries and the fishing fleet, "
    "written at length so that the box of stories is longer than the article above it. "
)


def box(count: int, heading: str = "<h2 class='k1'>Related Posts</h2>", extra: str = "") -> str:
    """A box of other stories whose class words say nothing, each item a linked title and
    an excerpt."""
    items = "".join(
        f"<article class='x7 post-{i}'><h3><a href='/story-{i}'>Harbour story {i}</a></h3>"
        f"<p class='z9'>{EXCERPT * 3}</p>{extra}</article>"
        for i in range(count)
    )
    return f"<div class='w3'>{heading}<div class='w4'>{items}</div></div>"


def page(inner: str) -> str:
    return f"<html><body><h1>Bridge to close</h1><div class='m1'>{inner}</div></body></html>"


def article(paragraphs: int = 4) -> str:
    return "<div class='a5'>" + "".join(f"<p>{PROSE}</p>" for _ in range(paragraphs)) + "</div>"


def body_text(html: str) -> str:
    body = load_document(html.encode()).root.find("body")
    assert body is not None
    return text_content(body)


def test_a_box_longer_than_the_article_leaves_before_the_vote() -> None:
    html = page(article() + box(8))
    assert "Harbour story" not in body_text(html)
    result = extract(html.encode(), url="https://example.com/news/bridge", method="auto")
    assert isinstance(result, Article)
    assert "rebuild the old bridge" in result.content
    assert "ferries" not in result.content


def test_the_heading_stays_for_the_line_rules() -> None:
    text = body_text(page(article() + box(4)))
    assert "Related Posts" in text and "Harbour story" not in text


def test_a_heading_beside_a_list_takes_the_list_and_the_article_resumes() -> None:
    links = "".join(f"<li><a href='/s{i}'>Harbour story {i}</a></li>" for i in range(4))
    inner = f"<div class='a5'>{f'<p>{PROSE}</p>' * 4}<h3>You may also like</h3><ul>{links}</ul>"
    inner += "<p>The bridge will reopen in the spring, the council said after the vote.</p></div>"
    text = body_text(page(inner))
    assert "Harbour story" not in text
    assert "reopen in the spring" in text and "rebuild the old bridge" in text


def test_chinese_box_goes() -> None:
    zh = "市政府周二宣布，老桥将在明年春天之前完成重建，工程期间道路封闭，市民出行请绕行。" * 3
    links = "".join(f"<li><a href='/n{i}'>港口新闻第{i}条</a></li>" for i in range(5))
    paragraphs = f"<p>{zh}</p>" * 4
    html = page(f"<div class='a5'>{paragraphs}</div><div><h3>相关阅读</h3><ul>{links}</ul></div>")
    text = body_text(html)
    assert "港口新闻" not in text and "老桥" in text


def test_a_box_without_prose_before_it_is_kept() -> None:
    # A page whose content is the list: no article stands before its heading.
    assert "Harbour story" in body_text(page(box(4)))


def test_a_box_after_teaser_cards_only_is_kept() -> None:
    # A front page's section ("More on Iran war") after other sections of cards: the page is
    # about its lists.
    cards = "".join(
        f"<div class='card'><a href='/{i}'>Story {i}</a><p>{PROSE}</p></div>" for i in range(4)
    )
    assert "Harbour story" in body_text(page(cards + box(4)))


def test_a_short_article_is_an_article() -> None:
    assert "Harbour story" not in body_text(page(article(paragraphs=1) + box(4)))


def test_wordpress_items_with_their_ids_in_the_class_are_one_run() -> None:
    items = "".join(
        f"<li class='post-{1000 + i} post type-post'><a href='/s{i}'>Harbour story {i}</a></li>"
        for i in range(4)
    )
    inner = article() + f"<div><p class='t'>You may also like...</p><ul>{items}</ul></div>"
    assert "Harbour story" not in body_text(page(inner))


def test_an_article_in_sections_is_an_article() -> None:
    sections = "".join(f"<section><h2>Part {i}</h2><p>{PROSE}</p></section>" for i in range(4))
    assert "Harbour story" not in body_text(page(sections + box(4)))


@pytest.mark.parametrize(
    "heading",
    [
        "<ul class='k1'><li>Related Posts</li></ul>",  # a menu's entry
        "<h2 class='k1'><a href='/related'>Related Posts</a></h2>",  # a link
    ],
)
def test_a_heading_that_is_a_control_is_no_box(heading: str) -> None:
    assert "Harbour story" in body_text(page(article() + box(4, heading=heading)))


def test_prose_outside_the_items_keeps_the_box() -> None:
    inner = article() + box(4).replace("<div class='w4'>", f"<p>{PROSE}</p><div class='w4'>", 1)
    assert "Harbour story" in body_text(page(inner))


def test_two_items_are_no_list() -> None:
    assert "Harbour story" in body_text(page(article() + box(2)))


def test_a_shops_product_cards_are_kept() -> None:
    text = body_text(
        page(article() + box(4, heading="<h2>You may also like</h2>", extra="<span>$129.99</span>"))
    )
    assert "Harbour story" in text


def test_the_page_title_is_never_taken() -> None:
    inner = article() + box(4).replace("<h3>", "<h1>", 1).replace("</h3>", "</h1>", 1)
    assert "Harbour story 0" in body_text(page(inner))


@pytest.mark.parametrize(
    ("text", "is_heading"),
    [
        ("Related Posts", True),
        ("Related", True),
        ("You might also like:", True),
        ("More from Politics", True),
        ("Most Read", True),
        ("相关阅读", True),
        ("猜你喜欢", True),
        ("Related Blog Posts", True),
        ("Recent Posts", True),
        ("Latest News", True),
        ("Similar articles", True),
        ("Featured blog posts", True),
        ("Recent", False),
        ("Latest news from the harbour board", False),  # a headline
        ("Popular", False),  # a pricing table's badge
        ("Recommended", False),  # the same
        ("More from Cornell on climate change and gardening:", False),  # an article's lead-in
        ("Related research shows the bridge is safe", False),
    ],
)
def test_heading_phrases(text: str, is_heading: bool) -> None:
    assert bool(RELATED_HEADING.match(text)) is is_heading


def test_headings_are_the_same_without_the_c_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    html = page(
        article()
        + box(4)
        + "<div><h4>Most Popular</h4></div><p>related posts</p><p>Related research</p>"
    )
    root = parse_html(html)
    assert root is not None
    clean_tree(root)
    body = root.find("body")
    assert body is not None
    with_c = related_headings(body)
    monkeypatch.setattr(related_boxes, "walks", None)
    assert related_headings(body) == with_c
    assert [" ".join(text_content(el).split()) for el in with_c] == [
        "Related Posts",
        "Most Popular",
        "related posts",
    ]


def test_a_label_repeated_under_each_item_of_a_listing_is_no_box() -> None:
    # "Related" under every entry of a listing: each item's furniture, not one box.
    items = "".join(
        f"<div class='entry'><p>{PROSE}</p><h4 class='lbl'>Related</h4><ul>"
        + "".join(f"<li><a href='/{i}-{j}'>Harbour story {j}</a></li>" for j in range(3))
        + "</ul></div>"
        for i in range(4)
    )
    assert "Harbour story" in body_text(page(items))


def test_many_headings_cost_one_reading_of_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each heading's own class: none repeats, every box is read. The article's start is
    # searched once per page, so a page of many such items stays linear (a first version
    # took minutes on 500 items: each heading re-read every paragraph before it).
    items = "".join(
        f"<div class='e{i}'><p>{PROSE}</p><h4 class='l{i}'>Related</h4><ul>"
        + "".join(f"<li><a href='/{i}-{j}'>Harbour story {j}</a></li>" for j in range(3))
        + "</ul></div>"
        for i in range(300)
    )
    searches: list[int] = []
    search = related_boxes.LONG_PARAGRAPHS

    def counted(*args: object, **kwargs: object) -> object:
        searches.append(1)
        return search(*args, **kwargs)

    monkeypatch.setattr(related_boxes, "LONG_PARAGRAPHS", counted)
    assert "Harbour story" not in body_text(page(items))
    assert len(searches) == 1
