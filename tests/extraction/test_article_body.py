"""The JSON-LD articleBody filter: lines of the chosen text the publisher's copy lacks."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import Article, extract, load_document
from newscrawl.extraction.article_body import (
    DEFAULT_OPTIONS,
    NO_ARTICLE_BODY,
    ArticleBodyOptions,
    article_body,
    body_lines,
    filter_by_article_body,
    filter_lines,
    rescued,
)
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO

PARAGRAPHS = [
    "The council voted on Tuesday to rebuild the old bridge over the river next spring.",
    "Engineers said the stone piers had cracked after the floods of the last two winters.",
    "Work will close the crossing for six months, and a ferry will carry cyclists meanwhile.",
    "The mayor promised that the new deck would keep the shape of the nineteenth-century one.",
    "Residents can comment on the plans at the library until the end of the month.",
] * 2
BODY = " ".join(PARAGRAPHS)
COMMENT = "Great news, finally somebody listens to us cyclists!"
RELATED = "Related: Ten bakeries worth the queue this weekend"
OPTIONS = ArticleBodyOptions(min_coverage=0.8, min_line_share=0.8)


def test_lines_the_article_body_lacks_are_dropped():
    text = "\n".join([*PARAGRAPHS, RELATED, COMMENT])
    assert filter_lines(text, BODY, OPTIONS) == "\n".join(PARAGRAPHS)


def test_a_teaser_article_body_leaves_the_text_alone():
    # A paywalled page's articleBody holds its first paragraph only: too little of the text.
    text = "\n".join([*PARAGRAPHS, COMMENT])
    teaser = PARAGRAPHS[0] * 8  # long enough to be read, but one paragraph's words
    assert filter_lines(text, teaser, OPTIONS) == text


def test_a_short_article_body_is_no_article_body():
    text = "\n".join([*PARAGRAPHS, COMMENT])
    assert filter_lines(text, PARAGRAPHS[0], OPTIONS) == text


def test_off_leaves_the_text_alone():
    text = "\n".join([*PARAGRAPHS, COMMENT])
    assert filter_lines(text, BODY, NO_ARTICLE_BODY) == text


def test_lines_without_tokens_stay_and_the_text_never_empties():
    text = "\n".join([*PARAGRAPHS, "—", COMMENT])
    assert filter_lines(text, BODY, OPTIONS).split("\n")[-1] == "—"
    unrelated = "\n".join([COMMENT] * 30)
    assert filter_lines(unrelated, BODY, replace(OPTIONS, min_coverage=0.0)) == unrelated


def page(body: object, extra: str = "") -> bytes:
    data = json.dumps(
        {"@context": "https://schema.org", "@type": "NewsArticle", "articleBody": body}
    )
    paragraphs = "".join(f"<p>{line}</p>" for line in PARAGRAPHS)
    return (
        "<html><head><title>Bridge to be rebuilt</title>"
        f'<script type="application/ld+json">{data}</script></head>'
        f"<body><article><h1>Bridge to be rebuilt</h1>{paragraphs}{extra}</article></body></html>"
    ).encode()


def test_the_longest_article_body_is_read_with_its_references_resolved():
    doc = load_document(page("Fish &amp; chips " + BODY))
    assert article_body(doc).startswith("Fish & chips The council")
    assert article_body(load_document(page(["not", "a", "string"]))) == ""


def test_auto_drops_a_comment_inside_the_article_region():
    html = page(BODY, extra=f"<p>{COMMENT}</p>")
    without = extract(
        html, method="auto", options=replace(DEFAULT_AUTO, article_body=NO_ARTICLE_BODY)
    )
    assert isinstance(without, Article) and COMMENT in without.content
    article = extract(html, method="auto")
    assert isinstance(article, Article)
    assert COMMENT not in article.content and PARAGRAPHS[0] in article.content


def test_the_filter_reads_nothing_on_a_page_without_json_ld():
    doc = load_document(b"<html><body><p>" + BODY.encode() + b"</p></body></html>")
    assert filter_by_article_body(COMMENT, doc, DEFAULT_OPTIONS) == COMMENT


@given(st.text(max_size=300), st.text(max_size=800))
def test_the_filter_keeps_a_subset_of_the_lines_in_order(text, body):
    filtered = filter_lines(text, body, replace(OPTIONS, min_body_chars=0))
    lines = iter(text.split("\n"))
    assert all(line in lines for line in filtered.split("\n"))


def shell_page(body: object, shell: str = '<div id="app">Loading...</div>') -> bytes:
    """A page drawn by its scripts: the article only in its structured data."""
    data = json.dumps(
        {"@context": "https://schema.org", "@type": "NewsArticle", "articleBody": body}
    )
    return (
        "<html><head><title>Bridge to be rebuilt</title>"
        f'<script type="application/ld+json">{data}</script></head>'
        f'<body>{shell}<nav><a href="/">Home</a> <a href="/news">News</a></nav></body></html>'
    ).encode()


def test_a_script_shell_gives_way_to_the_publishers_copy():
    article = extract(shell_page("\n".join(PARAGRAPHS)), method="auto")
    assert isinstance(article, Article)
    assert article.content == "\n".join(PARAGRAPHS)
    assert "Loading" not in article.content


def test_a_shell_with_no_text_at_all_is_rescued_too():
    article = extract(shell_page("\n".join(PARAGRAPHS), shell='<div id="app"></div>'))
    assert isinstance(article, Article) and article.content.startswith(PARAGRAPHS[0])


def test_an_article_body_written_as_html_becomes_lines():
    html_body = "".join(f"<p>{line}</p>" for line in PARAGRAPHS) + "<br>Fish &amp; chips"
    article = extract(shell_page(html_body), method="auto")
    assert isinstance(article, Article)
    assert article.content.split("\n") == [*PARAGRAPHS, "Fish & chips"]


def test_the_page_text_stays_when_the_copy_is_not_far_larger():
    # The page shows the article: its text, not the copy, is the content.
    article = extract(page(BODY), method="auto")
    assert isinstance(article, Article) and article.content == "\n".join(PARAGRAPHS[:5])
    assert article.diagnostics["auto_winner"] != "articleBody"
    doc = load_document(shell_page(BODY))
    assert rescued("\n".join(PARAGRAPHS[:4]), doc) is None
    assert rescued("\n".join(PARAGRAPHS[:2]), doc) is not None


def test_no_rescue_from_a_description_sized_body_or_when_off():
    doc = load_document(shell_page(PARAGRAPHS[0]))
    assert rescued("Loading...", doc) is None
    doc = load_document(shell_page(BODY))
    assert rescued("Loading...", doc, NO_ARTICLE_BODY) is None
    assert rescued("Loading...", doc, replace(DEFAULT_OPTIONS, rescue_growth=None)) is None


@given(st.text(max_size=300), st.text(max_size=3000))
def test_body_lines_never_raise_and_hold_no_blank_line(text, body):
    lines = body_lines(body)
    assert all(line.strip() for line in lines.split("\n")) or lines == ""
    assert rescued(text, load_document(shell_page(body))) in (None, *([lines] if lines else []))
