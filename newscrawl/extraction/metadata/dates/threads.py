"""Runs of dated posts after the article (a comment thread, other posts' teasers): their
dates are theirs, not the page's, so the stages pass them over (:class:`FoundDate` carries
what they passed over to :func:`choose_date`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import TEXT_PIECES, Document
from newscrawl.extraction.metadata.dates.forms import DATE_ONLY_CHARS, full_date, normalize_date
from newscrawl.extraction.native import walks
from newscrawl.extraction.posts import run_of
from newscrawl.extraction.tail import DEFAULT_OPTIONS as TAIL_OPTIONS
from newscrawl.extraction.tail import prose_before


@dataclass(frozen=True, slots=True)
class FoundDate:
    """A stage's answer, and the posts it passed over: the runs of dated posts after the
    article (a comment thread, other posts' teasers) whose dates it did not take."""

    found: str | None
    thread: tuple[Element, ...] = ()


def thread_at(doc: Document, offset: int) -> tuple[Element, ...]:
    """The run of dated posts after the article's prose that the body text's character at
    ``offset`` stands in; () when it stands in none."""
    el = _element_at(doc, offset)
    if el is None or not prose_before(el, TAIL_OPTIONS.long_paragraph):
        # No article prose before it: no run holding it follows an article (a run's first
        # post stands no later than ``el``), so the costly search for its run is spared.
        return ()
    return tuple(thread_of(el, doc.url))


# The n-th text node under an element (1-based), as a string that knows its element.
_NTH_TEXT_NODE = etree.XPath("(descendant::text())[$n]")


def _element_at(doc: Document, offset: int) -> Element | None:
    """The element whose own text holds the body text's character at ``offset``: in one C
    walk when the extension is built (:func:`element_at_in_python` is the reference)."""
    body = doc.body
    if body is None:
        return None
    if walks is not None:
        return walks.element_at_offset(root=body, offset=offset)
    return element_at_in_python(body, offset)


def element_at_in_python(body: Element, offset: int) -> Element | None:
    """:func:`_element_at` under ``body``: the text nodes are counted as plain strings, and
    only the one found is fetched with its element."""
    ends = list(accumulate(map(len, TEXT_PIECES(body))))  # in C: no Python step per node
    index = bisect_right(ends, offset)
    if index == len(ends):
        return None
    node = _NTH_TEXT_NODE(body, n=index + 1)[0]
    parent: Element = node.getparent()
    return parent.getparent() if node.is_tail else parent


@dataclass(slots=True)
class ThreadMemo:
    """What :func:`thread_of` worked out on one page, kept for its next call there: each
    parent's dated runs and the prose before each run (a thread of 300 stamped comments asks
    300 times about the same run)."""

    runs: dict[Element, list[Element]] = field(default_factory=dict)
    prose: dict[Element, int] = field(default_factory=dict)


def thread_of(
    el: Element, page_url: str | None = None, memo: ThreadMemo | None = None
) -> list[Element]:
    """The run of dated posts (:func:`newscrawl.extraction.posts.run_of`, with the tail
    stage's settings) that ``el`` stands in, when it follows an article: a comment thread or
    a list of other posts, whose dates are theirs, not the page's; [] otherwise. Following an
    article is having more of its paragraphs' text before the run than ``el``'s post holds:
    a forum thread's first post, or a page-wide block that holds the article itself, is the
    page's own. So is a list's entry that links to ``page_url`` (a recent-posts list that
    names this very post)."""
    repeats = TAIL_OPTIONS.dated_posts
    if repeats is None:
        return []
    runs = memo.runs if memo is not None else None
    post, run = run_of(el, repeats, TAIL_OPTIONS.dated_posts_linked, runs)
    if not run or (page_url and _links_to(post, page_url)):
        return []
    prose = memo.prose.get(run[0]) if memo is not None else None
    if prose is None:
        prose = prose_before(run[0], TAIL_OPTIONS.long_paragraph)
        if memo is not None:
            memo.prose[run[0]] = prose
    return run if prose > len(dom.text_content(post).strip()) else []


def _links_to(el: Element, page_url: str) -> bool:
    """Whether a link inside ``el`` leads to ``page_url`` (query, fragment and a trailing
    slash aside)."""
    page = _link_key(page_url)
    for link in el.iter("a"):
        target = dom.resolve_url(link.get("href") or "", page_url)
        if target and _link_key(target) == page:
            return True
    return False


def _link_key(url: str) -> str:
    """``url`` without scheme, "www.", query, fragment and trailing slash."""
    address = url.split("#", 1)[0].split("?", 1)[0].split("://", 1)[-1]
    return address.removeprefix("www.").rstrip("/")


def thread_days(thread: Sequence[Element]) -> frozenset[str]:
    """The days the posts of ``thread`` are stamped with: each post's ``<time>`` values and
    the first full date of its text."""
    days: set[str] = set()
    for post in thread:
        values = [value for time in post.iter("time") if (value := time.get("datetime"))]
        stated = full_date(" ".join(dom.text_content(post).split()), None)
        for value in (*values, stated):
            normalized = normalize_date(value) if value else None
            if normalized:
                days.add(normalized[:DATE_ONLY_CHARS])
    return frozenset(days)
