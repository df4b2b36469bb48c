"""Runs of dated blocks: comment threads and post lists told by their shape, not their names.

A comment thread, a recent-posts list or a forum's replies is a run of sibling elements of
one shape, each stamped with when it was written ("March 3, 2024 at 5:12 pm", "3 hours ago",
"8d", "2024-05-03 14:20", "3小时前") or holding a ``<time>`` element. The tail stage finds
such boxes after an article by their ``class``/``id`` words; on a page whose words mean
nothing (a generated stylesheet, an unseen template) the shape is what is left.

Shape is the tag and the first ``class`` word: WordPress and most forum engines add state
words after it (``comment even thread-even depth-1``, ``comment odd alt``), so the whole
value would split one thread into several runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import is_below, text_content

# Siblings a run needs whatever its replies: two comments side by side, a third nested.
MIN_SIBLINGS = 2
# A stamp is a short text piece: a byline's date, not a date inside a sentence.
STAMP_CHARS = 60
# A month written in English, whole or cut short ("Dec", "Sept.", "March").
MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
# The time of day or an age: what a comment or a forum post shows ("at 5:12 pm", "3 hours
# ago", "8d"), where a listing's items (a book's release, an event) show a day.
_TIME_OR_AGE = (
    r"(?<!\d)\d{1,2}:\d{2}(?!\d)"  # 14:20, 5:12 pm
    r"|(?<!\d)\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)"
    r"\s+ago(?![a-z])"
    r"|\d+\s*(?:秒|分钟|小时|天|周|个月|年)前"
    r"|^\d{1,2}\s?[hdwy]$"  # Substack's and social widgets' ages: "8d", "2h"
)
_DAY = (
    r"(?<![a-z])" + MONTH_WORD + r"\s+\d{1,2}(?!\d)"  # March 3, Dec. 18
    r"|(?<!\d)\d{1,2}(?:st|nd|rd|th)?\s+" + MONTH_WORD + r"\s+(?:19|20)\d{2}"  # 3 March 2024
    r"|(?<!\d)(?:19|20)\d{2}\s*[-/.年]\s*\d{1,2}"  # 2024-05-03, 2024/5, 2024年5月
    r"|(?<!\d)\d{1,2}[/.]\d{1,2}[/.](?:19|20)?\d{2}(?!\d)"  # 05/03/2024, 3.5.24
    r"|昨天|前天|\d{1,2}\s*月\s*\d{1,2}\s*日"
)
_STAMP = re.compile(_DAY + "|" + _TIME_OR_AGE, re.IGNORECASE)
_TIMED_STAMP = re.compile(_TIME_OR_AGE, re.IGNORECASE)
# A <time datetime> with a clock: "2025-12-17T23:31:51+00:00", or with the space HTML also
# allows before the clock ("2018-06-08 09:28:03Z", as Stack Exchange writes it).
_DATETIME_CLOCK = re.compile(r"\d[T ]\d{2}:\d{2}")


def is_dated(el: Element, timed: bool = False) -> bool:
    """Whether ``el`` holds a ``<time>`` element or a text piece that is a stamp (with
    ``timed``: a ``<time>`` whose ``datetime`` has a clock, or a timed stamp)."""
    for time in el.iter("time"):
        if not timed or _DATETIME_CLOCK.search(time.get("datetime") or ""):
            return True
    pattern = _TIMED_STAMP if timed else _STAMP
    return any(pattern.search(piece.strip()) for piece in _short_pieces(el))


def is_dated_around(box: Element, inner: Element) -> bool:
    """Whether ``box`` holds a timed stamp (as ``is_dated(..., timed=True)`` reads one, or
    a ``title`` tooltip that is one) outside ``inner``, the part of it that is a post's
    message: a forum post's header stamps the post, while a time inside a message is any
    time it mentions."""
    for time in box.iter("time"):
        if _DATETIME_CLOCK.search(time.get("datetime") or "") and not _within(time, inner):
            return True
    for piece in _short_pieces_placed(box):
        owner = piece.getparent()
        if owner is not None and piece.is_tail:
            owner = owner.getparent()
        if owner is not None and not _within(owner, inner) and _TIMED_STAMP.search(piece.strip()):
            return True
    # A day shown with its time as the tooltip: <span title="May 26, 2025 at 11:12 PM">.
    for el in _TITLED(box):
        title = el.get("title") or ""
        if len(title) <= STAMP_CHARS and _TIMED_STAMP.search(title) and not _within(el, inner):
            return True
    return False


_TITLED = XPath("descendant-or-self::*[@title]")


def _within(el: Element, holder: Element) -> bool:
    return el is holder or is_below(el, holder)


# The text pieces of an element short enough to be a stamp, found by libxml2 without a
# Python step per piece (a post's container holds hundreds of pieces).
_SHORT_PIECES = (
    f"descendant-or-self::text()[normalize-space() != ''"
    f" and string-length(normalize-space()) <= {STAMP_CHARS}]"
)
_short_pieces = XPath(_SHORT_PIECES, smart_strings=False)
# The same pieces as strings that know their element (is_dated_around asks where each is).
_short_pieces_placed = XPath(_SHORT_PIECES)


# The tags a post is written in: blocks that hold a byline, a stamp and paragraphs. Not <p>
# or inline tags: an article's own paragraphs are runs of one shape, and looking at their
# dates would cost every page a scan for nothing.
POST_TAGS = frozenset({"article", "section", "div", "li", "dd", "tr", "table", "blockquote"})


def shape(el: Element) -> tuple[str, str | None]:
    """The tag and the first ``class`` word."""
    words = (el.get("class") or "").split()
    return el.tag, words[0] if words else None


def has_link(el: Element) -> bool:
    """Whether ``el`` holds a link with text."""
    return any(text_content(a).strip() for a in el.iter("a"))


# A link whose whole text offers to answer the post it sits in: what comment engines put
# under each comment, dated or not ("Reply", "Reply to this", "回复").
_REPLY_LINK = re.compile(
    r"(?:reply|respond)(?:\s+to\s+(?:this|comment))?\s*[↓→]?|回复|回覆|回應", re.IGNORECASE
)
REPLY_LINK_CHARS = 24


def has_reply_link(el: Element) -> bool:
    """Whether ``el`` holds a link whose whole text is a reply word."""
    for control in el.iter("a"):
        text = " ".join(text_content(control).split())
        if text and len(text) <= REPLY_LINK_CHARS and _REPLY_LINK.fullmatch(text):
            return True
    return False


def dated_runs(
    parent: Element,
    repeats: int,
    linked: bool = False,
    timed: bool = False,
    replies: bool = False,
) -> list[Element]:
    """The children of ``parent`` in runs of ``repeats`` or more consecutive elements of one
    shape, each dated (with ``timed``, with a time of day or an age; with ``replies``, or
    holding a reply link: :func:`has_reply_link`; with ``linked``, each holding a link); in
    document order."""
    if len(parent) < MIN_SIBLINGS:
        return []
    found: list[Element] = []
    run: list[Element] = []
    run_shape: tuple[str, str | None] | None = None
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        child_shape = shape(child) if child.tag in POST_TAGS else None
        if child_shape != run_shape or child_shape is None:
            found.extend(_dated_part(run, repeats, linked, timed, replies))
            run, run_shape = [], child_shape
        if child_shape is not None:
            run.append(child)
    found.extend(_dated_part(run, repeats, linked, timed, replies))
    return found


def _dated_part(
    run: list[Element], repeats: int, linked: bool, timed: bool, replies: bool = False
) -> list[Element]:
    """The streaks of two or more consecutive dated elements inside one same-shape run that
    hold ``repeats`` posts, replies nested in them (descendants of the same shape) counted;
    the costly date test runs only on runs that can count."""
    if len(run) < MIN_SIBLINGS or posts_in(run) < repeats:
        return []
    found: list[Element] = []
    streak: list[Element] = []
    for el in (*run, None):
        if el is not None and _is_stamped(el, timed, replies) and (not linked or has_link(el)):
            streak.append(el)
            continue
        if len(streak) >= MIN_SIBLINGS and posts_in(streak) >= repeats:
            found.extend(streak)
        streak = []
    return found


def _is_stamped(el: Element, timed: bool, replies: bool) -> bool:
    """Whether ``el`` is dated (:func:`is_dated`) or, with ``replies``, holds a reply link."""
    return is_dated(el, timed) or (replies and has_reply_link(el))


def posts_in(run: list[Element]) -> int:
    """The elements of ``run`` and their descendants of the same shape (nested replies)."""
    own = shape(run[0])
    nested = sum(1 for el in run for inner in el.iterdescendants(own[0]) if shape(inner) == own)
    return len(run) + nested


def holds_dated_posts(
    el: Element, repeats: int, linked: bool = False, timed: bool = False, replies: bool = False
) -> bool:
    """Whether ``el`` is, or holds, a run of ``repeats`` or more dated same-shape elements
    (``replies``: :func:`dated_runs`)."""
    return any(
        dated_runs(parent, repeats, linked, timed, replies)
        for parent in (el, *el.iterdescendants())
    )


def run_of(
    el: Element,
    repeats: int,
    linked: bool = False,
    runs: dict[Element, list[Element]] | None = None,
) -> tuple[Element, list[Element]]:
    """The post (``el`` or its nearest ancestor that stands in a dated run) and the dated runs
    (:func:`dated_runs`) among its siblings; ``(el, [])`` when there is none. ``runs`` keeps
    each parent's runs for the next call: asked for every stamp of a thread, the runs would
    otherwise be worked out again for each."""
    for node in (el, *el.iterancestors()):
        parent = node.getparent()
        if parent is None:
            break
        if node.tag in POST_TAGS:
            run = runs.get(parent) if runs is not None else None
            if run is None:
                run = dated_runs(parent, repeats, linked)
                if runs is not None:
                    runs[parent] = run
            if node in run:
                return node, run
    return el, []


def dated_post_test(
    repeats: int, linked: bool = False, replies: bool = False
) -> Callable[[Element], bool]:
    """Whether an element is one of a run of dated same-shape siblings (``replies``:
    :func:`dated_runs`); each parent's runs are worked out once."""
    runs: dict[Element, frozenset[Element]] = {}

    def in_run(el: Element) -> bool:
        parent = el.getparent()
        if parent is None:
            return False
        members = runs.get(parent)
        if members is None:
            members = runs[parent] = frozenset(dated_runs(parent, repeats, linked, replies=replies))
        return el in members

    return in_run
