"""Runs of teasers: other articles' titles with excerpts, told from tables of contents and
the article's own sections by their shape alone."""

from __future__ import annotations

from lxml.etree import _Element as Element

from newscrawl.extraction import load_document
from newscrawl.extraction.dom import paragraph_text
from newscrawl.extraction.tail import (
    DEFAULT_OPTIONS,
    TailOptions,
    cut_tail,
    prose_container,
    skipped_test,
)
from newscrawl.extraction.teasers import holds_teasers, is_teaser, teaser_runs

PROSE = "The council voted on Tuesday to rebuild the bridge over the river next spring. "
# Long enough that the cards are less than the tail's cut cap (30 % of the text).
ARTICLE = f"<div class='x1'><p>{PROSE * 4}</p><p>{PROSE * 3}</p><p>{PROSE * 5}</p></div>"
EXCERPT = "A look at how three other towns paid for their new bridges and what it cost them."
# Hashed class names, a separator between the cards, excerpts long enough to be paragraphs.
CARDS = "<hr>".join(
    f"<div class='k9f'><h3><a href='/s/{n}'>Another story number {n}</a></h3><p>{EXCERPT}</p></div>"
    for n in range(3)
)
CONTENTS = "".join(
    f"<div class='k9f'><a href='#s{n}'>Section number {n}</a></div>" for n in range(5)
)
SECTIONS = "".join(f"<div class='k9f'><h2>Part {n}</h2><p>{PROSE}</p></div>" for n in range(4))
TEASERS = TailOptions(teasers=3)


def parsed(inner: str) -> Element:
    html = f"<html><body><div id='region'>{inner}</div></body></html>"
    node = load_document(html.encode()).root.find(".//div[@id='region']")
    assert node is not None
    return node


def test_cards_with_a_linked_title_and_an_excerpt_are_a_run() -> None:
    node = parsed(CARDS)
    assert len(teaser_runs(node, 3, 40)) == 3
    assert holds_teasers(node, 3, 40)
    assert not holds_teasers(node, 4, 40)  # three cards are not four
    assert not holds_teasers(node, 3, 200)  # the excerpts are shorter than that


def test_a_table_of_contents_and_the_article_s_sections_are_no_teasers() -> None:
    assert not holds_teasers(parsed(CONTENTS), 3, 40)  # links without excerpts
    assert not holds_teasers(parsed(SECTIONS), 3, 40)  # text without links
    card = parsed(CARDS).find("div")
    assert card is not None and is_teaser(card, 40)


def test_a_run_of_teasers_after_the_article_is_cut_without_names() -> None:
    node = parsed(ARTICLE + f"<div class='q2'>{CARDS}</div>")
    text = paragraph_text(node)
    assert "Another story" in cut_tail(text, (node, node), DEFAULT_OPTIONS)  # the default: off
    cut = cut_tail(text, (node, node), TEASERS)
    assert "Another story" not in cut and EXCERPT not in cut
    assert cut.count("council") == 12


def test_excerpts_of_teasers_do_not_end_the_article_s_prose() -> None:
    node = parsed(ARTICLE + f"<div class='q2'>{CARDS}</div>")
    plain = prose_container(node, 80, 0.8)
    assert plain is not None and EXCERPT in paragraph_text(plain.last)
    found = prose_container(node, 80, 0.8, skipped_test(TEASERS))
    assert found is not None and "council" in paragraph_text(found.last)


def test_teasers_before_the_article_s_last_paragraph_stay() -> None:
    node = parsed(f"<div class='x1'><p>{PROSE * 2}</p>{CARDS}<p>{PROSE * 3}</p></div>")
    text = paragraph_text(node)
    assert cut_tail(text, (node, node), TEASERS) == text
