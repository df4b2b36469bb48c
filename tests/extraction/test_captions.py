"""The caption filter: lines of the chosen text that only the page's figure captions hold."""

from __future__ import annotations

from dataclasses import replace

from newscrawl.extraction import load_document
from newscrawl.extraction.captions import drop_caption_lines
from newscrawl.extraction.extractors.auto import finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

PARAGRAPHS = [
    "The council voted on Tuesday to rebuild the old bridge over the river next spring.",
    "Engineers said the stone piers had cracked after the floods of the last two winters.",
    "Work will close the crossing for six months, and a ferry will carry cyclists meanwhile.",
    "The mayor promised that the new deck would keep the shape of the nineteenth-century one.",
]
CAPTION = "The old bridge at dusk, seen from the ferry landing. (Photo: Jane Doe/AP)"


def page(caption: str = CAPTION, figure_at: int = 2) -> str:
    parts = [f"<p>{line}</p>" for line in PARAGRAPHS]
    parts.insert(figure_at, f"<figure><img src='b.jpg'><figcaption>{caption}</figcaption></figure>")
    return f"<html><body><article><h1>Bridge</h1>{''.join(parts)}</article></body></html>"


def taken(caption: str = CAPTION) -> str:
    """The region's lines as a method reads them, the caption between two paragraphs and
    with its quotes and slashes as the method kept them."""
    return "\n".join([*PARAGRAPHS[:2], caption.replace("/", " "), *PARAGRAPHS[2:]])


def test_a_caption_line_is_dropped() -> None:
    assert drop_caption_lines(taken(), load_document(page())) == "\n".join(PARAGRAPHS)


def test_a_caption_that_repeats_a_sentence_of_the_article_leaves_it_there() -> None:
    doc = load_document(page(caption=PARAGRAPHS[3]))
    text = "\n".join(PARAGRAPHS)
    assert drop_caption_lines(text, doc) == text


def test_a_page_without_captions_is_left_alone() -> None:
    html = page().replace("figcaption", "div")
    assert drop_caption_lines(taken(), load_document(html)) == taken()


def test_captions_that_are_most_of_the_text_are_the_story() -> None:
    # A gallery: its captions are what the page says.
    captions = [
        f"Picture {n}: the bridge in the year {1900 + n}, from the north bank." for n in range(6)
    ]
    figures = "".join(f"<figure><figcaption>{c}</figcaption></figure>" for c in captions)
    doc = load_document(f"<html><body><h1>Bridge</h1><p>{PARAGRAPHS[0]}</p>{figures}</body></html>")
    text = "\n".join([PARAGRAPHS[0], *captions])
    assert drop_caption_lines(text, doc) == text
    assert drop_caption_lines(text, doc, max_drop_share=1.0) == PARAGRAPHS[0]


def test_short_caption_lines_stay() -> None:
    doc = load_document(page(caption="Doe"))
    text = "\n".join([*PARAGRAPHS, "Doe"])
    assert drop_caption_lines(text, doc) == text


def test_auto_drops_caption_lines_only_with_the_option_on() -> None:
    doc = load_document(page())
    result = ContentResult(text=taken(), method="cx")
    vote = voting.Vote(runs.Candidate("cx", result, token_counts(taken())), 1.0, [], False)
    on = finishing.winner_text(vote, doc, replace(DEFAULT_AUTO, caption_max_drop_share=0.5))
    off = finishing.winner_text(vote, doc, replace(DEFAULT_AUTO, caption_max_drop_share=None))
    assert "dusk" not in on and PARAGRAPHS[-1] in on
    assert "dusk" in off
