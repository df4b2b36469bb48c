"""Cut the blocks that follow the article's prose inside the chosen region (DOM signals).

The line rules of :mod:`newscrawl.extraction.trim` read the winner's lines; what follows an
article's last paragraph (an author box, previous/next links, a recent-posts list with
excerpts, a newsletter box, comments) is often lines a line rule cannot tell from prose. In
the markup it is a separate subtree after the element that holds the article's paragraphs:

* **prose container** — the deepest element holding most of the region's long paragraphs'
  characters (:attr:`TailOptions.container_share`); the *tail* is what follows its last long
  paragraph: the later siblings of that paragraph and of each of its ancestors up to the
  region.
* a tail subtree is dropped when it is not prose-shaped:
  **named** (:attr:`TailOptions.names`: a ``class``/``id`` token such as author, bio,
  related, post-nav, comments, share, tags; with
  :attr:`TailOptions.appeal_names` also newsletter, subscribe, cta; with
  :attr:`TailOptions.zh_names` also the Chinese portals' xgyd, tuijian, hot, keywords,
  qrcode ...; or a ``nav``/``aside``/``form``/``footer`` element), **link-dense**
  (:attr:`TailOptions.link_share` of its characters inside links, with two or more links),
  or a **repeated list**
  (:attr:`TailOptions.repeats` or more consecutive same tag+class elements, each holding a
  link: a related/recent-post list with excerpts);
* with :attr:`TailOptions.named_descendants`, an unnamed tail subtree (a page builder's
  layout wrapper) loses its outermost named descendants (a comment section, adjacent-post
  links), when the region is article-shaped (:attr:`TailOptions.descendants_prose_share`,
  off by default: always);
* with :attr:`TailOptions.skip_named_paragraphs`, a long paragraph inside a named subtree
  (another article's teaser in a recommendation box) is not the article's: it neither
  moves the container nor ends the prose;
* with :attr:`TailOptions.cut_rest`, everything from the first such subtree on goes;
* with :attr:`TailOptions.comment_headings`, a comment section's heading ("3 Comments",
  "Leave a Reply", "网友评论": :mod:`newscrawl.extraction.comment_headings`) after the
  article's first long paragraph ends the prose, and the subtree holding it goes with all
  after it, outside the cap;
* a cut that would remove more than :attr:`TailOptions.max_cut_share` of the text keeps it.

Nothing before the container's last long paragraph is ever cut. Which rules are on (named
subtrees and descendants, named paragraphs skipped) was chosen by site-grouped cross-validation
(benchmarks/tail_cv.py, docs/benchmarks/trim.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from lxml.etree import XPath
from lxml.etree import _Element as Element

from newscrawl.extraction.comment_headings import comment_headings
from newscrawl.extraction.dom import (
    common_ancestor,
    is_below,
    link_text_length,
    paragraph_text,
    text_content,
)
from newscrawl.extraction.noise import LAYOUT_WORDS, TAXONOMY_WORDS
from newscrawl.extraction.posts import dated_post_test, has_link, holds_dated_posts

# class/id tokens of the boxes sites put after an article. Not "widget" or "module": page
# builders (HubSpot, Elementor) put them on every block, the article's own FAQ included.
TAIL_WORDS = frozenset(
    {
        "author",
        "authors",
        "bio",
        "byline",
        "related",
        "nav",
        "navigation",
        "pagination",
        "comment",
        "comments",
        "respond",
        "reply",
        "share",
        "sharing",
        "social",
        "tags",
        "tag",
        "recommended",
        "recirculation",
        "sidebar",
        "footer",
        "disqus",
        "taboola",
        "outbrain",
        "trending",
        "popular",
        "mostread",
        "readnext",
        "upnext",
    }
)
# class/id tokens of appeals (calls to action, sign-ups): after an article a box outside it,
# on a landing or listing page often part of the content; a separate option for the sweep.
APPEAL_WORDS = frozenset(
    {"newsletter", "subscribe", "subscription", "signup", "cta", "promo", "paywall"}
)
# class/id tokens Chinese portals give the same boxes, in pinyin initials, pinyin or English
# ("xgyd" 相关阅读, "tuijian" 推荐, "hot" lists, keyword, feedback and QR-code boxes); a
# separate option so the sweep judges them.
ZH_TAIL_WORDS = frozenset(
    {
        "xgyd",
        "xgxw",
        "xgwz",
        "xgtj",
        "tj",
        "tuijian",
        "recommend",
        "recommends",
        "hot",
        "hotnews",
        "keyword",
        "keywords",
        "feedback",
        "qrcode",
        "ewm",
        "erweima",
        "next",
        "prev",
    }
)
TAIL_TAGS = frozenset({"nav", "aside", "form", "footer"})
_TOKEN_SPLIT = re.compile(r"[^0-9A-Za-z]+|(?<=[a-z])(?=[A-Z])")


@dataclass(frozen=True, slots=True)
class TailOptions:
    """Which tail subtrees are dropped. Defaults: the variant site-grouped cross-validation
    picked (named subtrees with the Chinese portals' words and without the appeal words,
    each alone, cap 0.5, paragraphs inside named subtrees left out of the prose;
    docs/benchmarks/trim.md; runs of three dated, linked posts, comment threads outside the
    cap, around prose of half the rest: docs/benchmarks/markup.md; a comment heading ending
    the prose: docs/benchmarks/precision.md); :data:`NO_TAIL` leaves the text as it is."""

    names: bool = True
    # With ``names``, also the appeal words (:data:`APPEAL_WORDS`): off, on landing and
    # listing pages a closing call to action is content.
    appeal_names: bool = False
    # With ``names``, also the Chinese portals' words (:data:`ZH_TAIL_WORDS`).
    zh_names: bool = True
    # With ``names``, read only a class's telling tokens (:func:`telling_value`): a post's
    # wrapper classed "tag-housing-market" or a body classed "ast-no-sidebar" is no tail box
    # (its article's paragraphs were skipped as another story's). Chosen in every fold,
    # unguarded and on the articles (docs/benchmarks/trim.md).
    telling_names: bool = True
    # Share of a subtree's characters inside links above which it is dropped; None: off.
    link_share: float | None = None
    # Consecutive same-shape elements, each holding a link, that make a post list; None: off.
    repeats: int | None = None
    # Drop everything from the first dropped subtree on, not just the dropped subtrees.
    cut_rest: bool = False
    # Characters (spaces included) of a ``<p>`` that counts as one of the article's.
    long_paragraph: int = 80
    # Share of the long paragraphs' characters the prose container holds.
    container_share: float = 0.8
    # Act only when the long paragraphs are at least this share of the region's characters
    # (an article, not a listing or a documentation page); None: always.
    min_prose_share: float | None = None
    # Keep the text whole when the cut would remove more than this share of it. 0.3 until
    # the briefs joined the sets: after a short article an author's bio or a box of other
    # stories is often more than that (docs/benchmarks/precision.md).
    max_cut_share: float | None = 0.5
    # With ``names``, a long paragraph inside a named subtree (another article's teaser in a
    # recommendation box) is not the article's: it neither moves the prose container nor
    # ends the prose, so the box after the article can be cut.
    skip_named_paragraphs: bool = True
    # With ``names``, a tail subtree that is not itself named still loses its named
    # descendants: page builders wrap a comment thread or a related-post box in anonymous
    # layout elements, so the name sits a few levels below the subtree's root.
    named_descendants: bool = True
    # With ``named_descendants``, also the tail tags (``nav``, ``aside``, ``form``,
    # ``footer``) below an unnamed tail subtree, not only class/id words.
    tagged_descendants: bool = True
    # With ``named_descendants``, look below unnamed subtrees only when the long paragraphs
    # are at least this share of the region's characters (an article, where what follows
    # the prose is furniture; on a landing page it is the content); None: always. 0.5 until
    # the short-article sets joined the cross-validation: a short article's paragraphs are
    # a small share of a region that holds its author box and its page's boxes, and no
    # gate was chosen in every fold, unguarded and on the articles (docs/benchmarks/trim.md).
    descendants_prose_share: float | None = None
    # Runs of this many dated same-shape elements (:mod:`newscrawl.extraction.posts`: a
    # comment thread, a recent-posts list) make a tail subtree, and their long paragraphs are
    # not the article's: the names' work done by structure, where names say nothing; None: off.
    dated_posts: int | None = 3
    # With ``dated_posts``, each element of a run must also hold a link with text (a reply,
    # an author's page, the post itself), as comments and post lists do and a dated list
    # inside an article (a timeline, a schedule) mostly does not.
    dated_posts_linked: bool = True
    # With ``dated_posts``, the cut cap counts what dated runs remove: off, a comment thread
    # (posts stamped with a time of day or an age, not only a day, their text mostly outside
    # links) many times the article's length goes whole.
    dated_posts_capped: bool = False
    # With ``dated_posts``, the share of the region's characters outside the dated subtrees
    # the article's long paragraphs must hold for the rule to act; None: always.
    dated_posts_prose_share: float | None = 0.5
    # With ``dated_posts``, a post holding a reply link ("Reply", "回复") counts as dated
    # with a time of day: comment engines put one under every comment, dated or not.
    reply_posts: bool = True
    # A comment section's heading (:mod:`newscrawl.extraction.comment_headings`: "3
    # Comments", "6 thoughts on “…”", "Leave a Reply", "网友评论") after the article's first
    # long paragraph ends the prose, and the tail subtree holding it goes with everything
    # after it: the heading and its words outlast class names that say nothing.
    comment_headings: bool = True
    # With ``comment_headings``, whether the cut cap counts what the heading's cut removes
    # (off: a thread many times the article's length goes whole).
    comment_headings_capped: bool = False
    # Whether the cut cap counts what a dropped ``nav``/``aside``/``form``/``footer`` holds
    # (off: markup that says it is no article goes however long it is, as a short article's
    # sidebar of a hundred links does). Off moves no dev page; under briefs made from the dev
    # articles (benchmarks/short_articles.py) it helps (docs/benchmarks/precision.md).
    tags_capped: bool = False
    # With ``comment_headings``, the share of the region's characters outside what follows
    # the heading that the article's long paragraphs must hold for the heading to count;
    # None: always. These three: among on/off, capped or not and this share at 0.5 or None,
    # no dev page moves but one listing (+0.03 without the share; benchmarks/tail_cv.py
    # --grid headings); under other sites' comment sections grafted below the dev articles
    # (benchmarks/grafted_comments.py) uncapped without the share helps most
    # (docs/benchmarks/precision.md).
    comment_headings_prose_share: float | None = None


NO_TAIL = TailOptions(
    names=False, link_share=None, repeats=None, dated_posts=None, comment_headings=False
)
DEFAULT_OPTIONS = TailOptions()


def is_on(options: TailOptions) -> bool:
    return (
        options.names
        or options.link_share is not None
        or options.repeats is not None
        or options.dated_posts is not None
        or options.comment_headings
    )


def names_tail(
    el: Element, appeals: bool = True, zh_words: bool = False, telling: bool = False
) -> bool:
    """Whether ``el`` is a tail element or a ``class``/``id`` token of it is a tail word
    (or, with ``appeals``, an appeal word; with ``zh_words``, a Chinese portal's word; with
    ``telling``, only among the words that say what the element is: :func:`telling_value`)."""
    if el.tag in TAIL_TAGS:
        return True
    for attribute in ("class", "id"):
        value = el.get(attribute)
        if value and _value_names_tail(value, appeals, zh_words, telling):
            return True
    return False


def telling_value(value: str) -> str:
    """A class/id value without the tokens that name a taxonomy term ("tag-housing",
    "category-news", "type-post": a taxonomy word with a term after it, as CMSs write a
    post's terms into its wrapper's classes) or describe a layout ("no-sidebar",
    "has-sidebar"). A bare "tags" or "post-tags" stays: that is the tags box (where
    :func:`newscrawl.extraction.noise.telling_words`, for density's noise words, drops it:
    a tags box is no noise to density, but it is a tail box after the article)."""
    kept = []
    for token in value.split():
        words = [word.lower() for word in re.split(r"[-_]+", token)]
        if not LAYOUT_WORDS.isdisjoint(words) or any(word in TAXONOMY_WORDS for word in words[:-1]):
            continue
        kept.append(token)
    return " ".join(kept)


# Answers per class/id value: a page repeats a few values many times, and a site's pages
# share them. Emptied when full (a crawl sees unbounded distinct values).
_VALUE_CACHE: dict[tuple[str, bool, bool, bool], bool] = {}
_MAX_CACHED_VALUES = 20_000


def _value_names_tail(value: str, appeals: bool, zh_words: bool, telling: bool) -> bool:
    key = (value, appeals, zh_words, telling)
    found = _VALUE_CACHE.get(key)
    if found is None:
        if len(_VALUE_CACHE) >= _MAX_CACHED_VALUES:
            _VALUE_CACHE.clear()
        read = telling_value(value) if telling else value
        words = {token.lower() for token in _TOKEN_SPLIT.split(read)}
        found = _VALUE_CACHE[key] = not (
            words.isdisjoint(TAIL_WORDS)
            and (not appeals or words.isdisjoint(APPEAL_WORDS))
            and (not zh_words or words.isdisjoint(ZH_TAIL_WORDS))
        )
    return found


@dataclass(frozen=True, slots=True)
class Prose:
    """Where the article's prose is in a region."""

    container: Element
    last: Element  # its last long paragraph
    chars: int  # characters of the region's long paragraphs
    # The comment heading the prose ended at (``prose_container``'s ``stops``), if any.
    ended_by: Element | None = None


def prose_container(
    region: Element,
    long_paragraph: int,
    share: float,
    skip: Callable[[Element], bool] | None = None,
    ends: Callable[[Element], bool] | None = None,
    stops: Sequence[Element] = (),
) -> Prose | None:
    """The deepest element holding ``share`` of the region's long-paragraph characters, and
    the last long ``<p>`` inside it; None when the region has no long paragraph.

    Deepest rather than the one with most ``<p>`` children: articles split over sibling
    sections or wrappers are held together by their parent, and a related-post list's
    excerpts are a small share of the prose. With ``skip``, a paragraph inside an element
    below the region that ``skip`` marks is not the article's (another article's teaser in a
    recommendation box), so it neither moves the container nor ends the prose. With ``ends``,
    a paragraph inside an element ``ends`` marks (a run of dated posts) is not the article's
    either, and once the article's prose has begun it ends there: an article does not resume
    after its comment thread (the reply form's notices that follow are not the article's).
    An element of ``stops`` (a comment section's heading) after the article's first long
    paragraph ends the prose there."""
    held: dict[Element, int] = {}
    depth: dict[Element, int] = {}
    paragraphs: list[Element] = []
    total = 0
    marked: dict[Element, bool] = {region: False}  # an element or an ancestor below is skipped
    ending: dict[Element, bool] = {region: False}  # the same for ``ends``
    ended_by = None
    stop_set = set(stops)  # the proxies stay alive in ``stops``
    for paragraph in region.iter("p", *{el.tag for el in stops}):
        if paragraph in stop_set:
            if paragraphs:
                ended_by = paragraph
                break
            continue
        if paragraph.tag != "p":
            continue
        length = article_paragraph_length(paragraph, long_paragraph)
        if not length:
            continue
        chain: list[Element] = []  # the paragraph's ancestors up to the region, nearest first
        if paragraph is not region:  # a region that is one <p> has no ancestors inside it
            for el in paragraph.iterancestors():
                chain.append(el)
                if el is region:
                    break
            if skip is not None and (_under_marked(chain, skip, marked) or skip(paragraph)):
                continue
            if ends is not None and _under_marked(chain, ends, ending):
                if paragraphs:
                    break
                continue
        paragraphs.append(paragraph)
        total += length
        for index, el in enumerate(chain):
            held[el] = held.get(el, 0) + length
            depth.setdefault(el, len(chain) - index)
    if not paragraphs:
        return None
    holding = [el for el, chars in held.items() if chars >= share * total]
    container = max(holding, key=depth.__getitem__, default=region)
    inside = {container, *container.iterdescendants("p")}
    last = next(p for p in reversed(paragraphs) if p in inside)
    return Prose(container, last, total, ended_by)


def article_paragraph_length(paragraph: Element, long_paragraph: int) -> int:
    """The characters of ``paragraph`` when it reads as one of an article's (at least
    ``long_paragraph`` of them, at most half inside links), else 0."""
    length = len(text_content(paragraph).strip())
    return length if length >= long_paragraph and 2 * link_text_length(paragraph) <= length else 0


# Paragraphs before an element, their length tested in C first: the Python test then runs on
# the few long ones.
_LONG_PARAGRAPHS_BEFORE = XPath(
    "preceding::p[string-length(normalize-space()) >= $chars]", smart_strings=False
)


# Text outside <p> and links before an element, in pieces long enough to hold a long line:
# an article written as lines between <br>s (which cleaning made newlines) has no <p>.
_LONG_LINE_TEXTS_BEFORE = XPath(
    "preceding::text()[string-length(normalize-space()) >= $chars]"
    "[not(ancestor::p)][not(ancestor::a)]",
    smart_strings=False,
)


def prose_before(el: Element, long_paragraph: int) -> int:
    """The characters of the article's paragraphs that stand before ``el`` in the document,
    outside it: its ``<p>`` elements (:func:`article_paragraph_length`) and its long lines
    of text outside ``<p>`` and links (a post written with ``<br>`` between paragraphs)."""
    chars = sum(
        article_paragraph_length(paragraph, long_paragraph)
        for paragraph in _LONG_PARAGRAPHS_BEFORE(el, chars=long_paragraph)
    )
    return chars + sum(
        len(line)
        for text in _LONG_LINE_TEXTS_BEFORE(el, chars=long_paragraph)
        for line in (part.strip() for part in text.split("\n"))
        if len(line) >= long_paragraph
    )


def _under_marked(
    chain: list[Element], skip: Callable[[Element], bool], marked: dict[Element, bool]
) -> bool:
    """Whether an element of ``chain`` (a paragraph's ancestors, nearest first, ending at the
    region) below the region is marked by ``skip``; ``marked`` remembers each answer per
    element, so a paragraph's neighbours reuse it and ``skip`` runs once per element."""
    index = 0
    while chain[index] not in marked:
        index += 1
    value = marked[chain[index]]
    for el in reversed(chain[:index]):
        value = value or skip(el)
        marked[el] = value
    return value


def tail_subtrees(region: Element, last: Element) -> Iterator[Element]:
    """The later siblings of ``last`` and of each of its ancestors below the region (the
    container's children after it among them), in document order."""
    node = last
    while node is not region:  # the region's own siblings are outside it
        for sibling in node.itersiblings():
            if isinstance(sibling.tag, str):
                yield sibling
        parent = node.getparent()
        if parent is None:
            return
        node = parent


def is_post_list(el: Element, repeats: int) -> bool:
    """Whether ``el`` is, or holds, ``repeats`` or more consecutive children of one tag and
    class, each holding a link with text."""
    for parent in (el, *el.iterdescendants()):
        if len(parent) < repeats:
            continue
        run, shape = 0, None
        for child in parent:
            if not isinstance(child.tag, str):
                continue
            child_shape = (child.tag, child.get("class"))
            if child_shape == shape and has_link(child):
                run += 1
                if run >= repeats:
                    return True
            else:
                shape, run = child_shape, int(has_link(child))
    return False


def is_tail(el: Element, options: TailOptions) -> bool:
    if options.names and names_tail(
        el, options.appeal_names, options.zh_names, options.telling_names
    ):
        return True
    if options.link_share is not None:
        length = len("".join(text_content(el).split()))
        anchors = sum(1 for _ in el.iter("a"))
        if length and anchors >= 2 and link_text_length(el) > options.link_share * length:
            return True
    if options.repeats is not None and is_post_list(el, options.repeats):
        return True
    return is_dated_tail(el, options)


def is_dated_tail(el: Element, options: TailOptions, timed: bool = False) -> bool:
    """With :attr:`TailOptions.dated_posts`, whether ``el`` is or holds a run of dated posts
    (with ``timed``, stamped with a time of day or an age)."""
    return options.dated_posts is not None and holds_dated_posts(
        el, options.dated_posts, options.dated_posts_linked, timed, options.reply_posts
    )


def named_test(options: TailOptions) -> Callable[[Element], bool] | None:
    """With :attr:`TailOptions.skip_named_paragraphs`, whether an element is named."""
    if not (options.names and options.skip_named_paragraphs):
        return None
    appeals, zh_words, telling = options.appeal_names, options.zh_names, options.telling_names

    def named(el: Element) -> bool:
        # most paragraphs and wrappers carry neither attribute: no call for them
        if el.tag not in TAIL_TAGS and el.get("class") is None and el.get("id") is None:
            return False
        return names_tail(el, appeals, zh_words, telling)

    return named


def dated_posts_test(options: TailOptions) -> Callable[[Element], bool] | None:
    """With :attr:`TailOptions.dated_posts`, whether an element is one of a run of dated
    posts (where the article's prose ends)."""
    if options.dated_posts is None:
        return None
    return dated_post_test(options.dated_posts, options.dated_posts_linked, options.reply_posts)


def dropped_subtrees(region: Element, options: TailOptions) -> tuple[Prose | None, list[Element]]:
    """Where the prose is, and the tail subtrees the options drop, in document order."""
    prose, dropped, _ = tail_of(region, options)
    return prose, dropped


def tail_of(
    region: Element, options: TailOptions, page_headings: Sequence[Element] | None = None
) -> tuple[Prose | None, list[Element], list[Element]]:
    """Where the prose is, the tail subtrees the options drop, and those of them the cut cap
    does not count (comment threads, with :attr:`TailOptions.dated_posts_capped` off; what
    follows a comment heading, with :attr:`TailOptions.comment_headings_capped` off).

    With :attr:`TailOptions.dated_posts_prose_share`, dated posts count only around an
    article: when the region's text outside the dropped dated subtrees is not mostly the
    prose's long paragraphs (a listing of dated teasers, an events page, a course schedule:
    the dated items are the content), the tail is worked out as if the rule were off.
    :attr:`TailOptions.comment_headings_prose_share` does the same for a comment heading
    (a listing's items each showing "11 comments").

    ``page_headings``, when given, are the page's comment headings (found once for the whole
    page: :attr:`newscrawl.extraction.document.Document.comment_headings`); those inside the
    region are its headings, and the region is not searched again."""
    headings = _headings_in(region, page_headings) if options.comment_headings else []
    prose, dropped = _dropped_subtrees(region, options, headings)
    if prose is None:
        return prose, dropped, []
    share = options.comment_headings_prose_share
    if (
        prose.ended_by is not None
        and share is not None
        and not _is_prose(region, prose, share, outside=_from_heading(dropped, prose))
    ):
        options, headings = replace(options, comment_headings=False), []
        prose, dropped = _dropped_subtrees(region, options, headings)
        if prose is None:
            return prose, dropped, []
    after_heading = _uncapped_after_heading(dropped, prose, options)
    if options.dated_posts is not None:
        dated = [el for el in dropped if is_dated_tail(el, options)]
        share = options.dated_posts_prose_share
        if dated and share is not None and not _is_prose(region, prose, share, outside=dated):
            undated = replace(options, dated_posts=None)
            prose, dropped = _dropped_subtrees(region, undated, headings)
            return prose, dropped, _uncapped_after_heading(dropped, prose, options)
        if not options.dated_posts_capped:
            threads = [
                el for el in dated if _is_written(el) and is_dated_tail(el, options, timed=True)
            ]
            return prose, dropped, [*threads, *(el for el in after_heading if el not in threads)]
    return prose, dropped, after_heading


def _headings_in(region: Element, page_headings: Sequence[Element] | None) -> list[Element]:
    """The comment headings below ``region``: of ``page_headings`` when given, else found."""
    if page_headings is None:
        return comment_headings(region)
    return [el for el in page_headings if is_below(el, region)]


def _uncapped_after_heading(
    dropped: Sequence[Element], prose: Prose | None, options: TailOptions
) -> list[Element]:
    """What the comment heading's cut drops, when the cap does not count it."""
    if prose is None or options.comment_headings_capped:
        return []
    return _from_heading(dropped, prose)


def _from_heading(dropped: Sequence[Element], prose: Prose) -> list[Element]:
    """The dropped subtrees from the one holding the comment heading the prose ended at."""
    holders = _heading_holders(prose)
    start = next((i for i, el in enumerate(dropped) if el in holders), len(dropped))
    return list(dropped[start:])


def _heading_holders(prose: Prose) -> set[Element]:
    """The comment heading the prose ended at and its ancestors (empty: none ended it)."""
    if prose.ended_by is None:
        return set()
    return {prose.ended_by, *prose.ended_by.iterancestors()}


# Most of a comment thread's text is written outside links; a run of news teasers stamped
# "2 hrs ago" is links.
THREAD_LINK_SHARE = 0.5


def _is_written(el: Element) -> bool:
    return link_text_length(el) <= THREAD_LINK_SHARE * _chars(el)


def _dropped_subtrees(
    region: Element, options: TailOptions, headings: Sequence[Element]
) -> tuple[Prose | None, list[Element]]:
    prose = prose_container(
        region,
        options.long_paragraph,
        options.container_share,
        named_test(options),
        dated_posts_test(options),
        headings,
    )
    if prose is None:
        return None, []
    if options.min_prose_share is not None and not _is_prose(
        region, prose, options.min_prose_share
    ):
        return prose, []
    descend = (
        options.names
        and options.named_descendants
        and (
            options.descendants_prose_share is None
            or _is_prose(region, prose, options.descendants_prose_share)
        )
    )
    dropped: list[Element] = []
    # The comment heading's subtree and every one after it go.
    heading_holders = _heading_holders(prose)
    past_heading = False
    for el in tail_subtrees(region, prose.last):
        past_heading = past_heading or el in heading_holders
        if not text_content(el).strip():
            continue
        if past_heading or (options.cut_rest and dropped) or is_tail(el, options):
            dropped.append(el)
        elif descend:
            dropped.extend(named_inside(el, options))
    return prose, dropped


def _is_prose(region: Element, prose: Prose, share: float, outside: Sequence[Element] = ()) -> bool:
    """Whether the long paragraphs hold ``share`` of the region's characters (those of the
    ``outside`` subtrees left out)."""
    chars = _chars(region) - sum(_chars(el) for el in outside)
    return prose.chars >= share * chars


def prose_share(region: Element, options: TailOptions = DEFAULT_OPTIONS) -> float:
    """The share of ``region``'s characters (spaces excluded) its article paragraphs hold:
    :func:`prose_container` with the tail cut's paragraph length and container share, but
    without its exclusions (paragraphs in named boxes or dated posts count here); 0 without
    a long paragraph."""
    return share_of(
        region, prose_container(region, options.long_paragraph, options.container_share)
    )


def share_of(region: Element, prose: Prose | None) -> float:
    """The share of ``region``'s characters (spaces excluded) that ``prose``, its prose
    container as :func:`prose_container` found it, holds in long paragraphs; 0 without one."""
    chars = _chars(region)
    return prose.chars / chars if prose is not None and chars else 0.0


def _chars(el: Element) -> int:
    text = text_content(el)
    return len(text) - text.count(" ")


def named_inside(el: Element, options: TailOptions) -> list[Element]:
    """The outermost named descendants of ``el`` that hold text, in document order."""
    found: list[Element] = []
    pending = [child for child in reversed(el) if isinstance(child.tag, str)]
    while pending:
        node = pending.pop()
        if (options.tagged_descendants or node.tag not in TAIL_TAGS) and names_tail(
            node, options.appeal_names, options.zh_names, options.telling_names
        ):
            if text_content(node).strip():
                found.append(node)
            continue
        pending.extend(child for child in reversed(node) if isinstance(child.tag, str))
    return found


def without_tail_lines(
    text: str, last: Element, dropped: Sequence[Element], container: Element | None = None
) -> str | None:
    """``text`` without the lines of ``dropped`` that follow the last long paragraph's line;
    None when that line is not in the text. Lines, not blocks: a block method keeps some of
    a subtree's lines and not others. With ``container`` (the prose container), a last
    paragraph the method left out (a "disclaimer" its class names as furniture) gives way to
    the container's last line that the text holds."""
    lines = text.split("\n")
    gone = {line for el in dropped for line in paragraph_text(el).split("\n")}
    anchor = paragraph_text(last).split("\n")[-1]
    try:
        index = lines.index(anchor)
    except ValueError:
        if container is None:
            return None
        own = set(paragraph_text(container).split("\n")) - gone - {""}
        index = max((i for i, line in enumerate(lines) if line in own), default=-1)
        if index < 0:
            return None
    return "\n".join(lines[: index + 1] + [line for line in lines[index + 1 :] if line not in gone])


def cut_tail(
    text: str,
    span: tuple[Element, Element] | None,
    options: TailOptions = DEFAULT_OPTIONS,
    page_headings: Sequence[Element] | None = None,
) -> str:
    """``text`` (written from the region that ``span``'s first and last element share)
    without the tail subtrees the options drop (``page_headings``: see :func:`tail_of`)."""
    if span is None or not text or not is_on(options):
        return text
    region = common_ancestor(span[0], span[1])
    if region is None:
        return text
    prose, dropped, uncapped = tail_of(region, options, page_headings)
    if prose is None or not dropped:
        return text
    if not options.tags_capped:
        uncapped = [*uncapped, *(el for el in dropped if el.tag in TAIL_TAGS)]
    whole_region = span[0] is span[1] and paragraph_text(region) == text

    def without(gone: Sequence[Element]) -> str:
        if whole_region:
            return paragraph_text(region, exclude=gone)
        return without_tail_lines(text, prose.last, gone, prose.container) or text

    cut = without(dropped)
    if options.max_cut_share is None:
        return cut
    counted = without([el for el in dropped if el not in uncapped]) if uncapped else cut
    if len(text) - len(counted) > options.max_cut_share * len(text):
        return text
    return cut
