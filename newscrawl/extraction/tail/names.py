"""What names a tail box: a ``nav``/``aside``/``form``/``footer`` element, or a ``class``/``id``
token among the tail words (with the options, the appeal and the Chinese portals' words too)."""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import text_content
from newscrawl.extraction.noise import LAYOUT_WORDS, TAXONOMY_WORDS
from newscrawl.extraction.tail.options import TailOptions

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
