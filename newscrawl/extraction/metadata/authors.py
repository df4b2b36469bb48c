"""Author: JSON-LD, meta tags, author markup (itemprop/rel/class), then Chinese byline cues.

Every candidate is cleaned ("By ", "作者：" dropped) and validated (:func:`clean_author`):
no URLs or e-mail addresses, not all digits, not a placeholder such as "admin", 2-60
characters. The first valid candidate wins.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

from lxml import etree

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.native import walks

META_KEYS = ("author", "article:author", "byl", "dc.creator", "dcterms.creator",
             "sailthru.author", "parsely-author", "twitter:creator")
# Author names are short; longer strings are sentences that happen to sit in a byline box.
MIN_CHARS = 2
MAX_CHARS = 60
# How much of the page text (from the start of <body>) the Chinese cue patterns search:
# bylines sit under the headline, a whole page also holds comment signatures.
CUE_SEARCH_CHARS = 6000
# Names carry no digits; handles a few at most (a byline may end in a date, so only
# single tokens are judged).
MAX_NAME_DIGITS = 3
PLACEHOLDERS = frozenset({"name", "author", "admin", "administrator", "editor", "test",
                          "unknown", "anonymous", "staff", "null", "none", "作者", "编辑",
                          "佚名", "未知", "匿名"})
# Words that follow "记者" in running text and so are never the start of a name.
NOT_NAME_STARTS = ("采访", "了解", "调查", "获悉", "发现", "看到", "注意", "走访", "近日", "日前",
                   "昨天", "今天", "昨日", "今日", "手记", "观察", "来到", "实地", "随机", "一行")

_AUTHOR_CLASSES = frozenset({"author", "byline", "author-name", "author_name", "authorname"})
# What _is_author_markup needs in an attribute, as substrings (bytes for the C filter).
_AUTHOR_ATTRIBUTE_PARTS = ((b"class", b"author"), (b"class", b"byline"), (b"itemprop", b"author"),
                           (b"rel", b"author"))
_PREFIX = re.compile(r"^\s*(?:by|von|par|作者|记者|文|撰文|编辑|责任编辑|责编)\s*[:：丨|/]?\s*",
                     re.IGNORECASE)
_URLISH = re.compile(r"https?:|www\.|@|\.(?:com|cn|net|org)\b", re.IGNORECASE)
# Chinese bylines: a cue word, a separator, then one or more names of 2-4 ideographs (or a
# Latin handle). Author cues come before editor cues: an editor is a fallback, not a writer.
_CJK_NAME = r"[\u4e00-\u9fff·]{2,5}"
# A Latin handle must not run on into markup ("作者： size=\"20\"" on a broken page).
# A list of names stops at the next label ("执笔人：甲 乙 编辑：丙" is 甲 乙).
_LABEL = r"(?:编辑|责编|来源|记者|摄影|通讯员|实习生|校对|审核|发布)"
_NAMES = (rf"(?P<name>{_CJK_NAME}(?:[ 、，,](?!{_LABEL}){_CJK_NAME})*"
          rf"|[A-Za-z][\w.\-]{{1,20}}(?![\w=\"]))")
# Where a reporter's name runs straight into the next words ("本报记者罗科苏盈发自北京").
_NAME_END = r"(?=发自|报道|摄|电|/|\s|[，,。、)）\]】]|$)"
_CUES = (
    re.compile(r"(?:作者|记者|撰文|执笔人?|文|原创)\s*[:：丨|/]\s*" + _NAMES),
    # "记者" without a separator only after a masthead ("本报记者", "新华社记者", "频道 记者"),
    # since in running text it is a plain noun ("记者采访时称", "小记者训练营").
    # ... or opening a bracket: "（记者 胡晓蓉）", "(记者 格桑边觉)".
    re.compile(r"(?:报|社|网|台|频道|^|\s|[（(【\[])记者\s*(?P<name>[\u4e00-\u9fff·]{2,5}?)"
               + _NAME_END),
    # Forum and blog posts: "ggjjzhzz 发表于 2005-9-15", "本贴由大卫于2005年8月12日...发表".
    re.compile(r"(?:^|\s)" + _NAMES + r"\s*发表于\s*\d{4}"),
    re.compile(r"由(?P<name>[\u4e00-\u9fff·]{2,5}|[A-Za-z][\w.\-]{1,20})于\s*\d{4}\s*年"),
    re.compile(r"(?:责任编辑|责编|编辑)\s*[:：丨|/]\s*" + _NAMES),
)
_AUTHOR_CUES = _CUES[:-1]  # without the editor fallback


# Chinese news often closes with the byline in brackets: "（袁源）", "（常书香 马丹阳 ）",
# "（姚峰 上海报道）", "（记者 胡晓蓉）". Names are lazy so a trailing "上海报道" is not one.
_CLOSING_BYLINE = re.compile(
    r"[（(]\s*(?:本报)?(?:记者|通讯员)?\s*"
    r"(?P<name>[\u4e00-\u9fff·]{2,4}(?:[ 、][\u4e00-\u9fff·]{2,4})*?)"
    r"\s*(?:[\u4e00-\u9fff]{2,3}报道)?\s*[）)]\s*$")
# Bracketed words that close articles but are no bylines.
NOT_BYLINES = frozenset({"全文完", "未完待续", "待续", "未完", "续完", "试行", "图片", "资料图",
                         "下转", "上接", "图文", "摘编", "综合", "编译", "转载", "原创"})
# ... nor are sources: "（新华社）", "（人民日报）", "（央视新闻）", "（市教育局）".
SOURCE_ENDINGS = ("社", "报", "网", "台", "新闻", "中心", "客户端", "频道", "部", "局", "委",
                  "厅", "办", "院", "所")
# Lines, and characters, at the end of the content where a closing byline is looked for.
CLOSING_BYLINE_LINES = 2
CLOSING_SEARCH_CHARS = 300


def extract_author(doc: Document, content: str | None = None) -> str | None:
    """The article's author(s) as one string, or None. ``content``, the extracted article
    text, adds its closing bracketed byline as the last resort."""
    for candidate in _candidates(doc):
        cleaned = clean_author(candidate)
        if cleaned:
            return cleaned
    return closing_byline(content) if content else None


def closing_byline(content: str) -> str | None:
    """The byline that ends ``content``: bracketed ("（记者 胡晓蓉）") or cued ("执笔人：..."),
    for long articles whose start holds none. Editor cues do not count here."""
    lines = [line for line in content[-CLOSING_SEARCH_CHARS:].split("\n") if line.strip()]
    for line in reversed(lines[-CLOSING_BYLINE_LINES:]):
        match = _CLOSING_BYLINE.search(line)
        if match and _is_person_byline(match.group("name")):
            return clean_author(match.group("name"))
    tail = " ".join(content[-CLOSING_SEARCH_CHARS:].split())
    for pattern in _AUTHOR_CUES:
        match = pattern.search(tail)
        if match:
            return clean_author(match.group("name"))
    return None


def _candidates(doc: Document) -> Iterator[str]:
    for item in doc.json_ld:
        name = _json_ld_name(item.get("author"))
        if name:
            yield name
    for key in META_KEYS:
        if doc.meta.get(key):
            yield doc.meta[key]
    if "author" in doc.html or "byline" in doc.html:
        for el in _author_markup_candidates(doc.root):
            if not _is_author_markup(el):
                continue
            named = el.find(".//*[@itemprop='name']")
            source = named if named is not None else el
            yield source.get("content") or " ".join(dom.text_content(source).split())
    text = " ".join(doc.body_text()[:CUE_SEARCH_CHARS].split())
    for pattern in _CUES:
        match = pattern.search(text)
        if match:
            yield match.group("name")


def _is_person_byline(names: str) -> bool:
    return names not in NOT_BYLINES and not any(
        name.endswith(SOURCE_ENDINGS) for name in names.replace("、", " ").split())


def _author_markup_candidates(root: etree._Element) -> Iterable[etree._Element]:
    """Elements that may be author markup: found in C when the extension is built (a
    superset of :func:`_is_author_markup`'s matches), else every element (a Python loop over
    all elements beat an XPath predicate on each 3x)."""
    if walks is None:
        return root.iter()
    return walks.elements_with(root=root, attribute_substrings=_AUTHOR_ATTRIBUTE_PARTS)


def _is_author_markup(el: etree._Element) -> bool:
    cls = el.get("class")
    if cls and ("author" in cls or "byline" in cls) and not _AUTHOR_CLASSES.isdisjoint(
            cls.lower().split()):
        return True
    return bool(el.get("itemprop") == "author" or (el.tag == "a" and el.get("rel") == "author"))


def _json_ld_name(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if value.get("@type") == "Organization":  # a publisher, not a writer
            return None
        name = value.get("name")
        return name if isinstance(name, str) else None
    if isinstance(value, list):
        names = [n for n in (_json_ld_name(v) for v in value[:10]) if n]
        return ", ".join(dict.fromkeys(names)) or None
    return None


def clean_author(value: str) -> str | None:
    """The name in ``value`` without byline prefixes, or None if it is not a plausible name."""
    value = " ".join(html.unescape(value).split())  # JSON-LD and meta often hold "&amp;"
    value = _PREFIX.sub("", value).strip(" ,;:|/-–—()[]【】（）")
    if not MIN_CHARS <= len(value) <= MAX_CHARS:
        return None
    if _URLISH.search(value) or value.replace(" ", "").isdigit():
        return None
    if " " not in value and sum(c.isdigit() for c in value) >= MAX_NAME_DIGITS:
        return None  # one token with digits is an id ("L_104485"), not a name
    if value.lower() in PLACEHOLDERS or value.startswith(NOT_NAME_STARTS):
        return None
    return value
