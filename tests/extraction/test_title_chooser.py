"""The shared title chooser: anchor text readings, source votes, site names."""

from __future__ import annotations

import json

import pytest

from newscrawl.extraction.core import extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.metadata.title import (
    anchor_similarity,
    anchor_variants,
    as_one_line,
    choose_title,
    is_self_link,
    rank_titles,
    split_title,
)
from newscrawl.extraction.metadata.title_text import lcs_dice, lcs_length
from newscrawl.extraction.text import tokens
from newscrawl.extraction.types import Article

HEADLINE = "City council approves new budget for public libraries"
BODY = "<p>" + "The council voted on Tuesday after a long debate about funding. " * 6 + "</p>"


def page(
    *,
    title: str = "",
    h1: str = "",
    og: str = "",
    site: str = "",
    json_ld: str = "",
    extra: str = "",
) -> str:
    head = f"<title>{title}</title>" if title else ""
    if og:
        head += f'<meta property="og:title" content="{og}">'
    if site:
        head += f'<meta property="og:site_name" content="{site}">'
    if json_ld:
        head += (
            '<script type="application/ld+json">'
            + json.dumps({"@type": "NewsArticle", "headline": json_ld})
            + "</script>"
        )
    heading = f"<h1>{h1}</h1>" if h1 else ""
    return f"<html><head>{head}</head><body>{extra}{heading}{BODY}</body></html>"


def choose(html: str, anchor: str | None = None, url: str | None = None) -> str:
    return choose_title(load_document(html, anchor_text=anchor, url=url))


def test_tokens_follow_the_metric() -> None:
    assert tokens("Ｈello, World — 中国 2025", normalize=True) == [
        "hello",
        "world",
        "中",
        "国",
        "2025",
    ]


def test_lcs_matches_the_textbook_definition() -> None:
    assert lcs_length("ABCBDAB", "BDCABA") == 4
    assert lcs_dice("abc", "abc") == 1.0
    assert lcs_dice("", "abc") == 0.0


def test_split_title_keeps_hyphenated_words_whole() -> None:
    assert split_title("Long-Distance Movers - Example News") == [
        "Long-Distance Movers",
        "Example News",
    ]
    assert split_title("华为新品发布_网易科技-网易") == ["华为新品发布", "网易科技", "网易"]
    assert split_title("rustc_codegen_gcc: Progress Report") == [
        "rustc_codegen_gcc: Progress Report"
    ]


def test_without_anchor_the_sources_agreeing_win() -> None:
    html = page(title=f"{HEADLINE} | Example Times", h1=HEADLINE, og=HEADLINE, site="Example Times")
    assert choose(html) == HEADLINE


def test_without_anchor_a_site_name_heading_does_not_win() -> None:
    html = page(
        title=f"{HEADLINE} - Example Times",
        og=f"{HEADLINE} - Example Times",
        site="Example Times",
        extra='<h1><a href="https://example.com/">Example Times</a></h1>',
    )
    assert choose(html, url="https://example.com/news/1") == HEADLINE


def test_without_anchor_an_seo_variant_loses_to_the_visible_h1() -> None:
    html = page(
        title="Budget news 2025: everything you need | Example", og="Budget news 2025", h1=HEADLINE
    )
    assert choose(html) == HEADLINE


@pytest.mark.parametrize(
    "anchor",
    [
        HEADLINE,  # exact
        "City council approves new…",  # truncated with an ellipsis
        "City council approves new budget...",  # truncated with three dots
        f"[Video] {HEADLINE}",  # label prefix
        f"Watch: {HEADLINE}",
        f"{HEADLINE} - Example Times",  # site suffix
    ],
)
def test_anchor_variants_pick_the_headline(anchor: str) -> None:
    html = page(
        title=f"{HEADLINE} | Example Times", h1=HEADLINE, og="Budget approved: what it means"
    )
    assert choose(html, anchor) == HEADLINE


@pytest.mark.parametrize(
    "anchor",
    [
        "[视频]国务院常务会议部署稳经济措施",
        "图文：国务院常务会议部署稳经济措施",
        "国务院常务会议部署…",
        "国务院常务会议部署稳经济措施_新闻中心",
    ],
)
def test_chinese_anchor_decorations(anchor: str) -> None:
    headline = "国务院常务会议部署稳经济措施"
    html = page(title=f"{headline}_新闻中心_示例网", h1=headline)
    assert choose(html, anchor) == headline


def test_anchor_is_never_returned_when_nothing_on_the_page_matches() -> None:
    html = page(title=f"{HEADLINE} | Example Times", h1=HEADLINE)
    chosen = rank_titles(load_document(html, anchor_text="Sports results from the weekend"))
    assert chosen.text == HEADLINE
    assert "no candidate close to the anchor text" in chosen.reason


def test_anchor_prefers_the_whole_match_over_a_part() -> None:
    # The headline itself contains a separator; the candidate matching all of it wins.
    html = page(title="Postgres | Notes from a year of self-hosting - Example Blog", og="Postgres")
    assert choose(html, "Postgres | Notes from a year of self-hosting") == (
        "Postgres | Notes from a year of self-hosting"
    )


def test_anchor_with_the_site_suffix_of_the_page_picks_the_headline() -> None:
    html = page(title=f"{HEADLINE} | Example Times", h1=HEADLINE)
    assert choose(html, f"{HEADLINE} | Example Times") == HEADLINE


def test_no_candidates_at_all() -> None:
    html = f"<html><body>{BODY}</body></html>"
    assert choose(html) == ""
    assert choose(html, "Some anchor") == "Some anchor"  # the only information there is


def test_json_ld_headline_is_a_candidate() -> None:
    html = page(title="Example Times", json_ld=HEADLINE)
    assert choose(html) == HEADLINE


def test_method_hint_breaks_a_tie() -> None:
    html = page(title="Example Times")
    assert choose_title(load_document(html), hint=HEADLINE) == HEADLINE


def test_anchor_readings_strip_decorations() -> None:
    readings = {(v.tokens, v.truncated) for v in anchor_variants("[视频]国务院会议…")}
    assert (tuple("国务院会议"), True) in readings


def test_a_cut_anchor_with_a_label_is_cut_in_every_reading_that_ends_where_it_ends() -> None:
    anchor = "[视频]江门七旬阿婆接来电称其涉黑被..."
    readings = {(v.tokens, v.truncated) for v in anchor_variants(anchor)}
    assert (tuple("视频江门七旬阿婆接来电称其涉黑被"), True) in readings
    assert (tuple("江门七旬阿婆接来电称其涉黑被"), True) in readings
    # The page's own headline, label and all, starts with the whole cut anchor: it beats a
    # paragraph that shares most of the unlabelled words.
    headline = tuple("视频江门七旬阿婆接来电称其涉黑被骗上百万冒充公检法电诈团伙被端")
    paragraph = tuple("七旬阿婆接来电称其涉黑洗钱被吓坏层层套路被骗走")
    variants = anchor_variants(anchor)
    assert anchor_similarity(headline, variants) > anchor_similarity(paragraph, variants)


def test_self_link_rules() -> None:
    url = "https://News.Example.cn/a/1.html?id=3"
    assert is_self_link("", url)
    assert is_self_link("#comments", url)
    assert is_self_link("javascript:void(0)", url)
    assert is_self_link("https://news.example.cn/a/1.html?id=3#top", url)
    assert is_self_link("/a/1.html?id=3", url)
    assert not is_self_link("/a/1.html?id=4", url)
    assert not is_self_link("https://other.example.cn/a/1.html?id=3", url)
    assert not is_self_link("/a/2.html", None)


def test_density_articles_use_the_anchor_too() -> None:
    html = page(title=f"{HEADLINE} | Example Times", h1=HEADLINE, og="Budget approved")
    article = extract(html, method="density", anchor_text="Budget approved")
    assert isinstance(article, Article)
    assert article.title == "Budget approved"


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("Top MBA Programs of 2025 (US)\n  Your Guide", "Top MBA Programs of 2025 (US) Your Guide"),
        ("Dec 18 2025\n \n Preparing a transition", "Dec 18 2025 Preparing a transition"),
        # escaped twice by the page: the parser leaves one reference
        ("Python, SQL &#x26; AI", "Python, SQL & AI"),
        ("Women&#8217;s &amp; men&rsquo;s", "Women’s & men’s"),
        # no semicolon, no reference; none that a title can show
        ("R&D at AT&T, Tips&para", "R&D at AT&T, Tips&para"),
        ("&#0; &#xD800; &unknown;", "&#0; &#xD800; &unknown;"),
    ],
)
def test_a_title_is_stored_as_one_line_of_shown_text(raw, stored):
    assert as_one_line(raw) == stored


def test_a_heading_s_line_breaks_do_not_reach_the_title():
    html = (
        "<html><head><title>x</title></head><body><h1>Top MBA Programs of 2025<br>\n"
        "   Your Guide to the Best Schools</h1><p>"
        + "Business schools ranked by salary, debt and placement across the country. " * 5
        + "</p></body></html>"
    )
    article = extract(html.encode(), method="density")
    assert article.title == "Top MBA Programs of 2025 Your Guide to the Best Schools"


@pytest.mark.parametrize(
    "title",
    [
        "阿里发布最强AI芯片：一块顶十块GPU-EDN 电子技术设计",  # a hyphen the split leaves
        "What happened with Arch Linux ISO in 2024 / Arch Discussion / Arch Linux Forums",
    ],
)
def test_a_heading_the_title_opens_with_is_the_headline(title):
    heading = title.split("-EDN")[0].split(" / ")[0]
    html = (
        f"<html><head><title>{title}</title></head><body><h1>{heading}</h1><p>"
        + "The release brought a new installer and a faster mirror list to every user. " * 4
        + "</p></body></html>"
    )
    assert choose_title(load_document(html.encode())) == heading


def test_a_heading_ending_in_the_site_s_declared_name_loses_it():
    html = (
        "<html><head><title>Critics’ Choice: Best UK Art Exhibitions 2025 – Artlyst - Artlyst"
        "</title><meta property='og:site_name' content='Artlyst'>"
        "<meta property='og:title' content='Critics’ Choice: Best UK Art Exhibitions 2025 – "
        "Artlyst'></head><body><h1>Critics’ Choice: Best UK Art Exhibitions 2025 – Artlyst</h1>"
        "<p>"
        + "Our critics pick the exhibitions of the year, from London to Edinburgh. " * 4
        + "</p></body></html>"
    )
    assert (
        choose_title(load_document(html.encode()))
        == "Critics’ Choice: Best UK Art Exhibitions 2025"
    )
