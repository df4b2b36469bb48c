"""Headings that open a page's comment section: where an article ends on any template.

Blog and CMS engines head the comment section under an article with a few fixed phrases
("3 Comments", "6 thoughts on “Title”", "15 Replies to “Title”", "Leave a Reply", "Post a
Comment", "网友评论", "发表评论", "共12条评论"), and keep them whatever a site's stylesheet
calls its boxes: the heading and its words survive where the class names say nothing. A
heading here is a block element (``<h3>``, or a ``<div>`` as many templates use) whose whole
text is such a phrase: an article's own sentence never is one, and a section of the article
titled "Thoughts on the results" has no count before it. The same phrase repeated in
blocks of one shape is a list's furniture instead: each item's comment count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.dom import BLOCK_TAGS, text_content
from newscrawl.extraction.native import walks

# The longest heading text read: "6 thoughts on “A long post title”" with the title.
MAX_HEADING_CHARS = 160
# A phrase in this many blocks of one tag and class is an item's counter ("11 comments"
# under each entry of a listing), not the heading of the page's one comment section.
MIN_REPEATS = 3

_PHRASES = (
    # "Comments", "3 Comments", "124 Reader Comments", "10 comments:", "Comments (4)"
    r"(?:\d[\d,.]*\s*)?(?:reader\s+|user\s+|visitor\s+)?comments?"
    # "6 thoughts on “Title”", "15 Replies to “Title”", "2 responses to “Title”"
    r"|\d[\d,.]*\s*(?:thoughts?|repl(?:y|ies)|responses?|comments?)\s+(?:on|to)\b.*"
    # "12 Responses": the same heading without the post's title ("3 Replies" heads a
    # forum topic's replies, which are the page)
    r"|\d[\d,.]*\s*responses?"
    # "29 reviews for “Product”": the same engine's heading over a product's reviews
    # (WooCommerce keeps them as WordPress comments)
    r"|\d[\d,.]*\s*reviews?\s+for\b.*"
    # "Leave a Reply", "Leave a ReplyCancel reply", "Post a Comment", "Add Your Comment →"
    r"|(?:leave|post|add|write|submit)\s+(?:a\s+|an\s+|your\s+|new\s+)?"
    r"(?:reply|comment|response)s?(?:\s*cancel\s+reply)?"
    r"|join\s+the\s+(?:discussion|conversation)"
    # 网友评论, 发表评论, 我要评论, 全部评论, 评论区, 留言, 共12条评论, 4,060 条评论, 评论(5),
    # 热门评论 10条, 全部评论 23条 最热 最新 (a count after it, then the sort controls)
    r"|(?:共|已有)?\s*[\d,]*\s*条?(?:网友|读者|用户|热门|最热|最新|精彩|全部|发表|我要|查看)?"
    r"(?:评论|留言)(?:区|列表)?(?:\s*[\d,]+\s*条)?(?:\s*(?:最热|最早|最新|刷新))*"
)
# What may close a heading: a count in brackets, a colon, an arrow. A count after a colon
# ("Comments: 37") is a label and its value, as an article's header shows its statistics,
# not a heading.
_CLOSING = r"(?:\s*[(（]\s*[\d,]+\s*[)）])?[\s:：→»›>]*"
COMMENT_HEADING = re.compile(rf"^(?:{_PHRASES}){_CLOSING}$", re.IGNORECASE)

# The phrases' words as they are written in any case ("comment", "Comment", "COMMENT"):
# the text nodes holding one are found without case folding per node (in C, or by XPath's
# plain ``contains`` for the words the region's text holds).
_WORD_PIECES = (
    "omment", "OMMENT", "eply", "EPLY", "eplie", "EPLIE", "espons", "ESPONS", "hought",
    "HOUGHT", "eview", "EVIEW", "iscussion", "ISCUSSION", "onversation", "ONVERSATION",
    "评论", "留言",
)  # fmt: skip
_ANY_PIECE = re.compile("|".join(_WORD_PIECES))
_TEXTS_WITH: dict[frozenset[str], XPath] = {}


def _texts_with(pieces: frozenset[str]) -> XPath:
    """The XPath of the text nodes holding one of ``pieces``, compiled once per set."""
    found = _TEXTS_WITH.get(pieces)
    if found is None:
        test = " or ".join(f"contains(., '{piece}')" for piece in sorted(pieces))
        found = _TEXTS_WITH[pieces] = XPath(f".//text()[{test}]")
    return found


_NEEDLES = tuple(piece.encode("utf-8") for piece in _WORD_PIECES)


def texts_holding(region: Element) -> list[tuple[Element, str]]:
    """The text nodes below ``region`` holding one of the phrases' words, in document order,
    each with the element it stands in (whose text it is, or whose child's tail: "<i></i>
    COMMENTS" is the parent's text): one C pass over the text nodes when the extension is
    built."""
    if walks is not None:
        return walks.texts_with(root=region, substrings=_NEEDLES)
    return texts_holding_in_python(region)


def texts_holding_in_python(region: Element) -> list[tuple[Element, str]]:
    """:func:`texts_holding` by XPath, asking only for the words the region's text holds
    (the reference the C pass is tested against)."""
    pieces = frozenset(_ANY_PIECE.findall(text_content(region)))
    return with_holders(_texts_with(pieces)(region)) if pieces else []


def with_holders(texts: Iterable[Any]) -> list[tuple[Element, str]]:
    """Each of ``texts`` (lxml's text results) with the element it stands in: whose text it
    is, or whose child's tail ("<i></i> COMMENTS" is the parent's text)."""
    found: list[tuple[Element, str]] = []
    for piece in texts:
        holder = piece.getparent()
        if holder is not None and piece.is_tail:
            holder = holder.getparent()
        if holder is not None:
            found.append((holder, str(piece)))
    return found


def comment_headings(region: Element) -> list[Element]:
    """The comment headings inside ``region`` (below it), in document order: for each text
    node with a heading's words, the outermost block element around it, below ``region``,
    whose whole text is a heading; those whose tag and class repeat :data:`MIN_REPEATS`
    times are left out."""
    return unrepeated(
        headings_of(region, texts_holding(region), COMMENT_HEADING, MAX_HEADING_CHARS)
    )


def unrepeated(headings: list[Element]) -> list[Element]:
    """``headings`` without those whose tag and class :data:`MIN_REPEATS` of them share: a
    phrase under every item of a listing is the items' label, not a section's heading."""
    shapes = Counter((el.tag, el.get("class")) for el in headings)
    return [el for el in headings if shapes[el.tag, el.get("class")] < MIN_REPEATS]


def headings_of(
    region: Element,
    texts: list[tuple[Element, str]],
    pattern: re.Pattern[str],
    max_chars: int,
) -> list[Element]:
    """For each of ``texts`` (a text node and the element it stands in), the outermost
    block element around it, below ``region``, whose whole text (at most ``max_chars``,
    whitespace collapsed) ``pattern`` matches; in document order, each once."""
    found: list[Element] = []
    seen: set[Element] = set()
    # Text nodes of one block climb through the same ancestors: collapse each text once.
    collapsed: dict[Element, str] = {}
    for holder, piece in texts:
        if len(piece) > 4 * max_chars:
            continue
        heading = None
        node: Element | None = holder
        while node is not None and node is not region:
            text = collapsed.get(node)
            if text is None:
                text = collapsed[node] = " ".join(text_content(node).split())
            if len(text) > max_chars:
                break
            if node.tag in BLOCK_TAGS and pattern.match(text):
                heading = node
            node = node.getparent()
        if heading is not None and heading not in seen:
            seen.add(heading)
            found.append(heading)
    return found
