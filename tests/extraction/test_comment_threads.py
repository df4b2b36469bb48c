"""A thread of comment-named posts is the page's content; comments under an article are not."""

from __future__ import annotations

from dataclasses import replace

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.comment_threads import kept_comment_flags
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS
from newscrawl.extraction.noise import noise_rules
from newscrawl.extraction.types import Article, ContentResult

REPLIES = [
    (
        "I tried the new interface for a week and the missing borders between sections make "
        "long notes much harder to scan; the old layout was calmer to work in."
    ),
    (
        "Same here. The sidebar also takes more room now, and on a small laptop screen the note "
        "itself gets squeezed into a narrow column that wraps every other word."
    ),
    (
        "You can collapse the sidebar from the view menu, which gives the space back, but it "
        "does not remember the setting between sessions, so I do it every morning."
    ),
    (
        "Thanks, that helps. I also found that the compact density option in the settings brings "
        "the section borders back, at least partly, which makes it usable for me."
    ),
]
MENU = "".join(f"<li><a href='/f/{n}'>Forum section {n}</a></li>" for n in range(8))


def post(n: int, text: str) -> str:
    return (
        f"<article class='cPost ipsComment'><aside class='ipsComment_author'>user{n}</aside>"
        f"<div class='ipsComment_content' id='comment-{1000 + n}_wrap'><p>{text}</p></div>"
        "</article>"
    )


def thread_page(posts: list[str], before: str = "") -> bytes:
    return (
        "<html><head><title>New UI 2024 - Discussion</title></head><body>"
        f"<nav><ul>{MENU}</ul></nav><main><h1>New UI 2024</h1>{before}"
        f"<div class='cTopic' id='comments'>{''.join(posts)}</div></main>"
        "<footer>Forum software by a vendor. All rights reserved.</footer></body></html>"
    ).encode()


def density_text(html: bytes, **changes: object) -> str:
    options = replace(DEFAULT_OPTIONS, **changes)  # type: ignore[arg-type]
    result = text_density.extract_content(load_document(html), options)
    assert isinstance(result, ContentResult)
    return result.text


def test_a_thread_of_comment_named_posts_is_read_as_content():
    html = thread_page([post(n, reply) for n, reply in enumerate(REPLIES)])
    assert any(reply[:40] in density_text(html) for reply in REPLIES)
    # Left out as noise, the posts leave the method the headline and the furniture.
    assert not any(reply[:40] in density_text(html, comment_thread_share=None) for reply in REPLIES)


def test_auto_keeps_every_post_of_such_a_thread():
    article = extract(
        thread_page([post(n, reply) for n, reply in enumerate(REPLIES)]), method="auto"
    )
    assert isinstance(article, Article)
    for reply in REPLIES:
        assert reply[:40] in article.content


ARTICLE = "".join(
    f"<p>Paragraph {n} of the article explains at length how the city plans its new tram "
    "line, which streets it crosses, what it costs and when the first trams will run.</p>"
    for n in range(8)
)


def test_comments_under_an_article_stay_noise():
    html = thread_page([post(n, reply) for n, reply in enumerate(REPLIES)], before=ARTICLE)
    text = density_text(html)
    assert "Paragraph 7 of the article" in text
    assert not any(reply[:40] in text for reply in REPLIES)


def test_comments_under_an_article_of_line_breaks_stay_noise():
    # the same article written as lines between <br>s, as blog engines keep a post's breaks
    # (four of its paragraphs: the replies are then more than a third of the page's text)
    lines = "".join(ARTICLE.split("</p>")[:4]).replace("<p>", "<br><br>")
    html = thread_page([post(n, reply) for n, reply in enumerate(REPLIES)], before=lines)
    text = density_text(html)
    assert "Paragraph 3 of the article" in text
    assert not any(reply[:40] in text for reply in REPLIES)


def test_two_comment_named_boxes_are_no_thread():
    root = load_document(thread_page([post(n, reply) for n, reply in enumerate(REPLIES[:2])]))
    assert kept_comment_flags(root.root, noise_rules(DEFAULT_OPTIONS), 0.33) == {}


def test_a_thread_too_small_for_the_share_is_not_counted_in():
    html = thread_page([post(n, reply) for n, reply in enumerate(REPLIES)])
    doc = load_document(html)
    rules = noise_rules(DEFAULT_OPTIONS)
    assert kept_comment_flags(doc.root, rules, 0.99) == {}
    kept = kept_comment_flags(doc.root, rules, 0.33)
    assert kept["comment-1000_wrap"] == (False, False)
    assert kept["comments"] == (False, False)  # the container that holds the posts
    assert "ipsComment_author" not in kept  # a noise tag (aside), not a comment word
