"""Drop a page's comment section, from its heading on, before any method reads the page.

A comment section opens with a heading the engine writes in fixed words ("3 Comments",
"Leave a Reply", "网友评论": :mod:`newscrawl.extraction.comment_headings`), whatever its
boxes are called. The tail stage already ends an article at such a heading, but only inside
the region the vote chose and only after a long ``<p>``: it cannot help when the thread is
longer than the article and takes the vote (the methods choose the comments), nor when the
article's text is not in ``<p>`` elements. Removing the section from the document first
serves every method and every later stage.

The section is found from its heading upwards: the heading's nearest ancestor (or the
heading itself) with a sibling before it that holds article prose (a block of
:data:`PROSE_BLOCK_CHARS` characters, at most half of them in links). That element and its
later siblings go: below a comment heading, an article does not resume. Kept, because each
is also how a page whose comments are its content looks:

* a bare "Comments" or "评论" (a forum's replies, a tab), a list item or a link (a header's
  "3 Comments" pointing down, a "Post a reply" button): :func:`opens_a_section`;
* a heading with no prose before it (a page that is its comments);
* a section whose posts share their markup with prose before it (a forum's opening post
  and its replies: :func:`continues_a_thread`), or that holds the page's ``<h1>``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.comment_headings import comment_headings
from newscrawl.extraction.dom import BLOCK_TAGS, is_below, link_text_length, text_content
from newscrawl.extraction.native import c_tags, walks
from newscrawl.extraction.posts import shape
from newscrawl.extraction.tail import article_paragraph_length

# Characters of a block that reads as the article's prose: the tail stage's long paragraph.
PROSE_BLOCK_CHARS = 80


def drop_comment_sections(root: Element) -> list[Element]:
    """Remove each comment section of ``root``'s ``<body>`` (heading and what follows it in
    its section, see the module's doc) in place; the page's comment headings that stay (the
    tail stage reads them: one search of the page serves both)."""
    body = root.find("body")
    if body is None:
        return []
    headings = comment_headings(body)
    for heading in headings:
        if not is_below(heading, body) or not opens_a_section(heading):
            continue
        section = section_of(heading, body)
        if section is None:
            continue
        doomed = [section, *(el for el in section.itersiblings() if isinstance(el.tag, str))]
        if any(el.tag == "h1" or el.find(".//h1") is not None for el in doomed):
            continue
        if continues_a_thread(body, section, doomed) or holds_an_article_body(doomed):
            continue
        for el in doomed:
            _remove(el)
    return [el for el in headings if is_below(el, body)]


# A bare "Comments" or "评论" also heads a forum's replies (Vanilla's discussion page) and
# names a tab; a count ("3 Comments", "共12条评论"), a reply form's heading ("Leave a Reply",
# "发表评论") or "网友评论" heads comments under an article.
_BARE_HEADING = re.compile(
    r"(?:(?:reader|user|visitor)\s+)?comments?|评论|留言|评论区|全部评论", re.IGNORECASE
)
_CLOSING_MARKS = " \t\n:：→»›>"


def opens_a_section(heading: Element) -> bool:
    """Whether a comment heading opens the comment section under an article: not a bare
    word (:data:`_BARE_HEADING`), not a list item (a tab, a menu entry) and not a link (a
    "3 Comments" link in the article's header points at the section, a forum's "Post a
    reply" button opens a form)."""
    text = " ".join(text_content(heading).split())
    in_list = heading.tag in ("li", "ul", "ol") or heading.find(".//li") is not None
    if in_list or _BARE_HEADING.fullmatch(text.rstrip(_CLOSING_MARKS)):
        return False
    if heading.tag == "a":
        return False
    in_links = link_text_length(heading)
    return not in_links or 2 * in_links < len(text.replace(" ", ""))


def section_of(heading: Element, body: Element) -> Element | None:
    """The heading or its nearest ancestor below ``body`` with article prose in a sibling
    before it; None when no such prose stands before the heading."""
    node = heading
    while node is not body:
        parent = node.getparent()
        if parent is None:
            return None
        if any(holds_prose(sibling) for sibling in node.itersiblings(preceding=True)):
            return node
        node = parent
    return None


_TEXTS = XPath("descendant-or-self::text()")


def holds_prose(el: Element) -> bool:
    """Whether ``el`` holds a block whose own text (not its block descendants') reads as
    prose: :data:`PROSE_BLOCK_CHARS` characters, at most half of them in links. In one C
    pass that stops at the first such block when the extension is built."""
    if not isinstance(el.tag, str):
        return False
    if walks is not None:
        return walks.holds_prose(
            element=el, block_tags=_BLOCK_TAG_BYTES, min_chars=PROSE_BLOCK_CHARS
        )
    return holds_prose_in_python(el)


_BLOCK_TAG_BYTES = c_tags(BLOCK_TAGS)


def holds_prose_in_python(el: Element) -> bool:
    """:func:`holds_prose` by XPath over the text nodes (the C pass's reference)."""
    if not isinstance(el.tag, str) or len(text_content(el)) < PROSE_BLOCK_CHARS:
        return False  # too little text for any block of it to be prose: no walk needed
    chars: dict[Element, int] = {}
    linked: dict[Element, int] = {}
    for piece in _TEXTS(el):
        length = len(piece.strip())
        if not length:
            continue
        node = piece.getparent()
        if node is not None and piece.is_tail:
            node = node.getparent()
        in_link = False
        while node is not None and node.tag not in BLOCK_TAGS and node is not el:
            in_link = in_link or node.tag == "a"
            node = node.getparent()
        if node is None:
            continue
        chars[node] = chars.get(node, 0) + length
        if in_link:
            linked[node] = linked.get(node, 0) + length
    return any(
        total >= PROSE_BLOCK_CHARS and 2 * linked.get(block, 0) <= total
        for block, total in chars.items()
    )


def _post_shape(el: Element) -> tuple[str, str | None] | None:
    """A post's shape (:func:`posts.shape`); None without a class (every page has classless
    ``<div>`` and ``<p>`` elements)."""
    if not isinstance(el.tag, str):
        return None
    found = shape(el)
    return found if found[1] is not None else None


def continues_a_thread(body: Element, section: Element, doomed: list[Element]) -> bool:
    """Whether the section's posts continue a thread begun before it: an element of the
    shape of two or more of its prose-holding elements stands before the section with prose
    of its own. On a forum the opening post and the replies share their markup, and the
    replies under a "20 replies to this topic" heading are the page; an article's markup
    is not its comments'."""
    # Shapes first, prose last: a prose test reads a subtree's text, and most of a
    # section's shapes (its own boxes' classes) never stand before it.
    repeated = Counter(
        found for el in doomed for node in el.iter() if (found := _post_shape(node)) is not None
    )
    shapes = {found for found, count in repeated.items() if count >= 2}
    if not shapes:
        return False
    before: set[tuple[str, str | None]] = set()
    for node in before_section(body, section, {tag for tag, _ in shapes}):
        found = _post_shape(node)
        if found in shapes and found not in before and holds_prose(node):
            before.add(found)
    if not before:
        return False
    prose_posts = Counter(
        found
        for el in doomed
        for node in el.iter()
        if (found := _post_shape(node)) in before and holds_prose(node)
    )
    return any(count >= 2 for count in prose_posts.values())


def before_section(body: Element, section: Element, tags: set[str]) -> Iterator[Element]:
    """The elements of ``tags`` that come before ``section`` in ``body``'s document order:
    its ancestors below ``body`` (and ``body``) and what precedes it or them, found by
    libxml2's tag filter rather than a Python step per element."""
    node: Element | None = section
    while node is not None and node is not body:
        for sibling in node.itersiblings(preceding=True):
            yield from sibling.iter(*tags)
        node = node.getparent()
        if node is not None and node.tag in tags:
            yield node


# Long paragraphs side by side in one element: an article's body. A comment is one or two.
ARTICLE_BODY_PARAGRAPHS = 4


def holds_an_article_body(doomed: list[Element]) -> bool:
    """Whether an element of the section holds :data:`ARTICLE_BODY_PARAGRAPHS` long ``<p>``
    children outside any list of posts: a heading that heads no comment section (a
    "3 Comments" count in the article's header, before its body) would take the article
    with it. A long comment is one item of a list (:func:`in_a_list`)."""
    return any(
        is_article_body(holder) and not in_a_list(holder, el)
        for el in doomed
        for holder in el.iter()
    )


def is_article_body(el: Element) -> bool:
    """Whether ``el`` has :data:`ARTICLE_BODY_PARAGRAPHS` long ``<p>`` children."""
    paragraphs = 0
    for child in el.iterchildren("p"):
        if article_paragraph_length(child, PROSE_BLOCK_CHARS):
            paragraphs += 1
            if paragraphs >= ARTICLE_BODY_PARAGRAPHS:
                return True
    return False


def in_a_list(
    el: Element,
    top: Element,
    shape_counts: dict[Element, Counter[tuple[str, str | None] | None]] | None = None,
) -> bool:
    """Whether ``el``, or an ancestor up to ``top``, is one of two or more siblings of its
    post shape (a class, or the tag of a list item). ``shape_counts`` keeps each parent's
    count of its children's shapes for the next call (a page's many paragraphs share their
    ancestors)."""
    if shape_counts is None:
        shape_counts = {}
    node: Element | None = el
    while node is not None:
        found = _item_shape(node)
        parent = node.getparent()
        if found is not None and parent is not None:
            counts = shape_counts.get(parent)
            if counts is None:
                counts = shape_counts[parent] = Counter(map(_item_shape, parent))
            if counts[found] >= 2:
                return True
        if node is top:
            break
        node = parent
    return False


def _item_shape(el: Element) -> tuple[str, str | None] | None:
    """A list item's shape: :func:`posts.shape` of an element with a class or of a list
    item's tag; None otherwise."""
    if not isinstance(el.tag, str):
        return None
    listed = el.tag in ("li", "dd", "article") or (el.get("class") or "").split()
    return shape(el) if listed else None


def _remove(el: Element) -> None:
    """Remove ``el`` with the text after it: that text is the section's too."""
    parent = el.getparent()
    if parent is not None:
        parent.remove(el)
