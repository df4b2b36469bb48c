"""Comment sections dropped from the document, from their heading on, before any method."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.comment_sections import before_section, drop_comment_sections
from newscrawl.extraction.document import separate_blocks
from newscrawl.extraction.dom import clean_tree, parse_html, text_content
from newscrawl.extraction.types import Article

PROSE = (
    "The council voted on Tuesday to rebuild the old bridge over the river, a project the "
    "town has argued about for eleven years and that will close the road until spring. "
)
COMMENT = (
    "I have crossed that bridge every morning for twenty years and I still think the money "
    "would be better spent on the school roof, which leaks every single winter. "
)


def thread(count: int, heading: str = "<h3 class='q1'>{n} Comments</h3>") -> str:
    """A comment section whose class words say nothing, stamped with no date."""
    items = "".join(
        f"<div class='x7'><b class='k2'>Reader {i}</b><div class='z9'>{COMMENT}</div></div>"
        for i in range(count)
    )
    return f"<div class='w3'>{heading.format(n=count)}{items}</div>"


def article(paragraphs: int = 2, wrap: str = "<div class='a5'>{}</div>") -> str:
    return wrap.format("".join(f"<p>{PROSE}</p>" for _ in range(paragraphs)))


def page(inner: str) -> str:
    return f"<html><body><h1>Bridge to close</h1><div class='m1'>{inner}</div></body></html>"


def body_text(html: str) -> str:
    """The body's text after the document's cleaning, comment sections dropped."""
    body = load_document(html.encode()).root.find("body")
    assert body is not None
    return text_content(body)


def test_a_section_under_an_article_goes_from_its_heading_on() -> None:
    text = body_text(page(article() + thread(4)))
    assert "rebuild the old bridge" in text
    assert "4 Comments" not in text and "school roof" not in text


def test_what_follows_the_section_in_its_parent_goes_with_it() -> None:
    form = "<div class='f2'><h3>Leave a Reply</h3><p>Your email will not be published.</p></div>"
    text = body_text(page(article() + form + thread(3, heading="")))
    assert "Leave a Reply" not in text and "school roof" not in text


def test_prose_outside_paragraph_tags_counts_as_the_article() -> None:
    text = body_text(page(f"<div class='a5'>{PROSE}<br>{PROSE}</div>" + thread(3)))
    assert "rebuild the old bridge" in text and "school roof" not in text


def test_a_heading_with_no_prose_before_it_is_kept() -> None:
    # a page that is its comments: nothing reads as an article before the heading
    text = body_text(page("<p>Short intro.</p>" + thread(3)))
    assert "school roof" in text


def test_a_bare_word_a_tab_and_a_link_open_no_section() -> None:
    for heading in (
        "<h3>Comments</h3>",
        "<h3>评论</h3>",
        "<ul><li>{n} comments</li></ul>",
        "<h3><a href='#c'>{n} Comments</a></h3>",
    ):
        assert "school roof" in body_text(page(article() + thread(3, heading=heading))), heading


def test_replies_that_continue_a_thread_are_kept() -> None:
    # a forum: the opening post and the replies share their markup
    post = "<div class='post'><div class='body'>{}</div></div>"
    replies = "".join(post.format(COMMENT) for _ in range(3))
    section = f"<div class='r1'><h3>3 replies to this topic</h3>{replies}</div>"
    inner = post.format(PROSE * 2) + section
    assert "school roof" in body_text(page(inner))


def test_a_count_in_the_article_header_does_not_take_the_body() -> None:
    # a standfirst, the header's comment count (no link), then the article's body
    header = f"<p class='lede'>{PROSE}</p><div class='meta'><div class='n4'>3 Comments</div></div>"
    body = "<div class='b6'>" + f"<p>{PROSE}</p>" * 5 + "</div>"
    text = body_text(page(header + body))
    assert "3 Comments" in text and text.count("rebuild the old bridge") == 6


def test_a_long_comment_is_no_article_body() -> None:
    # four long paragraphs in one item of a list of comments
    long_one = "<li class='c3'>" + f"<p>{COMMENT}</p>" * 4 + "</li>"
    short = f"<li class='c3'><p>{COMMENT}</p></li>"
    section = f"<div class='w3'><h3>2 Comments</h3><ol>{long_one}{short}</ol></div>"
    assert "school roof" not in body_text(page(article() + section))


def test_a_section_holding_the_title_is_kept() -> None:
    html = (
        f"<html><body><p>{PROSE}</p><div class='w3'><h3>2 Comments</h3>"
        f"<h1>Bridge to close</h1><p>{COMMENT}</p></div></body></html>"
    )
    assert "Bridge to close" in body_text(html)


def test_the_headings_that_stay_are_returned_for_the_tail_stage() -> None:
    bare = thread(2, heading="<h3 class='q1'>Comments</h3>")
    root = parse_html(separate_blocks(page(article() + thread(2) + "<div>after</div>" + bare)))
    assert root is not None
    clean_tree(root)
    # the counted heading's section goes with its later siblings (the bare one among them)
    assert drop_comment_sections(root) == []
    assert "after" not in text_content(root)
    root = parse_html(separate_blocks(page(article() + bare)))
    assert root is not None
    clean_tree(root)
    assert [text_content(el) for el in drop_comment_sections(root)] == ["Comments"]
    assert load_document(page(article() + bare).encode()).comment_headings is not None


def test_a_thread_longer_than_the_article_does_not_take_its_place() -> None:
    # the thread is many times the article's length and would win the vote on its own
    result = extract(page(article(paragraphs=1) + thread(12)).encode(), method="auto")
    assert isinstance(result, Article)
    assert "rebuild the old bridge" in result.content
    assert "school roof" not in result.content


def test_the_elements_before_a_section_are_its_ancestors_and_what_precedes_them():
    root = parse_html(
        "<html><head><title>t</title></head><body><div id='a'><p id='b'>x</p>"
        "<div id='c'><p id='d'>y</p><section id='s'><p id='e'>z</p></section>"
        "<p id='f'>w</p></div></div><p id='g'>v</p></body></html>"
    )
    assert root is not None
    body = root.find("body")
    section = body.find(".//section")
    tags = {"p", "div", "body", "title"}
    found = {el.get("id") or el.tag for el in before_section(body, section, tags)}
    assert found == {"body", "a", "b", "c", "d"}
