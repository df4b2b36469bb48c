"""The author box: the writer's portrait and bio that themes print beside or under a post.

A bio is a paragraph of prose ("Sara Harberson is the founder of ...", "I'm Philip, a
certified personal trainer ..."), often longer than each paragraph of a short article, so
the density and block methods may take it for the content, and a region that reaches past
the article's end keeps it. Themes name the box for what it is: "author-box",
"author-bio", "about-author", "elementor-author-box", "rkv-author-box__description". A
candidate whose text the page's author boxes hold is the box, not the article
(:func:`author_box_bag`, read by the vote), and the finished text drops the boxes' lines
(:func:`without_author_box_lines`).
"""

from __future__ import annotations

import re
from collections import Counter

from lxml.etree import _Element as Element

from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.dom import paragraph_text, text_content
from newscrawl.extraction.native import walks
from newscrawl.extraction.text import token_counts

# A class or id naming an author's box: "author" joined to a box's word, or "about (the)
# author"; "author" alone also marks a byline's name link, which is no box.
AUTHOR_BOX = re.compile(
    r"author[-_]?(?:box|bio|info|card|profile|details|about|wrap(?:per)?|block|section|"
    r"description|desc)(?![a-z0-9])|about[-_]?(?:the[-_]?)?author",
    re.IGNORECASE,
)
_PARTS = ((b"class", b"uthor"), (b"id", b"uthor"))
# In the source at all ("author", "Author"): most pages' boxes are looked for no further.
source_markers("uthor")
_NAMES = ("class", "id")


def author_boxes(doc: Document) -> list[Element]:
    """:func:`find_author_boxes`, found once per page (the vote and the finishing stages both
    ask)."""
    return doc.derived("author_boxes", lambda: find_author_boxes(doc))


def find_author_boxes(doc: Document) -> list[Element]:
    """The outermost elements of the page's ``<body>`` whose class or id names an author
    box. One holding a headline (``<h1>``) is no box, whatever its class says: a site
    builder names the ``<body>`` itself, or a page's wrapper, for its settings
    ("tweak-blog-item-show-author-profile")."""
    body = doc.body
    if body is None or not doc.holds("uthor"):
        return []
    if walks is not None:
        named = walks.elements_with(root=body, attribute_substrings=_PARTS)
    else:
        named = [
            el
            for el in body.iter()
            if isinstance(el.tag, str) and any("uthor" in (el.get(n) or "") for n in _NAMES)
        ]
    boxes = [el for el in named if any(AUTHOR_BOX.search(el.get(n) or "") for n in _NAMES)]
    inside = set(boxes)
    outermost = [el for el in boxes if not any(a in inside for a in el.iterancestors())]
    return [el for el in outermost if next(el.iter("h1"), None) is None]


def author_box_bag(doc: Document) -> Counter[str]:
    """The tokens of the page's author boxes (empty when it has none), counted once per
    page: the vote asks for every candidate."""

    def count() -> Counter[str]:
        bag: Counter[str] = Counter()
        for box in author_boxes(doc):
            bag.update(token_counts(text_content(box)))
        return bag

    return doc.derived("author_box_bag", count)


def without_author_box_lines(text: str, doc: Document) -> str:
    """``text`` without the lines that are a line of one of the page's author boxes (the
    writer's name over the box, the bio), whitespace ignored; as it was when no other line
    would stay."""
    box_lines = {
        " ".join(line.split())
        for box in author_boxes(doc)
        for line in paragraph_text(box).split("\n")
    }
    box_lines.discard("")
    if not box_lines:
        return text
    kept = [line for line in text.split("\n") if " ".join(line.split()) not in box_lines]
    return "\n".join(kept) if any(line.strip() for line in kept) else text
