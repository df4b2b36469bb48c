"""A vote winner far below the headline gives way to two candidates that start at it.

The vote trusts its strongest method: on a non-Chinese page density has three ballots, so
its region wins unless the others agree on something containing it. On a short article in a
long template (a news brief) density's densest block can be a box after the article: the
author's bio, the publisher's "about us", a row of other stories, the copyright footer.
The other methods then agree with each other on the article and not at all with density,
and the vote still keeps density's box. The page's own layout tells the two apart: an
article begins at its headline, a box after it does not.

The rule acts only when all of this holds (:class:`HeadlineOptions`): the winner shares
almost nothing with two other voters (bag F1 under :attr:`~HeadlineOptions.disjoint`) that
agree with each other (at least :attr:`~HeadlineOptions.agreement`) and each hold at least
as many tokens as the winner (a larger winner is the page's mass, a listing under a short
intro, not a box below an article); both of them start
where the page's first ``<h1>`` ends, within :attr:`~HeadlineOptions.near_chars`
characters of it (or in the headline itself); and the winner starts after most of the
shorter one's text. The pair then votes alone. Positions are read in the body's text with
whitespace collapsed: where the first long line of each candidate stands, and where the
headline's text does. A page without an ``<h1>``, or a text not found, leaves the vote as
it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.text import bag_f1

# A candidate's first line of at least this many characters locates it in the page; shorter
# lines (a date, a label) recur too often to place it.
ANCHOR_LINE_CHARS = 30
# How much of that line is looked up: enough to be unique, short enough that the line's own
# inline markup does not change its spacing.
ANCHOR_PREFIX_CHARS = 60
# A candidate that includes the headline starts before its end: by up to this many
# characters it still starts "at" the headline (a kicker or a date line above it).
BEFORE_HEADLINE_CHARS = 200


@dataclass(frozen=True, slots=True)
class HeadlineOptions:
    """When a winner far below the headline gives way; ``agreement=None``: never."""

    # The two other voters agree with each other to at least this bag F1.
    agreement: float | None = 0.5
    # ... and each shares less than this bag F1 with the winner.
    disjoint: float = 0.3
    # ... and each starts within this many characters after the headline's end.
    near_chars: int = 1000


DEFAULT_OPTIONS = HeadlineOptions()
NO_HEADLINE_ANCHOR = HeadlineOptions(agreement=None)


class Voter(Protocol):
    """A vote candidate (``auto.Candidate``): its method, text and token bag."""

    @property
    def method(self) -> str: ...

    @property
    def bag(self) -> Counter[str]: ...

    @property
    def size(self) -> int: ...


V = TypeVar("V", bound=Voter)


def disjoint_pairs(winner: V, voters: Sequence[V], options: HeadlineOptions) -> list[tuple[V, V]]:
    """The pairs of other voters that agree with each other and not with ``winner``."""
    if options.agreement is None:
        return []
    apart = [
        voter
        for voter in voters
        if voter is not winner and bag_f1(voter.bag, winner.bag) < options.disjoint
    ]
    return [
        (first, second)
        for index, first in enumerate(apart)
        for second in apart[index + 1 :]
        if bag_f1(first.bag, second.bag) >= options.agreement
    ]


def collapsed(text: str) -> str:
    return " ".join(text.split())


def anchor_of(text: str) -> str | None:
    """The start of the first line of ``text`` long enough to place it in the page."""
    for line in text.split("\n"):
        line = collapsed(line)
        if len(line) >= ANCHOR_LINE_CHARS:
            return line[:ANCHOR_PREFIX_CHARS]
    return None


def headline_span(doc: Document, page: str) -> tuple[int, int] | None:
    """Where the text of the page's first non-empty ``<h1>`` stands in ``page`` (the body's
    collapsed text): its first occurrence; None without one."""
    body = doc.body
    if body is None:
        return None
    for heading in body.iter("h1"):
        title = collapsed(text_content(heading))
        if title:
            start = page.find(title)
            return (start, start + len(title)) if start >= 0 else None
    return None


def position(text: str, page: str) -> int | None:
    """Where ``text`` starts in ``page``; None when its first long line is not found."""
    anchor = anchor_of(text)
    if anchor is None:
        return None
    found = page.find(anchor)
    return found if found >= 0 else None


def starts_at_headline(start: int | None, headline: tuple[int, int], near: int) -> bool:
    return start is not None and headline[1] - BEFORE_HEADLINE_CHARS <= start <= headline[1] + near


def anchored_pair(
    winner: V,
    voters: Sequence[V],
    doc: Document,
    text_of: dict[str, str],
    options: HeadlineOptions,
) -> tuple[V, V] | None:
    """The first pair of voters (:func:`disjoint_pairs`) that starts at the headline while
    ``winner`` starts after most of its shorter member's text; None when there is none.
    ``text_of``: each voter's text by method."""
    pairs = disjoint_pairs(winner, voters, options)
    if not pairs:
        return None
    page = collapsed(doc.body_text())
    headline = headline_span(doc, page)
    if headline is None:
        return None
    winner_start = position(text_of[winner.method], page)
    if winner_start is None:
        return None
    for first, second in pairs:
        # A winner larger than the pair is the page's mass (a listing under a short
        # intro), not a box below an article.
        if winner.size > min(first.size, second.size):
            continue
        starts = [position(text_of[voter.method], page) for voter in (first, second)]
        if not all(starts_at_headline(start, headline, options.near_chars) for start in starts):
            continue
        shorter = min(len(collapsed(text_of[voter.method])) for voter in (first, second))
        if winner_start >= max(start or 0 for start in starts) + shorter / 2:
            return first, second
    return None
