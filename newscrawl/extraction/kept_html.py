"""The HTML of a finished article: its region's markup for the lines its text kept.

``auto`` finishes its winner's text: it drops lines (a related box, a byline, the comments)
and adds others (the lead above the region, the other parts of a split story). The winner's
nodes then no longer describe the content, and an HTML built from the text alone has no
links, emphasis, lists or pictures. Here the region is walked in document order and each
piece of it is matched to the text's next lines: a piece whose lines are exactly the next
ones is kept whole (its markup, links and inline pictures), a piece holding some of them is
opened into its children, a piece holding none is left out. A line no piece gives (added
from elsewhere, or rewritten by a stage) becomes a plain paragraph where it stands, so the
HTML always reads as the text, line for line. A discussion thread's region is its posts
(:func:`thread.thread_parts`), so its HTML holds every post.

A picture standing alone (a ``<figure>`` without kept text, an image between paragraphs)
is kept when kept text follows it in the region: after the last kept line it belongs to
what the stages cut (teaser thumbnails, avatars), as in :mod:`kept_images`. A left-out
piece gives its pictures the same way unless it holds a link (a teaser card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import (
    BLOCK_TAGS,
    IMAGE_TAGS,
    paragraph_text,
    sanitize,
    sanitized_html,
    subtree_lines,
    text_to_html,
    xml_safe,
)
from newscrawl.extraction.types import ContentResult


def content_html(result: ContentResult, base_url: str | None = None) -> str:
    """A method's content as sanitised HTML that reads as its text, line for line: from its
    nodes, else from the region its finished text came from (``auto``), else one paragraph
    a line (text-only methods)."""
    if result.nodes:
        return kept_html(result.nodes, result.text, base_url)
    if result.region_nodes:
        return kept_html(result.region_nodes, result.text, base_url, changed=True)
    return text_to_html(result.text)


def kept_html(
    nodes: Sequence[Element], text: str, base_url: str | None = None, changed: bool = False
) -> str:
    """Sanitised HTML of ``text`` (one paragraph per line) from the markup of ``nodes``
    (elements of a loaded document: :func:`dom.clean_tree` left no junk in them);
    ``changed``: the text is known to differ from the nodes' (lines were dropped or added),
    so no node is tried whole."""
    if not changed and "\n".join(filter(None, map(paragraph_text, nodes))) == text:
        return sanitized_html(nodes, base_url)  # the nodes are the text: no matching
    try:
        return _placed_html(nodes, text, base_url, changed)
    except RecursionError:  # a region nested deeper than the walk's recursion: text only
        return text_to_html(text)


def _placed_html(nodes: Sequence[Element], text: str, base_url: str | None, changed: bool) -> str:
    lines = text.split("\n") if text else []
    matcher = _Matcher(lines)
    for node in nodes:
        # One walk of the region tells which lines each node under it holds: a walk for
        # each node opened cost a share of the whole extraction.
        region_text, spans = subtree_lines(node)
        region = _Region(region_text.split("\n") if region_text else [], spans)
        if changed and len(node):
            matcher.open(node, region, -1)  # its lines are known not to be the text's
        else:
            matcher.walk(node, region.lines, region, -1)
    matcher.place_text(len(lines))
    # One holder for every piece: sanitising is one pass of libxml2 calls, not one a piece.
    holder = etree.Element("div")
    for piece in matcher.out:
        if isinstance(piece, str):
            etree.SubElement(holder, "p").text = xml_safe(piece)
        elif isinstance(piece, _Run):
            holder.append(piece.paragraph())
        else:
            copy = piece.__copy__()  # lxml copies the subtree; copy.deepcopy's dispatch costs more
            copy.tail = None
            holder.append(copy)
    sanitize(holder, base_url, cleaned=True)  # the pieces come from the loaded document
    if len(holder) == 0:
        return ""
    for child in holder:  # one piece a line, as sanitized_html joins its nodes
        child.tail = "\n"
    holder[-1].tail = None
    html = cast(str, etree.tostring(holder, method="html", encoding="unicode"))
    return html[len("<div>") : -len("</div>")]


@dataclass
class _Run:
    """Inline content between two block children: text pieces and inline elements."""

    leading: str | None
    inline: list[Element]

    def pictures(self) -> list[Element]:
        return [picture for el in self.inline for picture in _pictures(el)]

    def has_link(self) -> bool:
        return any(_has_link(el) for el in self.inline)

    def paragraph(self) -> Element:
        """A ``<p>`` holding copies of the run's inline content (their tails included)."""
        holder = etree.Element("p")
        # A text libxml2 kept may hold characters lxml refuses to set (U+FFFE).
        holder.text = xml_safe(self.leading) if self.leading else self.leading
        for el in self.inline:
            holder.append(el.__copy__())  # with its tail: the run's text after it
        return holder


@dataclass(slots=True)
class _Region:
    """A region's lines and :func:`subtree_lines`' numbers for the nodes under it."""

    lines: list[str]
    spans: Sequence[int]


@dataclass
class _Matcher:
    """Places the region's pieces on the text's lines, in order."""

    lines: list[str]
    placed: int = 0  # lines[:placed] are in ``out``
    out: list[Element | _Run | str] = field(default_factory=list)
    pictures: list[Element] = field(default_factory=list)  # waiting for kept text after them
    last: dict[str, int] = field(init=False)  # a line's last place in the text

    def __post_init__(self) -> None:
        self.last = {line: at for at, line in enumerate(self.lines)}

    def ahead(self, line: str) -> bool:
        """Whether the text holds ``line`` at or after the next place."""
        return self.last.get(line, -1) >= self.placed

    def walk(self, node: Element, piece_lines: list[str], region: _Region, number: int) -> None:
        """Place ``node`` (node ``number`` of ``region``, -1 for the region's own node),
        whose lines are ``piece_lines``, or what of it the text holds."""
        if not piece_lines:
            if _has_picture(node):
                self.pictures.append(node)
            return
        if self.place(piece_lines, node):
            return
        if len(node) and any(self.ahead(line) for line in piece_lines):
            self.open(node, region, number)
        elif not _has_link(node):
            self.pictures.extend(_pictures(node))

    def open(self, node: Element, region: _Region, number: int) -> None:
        """Place ``node``'s pieces one by one: each block child that has lines of its own,
        and the inline runs between them (pictures among them)."""
        lines, spans = region.lines, region.spans
        run = _Run(node.text, [])
        run_first = 0 if number < 0 else spans[4 * number]
        child_number = number + 1
        for child in node:
            at = 4 * child_number
            first, stop, clean, under = spans[at], spans[at + 1], spans[at + 2], spans[at + 3]
            if clean and _is_block(child):
                self.place_run(run, lines[run_first:first])
                self.walk(child, lines[first:stop], region, child_number)
                run = _Run(child.tail, [])
                run_first = stop
            else:  # inline, or a comment (its tail is text)
                run.inline.append(child)
            child_number += 1 + under
        run_stop = len(lines) if number < 0 else spans[4 * number + 1]
        self.place_run(run, lines[run_first:run_stop])

    def place_run(self, run: _Run, run_lines: list[str]) -> None:
        if not run_lines or (not self.place(run_lines, run) and not run.has_link()):
            self.pictures.extend(run.pictures())

    def place(self, piece_lines: list[str], piece: Element | _Run) -> bool:
        """Put ``piece`` at the first place from here where the text holds its lines in a
        row; the lines before that place become plain paragraphs."""
        at = self.find(piece_lines)
        if at is None:
            return False
        self.place_text(at)
        if self.pictures:
            self.out.extend(self.pictures)
            self.pictures.clear()
        self.out.append(piece)
        self.placed = at + len(piece_lines)
        return True

    def find(self, piece_lines: list[str]) -> int | None:
        at, count = self.placed, len(piece_lines)
        if self.lines[at : at + count] == piece_lines:  # the common case: the next lines
            return at
        if not all(self.ahead(line) for line in piece_lines):
            return None
        first = piece_lines[0]
        while True:
            try:
                at = self.lines.index(first, at)
            except ValueError:
                return None
            if self.lines[at : at + count] == piece_lines:
                return at
            at += 1

    def place_text(self, stop: int) -> None:
        """The lines from the last placed one up to ``stop`` as plain paragraphs."""
        if stop > self.placed:
            self.out.extend(self.lines[self.placed : stop])
            self.placed = stop


def _is_block(el: Element) -> bool:
    """A block element, or an inline one holding a block (``<a><div>...</div></a>``)."""
    tag = el.tag
    return isinstance(tag, str) and (tag in BLOCK_TAGS or (len(el) > 0 and _holds_block(el)))


def _holds_block(el: Element) -> bool:
    return any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS for d in el.iterdescendants())


def _has_picture(el: Element) -> bool:
    return next(el.iter(*IMAGE_TAGS), None) is not None


def _has_link(el: Element) -> bool:
    return next(el.iter("a"), None) is not None


def _pictures(el: Element) -> list[Element]:
    return list(el.iter(*IMAGE_TAGS))
