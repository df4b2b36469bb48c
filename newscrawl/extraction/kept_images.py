"""End the span an article's images come from at the last text the finished article kept.

``auto``'s images come from its winner's span (the first to the last element of the region
the winner chose), but its finishing stages then drop what the region held after the
article: other stories' teaser cards, a related box, an author box, the comments. Their
thumbnails and avatars stood in the span and would be stored as the article's images.

An image that stands after the last text node of the page whose text the finished article
still holds belongs to what was cut: the span ends at the last image before that text.
The start stays: a lead image stands before the first paragraph, often with a caption the
stages dropped. A figure after the article's last line is lost with the cut; a teaser card
whose thumbnail precedes its title is not kept. A text node of fewer than
:data:`MIN_WORDS` words says nothing either way: a teaser's linked "this" or "here" stands
in any article's text, a phrase of a teaser hardly ever.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import IMAGE_TAGS
from newscrawl.extraction.text import word_count

Span = tuple[Element, Element]

# Words (text.word_count: Chinese characters count as 1/1.7 of a word) of a text node that
# tells whether the finished text kept it.
MIN_WORDS = 3


def span_to_last_kept_text(span: Span, text: str) -> Span | None:
    """``span`` (first and last element of a region) ended at its last image before the
    last text node whose words ``text`` holds; None when no image stands before it. The
    span as it was when ``text`` holds none of the span's text (another region's text) or
    no image follows that text node."""
    start, stop = span
    kept = " ".join(text.split())
    cut = False  # whether an image stands after the last kept text node
    pieces = pieces_backwards(start, stop)
    for piece in pieces:
        if isinstance(piece, str):
            if is_kept(piece, kept):
                break
        elif piece.tag in IMAGE_TAGS:
            cut = True
    else:
        return span
    if not cut:
        return span
    before = next((p for p in pieces if not isinstance(p, str) and p.tag in IMAGE_TAGS), None)
    return (start, before) if before is not None else None


def is_kept(piece: str, kept: str) -> bool:
    """Whether a text node of :data:`MIN_WORDS` words or more stands in the finished text
    (``kept``, whitespace collapsed)."""
    collapsed = " ".join(piece.split())
    return collapsed in kept and word_count(collapsed) >= MIN_WORDS


def pieces_backwards(start: Element, stop: Element) -> Iterator[Element | str]:
    """From the end of ``stop``'s subtree back to ``start``, in reverse document order:
    each element and each text node (an element's text, an element's tail). Read from the
    end, as the text the stages cut lies there: the walk ends at the last kept text."""
    node = stop
    for piece in subtree_backwards(stop):
        yield piece
        if piece is start:  # ``start`` inside ``stop`` (or ``stop`` itself): the span ends here
            return
    while (parent := node.getparent()) is not None:
        for sibling in node.itersiblings(preceding=True):
            if sibling.tail:
                yield sibling.tail
            for piece in subtree_backwards(sibling):
                yield piece
                if piece is start:
                    return
        if isinstance(parent.tag, str) and parent.text:
            yield parent.text
        yield parent
        if parent is start:
            return
        node = parent


def subtree_backwards(el: Element) -> Iterator[Element | str]:
    """``el``'s subtree (its own tail left out) in reverse document order, ``el`` last.
    A stack, not recursion: a page may nest deeper than Python's recursion limit."""
    stack: list[Element | str | tuple[Element]] = [el]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):  # an element whose children were all given
            (done,) = item
            if isinstance(done.tag, str) and done.text:
                yield done.text
            yield done
        elif isinstance(item, str):
            yield item
        else:
            stack.append((item,))
            for child in item:
                stack.append(child)
                if child.tail:
                    stack.append(child.tail)
