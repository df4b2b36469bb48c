"""The trim rules on a chosen region's text, and auto calling them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from newscrawl.extraction import Article, extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.extractors import auto
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS as DEFAULT_AUTO
from newscrawl.extraction.trim import NO_TRIM, TrimOptions, trim, trim_text
from newscrawl.extraction.types import ContentResult

PARAGRAPH = (
    "The council voted on Tuesday to extend the night bus service to the northern "
    "suburbs, after a year of complaints from shift workers about the last trains."
)
OTHER = (
    "Officials said the change would cost about two million a year and would be paid "
    "for by the regional transport fund rather than by a rise in fares for riders."
)
ARTICLE = "\n".join([PARAGRAPH, OTHER, PARAGRAPH.replace("Tuesday", "Monday")])
ONLY_TAIL = TrimOptions(tail_min_share=0.5, teaser_lines=False, link_run=None, leading_links=False)


def trimmed_when_asked(text: str, rule: str) -> str:
    """``text`` trimmed with only ``rule`` on, after checking that no rule leaves it whole."""
    assert trim_text(text, frozenset(), NO_TRIM) == text
    return trim_text(text, frozenset(), replace(NO_TRIM, **{rule: True}))


def test_tail_heading_cuts_the_rest_of_the_text() -> None:
    for heading in (
        "Related Articles",
        "You may also like",
        "3 Comments",
        "相关阅读",
        "网友评论：",
        "More from The Daily Planet",
    ):
        text = f"{ARTICLE}\n{heading}\nTen things to do this weekend"
        assert trim_text(text, frozenset(), ONLY_TAIL) == ARTICLE, heading


def test_tail_heading_near_the_top_is_kept() -> None:
    text = f"Related\n{ARTICLE}"
    assert trim_text(text, frozenset(), ONLY_TAIL) == text


def test_prose_that_mentions_a_heading_word_is_kept() -> None:
    text = f"{ARTICLE}\nComments from residents were mixed, the survey said."
    assert trim_text(text, frozenset(), ONLY_TAIL) == text


def test_teaser_line_is_dropped_alone() -> None:
    text = f"{PARAGRAPH}\nRelated: Night buses in other cities\n{OTHER}"
    options = TrimOptions(tail_min_share=None, teaser_lines=True)
    assert trim_text(text, frozenset(), options) == f"{PARAGRAPH}\n{OTHER}"


def test_link_runs_go_and_single_links_stay() -> None:
    links = frozenset({"Bus fares rise", "New tram line", "Weather", "the council"})
    text = f"{PARAGRAPH}\nthe council\n{OTHER}\nBus fares rise\nNew tram line\nWeather"
    options = TrimOptions(tail_min_share=None, teaser_lines=False, link_run=2)
    assert trim_text(text, links, options) == f"{PARAGRAPH}\nthe council\n{OTHER}"


def test_leading_links_go_up_to_the_first_other_line() -> None:
    links = frozenset({"Home", "Jane Reporter"})
    text = f"Home\nJane Reporter\n{PARAGRAPH}\nHome"
    options = TrimOptions(tail_min_share=None, teaser_lines=False, leading_links=True)
    assert trim_text(text, links, options) == f"{PARAGRAPH}\nHome"


def test_a_text_that_would_vanish_is_kept_whole() -> None:
    links = frozenset({"One", "Two"})
    options = TrimOptions(link_run=2)
    assert trim_text("One\nTwo", links, options) == "One\nTwo"


def test_no_trim_changes_nothing() -> None:
    text = f"Home\n{ARTICLE}\nRelated: x\nRelated\ny"
    assert trim_text(text, frozenset({"Home"}), NO_TRIM) == text


# Two related stories: three would leave the document before any method reads it
# (related_boxes.py), and the trim stage would have nothing to cut.
PAGE = f"""<html><head><title>Night buses extended</title></head><body>
<nav><a href="/">Home</a> <a href="/local">Local</a></nav>
<article><h1>Night buses extended</h1>
<p>{PARAGRAPH}</p><p>{OTHER}</p><p>{PARAGRAPH.replace("Tuesday", "Monday")}</p>
<p>{OTHER.replace("two", "three")}</p>
<h3>Related stories</h3>
<ul><li><a href="/a">Tram line opens in the east after five years of works</a></li>
<li><a href="/b">Parking charges to rise in the city centre next spring</a></li></ul>
</article><footer>(c) The Daily Planet</footer></body></html>"""


def test_link_texts_are_normalised() -> None:
    doc = load_document(b'<html><body><a href="/x">  Bus\n fares <b>rise</b></a></body></html>')
    assert doc.link_texts() == frozenset({"Bus fares rise"})


def test_auto_trims_a_related_list_after_the_article() -> None:
    doc = load_document(PAGE.encode(), url="https://planet.example/news/1")
    untrimmed = auto.extract_content(doc, replace(DEFAULT_AUTO, trim=NO_TRIM))
    assert isinstance(untrimmed, ContentResult)
    assert "Parking charges" in untrimmed.text  # the region holds the list: a real test
    article = extract(PAGE.encode(), url="https://planet.example/news/1", method="auto")
    assert isinstance(article, Article)
    assert "Parking charges" not in article.content
    assert "Related stories" not in article.content
    assert OTHER in article.content


def test_sidebar_heading_cuts_only_when_asked() -> None:
    text = f"{ARTICLE}\nRecent Posts\nTen things to do this weekend"
    assert trim_text(text, frozenset(), ONLY_TAIL) == ARTICLE
    without = TrimOptions(
        tail_min_share=0.5,
        sidebar_headings=False,
        teaser_lines=False,
        link_run=None,
        leading_links=False,
    )
    assert trim_text(text, frozenset(), without) == text


def test_a_cut_of_most_of_the_text_keeps_it_whole() -> None:
    # A listing: the region is a list of links with a line of prose; the link-run rule
    # would leave only the prose, so the cap keeps the list.
    links = frozenset({f"Story number {n} about the night buses and the trams" for n in range(6)})
    text = "\n".join(["Latest local news", *sorted(links)])
    assert trim_text(text, links, TrimOptions(link_run=2)) == text
    uncapped = TrimOptions(link_run=2, max_cut_share=None)
    assert trim_text(text, links, uncapped) == "Latest local news"


def test_a_cut_of_less_than_the_cap_goes_ahead() -> None:
    links = frozenset({"Bus fares rise", "New tram line"})
    text = f"{ARTICLE}\nBus fares rise\nNew tram line"
    assert trim_text(text, links, TrimOptions(max_cut_share=0.5)) == ARTICLE
    # the same cut over a cap below its share of the text is undone
    assert trim_text(text, links, TrimOptions(max_cut_share=0.05)) == text


def test_end_section_headings_cut_only_when_asked() -> None:
    on = replace(ONLY_TAIL, sidebar_headings=False, end_sections=True, sources_sections=False)
    for heading in ("About the Author", "Previous Post", "Topics", "Explore more guides"):
        text = f"{ARTICLE}\n{heading}\nJane writes about transport for the Planet."
        assert trim_text(text, frozenset(), on) == ARTICLE, heading
        assert trim_text(text, frozenset(), replace(on, end_sections=False)) == text, heading


def test_sources_headings_cut_only_when_asked_apart_from_end_sections() -> None:
    on = replace(ONLY_TAIL, sidebar_headings=False, end_sections=False, sources_sections=True)
    for heading in ("Article Sources:", "References", "Footnotes", "参考文献"):
        text = f"{ARTICLE}\n{heading}\nSmith, J. (2024). Trams in the city. Transport Review."
        assert trim_text(text, frozenset(), on) == ARTICLE, heading
        assert trim_text(text, frozenset(), replace(on, sources_sections=False)) == text
        ends_only = replace(on, sources_sections=False, end_sections=True)
        assert trim_text(text, frozenset(), ends_only) == text, heading
    # "Sources said ..." is prose, not a heading
    prose = f"{ARTICLE}\nSources said the plan would pass."
    assert trim_text(prose, frozenset(), on) == prose


# Hand-written Chinese paragraphs for the portal furniture rules.
ZH_PARAGRAPH = (
    "市交通局周二宣布，夜间公交线路将延伸到北部郊区，以回应轮班工人一年来对末班地铁"
    "过早收车的投诉。官员表示，这项调整每年约需两百万元，由区域交通基金承担。"
)
ZH_ARTICLE = "\n".join([ZH_PARAGRAPH, ZH_PARAGRAPH.replace("周二", "周一"), ZH_PARAGRAPH])
ZH_ONLY = replace(NO_TRIM, tail_min_share=0.5)


def test_zh_headings_with_separators_cut_only_when_asked() -> None:
    headings = ("延伸 · 推荐", "为您推荐", "你可能感兴趣", "热点推荐", "文章关键词：")
    headings += ("相关 | 推荐",)
    for heading in headings:
        text = f"{ZH_ARTICLE}\n{heading}\n另一篇文章的标题"
        assert trim_text(text, frozenset(), ZH_ONLY) == text, heading
        options = replace(ZH_ONLY, zh_headings=True)
        assert trim_text(text, frozenset(), options) == ZH_ARTICLE, heading


def test_zh_heading_words_inside_prose_are_kept() -> None:
    text = f"{ZH_ARTICLE}\n记者为您推荐几条出行路线：早高峰可换乘地铁。"
    assert trim_text(text, frozenset(), replace(ZH_ONLY, zh_headings=True)) == text


def test_appeal_lines_are_dropped_alone_when_asked() -> None:
    lines = (
        "您的浏览器暂时无法播放此视频。",
        "自动播放",
        "关键词 >> 公交,夜班",
        "我要反馈",
        "扫描下方二维码关注本报公众号",
        "回复【公交】查看线路",
        "（点击查看大图）",
        "扫一扫 关注我们",
        "关注公众号查看全文",
        "分享到：",
        "看完点【在看】",
        "(本文来自澎湃新闻，更多原创资讯请下载“澎湃新闻”APP)",
        "返回搜狐，查看更多",
        "分享至好友和朋友圈",
        "跟贴 跟贴 19 参与 206",
    )
    text = "\n".join([ZH_PARAGRAPH, *lines, ZH_PARAGRAPH])
    assert trimmed_when_asked(text, "appeal_lines") == f"{ZH_PARAGRAPH}\n{ZH_PARAGRAPH}"
    prose = f"{ZH_PARAGRAPH}\n他返回北京，查看了工程进度。\n下载了三次文件才成功。"
    assert trim_text(prose, frozenset(), replace(NO_TRIM, appeal_lines=True)) == prose


def test_a_long_line_naming_a_qr_code_is_prose() -> None:
    line = "警方提醒，" + "不要随意扫描陌生人发来的二维码，" * 6 + "以免个人信息泄露。"
    text = f"{ZH_PARAGRAPH}\n{line}"
    assert trim_text(text, frozenset(), replace(NO_TRIM, appeal_lines=True)) == text


def test_original_title_line_is_dropped_when_asked() -> None:
    lines = ("（原标题：夜班公交延至郊区）", "本文原标题：《夜班公交来了》", "原题为《末班车》")
    for line in lines:
        assert trimmed_when_asked(f"{line}\n{ZH_ARTICLE}", "original_title") == ZH_ARTICLE
    quoted = f"{ZH_PARAGRAPH}\n据了解，该文原标题为《末班车》。"
    assert trim_text(quoted, frozenset(), replace(NO_TRIM, original_title=True)) == quoted


def test_zh_teaser_lines_are_dropped_when_asked() -> None:
    lines = ("此前报道：夜班公交试运行一周", "点击进入专题：", "相关资讯请关注：城市交通专区")
    text = "\n".join([ZH_PARAGRAPH, *lines, ZH_PARAGRAPH])
    assert trimmed_when_asked(text, "zh_teasers") == f"{ZH_PARAGRAPH}\n{ZH_PARAGRAPH}"
    prose = f"{ZH_PARAGRAPH}\n此前报道称，线路将在年底前开通。"
    assert trim_text(prose, frozenset(), replace(NO_TRIM, zh_teasers=True)) == prose


def test_disclaimer_lines_are_dropped_when_asked() -> None:
    lines = (
        "免责声明：本文观点仅代表作者本人，不代表本站立场。",
        "【特别声明】：本平台仅提供信息存储服务。",
    )
    assert trimmed_when_asked("\n".join([ZH_PARAGRAPH, *lines]), "disclaimers") == ZH_PARAGRAPH
    prose = f"{ZH_PARAGRAPH}\n公司随后发表声明：将在一周内恢复线路。"
    assert trim_text(prose, frozenset(), replace(NO_TRIM, disclaimers=True)) == prose


def test_credit_lines_are_dropped_anywhere_when_asked() -> None:
    lines = (
        "编辑|禤志杰",
        "【责任编辑：王芳】",
        "编辑 刘晓阳 校对 李铭",
        "新京报记者 陆一夫",
        "本报记者罗科苏盈发自北京",
        "来源|广州参考、羊城晚报",
        "（记者 张三 通讯员 李四）",
    )
    text = "\n".join([lines[3], ZH_PARAGRAPH, lines[0], ZH_PARAGRAPH, *lines[1:3], *lines[4:]])
    assert trimmed_when_asked(text, "zh_credits") == f"{ZH_PARAGRAPH}\n{ZH_PARAGRAPH}"
    prose = f"{ZH_PARAGRAPH}\n记者从市交通部门了解到，夜班公交将延至郊区。\n编辑部的同事们都很忙。"
    assert trim_text(prose, frozenset(), replace(NO_TRIM, zh_credits=True)) == prose


def test_control_lines_are_dropped_anywhere_when_asked() -> None:
    lines = ("举报 | 回复", "收藏 分享 举报", "赞 12 踩 3", "只看该作者", "点赞(5)｜评论｜转发")
    text = "\n".join([ZH_PARAGRAPH, lines[0], ZH_PARAGRAPH, *lines[1:]])
    assert trimmed_when_asked(text, "zh_controls") == f"{ZH_PARAGRAPH}\n{ZH_PARAGRAPH}"
    prose = f"{ZH_PARAGRAPH}\n回复网友提问时，他说方案还在讨论。\n支持率为百分之六十。"
    assert trim_text(prose, frozenset(), replace(NO_TRIM, zh_controls=True)) == prose


# Rules that drop single lines anywhere in the text: the lines each drops, and prose that
# opens or ends like them and stays.
LINE_RULES = {
    "consent_lines": (
        (
            (
                "By signing up, you agree to receive recurring automated SMS marketing messages "
                "from Example Deals at the number provided. Msg and data rates may apply."
            ),
            'By clicking "Start Now!" you accept our Terms and Conditions',
            "This site is protected by reCAPTCHA and the Google Privacy Policy and Terms apply.",
            "Thank you! Your submission has been received!",
            "Oops! Something went wrong while submitting the form.",
            "You must log in or register to reply here.",
            "You need to be a member in order to leave a comment",
            "Already have an account? Sign in here.",
            "No votes so far! Be the first to rate this post.",
            "Your browser does not support the video tag.",
            "Press enter or click to view image in full size",
        ),
        (
            "By 2030, the report says, you agree to pay more whether you ride or not.",
            "By signing up, the riders agreed to share their travel data with the council.",
            "Riders said that by clicking through the app you agree to terms nobody reads.",
            "You need to be a member of the club to vote in the election, the rules say.",
            "You must register your car before you drive it on a public road.",
        ),
    ),
    "ui_labels": (
        (
            "Learn more",
            "Read More →",
            "BOOK NOW",
            "Get started for free",
            "Share this article",
            "Back to top",
            "Advertisement - Page continues below",
            "Show Caption",
            "Listen",
            "Loading...",
            "Table of Contents",
            "In this article:",
            "Story continues below advertisement",
            "Continue reading the main story",
            "SKIP ADVERTISEMENT",
            "Article Continues Below",
            "Advertisement - Continue Reading Below",
            "Ad Feedback",
            "Skip past newsletter promotion",
            "Scroll to continue with content",
            "3:51",
            "1:02:45",
            "Written by",
            "Fact-checked by:",
            "View comments",
            "How useful was this post?",
            "chevron_right",
            "Check Price at Amazon",
            "$129 at Target",
            "$1,299.99 at Best Buy (on sale!)",
        ),
        (
            "Learn more about the river's history at the museum.",
            "The train leaves at 3:51.",
            "3:51 pm: the council voted.",
            "Written by hand, the letter reached the council a week later.",
            "Hide the keys before you leave.",
            "Buy it at the market, the chef says, and cook it the same day.",
            "$129 at Target is the lowest price we have seen for this blender this year.",
            "Contents of the first box were sold at auction.",
            "Share prices fell.",
            "Watch the tide before crossing.",
            "Continue reading about the council's plan in our earlier story.",
            "The story continues below the surface, where divers found the wreck.",
        ),
    ),
    "credit_lines": (
        (
            "Photo: Jane Doe/AP",
            "Image credit: © Depositphotos.com/AndrewLozovyi",
            "Credit:",
            "Courtesy of Amp",
            "(Photo by Sam Schild)",
            "Firn | Getty Images",
            "Kim Kyung-Hoon/Reuters",
            "资料图",
            "图/pixabay",
            "▲图片来自视频截图。",
            "▲广州日报全媒体图片记者黎旭阳、李妍摄",
        ),
        (
            "Credit card debt rose for the third quarter in a row.",
            "The minister said as much to Reuters.",
            "Courtesy calls to the mayor's office went unanswered for a week.",
            "资料图：市民在寒冷天气中出行。中新社记者 贾天勇 摄",
            "图为山西品牌丝路行（南美站）启动仪式。（刘通摄）",
        ),
    ),
    "signup_lines": (
        (
            "Sign up for our Health Highlights e-newsletter",
            "Join our mailing list! Get a newsletter when an episode is published.",
            "Subscribe to get the latest posts sent to your email.",
            "Get the best of Creative Boom delivered to your inbox weekly",
            '"Back of Mind" is a reader-supported publication. To receive new posts, subscribe.',
            "Never miss a deal again by signing up for the Newegg Newsletter!",
        ),
        (
            "A tracking number will be sent to your email within 24 hours after shipping.",
            "Subscribers to the service were charged twice, the company said.",
            "Join the queue at the east gate; the newsletter printed last week was wrong.",
            "Register your car before you drive it.",
        ),
    ),
}


@pytest.mark.parametrize("rule", sorted(LINE_RULES))
def test_a_line_rule_drops_its_lines_when_asked(rule: str) -> None:
    dropped, _ = LINE_RULES[rule]
    text = "\n".join([PARAGRAPH, *dropped, OTHER])
    assert trimmed_when_asked(text, rule) == f"{PARAGRAPH}\n{OTHER}"


@pytest.mark.parametrize("rule", sorted(LINE_RULES))
def test_a_line_rule_keeps_prose_that_looks_like_its_lines(rule: str) -> None:
    _, kept = LINE_RULES[rule]
    prose = "\n".join([PARAGRAPH, *kept])
    assert trim_text(prose, frozenset(), replace(NO_TRIM, **{rule: True})) == prose


SOURCES = ["Council minutes, 12 March", "Transport fund report 2025", "Regional rail timetable"]
RELATED = ["Bridge closure starts Monday", "Night buses: what changes", "Fares frozen for 2026"]


def page_with_lists() -> str:
    sources = "".join(
        f"<li><a href='https://{host}/doc'>{text}</a></li>"
        for host, text in zip(
            ("gov.example.org", "fund.example.net", "rail.example.com"), SOURCES, strict=True
        )
    )
    related = "".join(
        f"<li><a href='/2026/{n}.html'>{text}</a></li>" for n, text in enumerate(RELATED)
    )
    return (
        f"<html><body><article><p>{PARAGRAPH}</p><ul>{sources}</ul><p>{OTHER}</p>"
        f"<ul>{related}</ul></article></body></html>"
    )


def test_offsite_link_texts_are_the_links_to_other_sites() -> None:
    doc = load_document(page_with_lists(), url="https://www.example.com/2026/bus.html")
    # rail.example.com is the page's own registered domain: on-site.
    assert doc.offsite_link_texts() == frozenset(SOURCES[:2])
    assert set(SOURCES) | set(RELATED) <= doc.link_texts()


def test_without_a_url_the_site_is_the_domain_the_page_links_to_most() -> None:
    html = page_with_lists().replace(
        "</ul></article>", "</ul><a href='https://fund.example.net/x'>Fund</a></article>"
    )
    doc = load_document(html)
    # fund.example.net is named twice, the others once: it is taken for the page's own site.
    assert doc.offsite_link_texts() == frozenset({SOURCES[0], SOURCES[2]})


def test_a_run_of_offsite_links_is_kept_and_the_sites_own_run_goes() -> None:
    doc = load_document(page_with_lists(), url="https://news.example.info/2026/bus.html")
    text = "\n".join([PARAGRAPH, *SOURCES, OTHER, *RELATED])
    kept = trim(text, doc, DEFAULT_AUTO.trim)
    assert kept == "\n".join([PARAGRAPH, *SOURCES, OTHER])
    as_before = trim(text, doc, replace(DEFAULT_AUTO.trim, offsite_runs_kept=False))
    assert as_before == f"{PARAGRAPH}\n{OTHER}"


def test_a_bylines_date_line_goes_before_the_prose_only() -> None:
    prose = "The council voted on Tuesday to rebuild the bridge over the river next spring. " * 3
    text = f"Dec 12, 2025\nUpdated on March 2, 2026 at 4:10 pm\n{prose}\n2025-12-12"
    kept = trim_text(text, frozenset(), TrimOptions()).split("\n")
    assert kept == [prose, "2025-12-12"]  # after the prose: a timeline's date stays
    off = replace(TrimOptions(), date_lines=False, byline_lines=False)
    assert trim_text(text, frozenset(), off) == text


@pytest.mark.parametrize(
    "byline",
    [
        "By Rick Steves",
        "By Chris McNamara ⋅ Founder and Editor-in-Chief ⋅ Updated May 6, 2025",
        "Updated Dec 18, 2025 · 12 min read",
        "Bridgestone Team | 5 min read",
        "Reading Time: 8 minutes",
        "1,693 views",
    ],
)
def test_a_byline_line_goes_before_the_prose_only(byline: str) -> None:
    prose = "The council voted on Tuesday to rebuild the bridge over the river next spring. " * 3
    text = f"{byline}\n{prose}\n{byline}"
    kept = trim_text(text, frozenset(), TrimOptions()).split("\n")
    assert kept == [prose, byline]  # after the prose it may be the article's own words
    assert trim_text(text, frozenset(), replace(TrimOptions(), byline_lines=False)) == text


@pytest.mark.parametrize(
    "line",
    ["By the way, this is where the story begins.", "By 2030, the city plans to ban cars"],
)
def test_a_line_opening_with_by_that_names_no_one_stays(line: str) -> None:
    prose = "The council voted on Tuesday to rebuild the bridge over the river next spring. " * 3
    assert trim_text(f"{line}\n{prose}", frozenset(), TrimOptions()) == f"{line}\n{prose}"


@pytest.mark.parametrize(
    "byline",
    ["【文/观察者网专栏作者 王文】", "执笔/叨叨姐、胡一刀", "作者：张三", "记者 李四 通讯员 王五"],
)
def test_a_chinese_byline_goes_before_the_prose_only(byline: str) -> None:
    prose = "市政府周二宣布，明年春天将重建横跨河流的大桥，工程预计历时两年，总投资约十亿元。" * 4
    text = f"{byline}\n{prose}\n{byline}"
    # The byline rule alone (the credit-line rule, which reads a stricter form anywhere, off).
    bylines_only = replace(TrimOptions(), zh_credits=False)
    assert trim_text(text, frozenset(), bylines_only).split("\n") == [prose, byline]
    assert trim_text(text, frozenset(), replace(bylines_only, zh_bylines=False)) == text
