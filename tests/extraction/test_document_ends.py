"""Parsing survives a premature ``</html>`` or ``</body>`` in the middle of a page."""

from __future__ import annotations

import pytest

from newscrawl.extraction import dom, load_document


def body_paragraphs(html: str) -> list[str]:
    root = dom.parse_html(html)
    assert root is not None
    body = root.find("body")
    assert body is not None
    return [p.text or "" for p in body.iter("p")]


@pytest.mark.parametrize("end", ["</html>", "</HTML>", "</body>", "</Body >", "</body></html>"])
def test_content_after_a_premature_end_stays_in_the_body(end: str):
    html = f"<html><body><div><p>first</p>{end}<p>second</p></div><p>third</p></body></html>"
    assert body_paragraphs(html) == ["first", "second", "third"]


def test_a_second_document_skeleton_after_the_end_is_merged_into_the_body():
    html = (
        "<html><head><title>t</title></head><body><p>first</p></body></html>\n"
        "<html><body><p>second</p></body></html>"
    )
    assert body_paragraphs(html) == ["first", "second"]


def test_page_with_only_trailing_ends_is_left_as_it_is():
    html = b"<html><body><p>one</p></body>\n</html>\n\n"
    assert dom.drop_document_ends(html) is html
    assert dom.drop_document_ends(b"<p>no end tags</p>") == b"<p>no end tags</p>"


def test_end_tags_are_dropped_only_from_the_first_one_on():
    html = "<p>a</p></body><p>中文</p></html>".encode()
    assert dom.drop_document_ends(html) == "<p>a</p><p>中文</p>".encode()


def test_extraction_sees_the_article_after_a_premature_end():
    paragraph = "This paragraph of the article comes after a stray closing tag. " * 4
    html = (
        "<html><body><div id='nav'><a href='/'>Home</a></div></html>"
        f"<div class='article'><p>{paragraph}</p><p>{paragraph}</p></div></body></html>"
    )
    doc = load_document(html.encode())
    assert doc.body is not None
    assert "stray closing tag" in dom.paragraph_text(doc.body)
