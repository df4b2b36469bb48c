"""A vote winner below or around the article gives way to two candidates at its headline."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors.auto import runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.headline_anchor import (
    AROUND,
    BELOW,
    DEFAULT_OPTIONS,
    INSIDE,
    NO_HEADLINE_ANCHOR,
    agreeing_pairs,
    anchor_of,
    anchored_pair,
    headline_span,
)
from newscrawl.extraction.text import bag_f1, token_counts
from newscrawl.extraction.types import ContentResult

BRIEF = [
    "The council voted on Monday to reopen the old bridge to cyclists next month.",
    "Work on the railings ends in May, the mayor said at the meeting on Monday.",
]
# A site menu of labels long enough to place a candidate that starts with them.
MENU = [f"Section number {n} of the whole site here" for n in range(20)]
BIO = "Jane Doe is a reporter who covers the city council and its many committees."


@dataclass(frozen=True)
class Voter:
    method: str
    text: str

    @property
    def bag(self) -> Counter[str]:
        return token_counts(self.text)

    @property
    def size(self) -> int:
        return sum(self.bag.values())


def page(headline: str = "<h1>Bridge reopens to cyclists</h1>", gap: str = "") -> bytes:
    paragraphs = "".join(f"<p>{line}</p>" for line in BRIEF)
    return (
        f"<html><body><nav><a href='/'>Home</a></nav>{headline}{gap}"
        f"<div class='story'>{paragraphs}</div><div class='box'><p>{BIO}</p></div>"
        "</body></html>"
    ).encode()


def voters() -> tuple[Voter, Voter, Voter]:
    article = "\n".join(BRIEF)
    return (
        Voter("density", BIO),
        Voter("justext", "Bridge reopens to cyclists\n" + article),
        Voter("boilerpipe", article),
    )


def texts(*candidates: Voter) -> dict[str, str]:
    return {candidate.method: candidate.text for candidate in candidates}


def test_a_box_below_the_article_gives_way_to_the_pair_at_the_headline():
    doc = load_document(page())
    box, first, second = voters()
    pair = anchored_pair(box, [box, first, second], doc, texts(box, first, second), DEFAULT_OPTIONS)
    assert pair == (first, second)


def test_without_a_headline_the_vote_stands():
    doc = load_document(page(headline=""))
    box, first, second = voters()
    assert (
        anchored_pair(box, [box, first, second], doc, texts(box, first, second), DEFAULT_OPTIONS)
        is None
    )


def test_a_pair_far_below_the_headline_does_not_start_at_it():
    far = "<p>" + "A long standfirst that runs on and on before the story. " * 30 + "</p>"
    doc = load_document(page(gap=far))
    box, first, second = voters()
    options = replace(DEFAULT_OPTIONS, near_chars=300)
    assert anchored_pair(box, [box, first, second], doc, texts(box, first, second), options) is None
    wide = replace(DEFAULT_OPTIONS, near_chars=5000)
    assert (
        anchored_pair(box, [box, first, second], doc, texts(box, first, second), wide) is not None
    )


def test_a_winner_larger_than_the_pair_is_the_pages_mass():
    doc = load_document(page())
    _, first, second = voters()
    mass = Voter("density", (BIO + " ") * 10)
    assert (
        anchored_pair(mass, [mass, first, second], doc, texts(mass, first, second), DEFAULT_OPTIONS)
        is None
    )


def test_a_winner_above_the_pair_stands():
    doc = load_document(page())
    _, first, second = voters()
    above = Voter("density", "Bridge reopens to cyclists and more words to be long enough")
    assert (
        anchored_pair(
            above, [above, first, second], doc, texts(above, first, second), DEFAULT_OPTIONS
        )
        is None
    )


def test_pairs_must_agree_with_each_other_and_stand_below_or_around_the_winner():
    box, first, second = voters()
    assert agreeing_pairs(box, [box, first, second], DEFAULT_OPTIONS) == [(first, second, BELOW)]
    # the pair's members agree with each other, but each shares the winner's words
    assert agreeing_pairs(first, [box, first, second], DEFAULT_OPTIONS) == []
    assert agreeing_pairs(box, [box, first, second], NO_HEADLINE_ANCHOR) == []
    page_text = Voter("density", "Home\n" + ("\n".join(BRIEF) + "\n") * 3 + BIO)
    assert agreeing_pairs(page_text, [page_text, first, second], DEFAULT_OPTIONS) == [
        (first, second, AROUND)
    ]
    below_only = replace(DEFAULT_OPTIONS, around_growth=None)
    assert agreeing_pairs(page_text, [page_text, first, second], below_only) == []


def test_a_winner_around_the_article_from_the_top_of_the_page_gives_way():
    menu = (
        "<ul>"
        + "".join(
            f"<li><a href='/{n}'>Section number {n} of the whole site here</a></li>"
            for n in range(20)
        )
        + "</ul>"
    )
    doc = load_document(page(headline=menu + "<h1>Bridge reopens to cyclists</h1>"))
    _, first, second = voters()
    menu_text = "\n".join(MENU)
    around = Voter("density", menu_text + "\n" + first.text + "\n" + BIO + "\n" + BIO)
    candidates = [around, first, second]
    assert anchored_pair(around, candidates, doc, texts(*candidates), DEFAULT_OPTIONS) == (
        first,
        second,
    )
    # A winner that starts at the headline is no page around the article.
    at_headline = Voter("density", first.text + "\n" + BIO + "\n" + BIO + "\n" + BIO)
    candidates = [at_headline, first, second]
    assert anchored_pair(at_headline, candidates, doc, texts(*candidates), DEFAULT_OPTIONS) is None


def test_the_headline_and_a_candidate_are_found_in_the_collapsed_body_text():
    doc = load_document(page())
    text = " ".join(doc.body_text().split())
    span = headline_span(doc, text)
    assert span is not None and text[span[0] : span[1]] == "Bridge reopens to cyclists"
    assert anchor_of("short\n" + BRIEF[0]) == BRIEF[0][:60]
    assert anchor_of("short\nlines") is None


@given(st.text(max_size=300))
def test_anchor_of_never_raises(text):
    found = anchor_of(text)
    assert found is None or 30 <= len(found) <= 60


def candidate(method: str, text: str) -> runs.Candidate:
    return runs.Candidate(method, ContentResult(text=text, nodes=[]), token_counts(text))


def test_auto_takes_the_shorter_of_the_pair_with_the_pairs_agreement():
    doc = load_document(page())
    box = candidate("density", BIO)
    first = candidate("justext", "Bridge reopens to cyclists\n" + "\n".join(BRIEF))
    second = candidate("boilerpipe", "\n".join(BRIEF))
    winner, agreement = voting.headline_winner(box, 1.0, [box, first, second], doc)
    assert winner is second
    assert agreement == bag_f1(first.bag, second.bag)
    off = replace(DEFAULT_AUTO, headline=NO_HEADLINE_ANCHOR)
    assert voting.headline_winner(box, 1.0, [box, first, second], doc, off) == (box, 1.0)


def test_a_fragment_that_misses_the_articles_beginning_gives_way():
    lead = (
        "<p>"
        + " ".join(f"Opening sentence number {n} of the long story." for n in range(12))
        + "</p>"
    )
    doc = load_document(page(gap=lead))
    opening = " ".join(f"Opening sentence number {n} of the long story." for n in range(12))
    article = opening + "\n" + "\n".join(BRIEF)
    first = Voter("justext", "Bridge reopens to cyclists\n" + article)
    second = Voter("boilerpipe", article)
    fragment = Voter("density", BRIEF[1])  # the last paragraph alone, far below the start
    candidates = [fragment, first, second]
    assert agreeing_pairs(fragment, candidates, DEFAULT_OPTIONS) == [(first, second, INSIDE)]
    assert anchored_pair(fragment, candidates, doc, texts(*candidates), DEFAULT_OPTIONS) == (
        first,
        second,
    )
    # The article's own opening, where the pair starts, is no fragment.
    start = Voter("density", opening)
    candidates = [start, first, second]
    assert anchored_pair(start, candidates, doc, texts(*candidates), DEFAULT_OPTIONS) is None
    # Without the inside shape a fragment this small still reads as a box below (its bag F1
    # with each is under 0.3), and starts after half of the pair's text.
    off = replace(DEFAULT_OPTIONS, inside_growth=None)
    assert agreeing_pairs(fragment, [fragment, first, second], off) == [(first, second, BELOW)]
