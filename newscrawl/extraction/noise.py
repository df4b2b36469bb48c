"""Page furniture ("noise"): the tags and class/id words that mark it, and the guard that keeps
a marked element anyway when it holds most of the page's text. A class word counts only where
it says what the element is: not as a post's taxonomy term ("category-social-media") or in a
token that describes a layout ("has-sidebar") (:func:`telling_words`).

One definition for the density method (docs/algorithms.md A.3) and TCDT's optional noise
pre-filter (A.4.6). The C walks (_walks.c) run the same test from the same data
(:meth:`NoiseRules.c_inputs`), so the Python and C paths cannot drift apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction.native import c_tags

# Tags whose subtree is page furniture, not article text.
NOISE_TAGS = frozenset({"nav", "aside", "footer", "header"})
# class/id words (after splitting on spaces, "-" and "_") that mark furniture; GNE 0.4.3's
# USELESS_ATTR list with plurals and a few common variants added.
NOISE_WORDS = frozenset(
    {
        "share",
        "sharing",
        "shares",
        "contribution",
        "copyright",
        "disclaimer",
        "recommend",
        "recommended",
        "related",
        "footer",
        "comment",
        "comments",
        "social",
        "submeta",
        "sidebar",
        "navigation",
        "nav",
        "navbar",
        "breadcrumb",
        "breadcrumbs",
        "ad",
        "ads",
        "advert",
        "advertisement",
        "newsletter",
        "signup",
        "subscribe",
        "subscription",
        "interaction",
        "donate",
        "popup",
        "modal",
        "toolbar",
        "promo",
        "cookie",
        "cookies",
        "banner",
    }
)
# class/id words of article bodies; the density method counts their text double, as GNE does,
# but as whole words, so "contentinfo" or "sidebar-content" do not match by substring.
CONTENT_WORDS = frozenset(
    {
        "content",
        "article",
        "articlebody",
        "story",
        "post",
        "entry",
        "body",
        "text",
        "main",
        "news",
        "detail",
    }
)
# Tags that mean an article body as the content words do: HTML5's <article> says so in the
# markup itself, where a generated stylesheet ("css-1x2y3z") or an unseen template leaves no
# word to read (benchmarks/anonymised_names.py, docs/benchmarks/markup.md). <main> was
# swept too and not kept: it lowered the articles, served and renamed.
CONTENT_TAGS: frozenset[str] = frozenset({"article"})
# A noise-marked element holding more than this share of the page's text is kept anyway:
# article wrappers carry classes like "post has-sidebar". Not swept: 0.5 reads "most of the
# page's text" (noise removal as a whole moves F1 by under 0.01 on both sets, so the guard
# matters for robustness, not the mean).
NOISE_MAX_TEXT_SHARE = 0.5


# Words after which a class token names a taxonomy term, not what the element is: CMSs
# write a post's categories and tags, and a node's type, into its classes
# ("category-social-media", "tag-newsletter", "node--type-newsletter-article"), so a term
# that happens to be a furniture word marks the article itself as furniture.
TAXONOMY_WORDS = frozenset(
    {"category", "categories", "cat", "tag", "tags", "topic", "topics", "type", "format", "term"}
)
# Words of a token that describes the element's layout, not the element: "has-sidebar",
# "no-sidebar", "with-nav-sidebar", "c-layout-sidebar-left" sit on the column that holds the
# article beside (or without) a sidebar. Not "wrap"/"wrapper": "comments-wrapper" is the box.
LAYOUT_WORDS = frozenset({"has", "no", "with", "without", "layout"})


def telling_words(value: str) -> frozenset[str]:
    """The words of a class/id value that say what the element is: without each token's
    taxonomy term (the words after a :data:`TAXONOMY_WORDS` word in the same token) and
    without the tokens that describe a layout (:data:`LAYOUT_WORDS`)."""
    kept: list[str] = []
    for token in value.lower().split():
        words = token.replace("_", "-").split("-")
        if not LAYOUT_WORDS.isdisjoint(words):
            continue
        for word in words:
            if word in TAXONOMY_WORDS:
                break
            kept.append(word)
    return frozenset(kept)


class NoiseSource(Protocol):
    """Options that carry noise rules (``DensityOptions``)."""

    @property
    def noise_tags(self) -> frozenset[str]: ...
    @property
    def noise_words(self) -> frozenset[str]: ...
    @property
    def content_words(self) -> frozenset[str]: ...


class NoiseRules:
    """Noise tags and class/id words, with the (noise, content) flags of every class or id
    value seen so far. One per distinct tag and word sets (:func:`noise_rules`), so a
    variant's flags never answer for another's."""

    __slots__ = ("content_words", "flag_cache", "noise_words", "tags", "tags_c")
    # Values cached before the cache is emptied (a crawl sees unbounded distinct values).
    MAX_VALUES = 20_000

    def __init__(
        self, tags: frozenset[str], noise_words: frozenset[str], content_words: frozenset[str]
    ) -> None:
        self.tags = tags
        self.tags_c = c_tags(tags)
        self.noise_words = noise_words
        self.content_words = content_words
        # A plain dict: a page repeats a few values hundreds of times, and a dict lookup
        # costs a fraction of an lru_cache call. The C walks read it directly.
        self.flag_cache: dict[str, tuple[bool, bool]] = {}

    def flags(self, value: str) -> tuple[bool, bool]:
        """(noise, content) of one class or id value, cached."""
        flags = self.flag_cache.get(value)
        if flags is None:
            if len(self.flag_cache) >= self.MAX_VALUES:
                self.flag_cache.clear()
            value_words = value.lower().replace("-", " ").replace("_", " ")
            words = frozenset(value_words.split())  # str methods: 3x faster than a regex
            noise = not words.isdisjoint(self.noise_words)
            if noise:
                noise = not telling_words(value).isdisjoint(self.noise_words)
            flags = self.flag_cache[value] = (noise, not words.isdisjoint(self.content_words))
        return flags

    def is_noise(self, el: Element) -> bool:
        """Furniture by tag, by a class/id word, or hidden by an inline style."""
        if el.tag in self.tags:
            return True
        for name in ("class", "id"):
            value = el.get(name)
            if value is not None and self.flags(value)[0]:
                return True
        return is_hidden(el.get("style"))

    def c_inputs(self) -> dict[str, Any]:
        """:meth:`is_noise` as data for the C walks: the class/id flag cache, the function
        that fills it, and the noise tags."""
        return {"flag_cache": self.flag_cache, "flags_of": self.flags, "noise_tags": self.tags_c}


@lru_cache(maxsize=16)
def _rules(
    tags: frozenset[str], noise_words: frozenset[str], content_words: frozenset[str]
) -> NoiseRules:
    return NoiseRules(tags, noise_words, content_words)


def noise_rules(options: NoiseSource) -> NoiseRules:
    """The noise rules of ``options``, built once per distinct tag and word sets."""
    return _rules(options.noise_tags, options.noise_words, options.content_words)


def max_noise_chars(page_chars: float, share: float = NOISE_MAX_TEXT_SHARE) -> float:
    """The most text a noise-marked element may hold and still be left out: ``share`` of the
    page's ``page_chars`` (the guard of :data:`NOISE_MAX_TEXT_SHARE`)."""
    return share * page_chars


def is_hidden(style: str | None) -> bool:
    """Whether an inline ``style`` hides its element (``display:none``)."""
    return bool(style) and "display:none" in "".join(style.split()).lower()  # type: ignore[union-attr]


# Inline styles, as strings that know their element: few elements have one, so libxml2
# finds them instead of a walk reading a third attribute of every element.
_STYLES = etree.XPath("descendant-or-self::*/@style")


def hidden_elements(root: Element) -> set[Element]:
    """Elements under ``root`` hidden by an inline ``display:none``."""
    return {style.getparent() for style in _STYLES(root) if is_hidden(style)}
