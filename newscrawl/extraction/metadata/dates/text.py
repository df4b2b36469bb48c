"""The ``text`` stage: the date the page text states near the headline (a labelled line, a
date line above the headline, the first full date after it, a month-day or relative time),
outside every run of dated posts (:mod:`.threads`)."""

from __future__ import annotations

import re
from datetime import datetime

from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates.forms import (
    PATTERNS,
    YEAR_LAST,
    finditer,
    from_match,
    full_date_at,
    plausible,
)
from newscrawl.extraction.metadata.dates.partial import month_day, relative, year_month
from newscrawl.extraction.metadata.dates.rules import (
    DATE_ABOVE_HEADLINE,
    DEFAULT_DATE_RULES,
    LABEL_OWN_LINES,
    LABELS_PAST_WINDOW,
    YEAR_LAST_DATES,
    YEAR_MONTH_DATES,
)
from newscrawl.extraction.metadata.dates.threads import FoundDate, thread_at
from newscrawl.extraction.patterns import starting_with

# How far after the headline (characters of page text) a date is looked for; bylines sit
# right under the title. Before the headline sit "today is ..." header dates, so the window
# starts at the headline when it is found.
TEXT_WINDOW_CHARS = 3000
# Without a headline in the text, this much of the page's start is searched.
TEXT_HEAD_CHARS = 8000


# A date that follows these words is when the page was last changed, not published:
# "Updated on Dec. 9, 2025", "Last updated: Sep 4, 2025", "更新时间：2024-05-03".
_UPDATED_BEFORE = re.compile(
    r"(?:(?<![a-z])(?:updated|modified|edited|revised)(?:\s+on)?|更新(?:时间|日期|于)?|修改(?:时间|日期|于)?)"
    r"\s*[:：]?\s*$",
    re.IGNORECASE,
)
# How far before a date its "Updated" word may sit (the word and a colon, spaced out).
UPDATED_REACH_CHARS = 24
# A line's length in visible characters, not tuned. A date line directly above the headline
# ("Dec 12, 2025 · 4 min read", a kicker date) is the page's own; further up sit "today is
# ..." header dates.
LINE_CHARS = 100
# A header's date of the day names the weekday or says "today" right beside it.
_TODAY_WORDS = re.compile(
    r"今天|今日|星期|礼拜|周[一二三四五六日天]|\btoday\b|"
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\b",
    re.IGNORECASE,
)
TODAY_REACH_CHARS = 12


# Labelled lines state the publish time outright wherever they sit ("发布时间：2024-05-03",
# "来源：新华网 2024-05-03", "Published: May 3, 2024"); "更新"/"Updated" lines are modified times.
_LABEL = starting_with(
    "[发日时来pP]",
    r"(?:发布时间|发表时间|发布日期|发表日期|发稿时间|发表于|日期|时间|来源|"
    r"\bpublished(?: on)?|\bposted(?: on)?)\s*[:：]?\s*",
    re.IGNORECASE,
)
LABEL_REACH_CHARS = 60
# After the text window only the labels that open a line and say who posted or when
# ("发表于", "Published", "Posted", "本贴由 NAME 于"): a 日期/时间/来源 label there is as likely
# a related story's, and a label inside a sentence ("was originally published on") quotes.
_PAST_LABEL = re.compile(
    r"(?:^|(?<=\n))[ \t]*"
    r"(?:发布时间|发表时间|发布日期|发表日期|发表于|本[贴帖文]由[^\n，。]{1,20}?于|"
    r"\bpublished(?: on)?|\bposted(?: on)?)\s*[:：]?\s*",
    re.IGNORECASE,
)
# With LABEL_OWN_LINES a label's date stands on the label's line or the next one with text
# ("发布时间：\n2024-05-03"); further down it is a related story's ("来源：新闻晨报\n编辑：山石\n
# 相关报道：\n·…（2005-04-03）"). A convention of page layout, not tuned.
LABEL_LINES = 2


def text_date(
    doc: Document, fetched_at: datetime | None = None, rules: frozenset[str] = DEFAULT_DATE_RULES
) -> str | None:
    """A date the page text states: a labelled line, else the first full date after the
    headline, else a month-day or relative time near it, else a month ("1998年3月号"); never
    one inside another post (:func:`text_dates`)."""
    return text_dates(doc, fetched_at, rules).found


def text_dates(
    doc: Document, fetched_at: datetime | None = None, rules: frozenset[str] = DEFAULT_DATE_RULES
) -> FoundDate:
    """:func:`text_date`, with the thread it passed over. A date after the headline that
    stands in a run of dated posts after the article's prose is another post's: the search
    is then made again in the text before it (a short article with no date of its own, then
    its comments, states no publish date)."""
    text = doc.body_text()
    start = headline_offset(doc, text)
    window_end = end = start + TEXT_WINDOW_CHARS if start >= 0 else TEXT_HEAD_CHARS
    thread: tuple[Element, ...] = ()
    while True:
        found = _text_date_before(doc, text, start, end, fetched_at, rules)
        if found is None and LABELS_PAST_WINDOW in rules and len(text) > window_end:
            found = _label_past(doc, text, window_end, fetched_at, rules)
        if found is None or found[0] is None or found[0] <= start:
            return FoundDate(found[1] if found else None, thread)
        inside = thread_at(doc, found[0])
        if not inside:
            return FoundDate(found[1], thread)
        thread, end = inside, found[0]
        window_end = min(window_end, end)


def _label_past(
    doc: Document, text: str, window_end: int, fetched_at: datetime | None, rules: frozenset[str]
) -> tuple[int | None, str] | None:
    """A labelled date after the text window, outside every run of dated posts: a long
    article's "posted by NAME on DATE" line stands after it ("本贴由大卫于2005年8月12日...
    发表", a blog's footer); the first such label that no other post holds."""
    patterns = _date_patterns(rules)
    for label in _PAST_LABEL.finditer(text, window_end):
        labelled = _labelled_date(text, label.end(), fetched_at, patterns, rules)
        if labelled is not None and not thread_at(doc, labelled[0]):
            return labelled
    return None


def _date_patterns(rules: frozenset[str]) -> tuple[re.Pattern[str], ...]:
    """The full-date patterns the text stage reads under ``rules``."""
    return (*PATTERNS, YEAR_LAST) if YEAR_LAST_DATES in rules else PATTERNS


def _labelled_date(
    text: str,
    label_end: int,
    fetched_at: datetime | None,
    patterns: tuple[re.Pattern[str], ...],
    rules: frozenset[str],
) -> tuple[int, str] | None:
    """The full date a label ending at ``label_end`` gives within its reach (with
    LABEL_OWN_LINES, on its own line or the next), and its offset in ``text``."""
    reach = text[label_end : label_end + LABEL_REACH_CHARS]
    if LABEL_OWN_LINES in rules:
        reach = _first_lines(reach, LABEL_LINES)
    labelled = full_date_at(reach, fetched_at, patterns)
    return (label_end + labelled[0], labelled[1]) if labelled else None


def _text_date_before(
    doc: Document,
    text: str,
    start: int,
    end: int,
    fetched_at: datetime | None,
    rules: frozenset[str],
) -> tuple[int | None, str] | None:
    """The text stage's date in ``text[:end]`` (``start``: the headline's offset, -1 when it
    is not found) and its offset (None for a month found anywhere)."""
    head = text[:end]
    window = head[max(start, 0) :]
    patterns = _date_patterns(rules)
    for label in _LABEL.finditer(head):
        labelled = _labelled_date(head, label.end(), fetched_at, patterns, rules)
        if labelled and "\n" not in head[label.end() : labelled[0]]:
            return labelled  # on the label's own line: "来源：新华网 2024-05-03"
        # A stamp line that opens with the date and names the source after it ("2024-05-03
        # 10:00 来源：新华网"): the date before the label, not one of a later line's.
        line_start = head.rfind("\n", 0, label.start()) + 1
        preceding = full_date_at(head[line_start : label.start()], fetched_at, patterns)
        if preceding:
            return line_start + preceding[0], preceding[1]
        if labelled:
            return labelled
    if start > 0 and DATE_ABOVE_HEADLINE in rules:
        above = _date_above(text, start, fetched_at, patterns)
        if above:
            return start - 1, above
    found = (
        full_date_at(window, fetched_at, patterns)
        or month_day(window, doc.url, fetched_at)
        or relative(window, fetched_at)
    )
    if found:
        return max(start, 0) + found[0], found[1]
    if YEAR_MONTH_DATES not in rules:
        return None
    month = year_month(text, fetched_at)
    return (None, month) if month else None


def _first_lines(text: str, count: int) -> str:
    """``text`` up to the end of its ``count``-th line that holds more than white space."""
    position = 0
    for line in text.splitlines(keepends=True):
        position += len(line)
        if line.strip():
            count -= 1
            if count == 0:
                break
    return text[:position]


def _updated_before(text: str, offset: int) -> bool:
    """Whether "Updated"/"更新" words end right before ``offset``."""
    return bool(_UPDATED_BEFORE.search(text[max(offset - UPDATED_REACH_CHARS, 0) : offset]))


def _line_dates(
    line: str, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...]
) -> list[tuple[int, bool, str]]:
    """Every plausible full date of ``line``: its offset, whether "Updated" words precede
    it, and its ISO form, in order."""
    found = []
    for pattern in patterns:
        for match in finditer(pattern, line):
            normalized = from_match(match)
            if normalized and plausible(normalized, fetched_at):
                found.append((match.start(), _updated_before(line, match.start()), normalized))
    return sorted(found)


def _today_line(line: str, offset: int) -> bool:
    """Whether the date at ``offset`` is a header's "today is ..." date: a weekday or
    "今天是" around it ("今天是2026年1月1日 星期四", "Monday, March 2, 2026")."""
    around = line[max(offset - TODAY_REACH_CHARS, 0) : offset + TODAY_REACH_CHARS + 12]
    return bool(_TODAY_WORDS.search(around))


def _visible_end(text: str, chars: int) -> str:
    """The last ``chars`` visible characters of ``text``, whitespace runs as one space:
    templates indent with runs of whitespace."""
    return " ".join(text[-10 * chars :].split())[-chars:]


def _date_above(
    text: str, start: int, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...]
) -> str | None:
    """The last full date in the line's worth of text above the headline; in a line that
    gives both, the published date beats the "Updated" one."""
    line = _visible_end(text[:start], LINE_CHARS)
    found = [
        date for date in _line_dates(line, fetched_at, patterns) if not _today_line(line, date[0])
    ]
    published = [iso for _, updated, iso in found if not updated]
    return published[-1] if published else (found[-1][2] if found else None)


def headline_offset(doc: Document, text: str) -> int:
    for heading in doc.root.iter("h1"):
        headline = " ".join(dom.text_content(heading).split())
        if len(headline) >= 4:
            found = text.find(headline[:30])
            if found >= 0:
                return found
    title = doc.title_text
    if len(title) >= 8:
        return text.find(title[:12])
    return -1
