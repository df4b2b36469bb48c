"""Falling back from a winner far shorter than the page's text to the largest candidate."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.extractors.auto import finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.fallback import (
    DEFAULT_OPTIONS,
    NO_FALLBACK,
    FallbackOptions,
    is_suspicious,
    replacement,
    sentences,
    visible_length,
)
from newscrawl.extraction.text import bag_overlap


@dataclass(frozen=True)
class Bag:
    bag: Counter[str]

    @property
    def size(self) -> int:
        return sum(self.bag.values())


def bag(text: str) -> Bag:
    return Bag(Counter(text.split()))


def test_a_winner_under_the_share_of_the_page_is_suspicious():
    page = "x" * 1000
    assert is_suspicious("y" * 10, page, FallbackOptions(max_share=0.02))
    assert not is_suspicious("y" * 30, page, FallbackOptions(max_share=0.02))
    assert not is_suspicious("", page, NO_FALLBACK)
    assert visible_length("a b\nc") == 3  # spaces and newlines do not count


def test_the_largest_candidate_with_enough_growth_replaces_the_winner():
    winner = bag("one item")
    grid = bag("one item two item three item four item")
    other = bag("one item and a bit")
    assert replacement(winner, [winner, other, grid], FallbackOptions(min_growth=2.0)) is grid
    assert replacement(winner, [winner, other], FallbackOptions(min_growth=4.0)) is None


def test_min_held_demands_the_replacement_hold_the_winners_text():
    winner = bag("one item")
    elsewhere = bag("a b c d e f g h")
    options = FallbackOptions(min_growth=2.0, min_held=0.8)
    assert bag_overlap(winner.bag, elsewhere.bag) == 0
    assert replacement(winner, [winner, elsewhere], options) is None
    assert replacement(winner, [winner, elsewhere], replace(options, min_held=0.0)) is elsewhere


def listing_page(items: int) -> bytes:
    """A product grid: one card with a short description, then ``items`` cards that are
    each one link (the densest block is the described card, a small part of the page)."""
    described = (
        "<div class='card'><h3>Featured kettle</h3><p>"
        + "A steel kettle that boils a litre in three minutes and keeps warm. " * 2
        + "</p></div>"
    )
    cards = "".join(
        f"<div class='card'><a href='/p/{index}'>Kettle model {index} at {index}9 euros</a></div>"
        for index in range(items)
    )
    return (
        "<html><body><nav><a href='/'>Home</a></nav><h1>Kettles</h1>"
        f"<div class='grid'>{described}{cards}</div><footer>Shop</footer></body></html>"
    ).encode()


def test_auto_falls_back_when_its_winner_is_a_tiny_part_of_the_page():
    result = extract(listing_page(400), method="auto")
    assert isinstance(result, Article)
    assert result.diagnostics["auto_fell_back"] is True
    assert result.diagnostics["auto_winner"] != "density"
    off = replace(DEFAULT_AUTO, fallback=NO_FALLBACK)
    kept = extract(listing_page(400), method="auto", options=off)
    assert isinstance(kept, Article)
    assert kept.diagnostics["auto_fell_back"] is False
    assert kept.diagnostics["auto_winner"] == "density"
    # A smaller grid: the described card is a larger part of the page, nothing changes.
    small = extract(listing_page(50), method="auto")
    assert isinstance(small, Article)
    assert small.diagnostics["auto_fell_back"] is False


def test_fall_back_replaces_a_tiny_winner_with_the_largest_candidate():
    doc = load_document(listing_page(400))
    runner = runs.page_runner(doc)
    vote = voting.run_vote(doc, DEFAULT_AUTO, runner)
    assert vote is not None
    fallen, text = finishing.fall_back(
        vote, finishing.winner_text(vote, doc, DEFAULT_AUTO), doc, runner, DEFAULT_AUTO
    )
    assert fallen.fell_back
    assert fallen.winner is max(fallen.candidates, key=lambda candidate: candidate.size)
    assert {c.method for c in fallen.candidates} >= {"density", "boilerpipe", "cx", "tcdt"}
    assert text
    kept, same = finishing.fall_back(vote, "x" * 10_000, doc, runner, DEFAULT_AUTO)
    assert (kept, same) == (vote, "x" * 10_000)  # a normal share: nothing changes


@given(st.text(max_size=200), st.text(max_size=400), st.floats(0.0, 1.0))
def test_is_suspicious_never_raises(text, body, share):
    assert isinstance(is_suspicious(text, body, FallbackOptions(max_share=share)), bool)


def test_defaults_are_on():
    assert DEFAULT_OPTIONS.max_share is not None
    assert DEFAULT_AUTO.fallback == DEFAULT_OPTIONS


def test_sentences_count_sentence_ends_not_points_inside_words():
    assert sentences("One. Two? Three!") == 3
    assert sentences("Version 3.5 of example.com is out") == 0
    assert sentences("Wait... what") == 1
    assert sentences("第一句。第二句！") == 2


def test_a_winner_of_enough_sentences_is_not_suspicious():
    page = "x" * 10_000
    brief = "The council met. It voted. The bridge reopens."
    assert is_suspicious(brief, page, FallbackOptions(min_sentences=None))
    assert not is_suspicious(brief, page, FallbackOptions(min_sentences=3))
    assert is_suspicious("The council met. It voted", page, FallbackOptions(min_sentences=3))


def brief_page(headlines: int) -> bytes:
    """A news brief of three short paragraphs under its headline, then a list of
    ``headlines`` linked headlines: the brief is a tiny part of the page's text."""
    brief = (
        "<p>The council voted on Monday to reopen the old bridge to cyclists.</p>"
        "<p>Work on the railings ends in May, the mayor said.</p>"
        "<p>Cars stay banned until the survey is done.</p>"
    )
    items = "".join(
        f"<li><a href='/s/{index}'>Story number {index} of the day and a longer headline</a></li>"
        for index in range(headlines)
    )
    return (
        "<html><body><nav><a href='/'>Home</a></nav><main><h1>Bridge reopens to cyclists</h1>"
        f"<div class='story'>{brief}</div></main><ul class='more'>{items}</ul>"
        "<footer>News</footer></body></html>"
    ).encode()


def test_a_news_brief_is_not_replaced_by_the_page():
    result = extract(brief_page(300), method="auto")
    assert isinstance(result, Article)
    assert result.diagnostics["auto_fell_back"] is False
    assert "reopen the old bridge" in result.content
    assert "Story number" not in result.content
    without = replace(DEFAULT_AUTO, fallback=replace(DEFAULT_OPTIONS, min_sentences=None))
    replaced = extract(brief_page(300), method="auto", options=without)
    assert isinstance(replaced, Article)
    assert replaced.diagnostics["auto_fell_back"] is True
