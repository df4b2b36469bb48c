"""Bylines in the page text: the Chinese cues ("作者：", "本报记者", "（记者 胡晓蓉）"), the
English "By ..." forms, and the bracketed byline that closes an article's content."""

from __future__ import annotations

import re
from collections.abc import Iterator

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document, source_markers
from newscrawl.extraction.metadata.authors.cleaning import FURNITURE
from newscrawl.extraction.metadata.authors.names import clean_author, names_organisation
from newscrawl.extraction.metadata.authors.rules import (
    EARLIEST_CUE,
    EMPTY_FIELD_LABELS,
    VISIBLE_CUE_WINDOW,
)
from newscrawl.extraction.metadata.dates import MONTHS
from newscrawl.extraction.patterns import starting_with

# How much of the page text (from the start of <body>) the Chinese cue patterns search:
# bylines sit under the headline, a whole page also holds comment signatures.
CUE_SEARCH_CHARS = 6000
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
AUTHOR_CUES = _CUES[:-1]  # without the editor fallback
EDITOR_CUE = _CUES[-1]
# The labelled cue with its name ending where the ideographs end or a label starts (rule
# CUE_NAME_ENDS): "告诉记者：被称之为最缺乏..." and an interview's "记者：首先欢迎你来到" are
# running text after the interviewer's label, no byline.
ENDED_CUE = starting_with(
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
MORE_CUES = (
    re.compile(r"记者\s+(?P<name>[\u4e00-\u9fff·]{2,4}?" + _FURTHER_CJK_NAMES + ")" + _NEXT_LABEL),
    re.compile(r"作者(?P<name>[\u4e00-\u9fff·]{2,4})(?=\s*[|｜]|\s*$|\s+\S)"),
    re.compile(r"[\[【]\s*(?P<name>[\u4e00-\u9fff·]{2,4})\s*[\]】][\s\ue000-\uf8ff]*来源"),
)
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
# label ("Sort By: Product Ranking"). A role's label with a colon names the writer as
# "Author:" does ("Reporter: Jane Doe", "Contributors: Jo Li and Sam Roe").
_EN_BYLINE_LABEL = (
    r"(?:(?m:^)[Bb]y:|By|\bby|Author:?|Written by|(?:Reporter|Contributor|Writer)s?:)\s*"
)
_EN_FULL_NAME = rf"{_EN_NAME}(?:[^\S\n](?:{_PARTICLE}[^\S\n])?{_EN_NAME}){{1,3}}{_EN_NAME_END}"
_EN_BYLINE = re.compile(_EN_BYLINE_LABEL + rf"(?P<name>{_EN_FULL_NAME})")
# Rule CO_AUTHORS: the byline's other writers, "By Jo Li and Sam Roe", "By A, B and C",
# "By A & B". Names after a comma count only in a list an "and" or "&" closes: after a
# lone comma stand a job title or the outlet ("By Jo Li, Staff Writer").
_EN_CO_BYLINE = re.compile(
    _EN_BYLINE_LABEL + rf"(?P<name>{_EN_FULL_NAME}"
    rf"(?:(?:,[^\S\n]+{_EN_FULL_NAME})*,?[^\S\n]+(?:and|&)[^\S\n]+{_EN_FULL_NAME})?)"
)
# A newspaper's byline in capitals on a line of its own ("BY JANE DOE", "By JANE DOE AND
# JOHN ROE, Associated Press"): two to four words of capitals a name, several names joined
# by "and", "&" or commas; the line ends there or at a comma (the outlet or a role follows).
_CAPS_NAME = r"[A-Z][A-Z'’.-]*[A-Z](?:[^\S\n][A-Z][A-Z'’.-]*[A-Z]){1,3}"
_CAPS_BYLINE = re.compile(
    r"(?m:^)[^\S\n]*(?:BY|By|by):?[^\S\n]+"
    rf"(?P<name>{_CAPS_NAME}(?:(?:,[^\S\n]+|[^\S\n]+(?:AND|and|&)[^\S\n]+){_CAPS_NAME})*)"
    r"[^\S\n]*(?=,|(?m:$))"
)
# Its name's words are on one line ("Jack Shepherd\nHi! I'm Jack" is Jack Shepherd). A
# capitalised label may follow the previous element's text with no space ("2024Written by").
WRITTEN_BY = starting_with(
    "[wWpPaA]",
    r"(?:\b(?i:written|posted|authored|article)|(?<=[a-z0-9])(?:Written|Posted|Authored))"
    r"\s+(?i:by)\s*(?::\s*)?"
    rf"(?P<name>{_EN_NAME}(?: (?:{_PARTICLE} )?{_EN_NAME}){{1,3}})" + _EN_NAME_END,
)
EN_FULL_NAME = re.compile(rf"{_EN_NAME}(?: [A-Z]\.)?(?: (?:{_PARTICLE} )?{_EN_NAME}){{1,3}}")
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
    ENDED_CUE: ("作者", "记者", "文", "执笔", "原创"),
    MORE_CUES[0]: ("记者",),
    MORE_CUES[1]: ("作者",),
    MORE_CUES[2]: ("来源",),
    # case-sensitive; "Written by" holds "by"
    _EN_BYLINE: ("By", "by", "Author", "Reporter", "Contributor", "Writer"),
    _EN_CO_BYLINE: ("By", "by", "Author", "Reporter", "Contributor", "Writer"),
    # "by" in any case ((?i:by) folds nothing else into b or y).
    WRITTEN_BY: ("by", "By", "bY", "BY"),
}


def cue_search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, skipped when ``text`` lacks every word the cue needs."""
    words = _CUE_WORDS.get(pattern)
    if words is not None and not any(word in text for word in words):
        return None
    return pattern.search(text)


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
    it names ("Jo Li and Sam Roe"). Without one, a byline in capitals on a line of its own
    (:func:`caps_byline`)."""
    pattern = _EN_CO_BYLINE if co_authors else _EN_BYLINE
    return _mixed_case_byline(pattern, text, by_opens) or caps_byline(text)


def _mixed_case_byline(pattern: re.Pattern[str], text: str, by_opens: bool) -> re.Match[str] | None:
    """:func:`find_en_byline`'s ``pattern`` in ``text``, a lower-case "by" passed over
    unless ``by_opens`` allows it."""
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


def caps_byline(text: str) -> re.Match[str] | None:
    """The first byline in capitals on a line of its own (:data:`_CAPS_BYLINE`) whose
    names hold no word of an organisation ("BY THE NUMBERS" is a heading)."""
    for match in _CAPS_BYLINE.finditer(text):
        if not any(names_organisation(word) for word in match.group("name").split()):
            return match
    return None


def cue_candidates(
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


def closing_byline(content: str) -> str | None:
    """The byline that ends ``content``: bracketed ("（记者 胡晓蓉）") or cued ("执笔人：..."),
    for long articles whose start holds none. Editor cues do not count here."""
    lines = [line for line in content[-CLOSING_SEARCH_CHARS:].split("\n") if line.strip()]
    found = bracketed_byline(list(reversed(lines[-CLOSING_BYLINE_LINES:])))
    if found:
        return found
    tail = " ".join(content[-CLOSING_SEARCH_CHARS:].split())
    for pattern in AUTHOR_CUES:
        match = cue_search(pattern, tail)
        if match:
            return clean_author(match.group("name"))
    return None


def bracketed_byline(lines: list[str]) -> str | None:
    for line in lines:
        match = _CLOSING_BYLINE.search(line)
        if match and _is_person_byline(match.group("name")):
            return clean_author(match.group("name"))
    return None


def _is_person_byline(names: str) -> bool:
    return names not in NOT_BYLINES and not any(
        name.endswith(SOURCE_ENDINGS) for name in names.replace("、", " ").split()
    )


def content_end(text: str, content: str) -> tuple[int, int] | None:
    """Where the content's last line ends in the page ``text``: the start and end of its last
    characters there (their last occurrence), or None when they are too few or not found."""
    last = content.rstrip().rsplit("\n", 1)[-1].strip()[-CONTENT_END_CHARS:]
    end = text.rfind(last) if len(last) >= MIN_CONTENT_END_CHARS else -1
    return (end, end + len(last)) if end >= 0 else None


def lines_after(text: str, content: str) -> list[str]:
    """The first lines of the page text after the content's last line: a bracketed byline
    alone on a short line is what content extraction drops as boilerplate."""
    found = content_end(text, content)
    if found is None:
        return []
    rest = text[found[1] : found[1] + CLOSING_SEARCH_CHARS]
    return [line.strip() for line in rest.split("\n") if line.strip()][:AFTER_CONTENT_LINES]


# Lines at the start of the extracted text where the name that opens it is looked for
# (rule NAME_OPENING_CONTENT).
OPENING_LINES = 2
_OPENING_NAME = re.compile(r"^[\u4e00-\u9fff·]{2,4}(?:[、，,]\s*[\u4e00-\u9fff·]{2,4})*$")


def name_opening(content: str) -> str | None:
    """Chinese name(s) alone on one of the extracted text's first lines (not page furniture
    such as "正文", "打印")."""
    lines = [line.strip() for line in content.split("\n") if line.strip()][:OPENING_LINES]
    for line in lines:
        if _OPENING_NAME.match(line) and not line.startswith(tuple(FURNITURE)):
            return line
    return None
