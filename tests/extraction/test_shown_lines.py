"""Lines a source-reading winner (CX) took from what the cleaned page no longer shows."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors import line_blocks
from newscrawl.extraction.extractors.auto import finishing, runs, voting
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.shown_lines import drop_unshown_lines
from newscrawl.extraction.text import token_counts
from newscrawl.extraction.types import ContentResult

PARAGRAPHS = [
    "The council voted on Tuesday to rebuild the old bridge over the river next spring.",
    "Engineers said the stone piers had cracked after the floods of the last two winters.",
    "Work will close the crossing for six months &amp; a ferry will carry cyclists meanwhile.",
    "The mayor promised that the new deck would keep the shape of the old one.",
]
BANNER = (
    "<div id='cookie-notice' class='cookie-banner'>\n"
    "<p>We use essential cookies to make this site work, plus optional analytics cookies.</p>\n"
    "<p>Manage settings</p>\n</div>\n"
)


def page(extra: str = "") -> str:
    article = "\n".join(f"<p>{line}</p>" for line in PARAGRAPHS)
    return f"<html><body>\n<h1>Bridge</h1>\n{article}\n{extra}</body></html>"


def test_what_the_document_dropped_leaves_a_source_winner() -> None:
    doc = load_document(page(BANNER).encode())
    found = line_blocks.extract_content(doc)
    assert isinstance(found, ContentResult)
    # CX reads the source: the consent banner the document dropped is in its lines.
    assert "essential cookies" in found.text
    text = drop_unshown_lines(found.text, doc, 0.5, 10)
    assert "essential cookies" not in text and "Manage settings" not in text
    assert "rebuild the old bridge" in text


def test_auto_drops_them_from_a_cx_winner_only() -> None:
    doc = load_document(page(BANNER).encode())
    found = line_blocks.extract_content(doc)
    assert isinstance(found, ContentResult)

    def finished(method: str, share: float | None) -> str:
        result = ContentResult(text=found.text, method=method)
        vote = voting.Vote(runs.Candidate(method, result, token_counts(found.text)), 1.0, [], False)
        return finishing.winner_text(vote, doc, replace(DEFAULT_AUTO, unshown_max_drop_share=share))

    assert "essential cookies" not in finished("cx", 0.5)
    assert "rebuild the old bridge" in finished("cx", 0.5)
    assert "essential cookies" in finished("cx", None)
    # A method that read the cleaned tree found only what the page shows: not tested.
    assert "essential cookies" in finished("justext", 0.5)


def test_entities_tags_and_spacing_do_not_count() -> None:
    # CX writes "&amp;" as a space and joins adjacent tags' text; the tree has "&" and
    # separates blocks: the same word characters.
    html = (
        page()
        .replace("<p>Engineers", "<p><b>Engi</b>neers")
        .replace("</p>\n<p>Work", "</p><p>Work")
    )
    doc = load_document(html.encode())
    text = (
        "Work will close the crossing for six months   a ferry will carry cyclists meanwhile.\n"
        + ("Engineers said the stone piers had cracked after the floods of the last two winters.")
    )
    assert drop_unshown_lines(text, doc, 0.5, 10) == text


def test_short_lines_are_not_tested() -> None:
    doc = load_document(page().encode())
    text = PARAGRAPHS[0] + "\nAccept all"
    assert drop_unshown_lines(text, doc, 0.5, 10) == text


def test_too_much_to_drop_keeps_the_text_whole() -> None:
    doc = load_document(page().encode())
    text = PARAGRAPHS[0] + "\nA line of another page entirely, long enough to weigh more than half."
    assert drop_unshown_lines(text, doc, 0.4, 10) == text
    assert drop_unshown_lines(text, doc, 0.9, 10) == PARAGRAPHS[0]


@given(st.text(max_size=300))
def test_any_text_comes_back_as_a_subset_of_its_lines(text: str) -> None:
    doc = load_document(page(BANNER).encode())
    kept = drop_unshown_lines(text, doc, 0.5, 10)
    assert set(kept.split("\n")) <= set(text.split("\n"))
