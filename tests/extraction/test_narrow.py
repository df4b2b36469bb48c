"""A region that wraps a short article in the page's links narrows to the article's prose."""

from __future__ import annotations

from dataclasses import replace

from newscrawl.extraction import load_document
from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import paragraph_text
from newscrawl.extraction.extractors.auto.finishing import finishing_stages
from newscrawl.extraction.extractors.auto.runs import Candidate
from newscrawl.extraction.extractors.auto.voting import Vote
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as AUTO
from newscrawl.extraction.narrow import NarrowOptions, declares_article, narrowed
from newscrawl.extraction.tail import DEFAULT_OPTIONS as TAIL
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

BRIEF = (
    "<p>The city council approved the new tram line on Tuesday evening after a debate that "
    "lasted more than four hours and drew a crowd of residents to the chamber.</p>"
    "<p>Construction is due to begin next spring, and the first trams should run along the "
    "harbour front within three years, the transport department said afterwards.</p>"
)
LINKS = "".join(
    f"<li><a href='/story/{n}'>Another headline of the site, story number {n}</a></li>"
    for n in range(60)
)
ITEMS = "".join(
    f"<li>Award winner number {n}, a studio in a city far away from here</li>" for n in range(60)
)
ARTICLE_HEAD = '<meta property="og:type" content="article">'


def page(aside: str, head: str = ARTICLE_HEAD) -> str:
    return (
        f"<html><head><title>Tram line approved</title>{head}</head><body>"
        f"<div id='wrap'><h1>Tram line approved</h1><div class='text'>{BRIEF}</div>"
        f"<div class='more'><ul>{aside}</ul></div></div></body></html>"
    )


def wrapper_result(html: str) -> tuple[ContentResult, Document]:
    """The page and a density result whose region is the wrapper of brief and links."""
    doc = load_document(html)
    wrap = doc.root.find(".//div[@id='wrap']")
    assert wrap is not None
    return ContentResult(text=paragraph_text(wrap), nodes=[wrap], method="density"), doc


def test_a_brief_wrapped_in_links_narrows_to_its_prose() -> None:
    result, doc = wrapper_result(page(LINKS))
    narrow = narrowed(result, doc, TAIL)
    assert "first trams should run" in narrow.text
    assert "Another headline" not in narrow.text


def test_a_region_of_short_text_items_keeps_its_region() -> None:
    # a listing's items are its content: text, not links
    result, doc = wrapper_result(page(ITEMS))
    assert narrowed(result, doc, TAIL) is result


def test_a_page_that_does_not_say_it_is_an_article_keeps_its_region() -> None:
    result, doc = wrapper_result(page(LINKS, head=""))
    assert narrowed(result, doc, TAIL) is result
    off = NarrowOptions(max_prose_share=None)
    article_result, article_doc = wrapper_result(page(LINKS))
    assert narrowed(article_result, article_doc, TAIL, off) is article_result


def test_json_ld_article_types_declare_an_article() -> None:
    ld = '<script type="application/ld+json">{"@type": "NewsArticle", "headline": "x"}</script>'
    assert declares_article(load_document(page("", head=ld)))
    other = '<script type="application/ld+json">{"@type": "Product", "name": "x"}</script>'
    assert not declares_article(load_document(page("", head=other)))


def test_auto_narrows_a_wrapper_winner_before_its_other_stages() -> None:
    result, doc = wrapper_result(page(LINKS))
    winner = Candidate("density", result, token_counts(result.text))
    stages = dict(finishing_stages(Vote(winner, 1.0, [winner], False), doc, AUTO))
    assert "Another headline" not in stages["narrow"]
    assert "first trams should run" in stages["footer"]
    off = replace(AUTO, narrow=NarrowOptions(max_prose_share=None))
    assert "narrow" not in dict(finishing_stages(Vote(winner, 1.0, [winner], False), doc, off))
