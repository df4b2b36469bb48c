"""The text-and-symbol density method: formula guards, features, noise, choice of node."""

from __future__ import annotations

import math

import pytest

from newscrawl.extraction import Article, Rejection, RejectReason, extract, load_document
from newscrawl.extraction.extractors import text_density as td

SENTENCE = "新华社北京电 这是一段足够长的新闻正文，用来测试文本密度算法是否选中正确的节点"
ARTICLE = "。".join([SENTENCE] * 3)
PARAGRAPHS = "".join(f"<p>{ARTICLE}第{i}段。</p>" for i in range(6))


def page(body: str, head: str = "<title>测试新闻标题 - 网站</title>") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


def measured(html: str) -> dict[str, td.NodeFeatures]:
    doc = load_document(html)
    features, _ = td.measure(doc.body)
    return {f.element.get("id") or f.element.tag: f for f in features}


# --- the formula and its guards (docs/algorithms.md A.3) ------------------------------------


def test_text_density_is_non_link_text_per_non_link_tag():
    assert td.text_density(100, 20, 6, 2, 3) == pytest.approx(80 / 4)


def test_all_link_children_use_escape_hatch_when_links_are_a_small_share():
    # T // LT = 20 > 10: the links are inline mentions, so they are not subtracted.
    assert td.text_density(200, 10, 2, 2, 1) == pytest.approx(190 / 2)


def test_link_list_scores_zero_density():
    assert td.text_density(100, 60, 5, 5, 1) == 0.0


def test_one_line_leaf_scores_zero_as_in_the_paper():
    assert td.text_density(100, 0, 0, 0, 1) == 0.0


def test_br_separated_leaf_counts_its_line_breaks_as_tags():
    # Four lines joined by three <br> (turned into newlines by clean_tree).
    assert td.text_density(120, 0, 0, 0, 4) == pytest.approx(40.0)


def test_symbol_density_is_clamped_so_its_log_is_never_negative():
    assert td.symbol_density(3, 0, 9) == 1.0
    assert td.symbol_density(0, 0, 0) == 1.0
    assert td.score(3, 0, 1, 0, 1, 9) == 0.0  # more symbols than text: ln(1) = 0, not < 0


def test_score_is_the_paper_product_times_text_mass():
    k = td.DEFAULT_OPTIONS.text_mass_exponent
    expected = (90 / 3) * math.log10(4 + 2) * math.log(90 / 10) * 90**k
    assert td.score(100, 10, 4, 1, 4, 9) == pytest.approx(expected)


# --- features measured on a tree -----------------------------------------------------------


def test_features_count_text_links_tags_and_symbols():
    html = page('<div id="c"><p>正文，内容。</p><p>更多“正文”<a href="/x">链接</a></p></div>')
    c = measured(html)["c"]
    assert (c.text, c.link_text, c.tags, c.link_tags) == (14, 2, 3, 1)
    assert c.symbols == 4  # ， 。 “ ” — curly quotes count (GNE 0.4.3 lost them)
    assert c.paragraphs == 2


def test_whitespace_between_tags_is_not_a_paragraph():
    html = page('<div id="c">\n  <p>' + ARTICLE + "</p>\n  <p>" + ARTICLE + "</p>\n</div>")
    assert measured(html)["c"].paragraphs == 2


def test_direct_text_lines_count_as_paragraphs():
    lines = "第一行正文内容<br>第二行正文内容<br>第三行正文内容"
    html = page(f'<div id="c"><span>x</span>{lines}</div>')
    assert measured(html)["c"].paragraphs == 3


def test_tail_text_after_an_inline_element_is_counted():
    html = page('<div id="c"><p><b>粗体</b>尾巴文字在这里</p><p>x</p></div>')
    assert measured(html)["c"].text == len("粗体尾巴文字在这里x")


def test_noise_subtree_is_left_out_of_counts_and_candidates():
    share = '<div class="share-bar" id="s">分享到微博，微信。</div>'
    html = page(f'<div id="c">{PARAGRAPHS}{share}</div>')
    features = measured(html)
    assert "s" not in features
    assert "分享" not in td.extract_content(load_document(html)).text


def test_noise_word_on_the_main_wrapper_does_not_delete_the_article():
    html = page(f'<div class="post has-sidebar" id="w">{PARAGRAPHS}</div><div>页脚</div>')
    result = td.extract_content(load_document(html))
    assert not isinstance(result, Rejection)
    assert ARTICLE[:20] in result.text


def test_a_content_wrapper_holding_the_furniture_too_keeps_the_article():
    # "content-sidebar-wrap" holds the article, a comment thread longer than it and the
    # sidebar: weighed by the text left after those, it would be under half the page's
    comments = "".join(f'<li class="comment">{ARTICLE}评论{i}。</li>' for i in range(12))
    sidebar = "".join(f"<p>{SENTENCE}侧栏{i}。</p>" for i in range(6))
    html = page(
        '<div class="content-sidebar-wrap"><main><div class="entry-content" id="a">'
        f'{PARAGRAPHS}</div><ol class="comment-list">{comments}</ol></main>'
        f'<aside class="sidebar">{sidebar}</aside></div>'
    )
    result = td.extract_content(load_document(html))
    assert not isinstance(result, Rejection)
    assert ARTICLE[:20] in result.text
    assert "评论" not in result.text
    assert "侧栏" not in result.text


def test_a_wrapper_marked_only_as_furniture_is_weighed_by_its_own_text():
    # a mega-menu header holds most of the page's characters in its noise descendants; what
    # is left of it is not the page's content
    menu = "".join(f'<div class="nav">{ARTICLE}菜单{i}。</div>' for i in range(12))
    html = page(f'<header id="h">{menu}<p>站点标语。</p></header><div id="c">{PARAGRAPHS}</div>')
    assert "h" not in measured(html)
    result = td.extract_content(load_document(html))
    assert not isinstance(result, Rejection)
    assert "菜单" not in result.text and "标语" not in result.text


def test_an_article_tag_names_content_where_no_class_does():
    # generated class names say nothing: the article and an unnamed reply thread of the same
    # size share one wrapper, which the text-mass factor prefers unless <article> counts as
    # the content word "article" would
    replies = "".join(f'<div class="x9"><p>{ARTICLE}回复{i}。</p></div>' for i in range(6))
    html = page(f'<div class="a1 b2"><article class="c3">{PARAGRAPHS}</article>{replies}</div>')
    options = td.DensityOptions(content_tags=frozenset({"article"}))
    result = td.extract_content(load_document(html), options)
    assert not isinstance(result, Rejection)
    assert result.nodes[0].tag == "article" and "回复" not in result.text
    untagged = td.extract_content(load_document(html), td.DensityOptions(content_tags=frozenset()))
    assert not isinstance(untagged, Rejection) and "回复" in untagged.text


def test_where_a_class_names_content_the_article_tag_adds_nothing_unless_asked():
    html = page(
        f'<div class="story" id="s">{PARAGRAPHS}</div><article id="a">{PARAGRAPHS}</article>'
    )
    root = load_document(html).body
    tags = frozenset({"article"})

    def boosted(options: td.DensityOptions) -> dict[str, bool]:
        features, _ = td.measure(root, options)
        return {f.element.get("id"): f.content_named for f in features if f.element.get("id")}

    assert boosted(td.DensityOptions(content_tags=tags)) == {"s": True, "a": False}
    every_page = td.DensityOptions(content_tags=tags, content_tags_when_unnamed=False)
    assert boosted(every_page) == {"s": True, "a": True}


def test_paragraph_tags_count_div_paragraphs_for_their_container():
    divs = "".join(f"<div>{ARTICLE}第{i}段。</div>" for i in range(6))
    html = page(f'<div id="c">{divs}</div>')
    untagged = td.DensityOptions(paragraph_tags=frozenset())
    plain = {f.element.get("id"): f for f in td.measure(load_document(html).body, untagged)[0]}
    options = td.DensityOptions(paragraph_tags=frozenset({"div"}))
    counted = {f.element.get("id"): f for f in td.measure(load_document(html).body, options)[0]}
    assert plain["c"].paragraphs == 0
    assert counted["c"].paragraphs == 6


def test_paragraph_tags_without_p_leave_pages_with_paragraph_tags_alone():
    divs = "".join(f"<div>{ARTICLE}第{i}段。</div>" for i in range(6))
    options = td.DensityOptions(paragraph_tags=frozenset({"div"}), paragraph_tags_without_p=True)

    def paragraphs(body: str) -> int:
        features, _ = td.measure(load_document(page(body)).body, options)
        return next(f.paragraphs for f in features if f.element.get("id") == "c")

    assert paragraphs(f'<div id="c">{divs}</div>') == 6
    assert paragraphs(f'<div id="c">{divs}</div><p>页脚</p>') == 0


def test_hidden_elements_are_noise():
    hidden = '<p id="h" style="DISPLAY: none">隐藏的文字内容不算正文。</p>'
    html = page(f'<div id="c">{PARAGRAPHS}{hidden}</div>')
    assert "h" not in measured(html)


# --- choosing the node ---------------------------------------------------------------------


def test_article_container_beats_navigation_and_footer():
    nav = "".join(f'<a href="/{i}">栏目{i}</a>' for i in range(30))
    html = page(
        f'<div id="menu">{nav}</div><div id="c">{PARAGRAPHS}</div>'
        '<div id="f">版权所有，违者必究。联系我们。</div>'
    )
    result = td.extract_content(load_document(html))
    assert result.nodes[0].get("id") == "c"
    assert result.text.count("\n") == 5  # six paragraphs, one per line
    assert "栏目" not in result.text and "版权" not in result.text


def test_ties_go_to_the_earlier_outer_node():
    doc = load_document(page('<div id="outer"><div id="inner">x</div></div>'))
    outer, inner = doc.body[0], doc.body[0][0]
    features = [
        td.NodeFeatures(inner, 2, 1, 0, 1, 0, 1, 0, score=5.0),
        td.NodeFeatures(outer, 1, 1, 0, 1, 0, 1, 0, score=5.0),
    ]
    best = td.best_node(features)
    assert best is not None and best.element is outer


def test_no_scoring_node_means_no_winner():
    assert td.best_node([]) is None


def test_article_body_itemprop_is_the_root():
    html = page(
        f'<div id="other">{PARAGRAPHS}{PARAGRAPHS}</div>'
        f'<div itemprop="articleBody" id="ab">{PARAGRAPHS}</div>'
    )
    root = td.content_root(load_document(html))
    assert root is not None and root.get("id") == "ab"


def test_empty_article_body_stub_is_ignored():
    html = page(f'<div itemprop="articleBody"></div><div id="c">{PARAGRAPHS}</div>')
    root = td.content_root(load_document(html))
    assert root is not None and root.tag == "body"


def test_br_only_page_keeps_its_lines():
    lines = "<br>".join(f"{ARTICLE}第{i}行" for i in range(5))
    result = extract(page(f"<div>{lines}</div>"), method="density")
    assert isinstance(result, Article)
    assert result.content.count("\n") == 4


def test_document_is_not_mutated():
    html = page(f'<div id="c">{PARAGRAPHS}<div class="share">分享</div></div>')
    doc = load_document(html)
    before = [el.tag for el in doc.root.iter()]
    td.extract_content(doc)
    td.extract_content(doc, merge=True)
    assert [el.tag for el in doc.root.iter()] == before


def test_diagnostics_expose_raw_features():
    result = td.extract_content(load_document(page(f'<div id="c">{PARAGRAPHS}</div>')))
    winner = result.diagnostics["density"]["winner"]
    assert set(winner) >= {"path", "T", "LT", "TG", "LTG", "PNum", "Sb", "TD", "SbD", "score"}
    assert winner["path"].endswith("div")


def test_sibling_merge_joins_parts_split_by_a_heading_and_image():
    part = f"<p>{ARTICLE}</p>" * 3
    gallery = "<figure>" + '<span><img src="x.jpg"></span>' * 15 + "</figure>"
    html = page(
        f'<div id="wrap"><div id="a">{part}{part}</div><h2>小标题</h2>{gallery}'
        f'<div id="b">{part}</div><div class="related">相关新闻</div></div>'
    )
    doc = load_document(html)
    single = td.extract_content(doc, merge=False)
    merged = td.extract_content(doc, merge=True)
    assert len(merged.nodes) > len(single.nodes)
    assert merged.text.count(ARTICLE) == 9
    assert "相关新闻" not in merged.text


def test_page_without_text_is_rejected_with_a_reason():
    result = extract(page('<div><a href="/a">首页</a></div>'), method="density")
    assert isinstance(result, Rejection)
    assert result.reason is RejectReason.NO_CONTENT


def test_article_images_come_from_the_content_node_with_lazy_load_urls():
    content = (
        f'<div id="c">{PARAGRAPHS}<img src="data:image/gif;base64,R0l" data-src="/p/1.jpg">'
        '<img data-original="2.jpg"></div>'
    )
    html = page(f'<div id="logo"><img src="/logo.png"></div>{content}')
    result = extract(html, url="https://news.example/a/story.html", method="density")
    assert isinstance(result, Article)
    assert result.images == ["https://news.example/p/1.jpg", "https://news.example/a/2.jpg"]
    assert 'src="https://news.example/p/1.jpg"' in result.content_html
