"""Runs of other stories' teaser cards dropped by their shape, whatever heads them."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.dom import parse_html, text_content
from newscrawl.extraction.teaser_cards import TeaserOptions, drop_teaser_cards
from newscrawl.extraction.types import Article

URL = "https://example.com/news/bridge"
PROSE = (
    "The council voted on Tuesday to rebuild the old bridge over the river, a project the "
    "town has argued about for eleven years and that will close the road until spring. "
)
EXCERPT = "Another story about the harbour, the ferries and the fishing fleet at dawn. "


def cards(count: int, href: str = "/blog/harbour-story-{i}", shape: str = "article") -> str:
    """A run of teaser cards under a heading no phrase list knows, each a linked title,
    the post's category and an excerpt."""
    items = "".join(
        f"<{shape} class='et_post post-{i}'><h3 class='entry-title'>"
        f"<a href='{href.format(i=i)}'>The harbour story number {i} of the week</a></h3>"
        f"<p class='meta'><a href='/category/harbour'>Harbour</a></p>"
        f"<p>{EXCERPT}</p></{shape}>"
        for i in range(count)
    )
    return (
        f"<div class='w3'><h2>Keep Exploring This Topic.</h2><div class='grid'>{items}</div></div>"
    )


def article(paragraphs: int = 5, name: str = "a5") -> str:
    return (
        f"<div class='{name}'>" + "".join(f"<p>{PROSE}</p>" for _ in range(paragraphs)) + "</div>"
    )


def page(inner: str) -> str:
    return f"<html><body><h1>Bridge to close</h1><div class='m1'>{inner}</div></body></html>"


def body_text(html: str, options: TeaserOptions | None = None) -> str:
    root = parse_html(html)
    assert root is not None
    drop_teaser_cards(root, URL, options)
    body = root.find("body")
    assert body is not None
    return text_content(body)


def test_a_run_of_cards_after_the_article_goes() -> None:
    text = body_text(page(article() + cards(4)))
    assert "rebuild the old bridge" in text
    assert "harbour story" not in text and "fishing fleet" not in text
    # The run's heading stays, as a related box's does: the line rules cut at it.
    assert "Keep Exploring" in text


def test_the_document_and_the_article_lose_the_cards() -> None:
    html = page(article() + cards(4))
    body = load_document(html.encode(), url=URL).root.find("body")
    assert body is not None and "fishing fleet" not in text_content(body)
    result = extract(html.encode(), url=URL, method="auto")
    assert isinstance(result, Article)
    assert "rebuild the old bridge" in result.content
    assert "harbour story" not in result.content


def test_two_cards_are_not_a_list() -> None:
    assert "harbour story number 1" in body_text(page(article() + cards(2)))


def test_cards_linking_off_the_site_stay() -> None:
    # A listicle's products or a review's shops: links to other sites.
    html = page(article() + cards(4, href="https://shop.example.org/item-{i}"))
    assert "harbour story number 3" in body_text(html)


def test_cards_before_the_article_stay() -> None:
    # A front page or a listing: the cards come first, they are the content.
    assert "harbour story number 0" in body_text(page(cards(4) + article()))


def test_cards_in_the_middle_of_the_prose_stay() -> None:
    # A guide's chapter cards: as much of the article follows them as precedes them.
    html = page(article(3) + cards(4) + article(3, name="b6"))
    assert "harbour story number 2" in body_text(html)
    loose = TeaserOptions(max_prose_after=None)
    assert "harbour story number 2" not in body_text(html, loose)


def test_a_short_introduction_over_many_cards_is_a_listing() -> None:
    html = page(article(1) + cards(12))
    assert "harbour story number 11" in body_text(html)
    assert "harbour story number 11" not in body_text(html, TeaserOptions(min_prose_before=None))


def test_a_page_of_many_runs_is_a_front_page() -> None:
    html = page(article(8) + cards(3) + cards(3) + cards(3))
    assert "harbour story number 1" in body_text(html)
    assert "harbour story number 1" not in body_text(html, TeaserOptions(max_runs=None))


def test_a_card_holding_two_titles_is_a_column_not_a_card() -> None:
    column = cards(2, shape="div")
    html = page(article() + f"<div class='cols'>{column}{column}{column}</div>")
    # Each ``w3`` block holds two titles: no run of one-title cards of three.
    assert "harbour story number 1" in body_text(html)


def test_cards_showing_prices_stay() -> None:
    items = "".join(
        f"<div class='card'><h3><a href='/p/{i}'>A sturdy oak garden bench {i}</a></h3>"
        f"<span>$129.99</span></div>"
        for i in range(4)
    )
    assert "garden bench 2" in body_text(page(article() + f"<div>{items}</div>"))


def test_short_titles_are_no_story_titles() -> None:
    items = "".join(
        f"<div class='card'><h3><a href='/part/{i}'>Our Showrooms</a></h3><p>{EXCERPT}</p></div>"
        for i in range(4)
    )
    assert "fishing fleet" in body_text(page(article() + f"<div>{items}</div>"))


def test_off_keeps_everything() -> None:
    html = page(article() + cards(4))
    assert "harbour story number 3" in body_text(html, TeaserOptions(enabled=False))
