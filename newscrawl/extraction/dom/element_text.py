"""The text of elements: as it stands, whitespace collapsed, one paragraph per line (in C
when the extension is built), the lines each node holds, and the length of link text."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import cast

from lxml import etree

from newscrawl.extraction.dom.tags import BLOCK_TAGS
from newscrawl.extraction.native import c_tags, walks

_BLOCK_TAG_BYTES = c_tags(BLOCK_TAGS)
_SPACES = re.compile(r"[ \t\r\f\v\u00a0\u3000\u200b\ufeff]+")


def normalize_space(text: str) -> str:
    """Collapse runs of horizontal whitespace to one space; trim."""
    return _SPACES.sub(" ", text).strip()


def text_content(el: etree._Element) -> str:
    """All text under ``el`` (not its tail), as it stands."""
    if len(el) == 0:
        # A leaf's text is its .text: most links and paragraphs are leaves, and reading it
        # skips the serializer's setup (a third of link_texts' time on the speed pages).
        return el.text or ""
    return cast(str, etree.tostring(el, method="text", encoding="unicode", with_tail=False))


def node_text(el: etree._Element) -> str:
    """All text under ``el`` (not its tail), whitespace collapsed."""
    return normalize_space(" ".join(el.itertext()))


def paragraph_text(el: etree._Element, exclude: Collection[etree._Element] = ()) -> str:
    """Text under ``el`` with one paragraph per line: in C when the extension is built, else
    :func:`paragraph_text_in_python` (the reference; tests/extraction/test_walks_c.py holds
    the two equal on dataset pages)."""
    if walks is None:
        return paragraph_text_in_python(el, exclude)
    return walks.paragraph_text(element=el, exclude=tuple(exclude), block_tags=_BLOCK_TAG_BYTES)


def paragraph_text_in_python(el: etree._Element, exclude: Collection[etree._Element] = ()) -> str:
    """:func:`paragraph_text` in Python: the reference the C walk (_walks.c) follows.

    Block elements and ``<br>`` (already turned into newlines by :func:`clean_tree`) end a
    line; inline elements join their neighbours. Blank lines are dropped. Elements in
    ``exclude`` (noise a method found inside its content node) are skipped, their tails kept.
    """
    parts: list[str] = []
    # Comments and PIs (left only on uncleaned trees) come as one event each, with a tail.
    walker = etree.iterwalk(el, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        tag = node.tag
        if not isinstance(tag, str):
            if node.tail:
                parts.append(node.tail)
            continue
        if event == "start":
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if exclude and node is not el and node in exclude:
                walker.skip_subtree()
                continue
            if node.text:
                parts.append(node.text)
        else:
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if node is not el and node.tail:
                parts.append(node.tail)
    return join_lines("".join(parts).split("\n"))


def subtree_lines(el: etree._Element) -> tuple[str, Sequence[int]]:
    """:func:`paragraph_text` of ``el`` and, for every node under it in document order
    (``el.iter()``'s, ``el`` left out), four numbers: the first line of that text the node
    holds, the line after its last, 1 when no other content shares its first or last line
    (else 0), and how many nodes lie under it. In C when the extension is built, else
    :func:`subtree_lines_in_python` (the reference)."""
    if walks is None:
        return subtree_lines_in_python(el)
    text, numbers = walks.subtree_lines(element=el, block_tags=_BLOCK_TAG_BYTES)
    return text, memoryview(numbers).cast("i")


def subtree_lines_in_python(el: etree._Element) -> tuple[str, list[int]]:
    """:func:`subtree_lines` in Python: :func:`paragraph_text_in_python`'s walk, marking
    where in the raw text each node starts (after a block's opening newline) and ends
    (after its closing one), then which lines of the collapsed text those places fall in."""
    parts: list[str] = []
    size = 0
    marks: list[tuple[int, int, bool]] = []  # (raw offset, node number, is its end)
    numbers: dict[etree._Element, int] = {}  # the proxies stay alive in the dict
    under: list[int] = []

    def add(piece: str) -> None:
        nonlocal size
        parts.append(piece)
        size += len(piece)

    for event, node in etree.iterwalk(el, events=("start", "end", "comment", "pi")):
        tag = node.tag
        if not isinstance(tag, str):
            marks += [(size, len(under), False), (size, len(under), True)]
            under.append(0)
            if node.tail:
                add(node.tail)
            continue
        if tag in BLOCK_TAGS:
            add("\n")
        if node is el:
            if event == "start" and node.text:
                add(node.text)
            continue
        if event == "start":
            numbers[node] = len(under)
            marks.append((size, len(under), False))
            under.append(0)
            if node.text:
                add(node.text)
        else:
            number = numbers[node]
            marks.append((size, number, True))
            under[number] = len(under) - number - 1
            if node.tail:
                add(node.tail)
    raw = "".join(parts)
    done_at, open_at = _lines_at(raw, [offset for offset, _, _ in marks])
    spans = [0] * (4 * len(under))
    starts: dict[int, int] = {}
    for index, (_, number, is_end) in enumerate(marks):
        if not is_end:
            starts[number] = index
            continue
        start = starts[number]
        spans[4 * number : 4 * number + 4] = [
            done_at[start],
            done_at[index] + open_at[index],
            int(not (open_at[start] or open_at[index])),
            under[number],
        ]
    return join_lines(raw.split("\n")), spans


def _lines_at(raw: str, offsets: list[int]) -> tuple[list[int], list[int]]:
    """For each offset of ``raw`` (ascending): the lines :func:`join_lines` has completed
    there, and 1 when the line then open already holds text (else 0)."""
    done_at: list[int] = []
    open_at: list[int] = []
    done = line_has_text = 0
    k = 0
    for pos, char in enumerate(raw):
        while k < len(offsets) and offsets[k] <= pos:
            done_at.append(done)
            open_at.append(line_has_text)
            k += 1
        if char == "\n":
            done += line_has_text
            line_has_text = 0
        elif not (char.isspace() or char in "\u200b\ufeff"):
            line_has_text = 1
    for _ in range(k, len(offsets)):
        done_at.append(done)
        open_at.append(line_has_text)
    return done_at, open_at


def join_lines(lines: Iterable[str]) -> str:
    """Normalise each line, drop empty ones, join with newlines."""
    kept: list[str] = []
    for line in lines:
        # str.split() (C, no regex) is normalize_space for text without newlines, except
        # for the zero-width characters it does not count as space.
        if "\u200b" in line or "\ufeff" in line:
            line = line.replace("\u200b", " ").replace("\ufeff", " ")
        line = " ".join(line.split())
        if line:
            kept.append(line)
    return "\n".join(kept)


def link_text_length(el: etree._Element) -> int:
    """Characters of text inside ``<a>`` elements under (or being) ``el``, whitespace excluded."""
    total = 0
    anchors = [el] if el.tag == "a" else el.iterdescendants("a")
    for a in anchors:
        total += sum(len(t) - t.count(" ") for t in a.itertext())
    return total
