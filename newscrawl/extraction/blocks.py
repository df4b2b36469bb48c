"""Text-block segmentation shared by jusText and boilerpipe (spec C2 step 2, C3 "text blocks").

A new block starts at every start and end of a block-level element; inline elements (links,
spans, emphasis) join their neighbours. Each block remembers how much of its text sits in
links, whether it lies under a heading, its nesting level and the element that holds it.
The walk is iterative (no recursion limit) and read-only: the tree is never modified.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree
from lxml.etree import _Element as Element

from .dom import HEADING_TAGS, normalize_space
from .tokens import word_count

# Block-level tags: the shared list of dom.BLOCK_TAGS plus the form/table parts jusText
# treats as paragraph breaks (spec C2 step 2).
SEGMENT_TAGS = frozenset(
    {"address", "article", "aside", "blockquote", "body", "caption", "center", "col",
     "colgroup", "dd", "details", "dialog", "div", "dl", "dt", "fieldset", "figcaption",
     "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html",
     "legend", "li", "main", "nav", "ol", "optgroup", "option", "p", "pre", "section",
     "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"}
)


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph of text as it appears on the page.

    ``link_text`` is the part of ``text`` inside ``<a>``; ``level`` is the number of open
    block elements around it; ``element`` is the innermost of those (for content HTML).
    """

    text: str
    link_text: str
    heading: bool
    level: int
    element: Element
    index: int

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def link_chars(self) -> int:
        return len(self.link_text.replace(" ", ""))

    @property
    def link_density(self) -> float:
        chars = len(self.text.replace(" ", ""))
        return self.link_chars / chars if chars else 0.0

    @property
    def words(self) -> int:
        return word_count(self.text)

    @property
    def linked_words(self) -> int:
        return word_count(self.link_text) if self.link_text else 0


class _Builder:
    """Accumulates inline text until the next block boundary."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.parts: list[str] = []
        self.link_parts: list[str] = []
        self.open_blocks: list[Element] = []
        self.headings = 0

    def add(self, text: str | None, in_link: bool) -> None:
        if text:
            self.parts.append(text)
            if in_link:
                self.link_parts.append(text)

    def flush(self) -> None:
        if not self.parts:
            return
        # Source newlines (and <br>, which clean_tree turned into newlines) are spaces here.
        text = normalize_space(" ".join(self.parts).replace("\n", " "))
        if text and self.open_blocks:
            link_text = normalize_space(" ".join(self.link_parts).replace("\n", " "))
            self.blocks.append(Block(text, link_text, self.headings > 0,
                                     len(self.open_blocks), self.open_blocks[-1],
                                     len(self.blocks)))
        self.parts = []
        self.link_parts = []


def segment(root: Element) -> list[Block]:
    """Blocks of the ``<body>`` of a cleaned tree (or of ``root`` itself), in document order."""
    body = root.find("body")
    start = body if body is not None else root
    builder = _Builder()
    links = 0
    for event, node in etree.iterwalk(start, events=("start", "end")):
        tag = node.tag
        if not isinstance(tag, str):  # comments were cleaned already; tolerate leftovers
            if event == "end" and node is not start:
                builder.add(node.tail, links > 0)
            continue
        is_block = tag in SEGMENT_TAGS or node is start
        if event == "start":
            if is_block:
                builder.flush()
                builder.open_blocks.append(node)
            if tag in HEADING_TAGS:
                builder.headings += 1
            if tag == "a":
                links += 1
            builder.add(node.text, links > 0)
            continue
        if is_block:
            builder.flush()
            builder.open_blocks.pop()
        if tag in HEADING_TAGS:
            builder.headings -= 1
        if tag == "a":
            links -= 1
        if node is not start:
            builder.add(node.tail, links > 0)
    builder.flush()
    return builder.blocks


def blocks_text(blocks: list[Block]) -> str:
    """One block per line."""
    return "\n".join(block.text for block in blocks)

