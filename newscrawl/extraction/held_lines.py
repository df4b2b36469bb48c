"""Which lines of a chosen text only certain elements of the page hold.

The line filters that read the page's own markup (its frame footer, its figure captions)
ask one question: which lines of the finished text stand, word for word, in those elements
and nowhere the page's other text would put them. Lines are compared by the eval's tokens
(a quote or a dash one side dropped does not matter), at word boundaries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import text_content
from newscrawl.extraction.text import tokens

# Bounds on the work per page: a page frame's footer or its captions hold a few thousand
# characters (at most 34,000 on the dataset pages), a text a few hundred lines (2,295), and a
# handful of its lines may be theirs; a page far past these is hostile and left as it is.
MAX_HELD_CHARS = 200_000
MAX_LINES = 10_000
MAX_CANDIDATES = 1_000


def drop_held_lines(
    text: str,
    holders: Sequence[Element],
    held_elsewhere: Callable[[str, str], bool],
    max_drop_share: float,
    min_line_chars: int,
) -> str:
    """``text`` without the lines whose words ``holders`` hold and ``held_elsewhere(line
    words, holders' words)`` says the rest of the page does not; kept whole when those lines
    are more than ``max_drop_share`` of its characters (the markup then says nothing about
    what is the article). Lines of fewer than ``min_line_chars`` word characters stay."""
    if not holders:
        return text
    held_text = " ".join(text_content(holder) for holder in holders)
    lines = text.split("\n")
    if len(held_text) > MAX_HELD_CHARS or len(lines) > MAX_LINES:
        return text  # no page's frame or captions are this large: a hostile page
    held_tokens = tokens(held_text)
    vocabulary = frozenset(held_tokens)
    # The last token first (a set lookup): most lines share not even that with the holders,
    # and a substring search per line would cost as much as the rest of this.
    maybe = [index for index, line in enumerate(lines) if _last_token_in(line, vocabulary)]
    if not maybe or len(maybe) > MAX_CANDIDATES:
        return text
    held = " " + " ".join(held_tokens) + " "
    found = {index: words_of(lines[index]) for index in maybe}
    dropped = {
        index
        for index, line in found.items()
        # words_of pads with a space at each end
        if len(line) >= min_line_chars + 2 and line in held and not held_elsewhere(line, held)
    }
    removed = sum(len(lines[index]) for index in dropped)
    if not dropped or removed > max_drop_share * sum(len(line) for line in lines):
        return text
    return "\n".join(line for index, line in enumerate(lines) if index not in dropped)


def more_often_elsewhere(root: Element) -> Callable[[str, str], bool]:
    """A ``held_elsewhere`` test for :func:`drop_held_lines`: whether the page under ``root``
    holds a line more often than the holders do (a line they repeat from the article stays).
    The page's words are read on the first question only."""

    @cache
    def page_words() -> str:
        return words_of(text_content(root))

    def held_elsewhere(line: str, held: str) -> bool:
        return page_words().count(line) > held.count(line)

    return held_elsewhere


def words_of(text: str) -> str:
    """``text``'s tokens, space-separated and space-bounded, so that one text's words are
    found in another's at word boundaries."""
    return " " + " ".join(tokens(text)) + " "


def inside(el: Element, tags: tuple[str, ...]) -> bool:
    """Whether an ancestor of ``el`` has one of ``tags``."""
    return any(ancestor.tag in tags for ancestor in el.iterancestors())


def _last_token_in(line: str, vocabulary: frozenset[str]) -> bool:
    """Whether the last token of ``line`` is one of ``vocabulary`` (a line every token of
    which the holders hold passes)."""
    found = tokens(line.rstrip().rpartition(" ")[2])
    return bool(found) and found[-1] in vocabulary
