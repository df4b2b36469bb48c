"""TCDT end to end on hand-made pages: the title node (docs/algorithms.md A.4.1) and edge cases."""

from __future__ import annotations

import dataclasses

from newscrawl.extraction.core import extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.extractors.tcdt.extractor import analyse, extract_content
from newscrawl.extraction.extractors.tcdt.options import DEFAULT_OPTIONS
from newscrawl.extraction.extractors.tcdt.tree import index_tree
from newscrawl.extraction.types import Article, ContentResult, Rejection

TITLE = "国家统计局发布今年前三季度经济数据"  # 17 Chinese characters
PARAGRAPHS = [
    "国家统计局今天发布数据显示，前三季度国内生产总值同比增长，经济运行总体平稳，"
    "主要指标处于合理区间，就业形势保持稳定，居民收入继续增长。" * 2,
    "从产业看，第一产业增加值平稳增长，第二产业增加值较快增长，第三产业增加值持续恢复，"
    "服务业对经济增长的贡献率进一步提高，新动能不断成长。" * 2,
    "统计局新闻发言人表示，下一阶段要继续巩固经济回升向好的基础，扩大国内需求，"
    "稳定市场预期，推动经济实现质的有效提升和量的合理增长。" * 2,
]
NAV = "".join(f'<li><a href="/c{i}">新闻频道栏目{i}</a></li>' for i in range(12))
SIDEBAR = "".join(f'<li><a href="/n{i}">热门文章推荐阅读第{i}篇报道</a></li>' for i in range(8))


def page(body: str, title: str = f"{TITLE}_新闻中心_示例网") -> str:
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>"


def article_page(**kwargs: str) -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    return page(
        f'<div id="wrap"><ul class="menu">{NAV}</ul><div class="article">'
        f'<h1>{TITLE}</h1><div class="info">2024-10-18 来源：示例网</div>'
        f'{paragraphs}</div><div class="links"><ul>{SIDEBAR}</ul></div></div>',
        **kwargs,
    )


def tcdt(html: str, anchor: str | None = None, url: str | None = None) -> ContentResult:
    result = extract_content(load_document(html, anchor_text=anchor, url=url))
    assert isinstance(result, ContentResult), result
    return result


def test_worked_example_selects_the_paragraphs_after_the_h1() -> None:
    result = tcdt(article_page())
    assert result.method == "tcdt"
    assert result.title_hint == TITLE
    for text in PARAGRAPHS:
        assert text in result.text
    assert "新闻频道栏目" not in result.text
    assert "热门文章推荐" not in result.text


def test_title_node_is_the_h1_and_says_which_condition_decided() -> None:
    analysis = analyse(load_document(article_page(), anchor_text=TITLE))
    assert analysis is not None
    assert analysis.title.tag == "h1"
    assert analysis.title.cjk == 17
    assert "anchor text" in analysis.title.reason
    assert "condition 2" in analysis.title.reason


LONG_TITLE = (
    "国家统计局今天发布今年前三季度国民经济运行主要数据与分析报告"  # 29: no strict candidate
)


def long_headline_page() -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    return page(
        f'<div id="wrap"><ul class="menu">{NAV}</ul><div class="article">'
        f'<h2>{LONG_TITLE}</h2><div class="info">2024-10-18 来源：示例网</div>'
        f'{paragraphs}</div><div class="links"><h3>相关新闻推荐阅读与热点专题</h3>'
        f"<ul>{SIDEBAR}</ul></div></div>",
        title=f"{LONG_TITLE}_新闻中心_示例网",
    )


def test_an_anchor_finds_a_headline_longer_than_the_strict_range() -> None:
    # The <title> competes only against an anchor; winning the strict pass (where the
    # 30-character headline is no candidate, the sidebar's heading is) it must not leave T
    # at the body.
    without = analyse(load_document(long_headline_page()))
    anchored = analyse(load_document(long_headline_page(), anchor_text=LONG_TITLE))
    assert without is not None and anchored is not None
    assert without.title.tag == "h2"
    assert anchored.title.tag == "h2" and anchored.title.text == LONG_TITLE
    assert anchored.selected is not None and without.selected is not None
    assert anchored.selected.members == without.selected.members


def test_without_the_relaxed_pass_after_a_title_win_t_falls_back_to_the_body() -> None:
    options = dataclasses.replace(DEFAULT_OPTIONS, relax_after_title=False)
    anchored = analyse(load_document(long_headline_page(), anchor_text=LONG_TITLE), options)
    assert anchored is not None and anchored.title.pos == 0


def test_extract_reports_tcdt_and_the_headline() -> None:
    article = extract(article_page(), method="tcdt", anchor_text=f"[视频]{TITLE[:8]}…")
    assert isinstance(article, Article)
    assert article.method == "tcdt"
    assert article.title == TITLE
    assert article.diagnostics["tcdt"]["title"]["tag"] == "h1"


def test_title_inside_a_self_link_is_a_candidate() -> None:
    url = "https://news.example.cn/2024/10/18/a1.html"
    html = article_page().replace(f"<h1>{TITLE}</h1>", f'<h1><a href="{url}#top">{TITLE}</a></h1>')
    analysis = analyse(load_document(html, url=url))
    assert analysis is not None and analysis.title.tag == "h1"
    assert analysis.title.text == TITLE


def test_title_linking_elsewhere_is_not_a_candidate() -> None:
    html = article_page().replace(
        f"<h1>{TITLE}</h1>", f'<h1><a href="https://other.example.cn/x">{TITLE}</a></h1>'
    )
    analysis = analyse(load_document(html, url="https://news.example.cn/a1.html"))
    assert analysis is not None and analysis.title.tag != "h1"


def test_identical_nested_candidates_keep_the_innermost() -> None:
    html = article_page().replace(f"<h1>{TITLE}</h1>", f'<div class="t"><h1>{TITLE}</h1></div>')
    analysis = analyse(load_document(html))
    assert analysis is not None and analysis.title.tag == "h1"


def test_identical_candidates_elsewhere_keep_the_best_ranked_tag() -> None:
    # A sticky header repeats the headline in a div before the real h1.
    html = article_page().replace(
        '<div id="wrap">', f'<div class="bar"><div>{TITLE}</div></div><div id="wrap">'
    )
    analysis = analyse(load_document(html))
    assert analysis is not None and analysis.title.tag == "h1"


def test_headline_ending_in_a_full_stop_is_not_a_title() -> None:
    analysis = analyse(
        load_document(page(f"<h1>{TITLE}。</h1><p>{PARAGRAPHS[0]}</p>", title="无关的站点名称标题"))
    )
    assert analysis is not None and analysis.title.tag != "h1"


def test_no_title_candidate_falls_back_to_the_body_with_low_confidence() -> None:
    html = page("".join(f"<p>{text}</p>" for text in PARAGRAPHS), title="示例网")
    result = tcdt(html)
    analysis = analyse(load_document(html))
    assert analysis is not None
    assert analysis.title.pos == 0 and analysis.title.low_confidence
    assert result.title_hint is None  # the shared chooser decides from <title> alone
    assert PARAGRAPHS[1] in result.text


def test_title_after_the_content_still_finds_the_content() -> None:
    paragraphs = "".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    html = page(
        f'<ul class="menu">{NAV}</ul><div class="c">{paragraphs}</div>'
        f"<h2>{TITLE}</h2><ul>{SIDEBAR}</ul>"
    )
    result = tcdt(html)
    for text in PARAGRAPHS:
        assert text in result.text


def test_table_layout_page() -> None:
    cells = "".join(f"<tr><td><p>{text}</p></td></tr>" for text in PARAGRAPHS)
    html = page(
        f"<table><tr><td><table>{''.join(f'<tr><td>{NAV}</td></tr>')}</table></td>"
        f"<td><table><tr><td><b>{TITLE}</b></td></tr>{cells}</table></td></tr></table>"
    )
    result = tcdt(html)
    analysis = analyse(load_document(html))
    assert analysis is not None and analysis.title.tag == "b"
    for text in PARAGRAPHS:
        assert text in result.text
    assert "新闻频道栏目" not in result.text


def test_english_page_falls_back_to_density_and_says_so() -> None:
    body = "".join(
        f"<p>{'The committee met on Tuesday to discuss the budget. ' * 8}</p>" for _ in range(4)
    )
    html = page(f"<h1>Budget talks resume</h1>{body}", title="Budget talks resume - Example")
    article = extract(html, method="tcdt")
    assert isinstance(article, Article)
    assert article.method == "tcdt>density"
    assert "Chinese" in article.diagnostics["tcdt"]["reason"]
    assert "committee met" in article.content


def test_fallback_is_a_rejection_when_density_cannot_load(monkeypatch) -> None:
    from newscrawl.extraction import registry

    def broken(name: str):
        raise ImportError(f"no module for {name}")

    monkeypatch.setattr(registry, "get_method", broken)
    html = page("<h1>Hello</h1><p>Only English text here, nothing else.</p>", title="Hello")
    result = extract_content(load_document(html))
    assert isinstance(result, Rejection)
    assert "density" in result.detail and "Chinese" in result.detail


def test_document_tree_is_not_modified() -> None:
    doc = load_document(article_page())
    import lxml.html

    before = lxml.html.tostring(doc.root)
    extract_content(doc)
    assert lxml.html.tostring(doc.root) == before


def test_counts_are_computed_bottom_up_like_text_content() -> None:
    doc = load_document(article_page())
    tree = index_tree(doc.body)
    from newscrawl.extraction.text import cjk_count

    for pos in range(0, len(tree), 7):
        el = tree.nodes[pos]
        assert tree.cjk[pos] == cjk_count(text_content(el))
        links = sum(cjk_count(text_content(a)) for a in el.iter("a"))
        assert tree.link_cjk[pos] == links


def test_noise_sections_do_not_win_over_the_article() -> None:
    comments = "".join(
        f'<div class="comment-item"><p>{text}{text}</p></div>' for text in PARAGRAPHS
    )
    html = article_page().replace(
        '<div class="links">', f'<div class="comments">{comments}</div><div class="links">'
    )
    result = tcdt(html)
    assert result.text.count(PARAGRAPHS[0]) == 1
    literal = dataclasses.replace(DEFAULT_OPTIONS, skip_noise=False)
    unfiltered = extract_content(load_document(html), literal)
    assert isinstance(unfiltered, ContentResult)
    assert unfiltered.text.count(PARAGRAPHS[0]) > 1  # the comments outweigh the article


def test_deeply_nested_page_does_not_recurse() -> None:
    html = page("<div>" * 3000 + f"<h1>{TITLE}</h1><p>{PARAGRAPHS[0]}</p>" + "</div>" * 3000)
    result = extract(html, method="tcdt")
    assert isinstance(result, Article | Rejection)


def test_english_page_with_a_few_chinese_characters_still_falls_back() -> None:
    body = "".join(
        f"<p>{'Markets rallied on Friday as investors cheered the data. ' * 8}</p>"
        for _ in range(4)
    )
    html = page(
        f"<h1>Markets rally</h1>{body}<footer>中文</footer>", title="Markets rally - Example"
    )
    article = extract(html, method="tcdt")
    assert isinstance(article, Article)
    assert article.method == "tcdt>density"
    assert "title" in article.diagnostics["tcdt"]  # the analysis ran and is reported
    assert "Markets rallied" in article.content
