"""Keep every post of a discussion thread when the chosen region is one post of it.

On a forum thread or a Q&A page the densest single region is usually the first post (or the
accepted answer), and a method that picks one region keeps only it. A thread shows itself in
the markup: the chosen node, or one of its few nearest ancestors, is one of several elements
with the same tag and the same ``class``, nearly all at one depth of the tree, each holding a
post's worth of prose (most of its text outside links). When that holds, the text is every such
element's text in document order instead of the chosen region's.

Nothing here names a forum engine; the signal is repeated structure with substantial text
in each repeat, or, for a thread of two or three posts or one whose opening post outweighs
its replies, fewer repeats each stamped with a time in its post's header. A repeat whose
text another repeat holds is a quote, not a post. Which thresholds are on was chosen by
site-grouped cross-validation over articles and threads (benchmarks/thread_cv.py,
docs/benchmarks/precision.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import (
    HEADING_TAGS,
    common_ancestor,
    link_text_length,
    paragraph_text,
)
from newscrawl.extraction.native import walks
from newscrawl.extraction.posts import is_dated_around


@dataclass(frozen=True, slots=True)
class ThreadOptions:
    """When a chosen region is taken for one post of a thread. Defaults: the variant
    cross-validation kept (docs/benchmarks/precision.md); ``min_posts=None``: never."""

    # Repeats of the post element (the chosen one included) that make a thread.
    min_posts: int | None = 4
    # Characters (spaces excluded) each repeat needs to count as a post.
    min_post_chars: int = 40
    # Ancestors of the chosen node looked at as the post element (0: the node itself only).
    max_climb: int = 2
    # Share of a post's characters inside links above which it is a link list, not a post.
    max_link_share: float = 0.5
    # The posts together must hold this many times the chosen post's characters: a region
    # that is most of the repeats' text (an article body among a page builder's widgets of
    # the same class) is the content itself, not one post among many.
    min_growth: float = 2.0
    # Start from the nearest common ancestor of the region's first and last node instead of
    # its first node: block methods (jusText, boilerpipe) give one node per paragraph.
    from_common_ancestor: bool = False
    # Which elements are repeats of the post element: the same whole ``class`` ("exact"), or
    # the same first class word ("first_word"): forum engines add state words to a post's
    # class (alternating "bg1"/"bg2" rows, the first post's "topic-owner", an accepted
    # answer's "accepted-answer"), so the exact class splits one thread into several.
    class_match: Literal["exact", "first_word"] = "exact"
    # Whether a candidate that is one post of a thread votes in auto with every post's text
    # (else only the winner is expanded, after the vote): block methods that keep most
    # posts otherwise out-vote the one post a node method found.
    in_vote: bool = True
    # Whether headings between the first and the last post (outside every post) keep their
    # place in the text: an article whose sections repeat one class titles them there.
    keep_headings: bool = True
    # Whether a paragraph (``<p>``) may be taken for a post: an article's paragraphs often
    # share one class, and taking them for posts keeps them without their headings and lists.
    # These three: the variant chosen in 3 of 5 site-grouped folds, all sets pooled, among
    # off and four combinations (benchmarks/predictions_cv.py, docs/benchmarks/precision.md).
    paragraph_posts: bool = False
    # Repeats of the post's class allowed off the depth most of them share (None: any
    # number; 0: only the chosen element's depth counts). A thread's opening post is often
    # wrapped apart from the replies ("topic" beside a list of "reply" items), so its body
    # sits a level deeper or shallower than theirs; a page builder's blocks of one class
    # sit at many depths. A repeat inside another repeat is not counted twice. 2: the
    # guarded site-grouped choice among 0, 1, 2 and None (4 of 5 folds; precision.md).
    off_depth_repeats: int | None = 2
    # Whether an element without a class repeats the elements of its tag whose id numbers
    # them the same way ("post_message_1", "post_message_2" ...): forum engines (vBulletin,
    # Discuz!) mark each post's message so and give it no class.
    numbered_ids: bool = True
    # A thread told by its stamps: when every post's box (the largest element around a post
    # that holds no other post) carries a time of day or an age ("10:12", "3 hours ago", a
    # ``<time>`` with a clock), as a forum's or a Q&A page's posts do, this many posts and
    # this growth suffice (None: the stamps are not looked at). A thread of two or three
    # posts, or one whose opening post outweighs its short replies, fails the plain test
    # above. A day alone is no such stamp: related stories and event teasers beside an
    # article show their day, each in a block of the article's class.
    # 2 posts and growth 1.0: the site-grouped choice over 2/3/4 posts and growth
    # 1.0/1.25/1.5/2.0, quotes kept or skipped, all sets pooled (every fold;
    # docs/benchmarks/precision.md).
    dated_min_posts: int | None = 2
    dated_min_growth: float = 1.0
    # Whether a post whose text another post holds too is taken for a quote (replies quoting
    # one post put the same block in each), so its repeats are no thread.
    skip_quotes: bool = True
    # Whether, once the repeats make a thread, a repeat shorter than ``min_post_chars`` (a
    # reply of a few words: "Thanks, that worked", "顶，支持楼主") is one of its posts too.
    # The minimum tells a thread from a page's widgets; it does not make a short reply less
    # a part of the discussion.
    short_replies: bool = True


DEFAULT_OPTIONS = ThreadOptions()
NO_THREAD = ThreadOptions(min_posts=None)


def depth_of(el: Element) -> int:
    return sum(1 for _ in el.iterancestors())


def visible_length(text: str) -> int:
    return len(text) - text.count(" ") - text.count("\n")


def same_class(root: Element, tag: str, signature: str) -> list[Element]:
    """The ``tag`` elements under ``root`` (itself included) whose ``class`` is exactly
    ``signature``, in document order."""
    return [el for el in _containing(root, tag, signature) if el.get("class") == signature]


def same_first_class_word(root: Element, tag: str, word: str) -> list[Element]:
    """The ``tag`` elements under ``root`` (itself included) whose ``class`` starts with the
    class word ``word``, in document order."""
    return [el for el in _containing(root, tag, word) if _first_word(el.get("class")) == word]


def _containing(root: Element, tag: str, part: str, attribute: str = "class") -> list[Element]:
    """The ``tag`` elements whose ``attribute`` contains ``part`` (a superset of the
    answer)."""
    if walks is None:
        return [el for el in root.iter(tag) if part in (el.get(attribute) or "")]
    # The C walk keeps the few elements whose attribute contains the string; Python then
    # reads only those, not every element of the tag.
    containing = walks.elements_with(
        root=root, attribute_substrings=((attribute.encode(), part.encode()),)
    )
    return [el for el in containing if el.tag == tag]


# An id that numbers its element among others of its kind ("post_1", "pid1", "comment-42"):
# the letters before the number name the kind.
_NUMBERED_ID = re.compile(r"([A-Za-z][A-Za-z_-]*?)\d+")


def numbered_id_prefix(value: str | None) -> str | None:
    """The part of a numbered id before its number ("post_" of "post_17"); None for any
    other id."""
    match = _NUMBERED_ID.fullmatch(value) if value else None
    return match.group(1) if match else None


def same_numbered_id(root: Element, tag: str, prefix: str) -> list[Element]:
    """The ``tag`` elements under ``root`` (itself included) whose ``id`` is ``prefix``
    followed by a number, in document order."""
    found = _containing(root, tag, prefix, attribute="id")
    return [el for el in found if numbered_id_prefix(el.get("id")) == prefix]


def same_class_in_python(root: Element, tag: str, signature: str) -> list[Element]:
    """:func:`same_class` without the C walks (the reference tests/extraction/test_walks_c.py
    compares it with)."""
    return [el for el in root.iter(tag) if el.get("class") == signature]


def _first_word(value: str | None) -> str | None:
    words = value.split() if value else None
    return words[0] if words else None


def repeats_of(root: Element, el: Element, options: ThreadOptions) -> list[Element]:
    """The elements that repeat ``el``'s tag and class (as ``options.class_match`` reads a
    class), ``el`` included: all of them when at most ``options.off_depth_repeats`` sit off
    the depth most share (the outermost only), else those at ``el``'s depth; empty when it
    has no class (or, with ``options.numbered_ids``, the elements numbered by the same
    kind of id as ``el``, when it has such an id and no class)."""
    signature = el.get("class")
    if not signature or not signature.strip():
        prefix = numbered_id_prefix(el.get("id")) if options.numbered_ids else None
        if prefix is None:
            return []
        found = same_numbered_id(root, el.tag, prefix)
    elif options.class_match == "first_word":
        word = _first_word(signature)
        found = same_first_class_word(root, el.tag, word) if word else []
    else:
        found = same_class(root, el.tag, signature)
    depth = depth_of(el)
    if options.off_depth_repeats != 0:
        repeats = outermost(found)
        depths = Counter(depth_of(peer) for peer in repeats)
        most_shared = depths.most_common(1)[0][1] if depths else 0
        allowed = options.off_depth_repeats
        if allowed is None or len(repeats) - most_shared <= allowed:
            return repeats
    return [peer for peer in found if depth_of(peer) == depth]


def outermost(elements: Sequence[Element]) -> list[Element]:
    """``elements`` (in document order) without those inside another of them."""
    kept: list[Element] = []
    chosen: set[Element] = set()  # the proxies stay alive in the list
    for el in elements:
        if not any(holder in chosen for holder in el.iterancestors()):
            kept.append(el)
            chosen.add(el)
    return kept


def posts_of(node: Element, options: ThreadOptions, region_chars: int = 0) -> list[Element] | None:
    """The repeated post elements ``node`` belongs to, in document order, or None.
    ``region_chars``: the characters of the region ``node`` starts (spaces excluded); the
    posts must hold ``min_growth`` times it too, so a region that already spans most of
    the repeats (an article whose sections repeat one class) is left as it is. Fewer
    posts, grown less, make a thread when each post's header is stamped
    (:attr:`ThreadOptions.dated_min_posts`)."""
    if options.min_posts is None:
        return None
    root = node.getroottree().getroot()
    least = min(options.min_posts, options.dated_min_posts or options.min_posts)
    climbed = [node, *node.iterancestors()][: options.max_climb + 1]
    for el in climbed:
        if el is root or el.tag in ("body", "html"):
            return None
        if el.tag == "p" and not options.paragraph_posts:
            continue
        peers = repeats_of(root, el, options)
        if len(peers) < least:
            continue
        # Each repeat's prose length is read once; the post minimum is a cut of it.
        prose = {peer: prose_length(peer, 1, options.max_link_share) for peer in peers}
        lengths = {peer: n if n >= options.min_post_chars else 0 for peer, n in prose.items()}
        posts = [peer for peer in peers if lengths[peer]]
        own = lengths.get(el)
        if not own:
            continue
        grown = sum(lengths.values()) / max(own, region_chars, 1)
        plain = len(posts) >= options.min_posts and grown >= options.min_growth
        if options.short_replies and not plain:
            # Stamped posts need no length: the stamps tell the thread, not the text.
            lengths = prose
            posts = [peer for peer in peers if prose[peer]]
            grown = sum(prose.values()) / max(own, region_chars, 1)
        stamped = not plain and _stamped_thread(posts, peers, grown, options)
        if not (plain or stamped) or (options.skip_quotes and _quoted(el, posts, lengths)):
            continue
        # Once the repeats make a thread, a reply of a few words is one of its posts too.
        return [peer for peer in peers if prose[peer]] if options.short_replies else posts
    return None


def _quoted(el: Element, posts: Sequence[Element], lengths: dict[Element, int]) -> bool:
    """Whether another of ``posts`` holds ``el``'s text: ``el`` is then a quote (replies
    quoting one post put the same block in each), and the quotes are no thread. Only posts
    of ``el``'s length (:func:`prose_length`) can hold its text, so only theirs is read."""
    same_length = [post for post in posts if post is not el and lengths[post] == lengths[el]]
    if not same_length:
        return False
    own = paragraph_text(el)
    return any(paragraph_text(post) == own for post in same_length)


def _stamped_thread(
    posts: Sequence[Element], peers: Sequence[Element], grown: float, options: ThreadOptions
) -> bool:
    """Whether ``posts`` make a thread by :attr:`ThreadOptions.dated_min_posts`: enough of
    them, grown enough, each in a box that carries a stamp."""
    wanted = options.dated_min_posts
    if wanted is None or len(posts) < wanted or grown < options.dated_min_growth:
        return False
    boxes = post_boxes(peers)
    return all(is_dated_around(boxes[post], post) for post in posts)


def post_boxes(peers: Sequence[Element]) -> dict[Element, Element]:
    """Each of ``peers``' box: its largest ancestor (or itself) that holds no other peer,
    where a forum puts the post's header (author, stamp) beside its message."""
    holding: Counter[Element] = Counter()
    for peer in peers:
        holding.update(peer.iterancestors())
    boxes: dict[Element, Element] = {}
    for peer in peers:
        box = peer
        for ancestor in peer.iterancestors():
            if holding[ancestor] > 1 or ancestor.tag in ("body", "html"):
                break
            box = ancestor
        boxes[peer] = box
    return boxes


def prose_length(el: Element, min_chars: int, max_link_share: float) -> int:
    """``el``'s characters (spaces excluded) when there are at least ``min_chars`` and at
    most ``max_link_share`` of them inside links, else 0."""
    length = visible_length(paragraph_text(el))
    if length < min_chars or link_text_length(el) > max_link_share * length:
        return 0
    return length


def thread_text(
    nodes: Sequence[Element], options: ThreadOptions, region_chars: int = 0
) -> str | None:
    """Every post's text, one paragraph a line, when ``nodes`` (a chosen region of
    ``region_chars`` characters, spaces excluded) is one post of a thread; None otherwise
    (the region's own text stands)."""
    parts = thread_parts(nodes, options, region_chars)
    return None if parts is None else parts_text(parts)


def thread_parts(
    nodes: Sequence[Element], options: ThreadOptions, region_chars: int = 0
) -> list[Element] | None:
    """The posts (and the headings between them) in document order when ``nodes`` is one
    post of a thread (:func:`thread_text`); None otherwise."""
    if not nodes:
        return None
    start = common_ancestor(nodes[0], nodes[-1]) if options.from_common_ancestor else nodes[0]
    posts = posts_of(start, options, region_chars) if start is not None else None
    if posts is None:
        return None
    return with_headings_between(posts) if options.keep_headings else list(posts)


def parts_text(parts: Sequence[Element]) -> str:
    """The text of a thread's parts, one paragraph a line."""
    return "\n".join(text for text in (paragraph_text(part) for part in parts) if text)


def with_headings_between(posts: Sequence[Element]) -> list[Element]:
    """``posts`` and the headings between the first and the last of them that no post
    holds, in document order."""
    common = common_ancestor(posts[0], posts[-1])
    if common is None:
        return list(posts)
    chosen = set(posts)  # the proxies stay alive in the list
    ordered = [el for el in common.iter() if el in chosen or el.tag in HEADING_TAGS]
    first = next(index for index, el in enumerate(ordered) if el in chosen)
    last = max(index for index, el in enumerate(ordered) if el in chosen)
    return [
        el
        for el in ordered[first : last + 1]
        if el in chosen or not any(holder in chosen for holder in el.iterancestors())
    ]
