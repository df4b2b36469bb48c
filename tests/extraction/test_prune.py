"""Prune: blocks inside the chosen region that are link lists, named boxes or teaser runs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from lxml.etree import _Element as Element

from newscrawl.extraction import load_document
from newscrawl.extraction.document import DocumentError
from newscrawl.extraction.dom import paragraph_text
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.prune import NO_PRUNE, PruneOptions, names_a_box, prune, pruned_blocks
from newscrawl.extraction.types import ContentResult, Rejection
from tests.extraction.test_never_raises import html_bytes
from tests.property import examples

PROSE = "The council voted on Tuesday to rebuild the bridge over the river next spring. "


def region(inner: str) -> Element:
    html = f"<html><body><div id='region'>{inner}</div></body></html>"
    node = load_document(html.encode()).root.find(".//div[@id='region']")
    assert node is not None
    return node


def pruned_text(inner: str, options: PruneOptions) -> str:
    node = region(inner)
    return prune(paragraph_text(node), [node], options)


ARTICLE = f"<p>{PROSE * 2}</p><p>{PROSE}</p>"
LINK_LIST = (
    "<div class='more'><a href='/a'>First other story about something</a>"
    "<a href='/b'>Second other story about something</a></div>"
)


def test_off_leaves_the_text_alone() -> None:
    inner = ARTICLE + LINK_LIST + "<div class='comments'><p>Nice post!</p></div>"
    node = region(inner)
    assert prune(paragraph_text(node), [node], NO_PRUNE) == paragraph_text(node)


def test_link_dense_block_is_dropped() -> None:
    text = pruned_text(ARTICLE + LINK_LIST, PruneOptions(link_share=0.5))
    assert "First other story" not in text
    assert PROSE.strip() in text


def test_a_single_linked_sentence_stays() -> None:
    inner = ARTICLE + "<p>See: <a href='/x'>How the old bridge was built in 1902</a></p>"
    text = pruned_text(inner, PruneOptions(link_share=0.5, min_links=2))
    assert "How the old bridge" in text


def test_prose_with_a_few_links_stays() -> None:
    inner = f"<p>{PROSE} <a href='/c'>council</a> and <a href='/r'>river</a>. {PROSE}</p>"
    assert "council" in pruned_text(inner, PruneOptions(link_share=0.5))


@pytest.mark.parametrize(
    ("attributes", "named"),
    [
        ("class='comment-list'", True),
        ("id='comments'", True),
        ("class='relatedPosts'", True),
        ("class='post-share-bar'", True),
        ("class='newsletter signup'", True),
        ("class='相关新闻'", True),
        ("class='评论区'", True),
        ("class='commentary'", False),
        ("class='shared-content'", False),
        ("class='body'", False),
    ],
)
def test_box_names_are_whole_tokens(attributes: str, named: bool) -> None:
    node = region(f"<div {attributes}><p>x</p></div>")
    assert names_a_box(node[0]) is named


def test_named_box_is_dropped() -> None:
    inner = ARTICLE + "<div class='comment-list'><p>I disagree with the council entirely.</p></div>"
    text = pruned_text(inner, PruneOptions(box_names=True))
    assert "I disagree" not in text
    assert PROSE.strip() in text


def test_a_named_box_holding_most_of_the_region_is_the_article() -> None:
    inner = f"<div class='share-wrapper'>{ARTICLE}</div><p>Short note.</p>"
    assert PROSE.strip() in pruned_text(inner, PruneOptions(box_names=True))


def teasers(count: int) -> str:
    return "".join(
        f"<div class='card'><a href='/t{i}'>Teaser headline number {i}</a> 2 min</div>"
        for i in range(count)
    )


def test_teaser_run_is_dropped_from_its_length_on() -> None:
    assert "Teaser headline" not in pruned_text(ARTICLE + teasers(3), PruneOptions(sibling_run=3))
    assert "Teaser headline" in pruned_text(ARTICLE + teasers(2), PruneOptions(sibling_run=3))


def test_inline_links_side_by_side_are_no_run() -> None:
    inner = f"<p>{PROSE} <a href='/1'>one</a> <a href='/2'>two</a> <a href='/3'>three</a></p>"
    assert pruned_blocks(region(inner), PruneOptions(sibling_run=3)) == []


def test_only_after_article_keeps_a_link_list_before_it() -> None:
    options = PruneOptions(link_share=0.5, only_after_article=True)
    text = pruned_text(LINK_LIST + ARTICLE + LINK_LIST.replace("other", "later"), options)
    assert "First other story" in text
    assert "First later story" not in text


def test_lines_are_removed_in_document_order() -> None:
    # The list repeats the article's first line; the article's own line stays.
    inner = (
        "<p>Bridge to be rebuilt</p>" + ARTICLE + "<ul class='related'><li><a href='/1'>"
        "Bridge to be rebuilt</a></li><li><a href='/2'>Other news</a></li></ul>"
    )
    text = pruned_text(inner, PruneOptions(box_names=True))
    assert text.split("\n")[0] == "Bridge to be rebuilt"
    assert text.count("Bridge to be rebuilt") == 1
    assert "Other news" not in text


def test_block_method_lines_go_only_where_the_block_stands() -> None:
    # One line per paragraph node (a block method's text): the list's two lines are removed
    # where they stand together, not the article's earlier line equal to the first of them.
    node = region(
        "<p>Bridge news</p>" + ARTICLE + "<ul class='related'><li>Bridge news</li>"
        "<li>Other news</li></ul>"
    )
    paragraphs = node.findall(".//p")
    item = node.find(".//li")
    assert item is not None
    text = f"Bridge news\n{PROSE.strip()}\nBridge news\nOther news"
    pruned = prune(text, [paragraphs[0], item], PruneOptions(box_names=True))
    assert pruned.split("\n") == ["Bridge news", PROSE.strip()]


ALL_ON = PruneOptions(
    link_share=0.5, box_names=True, sibling_run=2, only_after_article=True, max_block_share=1.0
)


@settings(max_examples=examples(60))
@given(case=html_bytes())
def test_auto_with_every_rule_on_never_raises(case: tuple[bytes, str | None]) -> None:
    data, encoding = case
    try:
        doc = load_document(data, url="https://example.com/a.html", encoding=encoding)
    except DocumentError:
        return
    result = auto.extract_content(doc, replace(DEFAULT_AUTO, prune=ALL_ON))
    assert isinstance(result, ContentResult | Rejection)
