"""Drop the lines a winner read from the page's source that the cleaned page does not show.

CX reads the HTML source, not the cleaned tree: what the document's stages took away before
any method read the page (a consent manager's panel, a comment section, a box of other
stories, teaser cards, posts embedded from social networks) comes back in its lines when it
wins. A line of such a winner stays when its word characters stand, in order, among the
cleaned body's (spacing, punctuation, entities and tags aside: CX joins the text of adjacent
tags and writes an entity as a space); the others go. A short line's characters stand
anywhere by chance, so lines of fewer than ``min_line_chars`` word characters are not
tested. When the lines to drop would be more than ``max_drop_share`` of the text, it is
kept whole: the cleaned page and the source then disagree about more than furniture.
"""

from __future__ import annotations

import re

from newscrawl.extraction.document import Document

# Methods whose text comes from the page's source rather than the cleaned tree.
SOURCE_METHODS = frozenset({"cx"})
# Word characters only: what the source and the cleaned tree write alike.
_NON_WORD = re.compile(r"[\W_]+")


def drop_unshown_lines(text: str, doc: Document, max_drop_share: float, min_line_chars: int) -> str:
    """``text`` without its lines whose word characters the cleaned ``<body>`` does not
    hold (see the module's doc)."""
    lines = text.split("\n")
    keys = [_NON_WORD.sub("", line) for line in lines]
    tested = [index for index, key in enumerate(keys) if len(key) >= min_line_chars]
    if not tested:
        return text
    shown = _NON_WORD.sub("", doc.body_text())
    dropped = {index for index in tested if keys[index] not in shown}
    if not dropped:
        return text
    removed = sum(len(lines[index]) for index in dropped)
    if removed > max_drop_share * len(text):
        return text
    return "\n".join(line for index, line in enumerate(lines) if index not in dropped)
