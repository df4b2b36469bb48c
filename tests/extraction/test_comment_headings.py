"""Comment headings: the fixed phrases engines head a comment section with."""

from __future__ import annotations

import pytest

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.comment_headings import comment_headings
from newscrawl.extraction.dom import text_content


def headings(inner: str) -> list[str]:
    html = f"<html><body><div id='region'>{inner}</div></body></html>"
    region = load_document(html.encode()).root.find(".//div[@id='region']")
    assert region is not None
    return [f"{el.tag}: {' '.join(text_content(el).split())}" for el in comment_headings(region)]


def heading(text: str, tag: str = "h3") -> bool:
    return bool(headings(f"<p>The story.</p><{tag}>{text}</{tag}>"))


@pytest.mark.parametrize(
    "text",
    [
        "Comments",
        "3 Comments",
        "124 Reader Comments",
        "10 comments:",
        "Comments (4)",
        "6 thoughts on “Top 10: Best Language Learning Apps”",
        "15 Replies to “Open-sourcing the CAD files”",
        "29 reviews for Minimalist Sandals Nörd Zero",
        "2 responses to “The Best Strategy Games Of 2025 So Far”",
        "12 Responses",  # the same heading without the post's title
        "1 response",
        "1,024 Comments",
        "Leave a Reply",
        "Leave a ReplyCancel reply",
        "Post a Comment",
        "Add Your Comment →",
        "Join the discussion",
        "网友评论",
        "发表评论",
        "共12条评论",
        "评论(5)",
        "4,060 条评论",
        "热门评论 10条",
        "全部评论 23条 最热 最早 最新",
        "留言",
    ],
)
def test_a_comment_section_heading_is_recognised(text: str) -> None:
    assert heading(text)


@pytest.mark.parametrize(
    "text",
    [
        "Thoughts on the results",  # an article's own section: no count before it
        "Final thoughts",
        "Discussion",  # a paper's section
        "Responses to the pandemic across Europe",
        "Comments from the mayor's office",
        "How to reply to a comment on Instagram",
        "Add comments to your PDF",  # a how-to's step
        "Reviews for the new phone were mixed",  # a sentence: no count before it
        "5 Reviews",  # a product tab or a rating count, not a section's heading
        "3 Replies",  # a forum topic's replies: the page's content
        "Join the discussion groups near you",
        "评论员文章：坚持稳中求进",
        "Comments: 37",  # a statistic in the article's header, label and value
        "",
    ],
)
def test_an_article_heading_is_not(text: str) -> None:
    assert not heading(text)


def test_a_block_whose_whole_text_is_the_phrase_is_a_heading() -> None:
    assert heading("3 Comments", tag="div")
    assert heading("COMMENTS", tag="p")
    assert headings("<div class='t'><i class='icon'></i> COMMENTS</div>") == ["div: COMMENTS"]
    assert headings("<h3><span>3</span> Comments</h3>") == ["h3: 3 Comments"]
    # the outermost block holding only the phrase
    assert headings("<div><div><h4>Leave a Reply</h4></div></div>") == ["div: Leave a Reply"]


def test_inline_text_and_phrases_inside_sentences_are_not_headings() -> None:
    assert not heading("3 Comments", tag="span")
    assert not headings("<p>Read the 3 comments below, and leave a reply.</p>")
    assert not headings("<div>Comments <p>I tried this in my own town.</p></div>")


def test_a_long_heading_is_not_read() -> None:
    assert not heading("6 thoughts on “" + "a very long title " * 20 + "”")


def test_headings_are_listed_in_document_order() -> None:
    inner = "<h2>The story</h2><p>text</p><h3>2 Comments</h3><div><h4>Leave a Reply</h4></div>"
    assert headings(inner) == ["h3: 2 Comments", "div: Leave a Reply"]


def test_a_phrase_repeated_in_blocks_of_one_shape_is_a_counter() -> None:
    def items(count: int) -> str:
        return "".join(
            f"<div class='item'><p>App {n}</p><div class='n'>{n} comments</div></div>"
            for n in range(count)
        )

    assert headings(items(3)) == []
    assert headings(items(2)) == ["div: 0 comments", "div: 1 comments"]


COMMENTS = (
    (
        "This is wonderful news. I have been asking for longer weekend hours for years because"
        " I work two jobs during the week and could never get to the library before it closed."
    ),
    (
        "Good decision, but I wonder how they will pay for the extra staff. The budget was"
        " already tight last year when they cut the Sunday story time for the children."
    ),
    (
        "I volunteer at the front desk on Saturdays and I can tell you the place is packed from"
        " opening to closing. Longer hours will spread people out and make it easier to study."
    ),
    (
        "Will the cafe on the ground floor also stay open later? It would be nice to get a"
        " coffee while working on the weekend evenings, and it would bring in some revenue."
    ),
)


def test_a_response_count_heading_ends_a_short_article_before_its_comments() -> None:
    # Comments in boxes no class name marks, under a heading of their count alone: the two
    # short paragraphs are the article, the longer posts after the heading are not.
    posts = "".join(
        f"<div class='r'><div class='n'>Reader{n}</div><div class='d'>May 2, 2025 at 10:1{n}"
        f" am</div><div class='t'>{text}</div></div>"
        for n, text in enumerate(COMMENTS)
    )
    html = (
        "<html><head><title>Library extends weekend hours</title></head><body>"
        "<div class='main'><h1>Library extends weekend hours</h1>"
        "<div class='meta'>By Priya Shah | May 2, 2025</div><div class='text'>"
        "<p>The public library will stay open until 8 p.m. on Saturdays and Sundays starting"
        " next month, the library board announced on Thursday.</p>"
        "<p>The change follows a survey in which more than half of respondents said they"
        " could only visit on weekends.</p></div>"
        f"<div class='box'><h3>4 Responses</h3>{posts}</div></div></body></html>"
    )
    article = extract(html.encode(), url="https://town.example/news/2025/05/02/library-hours")
    assert isinstance(article, Article)
    assert "only visit on weekends" in article.content
    assert "Reader" not in article.content
    assert not any(text[:40] in article.content for text in COMMENTS)
