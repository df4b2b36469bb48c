"""Drop a box of other stories under its heading before any method reads the page.

After an article most sites show other stories: a heading in fixed words ("Related Posts",
"You may also like", "More from Politics", "相关阅读", "猜你喜欢") over a list of items
of one shape, each a link to another page, often with an excerpt. The tail and trim stages
cut such a box when it is small beside the article and inside the chosen region; when it
is longer than the article (twenty excerpts of long posts) it takes the vote, or the cut
cap keeps it. Removing it from the document first serves every method and the metadata.

A box is found from its heading, as a comment section is: its section is the heading's
nearest ancestor (or the heading) with article prose in a sibling before it
(:func:`newscrawl.extraction.comment_sections.section_of`). Unlike a comment section, the
article may resume after a box of links (sites put "Related stories" between two
paragraphs), so only the box's items go, never what follows them: the first run after the
heading, up to that section, of :data:`MIN_ITEMS` or more consecutive elements of one tag
and first class word (:func:`item_shape`), each holding a link with text, with no prose
before it or beside its items. The heading stays: the trim stage's line rules cut at it,
and with it at what follows the box. Kept: a box whose heading the article's first
paragraph does not precede (:class:`ArticleStart`: a front page's sections, a page whose
content is the list), a heading in a list item or a link (a menu entry, a "Read next →"
button), a heading repeated under each item of a listing, items that show prices (a shop's
product cards), a run that holds the page's ``<h1>``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.comment_headings import headings_of, unrepeated, with_holders
from newscrawl.extraction.comment_sections import (
    PROSE_BLOCK_CHARS,
    holds_prose,
    in_a_list,
    is_article_body,
    section_of,
)
from newscrawl.extraction.dom import drop_keep_tail, is_below, text_content
from newscrawl.extraction.native import walks
from newscrawl.extraction.posts import has_link, shape
from newscrawl.extraction.tail import article_paragraph_length

# The longest heading text read: "More from" and a section's or a site's name.
MAX_HEADING_CHARS = 80
# Items of one shape, each a link, that make a list of other stories: the run length the
# tail and thread stages also read as a list (three, not two: an article's pair of links).
MIN_ITEMS = 3

_PHRASES = (
    # "Related", "Related Posts", "Related articles", "Explore Related Articles"
    r"(?:(?:explore|browse|discover|see|read)\s+)?(?:more\s+)?related"
    r"(?:\s+(?:blog\s+posts?|blogs?|articles?|stories|posts?|content|news|reading|reads|links"
    r"|guides|videos))?"
    # "Recent Posts", "Latest News", "Similar articles", "Featured blog posts"
    r"|(?:recent|latest|similar|featured)\s+(?:blog\s+)?(?:posts|articles|stories|news|blogs)"
    # "Explore more", "Discover more stories"
    r"|(?:explore|discover)\s+more(?:\s+(?:articles?|stories|posts?|guides|resources))?"
    # "You may also like", "You might also enjoy", "You may also be interested in"
    r"|you\s+(?:may|might|will)\s+also\s+(?:like|enjoy|be\s+interested\s+in)"
    # "More stories", "Other articles", "More posts like this", "More from Politics", "More
    # on this story" (a name of up to four words: a longer line is an article's lead-in)
    r"|(?:more|other)\s+(?:stories|articles|posts|news)(?:\s+(?:like\s+this|for\s+you))?"
    r"|more\s+(?:from|on)\s+\S+(?:\s+\S+){0,3}"
    r"|(?:what\s+to\s+)?read\s+next|up\s+next"
    r"|recommended\s+(?:for\s+you|articles?|stories|reading|posts?)"
    r"|most\s+popular|popular\s+(?:posts|stories|articles|now)|most\s+read|trending\s+now"
    # 相关阅读, 相关新闻, 推荐阅读, 延伸阅读, 热门推荐, 为您推荐, 猜你喜欢, 更多新闻
    r"|(?:相关|推荐|延伸|热门|热点|精彩|更多|为您|为你)(?:阅读|新闻|文章|推荐|内容|资讯|报道)"
    r"|猜你喜欢|你可能(?:还)?(?:喜欢|感兴趣)"
)
RELATED_HEADING = re.compile(rf"^(?:{_PHRASES})[\s:：.…→»›>]*$", re.IGNORECASE)
# A price: a currency sign or code next to a number ("$129.99", "€95", "USD 40", "99元").
PRICE = re.compile(r"(?:[$€£¥₹]|\b(?:USD|EUR|GBP|AUD|CAD)\b)\s?\d|\d\s?(?:元|€)")


def _written(piece: str) -> tuple[str, ...]:
    """A phrase's piece as sites write it: lower case, later words capitalised, capitals."""
    first, *rest = piece.split(" ")
    titled = " ".join([first, *(word.capitalize() for word in rest)])
    return tuple(dict.fromkeys((piece, titled, piece.upper())))


# The phrases' words without their first letter (its case varies), as the C pass looks for
# them: text nodes holding none of them are never read in Python.
_WORD_PIECES = (
    "elated", "xplore more", "iscover more", "ore on", "lso like", "lso enjoy",
    "lso be interested", "ore stories", "ore articles", "ore posts", "ore news",
    "ther stories", "ther articles", "ther posts", "ore from",
    "ead next", "p next", "ecommended", "opular", "ost read", "rending",
    *(
        f"{first} {second}"
        for first in ("ecent", "atest", "imilar", "eatured")
        for second in ("posts", "articles", "stories", "news", "blog")
    ),
)  # fmt: skip
_CJK_PIECES = (
    "相关", "推荐", "延伸", "热门", "热点", "精彩", "更多", "为您", "为你", "猜你", "你可能",
)  # fmt: skip
_NEEDLES = tuple(
    written.encode("utf-8") for piece in _WORD_PIECES for written in _written(piece)
) + tuple(piece.encode("utf-8") for piece in _CJK_PIECES)
_ANY_PIECE = re.compile("|".join(re.escape(needle.decode("utf-8")) for needle in _NEEDLES))


def related_headings(body: Element) -> list[Element]:
    """The headings of boxes of other stories below ``body``, in document order: for each
    text node with a phrase's words, the outermost block around it, below ``body``, whose
    whole text is such a phrase."""
    return headings_of(body, texts_holding(body), RELATED_HEADING, MAX_HEADING_CHARS)


def texts_holding(body: Element) -> list[tuple[Element, str]]:
    """The text nodes below ``body`` holding a phrase's words, each with the element it
    stands in: one C pass when the extension is built."""
    if walks is not None:
        return walks.texts_with(root=body, substrings=_NEEDLES)
    return texts_holding_in_python(body)


def texts_holding_in_python(body: Element) -> list[tuple[Element, str]]:
    """:func:`texts_holding` by a search of each text node (the C pass's reference)."""
    return with_holders(piece for piece in _TEXTS(body) if _ANY_PIECE.search(piece))


_TEXTS = XPath(".//text()", smart_strings=True)


def drop_related_boxes(root: Element) -> int:
    """Remove each box of other stories from ``root``'s ``<body>`` in place (see the
    module's doc); how many boxes went."""
    body = root.find("body")
    if body is None:
        return 0
    # A phrase under every entry of a listing ("Related") is the entries' label, not the
    # heading of a box after an article.
    headings = unrepeated(related_headings(body))
    article = ArticleStart(body)
    dropped = 0
    for heading in headings:
        if not is_below(heading, body) or _is_a_control(heading):
            continue
        box = box_of(heading, body)
        if (
            not box
            or not article.stands_before(heading)
            or any(el.tag == "h1" or el.find(".//h1") is not None for el in box)
        ):
            continue
        for el in box:
            drop_keep_tail(el)
        dropped += 1
    return dropped


class ArticleStart:
    """Where a page's article begins, read once per page: its first long ``<p>`` that is
    one of :data:`ARTICLE_BODY_PARAGRAPHS` long ``<p>`` children of one element or stands
    outside any list's items. A box of other stories after it follows an article; a front
    page's sections of teaser cards ("More on Iran war" after "Most read"), a product's
    "You may also like" under a short description and a heading with no article before it
    are what the page is about."""

    def __init__(self, body: Element):
        self._body = body
        self._searched = False
        self._first: Element | None = None
        self._before_first: set[Element] | None = None
        self._order: dict[Element, int] = {}

    def stands_before(self, heading: Element) -> bool:
        """Whether the article's first paragraph comes before ``heading`` (in the body's
        document order as it was when first asked)."""
        first = self.first_paragraph()
        if first is None:
            return False
        if self._before_first is None:
            # Only the elements up to the first paragraph are read: it stands early on an
            # article's page, and the headings after it are the ones asked about.
            self._before_first = set()
            for el in self._body.iter():
                if el is first:
                    break
                self._before_first.add(el)
        return heading is not first and heading not in self._before_first

    def position(self, el: Element) -> int:
        """``el``'s place in the body's document order, read once per page (-1: not in
        the body when it was read)."""
        if not self._order:
            self._order = {el: index for index, el in enumerate(self._body.iter())}
        return self._order.get(el, -1)

    def first_paragraph(self) -> Element | None:
        if self._searched:
            return self._first
        self._searched = True
        shape_counts: dict[Element, Counter[tuple[str, str | None] | None]] = {}
        bodies: dict[Element, bool] = {}
        for paragraph in LONG_PARAGRAPHS(self._body, chars=PROSE_BLOCK_CHARS):
            parent = paragraph.getparent()
            if parent is None or not article_paragraph_length(paragraph, PROSE_BLOCK_CHARS):
                continue
            if parent not in bodies:
                bodies[parent] = is_article_body(parent)
            if bodies[parent] or not in_a_list(parent, self._body, shape_counts):
                self._first = paragraph
                break
        return self._first


# A page's long paragraphs, their length tested in C first.
LONG_PARAGRAPHS = XPath(".//p[string-length(normalize-space()) >= $chars]", smart_strings=False)


def _is_a_control(heading: Element) -> bool:
    """Whether a heading is a list item or a link: a menu's entry, a "Read next →" button,
    not the heading of a box."""
    if heading.tag in ("li", "ul", "ol", "a") or heading.find(".//li") is not None:
        return True
    links = sum(len(text_content(a).strip()) for a in heading.iter("a"))
    return 2 * links >= len(text_content(heading).strip())


def box_of(heading: Element, body: Element) -> list[Element]:
    """The items of the box under ``heading``: the first run of linked items after it, up
    to its section (see the module's doc); empty when prose comes first or there is none."""
    holder = section_of(heading, body)
    if holder is None:
        return []
    node = heading
    while True:
        siblings = [el for el in node.itersiblings() if isinstance(el.tag, str)]
        run = _leading_run(siblings)
        if run:
            return [] if is_product_grid(run) else run
        for sibling in siblings:
            inner = item_run(sibling)
            if inner is not None:
                return _box_items(sibling, inner)
            if holds_prose(sibling):
                return []
        if node is holder:
            return []
        parent = node.getparent()
        if parent is None:
            return []
        node = parent


def _box_items(el: Element, run: list[Element]) -> list[Element]:
    """``run``, the linked items of one shape in ``el``, when ``el`` holds no prose outside
    them and they are no shop's cards; empty otherwise."""
    if is_product_grid(run):
        return []
    items = set(run)
    parent = run[0].getparent()
    # Off the path from ``el`` down to the run's parent, and beside the items, nothing
    # reads as prose.
    node = parent
    while node is not None:
        for child in node:
            if child in items or not isinstance(child.tag, str):
                continue
            if not _on_path(child, parent) and holds_prose(child):
                return []
        if node is el:
            break
        node = node.getparent()
    return run


def _on_path(el: Element, below: Element | None) -> bool:
    """Whether ``el`` is ``below`` or one of its ancestors."""
    return below is not None and (el is below or is_below(below, el))


def item_run(el: Element) -> list[Element] | None:
    """The first run, in ``el`` or below it, of :data:`MIN_ITEMS` or more consecutive
    children of one tag and first class word, each holding a link with text; None without
    one."""
    for parent in (el, *el.iterdescendants()):
        if len(parent) >= MIN_ITEMS:
            run = _first_run(child for child in parent if isinstance(child.tag, str))
            if run:
                return run
    return None


def _leading_run(elements: list[Element]) -> list[Element]:
    """The run of linked items of one shape that ``elements`` open with; empty without one."""
    run = _first_run(elements)
    return run if run and run[0] is elements[0] else []


def _first_run(elements: Iterable[Element]) -> list[Element]:
    """The first :data:`MIN_ITEMS` or more consecutive elements of one shape, each holding a
    link with text; empty without one."""
    run: list[Element] = []
    run_shape: tuple[str, str | None] | None = None
    for el in elements:
        el_shape, linked = item_shape(el), has_link(el)
        if el_shape == run_shape and run and linked:
            run.append(el)
            continue
        if len(run) >= MIN_ITEMS:
            return run
        run_shape, run = el_shape, [el] if linked else []
    return run if len(run) >= MIN_ITEMS else []


_DIGITS = re.compile(r"\d+")


def item_shape(el: Element) -> tuple[str, str | None]:
    """An item's tag and first class word, its digits left out: WordPress writes each
    post's id there ("post-144973 post type-post"). A list's items are its items whatever
    their classes say."""
    if el.tag == "li":
        return "li", None
    tag, word = shape(el)
    return tag, _DIGITS.sub("", word) if word else word


def is_product_grid(items: list[Element]) -> bool:
    """Whether most items show a price: a shop's product cards ("You may also like" under a
    product), which on a shop's pages stand among what the page is about, not stories."""
    priced = sum(1 for item in items if PRICE.search(text_content(item)))
    return 2 * priced > len(items)
