"""The one noise module: class/id words, tags, hidden styles and the most-of-the-page guard,
shared by the density method and TCDT's pre-filter."""

from __future__ import annotations

from dataclasses import fields, replace

import lxml.html

from newscrawl.extraction import load_document
from newscrawl.extraction.extractors import text_density
from newscrawl.extraction.extractors.density_options import DEFAULT_OPTIONS as DENSITY
from newscrawl.extraction.extractors.density_options import DensityOptions
from newscrawl.extraction.extractors.tcdt import tree as tcdt_tree
from newscrawl.extraction.extractors.tcdt.options import TcdtOptions
from newscrawl.extraction.noise import (
    NOISE_MAX_TEXT_SHARE,
    hidden_elements,
    is_hidden,
    max_noise_chars,
    noise_rules,
    telling_words,
)

ARTICLE = "".join(f"<p>{'这是一段用来测试的新闻正文内容。' * 6}第{i}段。</p>" for i in range(5))
COMMENTS = "<div class='user-comments'><p>网友评论：说得很好，支持一下。</p></div>"


def test_class_words_match_whole_words_only():
    rules = noise_rules(DENSITY)
    assert rules.flags("contentinfo") == (False, False)
    assert rules.flags("article-body") == (False, True)
    assert rules.flags("ad-slot") == (True, False)
    assert rules.flags("header download") == (False, False)


def test_a_taxonomy_term_in_a_class_is_no_furniture_word():
    rules = noise_rules(DENSITY)
    # A post's category or a node's type names what the post is about, not what it is.
    assert not rules.flags("post-7 type-post hentry category-social-media tag-ads")[0]
    assert not rules.flags("node node--type-newsletter-article")[0]
    # Words before the taxonomy word, and tokens without one, still mark furniture.
    assert rules.flags("share-type-2")[0]
    assert rules.flags("post category-news social-links")[0]
    assert telling_words("Category-Social_Media main") == frozenset({"main"})


def test_a_layout_modifier_is_no_furniture_word():
    rules = noise_rules(DENSITY)
    assert telling_words("main has-sidebar c-layout-sidebar-left") == frozenset({"main"})
    assert not rules.flags("content-area no-sidebar")[0]
    # The box a wrapper wraps, and a sidebar's own side, are furniture still.
    assert rules.flags("comments-wrapper")[0]
    assert rules.flags("sidebar-left")[0]


def test_an_article_filed_under_a_furniture_word_is_still_found():
    classes = "post type-post category-social-media"
    # Under half the page's text, so the most-of-the-page guard does not keep it anyway.
    links = "".join(f"<li><a href='/t{i}'>另一篇文章的标题，第{i}篇</a></li>" for i in range(40))
    html = (
        f"<html><body><article class='{classes}'>{ARTICLE}</article><ul>{links}</ul></body></html>"
    )
    found = text_density.extract_content(load_document(html), DENSITY)
    assert "第4段" in found.text


def test_noise_rules_are_one_per_word_sets():
    assert noise_rules(DENSITY) is noise_rules(replace(DENSITY, text_mass_exponent=2.0))
    no_words = noise_rules(replace(DENSITY, noise_words=frozenset()))
    assert no_words is not noise_rules(DENSITY)
    assert noise_rules(DENSITY).flags("related")[0]
    assert not no_words.flags("related")[0]


def test_noise_is_a_tag_a_class_or_id_word_or_an_inline_display_none():
    root = lxml.html.fromstring(
        "<div><nav>a</nav><div id='share_bar'>b</div><p style='DISPLAY: none'>c</p>"
        "<p class='lead'>d</p></div>"
    )
    rules = noise_rules(DENSITY)
    assert [rules.is_noise(el) for el in root] == [True, True, True, False]
    assert hidden_elements(root) == {root[2]}
    assert is_hidden("color:red;display : none") and not is_hidden(None)


def test_the_guard_keeps_noise_that_holds_most_of_the_page():
    assert max_noise_chars(1000) == 500.0
    assert max_noise_chars(1000, 0.25) == 250.0


def test_density_and_tcdt_share_the_guard_default():
    for options in (DensityOptions, TcdtOptions):
        default = {f.name: f.default for f in fields(options)}["noise_max_text_share"]
        assert default == NOISE_MAX_TEXT_SHARE


def test_density_and_tcdt_leave_out_the_same_noise_subtree():
    doc = load_document(
        f"<html><body><div class='post has-sidebar'>{ARTICLE}</div>{COMMENTS}</body></html>"
    )
    _, excluded = text_density.measure(doc.body, DENSITY)
    tree = tcdt_tree.index_tree(doc.body, None, DENSITY)
    comments = doc.body.find(".//div[@class='user-comments']")
    wrapper = doc.body.find(".//div[@class='post has-sidebar']")
    assert excluded == tree.noise_roots == [comments]
    assert wrapper not in excluded  # a noise word, but most of the page's text
