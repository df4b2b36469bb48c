"""A byline's text cleaned into the names it holds (:func:`clean_names`): prefixes, roles,
job titles, dates, e-mail addresses and the site's own names (:func:`site_names_of`)
dropped, several names split apart."""

from __future__ import annotations

import html
import re

from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.authors.names import (
    PREFIX,
    clean_author,
    names_organisation,
    reads_as_person,
    strip_edges,
)
from newscrawl.extraction.metadata.authors.rules import (
    CAMEL_CASE_NAMES,
    EMPTY_FIELD_LABELS,
    PERSONAL_SITE_NAMES,
    RULES,
)

# "Marna van der Merwe"; a longer run of words is a sentence.
MAX_NAME_WORDS = 5
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
CJK_ONLY = re.compile(r"^[\u4e00-\u9fff·]+$")
_CJK_NAME_ONLY = re.compile(r"^[\u4e00-\u9fff·]{2,5}$")
# Job titles that follow or precede a name ("Jane Doe, Staff Writer", "Senior Editor Jane").
_RANK = "senior|chief|staff|special|contributing|associate|managing|deputy|executive"
_ROLE_WORD = "writer|reporter|editor|correspondent|contributor|columnist|journalist"
ROLE = re.compile(
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
# The wire service or outlet a byline credits after its writers' names ("Jane Doe, The
# Associated Press", "Jo Li for Reuters", "By Jane Doe, CNN", and the AP's own "By JOHN ROE
# Associated Press" without a comma): the story's source, not a writer. After a comma or
# "for" only, but for the AP's form: "Thomson Reuters" is one name.
_AGENCIES = (
    r"(?:the\s+)?(?:associated\s+press|reuters|agence\s+france[-\s]presse|afp|ap|upi|dpa"
    r"|bloomberg(?:\s+news)?|canadian\s+press|press\s+association|xinhua(?:\s+news\s+agency)?"
    r"|kyodo(?:\s+news)?|cnn|bbc(?:\s+news)?|npr|usa\s+today)"
)
_AGENCY_SUFFIX = re.compile(
    rf"(?:\s*,\s*|\s+for\s+){_AGENCIES}\s*\.?$|\s+(?:the\s+)?associated\s+press\s*\.?$",
    re.IGNORECASE,
)


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
# The segments after the headline in a <title> name the site and its sections:
# "Headline_新浪科技_新浪网", "Headline - 搜狐财经", "Headline | Example News".
TITLE_SEPARATOR = re.compile(r"\s*(?:[_|｜»]|\s[-–—]\s|--)\s*")


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
    value = _EMAIL.sub(" ", PREFIX.sub("", value))
    value = _before_job_title(_BEFORE_BY.sub("", value))
    glued = _GLUED_LABEL if CAMEL_CASE_NAMES in rules else _GLUED_END
    value = glued.split(_BYLINE_END.split(value, maxsplit=1)[0], maxsplit=1)[0]
    value = _AGENCY_SUFFIX.sub("", value)
    names: list[str] = []
    for part in _split_names(value):
        part = STAFF_CODE.sub("", part.strip())
        if _CREDENTIAL.match(part):
            continue
        if EMPTY_FIELD_LABELS in rules and _is_label(part):
            if names:  # a list's names end where the page's labels and buttons start
                break
            continue
        part = strip_edges(ROLE.sub("", part), " ,;:|/&-–—()[]【】（）\"'“”")
        if _is_sentence(part):  # a bio or a teaser in the author box, not a byline
            return []
        name = clean_author(part)
        if not name or name in names:
            continue
        if name.casefold() in site_names and not (
            PERSONAL_SITE_NAMES in rules and reads_as_person(name)
        ):
            continue
        if CJK_ONLY.match(name) and name.endswith(ORGANISATION_ENDINGS + FORUM_RANK_ENDINGS):
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
        if ROLE.search(segment):  # "Zackery Cuevas Writer, Hardware": the beat follows
            return ", ".join(segments[: index + 1])
    return value


def without_co_organisations(names: str) -> str:
    """A byline's names without the co-writers that name an organisation: the agency or
    outlet a story is shared with ("By Jo Li and The Associated Press", "... and Reuters
    Staff") is its source, not a writer."""
    first, *others = _NAME_SEPARATORS.split(names)
    if not others:
        return names
    people = [name for name in others if not any(names_organisation(word) for word in name.split())]
    return ", ".join([first, *people])


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
        names.update(TITLE_SEPARATOR.split(doc.title_text)[1:])
    for item in doc.json_ld:
        publisher = item.get("publisher")
        if isinstance(publisher, dict) and isinstance(publisher.get("name"), str):
            names.add(publisher["name"])
    if doc.url:
        host = doc.url.split("://", 1)[-1].split("/", 1)[0].removeprefix("www.")
        names.add(host)
        names.add(host.split(".")[0])
    return frozenset(" ".join(name.split()).casefold() for name in names if name)


def organisation_name(candidate: str, site_names: frozenset[str]) -> str | None:
    """The site's own name when a byline or author tag holds it ("By Swoogo", "Podium
    Staff"): the page names no person, and the site is what it credits."""
    value = _GLUED_END.split(
        _BYLINE_END.split(PREFIX.sub("", " ".join(html.unescape(candidate).split())), maxsplit=1)[
            0
        ],
        maxsplit=1,
    )[0].strip(" ,;:|-")
    core = ROLE.sub("", re.sub(r"\b(?:the|team)\b", "", value, flags=re.IGNORECASE))
    core = " ".join(core.split()).casefold()
    if core and core in site_names and clean_author(value):
        return value
    return None
