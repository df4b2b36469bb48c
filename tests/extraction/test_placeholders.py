"""Template placeholders a script never filled are not text; in code blocks they are."""

from __future__ import annotations

from newscrawl.extraction import extract, load_document
from newscrawl.extraction.dom import clean_tree, parse_html
from newscrawl.extraction.placeholders import blank_placeholders
from newscrawl.extraction.types import Article

POSTS = "".join(
    f"<li class='post'><p>Reply number {n}: the simple method worked for me within a month, "
    f"once I stopped changing the niche every week and kept posting daily.</p>"
    f"<div class='alert'><strong>{{{{ Board.errors[{1179311 + n}].message }}}}</strong></div></li>"
    for n in range(6)
)


def body_text(html: str) -> str:
    root = parse_html(f"<html><head><title>t</title></head><body>{html}</body></html>")
    assert root is not None
    clean_tree(root)
    blank_placeholders(root)
    return root.xpath("string(//body)")


def test_a_text_of_nothing_but_placeholders_is_blanked():
    text = body_text(
        f"<ul>{POSTS}</ul><p>Save <span>{{{{price.save}}}} {{{{ price.unit }}}}</span> now</p>"
    )
    assert "{{" not in text
    assert text.count("Reply number") == 6
    assert "Save  now" in text


def test_placeholders_inside_prose_and_code_stay():
    text = body_text(
        "<p>Write {{ form.subject }} where the field goes.</p>"
        "<pre><code>{{ form.subject.as_field_group }}</code></pre>"
        "<p><code>{{ field.label_tag }}</code></p>"
        "<p>Tail <b>x</b>{{ tail.value }}</p>"
    )
    assert "{{ form.subject }}" in text
    assert "{{ form.subject.as_field_group }}" in text
    assert "{{ field.label_tag }}" in text
    assert "{{ tail.value }}" not in text  # a tail of only a placeholder is blanked too


def test_the_loader_blanks_them_before_any_method_reads_the_page():
    page = (
        "<html><head><title>Will this simple method work</title></head><body>"
        f"<h1>Will this simple method work</h1><ul>{POSTS}</ul></body></html>"
    )
    assert "{{" not in load_document(page).body_text()
    article = extract(page.encode(), url="https://forum.example/t/1", method="auto")
    assert isinstance(article, Article)
    assert "errors[" not in article.content
