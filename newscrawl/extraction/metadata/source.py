"""Source: the agency or outlet a story comes from ("来源：新华社"), apart from its authors.

Chinese portals label it in the byline line; some pages also state it in a meta tag, and a
wire story in its dateline ("WASHINGTON (AP) —", "新华社北京5月3日电"). A source is an
organisation's name: 2-30 characters, no digits at the start, not a placeholder.
"""

from __future__ import annotations

import html
import re

from newscrawl.extraction.document import Document
from newscrawl.extraction.patterns import starting_with

META_KEYS = ("source", "article:source", "mediaid")
# How much of the page text (from the start of <body>) is searched for the label, in visible
# characters: the whitespace that indents a template's markup does not use it up (a portal's
# menus can put 14,000 raw characters before 800 visible ones; Document.visible_start).
SEARCH_CHARS = 6000
MIN_CHARS = 2
MAX_CHARS = 30
# Credits to no outlet: unknown, the web, this site, original, "reprinted (article)",
# "compiled (from the web)".
PLACEHOLDERS = frozenset(
    {
        "未知",
        "网络",
        "互联网",
        "本站",
        "本网",
        "原创",
        "本站原创",
        "原创稿",
        "转载",
        "转载文章",
        "综合",
        "网络整理",
        "null",
        "none",
        "unknown",
    }
)
# A meta tag that repeats the label: "来源：人民网-文化频道 原创稿".
_LABEL_PREFIX = re.compile(r"^(?:稿件|文章|本文)?来源\s*[:：]\s*")

# "来源：新华社", "来源: 人民网-人民日报", "稿件来源：央视新闻客户端", "来源于：东区办事处"; the
# name ends at a space, a bracket, a separator or the next label.
_LABELLED = starting_with(
    "[稿来]",
    # a picture's, a video's, a chart's or a quoted fact's source is no story's source
    r"(?<!图片)(?<!视频)(?<!资料)(?<!数据)(?:稿件)?来源于?\s*[:：]\s*"
    r"(?P<name>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9·\-]{1,29}?)"
    r"(?=\s|[|丨/（(【\[,，。;；]|作者|记者|编辑|责任|发布|时间|日期|浏览|阅读|字号|\d{4}|$"
    # digits straight after an ideograph start the next thing ("新华网57人参与11评论")
    r"|(?<=[\u4e00-\u9fff])\d)",
)

# Characters at the start of the article text a dateline stands in (after a lead-in such as
# a standfirst or a photo credit).
DATELINE_CHARS = 300
# A wire dateline: the place in capitals (up to three words, not the end of a longer run of
# capitals: "ENGLISH AS A SECOND LANGUAGE (ESL) - Register" is a menu), perhaps the day, the
# agency in brackets, a dash, and the story's first word.
_EN_DATELINE = re.compile(
    r"(?<![\w,])(?<![A-Z] )[A-Z]{2,}(?:[ .'-]{1,2}[A-Z]{2,}){0,2}"
    r"(?:,\s*[A-Z][a-z]{2,8}\.?(?:\s+\d{1,2})?)?"
    r"\s*\((?P<name>[A-Z][A-Za-z&.]*(?:\s[A-Z][A-Za-z&.]*){0,2})\)\s*(?:—|–|--?)\s+"
    r"(?=[A-Z0-9“\"‘'])"
)
# A Chinese wire dateline: the agency or outlet, the place, the day, "电" (wired).
_ZH_DATELINE = re.compile(
    r"(?<![\u4e00-\u9fff])(?P<name>(?!本)[\u4e00-\u9fff]{1,6}?[社网台])"
    r"[\u4e00-\u9fff]{0,8}?\s*\d{1,2}\s*月\s*\d{1,2}\s*日\s*电"
)


def extract_source(doc: Document, content: str | None = None) -> str | None:
    """The labelled source of the story, or the wire its dateline credits at the start of
    ``content`` (the extracted article text), or None."""
    for key in META_KEYS:
        value = clean_source(doc.meta.get(key, ""))
        if value:
            return value
    if "来源" in doc.body_text():  # every label holds it; most pages have none
        for match in _LABELLED.finditer(doc.visible_start(SEARCH_CHARS)):
            value = clean_source(match.group("name"))
            if value:
                return value
    return dateline_source(content[:DATELINE_CHARS]) if content else None


def dateline_source(text: str) -> str | None:
    """The wire or outlet a story's dateline credits: "WASHINGTON (AP) —", "LONDON, May 3
    (Reuters) -", "新华社北京5月3日电", "中新网上海5月3日电"; None without one. A page's own
    "本报讯" credits the page."""
    match = _ZH_DATELINE.search(text) or _EN_DATELINE.search(text)
    return clean_source(match.group("name")) if match else None


def clean_source(value: str) -> str | None:
    value = _LABEL_PREFIX.sub("", " ".join(html.unescape(value).split())).strip(" -|:：")
    # A Chinese outlet's name has no space; what follows one is a note ("原创稿").
    if "\u4e00" <= value[:1] <= "\u9fff":
        value = value.split(" ", 1)[0]
    if not MIN_CHARS <= len(value) <= MAX_CHARS or value.casefold() in PLACEHOLDERS:
        return None
    if value[0].isdigit() or "http" in value or "/" in value:
        return None
    return value
