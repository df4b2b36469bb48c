"""Document.visible_start: the start of the body text in visible characters, read in growing
prefixes, equals collapsing the whole scan bound at once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from newscrawl.extraction import load_document
from newscrawl.extraction.document import VISIBLE_SCAN, Document
from tests.property import examples


def reference(doc: Document, chars: int) -> str:
    return " ".join(doc.body_text()[: VISIBLE_SCAN * chars].split())[:chars]


def page(pieces: list[str]) -> str:
    return "<html><body>" + "".join(f"<p>{piece}</p>" for piece in pieces) + "</body></html>"


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(
        st.one_of(st.text("ab 字", max_size=40), st.just(" " * 500), st.just("\n\t " * 90)),
        max_size=60,
    ),
    st.sampled_from([5, 50, 400]),
)
def test_growing_prefixes_give_the_bound_s_text(pieces, chars):
    doc = load_document(page(pieces))
    assert doc.visible_start(chars) == reference(doc, chars)


def test_indentation_does_not_use_up_the_window():
    doc = load_document(page([" " * 5000, "来源：新京报"]))
    assert doc.visible_start(1000).endswith("来源：新京报")
    assert doc.visible_start(1000) is doc.visible_start(1000)  # computed once
