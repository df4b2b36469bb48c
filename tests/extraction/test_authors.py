"""Author: JSON-LD, meta, markup and Chinese byline cues, each validated."""

from __future__ import annotations

import pytest

from newscrawl.extraction import load_document
from newscrawl.extraction.metadata.authors import RULES, extract_author, extract_authors, rules
from newscrawl.extraction.metadata.authors.cleaning import clean_names
from newscrawl.extraction.metadata.authors.cues import find_en_byline
from newscrawl.extraction.metadata.authors.names import clean_author


def author_of(body: str = "", head: str = "") -> str | None:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return extract_author(load_document(html))


def test_json_ld_person_list():
    head = (
        '<script type="application/ld+json">{"@type": "NewsArticle", "author": '
        '[{"@type": "Person", "name": "Ann Lee"}, {"@type": "Person", "name": "Bo Chen"}]}'
        "</script>"
    )
    assert author_of(head=head) == "Ann Lee, Bo Chen"


def test_json_ld_organization_is_not_an_author():
    head = (
        '<script type="application/ld+json">{"author": {"@type": "Organization", '
        '"name": "USA TODAY"}}</script><meta name="author" content="Brian Truitt">'
    )
    assert author_of(head=head) == "Brian Truitt"


def test_meta_author_with_entities():
    assert author_of(head='<meta name="author" content="Maria &amp;amp; Katerina">') == (
        "Maria, Katerina"
    )


def test_itemprop_author_name():
    body = '<span itemprop="author"><span itemprop="name">Jane Doe</span></span>'
    assert author_of(body) == "Jane Doe"


def test_byline_class_drops_by_prefix():
    assert author_of('<div class="byline">By John Smith</div>') == "John Smith"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("<p>来源：新华网 作者：张三 2020-01-01</p>", "张三"),
        ("<p>本报记者罗科苏盈发自北京</p>", "罗科苏盈"),
        ("<p>河南商报记者马俊峰/文</p>", "马俊峰"),
        ("<p>责任编辑：李四</p>", "李四"),
        ("<p>据新华社拉萨电（记者 格桑边觉）记者近日从会议上了解到</p>", "格桑边觉"),
        ("<p>执笔人：闵乐夫 赵兰波 编辑：吕峥</p>", "闵乐夫, 赵兰波"),
        ("<p>[湖湘文化]陈天华《警世钟》 ggjjzhzz 发表于 2005-9-15 11:46:00</p>", "ggjjzhzz"),
        ("<p>本贴由大卫于2005年8月12日16:12:21在〖心灵体操〗发表.</p>", "大卫"),
    ],
)
def test_chinese_byline_cues(text, name):
    assert author_of(text) == name


def test_running_text_reporter_is_not_a_byline():
    assert author_of("<p>小记者训练营开营了，记者采访时称一切顺利。</p>") is None


def test_author_cue_beats_editor_cue():
    assert author_of("<p>责任编辑：李四</p><p>作者：王五</p>") == "王五"


@pytest.mark.parametrize(
    "value",
    ["admin", "http://example.com/u/1", "someone@example.com", "12345", "x", "a" * 80, "编辑"],
)
def test_invalid_names_are_rejected(value):
    assert clean_author(value) is None


@pytest.mark.parametrize(
    "value",
    [
        "page.head.extra.author",  # a template's unfilled variable
        "{{ post.author }}",
        "${author}",
        "Sat",  # a dateline's weekday
        "Thursday",
        "George Hotz's",  # prose about someone
        "Insights from",  # a phrase, not a name: particles do not end names
        "Personal finance",
        "The Author",
    ],
)
def test_what_only_looks_like_a_name_is_rejected(value):
    assert clean_author(value) is None


@pytest.mark.parametrize(
    "value",
    ["sara.r.peter", "Marna van der Merwe", "The Currency editors", "ggjjzhzz", "Satya Nadella"],
)
def test_handles_particles_and_group_credits_stay_names(value):
    assert clean_author(value) == value


def test_authored_by_is_a_byline_prefix():
    assert authors_of('<div class="byline">Authored by: Dr. Ehsan Jazini</div>') == [
        "Dr. Ehsan Jazini"
    ]


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("Brett Cruz, Privacy and Digital Security Expert", ["Brett Cruz"]),
        ("Benjamin Johnson, Sr. Director of Operations, Atlas Van Lines", ["Benjamin Johnson"]),
        ("Jane Doe, Marketing Director", ["Jane Doe"]),
        ("Jane Doe, PhD", ["Jane Doe"]),
        ("Jane Doe, John Roe and Ann Poe", ["Jane Doe", "John Roe", "Ann Poe"]),
    ],
)
def test_a_job_title_after_the_name_ends_the_list(byline, names):
    assert authors_of(f'<div class="byline">{byline}</div>') == names


@pytest.mark.parametrize(
    "box",
    [
        (
            "<div class='elementor-author-box'><h4 class='elementor-author-box__name'>Liz Kenny"
            "</h4><p>Liz is a former consultant who writes about careers.</p></div>"
        ),
        "<div class='authors-data'><span class='authors-name'>Liz Kenny</span></div>",
        (
            "<section class='author-block'><div class='field field--name-field-authors'>"
            "<p>Liz Kenny</p></div></section>"
        ),
    ],
)
def test_the_name_element_of_an_author_box(box):
    doc = load_document(f"<html><body><p>The story.</p>{box}</body></html>")
    assert extract_authors(doc) == ["Liz Kenny"]
    assert extract_authors(doc, rules=RULES - {rules.AUTHOR_BOX_NAMES}) == []


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("& Zackery Cuevas Writer, Hardware", ["Zackery Cuevas"]),  # a role, then its beat
        ("Authors: Julie Weisenhorn and Natalie Hoidal", ["Julie Weisenhorn", "Natalie Hoidal"]),
        ("Lance Ryan (Content", ["Lance Ryan"]),  # a parenthesis a cut left open
        ("Guide by Will Judd Former Deputy Tech Editor", ["Will Judd"]),  # a rank, a beat, a role
        ("Jane Roe, Senior Health Reporter", ["Jane Roe"]),
        ("Jean-Luc Aufranc (CNXSoft)", ["Jean-Luc Aufranc (CNXSoft)"]),  # a closed one stays
    ],
)
def test_beats_plural_labels_and_open_parentheses(byline, names):
    assert authors_of(f'<div class="byline">{byline}</div>') == names


def test_a_dateline_s_weekday_is_no_byline_name():
    assert authors_of('<div class="byline">Sat, 20 Dec, 2025 - 06:36</div>') == []


def test_no_author():
    assert author_of("<p>没有署名的正文。</p>") is None


def test_markup_residue_and_ids_are_not_names():
    # a broken page leaves attribute text after the cue; a CMS puts ids in the author box
    assert author_of('<p>作者： size="20" 来源： size="2"</p>') is None
    assert author_of('<span class="author">L_104485</span>') is None


@pytest.mark.parametrize(
    ("content", "name"),
    [
        ("到头来，一位自甘穷酸的外科医生。\n（袁源）", "袁源"),
        ("过一个平安、祥和的新春佳节。（常书香 马丹阳 ）", "常书香, 马丹阳"),
        ("所有的改革难道不都是利益再分配的过程吗？”（姚峰 上海报道）", "姚峰"),
        ("推动云南工业高质量发展。（记者 胡晓蓉）", "胡晓蓉"),
        ("一段很长的文章。\n执笔人：闵乐夫 赵兰波", "闵乐夫, 赵兰波"),
    ],
)
def test_closing_byline_of_the_content_is_the_last_resort(content, name):
    doc = load_document("<html><body><p>正文</p></body></html>")
    assert extract_author(doc, content) == name


@pytest.mark.parametrize(
    "content",
    [
        "全文到此结束。（全文完）",
        "本办法自发布之日起施行（试行）",
        "他说：“好。”（图）",
        "会议在北京举行。（新华社）",
        "详见通知。（市教育局）",
        "据报道。（央视新闻）",
    ],
)
def test_closing_words_that_are_no_bylines(content):
    doc = load_document("<html><body><p>正文</p></body></html>")
    assert extract_author(doc, content) is None


def test_page_byline_beats_closing_byline():
    doc = load_document("<html><body><p>作者：张三 2020-01-01</p><p>正文</p></body></html>")
    assert extract_author(doc, "正文（李四）") == "张三"


def authors_of(
    body: str = "", head: str = "", url: str | None = None, rules: frozenset[str] = RULES
) -> list[str]:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return extract_authors(load_document(html, url=url), rules=rules)


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("By Jane Doe and John Roe", ["Jane Doe", "John Roe"]),
        ("By Jane Doe, Staff Writer", ["Jane Doe"]),
        ("Jane Doe | Updated May 3, 2024 10:00", ["Jane Doe"]),
        ("By Jane Doe jane.doe@example.com", ["Jane Doe"]),
        ("Written by Jane Doe - 3 hours ago", ["Jane Doe"]),
        ('"Jane Doe"', ["Jane Doe"]),
        ("作者：王建宏 张文攀", ["王建宏", "张文攀"]),
        ("王建宏、张文攀", ["王建宏", "张文攀"]),
    ],
)
def test_bylines_are_split_and_stripped_of_roles_dates_and_emails(byline, names):
    assert authors_of(f'<div class="byline">{byline}</div>') == names


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("By JANE DOE and JOHN ROE Associated Press", ["JANE DOE", "JOHN ROE"]),
        ("By Jane Doe, The Associated Press", ["Jane Doe"]),
        ("By Jane Doe, CNN", ["Jane Doe"]),
        ("By Jane Doe and John Roe, AFP", ["Jane Doe", "John Roe"]),
        ("Jo Li for Reuters", ["Jo Li"]),
        ("By Thomson Reuters", ["Thomson Reuters"]),  # no comma: one name
        ("By Jillian Kubala, MS, RD", ["Jillian Kubala", "MS", "RD"]),  # credentials stay
    ],
)
def test_the_wire_service_or_outlet_after_the_writers_is_no_writer(byline, names):
    assert clean_names(byline.removeprefix("By ")) == names


STORY = "<p>The union and the operators met again on Monday without an agreement.</p>"


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("BY JANE DOE", ["JANE DOE"]),
        ("By JANE DOE AND JOHN ROE, Associated Press", ["JANE DOE", "JOHN ROE"]),
        ("BY THE NUMBERS", []),  # a heading: an organisation's word, no name
        ("Reporter: Jane Doe", ["Jane Doe"]),
        ("Contributors: Jo Li and Sam Roe", ["Jo Li", "Sam Roe"]),
        ("Writer: Janet Loughrey", ["Janet Loughrey"]),
    ],
)
def test_capital_bylines_and_role_labels_under_the_headline(byline, names):
    body = f"<h1>Port strike enters second week</h1><p>{byline}</p>{STORY}"
    assert authors_of(body) == names


def test_a_capital_byline_after_a_prose_by_under_the_headline():
    # "a study by Harvard" is passed over as prose; the byline in capitals still counts.
    body = (
        "<h1>Port strike enters second week</h1><p>A study by Harvard Researchers found it.</p>"
        f"<p>BY JANE DOE</p>{STORY}"
    )
    assert authors_of(body) == ["JANE DOE"]


def test_a_byline_list_ends_where_the_page_text_starts():
    # "相关报道" (related stories) follows the name; it starts with no surname.
    assert authors_of("<h1>新闻标题一二三</h1><p>作者：山石 相关报道</p>") == ["山石"]


def test_the_site_name_is_no_person_but_the_fallback_author():
    head = '<meta property="og:site_name" content="Example News">'
    assert authors_of('<div class="byline">By Example News</div>', head) == ["Example News"]
    # A person named anywhere wins over the site.
    assert authors_of(
        '<div class="byline">By Example News</div><p class="author">Jo Li</p>', head
    ) == ["Jo Li"]
    assert authors_of('<div class="byline">By Example News</div>', head, rules=frozenset()) == []
    assert authors_of('<div class="author">云南日报报业集团</div>') == []


def test_the_site_s_team_or_staff_is_credited_as_written():
    head = '<meta property="og:site_name" content="Podium">'
    assert authors_of('<div class="author">Podium Staff</div>', head) == ["Podium Staff"]
    assert authors_of(
        '<div class="author">The Upwork Team</div>',
        '<meta property="og:site_name" content="Upwork">',
    ) == ["The Upwork Team"]


def test_a_json_ld_organization_author_is_the_fallback():
    head = (
        '<script type="application/ld+json">{"author": {"@type": "Organization", '
        '"name": "Help Net Security"}}</script>'
    )
    assert authors_of("", head) == ["Help Net Security"]


def test_inner_capitals_do_not_split_a_name():
    assert authors_of('<div class="author">Mark SubbaRao</div>') == ["Mark SubbaRao"]
    assert authors_of('<div class="author">MixmasterFred</div>') == ["MixmasterFred"]
    # ... but a month or a label glued to the name still ends it.
    assert authors_of('<div class="author">Luke KimDecember 17</div>') == ["Luke Kim"]


def test_a_bio_in_the_author_box_is_no_author():
    body = '<div class="author">improve patient care through strategic marketing</div>'
    assert authors_of(body) == []


@pytest.mark.parametrize(
    "cls", ["post-author", "text__author", "authorDateBlock_authorName__x1", "the-author"]
)
def test_author_box_class_names(cls):
    assert authors_of(f'<div class="{cls}">Jane Doe</div>') == ["Jane Doe"]


def test_author_pictures_are_no_author_box():
    assert authors_of('<div class="author-avatar">Jane Doe</div>') == []


@pytest.mark.parametrize(
    "text", ["By Jane Doe", "Written byJane DoePublished May 3", "AuthorJane Doe"]
)
def test_english_byline_in_the_text_near_the_headline(text):
    assert authors_of(f"<h1>A headline of some length</h1><p>{text}</p><p>Body.</p>") == [
        "Jane Doe"
    ]


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("Luke KimDecember 17", ["Luke Kim"]),  # two elements' text joined
        ("Mateusz HabernyFounder", ["Mateusz Haberny"]),
        ("Keith Barry Senior Autos", ["Keith Barry"]),
        ("Andrew Gerrand 4 August 2010", ["Andrew Gerrand"]),
        ("Recipe by PJ Hamel", ["PJ Hamel"]),
        ("03/10/2023 by WSET Global", ["WSET Global"]),
        ("Craig McCarthy", ["Craig McCarthy"]),
        ("Mayank Gupta", ["Mayank Gupta"]),
    ],
)
def test_byline_ends_glued_to_the_name(byline, names):
    assert authors_of(f'<div class="byline">{byline}</div>') == names


def test_comment_authors_are_no_authors():
    assert authors_of('<div class="comment-author">Florence says</div>') == []


def test_citation_authors_are_all_listed_first_name_first():
    head = (
        '<meta name="citation_author" content="Roy, Aniruddha">'
        '<meta name="citation_author" content="Lee, Jo">'
    )
    assert authors_of(head=head) == ["Aniruddha Roy", "Jo Lee"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("【新春走基层】 光明日报记者 王建宏 张文攀 土豆，听名字就土。", ["王建宏", "张文攀"]),
        ("2004年7月16日08:19 [ 黄宇 ] 来源：[ 国际金融报 ] 页面功能", ["黄宇"]),
    ],
)
def test_chinese_reporter_lists_and_bracketed_names(text, names):
    assert authors_of(f"<p>{text}</p>") == names


@pytest.mark.parametrize("title", ["海姑娘 | blog.wenxuecity.com", "海姑娘的博客"])
def test_a_blog_title_names_its_owner(title):
    html = f"<html><head><title>{title}</title></head><body><p>正文。</p></body></html>"
    assert extract_authors(load_document(html)) == ["海姑娘"]
    assert extract_authors(load_document(html), rules=RULES - {rules.BLOG_OWNER}) == []


def test_a_blog_header_linking_home_names_its_owner():
    body = '<h1><a href="http://blog.joycode.com/lijianzhong/">李建忠 </a></h1><p>正文。</p>'
    assert authors_of(body) == ["李建忠"]
    assert authors_of('<h1><a href="/news/">要闻</a></h1><p>正文。</p>') == []


def test_what_follows_the_headline_in_the_title_is_the_site():
    html = (
        "<html><head><title>苹果发布新iPhone_新浪科技_新浪网</title>"
        '<meta property="article:author" content="新浪科技"></head>'
        "<body><p>（记者 李楠）正文。</p></body></html>"
    )
    assert extract_authors(load_document(html)) == ["李楠"]
    without = RULES - {rules.TITLE_SITE_NAMES, rules.CUES_BEFORE_TAGS}
    assert extract_authors(load_document(html), rules=without) == ["新浪科技"]


def test_a_name_on_the_line_after_an_author_label():
    page = (
        "<h1>A headline here</h1>"
        + "<p>Some text of the article.</p>" * 50
        + "<aside><h3>Published</h3><p>August 30, 2024</p>"
        "<h3>Author</h3><p>  Lisa D. Ellis</p></aside>"
    )
    assert authors_of(page) == ["Lisa D. Ellis"]
    assert authors_of(page, rules=RULES - {rules.AUTHOR_LABEL_LINE}) == []


@pytest.mark.parametrize("line", ["Find Jobs", "Contact Us", "Related blogs", "Company"])
def test_a_menu_item_after_an_author_label_is_no_name(line):
    page = (
        "<h1>A headline here</h1>"
        + "<p>Some text of the article.</p>" * 100
        + "<nav><h3>Author</h3><p><a href='/x'>"
        + line
        + "</a></p></nav>"
    )
    assert authors_of(page) == []


def test_a_masthead_reporters_list_runs_into_the_story_s_first_digits():
    body = "<p>澎湃新闻记者 段彦超 廖艳7岁小花（化名）“眼睛被塞纸”事件，仍有许多疑问。</p>"
    assert authors_of(body) == ["段彦超", "廖艳"]
    assert authors_of("<p>本报记者 王建宏 张文攀3日从市政府获悉，新桥开工。</p>") == [
        "王建宏",
        "张文攀",
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("<p>澎湃新闻记者 贺梨萍</p>", "贺梨萍"),  # "记者" and a space: a byline after any masthead
        ("<p>整合 新华日报·交汇点记者 徐睿翔素材来源 新华日报</p>", "徐睿翔"),  # runs into a label
        ("<p>来源CSDN | 作者魏星</p>", "魏星"),
        ("<p>[ 黄宇 ]\ue5c2  来源：[ 国际金融报 ]</p>", "黄宇"),  # an icon-font glyph between
    ],
)
def test_further_chinese_byline_forms(body, name):
    assert authors_of(body) == [name]
    assert name not in authors_of(body, rules=RULES - {rules.BYLINE_FORMS})


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("加拿大必读", "加拿大必读"),
        ("去驴行 关注 1/10", "去驴行"),
        ("石佳/中国青年报", "石佳"),
    ],
)
def test_a_name_alone_under_the_headline(line, name):
    body = f"<h1>一个足够长的新闻标题</h1>\n<p>{line}</p>\n<p>正文第一段。</p>"
    assert authors_of(body) == [name]
    assert authors_of(body, rules=RULES - {rules.LINE_UNDER_HEADLINE}) == []


def test_the_headline_again_is_no_name_under_it():
    # A forum's breadcrumb ends with the thread's title; the headline found first is that
    # one, and the line under it is the headline itself.
    body = "<div>论坛 › 生活交流 › 北京海淀租房</div>\n<h1>北京海淀租房</h1>\n<p>正文第一段。</p>"
    assert authors_of(body) == []


def test_a_quoted_posts_poster_is_no_author():
    # A reply quotes the opening post with its poster's line; that poster wrote the quote.
    quote = "租房达人 发表于 2019-3-6 10:11<br>海淀的话可以看看五道口附近 ..."
    body = (
        "<h1>北京海淀租房求推荐的帖子</h1><div>楼主正文很长的一段。</div>"
        f"<div><blockquote>{quote}</blockquote>同意楼上的说法。</div>"
    )
    assert "租房达人" not in authors_of(body)
    unquoted = body.replace("<blockquote>", "<div>").replace("</blockquote>", "</div>")
    assert authors_of(unquoted) == ["租房达人"]


@pytest.mark.parametrize("line", ["字号", "2019-09-24 09:10", "分享到：微信", "收藏本文"])
def test_furniture_under_the_headline_is_no_name(line):
    assert authors_of(f"<h1>一个足够长的新闻标题</h1>\n<p>{line}</p>\n<p>正文。</p>") == []


def chinese_page(body: str, head: str = "") -> str:
    return (
        f"<html><head><title>儿歌一分钱被改成一元钱</title>{head}</head><body>{body}</body></html>"
    )


def test_on_chinese_pages_the_text_byline_comes_before_author_tags():
    html = chinese_page(
        "<p>扬子晚报记者 张楠 正文。</p><p>责任编辑：李四</p>",
        '<meta name="author" content="扬眼企鹅号">',
    )
    assert extract_authors(load_document(html)) == ["张楠"]
    assert extract_authors(load_document(html), rules=RULES - {rules.CUES_BEFORE_TAGS}) == [
        "扬眼企鹅号"
    ]


def test_an_editor_stays_a_fallback_when_text_cues_come_first():
    html = chinese_page("<p>责任编辑：李四</p>", '<meta name="author" content="王五">')
    assert extract_authors(load_document(html)) == ["王五"]
    assert extract_authors(load_document(chinese_page("<p>责任编辑：李四</p>"))) == ["李四"]


def test_the_byline_under_the_headline_outranks_a_menu_further_down():
    # A channel menu ("原创 | 读书") reads as the "原创" cue, which is asked before "记者".
    body = (
        "<h1>亚马逊海外购登陆拼多多</h1>"
        "<p>新京报讯（记者 陆一夫）11月25日，新京报记者登录拼多多。</p>"
        "<div><a href='/yc'>原创</a> | <a href='/ds'>读书</a></div>"
    )
    assert extract_authors(load_document(chinese_page(body))) == ["陆一夫"]
    without = RULES - {rules.EARLIEST_CUE}
    assert extract_authors(load_document(chinese_page(body)), rules=without) == ["读书"]


def test_the_cue_window_counts_visible_characters():
    body = "<div>" + " \n" * 4000 + "</div><p>澎湃新闻记者 贺梨萍 2020-06-06</p>"
    assert authors_of(body) == ["贺梨萍"]
    assert authors_of(body, rules=RULES - {rules.VISIBLE_CUE_WINDOW}) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("医生微笑着告诉记者：被称之为最缺乏信心的肺癌", []),  # running text after the label
        ("记者：首先欢迎你来到新华网", []),  # an interviewer's question
        ("本报记者：张三发自北京", ["张三"]),
        ("作者：孙仲旻 2018-01-02", ["孙仲旻"]),
    ],
)
def test_a_labelled_cue_name_ends_where_the_ideographs_end(text, names):
    assert authors_of(f"<p>{text}</p>") == names


def test_the_wen_cue_is_not_the_end_of_a_word():
    assert authors_of("<p>韩国瑜痛批蔡英文:贪腐这么严重</p>") == []
    assert authors_of("<p>图/文：王文</p>") == ["王文"]


def test_author_box_links_are_no_names():
    assert authors_of("<p>作者最新文章 韩庚将在新西兰大婚</p>") == []
    for heading in ("作者最近文章", "作者近期文章", "作者全部文章", "作者热门文章", "作者主页"):
        assert authors_of(f"<h4>{heading}</h4><p>中美关系面临艰难选择</p>") == [], heading


def test_a_bracketed_byline_on_the_line_after_the_content():
    body = (
        "<p>他不否认，很多路途较远的学术会议，他是无力参加的。</p>\n<p>（袁源）</p>\n"
        "<p>新闻中心</p>"
    )
    doc = load_document(f"<html><head><title>t</title></head><body>{body}</body></html>")
    content = "他不否认，很多路途较远的学术会议，他是无力参加的。"
    assert extract_authors(doc, content) == ["袁源"]
    assert extract_authors(doc, content, RULES - {rules.CLOSING_AFTER_CONTENT}) == []


@pytest.mark.parametrize("name", ["Parisa Ostovari", "Byron Katie", "Vonda Smith", "Authorine Li"])
def test_latin_byline_prefixes_are_whole_words(name):
    assert clean_author(name) == name
    assert clean_author(f"By {name}") == name
    assert authors_of(f'<div class="byline">Written by{name}</div>') == [name]


def test_a_json_ld_author_given_by_reference():
    head = (
        '<script type="application/ld+json">{"@graph": [{"@type": "Article", "author": '
        '{"@id": "https://x.com/#/schema/person/1"}}, {"@type": "Person", '
        '"@id": "https://x.com/#/schema/person/1", "name": "Shivkumar M"}]}</script>'
    )
    assert authors_of("", head) == ["Shivkumar M"]
    assert authors_of("", head, rules=RULES - {rules.JSON_LD_REFERENCES}) == []


def test_twitter_written_by_label():
    head = (
        '<meta name="twitter:label1" content="Est. reading time">'
        '<meta name="twitter:data1" content="7 minutes">'
        '<meta name="twitter:label2" content="Written by">'
        '<meta name="twitter:data2" content="Nawaz Dhandala">'
    )
    assert authors_of("", head) == ["Nawaz Dhandala"]
    assert authors_of("", head, rules=RULES - {rules.TWITTER_WRITTEN_BY}) == []


def test_a_link_to_the_author_s_profile_page():
    body = (
        '<a href="/authors/">All authors</a><p>Written by: <a href="/blog/authors/emily-walker/">'
        'Emily Walker</a></p><a href="/author/someone-else/">Someone Else</a>'
    )
    assert authors_of(body) == ["Emily Walker"]
    # "All authorsWritten by: Emily Walker": the label found anywhere names her too
    assert authors_of(body, rules=RULES - {rules.PROFILE_LINKS, rules.WRITTEN_BY_ANYWHERE}) == []
    both = (
        '<a href="https://x.com/blog/author/moses-kim-and-kate-shokurova">'
        "Moses Kim and Kate Shokurova</a>"
    )
    assert authors_of(both) == ["Moses Kim", "Kate Shokurova"]


def test_a_personal_site_named_after_its_owner():
    head = '<meta property="og:site_name" content="Cory Dransfeldt">'
    body = '<meta name="author" content="Cory Dransfeldt"><div class="author">Feeds</div>'
    assert authors_of(body, head) == ["Cory Dransfeldt"]
    assert authors_of(body, head, rules=RULES - {rules.PERSONAL_SITE_NAMES}) == ["Feeds"]
    # A firm's name is no person's: a person named later wins over it.
    for firm in ("Farm Bureau Financial Services", "The Commercial Appeal", "One Tree Planted"):
        site = f'<meta property="og:site_name" content="{firm}">'
        body = f'<div class="author">{firm}</div><p class="byline">Jo Li</p>'
        assert authors_of(body, site) == ["Jo Li"]


def test_comment_authors_in_markup_are_refused():
    body = (
        '<ol class="comment-list"><li><div class="wp-block-comment-author-name">Whowho</div>'
        "</li></ol>"
    )
    assert authors_of(body) == []
    assert authors_of(body, rules=RULES - {rules.NO_COMMENT_AUTHORS}) == ["Whowho"]
    assert authors_of('<div id="comments"><span class="author">Jo Li</span></div>') == []


def test_the_heading_of_an_author_box():
    body = (
        '<div class="blog-author"><img alt=""><div><h4>Bence Kovács</h4><p>Bence is a software'
        " developer specializing in audio and game development.</p></div></div>"
    )
    assert authors_of(body) == ["Bence Kovács"]
    assert authors_of(body, rules=RULES - {rules.AUTHOR_BOX_HEADING}) == []


@pytest.mark.parametrize(
    ("url", "body", "name"),
    [
        (
            "https://tobyhede.com/blog/x",
            "<footer>&copy; 2025 Toby Hede. All rights reserved.</footer>",
            "Toby Hede",
        ),
        (
            "https://artmann.co/articles/x",
            '<a href="/">Christoffer Artmann</a>',
            "Christoffer Artmann",
        ),
        (
            "https://www.pollybarks.com/x",
            '<a href="https://www.pollybarks.com/">Polly Barks</a>',
            "Polly Barks",
        ),
    ],
)
def test_a_personal_site_s_owner_spelled_by_its_host(url, body, name):
    assert authors_of(body, url=url) == [name]
    assert authors_of(body, url=url, rules=RULES - {rules.HOST_OWNER}) == []


def test_a_firm_named_by_its_host_is_no_owner():
    # The host is the first name only: a firm ("Clay Global" at clay.global).
    assert authors_of('<a href="/">Clay Global</a>', url="https://clay.global/blog/x") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        (
            '<div>Written by</div><div class="x">Jack Shepherd</div><p>Hi! I am Jack.</p>',
            "Jack Shepherd",
        ),
        ("<h2>Article by</h2><div>Matias Heikkilä</div>", "Matias Heikkilä"),
        ("<p>Posted by: Doris Munoz-Mantilla, MD</p>", "Doris Munoz-Mantilla"),
        # the label glued to the text before it: "Updated: December 31, 2024Written by:"
        (
            "<div><span>Updated: December 31, 2024</span>Written by:<span>Elise Nass</span></div>",
            "Elise Nass",
        ),
    ],
)
def test_written_by_anywhere_on_the_page(body, name):
    page = "<h1>A headline here</h1>" + "<p>Some text of the article.</p>" * 200 + body
    assert authors_of(page) == [name]
    assert authors_of(page, rules=RULES - {rules.WRITTEN_BY_ANYWHERE}) == []


@pytest.mark.parametrize(
    ("content", "names"),
    [
        ("胡平\n——当代中国的精神危机 (上)\n人心不会熄灭，但它可能蒙上灰烬而不再燃烧。", ["胡平"]),
        ("我是怎样卷入八九民运的\n茉莉\n【看中国2005年07月03日报道】一九八九年四月", ["茉莉"]),
    ],
)
def test_a_name_opening_the_extracted_text(content, names):
    page = load_document("<html><head><title>显示</title></head><body><p>x</p></body></html>")
    assert extract_authors(page, content) == names
    assert extract_authors(page, content, rules=RULES - {rules.NAME_OPENING_CONTENT}) == []


@pytest.mark.parametrize(
    "content",
    [
        "正文\n一九八九年四月，我在湖南张家界开一个全省教学研究会议。",  # page furniture
        "一九八九年四月，我在湖南张家界开一个全省教学研究会议。\n会议安排了一天时间\n胡平",
        "Jane Doe\nThe body of the story.",  # Chinese names only
    ],
)
def test_no_name_opening_the_extracted_text(content):
    page = load_document("<html><head><title>显示</title></head><body><p>x</p></body></html>")
    assert extract_authors(page, content) == []


def test_a_byline_elsewhere_comes_before_the_opening_line():
    body = "<p>（记者 陆一夫）</p>"
    page = load_document(f"<html><head><title>新闻标题</title></head><body>{body}</body></html>")
    assert extract_authors(page, "胡平\n正文第一段的文字") == ["陆一夫"]


def test_a_latin_handle_under_a_chinese_headline_is_a_name():
    html = (
        "<html><head><title>一个足够长的新闻标题</title></head><body>"
        "<h1>一个足够长的新闻标题</h1>\n<p>GameForce</p>\n<p>正文第一段。</p></body></html>"
    )
    assert extract_authors(load_document(html)) == ["GameForce"]


@pytest.mark.parametrize("word", ["Share", "Home", "Menu", "By", "Posted"])
def test_a_single_latin_word_under_an_english_headline_is_no_name(word):
    # On English pages the word alone on the line under the headline is a menu or share
    # button far more often than a byline (docs/benchmarks/metadata.md, ninth pass).
    html = (
        "<html><head><title>A long enough English headline</title></head><body>"
        f"<h1>A long enough English headline</h1>\n<p>{word}</p>\n<p>The story.</p>"
        "</body></html>"
    )
    assert extract_authors(load_document(html)) == []


@pytest.mark.parametrize(
    ("byline", "name"),
    [
        ("By Bence Kovács on 2 December", "Bence Kovács"),
        ("By Angela Holliday-Bell, MD", "Angela Holliday-Bell"),
        ("By Summer Swann-June 12, 2025", "Summer Swann"),
        ("By Mary-Jane Smith", "Mary-Jane Smith"),
        ("By Amy Wilhelm0 comments", "Amy Wilhelm"),
    ],
)
def test_english_byline_names_with_accents_and_hyphens(byline, name):
    html = (
        "<html><head><title>A long enough English headline</title></head><body>"
        f"<h1>A long enough English headline</h1><p>{byline}</p><p>The story.</p></body></html>"
    )
    assert extract_authors(load_document(html)) == [name]


def byline_page(pieces: str) -> str:
    return (
        "<html><head><title>A long enough English headline</title></head><body>"
        f"<h1>A long enough English headline</h1><div class='q1'>{pieces}</div>"
        "<p>The story begins here and goes on for a while.</p></body></html>"
    )


@pytest.mark.parametrize(
    "pieces",
    [
        "<span class='x7'>Dakota Hebert</span><span class='x8'>July 3, 2025</span>",
        "<span>Sep 01, 2023</span> | <a href='/u/k'>Katie Liguori</a>",
        "<span>December 14, 2025</span>&nbsp;/&nbsp;<span>Matt Check</span>",
    ],
)
def test_a_name_beside_a_date_near_the_headline_is_the_byline(pieces):
    doc = load_document(byline_page(pieces))
    name = [piece for piece in ("Dakota Hebert", "Katie Liguori", "Matt Check") if piece in pieces]
    assert extract_authors(doc) == name
    assert extract_authors(doc, rules=RULES - {rules.NAME_BESIDE_DATE}) == []


@pytest.mark.parametrize(
    "pieces",
    [
        "<span>Dakota Hebert</span><span>Share this story</span>",  # no date beside it
        "<a href='/login'>Log In</a><span>July 3, 2025</span>",  # a button, not a name
        "<span>Dakota Hebert wrote</span><span>July 3, 2025</span>",  # not a name alone
    ],
)
def test_no_byline_without_a_name_alone_beside_a_date(pieces):
    assert extract_authors(load_document(byline_page(pieces))) == []


@pytest.mark.parametrize(
    ("pieces", "name"),
    [
        ("<p>Aaron Ricadela | Senior Writer | July 2, 2025</p>", "Aaron Ricadela"),
        ("<p>Dec 26, 2025 <span>&bull;</span> Mahua Das in <a>Planning</a></p>", "Mahua Das"),
        (
            "<p>Dec 19, 2025 &middot; Niko Matsakis on behalf of <a>the team</a></p>",
            "Niko Matsakis",
        ),
    ],
)
def test_a_name_and_a_date_in_one_text_node_split_at_separators(pieces, name):
    doc = load_document(byline_page(pieces))
    assert extract_authors(doc) == [name]
    assert extract_authors(doc, rules=RULES - {rules.BYLINE_SEGMENTS}) == []


@pytest.mark.parametrize(
    "pieces",
    [
        "<p>Your Guide to Budget Home Gyms</p><p>February 23, 2026</p>",  # a heading
        "<p>Last active</p><p>December 20, 2025</p><p>Show Gist options</p>",  # buttons
    ],
)
def test_segments_do_not_make_headings_or_buttons_names(pieces):
    assert extract_authors(load_document(byline_page(pieces))) == []


def test_a_templates_interpolated_name_is_a_piece_of_its_own():
    # React writes "by: {name}, {date}" with empty comments between the parts: the DOM keeps
    # the name as a text node of its own even once the comments are gone.
    doc = load_document(byline_page("<p>by: <!-- -->Ziyi Xu<!-- -->, Dec 17, 2025</p>"))
    assert extract_authors(doc) == ["Ziyi Xu"]


# A forum thread: the replies carry microdata authors, the opening post only the JSON-LD.
REPLIES = "".join(
    f'<article itemscope itemtype="https://schema.org/Comment"><section itemprop="author" '
    f'itemscope itemtype="https://schema.org/Person"><span itemprop="name">{name}</span>'
    f"</section><p>I had the same trouble last week.</p></article>"
    for name in ("spikeymike", "cynics")
)


def forum_ld(entity: str, author: str) -> str:
    return (
        '<script type="application/ld+json">{"@context": "https://schema.org", '
        f'"@type": "WebPage", "mainEntity": {{"@type": "{entity}", "headline": "Storage", '
        f'"author": {{"@type": "Person", "name": "{author}"}}}}}}</script>'
    )


@pytest.mark.parametrize("entity", ["DiscussionForumPosting", "Question"])
def test_a_threads_main_entity_names_its_opening_poster(entity):
    head = forum_ld(entity, "felixen")
    assert authors_of(REPLIES, head) == ["felixen"]
    assert authors_of(REPLIES, head, rules=RULES - {rules.MAIN_ENTITY_AUTHORS}) == ["spikeymike"]


def test_a_forum_handle_keeps_its_digits_where_a_byline_would_not():
    assert authors_of(REPLIES, forum_ld("DiscussionForumPosting", "ridwan123")) == ["ridwan123"]
    assert authors_of('<div class="byline">ridwan123</div>') == []


def test_an_articles_main_entity_author_is_cleaned_as_a_byline():
    head = forum_ld("NewsArticle", "By Jane Doe, Staff Writer")
    assert authors_of("<p>Text.</p>", head) == ["Jane Doe"]


@pytest.mark.parametrize(
    "label",
    [
        '<span class="u-srOnly">Thread starter</span> <a href="/members/sean_g.81409/">sean_g</a>',
        "<li>Started by: sean_g</li>",
        "<dt>Topic starter</dt><dd>sean_g</dd>",
    ],
)
def test_a_thread_starter_label_names_the_opening_poster(label):
    page = f"<ul><li>{label}</li></ul>{REPLIES}"
    assert authors_of(page) == ["sean_g"]
    assert authors_of(page, rules=RULES - {rules.THREAD_STARTER}) == ["spikeymike"]


def test_a_javascript_forums_noscript_posts_name_the_opening_poster():
    posts = "".join(
        f'<div itemscope itemtype="http://schema.org/DiscussionForumPosting"><span '
        f'class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person">'
        f"<a itemprop='url' href='/u/{name}'><span itemprop='name'>{name}</span></a></span>"
        f"<div class='post' itemprop='text'><p>Continuing the discussion.</p></div></div>"
        for name in ("PaulWBryant", "rndsheep")
    )
    page = f"<div id='app'>Loading</div><noscript>{posts}</noscript>"
    assert authors_of(page) == ["PaulWBryant"]
    # The copy holds the page's text, so the document keeps it (extraction/noscript.py).
    assert authors_of(page, rules=RULES - {rules.NOSCRIPT_AUTHORS}) == ["PaulWBryant"]
    # Beside a body that shows more text the copy is dropped: only the rule reads it.
    shown = f"<div id='app'><p>{'The thread as the script drew it. ' * 20}</p></div>"
    page = f"{shown}<noscript>{posts}</noscript>"
    assert authors_of(page) == ["PaulWBryant"]
    assert authors_of(page, rules=RULES - {rules.NOSCRIPT_AUTHORS}) == []
    assert authors_of("<noscript><img src='/pixel.gif'></noscript><p>Text.</p>") == []


def test_a_questions_microdata_author_is_a_handle():
    question = (
        '<div itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">Why?</h1>'
        '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<a href="/users/1/user3080392">user3080392</a></div></div>'
        '<div itemscope itemtype="https://schema.org/Answer"><div itemprop="author" itemscope '
        'itemtype="https://schema.org/Person"><a href="/users/2/the-photon">The Photon</a>'
        "</div></div>"
    )
    assert authors_of(question) == ["user3080392"]
    assert authors_of(question, rules=RULES - {rules.POST_MICRODATA}) == ["The Photon"]


def zh_page(body: str, title: str = "标题", head: str = "") -> str:
    return f"<html><head><title>{title}</title>{head}</head><body>{body}</body></html>"


def test_an_empty_byline_field_is_no_name():
    # "作者：" left empty: the cue reads the next field's label.
    page = zh_page("<h1>标题</h1><p>来源：当代商报 作者： 转载请注明： 本文链接</p>")
    assert extract_authors(load_document(page)) == []
    without = extract_authors(load_document(page), rules=RULES - {rules.EMPTY_FIELD_LABELS})
    assert without == ["转载请注明"]


def test_a_byline_list_ends_at_page_furniture():
    page = zh_page("<h1>标题</h1><p>时间：2019-09-25 作者：网络整理 阅读： 1644</p>")
    assert extract_authors(load_document(page)) == []
    page = zh_page("<h1>标题</h1><p>作者：孙仲旻 分享： 微博</p>")
    assert extract_authors(load_document(page)) == ["孙仲旻"]


@pytest.mark.parametrize("credit", ["网络整理", "系统管理员", "小编", "网友"])
def test_chinese_credits_to_nobody_are_no_names(credit):
    assert clean_author(credit) is None


def test_responsible_editor_role_is_dropped_whole():
    # "未知 责任编辑" once left "责任" as a name.
    page = zh_page('<h1>标题</h1><span class="author">未知 责任编辑</span>')
    assert extract_authors(load_document(page)) == []


def test_wen_is_a_byline_prefix_only_before_a_separator():
    assert clean_author("文/张三") == "张三"
    # "文章导航" (the article's navigation) after an editor's name once gave "章导航".
    assert clean_names("棒棒不是糖 文章导航") == ["棒棒不是糖"]


def test_the_labelled_source_is_no_author():
    page = zh_page(
        "<h1>标题</h1><p>来源：参考消息 2019-09-10</p>",
        head='<meta property="article:author" content="参考消息">',
    )
    assert extract_authors(load_document(page)) == []
    without = extract_authors(load_document(page), rules=RULES - {rules.SOURCE_NOT_AUTHOR})
    assert without == ["参考消息"]


def test_a_portal_brand_is_no_author():
    head = '<meta name="author" content="网易">'
    page = zh_page("<h1>龙湖集团</h1><p>正文</p>", title="龙湖集团_网易财经", head=head)
    assert extract_authors(load_document(page)) == []
    without = extract_authors(load_document(page), rules=RULES - {rules.SITE_BRAND_PREFIX})
    assert without == ["网易"]
    # A blog named after its owner keeps the owner.
    blog = zh_page(
        "<h1>随笔</h1><p>正文</p>", title="随笔_李建忠的博客", head=head.replace("网易", "李建忠")
    )
    assert extract_authors(load_document(blog)) == ["李建忠"]


@pytest.mark.parametrize("value", ["undefined", "Webmaster", "Home"])
def test_a_script_s_missing_value_an_account_or_a_menu_label_is_no_name(value):
    assert clean_author(value) is None
    page = f'<h1>A headline here</h1><span class="author">{value}</span><p>Text.</p>'
    assert author_of(page) is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Another study by Harvard School of Public Health found", None),
        ("Saving Costs by Bringing More Legal Work In-House", None),
        ("DIY Solar Installation: Step by Step Guide", None),
        ("Posted on May 3, 2024 by Jo Li\n", "Jo Li"),
        ("March 3, 2024 by Jane Doe | News", "Jane Doe"),
        ("Home\nby Jane Doe\n", "Jane Doe"),
        ("By Jane Doe\n", "Jane Doe"),
        ("Started by Mia Wong, June 04", "Mia Wong"),
    ],
)
def test_a_lower_case_by_opens_a_byline_only_where_a_byline_would(text, name):
    match = find_en_byline(text, True)
    assert (match.group("name").split("\n")[0] if match else None) == name


def test_a_sentence_s_by_is_no_byline_under_the_headline():
    page = (
        "<h1>The best way to learn</h1>"
        "<p>Another study by Harvard School of Public Health found it.</p>"
    )
    assert author_of(page) is None
    doc = load_document(f"<html><body>{page}</body></html>")
    assert extract_authors(doc, rules=RULES - {rules.BY_OPENS_BYLINE}) == ["Harvard School"]


def test_a_forum_posters_profile_fields_are_no_name():
    # A Discuz! thread's text: each post's profile counts, then "发表于 DATE" of the post.
    content = "\n".join(
        f"主题\n{12 + n}\n帖子\n{345 + n}\n积分\n发表于 2024-12-3 0{n}:14|只看该作者\n"
        f"第{n}楼：暖气片上面热下面凉，找物业来放了一次气就正常了。\n回复\n使用道具举报"
        for n in range(5)
    )
    doc = load_document(f"<html><head><title>t</title></head><body><p>{content}</p></body></html>")
    assert extract_authors(doc, content) == []
    # The cue itself still reads a poster's name.
    named = "正文很长的一段话，讲的是暖气的事情。\n暖气不热 发表于 2024-12-3 09:14"
    assert extract_authors(doc, named) == ["暖气不热"]


@pytest.mark.parametrize("rank", ["中级会员", "超级版主", "管理员", "论坛元老", "新手上路"])
def test_a_forum_user_group_is_no_name(rank):
    # A Discuz! post shows the poster's user group between the profile counts and "发表于".
    content = "\n".join(
        f"交通观察员\n主题\n{12 + n}\n{rank}\n发表于 2024-12-3 0{n}:14|只看该作者\n"
        f"第{n}楼：暖气片上面热下面凉，找物业来放了一次气就正常了。\n回复"
        for n in range(3)
    )
    doc = load_document(f"<html><head><title>t</title></head><body><p>{content}</p></body></html>")
    assert rank not in extract_authors(doc, content)
    assert clean_names(f"{rank} 张伟") == ["张伟"]


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Lisa Pham", ["Lisa Pham"]),
        ("Mary Marlowe Leverette", ["Mary Marlowe Leverette"]),
        # a section label, a button, a month, a function word, a phrase with one
        ("Video Production", []),
        ("Start Trial", []),
        ("May Update", []),
        ("In This Article", []),
        ("Grace Under Pressure", []),  # "under" is a function word
    ],
)
def test_a_given_name_alone_under_the_headline(line, names):
    body = (
        "<h1>Cleaning Industry Trends to Know for a Thriving Business</h1>\n"
        f"<div>{line}</div>\n<p>{'The cleaning industry keeps changing. ' * 5}</p>"
    )
    assert authors_of(body) == names
    assert authors_of(body, rules=RULES - {rules.GIVEN_NAME_LINE}) == []


def test_given_names_load_as_lower_case_words():
    from newscrawl.extraction.metadata.given_names import given_names_en

    names = given_names_en()
    assert len(names) > 5000 and {"lisa", "rachel", "tim"} <= names
    assert all(name == name.lower() and " " not in name for name in names)


def test_a_forum_bylines_separator_and_chinese_by_go():
    # phpBB writes "by NAME » DATE" ("由 NAME » DATE" in Chinese); the date goes first.
    assert clean_author("by Jane Doe »") == "Jane Doe"
    assert clean_author("由 风清扬 »") == "风清扬"
    assert clean_author("« Jane Doe ›") == "Jane Doe"
    # "由" opening a word is no prefix.
    assert clean_author("由美子") == "由美子"


def test_by_with_a_colon_opens_a_byline_at_a_line_start_only():
    # React writes "by: <!-- -->Jo Li<!-- -->, Dec 17, 2025": one text once the comments go.
    page = (
        "<h1>Mini inference engine in a nutshell</h1><p>by: <!-- -->Ziyi Xu<!-- -->,<!-- --> "
        "<!-- -->Dec 17, 2025<!-- --></p><p>We are excited to introduce a lightweight serving "
        "framework with a clean and modular code base of five thousand lines.</p>"
    )
    assert author_of(page) == "Ziyi Xu"
    assert author_of(page.replace("by: ", "By: ")) == "Ziyi Xu"
    # inside a line, "By:" labels a control
    assert find_en_byline("Filter\nSort By: Product Ranking\nPrice", True) is None


@pytest.mark.parametrize(
    ("byline", "names"),
    [
        ("By Jo Li and Sam Roe, December 17, 2025", ["Jo Li", "Sam Roe"]),
        ("By Rui Ma, Heba Ledwon, Manoel Cortes Mendez & Suparn Patra", 4),
        ("by Jane Doe and John Roe | May 3", ["Jane Doe", "John Roe"]),
        # after a lone comma: a job title or the outlet
        ("By Jane Doe, Staff Writer", ["Jane Doe"]),
        ("By Jane Doe, Senior Editor, May 3, 2024", ["Jane Doe"]),
        # an agency the story is shared with is its source
        ("By Jane Doe and The Associated Press", ["Jane Doe"]),
        ("By Jane Doe and Reuters Staff", ["Jane Doe"]),
    ],
)
def test_a_byline_names_every_writer_it_joins_with_and(byline, names):
    page = (
        f"<h1>Council approves the budget</h1><p>{byline}</p><p>The council voted on "
        "Tuesday to approve the new budget, which funds schools and roads in the county.</p>"
    )
    doc = load_document(f"<html><body>{page}</body></html>")
    found = extract_authors(doc, rules=RULES)
    assert (len(found) if isinstance(names, int) else found) == names
    assert extract_authors(doc, rules=RULES - {rules.CO_AUTHORS})[:1] == found[:1]


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ("张玉 SN225", ["张玉"]),  # Sina
        ("杨倩_NF4425", ["杨倩"]),  # NetEase
        ("王五、李四 SN12", ["王五", "李四"]),
        ("Jo Li AB12", ["Jo Li AB12"]),  # a code only after a Chinese name
    ],
)
def test_a_portal_staff_code_after_a_chinese_name_is_no_part_of_it(value, names):
    assert clean_names(value) == names


def test_an_editor_line_in_author_markup_gives_the_name_without_its_staff_code():
    page = (
        "<h1>国务院常务会议部署推进城市更新工作</h1><div id='article'><p>新华社北京5月3日电 "
        "国务院总理主持召开国务院常务会议，听取关于推进城市更新工作的汇报，研究部署相关工作。"
        "</p><p class='show_author'>责任编辑：张玉 SN225</p></div>"
    )
    assert author_of(page) == "张玉"
