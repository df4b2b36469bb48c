"""The page-footer filter: lines of the chosen text that only the page's own footer holds."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors.auto import finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.held_lines import MAX_CANDIDATES, MAX_HELD_CHARS, MAX_LINES
from newscrawl.extraction.page_footer import drop_footer_lines, page_footers
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

PARAGRAPHS = [
    "The council voted on Tuesday to rebuild the old bridge over the river next spring.",
    "Engineers said the stone piers had cracked after the floods of the last two winters.",
    "Work will close the crossing for six months, and a ferry will carry cyclists meanwhile.",
    "The mayor promised that the new deck would keep the shape of the nineteenth-century one.",
]
REVIEWS = [
    "Everyone at the office has been great, it’s easy to set up appointments.",
    "Brittany M.",
    "Friendly people working there, they seem to care about their work.",
    "Candiss D.",
]


def page(footer: str, main: bool = True, hidden_copy: bool = False) -> str:
    article = "".join(f"<p>{line}</p>" for line in PARAGRAPHS)
    body = f"<main><article><h1>Bridge</h1>{article}</article></main>" if main else article
    copy = "<div class='mobile-only'>" + "".join(f"<p>{r}</p>" for r in REVIEWS) + "</div>"
    return (
        f"<html><body><div id='site'>{body}<footer>{footer}</footer>"
        f"{copy if hidden_copy else ''}</div></body></html>"
    )


REVIEW_FOOTER = "".join(f"<div class='review'>{line}</div>" for line in REVIEWS)
# How a line method renders the page: the article, then the footer's lines, quotes dropped.
TAKEN = "\n".join([*PARAGRAPHS, *(line.replace("’", " ") for line in REVIEWS)])


def test_footer_lines_are_dropped_whatever_quotes_each_side_kept() -> None:
    doc = load_document(page(REVIEW_FOOTER))
    assert drop_footer_lines(TAKEN, doc) == "\n".join(PARAGRAPHS)


def test_a_hidden_copy_outside_the_footer_does_not_make_them_the_articles() -> None:
    doc = load_document(page(REVIEW_FOOTER, hidden_copy=True))
    assert drop_footer_lines(TAKEN, doc) == "\n".join(PARAGRAPHS)


def test_a_line_the_article_also_holds_is_kept() -> None:
    footer = f"<p>{PARAGRAPHS[1]}</p>{REVIEW_FOOTER}"
    doc = load_document(page(footer))
    assert drop_footer_lines(TAKEN, doc) == "\n".join(PARAGRAPHS)


def test_without_main_or_article_a_line_found_elsewhere_on_the_page_is_kept() -> None:
    footer = f"<p>{PARAGRAPHS[2]}</p>{REVIEW_FOOTER}"
    doc = load_document(page(footer, main=False))
    assert drop_footer_lines(TAKEN, doc) == "\n".join(PARAGRAPHS)
    assert drop_footer_lines(TAKEN, load_document(page(REVIEW_FOOTER, main=False))) == (
        "\n".join(PARAGRAPHS)
    )


def test_an_articles_own_footer_is_not_the_pages() -> None:
    html = (
        "<html><body><article><h1>Bridge</h1>"
        + "".join(f"<p>{line}</p>" for line in PARAGRAPHS)
        + f"<footer>{REVIEW_FOOTER}</footer></article></body></html>"
    )
    doc = load_document(html)
    assert page_footers(doc.root) == []
    assert drop_footer_lines(TAKEN, doc) == TAKEN


def test_a_footer_that_holds_the_headline_is_no_frame() -> None:
    html = f"<html><body><footer><h1>Bridge</h1>{REVIEW_FOOTER}</footer></body></html>"
    assert page_footers(load_document(html).root) == []


def test_a_footer_holding_most_of_the_text_is_kept_whole() -> None:
    # A template that wraps its content in <footer>: the markup says nothing then.
    footer = "".join(f"<p>{line}</p>" for line in [*PARAGRAPHS[1:], *REVIEWS])
    doc = load_document(
        f"<html><body><p>{PARAGRAPHS[0]}</p><footer>{footer}</footer></body></html>"
    )
    taken = "\n".join(PARAGRAPHS[1:] + REVIEWS)
    assert drop_footer_lines(taken, doc) == taken


def test_auto_drops_a_line_winners_footer_lines_only_with_the_option_on() -> None:
    # A line method (CX) reads the page's lines to its end, the footer's included.
    doc = load_document(page(REVIEW_FOOTER))
    result = ContentResult(text=TAKEN, method="cx")
    vote = voting.Vote(runs.Candidate("cx", result, token_counts(TAKEN)), 1.0, [], False)
    on = finishing.winner_text(vote, doc)
    off = finishing.winner_text(vote, doc, replace(DEFAULT_AUTO, footer_max_drop_share=None))
    assert "Brittany" not in on and PARAGRAPHS[-1] in on
    assert "Brittany" in off


@given(st.text(max_size=300), st.text(max_size=300))
def test_never_raises_and_only_removes_lines(text: str, footer: str) -> None:
    doc = load_document(page(footer.replace("<", " ")))
    kept = drop_footer_lines(text, doc)
    lines = text.split("\n")
    assert all(line in lines for line in kept.split("\n")) or kept == text


def test_a_hostile_page_is_left_as_it_is() -> None:
    # Past the bounds no page's frame goes: the filter does no work there.
    many = "\n".join(["Brittany M."] * (MAX_LINES + 1))
    assert drop_footer_lines(many, load_document(page(REVIEW_FOOTER)), max_drop_share=1.0) == many
    huge = REVIEW_FOOTER + "<p>" + "word " * (MAX_HELD_CHARS // 5) + "</p>"
    assert drop_footer_lines(TAKEN, load_document(page(huge))) == TAKEN
    candidates = "\n".join(f"Reviewer number {n}." for n in range(MAX_CANDIDATES + 1))
    footer = "".join(f"<p>Reviewer number {n}.</p>" for n in range(MAX_CANDIDATES + 1))
    doc = load_document(page(footer))
    assert drop_footer_lines(candidates, doc, max_drop_share=1.0) == candidates
    fewer = "\n".join(candidates.split("\n")[:MAX_CANDIDATES])
    assert drop_footer_lines(fewer, doc, max_drop_share=1.0) == ""
