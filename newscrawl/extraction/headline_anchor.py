"""A vote winner the page's headline does not begin gives way to two candidates it begins.

The vote trusts its strongest method: on a non-Chinese page density has three ballots, so
its region wins unless the others agree on something containing it. On a short article in a
long template (a news brief) density's densest block can be a box after the article (the
author's bio, the publisher's "about us", a row of other stories, the copyright footer), or
the whole page around the article, its menus included. The other methods then agree with
each other on the article, and the vote still keeps density's region. The page's own layout
tells them apart: an article begins at its headline.

Two other voters that agree with each other (bag F1 at least
:attr:`~HeadlineOptions.agreement`) and both start where the page's first ``<h1>`` ends,
within :attr:`~HeadlineOptions.near_chars` characters of it (or in the headline itself),
then vote alone when the winner is

* **below** them: it shares less than :attr:`~HeadlineOptions.disjoint` bag F1 with each,
  holds no more tokens than either (a larger winner is the page's mass, a listing under a
  short intro), and starts after half of the shorter one's text; or
* **around** them: it starts at least :attr:`~HeadlineOptions.above_chars` characters
  before the headline's end (it holds the page's top: menus, a hero) and has
  :attr:`~HeadlineOptions.around_growth` times the shorter one's tokens; or
* **inside** them: each of the two holds :attr:`~HeadlineOptions.inside_held` of its tokens
  and :attr:`~HeadlineOptions.inside_growth` times as many, and it starts more than
  :attr:`~HeadlineOptions.late_chars` characters after both of them: a fragment of the
  article (one section, the part after a table) that misses its beginning.

Positions are read in the body's text with whitespace collapsed: where the first long line
of each candidate stands, and where the headline's text does. A page without an ``<h1>``,
or a text not found, leaves the vote as it was; the page's text is read only when a pair of
the right sizes and agreement exists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from newscrawl.extraction.document import Document
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.text import bag_f1, bag_overlap

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
    """When a winner the headline does not begin gives way to a pair it begins;
    ``agreement=None``: never."""

    # The two other voters agree with each other to at least this bag F1.
    agreement: float | None = 0.5
    # ... and each shares less than this bag F1 with the winner.
    disjoint: float = 0.3
    # ... and each starts within this many characters after the headline's end.
    near_chars: int = 1000
    # A winner around the pair starts this many characters before the headline's end ...
    above_chars: int = 300
    # ... and holds this many times the shorter one's tokens; None: no winners around.
    around_growth: float | None = 2.0
    # A winner inside the pair: each of the two holds this many times its tokens ...
    inside_growth: float | None = 2.0
    # ... and this share of them, and it starts this many characters after both of them.
    inside_held: float = 0.8
    late_chars: int = 300


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


# Where the winner stands against a pair: below the article, around it, or inside it.
BELOW = "below"
AROUND = "around"
INSIDE = "inside"


def agreeing_pairs(
    winner: V, voters: Sequence[V], options: HeadlineOptions
) -> list[tuple[V, V, str]]:
    """The pairs of other voters that agree with each other, with where the winner would
    stand against each (:data:`BELOW`, :data:`AROUND` or :data:`INSIDE`) by their tokens
    alone; pairs of no shape are left out."""
    if options.agreement is None:
        return []
    others = [voter for voter in voters if voter is not winner]
    found = []
    for index, first in enumerate(others):
        for second in others[index + 1 :]:
            shorter = min(first.size, second.size)
            if options.around_growth is not None and winner.size >= options.around_growth * shorter:
                shape = AROUND
            elif (
                options.inside_growth is not None
                and shorter >= options.inside_growth * winner.size
                and all(
                    bag_overlap(winner.bag, voter.bag) >= options.inside_held * winner.size
                    for voter in (first, second)
                )
            ):
                shape = INSIDE
            elif winner.size <= shorter and all(
                bag_f1(voter.bag, winner.bag) < options.disjoint for voter in (first, second)
            ):
                shape = BELOW
            else:
                continue
            if bag_f1(first.bag, second.bag) >= options.agreement:
                found.append((first, second, shape))
    return found


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


def anchored_pair(
    winner: V,
    voters: Sequence[V],
    doc: Document,
    text_of: dict[str, str],
    options: HeadlineOptions,
) -> tuple[V, V] | None:
    """The pair of voters (:func:`agreeing_pairs`) that starts at the headline while
    ``winner`` stands below it, around it or inside it, the one with the shortest member
    when several do; None when there is none. ``text_of``: each voter's text by method."""
    pairs = agreeing_pairs(winner, voters, options)
    if not pairs:
        return None
    page = collapsed(doc.body_text())
    headline = headline_span(doc, page)
    if headline is None:
        return None
    starts: dict[str, int | None] = {}

    def start_of(voter: V) -> int | None:
        """Where ``voter`` starts in the page (looked up once: a voter is in several pairs)."""
        if voter.method not in starts:
            starts[voter.method] = position(text_of[voter.method], page)
        return starts[voter.method]

    winner_start = start_of(winner)
    if winner_start is None:
        return None
    found: list[tuple[int, V, V]] = []
    for first, second, shape in pairs:
        first_start, second_start = start_of(first), start_of(second)
        if first_start is None or second_start is None:
            continue
        if not all(
            headline[1] - BEFORE_HEADLINE_CHARS <= start <= headline[1] + options.near_chars
            for start in (first_start, second_start)
        ):
            continue
        latest = max(first_start, second_start)
        if shape == AROUND:
            stands = winner_start <= headline[1] - options.above_chars
        elif shape == INSIDE:
            stands = winner_start > latest + options.late_chars
        else:
            shorter = min(len(collapsed(text_of[voter.method])) for voter in (first, second))
            stands = winner_start >= latest + shorter / 2
        if stands:
            found.append((min(first.size, second.size), first, second))
    if not found:
        return None
    # Of several pairs, the one with the shortest member: the vote's own preference.
    _, first, second = min(found, key=lambda pair: pair[0])
    return first, second
