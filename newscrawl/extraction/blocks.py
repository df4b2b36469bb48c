"""Text-block segmentation shared by jusText and boilerpipe (docs/algorithms.md A.5 step 1, A.6).

A new block starts at every start and end of a block-level element; inline elements (links,
spans, emphasis) join their neighbours. Each block remembers how much of its text sits in
links, whether it lies under a heading, its nesting level and the element that holds it.
The walk is iterative (no recursion limit) and read-only: the tree is never modified.
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree
from lxml.etree import _Element as Element

from .dom import BLOCK_TAGS, HEADING_TAGS
from .native import c_tags, walks
from .text import word_count

# Block-level tags: the shared list of dom.BLOCK_TAGS plus the form/table parts jusText
# treats as paragraph breaks (docs/algorithms.md A.5 step 1).
SEGMENT_TAGS = BLOCK_TAGS | {"col", "colgroup", "optgroup", "option"}


class Block(NamedTuple):
    """One paragraph of text as it appears on the page.

    ``link_text`` is the part of ``text`` inside ``<a>``; ``level`` is the number of open
    block elements around it; ``element`` is the innermost of those (for content HTML).
    A named tuple: a page has hundreds of blocks, and a frozen dataclass is several times
    slower to build.
    """

    text: str
    link_text: str
    heading: bool
    level: int
    element: Element
    position: int  # in the page's list of blocks

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


def _flat(parts: list[str]) -> str:
    """Parts joined as they stand (an inline element's edge is no word's edge: a drop cap's
    "<span>T</span>he", "<a>li</a>nked") and whitespace-collapsed (newlines, from the
    source or from ``<br>``, are spaces here). str.split is dom.normalize_space without a
    regex, bar the zero-widths."""
    text = "".join(parts)
    if "\u200b" in text or "\ufeff" in text:
        text = text.replace("\u200b", " ").replace("\ufeff", " ")
    return " ".join(text.split())


# The tag sets as the C walk takes them.
_SEGMENT_TAGS_C = c_tags(SEGMENT_TAGS)
_HEADING_TAGS_C = c_tags(HEADING_TAGS)


def segment(root: Element) -> list[Block]:
    """Blocks of the ``<body>`` of a cleaned tree (or of ``root`` itself), in document order:
    the C walk when it is built, else :func:`segment_in_python` (the reference;
    tests/extraction/test_walks_c.py holds the two equal on every dataset page)."""
    if walks is None:
        return segment_in_python(root)
    body = root.find("body")
    rows = walks.segment_blocks(
        start=body if body is not None else root,
        segment_tags=_SEGMENT_TAGS_C,
        heading_tags=_HEADING_TAGS_C,
    )
    return list(map(Block._make, rows))


def segment_in_python(root: Element) -> list[Block]:
    """:func:`segment` in Python: the reference the C walk (_walks.c) follows.

    One pass of start/end events: a segment tag (or the start) closes the inline text
    gathered so far into a block of the innermost open segment; ``<a>`` and heading depths
    say which of that text is link text and whether the block is a heading.
    """
    body = root.find("body")
    start = body if body is not None else root
    blocks: list[Block] = []
    parts: list[str] = []  # inline text since the last block boundary
    link_parts: list[str] = []  # the part of it inside <a>
    open_blocks: list[Element] = []
    headings = links = 0
    link_gap = False  # text outside links came after the block's last link text

    def flush() -> None:
        nonlocal link_gap
        text = _flat(parts)
        if text and open_blocks:
            blocks.append(
                Block(
                    text,
                    _flat(link_parts) if link_parts else "",
                    headings > 0,
                    len(open_blocks),
                    open_blocks[-1],
                    len(blocks),
                )
            )
        parts.clear()
        link_parts.clear()
        link_gap = False

    # Comments and PIs (left only on uncleaned trees) come as one event each, with a tail.
    for event, node in etree.iterwalk(start, events=("start", "end", "comment", "pi")):
        tag = node.tag
        if not isinstance(tag, str):
            text = node.tail
        elif event == "start":
            if tag in SEGMENT_TAGS or node is start:
                if parts:
                    flush()
                open_blocks.append(node)
            elif tag == "a":
                links += 1
            if tag in HEADING_TAGS:
                headings += 1
            text = node.text
        else:
            if tag in SEGMENT_TAGS or node is start:
                if parts:
                    flush()
                open_blocks.pop()
            elif tag == "a":
                links -= 1
            if tag in HEADING_TAGS:
                headings -= 1
            text = node.tail if node is not start else None
        if text:
            parts.append(text)
            if not links:
                link_gap = True
            else:
                # Two links' texts with text between them stay two words ("Home World").
                if link_gap and link_parts:
                    link_parts.append(" ")
                link_parts.append(text)
                link_gap = False
    if parts:
        flush()
    return blocks


def blocks_text(blocks: list[Block]) -> str:
    """One block per line."""
    return "\n".join(block.text for block in blocks)
