"""A person's name: whether one candidate string is a plausible name (:func:`clean_author`),
and whether it reads as a person's rather than an organisation's (:func:`reads_as_person`)."""

from __future__ import annotations

import html
import re

# Author names are short; longer strings are sentences that happen to sit in a byline box.
MIN_CHARS = 2
MAX_CHARS = 60
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
# Latin prefixes are whole words: "Parisa", "Byron", "Vonnegut" keep their first letters.
PREFIX = re.compile(
    r"^\s*(?:(?:(?:written|authored|posted|story|words|text|reporting|article)\s+by|by|authors?|"
    r"von|par)(?-i:(?![a-z]))|作者|本报记者|记者|文(?=\s*[:：丨|/]|\s)|由(?=\s)|撰文|编辑|责任编辑|责编)"
    r"\s*[:：丨|/]?\s*",
    re.IGNORECASE,
)
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


def clean_author(value: str) -> str | None:
    """The name in ``value`` without byline prefixes, or None if it is not a plausible name."""
    value = " ".join(html.unescape(value).split())  # JSON-LD and meta often hold "&amp;"
    value = PREFIX.sub("", value)
    if "(" in value and ")" not in value.split("(", 1)[1]:  # "Lance Ryan (Content": a cut role
        value = value.split("(", 1)[0]
    # A forum's "by NAME » DATE" leaves its separator when the date goes.
    value = strip_edges(value, " ,;:|/-–—()[]【】（）»«›‹•")
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


def strip_edges(value: str, edges: str) -> str:
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


def names_organisation(word: str) -> bool:
    """Whether a name's word is one of :data:`ORGANISATION_WORDS` ("Staff", "Press", "News")."""
    return word.casefold().strip(".") in ORGANISATION_WORDS


def reads_as_person(name: str) -> bool:
    """A first and a last name, capitalised, perhaps an initial between them, none a word
    that names an organisation: "Cory Dransfeldt", "Jeff T. Kaufman", not "Swoogo", "The
    Commercial Appeal", "One Tree Planted" or "Brett Larkin Yoga"."""
    words = name.split()
    if not (len(words) == 2 or (len(words) == 3 and _INITIAL.match(words[1]))):
        return False
    return all(_PERSON_WORD.match(word) and not names_organisation(word) for word in words)
