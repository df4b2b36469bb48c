"""Publish and modified time of a page, from stages tried in :data:`STAGE_ORDER`.

Stages: ``structured`` (meta tags, JSON-LD, ``<time>``, itemprop, microformat classes, epoch
data attributes), ``url`` (a date in the path), ``text`` (labelled lines such as "发布时间：",
then dates after the headline, Chinese month-day forms with the year from the URL or the
fetch time, "昨天"/"3小时前"/"Yesterday at 5:03 PM" relative to the fetch time) and
``htmldate`` (the htmldate library, as a fallback). The order was chosen by
site-grouped cross-validation (benchmarks/metadata_cv.py, docs/benchmarks/metadata.md).

Every value goes through :func:`normalize_date`, which returns ISO 8601 (``2025-09-04``,
``2025-09-04T10:30`` or ``2025-09-04T10:30:00``) with a UTC offset only when the page states
one, and rejects impossible dates (month 13, 31 February, a year before the web). A date
after the fetch time (plus a day of time zones) is rejected too: it is a page's clock, an
event date or an id, never when the page was published.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from itertools import accumulate
from typing import Any

from htmldate import find_date
from lxml import etree
from lxml.etree import _Element as Element

from newscrawl.extraction import dom
from newscrawl.extraction.document import TEXT_PIECES, Document, source_markers
from newscrawl.extraction.native import walks
from newscrawl.extraction.patterns import starting_with
from newscrawl.extraction.posts import run_of
from newscrawl.extraction.tail import DEFAULT_OPTIONS as TAIL_OPTIONS
from newscrawl.extraction.tail import prose_before
from newscrawl.extraction.text import is_mostly_cjk

# Meta keys (lower-cased name/property/itemprop) that carry a publish time, best first
# (docs/algorithms.md A.11; GNE's PUBLISH_TIME_META list as exact keys).
META_KEYS = (
    "article:published_time",
    "article:publish_time",
    "og:published_time",
    "og:release_date",
    "og:pubdate",
    "datepublished",
    "rnews:datepublished",
    "originalpublicationdate",
    "article_date_original",
    "og:time",
    "apub:time",
    "publication_date",
    "sailthru.date",
    "publishdate",
    "publish_date",
    "pubdate",
    "pubtime",
    "_pubtime",
    "weibo:article:create_at",
    "dc.date.issued",
    "dc.date",
    "dcterms.date",
    "dcterms.created",
    "parsely-pub-date",
    "date_published",
    "published_at",
    "publish-date",
    "published-date",
    "shareaholic:article_published_time",
    "cxenseparse:recs:publishtime",
    "bt:pubdate",
    "datecreated",
    # Other widely used conventions: Parse.ly's / Sailthru's siblings, Highwire-style
    # citation tags (Google Scholar), PRISM, Dublin Core's other spellings.
    "article.published",
    "article:published",
    "published_time",
    "published",
    "citation_publication_date",
    "citation_online_date",
    "citation_date",
    "prism.publicationdate",
    "dc.date.created",
    "dc.created",
    "dcterms.issued",
    "date",
)
JSON_LD_KEYS = ("datePublished", "dateCreated")
# Modified times are kept apart: a page updated today was not published today.
MODIFIED_META_KEYS = (
    "article:modified_time",
    "og:updated_time",
    "datemodified",
    "dc.date.modified",
    "dcterms.modified",
    "last-modified",
    "lastmod",
    "article.updated",
    "article:updated_time",
)
MODIFIED_JSON_LD_KEYS = ("dateModified",)
DATE_ONLY_CHARS = len("2025-09-04")
_HAS_OFFSET = re.compile(r"[+-]\d{2}:\d{2}$")
# A publish date may run ahead of the fetch time by time zones, never by more.
MAX_AHEAD = timedelta(days=1)
# Years outside this range are page furniture (copyright lines, ids), not publish dates.
MIN_YEAR = 1990
# How far after the headline (characters of page text) a date is looked for; bylines sit
# right under the title. Before the headline sit "today is ..." header dates, so the window
# starts at the headline when it is found.
TEXT_WINDOW_CHARS = 3000
# Without a headline in the text, this much of the page's start is searched.
TEXT_HEAD_CHARS = 8000

# English month names and abbreviations, lower-cased, and their numbers.
MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_MONTH_NAME = r"(?P<mon>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_CLOCK = (
    r"(?P<h>\d{1,2})[:时](?P<mi>\d{2})(?:[:分](?P<s>\d{2})(?:\.\d+)?)?秒?"
    r"\s*(?P<ampm>[ap]\.?m\.?)?"
)
# Zone abbreviations whose offset is unambiguous (not "CST": US Central or China; not
# "IST"); "ET"/"PT" name no offset without the season.
ZONE_OFFSETS = {
    "UTC": "+00:00",
    "GMT": "+00:00",
    "Z": "+00:00",
    "EST": "-05:00",
    "EDT": "-04:00",
    "CDT": "-05:00",
    "MST": "-07:00",
    "MDT": "-06:00",
    "PST": "-08:00",
    "PDT": "-07:00",
    "BST": "+01:00",
    "CET": "+01:00",
    "CEST": "+02:00",
    "EET": "+02:00",
    "EEST": "+03:00",
    "JST": "+09:00",
    "KST": "+09:00",
    "HKT": "+08:00",
    "SGT": "+08:00",
    "AEST": "+10:00",
    "AEDT": "+11:00",
}
_TZ = (
    r"\s*(?P<tz>(?:(?:UTC|GMT)\s?[+-]\d{1,2}(?::?\d{2})?|[+-]\d{2}:?\d{2}|(?-i:Z)|"
    + "|".join(sorted((z for z in ZONE_OFFSETS if z != "Z"), key=len, reverse=True))
    + r")(?-i:(?![a-z])))?"
)
# Numeric dates: 2025-09-04, 2025/9/4, 2025.09.04, 2025年9月4日, each with an optional time.
_NUMERIC = re.compile(
    r"(?<!\d)(?P<y>(?:19|20)\d{2})\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})"
    r"(?!\d)\s*日?(?:[T\s]*" + _CLOCK + ")?" + _TZ,
    re.IGNORECASE,
)
_ENGLISH_CLOCK = r"(?:,?\s*(?:at\s+)?" + _CLOCK + ")?" + _TZ
# English month names: "September 4, 2025", "Sep. 4 2025". Element texts run together in
# the page text ("Mental HealthDECEMBER 22, 2022"), so a lower-case letter before an
# upper-case month is a word boundary too.
_MONTH_FIRST = re.compile(
    r"(?-i:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))"
    + _MONTH_NAME
    + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d{2})(?!\d)"
    + _ENGLISH_CLOCK,
    re.IGNORECASE,
)
# "4 September 2025", "4th of September, 2025".
_DAY_FIRST = re.compile(
    r"(?<!\d)(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+"
    + _MONTH_NAME
    + r",?\s+(?P<y>(?:19|20)\d{2})(?!\d)"
    + _ENGLISH_CLOCK,
    re.IGNORECASE,
)
# Dotted dates with the year last, "04.03.2024": the dot is the day-first convention (German,
# French, Russian...); only a second part above 12 shows a month-first writer.
_DOTTED = re.compile(
    r"(?<![\d.])(?P<dd>\d{1,2})\.(?P<dm>\d{1,2})\.(?P<y>(?:19|20)\d{2})(?![\d.])" + _ENGLISH_CLOCK,
    re.IGNORECASE,
)
# Every _MONTH_FIRST match starts with a month name, and every month name with one of these
# abbreviations (same case rules); a _DAY_FIRST match holds a month name too. Python's re
# scans a pattern that opens with a lookbehind and a 23-way case-blind alternation at every
# place; this one finds the places 3x faster.
_MONTH_START = re.compile(r"j(?:an|u[nl])|feb|ma[ry]|a(?:pr|ug)|sep|oct|nov|dec", re.IGNORECASE)
# The clock first, then the day: "3:45 PM EDT, Fri May 3, 2024", "10:32 AM ET, May 3, 2024".
# The clock and its zone are one atomic group: their optional parts each end in "\s*", and
# retried against the spaces that follow, a long run of spaces cost seconds.
_CLOCK_FIRST = re.compile(
    r"(?<![\d:])(?>"
    + _CLOCK
    + _TZ
    + r"),?\s*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
    + _MONTH_NAME
    + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d{2})(?!\d)",
    re.IGNORECASE,
)
_PATTERNS = (_NUMERIC, _MONTH_FIRST, _DAY_FIRST, _DOTTED, _CLOCK_FIRST)
# The patterns that need an English month name in the text.
_ENGLISH_MONTH_PATTERNS = (_MONTH_FIRST, _DAY_FIRST, _CLOCK_FIRST)
# Year-last slash dates: "9/17/2004 5:54:13 AM" (month first) and "17/9/2004" (day first).
# Only a part above 12 tells which is the day; "7/5/2005" is refused, not guessed.
_YEAR_LAST = re.compile(
    r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>(?:19|20)\d{2})(?![\d/])" + _ENGLISH_CLOCK,
    re.IGNORECASE,
)
# A month with no day: magazine issues and reports ("《北京之春》1998年3月号", "2003年5月").
_YEAR_MONTH = re.compile(r"(?<!\d)(?P<y>(?:19|20)\d{2})\s*年\s*(?P<m>1[0-2]|0?[1-9])\s*月(?!\s*\d)")
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
# Optional date rules, measured one by one under site-grouped cross-validation
# (benchmarks/metadata_cv.py); text_date applies the text ones named in its ``rules`` and
# publish_time the others. DEFAULT_DATE_RULES holds those that raised the cross-validated
# figure (docs/benchmarks/metadata.md).
YEAR_LAST_DATES = "year_last_dates"
YEAR_MONTH_DATES = "year_month_dates"
DATE_ABOVE_HEADLINE = "date_above_headline"
URL_LOCAL_DAY = "url_local_day"
LABEL_OWN_LINES = "label_own_lines"
LABELS_PAST_WINDOW = "labels_past_window"
# A structured "published" date on the modified date's day is the CMS's last save, not the
# publication, when the text near the headline shows another day: that day is taken.
STRUCTURED_AS_MODIFIED = "structured_as_modified"
DATE_RULES = frozenset(
    {
        STRUCTURED_AS_MODIFIED,
        LABELS_PAST_WINDOW,
        YEAR_LAST_DATES,
        YEAR_MONTH_DATES,
        DATE_ABOVE_HEADLINE,
        URL_LOCAL_DAY,
        LABEL_OWN_LINES,
    }
)
# Chosen by every fold of wcxb_dev (no change on cwced_zh and gne_zh); the year rules fixed
# one cwced_zh site each and never raised the cross-validated figure. STRUCTURED_AS_MODIFIED:
# in every fold's choice, wcxb_dev and pooled (docs/benchmarks/metadata.md).
DEFAULT_DATE_RULES: frozenset[str] = frozenset(
    {DATE_ABOVE_HEADLINE, URL_LOCAL_DAY, STRUCTURED_AS_MODIFIED}
)
_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")
# Compact machine dates in meta values: "20240304", "202403041015", "20240304101500".
_COMPACT = re.compile(
    r"^(?P<y>(?:19|20)\d{2})(?P<m>\d{2})(?P<d>\d{2})(?:(?P<h>\d{2})(?P<mi>\d{2})(?P<s>\d{2})?)?$"
)


@dataclass(frozen=True, slots=True)
class PageDates:
    """ISO 8601 publish and last-modified time; None when the page gives no valid one.
    ``before_since``: how many of the two were passed over as older than the site."""

    published: str | None = None
    modified: str | None = None
    before_since: int = 0


def extract_publish_time(
    doc: Document,
    fetched_at: datetime | None = None,
    since: date | None = None,
    modified: Callable[[], str | None] | None = None,
) -> str | None:
    """The page's publish time as ISO 8601, or None when no stage gives a plausible date
    (with ``since``, the site's first day, none before it either). ``modified``: the page's
    :func:`modified_time`, when the caller has it."""
    return publish_time(doc, fetched_at, STAGE_ORDER, DEFAULT_DATE_RULES, since, modified)


def extract_dates(
    doc: Document, fetched_at: datetime | None = None, since: date | None = None
) -> PageDates:
    """Publish time (as :func:`extract_publish_time`) and the modified time, apart; neither
    before ``since`` (the day the site began: such a date is not the page's), and how many
    were passed over for it (a ``since`` set too late shows in the crawl's report)."""
    refused = 0
    stated = modified_time(doc, fetched_at)  # read once: the publish date's rules ask too
    # Without ``since`` first: only an answer before it needs the stages asked again (the
    # first answer not before it is the same either way).
    published = extract_publish_time(doc, fetched_at, modified=lambda: stated)
    if published and before(published, since):
        refused += 1
        published = extract_publish_time(doc, fetched_at, since, lambda: stated)
    modified = stated
    if modified and before(modified, since):
        refused += 1
        modified = None
    return PageDates(published, modified, refused)


def publish_time(
    doc: Document,
    fetched_at: datetime | None,
    order: tuple[str, ...],
    rules: frozenset[str] = DEFAULT_DATE_RULES,
    since: date | None = None,
    modified: Callable[[], str | None] | None = None,
) -> str | None:
    """The first plausible date the stages named in ``order`` give (the text stage with
    ``rules``), as :func:`choose_date` picks it. ``modified``: the page's
    :func:`modified_time`, when the caller has it (else read when a rule needs it)."""
    passed_over: list[Element] = []

    def answer(name: str) -> str | None:
        if name == "structured":
            found = structured_dates(doc, fetched_at)
            if STRUCTURED_AS_MODIFIED in rules and found.found:
                stated = modified() if modified else modified_time(doc, fetched_at)
                shown = _shown_instead(doc, found.found, stated, fetched_at, rules)
                if shown is not None:
                    found = shown
        elif name == "text":
            found = text_dates(doc, fetched_at, rules)
        else:
            return STAGES[name](doc, fetched_at)
        passed_over.extend(found.thread)
        return found.found

    return choose_date(
        order, answer, fetched_at, rules, lambda: thread_days(passed_over), since=since
    )


def _shown_instead(
    doc: Document,
    structured: str,
    modified: str | None,
    fetched_at: datetime | None,
    rules: frozenset[str],
) -> FoundDate | None:
    """The text stage's date when it replaces the structured ``structured`` date
    (:func:`shown_replaces`); None otherwise. The text is read only on the modified day."""
    if not modified or modified[:DATE_ONLY_CHARS] != structured[:DATE_ONLY_CHARS]:
        return None
    shown = text_dates(doc, fetched_at, rules)
    return shown if shown_replaces(structured, modified, shown.found, fetched_at) else None


def shown_replaces(
    structured: str, modified: str | None, shown: str | None, fetched_at: datetime | None
) -> bool:
    """:data:`STRUCTURED_AS_MODIFIED`: whether the date the text shows near the headline
    replaces the structured one, which falls on the ``modified`` day while ``shown`` is
    another plausible day."""
    day = structured[:DATE_ONLY_CHARS]
    return bool(
        modified
        and modified[:DATE_ONLY_CHARS] == day
        and shown
        and plausible(shown, fetched_at)
        and shown[:DATE_ONLY_CHARS] != day
    )


def choose_date(
    order: tuple[str, ...],
    answer: Callable[[str], str | None],
    fetched_at: datetime | None,
    rules: frozenset[str],
    thread_days: Callable[[], frozenset[str]],
    since: date | None = None,
) -> str | None:
    """The first plausible ``answer`` of the stages in ``order``, not before ``since`` (the
    site's first day: an older date on its page is a copyright year's, a cited event's, a
    reprinted text's), when given. A later stage's date on a day the posts the structured
    and text stages passed over are stamped with (``thread_days``, asked only after the text
    stage ran) is those posts': htmldate reads comments' dates too, the visible ones and the
    ``<time datetime>`` ones."""
    text_ran = False
    for name in order:
        found = answer(name)
        if found and plausible(found, fetched_at) and not before(found, since):
            if text_ran and found[:DATE_ONLY_CHARS] in thread_days():
                continue
            if name == "structured" and URL_LOCAL_DAY in rules:
                return local_day(found, answer("url"))
            return found
        text_ran = text_ran or name == "text"
    return None


def before(iso: str, since: date | None) -> bool:
    """Whether the date ``iso`` begins is earlier than ``since`` (never, without one). A
    month ("1998-03") or a year counts from its last day: it may hold ``since``."""
    if since is None:
        return False
    day = iso[:DATE_ONLY_CHARS]
    if len(day) < DATE_ONLY_CHARS:  # "1998-03" or "1998": the period's end decides
        return day < since.isoformat()[: len(day)]
    return day < since.isoformat()


def local_day(published: str, url_day: str | None) -> str:
    """The URL's day when ``published`` is a UTC time on the day after it: the site wrote
    its own calendar day into the URL, the CMS converted the evening's clock time to UTC."""
    if url_day is None or not published.endswith("+00:00") or len(published) <= DATE_ONLY_CHARS:
        return published
    day_after = date.fromisoformat(url_day[:DATE_ONLY_CHARS]) + timedelta(days=1)
    return url_day if published[:DATE_ONLY_CHARS] == day_after.isoformat() else published


def plausible(iso: str, fetched_at: datetime | None) -> bool:
    """Not after the fetch time (plus a day) and not before :data:`MIN_YEAR`; a month
    ("1998-03") counts from its first day."""
    try:
        day = date.fromisoformat(iso[:10] if len(iso) > len("1998-03") else f"{iso[:7]}-01")
    except ValueError:
        return False
    latest = (fetched_at or datetime.now(UTC)) + MAX_AHEAD
    return day.year >= MIN_YEAR and day <= latest.date()


def structured_date(doc: Document, fetched_at: datetime | None = None) -> str | None:
    """Meta tags, JSON-LD ``datePublished``, ``<time datetime>`` and itemprop markup."""
    return structured_dates(doc, fetched_at).found


def structured_dates(doc: Document, fetched_at: datetime | None = None) -> FoundDate:
    """:func:`structured_date`, with the posts whose ``<time>`` it passed over (as far as it
    read: it stops at the first plausible value)."""
    passed_over: list[Element] = []
    for value in _candidates(doc, passed_over):
        normalized = normalize_date(value)
        if normalized and plausible(normalized, fetched_at):
            return FoundDate(normalized, tuple(passed_over))
    return FoundDate(None, tuple(passed_over))


# Attributes of date markup that hold a machine-readable value.
DATE_ATTRIBUTES = ("datetime", "data-published", "data-timestamp", "content")
# Attributes some templates put a publish time (often a Unix epoch) on, read on elements whose
# class or id names a date, so a comment's or a widget's clock is not taken.
DATA_DATE_ATTRIBUTES = (
    "data-timestamp",
    "data-published",
    "data-publish",
    "data-publish-time",
    "data-publish-date",
    "data-pubdate",
)
_DATE_CLASS = re.compile(r"date|time|publish|posted|byline|meta", re.IGNORECASE)
# "data-timestamp=" ... anywhere in the source (Document.holds, one pass for every marker):
# the XPath walk costs more than this test.
_DATA_DATE_MARKERS = source_markers(*(f"{a}=" for a in DATA_DATE_ATTRIBUTES))


def _json_ld_items(doc: Document) -> list[dict[str, Any]]:
    """The page's JSON-LD objects, each followed by the article its ``mainEntity`` holds (a
    WebPage whose ``mainEntity`` is the Article). A QAPage's Question is not the page's
    publication: its dates are the question's and its answers'."""
    items: list[dict[str, Any]] = []
    for item in doc.json_ld:
        items.append(item)
        items += [found for found in main_entities(item) if _is_article(found)]
    return items


def main_entities(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects of a JSON-LD item's ``mainEntity`` (one or a list)."""
    entity = item.get("mainEntity")
    entities = entity if isinstance(entity, list) else [entity]
    return [found for found in entities if isinstance(found, dict)]


def json_ld_types(item: dict[str, Any]) -> list[str]:
    """The names a JSON-LD item's ``@type`` gives (one or a list)."""
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return [k for k in kinds if isinstance(k, str)]


def _is_article(item: dict[str, Any]) -> bool:
    return any(k.endswith(("Article", "BlogPosting")) for k in json_ld_types(item))


source_markers("datePublished")


def _candidates(doc: Document, passed_over: list[Element]) -> Iterator[str]:
    """Publish-time values, best source first; lazily, since most pages answer from a meta
    tag and the later sources walk the tree. The posts whose bare ``<time>`` is skipped as
    another post's go to ``passed_over``."""
    yield from (doc.meta[key] for key in META_KEYS if doc.meta.get(key))
    for item in _json_ld_items(doc):
        yield from (v for key in JSON_LD_KEYS if isinstance(v := item.get(key), str))
    times: list[etree._Element] = list(doc.root.iter("time"))
    # HTML's <time pubdate> says the element is the publish time, so it comes first, and
    # its text is read when it has no machine value ("<time pubdate>March 4, 2024</time>"),
    # as is microdata's datePublished's. A bare <time>'s text may be anywhere (lists of
    # other posts): the text stage reads it when it stands by the headline.
    marked = [el for el in times if el.get("pubdate") is not None] + times
    if doc.holds("datePublished"):  # substring first: most pages have no such markup
        marked += [el for el in doc.root.iter() if el.get("itemprop") == "datePublished"]
    threads = ThreadMemo()
    skipped_runs: set[Element] = set()  # each run by its first post
    for el in marked:
        declared = el.get("pubdate") is not None or el.get("itemprop") == "datePublished"
        if not declared and (thread := thread_of(el, doc.url, threads)):
            if thread[0] not in skipped_runs:
                skipped_runs.add(thread[0])
                passed_over.extend(thread)
            continue  # a comment's or another post's time
        found = [v for attr in DATE_ATTRIBUTES if (v := el.get(attr))]
        if not found and declared:
            found = [" ".join(dom.text_content(el).split())[:LABEL_REACH_CHARS]]
        yield from found
    if any(map(doc.holds, _PUBLISHED_CLASS_WORDS)) and _PUBLISHED_CLASS_IN_HTML.search(doc.html):
        yield from _published_class_dates(doc)
    if any(map(doc.holds, _DATA_DATE_MARKERS)):
        yield from _data_attribute_dates(doc)
    if doc.broken_json_ld and not any("datePublished" in i for i in doc.json_ld):
        yield from _broken_json_ld_dates(doc.broken_json_ld)


_JSON_DATE_PUBLISHED = re.compile(r'"datePublished"\s*:\s*"([^"]{6,40})"')


def _broken_json_ld_dates(blocks: list[str]) -> list[str]:
    """``datePublished`` values of the JSON-LD blocks that are not JSON: the site still means
    them, and search engines read them. Blocks that parse were read as JSON-LD already."""
    return [found.group(1) for text in blocks for found in _JSON_DATE_PUBLISHED.finditer(text)]


# Microformats name the publish time by class: hAtom's "published", h-entry's "dt-published";
# themes spell it "post-date", "publish-date", "date-published".
_PUBLISHED_CLASS = re.compile(
    r"(?<![\w-])(?:dt-published|published|post-date|publish(?:ed)?-date|date-published)(?![\w-])"
)
# The pattern runs only on a source holding one of the words (the XPath walk costs more).
_PUBLISHED_CLASS_WORDS = source_markers("published", "post-date", "publish-date")
_PUBLISHED_CLASS_IN_HTML = re.compile(r'class="[^"]*(?:published|post-date|publish-date)')
# lxml's XPath finds the few candidates in C; the pattern then checks whole class names.
_PUBLISHED_CLASS_XPATH = etree.XPath(
    '//*[contains(@class, "published") or contains(@class, "post-date") '
    'or contains(@class, "publish-date")]'
)


def _published_class_dates(doc: Document) -> list[str]:
    values = []
    for el in _PUBLISHED_CLASS_XPATH(doc.root):
        if el.tag == "time":  # read above
            continue
        if _PUBLISHED_CLASS.search(el.get("class", "")):
            found = [v for attr in ("datetime", "title", "content") if (v := el.get(attr))]
            values += found or [" ".join(dom.text_content(el).split())[:LABEL_REACH_CHARS]]
    return values


def _data_attribute_dates(doc: Document) -> list[str]:
    values = []
    for el in doc.root.iter():
        if not isinstance(el.tag, str):
            continue
        found = [v for attr in DATA_DATE_ATTRIBUTES if (v := el.get(attr))]
        if found and _DATE_CLASS.search(f"{el.get('class', '')} {el.get('id', '')}"):
            values += found
    return values


def modified_time(doc: Document, fetched_at: datetime | None = None) -> str | None:
    """The last-modified time the page's meta tags or JSON-LD state, else the date an
    "Updated"/"更新时间" label gives near the headline."""
    values = [doc.meta[key] for key in MODIFIED_META_KEYS if doc.meta.get(key)]
    for item in _json_ld_items(doc):
        values += [v for key in MODIFIED_JSON_LD_KEYS if isinstance(v := item.get(key), str)]
    for value in values:
        normalized = normalize_date(value)
        if normalized and plausible(normalized, fetched_at):
            return normalized
    return _updated_in_text(doc, fetched_at)


# "Updated on Dec. 9, 2025", "Last updated: Sep 4, 2025", "更新时间：2024-05-03".
_UPDATED_LABEL = re.compile(
    r"(?<![a-z])(?:updated|modified)(?:\s+on)?\s*[:：]?\s*|更新(?:时间|日期|于)\s*[:：]?\s*",
    re.IGNORECASE,
)


# The words every _UPDATED_LABEL match contains, under the same case rules.
_UPDATED_WORD = starting_with("[uUmM更]", r"updated|modified|更新", re.IGNORECASE)


def _updated_in_text(doc: Document, fetched_at: datetime | None) -> str | None:
    text = doc.body_text()
    start = _headline_offset(doc, text)
    # From a line above the headline (where "Last updated:" often stands) to the byline.
    begin = max(start - LINE_CHARS, 0) if start >= 0 else 0
    window = text[begin : begin + TEXT_WINDOW_CHARS]
    if not _UPDATED_WORD.search(window):  # most pages: a plain scan, no lookbehind per place
        return None
    for label in _UPDATED_LABEL.finditer(window):
        found = _full_date(window[label.end() : label.end() + LABEL_REACH_CHARS], fetched_at)
        if found:
            return found
    return None


# A date in a URL path: /2025/09/04/, /20250904/, /2024/0503/, /2025-09-04-slug.
_URL_DATE = re.compile(
    r"(?<![\d])((?:19|20)\d{2})[/_-]?(0[1-9]|1[0-2])[/_-]?"
    r"(0[1-9]|[12]\d|3[01])(?!\d)"
)
_URL_YEAR = re.compile(r"/((?:19|20)\d{2})(?:[/_-]|(?:0[1-9]|1[0-2])(?:[/_-]|\d{2}))")


def url_date(doc: Document, fetched_at: datetime | None = None) -> str | None:
    """The date in the page URL's path (hosts and query strings hold ids, not dates)."""
    path = _url_path(doc.url)
    match = _URL_DATE.search(path) if path else None
    if match is None:
        return None
    return _valid(
        int(match.group(1)), int(match.group(2)), int(match.group(3)), None, None, None, None
    )


def _url_path(url: str | None) -> str:
    if not url:
        return ""
    rest = url.split("://", 1)[-1]
    slash = rest.find("/")
    return rest[slash:].split("?", 1)[0].split("#", 1)[0] if slash >= 0 else ""


def url_year(url: str | None) -> int | None:
    """The year a URL path names (/2024/..., /202405/...), the year of a month-day date."""
    match = _URL_YEAR.search(_url_path(url))
    return int(match.group(1)) if match else None


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
# "05-03 14:20" and "5月3日 14:20": the year comes from the URL or the fetch time. The dash
# form needs the clock, without it "05-03" is as likely a score or a range.
_MONTH_DAY = re.compile(
    r"(?<![\d\-/.年])(?:(?P<m>\d{1,2})月(?P<d>\d{1,2})日\s*(?:" + _CLOCK + r")?"
    r"|(?P<m2>\d{1,2})-(?P<d2>\d{1,2})\s+(?P<h2>\d{1,2}):(?P<mi2>\d{2}))(?![\d\-/])"
)
# Relative times, only meaningful against the fetch time.
# English "today"/"yesterday" name a publish day only with a clock time or after "Posted"/
# "Published": in running text ("Yesterday, the minister said") they do not.
_RELATIVE = re.compile(
    r"(?P<n>\d{1,2})\s*(?P<unit>分钟|小时|天|周)前|(?P<day>昨天|前天|今天)\s*(?:(?P<h>\d{1,2}):(?P<mi>\d{2}))?"
    r"|(?P<en>\d{1,2}|(?<![A-Za-z])(?:an?|one))\s+(?P<enunit>minute|min|hour|hr|day|week)s?\s+ago"
    r"|(?P<now>刚刚|just now)"
    r"|(?:(?P<enday>yesterday|today),?\s*(?:at\s+)?"
    r"(?P<enh>\d{1,2}):(?P<enmi>\d{2})\s*(?P<enampm>[ap]\.?m\.?)?"
    r"|(?:posted|published)\s+(?:on\s+)?(?P<labelday>yesterday|today)(?-i:(?![a-z])))",
    re.IGNORECASE,
)
_RELATIVE_UNITS = {
    "分钟": timedelta(minutes=1),
    "小时": timedelta(hours=1),
    "天": timedelta(days=1),
    "周": timedelta(weeks=1),
    "minute": timedelta(minutes=1),
    "min": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "hr": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
}
_DAYS_BACK = {"今天": 0, "昨天": 1, "前天": 2, "today": 0, "yesterday": 1}


def text_date(
    doc: Document, fetched_at: datetime | None = None, rules: frozenset[str] = DEFAULT_DATE_RULES
) -> str | None:
    """A date the page text states: a labelled line, else the first full date after the
    headline, else a month-day or relative time near it, else a month ("1998年3月号"); never
    one inside another post (:func:`text_dates`)."""
    return text_dates(doc, fetched_at, rules).found


@dataclass(frozen=True, slots=True)
class FoundDate:
    """A stage's answer, and the posts it passed over: the runs of dated posts after the
    article (a comment thread, other posts' teasers) whose dates it did not take."""

    found: str | None
    thread: tuple[Element, ...] = ()


def text_dates(
    doc: Document, fetched_at: datetime | None = None, rules: frozenset[str] = DEFAULT_DATE_RULES
) -> FoundDate:
    """:func:`text_date`, with the thread it passed over. A date after the headline that
    stands in a run of dated posts after the article's prose is another post's: the search
    is then made again in the text before it (a short article with no date of its own, then
    its comments, states no publish date)."""
    text = doc.body_text()
    start = _headline_offset(doc, text)
    window_end = end = start + TEXT_WINDOW_CHARS if start >= 0 else TEXT_HEAD_CHARS
    thread: tuple[Element, ...] = ()
    while True:
        found = _text_date_before(doc, text, start, end, fetched_at, rules)
        if found is None and LABELS_PAST_WINDOW in rules and len(text) > window_end:
            found = _label_past(doc, text, window_end, fetched_at, rules)
        if found is None or found[0] is None or found[0] <= start:
            return FoundDate(found[1] if found else None, thread)
        inside = _thread_at(doc, found[0])
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
        if labelled is not None and not _thread_at(doc, labelled[0]):
            return labelled
    return None


def _date_patterns(rules: frozenset[str]) -> tuple[re.Pattern[str], ...]:
    """The full-date patterns the text stage reads under ``rules``."""
    return (*_PATTERNS, _YEAR_LAST) if YEAR_LAST_DATES in rules else _PATTERNS


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
    labelled = _full_date_at(reach, fetched_at, patterns)
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
        if labelled:
            return labelled
    if start > 0 and DATE_ABOVE_HEADLINE in rules:
        above = _date_above(text, start, fetched_at, patterns)
        if above:
            return start - 1, above
    found = (
        _full_date_at(window, fetched_at, patterns)
        or _month_day(window, doc.url, fetched_at)
        or _relative(window, fetched_at)
    )
    if found:
        return max(start, 0) + found[0], found[1]
    if YEAR_MONTH_DATES not in rules:
        return None
    month = _year_month(text, fetched_at)
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


def _thread_at(doc: Document, offset: int) -> tuple[Element, ...]:
    """The run of dated posts after the article's prose that the body text's character at
    ``offset`` stands in; () when it stands in none."""
    el = _element_at(doc, offset)
    if el is None or not prose_before(el, TAIL_OPTIONS.long_paragraph):
        # No article prose before it: no run holding it follows an article (a run's first
        # post stands no later than ``el``), so the costly search for its run is spared.
        return ()
    return tuple(thread_of(el, doc.url))


# The n-th text node under an element (1-based), as a string that knows its element.
_NTH_TEXT_NODE = etree.XPath("(descendant::text())[$n]")


def _element_at(doc: Document, offset: int) -> Element | None:
    """The element whose own text holds the body text's character at ``offset``: in one C
    walk when the extension is built (:func:`element_at_in_python` is the reference)."""
    body = doc.body
    if body is None:
        return None
    if walks is not None:
        return walks.element_at_offset(root=body, offset=offset)
    return element_at_in_python(body, offset)


def element_at_in_python(body: Element, offset: int) -> Element | None:
    """:func:`_element_at` under ``body``: the text nodes are counted as plain strings, and
    only the one found is fetched with its element."""
    ends = list(accumulate(map(len, TEXT_PIECES(body))))  # in C: no Python step per node
    index = bisect_right(ends, offset)
    if index == len(ends):
        return None
    node = _NTH_TEXT_NODE(body, n=index + 1)[0]
    parent: Element = node.getparent()
    return parent.getparent() if node.is_tail else parent


@dataclass(slots=True)
class ThreadMemo:
    """What :func:`thread_of` worked out on one page, kept for its next call there: each
    parent's dated runs and the prose before each run (a thread of 300 stamped comments asks
    300 times about the same run)."""

    runs: dict[Element, list[Element]] = field(default_factory=dict)
    prose: dict[Element, int] = field(default_factory=dict)


def thread_of(
    el: Element, page_url: str | None = None, memo: ThreadMemo | None = None
) -> list[Element]:
    """The run of dated posts (:func:`newscrawl.extraction.posts.run_of`, with the tail
    stage's settings) that ``el`` stands in, when it follows an article: a comment thread or
    a list of other posts, whose dates are theirs, not the page's; [] otherwise. Following an
    article is having more of its paragraphs' text before the run than ``el``'s post holds:
    a forum thread's first post, or a page-wide block that holds the article itself, is the
    page's own. So is a list's entry that links to ``page_url`` (a recent-posts list that
    names this very post)."""
    repeats = TAIL_OPTIONS.dated_posts
    if repeats is None:
        return []
    runs = memo.runs if memo is not None else None
    post, run = run_of(el, repeats, TAIL_OPTIONS.dated_posts_linked, runs)
    if not run or (page_url and _links_to(post, page_url)):
        return []
    prose = memo.prose.get(run[0]) if memo is not None else None
    if prose is None:
        prose = prose_before(run[0], TAIL_OPTIONS.long_paragraph)
        if memo is not None:
            memo.prose[run[0]] = prose
    return run if prose > len(dom.text_content(post).strip()) else []


def _links_to(el: Element, page_url: str) -> bool:
    """Whether a link inside ``el`` leads to ``page_url`` (query, fragment and a trailing
    slash aside)."""
    page = _link_key(page_url)
    for link in el.iter("a"):
        target = dom.resolve_url(link.get("href") or "", page_url)
        if target and _link_key(target) == page:
            return True
    return False


def _link_key(url: str) -> str:
    """``url`` without scheme, "www.", query, fragment and trailing slash."""
    address = url.split("#", 1)[0].split("?", 1)[0].split("://", 1)[-1]
    return address.removeprefix("www.").rstrip("/")


def thread_days(thread: Sequence[Element]) -> frozenset[str]:
    """The days the posts of ``thread`` are stamped with: each post's ``<time>`` values and
    the first full date of its text."""
    days: set[str] = set()
    for post in thread:
        values = [value for time in post.iter("time") if (value := time.get("datetime"))]
        stated = _full_date(" ".join(dom.text_content(post).split()), None)
        for value in (*values, stated):
            normalized = normalize_date(value) if value else None
            if normalized:
                days.add(normalized[:DATE_ONLY_CHARS])
    return frozenset(days)


def _year_month(window: str, fetched_at: datetime | None) -> str | None:
    """The first year-month the text names, as ISO 8601 "1998-03" (no day is invented)."""
    for match in _YEAR_MONTH.finditer(window):
        found = f"{match.group('y')}-{int(match.group('m')):02d}"
        if int(match.group("y")) >= MIN_YEAR and plausible(found, fetched_at):
            return found
    return None


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
        for match in _finditer(pattern, line):
            normalized = _from_match(match)
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


def _full_date(
    window: str, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...] = _PATTERNS
) -> str | None:
    found = _full_date_at(window, fetched_at, patterns)
    return found[1] if found else None


def _full_date_at(
    window: str, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...] = _PATTERNS
) -> tuple[int, str] | None:
    """The first plausible full date of ``window`` and its offset."""
    best: tuple[int, str] | None = None
    has_month: bool | None = None  # a month abbreviation anywhere (found once, when asked)
    for pattern in patterns:
        if pattern in _ENGLISH_MONTH_PATTERNS:
            if has_month is None:
                has_month = _MONTH_START.search(window) is not None
            if not has_month:
                continue  # most Chinese text: neither English form can match
        for match in _finditer(pattern, window):
            if best is not None and match.start() >= best[0]:
                break
            normalized = _from_match(match)
            if normalized and plausible(normalized, fetched_at):
                best = (match.start(), normalized)
                break
    return best


def _finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``; for _MONTH_FIRST, tried only where a month may start, for
    _CLOCK_FIRST only where a clock does."""
    if pattern is _CLOCK_FIRST:
        # Tried only where a clock's colon stands between digits: a regex scan for the clock
        # alone costs more than the few matches tried.
        colon = text.find(":")
        while colon >= 0:
            if colon and text[colon - 1].isdigit() and text[colon + 1 : colon + 3].isdigit():
                clock = colon - 2 if colon > 1 and text[colon - 2].isdigit() else colon - 1
                found = _CLOCK_FIRST.match(text, clock)
                if found is not None:
                    yield found
            colon = text.find(":", colon + 1)
        return
    if pattern is not _MONTH_FIRST:
        yield from pattern.finditer(text)
        return
    position = 0
    while (start := _MONTH_START.search(text, position)) is not None:
        # match() at an offset still sees the text before it, so the lookbehind holds.
        match = _MONTH_FIRST.match(text, start.start())
        if match is None:
            position = start.start() + 1  # another month may start inside this one
        else:
            yield match
            position = match.end()


def _month_day(window: str, url: str | None, fetched_at: datetime | None) -> tuple[int, str] | None:
    """The first month-day of ``window`` (the year from the URL or the fetch time) and its
    offset."""
    year = url_year(url) or (fetched_at.year if fetched_at else None)
    if year is None:
        return None
    for match in _MONTH_DAY.finditer(window):
        groups = match.groupdict()
        month, day = int(groups["m"] or groups["m2"]), int(groups["d"] or groups["d2"])
        hour, minute = groups["h"] or groups["h2"], groups["mi"] or groups["mi2"]
        time_of_day = (int(hour) if hour else None, int(minute) if minute else None, None, None)
        found = _valid(year, month, day, *time_of_day)
        if found and plausible(found, fetched_at):
            return match.start(), found
        if found and fetched_at and not url_year(url):  # "12-30" fetched on 2 January
            found = _valid(year - 1, month, day, *time_of_day)
            if found:
                return match.start(), found
    return None


def _relative(window: str, fetched_at: datetime | None) -> tuple[int, str] | None:
    """The first relative time of ``window`` ("3小时前", "Yesterday at 5:03 PM") as a time
    counted back from ``fetched_at``, and its offset."""
    if fetched_at is None:
        return None
    match = _RELATIVE.search(window)
    if match is None:
        return None
    found = _relative_moment(match, fetched_at)
    return (match.start(), found) if found else None


def _relative_moment(match: re.Match[str], fetched_at: datetime) -> str | None:
    groups = match.groupdict()
    if groups["now"]:
        return fetched_at.isoformat(timespec="minutes")
    if groups["labelday"]:
        days_back = _DAYS_BACK[groups["labelday"].casefold()]
        return (fetched_at - timedelta(days=days_back)).date().isoformat()
    if groups["enday"]:
        groups["day"], groups["h"], groups["mi"] = (
            groups["enday"].casefold(),
            groups["enh"],
            groups["enmi"],
        )
        if groups["enampm"] and int(groups["enh"]) <= 12:
            is_pm = groups["enampm"].lower().startswith("p")
            groups["h"] = str(int(groups["enh"]) % 12 + (12 if is_pm else 0))
    if groups["day"]:
        moment = fetched_at - timedelta(days=_DAYS_BACK[groups["day"]])
        if groups["h"]:
            hour, minute = int(groups["h"]), int(groups["mi"])
            if hour > 23 or minute > 59:
                return None
            # The clock time is the site's local time, whose zone the page does not state:
            # no offset (the crawl adds the site's).
            moment = moment.replace(hour=hour, minute=minute, second=0, microsecond=0)
            return moment.replace(tzinfo=None).isoformat(timespec="minutes")
        return moment.date().isoformat()
    if groups["n"]:
        count, unit = groups["n"], groups["unit"]
    else:
        count, unit = groups["en"], groups["enunit"].casefold()
    number = int(count) if count.isdigit() else 1  # "an hour ago", "one day ago"
    moment = fetched_at - number * _RELATIVE_UNITS[unit]
    return moment.isoformat(timespec="minutes")


# htmldate's answer when all it found is a year (a copyright line, "© 2020", or a year alone):
# 1 January of it. That is no publish day, and storing it would put the article on a day it
# was not published (docs/benchmarks/metadata.md: none of its nine such answers on the dev
# sets was right).
YEAR_ONLY_DAY = "-01-01"


# Characters of the body's text that tell a page without a <title> Chinese or not.
LANGUAGE_SAMPLE_CHARS = 1000


def reads_as_chinese(doc: Document) -> bool:
    """Whether the page's ``<title>`` (its body's first visible characters when it has none)
    is mostly Chinese."""
    return is_mostly_cjk(doc.title_text or doc.visible_start(LANGUAGE_SAMPLE_CHARS))


# htmldate's extensive search, a scan of the whole markup for any date-like string when
# nothing else in the page gave a date, is off. On the dev sets it stores as many wrong days
# as it adds right ones (wcxb_dev 3 and 3; on Chinese pages none right and one wrong), and it
# costs about 4 % of auto's CPU (half of the htmldate stage), a margin the 3x-trafilatura
# speed target of issues 16 and 17 ("with the date and author work included") does not
# leave on every machine (benchmarks/htmldate_search_cv.py; docs/benchmarks/metadata.md).
EXTENSIVE_SEARCH = False


def extensive_search(doc: Document) -> bool:
    """Whether htmldate may end with its extensive search: with :data:`EXTENSIVE_SEARCH`
    on, on pages that are not Chinese (there it gave no right date on the dev sets)."""
    return EXTENSIVE_SEARCH and not reads_as_chinese(doc)


def htmldate_date(
    doc: Document, fetched_at: datetime | None = None, extensive: bool | None = None
) -> str | None:
    """The htmldate library's original-publication date (it parses the page again, so it
    only runs when the cheaper stages found nothing). It prefers original-publication dates
    but, on a page that states no other, may answer with the modified date: rejecting those
    cost more right dates than it saved (docs/benchmarks/metadata.md). A 1 January answer is
    htmldate's reading of a bare year (:data:`YEAR_ONLY_DAY`), not a date: None.
    ``extensive``: whether its extensive search runs (None: :func:`extensive_search`)."""
    # htmldate downloads a str that starts with "http" and holds no space, taking it for a
    # URL: a page whose source begins so ("http://169.254.169.254/...<p>") must not make the
    # extraction fetch anything. A leading space keeps it a page.
    # It parses the page again: the source goes with its tags' attributes capped as for our
    # own parse (libxml2 reads a tag's attributes in time quadratic in their number).
    html = dom.cap_attributes(doc.html)
    source = " " + html if html.startswith("http") else html
    try:
        found = find_date(
            source,
            url=doc.url,
            original_date=True,
            extensive_search=extensive_search(doc) if extensive is None else extensive,
            max_date=(fetched_at or datetime.now(UTC)) + MAX_AHEAD,
        )
    except Exception:  # noqa: BLE001 -- a library bug must not fail an extraction
        return None
    if not found or found[4:] == YEAR_ONLY_DAY:
        return None
    return normalize_date(found)


STAGES: dict[str, Callable[[Document, datetime | None], str | None]] = {
    "structured": structured_date,
    "url": url_date,
    "text": text_date,
    "htmldate": htmldate_date,
}
# Chosen by site-grouped cross-validation over candidate orders (benchmarks/metadata_cv.py).
STAGE_ORDER: tuple[str, ...] = ("structured", "url", "text", "htmldate")


def with_timezone(iso: str | None, zone: tzinfo) -> str | None:
    """``iso`` with ``zone``'s UTC offset when it has a clock time but no offset (a date
    alone stays a date: no time of day is invented); unchanged otherwise."""
    if not iso or len(iso) <= DATE_ONLY_CHARS or _HAS_OFFSET.search(iso[DATE_ONLY_CHARS:]):
        return iso
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return moment.replace(tzinfo=zone).isoformat(
        timespec="minutes" if iso.count(":") == 1 else "seconds"
    )


def normalize_date(value: Any) -> str | None:
    """ISO 8601 for a date string in any format this module knows, else None.

    A timezone is kept only when the string states it; 10/13-digit Unix timestamps (some
    Chinese portals' meta tags) are UTC by definition.
    """
    if not isinstance(value, str):
        return None
    value = value.strip()
    compact = _COMPACT.match(value)
    if compact:
        return _from_match(compact)
    if _EPOCH.match(value):
        seconds = int(value[:10])
        moment = datetime.fromtimestamp(seconds, tz=UTC)
        return _valid(
            moment.year,
            moment.month,
            moment.day,
            moment.hour,
            moment.minute,
            moment.second,
            "+00:00",
        )
    for pattern in _PATTERNS:
        match = pattern.search(value)
        if match:
            return _from_match(match)
    return None


def _headline_offset(doc: Document, text: str) -> int:
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


def _from_match(match: re.Match[str]) -> str | None:
    groups = match.groupdict()
    if groups.get("dd"):  # dotted: day first unless only the second part can be a day
        month_first = int(groups["dm"]) > 12 >= int(groups["dd"])
        groups["m"], groups["d"] = (
            (groups["dd"], groups["dm"]) if month_first else (groups["dm"], groups["dd"])
        )
    if groups.get("a"):  # year last: the part above 12 is the day
        first_part, second_part = groups["a"], groups["b"]
        if (int(first_part) > 12) == (int(second_part) > 12):
            return None
        groups["m"], groups["d"] = (
            (second_part, first_part) if int(first_part) > 12 else (first_part, second_part)
        )
    month = MONTHS[groups["mon"].casefold()] if groups.get("mon") else int(groups["m"])
    hour = int(groups["h"]) if groups.get("h") else None
    if hour is not None and groups.get("ampm"):
        is_pm = groups["ampm"].lower().startswith("p")
        hour = hour % 12 + (12 if is_pm else 0)
    minute = int(groups["mi"]) if groups.get("mi") else None
    second = int(groups["s"]) if groups.get("s") else None
    return _valid(
        int(groups["y"]),
        month,
        int(groups["d"]),
        hour,
        minute,
        second,
        _offset(groups.get("tz")) if hour is not None else None,
    )


def _offset(tz: str | None) -> str | None:
    """The UTC offset a zone stands for, as "+HH:MM": "+0800", "GMT+8", "UTC+05:30", "EST"."""
    if not tz:
        return None
    tz = tz.upper().replace(" ", "")
    if tz in ZONE_OFFSETS:
        return ZONE_OFFSETS[tz]
    tz = tz.removeprefix("UTC").removeprefix("GMT")
    sign, digits = tz[0], tz[1:].replace(":", "")
    hours, minutes = (digits[:-2], digits[-2:]) if len(digits) > 2 else (digits, "00")
    if int(hours) > 14 or int(minutes) > 59:
        return None
    return f"{sign}{int(hours):02d}:{minutes}"


def _valid(
    year: int,
    month: int,
    day: int,
    hour: int | None,
    minute: int | None,
    second: int | None,
    offset: str | None,
) -> str | None:
    if not MIN_YEAR <= year <= date.today().year + 1:
        return None
    try:
        moment = datetime(year, month, day, hour or 0, minute or 0, second or 0)
    except ValueError:  # month 13, 31 February, hour 25 ...
        return None
    if hour is None:
        return moment.strftime("%Y-%m-%d")
    text = moment.strftime("%Y-%m-%dT%H:%M:%S" if second is not None else "%Y-%m-%dT%H:%M")
    return text + (offset or "")
