"""The lines before an article's prose that are a byline's: a date alone, an author with a
role and a date, a reading time, a view count, a Chinese byline (dropped only before the text's
first long line)."""

from __future__ import annotations

import re

from newscrawl.extraction.posts import MONTH_WORD

# The label a date line or a byline's date may open with, and the numeric dates both read.
_DATE_LABEL = r"(?:(?:last\s+)?(?:updated|published|posted|date)(?:\s+on)?\s*(?::\s*)?)?"
_NUMERIC_DATE = r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}"
# A line that is only a date, with an optional "Updated"/"Published" label and time of day.
DATE_LINE = re.compile(
    r"^\s*"
    + _DATE_LABEL
    + r"(?:"
    + MONTH_WORD
    + r"\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+"
    + MONTH_WORD
    + r"\s+\d{4}|"
    + _NUMERIC_DATE
    + r")"
    r"(?:,?\s*(?:at\s+)?\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?(?:\s*[a-z]{2,4})?)?\s*\|?\s*$",
    re.IGNORECASE,
)
# A byline line before the article's prose: "By Rick Steves", "By Chris McNamara ⋅ Founder and
# Editor-in-Chief ⋅ Updated May 6, 2025", "Updated Dec 18, 2025 · 12 min read", "Bridgestone
# Team | 5 min read", "Reading Time: 8 minutes", "1,693 views": the byline's parts (an
# author, a date, the reading time, a view count), joined by the separators bylines use.
_BYLINE_SEP = r"\s*[|·•⋅/–—]\s*"
# A byline's date also takes an ordinal day ("November 4th, 2025") and a comma after the month.
_BYLINE_DATE = (
    _DATE_LABEL
    + r"(?:"
    + MONTH_WORD
    + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\s+"
    + MONTH_WORD
    + r",?\s+\d{4}|"
    + _NUMERIC_DATE
    + r")"
)
_BYLINE_READ = (
    r"(?:reading\s+time\s*(?::\s*)?)?\d{1,3}\s*-?\s*min(?:ute)?s?\.?(?:\s+(?:read|to\s+read))?"
)
_BYLINE_VIEWS = r"[\d,.]+\s*[km]?\s+views?"
_BYLINE_NAME = r"[^\W\d_][\w.'’-]*(?:\s+[^\W\d_][\w.'’-]*){0,4}"
_BYLINE_BY = r"(?:(?:written|posted|reviewed|edited|words)\s+)?by\s+" + _BYLINE_NAME
_BYLINE_PART = f"(?:{_BYLINE_DATE}|{_BYLINE_READ}|{_BYLINE_VIEWS})"
BYLINE_LINE = re.compile(
    # An author first, then any short parts (a role, a date); or only dates, reading times
    # and view counts, the name left out.
    rf"^\s*(?:{_BYLINE_BY}(?:{_BYLINE_SEP}[^|·•⋅]{{1,40}}?){{0,3}}"
    rf"|(?:{_BYLINE_NAME}{_BYLINE_SEP})?{_BYLINE_PART}(?:{_BYLINE_SEP}{_BYLINE_PART}){{0,3}})"
    r"\s*[.|]?\s*$",
    re.IGNORECASE,
)
# Byline lines are short.
MAX_BYLINE_LINE = 100
# A Chinese byline before the article's prose: "【文/观察者网专栏作者 王文】", "执笔/叨叨姐",
# "原创： 路闻卓立编译", "作者：张三", "记者 李四 通讯员 王五", "摄影：产品经理".
ZH_BYLINE_LINE = re.compile(
    r"^\s*[【\[（(]?\s*(?:文|作者|执笔|撰文|记者|通讯员|摄影|编译|整理|原创)\s*[/／:：|｜]"
    r"|^\s*记者\s*\S{2,4}\s+通讯员\s*\S{2,4}"
)
MAX_ZH_BYLINE_LINE = 40
