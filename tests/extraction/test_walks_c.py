"""The C tree walks (_walks.c) against their Python references, element for element.

CI builds the extension (setup.py, through the README's install command), so its absence is a
failure here, not a skip: without it the crawler silently runs ~4x slower walks.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest

from newscrawl.evaluation.dataset import load_pages, stable_sample
from newscrawl.evaluation.datasets import pages_file
from newscrawl.extraction import blocks, dom, native, text, thread
from newscrawl.extraction.document import DocumentError, load_document
from newscrawl.extraction.dom import cleaning as dom_cleaning
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.extractors.density_options import (
    DEFAULT_OPTIONS as DEFAULT_DENSITY_OPTIONS,
)
from newscrawl.extraction.extractors.tcdt import tree as tcdt_tree
from tests.extraction.test_walks_parity import feature_rows


def dataset_documents():
    pages = load_pages(pages_file("cwced_zh"))
    pages += load_pages(pages_file("gne_unlabeled"))
    pages += stable_sample(load_pages(pages_file("wcxb_dev")), 150)
    for page in pages:
        try:
            yield page.id, load_document(page.read_html(), url=page.url)
        except DocumentError:
            continue


def content_roots():
    for page_id, doc in dataset_documents():
        root = text_density.content_root(doc)
        if root is not None:
            yield page_id, root


def test_the_extension_is_built():
    assert native.walks is not None


@pytest.mark.slow
def test_paragraph_text_in_c_equals_python_on_dataset_pages():
    checked = 0
    for page_id, root in content_roots():
        features, excluded = text_density.measure(root)
        nodes = [root, *(f.element for f in features[-5:])]
        for node in nodes:
            for exclude in ((), set(excluded)):
                assert dom.paragraph_text(node, exclude) == dom.paragraph_text_in_python(
                    node, exclude
                ), (page_id, node.tag)
                checked += 1
    assert checked > 1000


def _subtree_lines(el):
    text, numbers = dom.subtree_lines(el)
    return text, list(numbers)


@pytest.mark.slow
def test_subtree_lines_in_c_equal_python_on_dataset_pages():
    checked = 0
    for page_id, root in content_roots():
        for node in (root, root.getparent()):
            if node is not None:
                assert _subtree_lines(node) == dom.subtree_lines_in_python(node), page_id
                checked += 1
    assert checked > 200


@pytest.mark.slow
def test_a_clean_block_holds_the_lines_of_its_own_paragraph_text():
    checked = 0
    for page_id, root in content_roots():
        text, numbers = dom.subtree_lines(root)
        lines = text.split("\n") if text else []
        for number, node in enumerate(root.iterdescendants()):
            first, stop, clean = numbers[4 * number : 4 * number + 3]
            assert numbers[4 * number + 3] == sum(1 for _ in node.iterdescendants())
            if clean and isinstance(node.tag, str) and node.tag in dom.BLOCK_TAGS:
                assert "\n".join(lines[first:stop]) == dom.paragraph_text(node), page_id
                checked += 1
    assert checked > 10000


@pytest.mark.slow
def test_density_walk_in_c_equals_python_on_dataset_pages():
    checked = 0
    for page_id, root in content_roots():
        variants = ((True, None), (False, None), (True, frozenset({"article"})), (True, "div"))
        for skip_noise, tags in variants:
            options = replace(DEFAULT_DENSITY_OPTIONS, skip_noise=skip_noise)
            if tags == "div":
                options = replace(options, paragraph_tags=frozenset({"div", "td"}))
            elif tags is not None:
                options = replace(options, content_tags=tags)
            expected, expected_excluded = text_density.measure_in_python(root, options)
            got, excluded = text_density.measure(root, options)
            assert feature_rows(got) == feature_rows(expected), (page_id, skip_noise, tags)
            assert excluded == expected_excluded, (page_id, skip_noise, tags)
            checked += 1
    assert checked > 500


@pytest.mark.slow
def test_tcdt_index_in_c_equals_python_on_dataset_pages():
    fields = (
        "nodes",
        "tags",
        "depth",
        "parent",
        "cjk",
        "link_cjk",
        "has_reference",
        "end",
        "text_cjk",
        "text_link_cjk",
        "noise",
        "noise_roots",
    )
    checked = 0
    for page_id, doc in dataset_documents():
        body = doc.body
        if body is None:
            continue
        for noise in (DEFAULT_DENSITY_OPTIONS, None):
            expected = tcdt_tree.index_in_python(body, doc.url, noise)
            got = tcdt_tree.index_tree(body, doc.url, noise)
            for field in fields:
                assert getattr(got, field) == getattr(expected, field), (page_id, field)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize(
    "html",
    [
        "<html><body></body></html>",
        "<html><body>only text<br>two lines here</body></html>",
        "<html><body><!-- c -->tail<div class='share'>x</div><p>a<b>b</b>c</p>d</body></html>",
        (
            "<html><body><div style='display: NONE'><p>hidden text here</p></div>"
            "<p>seen</p></body></html>"
        ),
        "<html><body><a href='/x'>一二三<span>四五</span></a>六七<a href='#'>八</a></body></html>",
        "<html><body><p>\u200b a\u3000\u00a0 b \ufeff</p>\n\n<div> </div>x\u2028y</body></html>",
        (
            "<html><body><h1>标题<a href='/a'>链接</a></h1><?pi x?>尾"
            "<table><tr><td>格</td></tr></table>"
            "<a href='/b'><p>段落在链接里</p></a> <span> </span></body></html>"
        ),
        # deeper, longer and noisier than the C walks' first allocations: every array grows
        (
            "<html><body>"
            + "<div class='share'>" * 150
            + "x"
            + "</div>" * 150
            + "<div><p>para, more text.</p><a href='/x'>l</a><div class='ad'>ad</div></div>" * 2000
            + "</body></html>"
        ),
    ],
)
def test_walks_agree_on_edge_cases(html):
    doc = load_document(html, url="https://example.com/a.html")
    body = doc.body
    expected, expected_excluded = text_density.measure_in_python(body)
    got, excluded = text_density.measure(body)
    assert feature_rows(got) == feature_rows(expected)
    assert excluded == expected_excluded
    assert tcdt_tree.index_tree(body, doc.url, DEFAULT_DENSITY_OPTIONS) == (
        tcdt_tree.index_in_python(body, doc.url, DEFAULT_DENSITY_OPTIONS)
    )
    assert dom.paragraph_text(body, excluded) == dom.paragraph_text_in_python(body, excluded)
    assert blocks.segment(doc.root) == blocks.segment_in_python(doc.root)
    assert _subtree_lines(body) == dom.subtree_lines_in_python(body)


@pytest.mark.slow
def test_segmentation_in_c_equals_python_on_dataset_pages():
    checked = 0
    for page_id, doc in dataset_documents():
        got, expected = blocks.segment(doc.root), blocks.segment_in_python(doc.root)
        assert got == expected, page_id
        checked += len(got)
    assert checked > 10_000


def test_segmentation_in_c_keeps_links_headings_and_levels():
    doc = load_document(
        "<html><body><div><h2>Head <a href='/a'>line</a></h2>"
        "<p>one <a href='/b'>two\n three</a> four</p></div>"
        "<!-- gone -->tail</body></html>",
        url="https://example.com/",
    )
    assert [
        (b.text, b.link_text, b.heading, b.level, b.element.tag, b.position)
        for b in blocks.segment(doc.root)
    ] == [
        ("Head line", "line", True, 3, "h2", 0),
        ("one two three four", "two three", False, 3, "p", 1),
        ("tail", "", False, 1, "body", 2),
    ]


@pytest.mark.slow
def test_author_markup_prefilter_in_c_loses_nothing_on_dataset_pages():
    from newscrawl.extraction.metadata.authors import markup

    for page_id, doc in dataset_documents():
        everything = [el for el in doc.root.iter() if markup._is_author_markup(el)]
        prefiltered = [
            el for el in markup._author_markup_candidates(doc.root) if markup._is_author_markup(el)
        ]
        assert prefiltered == everything, page_id


def test_token_counts_in_c_equal_the_token_pattern_on_every_code_point():
    # One string of every code point: a character the C test classifies differently from the
    # regex (ideograph, alphanumeric, other) moves a run's boundary and changes the counts.
    every = "".join(map(chr, range(0x110000)))
    mixed = "新闻News2024的 İstanbul ½²³ ٣٤ x_y 𠀀 ﬁ ＡＢＣ１２ 가나 かな"
    # Long texts count their ideographs in an array (one- two- and four-byte strings).
    plane = "".join(map(chr, range(0x10000)))
    chinese = "新闻报道：2024年5月3日，记者张三在北京报道。" * 400
    # Thousands of distinct words: the C count's table of tokens grows many times.
    distinct = " ".join(f"w{n} x{n % 7}" for n in range(20_000))
    samples = (every, every[::-1], plane, chinese, "abc " * 2000, mixed, mixed * 3, "", "___")
    for sample in (*samples, distinct):
        assert native.walks is not None
        assert text.token_counts(sample) == Counter(text.tokens(sample))


def test_token_counts_in_c_keep_the_order_tokens_first_occur():
    # Ties among equal counts (Counter.most_common, a vote's first best) follow the bag's
    # order: the C count inserts its keys where a count token by token would. A text of
    # 4,096 characters or more (not one byte a character) adds its ideographs last.
    for sample in ("b a b c a 新 b 闻 新", " ".join(f"t{n % 97} 字{n % 5}" for n in range(300))):
        assert list(text.token_counts(sample)) == list(Counter(text.tokens(sample)))
    long_text = "新闻 abc " * 1000
    assert list(text.token_counts(long_text)) == ["abc", "新", "闻"]


def test_token_tally_in_c_equals_the_patterns_on_every_code_point():
    # As above for the counting pass behind token_count, cjk_count and word_count: its ASCII
    # shortcut and its Unicode path must both classify as the regexes do.
    every = "".join(map(chr, range(0x110000)))
    mixed = "新闻News2024的 İstanbul ½²³ ٣٤ x_y 𠀀 ﬁ ＡＢＣ１２ 가나 かな"
    for sample in (every, every[::-1], mixed, mixed * 3, "", "___", "a", "a b", "9z_"):
        assert native.walks is not None
        tokens = text.IDEOGRAPH_TOKENS.pattern.findall(sample)
        expected = (len(tokens), len(re.findall(f"[{text.IDEOGRAPHS}]", sample)))
        assert native.walks.token_tally(text=sample) == expected
        assert text.token_count(sample) == len(text.tokens(sample))


def test_same_class_peers_in_c_equal_python_on_dataset_pages():
    checked = 0
    for page_id, doc in dataset_documents():
        # every 10th element with a class: each check walks the whole page in Python
        with_class = [el for el in doc.root.iter() if isinstance(el.tag, str) and el.get("class")]
        for el in with_class[::10]:
            signature = el.get("class")
            if signature:
                expected = thread.same_class_in_python(doc.root, el.tag, signature)
                assert thread.same_class(doc.root, el.tag, signature) == expected, page_id
                checked += 1
    assert checked > 1000


def test_numbered_id_peers_in_c_equal_python_on_dataset_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked = 0
    for page_id, doc in dataset_documents():
        numbered = [
            (el.tag, prefix)
            for el in doc.root.iter()
            if isinstance(el.tag, str) and (prefix := thread.numbered_id_prefix(el.get("id")))
        ]
        for tag, prefix in numbered[::5]:
            in_c = thread.same_numbered_id(doc.root, tag, prefix)
            with monkeypatch.context() as patch:
                patch.setattr(thread, "walks", None)
                assert thread.same_numbered_id(doc.root, tag, prefix) == in_c, page_id
            checked += 1
    assert checked > 100


def test_an_empty_substring_finds_the_attribute_with_or_without_a_value():
    root = dom.parse_html(
        "<html><body><div hidden>a</div><p hidden=''>b</p><span hidden='until-found'>c</span>"
        "<em data-hidden='x'>d</em><i class='hidden'>e</i></body></html>"
    )
    assert root is not None and native.walks is not None
    found = native.walks.elements_with(root=root, attribute_substrings=((b"hidden", b""),))
    assert [el.tag for el in found] == ["div", "p", "span"]


@pytest.mark.slow
def test_hidden_elements_found_in_c_equal_the_xpath_on_dataset_pages():
    from newscrawl.extraction import hidden_copies

    for page_id, doc in dataset_documents():
        body = doc.root.find("body")
        if body is not None:
            expected = list(hidden_copies._HIDDEN(body))
            assert hidden_copies._marked(body, other_marks=False) == expected, page_id


def test_separate_blocks_in_c_equals_python_on_dataset_pages_and_odd_text():
    from newscrawl.extraction.decode import decode_html
    from newscrawl.extraction.document import separate_blocks, separate_blocks_in_python

    assert native.walks is not None
    pages = load_pages(pages_file("cwced_zh")) + load_pages(pages_file("gne_unlabeled"))
    pages += stable_sample(load_pages(pages_file("wcxb_dev")), 150)
    for page in pages:
        html = decode_html(page.read_html())[0]
        assert separate_blocks(html) == separate_blocks_in_python(html), page.id
    # every tag in both cases and mixed, after every kind of gap, in 1-, 2- and 4-byte text
    odd = [
        "><p>",
        "><P ",
        "><Div>",
        "></thead>",
        "><th\u3000",
        "><th\x85",
        "><br/",
        "><pre>",
        "><h7>",
        ">\n<p>",
        "> <div>",
        "><" + "a" * 20 + ">",
        "><figcaption",
        "><",
        ">",
        "",
    ]
    for tail in ("", "中", "\U0001f600"):
        for sample in odd:
            html = sample + tail + sample + "x"
            assert separate_blocks(html) == separate_blocks_in_python(html), repr(html)


def test_texts_with_finds_text_and_tails_under_their_element():
    root = dom.parse_html(
        "<html><body><div>3 Comments<b>x</b>Leave a reply</div><p>none</p>"
        "<ul><li><i></i> COMMENTS</li></ul></body></html>"
    )
    assert root is not None and native.walks is not None
    body = root.find("body")
    found = native.walks.texts_with(root=body, substrings=(b"omment", b"OMMENT", b"eply"))
    assert [(el.tag, text) for el, text in found] == [
        ("div", "3 Comments"),
        ("div", "Leave a reply"),
        ("li", " COMMENTS"),
    ]


def test_texts_with_compares_every_needle_that_shares_a_first_byte_pair() -> None:
    # Needles are looked up by their first two bytes: several under one pair, pairs that
    # share a bucket, a needle of two bytes, and one that is a prefix of another.
    root = dom.parse_html(
        "<html><body><p>ore</p><p>more on this</p><p>the store</p><p>ab</p>"
        "<p>xab</p><p>zz</p><p>相关阅读</p><p>nothing</p></body></html>"
    )
    assert root is not None and native.walks is not None
    body = root.find("body")
    needles = (b"ore on", b"ore from", b"ab", "相关".encode(), b"tor", b"zzz")
    found = native.walks.texts_with(root=body, substrings=needles)
    assert [text for _, text in found] == ["more on this", "the store", "ab", "xab", "相关阅读"]
    with pytest.raises(TypeError):
        native.walks.texts_with(root=body, substrings=(b"ok", b"x"))


def test_element_at_offset_finds_the_element_a_text_or_tail_stands_in() -> None:
    root = dom.parse_html("<html><body><p>ab<b>cd</b>ef</p><div>中文</div></body></html>")
    assert root is not None and native.walks is not None
    body = root.find("body")
    found = [native.walks.element_at_offset(root=body, offset=i) for i in range(-1, 9)]
    tags = [el.tag if el is not None else None for el in found]
    # "ab" and the tail "ef" stand in <p>, "cd" in <b>; characters are code points
    assert tags == ["p", "p", "p", "b", "b", "p", "p", "div", "div", None]


@pytest.mark.slow
def test_element_at_offset_in_c_equals_python_on_dataset_pages() -> None:
    import random

    from newscrawl.extraction.metadata.dates.threads import element_at_in_python

    checked = 0
    for page_id, doc in dataset_documents():
        body = doc.body
        if body is None:
            continue
        length = len(doc.body_text())
        offsets = [0, length - 1, length, *random.Random(page_id).sample(range(length + 1), 5)]
        for offset in offsets:
            found = native.walks.element_at_offset(root=body, offset=offset)
            assert found is element_at_in_python(body, offset), (page_id, offset)
            checked += 1
    assert checked > 1000


@pytest.mark.slow
@pytest.mark.parametrize("module_name", ["comment_headings", "related_boxes"])
def test_texts_holding_words_in_c_equal_python_on_dataset_pages(module_name: str) -> None:
    # The comment headings' words and the boxes' of other stories: one C pass, two needles.
    import importlib

    module = importlib.import_module(f"newscrawl.extraction.{module_name}")
    checked = 0
    for page_id, doc in dataset_documents():
        body = doc.root.find("body")
        if body is None:
            continue
        found = module.texts_holding(body)
        assert found == module.texts_holding_in_python(body), page_id
        checked += len(found)
    assert checked > 100


def test_holds_prose_counts_a_blocks_own_text_and_its_links():
    from newscrawl.extraction import comment_sections

    sentence = "A sentence of article prose that runs on for long enough to count. " * 2
    root = dom.parse_html(
        "<html><body>"
        f"<div id='prose'><span>{sentence}</span></div>"
        f"<div id='linked'><a href='/x'>{sentence}</a> and a few words</div>"
        f"<div id='split'><p>{sentence[:60]}</p><p>{sentence[60:120]}</p></div>"
        f"<span id='inline'>{sentence}<b>!</b></span>"
        "</body></html>"
    )
    assert root is not None and native.walks is not None
    answers = {el.get("id"): comment_sections.holds_prose(el) for el in root.iter() if el.get("id")}
    assert answers == {"prose": True, "linked": False, "split": False, "inline": True}
    for el in root.iter():
        assert comment_sections.holds_prose(el) == comment_sections.holds_prose_in_python(el)


@pytest.mark.slow
def test_holds_prose_in_c_equals_python_on_dataset_pages():
    from newscrawl.extraction import comment_sections

    checked = 0
    for page_id, doc in dataset_documents():
        for el in doc.root.iter():
            expected = comment_sections.holds_prose_in_python(el)
            assert comment_sections.holds_prose(el) == expected, (page_id, el.tag)
            checked += expected
    assert checked > 1000


@pytest.mark.slow
def test_merge_text_runs_in_c_equals_python_on_dataset_pages(monkeypatch) -> None:
    from lxml import etree

    from newscrawl.extraction.decode import decode_html

    runs = etree.XPath("//text()[following-sibling::node()[1][self::text()]]")
    pages = load_pages(pages_file("cwced_zh")) + load_pages(pages_file("gne_unlabeled"))
    pages += stable_sample(load_pages(pages_file("wcxb_dev")), 150)
    merged_somewhere = 0
    for page in pages:
        html = decode_html(page.read_html())[0]
        trees = []
        for _ in range(3):  # C, Python, and the stripped tree as it was
            root = dom.parse_html(html)
            assert root is not None
            with monkeypatch.context() as patch:
                # Patched where clean_tree looks it up (the package only re-exports it).
                patch.setattr(dom_cleaning, "merge_text_runs", lambda root: 0)
                dom.clean_tree(root)
            trees.append(root)
        c_root, python_root, _ = trees
        merged = dom.merge_text_runs(c_root)
        assert merged == dom.merge_text_runs_in_python(python_root), page.id
        texts = [[(el.text, el.tail) for el in root.iter()] for root in trees]
        assert texts[0] == texts[1] == texts[2], page.id
        assert runs(c_root) == runs(python_root), page.id
        merged_somewhere += merged > 0
    assert merged_somewhere > len(pages) // 2
