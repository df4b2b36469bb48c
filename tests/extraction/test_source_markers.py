"""Document.holds: one pass over a page's source for every registered marker, answering what
``marker in html`` answers."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import document as document_module
from newscrawl.extraction import native
from newscrawl.extraction.document import load_document, source_markers
from tests.extraction.test_walks_c import dataset_documents

PACKAGE = Path(document_module.__file__).resolve().parent


def registered() -> tuple[str, ...]:
    return tuple(document_module._SOURCE_MARKERS)


def test_substrings_in_matches_in_on_odd_texts():
    assert native.walks is not None
    needles = ("<main", "ld+json", "ab", "abc", "zz")
    texts = [
        "",
        "a",
        "ab",
        "xabc",
        "<ma",
        "中文<main x",
        "\U0001f600<main ld+json",
        "zz" * 3,
        "abab",
        "<MAIN",
        "ld+jso",
    ]
    for text in texts:
        bits = native.walks.substrings_in(text=text, substrings=needles)
        assert [bool(bits >> i & 1) for i in range(len(needles))] == [n in text for n in needles]


def test_substrings_in_refuses_markers_it_cannot_read():
    assert native.walks is not None
    for bad in (("x",), ("中文",), (b"ab",)):
        with pytest.raises(TypeError):
            native.walks.substrings_in(text="ab", substrings=bad)
    with pytest.raises(ValueError):
        native.walks.substrings_in(text="ab", substrings=tuple(f"m{i}" for i in range(65)))


def test_holds_answers_as_in_does_for_registered_and_other_markers():
    html = "<html><body><main><p>The story.</p></main><footer>f</footer></body></html>"
    doc = load_document(html.encode())
    for marker in (*registered(), "<body", "not here"):
        assert doc.holds(marker) == (marker in doc.html), marker


def test_a_marker_registered_after_the_first_ask_is_still_found():
    doc = load_document(b"<html><body><p>a late-marker here</p></body></html>")
    assert not doc.holds("<footer")
    source_markers("late-marker")
    assert doc.holds("late-marker")


def test_markers_are_ascii_of_two_characters():
    for bad in ("x", "中文"):
        with pytest.raises(ValueError):
            source_markers(bad)


@pytest.mark.slow
def test_holds_matches_in_on_dataset_pages():
    for page_id, doc in dataset_documents():
        for marker in registered():
            assert doc.holds(marker) == (marker in doc.html), (page_id, marker)


def test_every_literal_marker_asked_for_is_registered():
    # An unregistered marker is answered by a scan of its own: right, but the pass is meant
    # to read the source once.
    asked = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "holds"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                asked.add((path.name, node.args[0].value))
    assert asked, "no call of Document.holds found"
    for path in PACKAGE.rglob("*.py"):  # each module registers its markers when imported
        relative = path.relative_to(PACKAGE.parent.parent).with_suffix("")
        importlib.import_module(".".join(relative.parts).removesuffix(".__init__"))
    assert {marker for _, marker in asked} <= set(registered()), asked


@given(
    st.text(alphabet=st.sampled_from("ab<>=:中\U0001f600\x00 "), max_size=60),
    st.lists(
        st.text(alphabet=st.sampled_from("ab<>=: "), min_size=2, max_size=5),
        min_size=1,
        max_size=8,
    ),
)
def test_substrings_in_is_in_for_any_text_and_markers(text, markers):
    assert native.walks is not None
    bits = native.walks.substrings_in(text=text, substrings=tuple(markers))
    assert [bool(bits >> i & 1) for i in range(len(markers))] == [m in text for m in markers]
