"""The C tree walks (_walks.c) equal their Python references on generated trees.

test_walks_c.py holds the two equal on the dataset pages; this property test covers the shapes
those pages may lack: random nesting, text mixing CJK, Latin, punctuation and every kind of
whitespace, links, noise tags and noise/content class words, hidden styles, comments,
processing instructions, tails and empty elements. Each tree is checked as extraction sees it
(``load_document``: parsed and cleaned) and as parsed, before cleaning (comments still in it).

Runs are random locally and derandomized under CI (a fixed sequence of examples), so CI never
fails on a tree no one can reproduce.
"""

from __future__ import annotations

import os
from dataclasses import replace
from html import escape
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lxml import etree

from newscrawl.extraction import blocks, dom, native
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.extractors.density_options import (
    DEFAULT_OPTIONS as DEFAULT_DENSITY_OPTIONS,
)
from newscrawl.extraction.extractors.tcdt import tree as tcdt_tree
from newscrawl.extraction.metadata.authors import markup
from tests.property import examples

pytestmark = pytest.mark.skipif(
    native.walks is None,
    reason="the C walks are not built; test_walks_c.py::test_the_extension_is_built fails instead",
)

PAGE_URL = "https://example.com/news/a.html"

PARITY = settings(
    max_examples=examples(100),
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ---- the tree generator ------------------------------------------------------------------

CHARACTERS = (
    "abcxyzABC019"  # Latin and digits
    "新闻正文中国记者报道一二三"  # CJK
    "，。！？、；：“”《》（）【】「」·％～…—"  # CJK punctuation (the density SYMBOLS)
    ",.?:;'\"!()%-/&<>"  # ASCII punctuation, with characters that need escaping
    " \n\t\r\u3000\u00a0\u200b\ufeff\u2028\u2009\u0085\x0b\x0c"  # every kind of space
)
text = st.text(alphabet=CHARACTERS, max_size=40).map(lambda t: escape(t, quote=False))

BLOCK = [
    "div",
    "p",
    "section",
    "article",
    "li",
    "ul",
    "td",
    "tr",
    "table",
    "blockquote",
    "pre",
    "h1",
    "h2",
    "h3",
    "main",
    "figure",
    "dl",
    "dd",
]
INLINE = ["a", "span", "b", "em", "strong", "font", "label", "time", "sup"]
NOISE = ["nav", "footer", "aside", "header", "form", "button"]
VOID = ["img", "br", "hr", "input", "wbr", "meta"]
RAW = ["script", "style", "noscript", "template", "textarea"]

CLASS_WORDS = [
    "share",
    "comment-list",
    "footer",
    "ad",
    "related_news",
    "sidebar",
    "nav",
    "content",
    "article-body",
    "post_text",
    "main",
    "story",
    "author",
    "byline",
    "post-author",
    "author_name",
    "entry",
    "x",
    "Share-Box",
    "AD",
    "news-detail",
]
STYLES = [
    "display:none",
    "display: NONE",
    "DISPLAY : none ;color:red",
    "color: red",
    "display:block",
]
HREFS = [
    "/x",
    "#",
    "#top",
    "a.html",
    PAGE_URL,
    "https://example.com/news/a.html#c",
    "https://other.org/y",
    "javascript:void(0)",
    "",
]


def _attribute(name: str, values: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(values).map(lambda v: f' {name}="{escape(v)}"')


attribute = st.one_of(
    st.lists(st.sampled_from(CLASS_WORDS), min_size=1, max_size=3).map(
        lambda words: f' class="{" ".join(words)}"'
    ),
    _attribute("id", CLASS_WORDS),
    _attribute("style", STYLES),
    _attribute("href", HREFS),
    _attribute("itemprop", ["author", "articleBody", "name"]),
    _attribute("rel", ["author", "nofollow"]),
    _attribute("title", ["标题", "x"]),
)
attributes = st.lists(attribute, max_size=3).map("".join)

leaf = st.one_of(
    text,
    text.map(lambda t: f"<!--{t.replace('-', '')}-->"),
    st.sampled_from(["<?php echo 1?>", "<?pi x?>"]),
    st.builds(lambda tag, attrs: f"<{tag}{attrs}>", st.sampled_from(VOID), attributes),
    st.builds(
        lambda tag, attrs: f"<{tag}{attrs}></{tag}>",
        st.sampled_from(BLOCK + INLINE + NOISE),
        attributes,
    ),
    st.builds(lambda tag, body: f"<{tag}>{body}</{tag}>", st.sampled_from(RAW), text),
)


def _element(tag: str, attrs: str, children: list[str]) -> str:
    return f"<{tag}{attrs}>{''.join(children)}</{tag}>"


def _extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    # Mixed content: children interleaved with text, so elements get texts and tails.
    return st.builds(
        _element,
        st.sampled_from(BLOCK + INLINE + NOISE),
        attributes,
        st.lists(st.one_of(children, text), max_size=6),
    )


fragment = st.recursive(leaf, _extend, max_leaves=40)
pages = st.builds(
    lambda body, attrs: (
        f"<html><head><title>t</title></head><body{attrs}>{''.join(body)}</body></html>"
    ),
    st.lists(fragment, max_size=5),
    attributes,
)


# Trees that once told the two apart, run on every test: a comment's tail (the Python walks
# did not see comments), and a control character after a <br> (cleaning crashed on it).
FOUND = [
    "<html><body><div><!---->00</div><?pi x?>一<a href='/x'><!--c-->链接</a></body></html>",
    "<html><body><div><br>\x0c a<br>\x01b</div></body></html>",
]


def with_found_trees(test):  # type: ignore[no-untyped-def]
    for html in reversed(FOUND):
        test = example(html)(test)
    return test


def parsed(html: str) -> etree._Element:
    """The page as extraction parses it, before cleaning (comments and PIs still in it)."""
    root = dom.parse_html(html)
    assert root is not None
    return root


def cleaned(html: str) -> etree._Element:
    """The page's body as extraction sees it: parsed and cleaned by ``load_document``."""
    try:
        doc = load_document(html, url=PAGE_URL)
    except DocumentError as error:  # the generator only makes pages that parse
        raise AssertionError(f"generated page rejected: {error}") from error
    assert doc.body is not None
    return doc.root


def trees(html: str) -> list[etree._Element]:
    return [cleaned(html), parsed(html)]


def body_of(root: etree._Element) -> etree._Element:
    body = root.find("body")
    assert body is not None
    return body


def feature_rows(features: list[text_density.NodeFeatures]) -> list[tuple[object, ...]]:
    return [
        (
            f.element,
            f.order,
            f.text,
            type(f.text),
            f.link_text,
            f.tags,
            f.link_tags,
            f.paragraphs,
            f.symbols,
            f.score,
        )
        for f in features
    ]


# ---- the walks under test, each as (C, Python) -------------------------------------------
# Only these lines name the methods' parameters.

DensityRun = tuple[list[text_density.NodeFeatures], list[etree._Element]]


def density_walks(start: etree._Element, skip_noise: bool) -> tuple[DensityRun, DensityRun]:
    options = replace(DEFAULT_DENSITY_OPTIONS, skip_noise=skip_noise)
    return (text_density.measure(start, options), text_density.measure_in_python(start, options))


# TCDT's noise pre-filters: the density method's rules, other rules (the C walk runs both from
# their data), none.
TCDT_NOISE = (
    DEFAULT_DENSITY_OPTIONS,
    replace(
        DEFAULT_DENSITY_OPTIONS,
        noise_tags=frozenset({"footer", "form"}),
        noise_words=frozenset({"share", "x"}),
    ),
    None,
)


def tcdt_walks(
    body: etree._Element, url: str | None, noise: Any
) -> tuple[tcdt_tree.IndexedTree, tcdt_tree.IndexedTree]:
    return tcdt_tree.index_tree(body, url, noise), tcdt_tree.index_in_python(body, url, noise)


# ---- the properties ----------------------------------------------------------------------


@PARITY
@given(pages)
@with_found_trees
def test_density_walk(html: str) -> None:
    for root in trees(html):
        for start in (body_of(root), *body_of(root).iterdescendants("div", "article")):
            for skip_noise in (True, False):
                (got, excluded), (expected, expected_excluded) = density_walks(start, skip_noise)
                assert feature_rows(got) == feature_rows(expected)
                assert excluded == expected_excluded


@PARITY
@given(pages)
@with_found_trees
def test_paragraph_text(html: str) -> None:
    for root in trees(html):
        _, (_, excluded) = density_walks(body_of(root), True)
        for element in root.iter():
            if not isinstance(element.tag, str):
                continue
            for exclude in ((), excluded):
                assert dom.paragraph_text(element, exclude) == dom.paragraph_text_in_python(
                    element, exclude
                ), etree.tostring(element)


@PARITY
@given(pages)
@with_found_trees
def test_segmentation(html: str) -> None:
    for root in trees(html):
        assert blocks.segment(root) == blocks.segment_in_python(root)


@PARITY
@given(pages)
@with_found_trees
def test_tcdt_index(html: str) -> None:
    for root in trees(html):
        body = body_of(root)
        for noise in TCDT_NOISE:
            for url in (PAGE_URL, None):
                got, expected = tcdt_walks(body, url, noise)
                assert got == expected


@PARITY
@given(pages)
@with_found_trees
def test_author_markup_prefilter(html: str) -> None:
    for root in trees(html):
        everything = list(root.iter())
        candidates = list(markup._author_markup_candidates(root))
        # a subset of the elements, in document order, that loses no author markup
        positions = [everything.index(el) for el in candidates]
        assert positions == sorted(set(positions))
        assert [el for el in candidates if markup._is_author_markup(el)] == [
            el for el in everything if markup._is_author_markup(el)
        ]
