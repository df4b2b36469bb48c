"""Authors: JSON-LD, meta tags, author markup (itemprop/rel/class), then byline cues.

Every candidate is cleaned (:func:`clean_names`: "By ", "作者：", roles such as "Staff
Writer", trailing dates, e-mail addresses and the site's own name dropped), split into
names ("A, B and C", "甲、乙", "甲 乙") and each name validated: no URLs, not all digits, not
a placeholder such as "admin", 2-60 characters. The first candidate with a valid name wins.
Editors ("编辑：", "责任编辑") are only a fallback when no writer is named.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

from lxml import etree

from newscrawl.extraction import dom
from newscrawl.extraction.document import TEXT_PIECES, Document, source_markers
from newscrawl.extraction.metadata.dates import (
    MONTHS,
    json_ld_types,
    main_entities,
    normalize_date,
)
from newscrawl.extraction.metadata.given_names import given_names_en
from newscrawl.extraction.metadata.source import extract_source
from newscrawl.extraction.native import walks
from newscrawl.extraction.patterns import starting_with
from newscrawl.extraction.stoplists import load_stoplist
from newscrawl.extraction.text import is_mostly_cjk

META_KEYS = (
    "author",
    "article:author",
    "byl",
    "dc.creator",
    "dcterms.creator",
    "citation_author",
    "sailthru.author",
    "parsely-author",
    "twitter:creator",
)
# Author names are short; longer strings are sentences that happen to sit in a byline box.
MIN_CHARS = 2
MAX_CHARS = 60
# "Marna van der Merwe"; a longer run of words is a sentence.
MAX_NAME_WORDS = 5
# How much of the page text (from the start of <body>) the Chinese cue patterns search:
# bylines sit under the headline, a whole page also holds comment signatures.
CUE_SEARCH_CHARS = 6000
# Names carry no digits; handles a few at most (a byline may end in a date, so only
# single tokens are judged).
MAX_NAME_DIGITS = 3
PLACEHOLDERS = frozenset(
    {
        "name",
        "author",
        "the author",
        "admin",
        "administrator",
        "editor",
        "test",
        "unknown",
        "anonymous",
        "staff",
        "null",
        "none",
        # A script's value for a missing field, a site's technical account, a menu's label.
        "undefined",
        "webmaster",
        "home",
        "作者",
        "编辑",
        "佚名",
        "未知",
        "匿名",
        # Chinese sites' words for "compiled from the web", "(system) administrator", "the
        # editor", "a reader": credits to nobody in particular, like "admin" and "staff".
        "网络整理",
        "网络",
        "管理员",
        "系统管理员",
        "小编",
        "网友",
        "本站",
        "本网",
    }
)
# Words that follow "记者" in running text and so are never the start of a name.
NOT_NAME_STARTS = (
    "采访",
    "了解",
    "调查",
    "获悉",
    "发现",
    "看到",
    "注意",
    "走访",
    "近日",
    "日前",
    "昨天",
    "今天",
    "昨日",
    "今日",
    "手记",
    "观察",
    "来到",
    "实地",
    "随机",
    "一行",
    # ... nor after "作者" in an author box's links: "作者最新文章", "作者其他文章", "作者简介",
    # "作者最近文章", "作者近期文章", "作者全部文章", "作者热门文章", "作者主页".
    "最新",
    "最近",
    "近期",
    "全部",
    "热门",
    "主页",
    "其他",
    "更多",
    "相关",
    "简介",
    "介绍",
    "文章",
    "专栏",
)

# A class token (or a "__"-separated part of one: CSS-module names) that names the author
# box: "author", "byline", "post-author", "text__author", "authorDateBlock_authorName__x1".
# "author-avatar", "author-bio", "author-by-line-image" are pictures and biographies.
_AUTHOR_CLASS = re.compile(r"^(?:[a-z0-9-]*[-_])?(?:author|byline)(?:[-_]?name)?$")
# Rule AUTHOR_BOX_NAMES: a box's name element, "author-box__name", "authors-name", or a
# field in the plural, "field-authors".
_AUTHOR_BOX_NAME = re.compile(
    r"^[a-z0-9-]*authors?(?:[-_][a-z]+)?(?:__|[-_])name$|^(?:[a-z0-9-]*[-_])?authors$"
)
# What _is_author_markup needs in an attribute, as substrings (bytes for the C filter).
_AUTHOR_ATTRIBUTE_PARTS = (
    (b"class", b"author"),
    (b"class", b"byline"),
    (b"itemprop", b"author"),
    (b"rel", b"author"),
)
# Latin prefixes are whole words: "Parisa", "Byron", "Vonnegut" keep their first letters.
_PREFIX = re.compile(
    r"^\s*(?:(?:(?:written|authored|posted|story|words|text|reporting|article)\s+by|by|authors?|"
    r"von|par)(?-i:(?![a-z]))|作者|本报记者|记者|文(?=\s*[:：丨|/]|\s)|由(?=\s)|撰文|编辑|责任编辑|责编)"
    r"\s*[:：丨|/]?\s*",
    re.IGNORECASE,
)
# From the start of a run of non-space characters only: tried from each place of a long run
# without an "@" it cost the square of the run.
_EMAIL = re.compile(r"(?<!\S)\S+@\S+\.\w+")
# Where a byline's names end: a date, a time, a label, a separator with spaces.
_BYLINE_END = re.compile(
    r"\s(?:[|•·]|[-–—]|on|at|in)\s|\b(?:updated|published|posted|last modified)\b|"
    r"(?:19|20)\d{2}[-/.年]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d"
    r"|\d{1,2}:\d{2}|发布|时间|来源|日期|(?<!\d)\d+\s*(?:hours?|minutes?|days?)\s+ago|\s\d",
    re.IGNORECASE,
)
# The same ends run into the name with no space when the text of two elements joins:
# "Luke KimDecember 17", "Jane DoeUpdated", "Mateusz HabernyFounder", "SupermoveFebruary".
_GLUED_END = re.compile(
    r"(?<=[a-z])(?=(?:January|February|March|April|May|June|July|August|September|October"
    r"|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(?![a-z])"
    r"|Updated|Published|Posted|Founder|Co-?[Ff]ounder|Editor|Writer|Reporter)"
    r"|(?<=[a-z]{3})(?=[A-Z][a-z])"
    # ... or follow it after a space: job titles and labels.
    r"|\s(?=(?:Founder|Co-?[Ff]ounder|CEO|CTO|Director|Senior|Sponsored|Lead|Head|Manager|"
    r"President|Contributor)\b)"
)
# The same, without splitting at any inner capital: "IndustrySelect", "MixmasterFred" and
# "Mark SubbaRao" are names.
_GLUED_LABEL = re.compile(_GLUED_END.pattern.replace(r"|(?<=[a-z]{3})(?=[A-Z][a-z])", ""))
# "Recipe by PJ Hamel", "03/10/2023 by WSET Global": what comes before a "by" is no name.
_BEFORE_BY = re.compile(r"^.{0,25}?\bby\s+", re.IGNORECASE)
# Comment authors: "Florence says", and markup inside comment threads.
_SAYS = re.compile(r"\s(?:says|said|wrote)\s*:?$", re.IGNORECASE)
_NAME_SEPARATORS = re.compile(r"\s*(?:,|;|、|，|\s&\s|\sand\s|\sund\s|\set\s|和)\s*", re.IGNORECASE)
# The most common Chinese surnames (about nine in ten people carry one of them).
COMMON_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞"
    "左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕"
    "屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧"
    "闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝"
)
# Chinese names that end like these are organisations: outlets, publishers, companies.
ORGANISATION_ENDINGS = (
    "网",
    "网络",
    "报",
    "社",
    "集团",
    "公司",
    "期刊",
    "中心",
    "频道",
    "客户端",
    "杂志",
    "电视台",
    "电台",
)
# A forum's user groups, shown beside each poster's name (the defaults of Discuz! and its
# kin: "中级会员", "超级版主", "管理员", "论坛元老", "新手上路"): a rank, never a name.
FORUM_RANK_ENDINGS = ("会员", "版主", "管理员", "元老", "新手上路", "禁止发言", "游客")
_CJK_ONLY = re.compile(r"^[\u4e00-\u9fff·]+$")
_CJK_NAME_ONLY = re.compile(r"^[\u4e00-\u9fff·]{2,5}$")
# Job titles that follow or precede a name ("Jane Doe, Staff Writer", "Senior Editor Jane").
_RANK = "senior|chief|staff|special|contributing|associate|managing|deputy|executive"
_ROLE_WORD = "writer|reporter|editor|correspondent|contributor|columnist|journalist"
_ROLE = re.compile(
    # "Former Deputy Tech Editor", "Senior Health Reporter": a rank, then a beat's words
    rf"\b(?:former\s+)?(?:{_RANK}|former)(?:\s+(?-i:[A-Z][a-z]+)){{0,3}}?\s+"
    rf"(?:{_ROLE_WORD})\b\.?"
    rf"|\b(?:{_RANK})?\s*(?:{_ROLE_WORD}|staff)\b\.?"
    r"|(?:特约|实习|首席|责任)?(?:记者|通讯员|编辑|撰稿人?)",
    re.IGNORECASE,
)
# A job title after a byline's name ("Brett Cruz, Privacy and Digital Security Expert",
# "Jane Roe, Marketing Director"): where a list of names has ended.
_JOB_TITLE = re.compile(
    r"\b(?:experts?|directors?|managers?|(?:co-?)?founders?|ceo|cto|cfo|coo|president|"
    r"officer|specialists?|consultants?|analysts?|strategists?|engineers?|designers?|"
    r"developers?|scientists?|researchers?|professor|attorney|lawyer|physician|therapist|"
    r"dietitian|nutritionist|advis[eo]rs?|coach|instructor|lead|head of)\b",
    re.IGNORECASE,
)
# A suffix or credential split off its name by a comma: "Benjamin Johnson, Sr.", ", PhD".
_LIST_COMMA = re.compile(r"\s*[,;，]\s*")
_CREDENTIAL = re.compile(r"^(?:jr|sr|ii|iii|iv|phd|md|do|rn|mba|cpa|esq|dds)\.?$", re.IGNORECASE)
_URLISH = re.compile(r"https?:|www\.|@|\.(?:com|cn|net|org)\b", re.IGNORECASE)
# What a template left unfilled: "{{ author }}", "${author}", "page.head.extra.author"
# (a dotted handle, "sara.r.peter", is a name).
_TEMPLATE_RESIDUE = re.compile(
    r"\{\{|\}\}|\$\{|<%|%>|^[a-z_]+(?:\.[a-z_]+)*\.(?:author|authors|byline|name|writer)$"
)
# Lower-case words that end a credit to a group: "The Currency editors", "Podium staff".
_GROUP_WORD = re.compile(r"^(?:editors?|writers?|staff|team|contributors?|reporters?|desk)$")
# A weekday is a dateline's start ("Sat, 20 Dec"), never a whole name.
_WEEKDAY = re.compile(
    r"^(?:mon|tues?|wed|thu(?:rs)?|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\.?$",
    re.IGNORECASE,
)
# A possessive is prose about someone ("George Hotz's"), not a byline.
_POSSESSIVE = re.compile(r"['’]s$")
# Chinese bylines: a cue word, a separator, then one or more names of 2-4 ideographs (or a
# Latin handle). Author cues come before editor cues: an editor is a fallback, not a writer.
_CJK_NAME = r"[\u4e00-\u9fff·]{2,5}"
# A Latin handle must not run on into markup ("作者： size=\"20\"" on a broken page).
# A list of names stops at the next label ("执笔人：甲 乙 编辑：丙" is 甲 乙).
BYLINE_LABELS = r"(?:编辑|责编|来源|记者|摄影|通讯员|实习生|校对|审核|发布)"
_NAMES = (
    rf"(?P<name>{_CJK_NAME}(?:[ 、，,](?!{BYLINE_LABELS}){_CJK_NAME})*"
    rf"|[A-Za-z][\w.\-]{{1,20}}(?![\w=\"]))"
)
# Where a reporter's name runs straight into the next words ("本报记者罗科苏盈发自北京",
# "记者 段彦超 廖艳7岁小花": the story's first digits).
_NAME_END = r"(?=发自|报道|摄|电|/|\s|[，,。、)）\]】0-9]|$)"
# Further names after single spaces ("光明日报记者 王建宏 张文攀 土豆，..."), each ending where
# a name may end.
_FURTHER_CJK_NAMES = r"(?:\s[\u4e00-\u9fff]{2,3}(?=\s|[，,。、0-9]))*"
_CUES = (
    # "文：" opens a byline, not the end of a word ("蔡英文:贪腐..." in a headline list).
    starting_with(
        "[作记撰执文原]",
        r"(?:作者|记者|撰文|执笔人?|(?<![\u4e00-\u9fff])文|原创)\s*[:：丨|/]\s*" + _NAMES,
    ),
    # "记者" without a separator only after a masthead ("本报记者", "新华社记者", "频道 记者"),
    # since in running text it is a plain noun ("记者采访时称", "小记者训练营").
    # ... or opening a bracket: "（记者 胡晓蓉）", "(记者 格桑边觉)".
    # Further names follow after single spaces ("光明日报记者 王建宏 张文攀 土豆，..."); where
    # the list really ends, clean_names decides (a name starts with a surname).
    re.compile(
        r"(?:报|社|网|台|频道|^|\s|[（(【\[])记者\s*(?P<name>[\u4e00-\u9fff·]{2,5}?"
        + _FURTHER_CJK_NAMES
        + ")"
        + _NAME_END
    ),
    # A bracketed name before the source label: "[ 黄宇 ] 来源：[ 国际金融报 ]".
    re.compile(r"[\[【]\s*(?P<name>[\u4e00-\u9fff·]{2,4})\s*[\]】]\s*来源"),
    # Forum and blog posts: "ggjjzhzz 发表于 2005-9-15", "本贴由大卫于2005年8月12日...发表".
    re.compile(r"(?:^|\s)" + _NAMES + r"\s*发表于\s*\d{4}"),
    re.compile(r"由(?P<name>[\u4e00-\u9fff·]{2,5}|[A-Za-z][\w.\-]{1,20})于\s*\d{4}\s*年"),
    # A plain alternation of literals: ``re`` already skips to their first characters.
    re.compile(r"(?:责任编辑|责编|编辑)\s*[:：丨|/]\s*" + _NAMES),
)
_AUTHOR_CUES = _CUES[:-1]  # without the editor fallback
EDITOR_CUE = _CUES[-1]
# The labelled cue with its name ending where the ideographs end or a label starts (rule
# CUE_NAME_ENDS): "告诉记者：被称之为最缺乏..." and an interview's "记者：首先欢迎你来到" are
# running text after the interviewer's label, no byline.
_ENDED_CUE = starting_with(
    "[作记撰执文原]",
    r"(?:作者|记者|撰文|执笔人?|(?<![\u4e00-\u9fff])文|原创)\s*[:：丨|/]\s*"
    + _NAMES
    + rf"(?=[^\u4e00-\u9fff·]|$|{BYLINE_LABELS}|发自|报道|摄|电)",
)
# Further byline forms (rule BYLINE_FORMS): "记者" followed by a space is a byline wherever it
# stands ("澎湃新闻记者 贺梨萍", "交汇点记者 徐睿翔素材来源": the name may run into the next
# label); "作者魏星" with no separator at the end of a field; an icon-font glyph (private use
# area) between a bracketed name and its source label ("[ 黄宇 ]\ue5c2 来源").
_NEXT_LABEL = (
    r"(?=素材|来源|编辑|责编|校对|整合|摄影|通讯员|发自|报道|/|\s|[，,。、)）\]】|｜0-9]|$)"
)
_MORE_CUES = (
    re.compile(r"记者\s+(?P<name>[\u4e00-\u9fff·]{2,4}?" + _FURTHER_CJK_NAMES + ")" + _NEXT_LABEL),
    re.compile(r"作者(?P<name>[\u4e00-\u9fff·]{2,4})(?=\s*[|｜]|\s*$|\s+\S)"),
    re.compile(r"[\[【]\s*(?P<name>[\u4e00-\u9fff·]{2,4})\s*[\]】][\s\ue000-\uf8ff]*来源"),
)
# Words every match of a cue contains: a cue is searched only in a text holding one (a
# substring test costs far less than the regex's try at every place, and most texts hold
# none: English pages, or no "发表于").
_CUE_WORDS: dict[re.Pattern[str], tuple[str, ...]] = {
    _CUES[0]: ("作者", "记者", "文", "执笔", "原创"),  # "撰文" holds "文"
    _CUES[1]: ("记者",),
    _CUES[2]: ("来源",),
    _CUES[3]: ("发表于",),
    _CUES[4]: ("由",),
    _CUES[5]: ("编辑", "责编"),  # "责任编辑" holds "编辑"
    _ENDED_CUE: ("作者", "记者", "文", "执笔", "原创"),
    _MORE_CUES[0]: ("记者",),
    _MORE_CUES[1]: ("作者",),
    _MORE_CUES[2]: ("来源",),
}


def cue_search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, skipped when ``text`` lacks every word the cue needs."""
    words = _CUE_WORDS.get(pattern)
    if words is not None and not any(word in text for word in words):
        return None
    return pattern.search(text)


# What may stand on the line under the headline and is page furniture, not a name.
FURNITURE = frozenset(
    {
        "字号",
        "分享",
        "分享到",
        "举报",
        "原创",
        "首页",
        "关注",
        "收藏",
        "打印",
        "评论",
        "来源",
        "返回",
        "正文",
        "编辑",
        "作者",
        "转载",
        "阅读",
        "点击",
        "登录",
        "注册",
        "更多",
        "推荐",
        "热门",
        "相关",
        "导航",
        "目录",
        "简介",
        # A forum poster's profile fields: "主题 12 帖子 345 积分 678" stands right before
        # "发表于 2024-12-3" in a thread's text, where the "NAME 发表于" cue looks.
        "积分",
        "帖子",
        "主题",
        "精华",
        "威望",
        "金钱",
        "贡献",
        "回帖",
        "发帖",
        "听众",
        "收听",
        "楼主",
        "会员",
        "在线时间",
        "注册时间",
        "最后登录",
        "只看该作者",
        "使用道具",
    }
)
# A self-media or blog byline on its own line under the headline: "加拿大必读",
# "去驴行 关注 1/10", "石佳/中国青年报", "GameForce".
_LINE_NAME = re.compile(
    r"^(?P<name>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z·_]{1,11})"
    r"(?:\s*/\s*\S+|\s+关注.*)?$"
)
# Lines after the headline looked at: the byline is on the first or second.
HEADLINE_LINES = 2
# English bylines in the text around the headline: "By Jane Doe", "Written byJane Doe" (the
# text of two elements runs together), "Author: Jane Doe". Names are 2-4 capitalised words,
# each ending where the next word starts with a capital ("Jane DoePublished").
# A name's word may carry accents and join parts with hyphens ("Bence Kovács",
# "Angela Holliday-Bell", "Édouard").
# A hyphen before a month starts the byline's date, not a name's part ("Jane Doe-June 3").
_MONTH_NAMES = "(?:" + "|".join(sorted(map(str.capitalize, MONTHS), key=len, reverse=True)) + ")"
_EN_NAME = (
    r"(?:Mc|Mac)?[A-ZÀ-Þ][a-zß-ÿ'’]+"
    r"(?:-(?!" + _MONTH_NAMES + r"\b)[A-ZÀ-Þ]?[a-zß-ÿ'’]+)*\.?"
)
_EN_NAME_END = r"(?![a-zß-ÿ])"
# Lower-case particles inside a name: "Marna van der Merwe".
_PARTICLE = "(?:van|von|de|der|da|del|la|le)"
# A capitalised label may follow the previous element's text with no space ("...titleBy").
# The name's words are on one line: the next block's first word is not a surname ("By Jane
# Doe" then a paragraph "Body ...", on a minified page once its blocks are kept apart).
# "By:" with a colon opens a byline only at a line's start: inside a line it is a control's
# label ("Sort By: Product Ranking").
_EN_BYLINE_LABEL = r"(?:(?m:^)[Bb]y:|By|\bby|Author:?|Written by)\s*"
_EN_FULL_NAME = rf"{_EN_NAME}(?:[^\S\n](?:{_PARTICLE}[^\S\n])?{_EN_NAME}){{1,3}}{_EN_NAME_END}"
_EN_BYLINE = re.compile(_EN_BYLINE_LABEL + rf"(?P<name>{_EN_FULL_NAME})")
# Rule CO_AUTHORS: the byline's other writers, "By Jo Li and Sam Roe", "By A, B and C",
# "By A & B". Names after a comma count only in a list an "and" or "&" closes: after a
# lone comma stand a job title or the outlet ("By Jo Li, Staff Writer").
_EN_CO_BYLINE = re.compile(
    _EN_BYLINE_LABEL + rf"(?P<name>{_EN_FULL_NAME}"
    rf"(?:(?:,[^\S\n]+{_EN_FULL_NAME})*,?[^\S\n]+(?:and|&)[^\S\n]+{_EN_FULL_NAME})?)"
)
_CUE_WORDS[_EN_BYLINE] = ("By", "by", "Author")  # case-sensitive; "Written by" holds "by"
_CUE_WORDS[_EN_CO_BYLINE] = _CUE_WORDS[_EN_BYLINE]
# Its name's words are on one line ("Jack Shepherd\nHi! I'm Jack" is Jack Shepherd). A
# capitalised label may follow the previous element's text with no space ("2024Written by").
_WRITTEN_BY = starting_with(
    "[wWpPaA]",
    r"(?:\b(?i:written|posted|authored|article)|(?<=[a-z0-9])(?:Written|Posted|Authored))"
    r"\s+(?i:by)\s*(?::\s*)?"
    rf"(?P<name>{_EN_NAME}(?: (?:{_PARTICLE} )?{_EN_NAME}){{1,3}})" + _EN_NAME_END,
)
# "by" in any case ((?i:by) folds nothing else into b or y).
_CUE_WORDS[_WRITTEN_BY] = ("by", "By", "bY", "BY")
# Rule AUTHOR_LABEL_LINE: "Author" as a text node of its own (a field's label, a heading)
# and a name as the next: "<h3>Author</h3><p>Lisa D. Ellis</p>".
_AUTHOR_LABEL = re.compile(r"Authors?\s*:?")
# Rule THREAD_STARTER: the label, alone or with the name after it.
_STARTER_LABEL = re.compile(
    r"(?:thread|topic)\s+starter|original\s+poster|started\s+by(?:\s*(?::\s*)?(?P<name>\S.{0,40}))?",
    re.IGNORECASE,
)
# Words one of which every label holds, in the cases pages write them: a substring test in C
# first, since a case-blind regex over every page's text costs milliseconds.
_STARTER_WORDS = ("starter", "Starter", "STARTER", "poster", "Poster", "tarted by", "TARTED BY")
# Text nodes that know their element (TEXT_PIECES' plain strings do not).
_TEXT_NODES = etree.XPath("descendant::text()")
EN_FULL_NAME = re.compile(rf"{_EN_NAME}(?: [A-Z]\.)?(?: (?:{_PARTICLE} )?{_EN_NAME}){{1,3}}")
# Rules measured one by one under site-grouped cross-validation (benchmarks/metadata_cv.py);
# extract_authors applies those named in its ``rules``.
ORGANISATION_FALLBACK = "organisation_fallback"
CAMEL_CASE_NAMES = "camel_case_names"
TITLE_SITE_NAMES = "title_site_names"
BLOG_OWNER = "blog_owner"
BYLINE_FORMS = "byline_forms"
LINE_UNDER_HEADLINE = "line_under_headline"
# An English name alone on one of those lines whose first word is a given name ("Lisa Pham"
# under the headline, no "By", no author markup), where a section label ("Video Production")
# or a button ("Start Trial") has the same shape.
GIVEN_NAME_LINE = "given_name_line"
# Essays, blog and forum posts whose page gives no headline the text can be matched with (no
# <h1>, a <title> naming the site or "显示") open the extracted text with the author's name
# alone on a line, first or under the headline: "胡平\n——当代中国的精神危机",
# "我是怎样卷入八九民运的\n茉莉\n【看中国...", "赵延东、风笑天\n近年来...".
NAME_OPENING_CONTENT = "name_opening_content"
# Lines at the start of the extracted text where that name is looked for.
OPENING_LINES = 2
_OPENING_NAME = re.compile(r"^[\u4e00-\u9fff·]{2,4}(?:[、，,]\s*[\u4e00-\u9fff·]{2,4})*$")
# On Chinese pages the byline in the text ("（记者 陆一夫）", "作者：孙仲旻") names the writer,
# while author tags and markup hold the portal ("网易"), an editor's handle, a self-media
# account or a sidebar of columnists: the text's cues are asked first.
CUES_BEFORE_TAGS = "cues_before_tags"
# The cue search reaches CUE_SEARCH_CHARS visible characters: whitespace that indents a
# template's markup does not use it up.
VISIBLE_CUE_WINDOW = "visible_cue_window"
CUE_NAME_ENDS = "cue_name_ends"
# The byline is the first cue under the headline: a cue's name further down the window (a
# channel menu's "原创 | 读书") does not outrank it for being asked first.
EARLIEST_CUE = "earliest_cue"
# The closing bracketed byline may sit on the line after the content ("（袁源）").
CLOSING_AFTER_CONTENT = "closing_after_content"
# A JSON-LD author given only by reference ({"@id": ".../#/schema/person/x"}) names the
# Person node of the page's @graph with that @id (Yoast, Rank Math).
JSON_LD_REFERENCES = "json_ld_references"
# Yoast's twitter:label1 "Written by" with the name in twitter:data1.
TWITTER_WRITTEN_BY = "twitter_written_by"
# A link to the author's profile page ("/author/jane-doe/", "/blog/authors/x") holds the
# name when no markup or byline names it.
PROFILE_LINKS = "profile_links"
# A personal site is named after its owner ("Cory Dransfeldt", og:site_name of coryd.dev): a
# site name that reads as a person's name is the author, not the site.
PERSONAL_SITE_NAMES = "personal_site_names"
# Author markup inside a comment thread ("comment-author", "wp-block-comment-author-name")
# names a commenter.
NO_COMMENT_AUTHORS = "no_comment_authors"
# An author box holds the name in a heading or bold line above the bio: "<h4>Jane Doe</h4>
# Jane is a ...", whose whole text is no byline.
AUTHOR_BOX_HEADING = "author_box_heading"
# A personal site whose host spells its owner's name (tobyhede.com, pollybarks.com) credits
# that person in the title, og:site_name, the home link or the copyright line.
HOST_OWNER = "host_owner"
# "Written by" (or "Posted by", "Authored by", "Article by") labels a byline wherever it stands
# on the page: author boxes at the foot, a label and the name in two elements.
WRITTEN_BY_ANYWHERE = "written_by_anywhere"
# A byline in elements of its own near the headline: a person's name beside a date ("Dakota
# Hebert" | "July 3, 2025"), where only a class said which piece was the author.
NAME_BESIDE_DATE = "name_beside_date"
# ... also when the name, its role and the date share one text node, split at separators:
# "Dec. 19, 2025 · Niko Matsakis on behalf of …", "Aaron Ricadela | Senior Writer | July 2".
BYLINE_SEGMENTS = "byline_segments"
# The name element of an author box named in the BEM way or in the plural:
# "elementor-author-box__name", "authors-name", Drupal's "field--name-field-authors".
AUTHOR_BOX_NAMES = "author_box_names"
# "Author" alone on a line and a person's name alone on the next, anywhere on the page.
AUTHOR_LABEL_LINE = "author_label_line"
# A JSON-LD page whose mainEntity is the work (a WebPage holding a DiscussionForumPosting, a
# QAPage holding its Question, an Article) is by that work's author: a forum thread's
# opening poster, where reply markup names everyone who answered.
MAIN_ENTITY_AUTHORS = "main_entity_authors"
# A forum's "Thread starter" label (XenForo, "Started by", "Topic starter") and the opening
# poster's name after it, in the same text node or the next.
THREAD_STARTER = "thread_starter"
# Author microdata inside <noscript>: a JavaScript forum (Discourse) serves its posts, each
# with itemprop="author", only there, and the document drops <noscript> with its content.
NOSCRIPT_AUTHORS = "noscript_authors"
# An author property of a forum's or Q&A site's post in microdata (itemtype Question,
# DiscussionForumPosting) is a user handle, taken as it stands like the JSON-LD one.
POST_MICRODATA = "post_microdata"
# A byline field left empty: what a cue reads after "作者：" is the next field's label
# ("作者： 转载请注明：", "记者： 编辑："), which a separator ends.
EMPTY_FIELD_LABELS = "empty_field_labels"
# A name equal to the story's labelled source ("来源：参考消息", an author tag holding the
# same outlet) credits the outlet, not a writer: it stays the source only.
SOURCE_NOT_AUTHOR = "source_not_author"
# A Chinese portal's brand is the start of its channel's name in the <title> ("网易" of
# "网易财经", "新浪" of "新浪科技"), which author tags hold instead of a writer.
SITE_BRAND_PREFIX = "site_brand_prefix"
# A lower-case "by" opens a byline only where a byline would: at a line's start, after a
# date or a word such as "posted" (find_en_byline), not in a sentence ("a study by Harvard ...").
BY_OPENS_BYLINE = "by_opens_byline"
# An English byline's co-writers are read with the first (_EN_CO_BYLINE).
CO_AUTHORS = "co_authors"
RULES = frozenset(
    {
        BY_OPENS_BYLINE,
        CO_AUTHORS,
        EMPTY_FIELD_LABELS,
        SOURCE_NOT_AUTHOR,
        SITE_BRAND_PREFIX,
        POST_MICRODATA,
        NOSCRIPT_AUTHORS,
        THREAD_STARTER,
        MAIN_ENTITY_AUTHORS,
        AUTHOR_LABEL_LINE,
        AUTHOR_BOX_NAMES,
        BYLINE_SEGMENTS,
        NAME_BESIDE_DATE,
        WRITTEN_BY_ANYWHERE,
        NO_COMMENT_AUTHORS,
        AUTHOR_BOX_HEADING,
        HOST_OWNER,
        JSON_LD_REFERENCES,
        TWITTER_WRITTEN_BY,
        PROFILE_LINKS,
        PERSONAL_SITE_NAMES,
        CUE_NAME_ENDS,
        EARLIEST_CUE,
        CLOSING_AFTER_CONTENT,
        CUES_BEFORE_TAGS,
        VISIBLE_CUE_WINDOW,
        ORGANISATION_FALLBACK,
        CAMEL_CASE_NAMES,
        TITLE_SITE_NAMES,
        BLOG_OWNER,
        BYLINE_FORMS,
        LINE_UNDER_HEADLINE,
        GIVEN_NAME_LINE,
        NAME_OPENING_CONTENT,
    }
)
# The segments after the headline in a <title> name the site and its sections:
# "Headline_新浪科技_新浪网", "Headline - 搜狐财经", "Headline | Example News".
_TITLE_SEPARATOR = re.compile(r"\s*(?:[_|｜»]|\s[-–—]\s|--)\s*")
# A blog's owner: "海姑娘 | blog.wenxuecity.com", "李建忠的博客", "Jane's Blog".
_BLOG_TITLE = re.compile(
    r"^(?P<name>[^|_\-–—»]{2,20}?)\s*(?:\|\s*blog\.[\w.]+$|的(?:博客|BLOG|"
    r"blog|专栏|个人空间)(?:$|\s|[_|\-]))"
)
# A profile page's path: "/author/jane-doe/", "/blog/authors/jane", "/contributor/a._j._neal".
_PROFILE_PATH = re.compile(
    r"/(?:authors?|contributors?|writers?)/[^/?#\s]+/?(?:[?#]|$)", re.IGNORECASE
)
# Profile links looked at: the byline's comes early; later ones list other posts' writers.
PROFILE_LINKS_TRIED = 10
# Labels Yoast's twitter:labelN carries for the author ("Written by", "Author").
_WRITTEN_BY_LABELS = ("written by", "author")
TWITTER_LABELS = 4
# Words of a person's name, and words that name an organisation instead.
_INITIAL = re.compile(r"^[A-Z]\.?$")
_PERSON_WORD = re.compile(r"^(?:[A-Z]\.|(?:Mc|Mac|O['’])?[A-Z][a-z'’\-]+\.?)$")
ORGANISATION_WORDS = frozenset(
    {
        "the",
        "team",
        "staff",
        "blog",
        "news",
        "media",
        "magazine",
        "journal",
        "group",
        "inc",
        "llc",
        "ltd",
        "company",
        "services",
        "solutions",
        "studio",
        "labs",
        "digital",
        "marketing",
        "agency",
        "law",
        "clinic",
        "health",
        "university",
        "college",
        "center",
        "centre",
        "institute",
        "foundation",
        "society",
        "association",
        "network",
        "online",
        "store",
        "shop",
        "press",
        "times",
        "post",
        "daily",
        "review",
        "tech",
        "software",
        "systems",
        "insurance",
        "financial",
        "travel",
        "home",
        "yoga",
        "design",
        "academy",
    }
)
# Where a comment thread starts, in the class or id of an element or its ancestors.
_COMMENT_CLASS = re.compile(r"(?:^|[\s_-])comments?(?:[\s_-]|$)", re.IGNORECASE)
# Elements of an author box that hold the name alone.
_NAME_HEADINGS = ("h2", "h3", "h4", "h5", "h6", "strong", "b")
# "© 2025 Toby Hede", "Copyright © 2019-2025 Jane Doe."; not a firm named after its founder
# ("© Luigi Lavazza S.p.A.").
_COPYRIGHT = re.compile(
    r"(?:(?i:©|\(c\)|copyright)\s*)+(?:(?:19|20)\d{2}\s*(?:[-–]\s*(?:19|20)\d{2})?\s*)?"
    r"(?!(?i:copyright))(?P<name>[A-Z][a-z'’-]+ (?:[A-Z]\. )?[A-Z][a-z'’-]+)(?![\w'’-])"
    r"(?! [A-Z])(?!,?\s*(?i:s\.?\s?p\.?\s?a\b|s\.?a\b|inc\b|llc|ltd|gmbh|corp|co\b|ag\b|plc\b|&))"
)
# A last name shorter than this is found inside too many hosts by chance.
MIN_HOST_SURNAME = 4
# Home links looked at for the owner's name.
HOME_LINKS_TRIED = 5
# Around the headline: bylines sit just above or below it.
EN_BYLINE_BEFORE_CHARS = 300
EN_BYLINE_AFTER_CHARS = 2000


# Chinese news often closes with the byline in brackets: "（袁源）", "（常书香 马丹阳 ）",
# "（姚峰 上海报道）", "（记者 胡晓蓉）". Names are lazy so a trailing "上海报道" is not one.
_CLOSING_BYLINE = re.compile(
    r"[（(]\s*(?:本报)?(?:记者|通讯员)?\s*"
    r"(?P<name>[\u4e00-\u9fff·]{2,4}(?:[ 、][\u4e00-\u9fff·]{2,4})*?)"
    r"\s*(?:[\u4e00-\u9fff]{2,3}报道)?\s*[）)]\s*$"
)
# Bracketed words that close articles but are no bylines.
NOT_BYLINES = frozenset(
    {
        "全文完",
        "未完待续",
        "待续",
        "未完",
        "续完",
        "试行",
        "图片",
        "资料图",
        "下转",
        "上接",
        "图文",
        "摘编",
        "综合",
        "编译",
        "转载",
        "原创",
    }
)
# ... nor are sources: "（新华社）", "（人民日报）", "（央视新闻）", "（市教育局）".
SOURCE_ENDINGS = (
    "社",
    "报",
    "网",
    "台",
    "新闻",
    "中心",
    "客户端",
    "频道",
    "部",
    "局",
    "委",
    "厅",
    "办",
    "院",
    "所",
)
# Lines, and characters, at the end of the content where a closing byline is looked for.
CLOSING_BYLINE_LINES = 2
CLOSING_SEARCH_CHARS = 300
# How much of the content's last line finds it in the page text (rule CLOSING_AFTER_CONTENT):
# enough characters to be unique, few enough to sit on one line of the page's markup.
CONTENT_END_CHARS = 20
MIN_CONTENT_END_CHARS = 8
# The article's last lines the extraction may have left out, before the page's footer.
AFTER_CONTENT_LINES = 3


class _Unread:
    """The page's source when the caller has not read it: read on demand."""


UNREAD = _Unread()


def extract_author(doc: Document, content: str | None = None) -> str | None:
    """The article's author(s) as one string ("A, B"), or None."""
    return ", ".join(extract_authors(doc, content)) or None


def extract_authors(
    doc: Document,
    content: str | None = None,
    rules: frozenset[str] = RULES,
    source: str | _Unread | None = UNREAD,
) -> list[str]:
    """The article's authors, or []. ``content``, the extracted article text, adds its
    closing bracketed byline; an organisation the page names as its author comes last.
    ``source``, the page's :func:`extract_source` where the caller has it, is no author."""
    site_names = site_names_of(doc, TITLE_SITE_NAMES in rules)
    organisation: str | None = None
    outlets = _Outlets(doc, site_names, rules, source)
    for candidate in _candidates(doc, rules):
        if isinstance(candidate, ForumHandle) and _HANDLE.fullmatch(candidate):
            return [str(candidate)]
        names = clean_names(candidate, site_names, rules)
        if names and not outlets.credited(names):
            return names
        if organisation is None and ORGANISATION_FALLBACK in rules:
            organisation = _organisation_name(candidate, site_names)
    closing = closing_byline(content) if content else None
    if closing is None and content and CLOSING_AFTER_CONTENT in rules:
        closing = _bracketed_byline(_lines_after(doc.body_text(), content))
    names = clean_names(closing, site_names, rules) if closing else []
    if not names and content and NAME_OPENING_CONTENT in rules:
        opening = _name_opening(content)
        names = clean_names(opening, site_names, rules) if opening else []
    if names or ORGANISATION_FALLBACK not in rules:
        return names
    organisation = _json_ld_organisation(doc) or organisation
    return [organisation] if organisation else []


class _Outlets:
    """The outlets a page names (its labelled source, its brand), read only when a
    candidate could be one of them."""

    def __init__(
        self,
        doc: Document,
        site_names: frozenset[str],
        rules: frozenset[str],
        source: str | _Unread | None,
    ):
        self._doc = doc
        self._rules = rules
        self._brands = tuple(name for name in site_names if _CJK_ONLY.match(name))
        self._source = source

    def credited(self, names: list[str]) -> bool:
        """Whether ``names`` is one name that is an outlet's, not a writer's."""
        if len(names) != 1:
            return False
        name = names[0]
        if (
            SITE_BRAND_PREFIX in self._rules
            and _CJK_ONLY.match(name)
            and any(
                brand.startswith(name) and brand[len(name) :][:1] != "的" for brand in self._brands
            )
        ):
            return True
        if SOURCE_NOT_AUTHOR in self._rules:
            if isinstance(self._source, _Unread):
                self._source = extract_source(self._doc)
            return self._source is not None and name.casefold() == self._source.casefold()
        return False


def _name_opening(content: str) -> str | None:
    """Chinese name(s) alone on one of the extracted text's first lines (not page furniture
    such as "正文", "打印")."""
    lines = [line.strip() for line in content.split("\n") if line.strip()][:OPENING_LINES]
    for line in lines:
        if _OPENING_NAME.match(line) and not line.startswith(tuple(FURNITURE)):
            return line
    return None


def content_end(text: str, content: str) -> tuple[int, int] | None:
    """Where the content's last line ends in the page ``text``: the start and end of its last
    characters there (their last occurrence), or None when they are too few or not found."""
    last = content.rstrip().rsplit("\n", 1)[-1].strip()[-CONTENT_END_CHARS:]
    end = text.rfind(last) if len(last) >= MIN_CONTENT_END_CHARS else -1
    return (end, end + len(last)) if end >= 0 else None


def _lines_after(text: str, content: str) -> list[str]:
    """The first lines of the page text after the content's last line: a bracketed byline
    alone on a short line is what content extraction drops as boilerplate."""
    found = content_end(text, content)
    if found is None:
        return []
    rest = text[found[1] : found[1] + CLOSING_SEARCH_CHARS]
    return [line.strip() for line in rest.split("\n") if line.strip()][:AFTER_CONTENT_LINES]


def _bracketed_byline(lines: list[str]) -> str | None:
    for line in lines:
        match = _CLOSING_BYLINE.search(line)
        if match and _is_person_byline(match.group("name")):
            return clean_author(match.group("name"))
    return None


def _organisation_name(candidate: str, site_names: frozenset[str]) -> str | None:
    """The site's own name when a byline or author tag holds it ("By Swoogo", "Podium
    Staff"): the page names no person, and the site is what it credits."""
    value = _GLUED_END.split(
        _BYLINE_END.split(_PREFIX.sub("", " ".join(html.unescape(candidate).split())), maxsplit=1)[
            0
        ],
        maxsplit=1,
    )[0].strip(" ,;:|-")
    core = _ROLE.sub("", re.sub(r"\b(?:the|team)\b", "", value, flags=re.IGNORECASE))
    core = " ".join(core.split()).casefold()
    if core and core in site_names and clean_author(value):
        return value
    return None


def _json_ld_organisation(doc: Document) -> str | None:
    """The name of a JSON-LD ``author`` of type Organization."""
    for item in doc.json_ld:
        authors = item.get("author")
        for author in authors if isinstance(authors, list) else [authors]:
            if (
                isinstance(author, dict)
                and author.get("@type") == "Organization"
                and isinstance(name := author.get("name"), str)
            ):
                return clean_author(name)
    return None


def closing_byline(content: str) -> str | None:
    """The byline that ends ``content``: bracketed ("（记者 胡晓蓉）") or cued ("执笔人：..."),
    for long articles whose start holds none. Editor cues do not count here."""
    lines = [line for line in content[-CLOSING_SEARCH_CHARS:].split("\n") if line.strip()]
    found = _bracketed_byline(list(reversed(lines[-CLOSING_BYLINE_LINES:])))
    if found:
        return found
    tail = " ".join(content[-CLOSING_SEARCH_CHARS:].split())
    for pattern in _AUTHOR_CUES:
        match = cue_search(pattern, tail)
        if match:
            return clean_author(match.group("name"))
    return None


source_markers("author", "byline")


def _candidates(doc: Document, rules: frozenset[str]) -> Iterator[str]:
    nodes = _json_ld_nodes(doc) if JSON_LD_REFERENCES in rules else {}
    for item in doc.json_ld:
        name = _json_ld_name(item.get("author"), nodes)
        if name:
            yield name
    if MAIN_ENTITY_AUTHORS in rules:
        for item in doc.json_ld:
            for entity in main_entities(item):
                name = _json_ld_name(entity.get("author"), nodes)
                if name:
                    yield ForumHandle(name) if _is_post(entity) else name
    author_cues = (_ENDED_CUE, *_AUTHOR_CUES[1:]) if CUE_NAME_ENDS in rules else _AUTHOR_CUES
    more = _MORE_CUES if BYLINE_FORMS in rules else ()
    cues_first = CUES_BEFORE_TAGS in rules and is_mostly_cjk(doc.title_text, per="letter")
    if cues_first:
        yield from _cue_candidates(doc, rules, author_cues + more)
    for key in META_KEYS:
        if key == "citation_author" and key in doc.meta:
            # Papers list every author in a tag of its own, "Last, First" each.
            yield ", ".join(_citation_name(value) for value in _meta_values(doc, key))
        elif doc.meta.get(key):
            yield doc.meta[key]
    if TWITTER_WRITTEN_BY in rules and (labelled := _twitter_written_by(doc)):
        yield labelled
    if THREAD_STARTER in rules and (starter := _thread_starter(doc)):
        yield ForumHandle(starter)
    if doc.holds("author") or doc.holds("byline"):
        yield from _markup_names(doc.root, rules)
        if NOSCRIPT_AUTHORS in rules:
            for fragment in _noscript_microdata(doc.html):
                yield from _markup_names(fragment, rules)
    if not cues_first:
        yield from _cue_candidates(doc, rules, (*author_cues, EDITOR_CUE, *more))
    match = find_en_byline(
        _around_headline(doc), BY_OPENS_BYLINE in rules, co_authors=CO_AUTHORS in rules
    )
    if match:
        yield _without_co_organisations(match.group("name"))
    if PROFILE_LINKS in rules:
        yield from _profile_link_names(doc)
    if NAME_BESIDE_DATE in rules and (dated := _name_beside_date(doc, BYLINE_SEGMENTS in rules)):
        yield dated
    if WRITTEN_BY_ANYWHERE in rules and (written := cue_search(_WRITTEN_BY, doc.body_text())):
        yield written.group("name")
    if AUTHOR_LABEL_LINE in rules and (labelled := _author_label_line(doc)):
        yield labelled
    if LINE_UNDER_HEADLINE in rules and (name := _line_under_headline(doc)):
        yield name
    if GIVEN_NAME_LINE in rules and (name := _given_name_line(doc)):
        yield name
    if BLOG_OWNER in rules and (owner := _blog_owner(doc)):
        yield owner
    if HOST_OWNER in rules and (owner := _host_owner(doc)):
        yield owner
    if cues_first:  # an editor only when no writer is named
        yield from _cue_candidates(doc, rules, (EDITOR_CUE,))


class ForumHandle(str):
    """A candidate that names a forum user (a thread's or a question's poster): a handle such
    as "ridwan123" or "sean_g" is their name, where a byline's digits would be noise."""


# A user handle: one word of letters, digits, "_", "." or "-", a letter among them.
_HANDLE = re.compile(r"(?=[\w.\-]*[^\W\d_])[^\W_][\w.\-]{1,39}")
# The schema.org types of a forum's or a Q&A site's opening post, as a JSON-LD @type and in
# a microdata itemtype URL.
_POST_TYPES = ("DiscussionForumPosting", "Question", "SocialMediaPosting")
_POST_ITEMTYPE = re.compile(r"schema\.org/(?:" + "|".join(_POST_TYPES) + r")\b")


def _is_post(entity: dict[str, Any]) -> bool:
    return any(k in _POST_TYPES for k in json_ld_types(entity))


def _markup_names(root: etree._Element, rules: frozenset[str]) -> Iterator[str]:
    """The names the author markup under ``root`` gives, in document order."""
    for el in _author_markup_candidates(root):
        if not _is_author_markup(el, AUTHOR_BOX_NAMES in rules):
            continue
        if NO_COMMENT_AUTHORS in rules and _in_comments(el):
            continue
        if AUTHOR_BOX_HEADING in rules and (heading := _name_heading(el)):
            yield heading
        named = el.find(".//*[@itemprop='name']")
        source = named if named is not None else el
        name = source.get("content") or " ".join(dom.text_content(source).split())
        yield ForumHandle(name) if POST_MICRODATA in rules and _of_a_post(el) else name


def _of_a_post(el: etree._Element) -> bool:
    """Whether the microdata item an author property belongs to (the nearest ``itemscope``
    ancestor) is a forum's or a Q&A site's post."""
    if el.get("itemprop") != "author":
        return False
    for node in el.iterancestors():
        if node.get("itemscope") is not None:
            return bool(_POST_ITEMTYPE.search(node.get("itemtype") or ""))
    return False


# The author property in either quote style.
_AUTHOR_PROPERTY = re.compile(r"""itemprop=["']author["']""")


def _noscript_microdata(page: str) -> Iterator[etree._Element]:
    """Each ``<noscript>`` of the page that holds an author property, parsed. Found with
    substring searches in C (one scan of the page for most pages, which have none; the
    engines that put posts there write the tag in lower case)."""
    start = page.find("<noscript")
    while start >= 0:
        tag_end = page.find(">", start)
        end = page.find("</noscript", tag_end)
        if tag_end < 0 or end < 0:
            return
        content = page[tag_end + 1 : end]
        if _AUTHOR_PROPERTY.search(content):
            root = dom.parse_html(f"<html><body>{content}</body></html>")
            if root is not None:
                yield root
        start = page.find("<noscript", end)


def _cue_candidates(
    doc: Document, rules: frozenset[str], cues: tuple[re.Pattern[str], ...]
) -> Iterator[str]:
    """Names the Chinese byline ``cues`` find in the start of the page text. With
    :data:`EARLIEST_CUE`, the author cues' names in the order they stand in the text (the
    editor's cue still after the author cues before it)."""
    if VISIBLE_CUE_WINDOW in rules:
        text = doc.visible_start(CUE_SEARCH_CHARS)
    else:
        text = " ".join(doc.body_text()[:CUE_SEARCH_CHARS].split())
    earliest = EARLIEST_CUE in rules
    quoted: list[str] | None = None  # the page's quotations, read when a cue first matches
    found: list[tuple[int, int, str]] = []  # (group, place, name): sorted, cue order kept
    group = 0
    for pattern in cues:
        if pattern is EDITOR_CUE:
            group += 1
        match = cue_search(pattern, text)
        if match is not None:
            if quoted is None:
                quoted = quotations(doc)
            while match is not None and _in_quotation(match, quoted):
                match = pattern.search(text, match.end())
            if match and not (EMPTY_FIELD_LABELS in rules and is_field_label(match, text)):
                found.append((group, match.start() if earliest else 0, match.group("name")))
        if pattern is EDITOR_CUE:
            group += 1
    for _, _, name in sorted(found, key=lambda item: item[:2]):
        yield name


source_markers("<blockquote")


def quotations(doc: Document) -> list[str]:
    """The text of each ``<blockquote>`` of the page, whitespace collapsed: a reply quotes
    another post with its poster's "NAME 发表于 DATE" line, which names no writer here."""
    if doc.body is None or not doc.holds("<blockquote"):
        return []
    return [" ".join(dom.text_content(quote).split()) for quote in doc.body.iter("blockquote")]


def _in_quotation(match: re.Match[str], quoted: list[str]) -> bool:
    found = match.group(0).strip()
    return bool(quoted) and any(found in quote for quote in quoted)


def is_field_label(match: re.Match[str], text: str) -> bool:
    """Whether a cue's name is one word followed by a label's separator: the next field's
    label. (After a list, "作者：甲 分享：", the list's end is clean_names' to find.)"""
    name = match.group("name")
    if any(separator in name for separator in " 、，,"):
        return False
    return text[match.end("name") : match.end("name") + 2].lstrip()[:1] in (":", "：")


def _in_comments(el: etree._Element) -> bool:
    for node in (el, *el.iterancestors()):
        if _COMMENT_CLASS.search(node.get("class") or "") or _COMMENT_CLASS.search(
            node.get("id") or ""
        ):
            return True
    return False


def _name_heading(el: etree._Element) -> str | None:
    """The text of the first heading or bold line inside an author box."""
    for child in el.iterdescendants(*_NAME_HEADINGS):
        text = " ".join(dom.text_content(child).split())
        if text:
            return text
    return None


def _host_owner(doc: Document) -> str | None:
    """The person a personal site's host is named after, as the page spells the name."""
    if not doc.url:
        return None
    host = doc.url.split("://", 1)[-1].split("/", 1)[0].removeprefix("www.")
    label = host.split(".")[0].lower()
    names = [*_TITLE_SEPARATOR.split(doc.title_text)[1:], doc.meta.get("og:site_name", "")]
    homes = (link for link in doc.root.iter("a") if _is_home(link.get("href") or "", host))
    for link, _ in zip(homes, range(HOME_LINKS_TRIED), strict=False):
        names.append(" ".join(dom.text_content(link).split()))
    names += [m.group("name") for m in _COPYRIGHT.finditer(doc.body_text()[-CUE_SEARCH_CHARS:])]
    for name in names:
        name = name.strip(" .,")
        if _reads_as_person(name) and _spells_host(name, label):
            return name
    return None


def _is_home(href: str, host: str) -> bool:
    """Whether a link's target is the site's home page ("/", "https://www.host/")."""
    if not href.startswith(("/", "http")):
        return False
    target = href.split("://", 1)[-1].removeprefix("www.") if "://" in href else host + href
    return target.rstrip("/") == host


def _spells_host(name: str, label: str) -> bool:
    """Whether a host label is the name run together or holds its last name (at least 4
    letters): tobyhede, artmann. A first name alone is also a firm's ("clay", "facet")."""
    words = [re.sub(r"[^a-z]", "", word.lower()) for word in name.split()]
    return label == "".join(words) or (len(words[-1]) >= MIN_HOST_SURNAME and words[-1] in label)


def _json_ld_nodes(doc: Document) -> dict[str, dict[str, Any]]:
    """The page's named JSON-LD nodes by their @id."""
    return {
        node["@id"]: node
        for node in doc.json_ld
        if isinstance(node.get("@id"), str) and isinstance(node.get("name"), str)
    }


def _twitter_written_by(doc: Document) -> str | None:
    for n in range(1, TWITTER_LABELS + 1):
        label = doc.meta.get(f"twitter:label{n}", "").casefold()
        if label.startswith(_WRITTEN_BY_LABELS):
            return doc.meta.get(f"twitter:data{n}")
    return None


def _profile_link_names(doc: Document) -> Iterator[str]:
    """The text of the first links to author profile pages."""
    tried = 0
    for link in doc.root.iter("a"):
        href = link.get("href")
        if not href or not _PROFILE_PATH.search(href):
            continue
        text = " ".join(dom.text_content(link).split())
        if text:
            yield text
            tried += 1
            if tried >= PROFILE_LINKS_TRIED:
                return


_WORD_CHARACTER = re.compile(r"[^\W_]")
# A date piece of a byline: the date and perhaps a label or separator, no sentence.
DATE_PIECE_CHARS = 40
_SEGMENT_SEPARATOR = re.compile(r"\s*[|·•/]\s*|\s[-–—]\s")
# What follows a name in a byline's segment: "Mahua Das in <section>", "on behalf of …".
_NAME_TAIL = re.compile(r"\s+(?:in|on behalf of|for)$|\s+(?:in|on behalf of|for)\s")


def _name_beside_date(doc: Document, segments: bool = False) -> str | None:
    """The first text piece near the headline that is a person's name on its own, with a
    date as the text piece before or after it (separators such as "|" or "/" skipped).
    With ``segments``, pieces are first split at separators, role segments ("Senior
    Writer") dropped, and a name may be followed by "in <section>" or "on behalf of …"."""
    body, headline = doc.body, _first_headline(doc)
    start = doc.body_text().find(headline) if body is not None and headline else -1
    if body is None or start < 0:
        return None
    begin, end = start - EN_BYLINE_BEFORE_CHARS, start + EN_BYLINE_AFTER_CHARS
    pieces: list[str] = []
    position = 0
    # The DOM's own text nodes, not itertext's joined ones: a template's interpolations
    # ("by: <!-- -->Ziyi Xu<!-- -->, Dec 17") stay pieces of their own.
    for piece in TEXT_PIECES(body):
        if position > end:
            break
        if position >= begin and _WORD_CHARACTER.search(piece):  # not a separator alone
            pieces.extend(_segments(piece) if segments else [" ".join(piece.split())])
        position += len(piece)
    for index, piece in enumerate(pieces):
        name = _NAME_TAIL.split(piece, maxsplit=1)[0] if segments else piece
        if not _reads_as_person(name) or _is_title_case_phrase(name):
            continue
        beside = pieces[max(index - 1, 0) : index] + pieces[index + 1 : index + 2]
        if any(len(other) <= DATE_PIECE_CHARS and normalize_date(other) for other in beside):
            return name
    return None


# A run of whitespace no byline holds: an indented template's text node.
_LONG_SPACE = re.compile(r"\s{64}")
_SPACES = re.compile(r"\s+")


def _segments(piece: str) -> list[str]:
    """A byline text node's parts: split at separators, roles ("Senior Writer") dropped. A
    node with a long run of whitespace has its runs collapsed first: the separator's
    leading spaces, tried from each place of the run, cost seconds on 10,000 of them."""
    if _LONG_SPACE.search(piece):
        piece = _SPACES.sub(" ", piece)
    parts = (" ".join(part.split()) for part in _SEGMENT_SEPARATOR.split(piece))
    return [part for part in parts if _WORD_CHARACTER.search(part) and not _ROLE.fullmatch(part)]


def _author_label_line(doc: Document) -> str | None:
    """A person's name in the text node after an "Author" label node (not a menu item or a
    heading that happens to follow one: "Find Jobs", "Contact Us")."""
    if doc.body is None or "Author" not in doc.body_text():
        return None
    for previous, text, piece in _text_node_pairs(doc.body):
        if (
            _AUTHOR_LABEL.fullmatch(previous)
            and EN_FULL_NAME.fullmatch(text)
            and _reads_as_person(text)
            and not _is_title_case_phrase(text)
            and not _in_link(piece)  # a menu's items are links: "Author", then "Find Jobs"
        ):
            return text
    return None


def _thread_starter(doc: Document) -> str | None:
    """The name after a forum's "Thread starter" label, in its text node or the next."""
    page_text = doc.body_text()
    if doc.body is None or not any(word in page_text for word in _STARTER_WORDS):
        return None
    label = None  # the previous text node's match
    for _, text, _ in _text_node_pairs(doc.body):
        if label and not label.group("name"):
            return text
        label = _STARTER_LABEL.fullmatch(text)
        if label and label.group("name"):
            return label.group("name")
    return None


def _text_node_pairs(body: etree._Element) -> Iterator[tuple[str, str, Any]]:
    """Each text node of ``body`` that holds text (whitespace collapsed), with the text of
    the one before it ("" for the first) and the node itself."""
    previous = ""
    for piece in _TEXT_NODES(body):
        text = " ".join(piece.split())
        if text:
            yield previous, text, piece
            previous = text


def _in_link(text: Any) -> bool:
    """Whether a text node (an lxml smart string) stands inside an ``<a>``."""
    owner = text.getparent()
    if owner is not None and text.is_tail:  # a tail is the text of its element's parent
        owner = owner.getparent()
    return owner is not None and (
        owner.tag == "a" or next(owner.iterancestors("a"), None) is not None
    )


def _is_title_case_phrase(words: str) -> bool:
    """Whether a word after the first is an English function word: "Log In" or "Test Your
    Response Times" is a button or a heading, "Will Smith" a name."""
    stop_words = load_stoplist("en")
    return any(word.casefold() in stop_words for word in words.split()[1:])


def _lines_under_headline(doc: Document) -> list[str]:
    """The first non-empty lines of the page text after the headline's line."""
    text = doc.body_text()
    headline = _first_headline(doc) or _TITLE_SEPARATOR.split(doc.title_text)[0][:30]
    start = text.find(headline) if len(headline) >= 4 else -1
    if start < 0:
        return []
    rest = text[start + len(headline) : start + len(headline) + EN_BYLINE_BEFORE_CHARS]
    lines = [line.strip() for line in rest.split("\n")[1:] if line.strip()]
    # The headline again is no byline: a breadcrumb that ends with the title stands above
    # the headline itself, and the first occurrence found is the breadcrumb's.
    return [line for line in lines[:HEADLINE_LINES] if line != headline]


def _given_name_line(doc: Document) -> str | None:
    """An English name of two or three words alone on a line right under the headline, its
    first word a given name that is no function word or month ("May", "Will")."""
    stop_words = load_stoplist("en")
    for line in _lines_under_headline(doc):
        words = line.split()
        first = words[0].casefold()
        if (
            2 <= len(words) <= 3
            and EN_FULL_NAME.fullmatch(line)
            and first in given_names_en()
            and first not in stop_words
            and first not in MONTHS
            and not _is_title_case_phrase(line)
        ):
            return line
    return None


def _line_under_headline(doc: Document) -> str | None:
    """A name standing alone on one of the lines right under the headline."""
    latin = is_mostly_cjk(doc.title_text, per="letter")
    for line in _lines_under_headline(doc):
        match = _LINE_NAME.match(line)
        if match and not match.group("name").startswith(tuple(FURNITURE)):  # "收藏本文"
            if not latin and match.group("name").isascii():
                continue
            return match.group("name")
    return None


def _blog_owner(doc: Document) -> str | None:
    """A blog page's owner, who writes its posts: the name its title gives the blog
    ("海姑娘 | blog.wenxuecity.com", "李建忠的博客"), or the blog's header heading when that
    links to the blog's home ("<h1><a href=".../lijianzhong/">李建忠</a></h1>")."""
    match = _BLOG_TITLE.match(doc.title_text)
    if match:
        return match.group("name")
    for heading in doc.root.iter("h1"):
        link = heading.find(".//a")
        if link is not None and "blog" in (link.get("href") or "").lower():
            return " ".join(dom.text_content(heading).split())
        return None
    return None


# Words after which a lower-case "by" credits a writer: "Posted on May 3, 2024 by Jo Li",
# "Story by ...", "photos by ...", a thread's "Started by ...". After any other word it is
# prose ("a study by Harvard School", "Saving Costs by Bringing More ...", "Step by Step").
_BYLINE_VERBS = frozenset(
    {
        "posted",
        "written",
        "authored",
        "reported",
        "published",
        "story",
        "words",
        "text",
        "article",
        "photos",
        "photo",
        "reporting",
        "compiled",
        "edited",
        "updated",
        # threads and posts: "Started by", "Asked by", "Submitted by"
        "started",
        "created",
        "submitted",
        "asked",
        "answered",
        "uploaded",
        "contributed",
        # credits: "Illustrated by", "Produced by", "Hosted by"
        "illustrated",
        "produced",
        "curated",
        "presented",
        "hosted",
    }
)
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’.-]*)\W*$")


def find_en_byline(text: str, by_opens: bool, co_authors: bool = True) -> re.Match[str] | None:
    """The first English byline ("By Jo Li") in ``text``; with ``by_opens``, a lower-case
    "by" counts only at a line's or piece's start, after a date or after a word such as
    "posted" (:data:`_BYLINE_VERBS`); with ``co_authors`` its name group holds every writer
    it names ("Jo Li and Sam Roe")."""
    pattern = _EN_CO_BYLINE if co_authors else _EN_BYLINE
    first = cue_search(pattern, text)
    if first is None or not by_opens:
        return first
    for match in pattern.finditer(text, first.start()):
        if not match.group().startswith("by"):
            return match
        before = text[max(0, match.start() - 40) : match.start()]
        word = _WORD_BEFORE.search(before.split("\n")[-1])
        if word is None or word.group(1).casefold() in _BYLINE_VERBS:
            return match
    return None


def _around_headline(doc: Document) -> str:
    text = doc.body_text()
    headline = _first_headline(doc)
    start = text.find(headline) if headline else -1
    if start < 0:
        return text[:CUE_SEARCH_CHARS]
    return text[max(0, start - EN_BYLINE_BEFORE_CHARS) : start + EN_BYLINE_AFTER_CHARS]


def _first_headline(doc: Document) -> str | None:
    for heading in doc.root.iter("h1"):
        text = dom.text_content(heading).strip()
        if len(text) >= 4:
            return text[:30]
    return None


def _meta_values(doc: Document, key: str) -> list[str]:
    return [
        value
        for meta in doc.root.iter("meta")
        if (meta.get("name") or "").lower() == key and (value := meta.get("content"))
    ]


def _citation_name(value: str) -> str:
    last, comma, first = value.partition(",")
    return f"{first.strip()} {last.strip()}" if comma else value


def _is_person_byline(names: str) -> bool:
    return names not in NOT_BYLINES and not any(
        name.endswith(SOURCE_ENDINGS) for name in names.replace("、", " ").split()
    )


def _author_markup_candidates(root: etree._Element) -> Iterable[etree._Element]:
    """Elements that may be author markup: found in C when the extension is built (a
    superset of :func:`_is_author_markup`'s matches), else every element (a Python loop over
    all elements beat an XPath predicate on each 3x)."""
    if walks is None:
        return root.iter()
    return walks.elements_with(root=root, attribute_substrings=_AUTHOR_ATTRIBUTE_PARTS)


def _is_author_markup(el: etree._Element, box_names: bool = False) -> bool:
    cls = el.get("class")
    if cls and ("author" in cls or "byline" in cls):
        tokens = cls.lower().split()
        if any(_AUTHOR_CLASS.match(part) for token in tokens for part in token.split("__")):
            return True
        if box_names and any(_AUTHOR_BOX_NAME.match(token) for token in tokens):
            return True
    return bool(el.get("itemprop") == "author" or (el.tag == "a" and el.get("rel") == "author"))


def _json_ld_name(value: Any, nodes: dict[str, dict[str, Any]] | None = None) -> str | None:
    """The name(s) of a JSON-LD ``author``; ``nodes`` resolves references by @id."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "name" not in value and nodes and isinstance(value.get("@id"), str):
            value = nodes.get(value["@id"], value)
        if value.get("@type") == "Organization":  # a publisher, not a writer
            return None
        name = value.get("name")
        return name if isinstance(name, str) else None
    if isinstance(value, list):
        names = [n for n in (_json_ld_name(v, nodes) for v in value[:10]) if n]
        return ", ".join(dict.fromkeys(names)) or None
    return None


# A portal's staff code after a Chinese name: "杨倩_NF4425" (NetEase), "张玉 SN225" (Sina).
STAFF_CODE = re.compile(r"(?<=[\u4e00-\u9fff])[\s_]*[A-Za-z]{1,4}\d{2,}$")


def clean_names(
    value: str, site_names: frozenset[str] = frozenset(), rules: frozenset[str] = RULES
) -> list[str]:
    """The person names in a byline string: prefixes, roles, dates, e-mail addresses and
    ``site_names`` (lower case) dropped; several names split apart."""
    value = " ".join(html.unescape(value).split())  # JSON-LD and meta often hold "&amp;"
    if _SAYS.search(value):
        return []
    value = _EMAIL.sub(" ", _PREFIX.sub("", value))
    value = _before_job_title(_BEFORE_BY.sub("", value))
    glued = _GLUED_LABEL if CAMEL_CASE_NAMES in rules else _GLUED_END
    value = glued.split(_BYLINE_END.split(value, maxsplit=1)[0], maxsplit=1)[0]
    names: list[str] = []
    for part in _split_names(value):
        part = STAFF_CODE.sub("", part.strip())
        if _CREDENTIAL.match(part):
            continue
        if EMPTY_FIELD_LABELS in rules and _is_label(part):
            if names:  # a list's names end where the page's labels and buttons start
                break
            continue
        part = _strip_edges(_ROLE.sub("", part), " ,;:|/&-–—()[]【】（）\"'“”")
        if _is_sentence(part):  # a bio or a teaser in the author box, not a byline
            return []
        name = clean_author(part)
        if not name or name in names:
            continue
        if name.casefold() in site_names and not (
            PERSONAL_SITE_NAMES in rules and _reads_as_person(name)
        ):
            continue
        if _CJK_ONLY.match(name) and name.endswith(ORGANISATION_ENDINGS + FORUM_RANK_ENDINGS):
            continue
        # A byline's text runs on into the page ("山石 相关报道", "苏亮 扫一扫"): a further
        # Chinese name must start with a surname, else the list has ended.
        if names and _CJK_NAME_ONLY.match(name) and name[0] not in COMMON_SURNAMES:
            break
        names.append(name)
    return names


def _is_label(part: str) -> bool:
    """A field's label ("超级感悟：" before its headline) or a word of page furniture ("阅读",
    "分享"), which a byline's text runs on into: no name."""
    part = part.strip()
    return part.endswith((":", "：")) or part in FURNITURE


def _before_job_title(value: str) -> str:
    """The byline up to the comma that starts a job title: "Brett Cruz, Privacy and Digital
    Security Expert" is one name, not three."""
    segments = _LIST_COMMA.split(value)
    for index, segment in enumerate(segments):
        if index and _JOB_TITLE.search(segment):
            return ", ".join(segments[:index])
        if _ROLE.search(segment):  # "Zackery Cuevas Writer, Hardware": the beat follows
            return ", ".join(segments[: index + 1])
    return value


def _names_organisation(word: str) -> bool:
    """Whether a name's word is one of :data:`ORGANISATION_WORDS` ("Staff", "Press", "News")."""
    return word.casefold().strip(".") in ORGANISATION_WORDS


def _without_co_organisations(names: str) -> str:
    """A byline's names without the co-writers that name an organisation: the agency or
    outlet a story is shared with ("By Jo Li and The Associated Press", "... and Reuters
    Staff") is its source, not a writer."""
    first, *others = _NAME_SEPARATORS.split(names)
    if not others:
        return names
    people = [
        name for name in others if not any(_names_organisation(word) for word in name.split())
    ]
    return ", ".join([first, *people])


def _reads_as_person(name: str) -> bool:
    """A first and a last name, capitalised, perhaps an initial between them, none a word
    that names an organisation: "Cory Dransfeldt", "Jeff T. Kaufman", not "Swoogo", "The
    Commercial Appeal", "One Tree Planted" or "Brett Larkin Yoga"."""
    words = name.split()
    if not (len(words) == 2 or (len(words) == 3 and _INITIAL.match(words[1]))):
        return False
    return all(_PERSON_WORD.match(word) and not _names_organisation(word) for word in words)


def _is_sentence(part: str) -> bool:
    words = part.split()  # one lower-case word is a handle ("ggjjzhzz"), more are prose
    return len(words) > MAX_NAME_WORDS or (
        len(words) > 1 and words[0][0].islower() and words[0][0].isascii()
    )


def _split_names(value: str) -> list[str]:
    parts = [part for part in _NAME_SEPARATORS.split(value) if part.strip()]
    split: list[str] = []
    for part in parts:
        words = part.split()
        # Chinese names are not spaced inside, so a space separates two of them.
        if len(words) > 1 and all(_CJK_NAME_ONLY.match(word) for word in words):
            split.extend(words)
        else:
            split.append(part)
    return split


def site_names_of(doc: Document, title_segments: bool = True) -> frozenset[str]:
    """Names the site goes by, which bylines and author meta tags often hold instead of a
    person: og:site_name, the JSON-LD publisher, the host's main label, and (with
    ``title_segments``) what follows the headline in the <title>."""
    names = {doc.meta.get("og:site_name", ""), doc.meta.get("application-name", "")}
    if title_segments:
        names.update(_TITLE_SEPARATOR.split(doc.title_text)[1:])
    for item in doc.json_ld:
        publisher = item.get("publisher")
        if isinstance(publisher, dict) and isinstance(publisher.get("name"), str):
            names.add(publisher["name"])
    if doc.url:
        host = doc.url.split("://", 1)[-1].split("/", 1)[0].removeprefix("www.")
        names.add(host)
        names.add(host.split(".")[0])
    return frozenset(" ".join(name.split()).casefold() for name in names if name)


def clean_author(value: str) -> str | None:
    """The name in ``value`` without byline prefixes, or None if it is not a plausible name."""
    value = " ".join(html.unescape(value).split())  # JSON-LD and meta often hold "&amp;"
    value = _PREFIX.sub("", value)
    if "(" in value and ")" not in value.split("(", 1)[1]:  # "Lance Ryan (Content": a cut role
        value = value.split("(", 1)[0]
    # A forum's "by NAME » DATE" leaves its separator when the date goes.
    value = _strip_edges(value, " ,;:|/-–—()[]【】（）»«›‹•")
    if not MIN_CHARS <= len(value) <= MAX_CHARS:
        return None
    if _URLISH.search(value) or value.replace(" ", "").isdigit():
        return None
    if " " not in value and sum(c.isdigit() for c in value) >= MAX_NAME_DIGITS:
        return None  # one token with digits is an id ("L_104485"), not a name
    if value.lower() in PLACEHOLDERS or value.startswith(NOT_NAME_STARTS):
        return None
    if _TEMPLATE_RESIDUE.search(value) or _WEEKDAY.match(value) or _POSSESSIVE.search(value):
        return None
    if _ends_in_lower_case_word(value):
        return None
    return value


def _strip_edges(value: str, edges: str) -> str:
    """``value.strip(edges)``, keeping the bracket that closes a bracket inside: "Jean-Luc
    Aufranc (CNXSoft)" stays whole."""
    stripped = value.strip(edges)
    if stripped.count("(") > stripped.count(")") and value.count("(") == value.count(")"):
        return stripped + ")"
    return stripped


def _ends_in_lower_case_word(value: str) -> bool:
    """A capitalised phrase whose last word is lower case ("Insights from", "Personal
    finance"). Particles sit inside names ("Marna van der Merwe"), not at their end; one
    lower-case word alone is a handle and stays."""
    words = value.split()
    return (
        len(words) > 1
        and words[0][:1].isupper()
        and words[-1][:1].isascii()
        and words[-1][:1].islower()
        and not _GROUP_WORD.match(words[-1])
    )
