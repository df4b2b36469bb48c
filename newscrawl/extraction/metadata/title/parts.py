"""A title's parts at its site separators ("Headline - Channel | Site"), and the leading runs
of parts a headline that holds a separator is read from."""

from __future__ import annotations

import re

from newscrawl.extraction.dom import normalize_space
from newscrawl.extraction.text import tokens

# Longer texts are paragraphs that happen to sit in a heading tag. 60 tokens is ~3x the
# longest headline in wcxb_dev; raising it to 100 changed nothing.
MAX_TITLE_TOKENS = 60

# Site separators inside <title>/anchors. A hyphen only separates when spaced or next to a
# CJK character ("Long-Distance" and "Mate20X" stay whole).
# An underscore likewise ("rustc_codegen_gcc" is one name; "标题_网易新闻" has a site suffix).
SEPARATOR = re.compile(
    r"\s+[-–—|·•»:_]{1,3}\s+|\s*\|{1,3}\s*|\s*-{2,}\s*|\s*[–—]{1,2}\s*"
    r"|(?<=[\u4e00-\u9fff])[-_]+|(?<!_)[-_]+(?=[\u4e00-\u9fff])"
)


def split_title(title: str) -> list[str]:
    """Parts of a ``<title>`` split on site separators, empty parts dropped."""
    return [part for part in (normalize_space(p) for p in SEPARATOR.split(title or "")) if part]


def join_leading(title: str, n_parts: int) -> str:
    """The text of ``title`` up to the end of its ``n_parts``-th part, separators kept."""
    matches = list(SEPARATOR.finditer(title))
    if len(matches) < n_parts:
        return title
    return title[: matches[n_parts - 1].start()]


def leading_joins(title: str, n_parts: int, first: int = 2) -> list[str]:
    """``join_leading(title, end)`` for ``end`` from ``first`` to ``n_parts - 1``, in one scan.

    Stops at the first join longer than MAX_TITLE_TOKENS tokens: no headline is that long
    (as candidates they are dropped), and building them all made a title of N parts cost
    O(N^2) (an unclosed ``<title>`` holds the rest of the page).
    """
    joins: list[str] = []
    n_tokens = 0
    part_start = 0
    for end, separator in enumerate(SEPARATOR.finditer(title), start=1):
        if end >= n_parts:
            break
        # Separators hold no token characters, so a join's tokens are its parts' tokens.
        n_tokens += len(tokens(title[part_start : separator.start()], normalize=True))
        part_start = separator.end()
        if n_tokens > MAX_TITLE_TOKENS:
            break
        if end >= first:
            joins.append(title[: separator.start()])
    return joins
