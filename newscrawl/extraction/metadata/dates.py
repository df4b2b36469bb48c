"""Publish time: meta tags, JSON-LD, ``<time>``, then date patterns near the headline.

Every source goes through :func:`normalize_date`, which returns ISO 8601 (``2025-09-04``,
``2025-09-04T10:30`` or ``2025-09-04T10:30:00``) with a UTC offset only when the page states
one, and rejects impossible dates (month 13, 31 February, a year before the web).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

from lxml import etree

from newscrawl.extraction import dom
from newscrawl.extraction.document import Document

# Meta keys (lower-cased name/property/itemprop) that carry a publish time, best first
# (spec B.6, GNE's PUBLISH_TIME_META list as exact keys).
META_KEYS = (
    "article:published_time", "article:publish_time", "og:published_time", "og:release_date",
    "og:pubdate", "datepublished", "rnews:datepublished", "originalpublicationdate",
    "article_date_original", "og:time", "apub:time", "publication_date", "sailthru.date",
    "publishdate", "publish_date", "pubdate", "pubtime", "_pubtime",
    "weibo:article:create_at", "dc.date.issued", "dc.date", "dcterms.date", "dcterms.created",
    "parsely-pub-date", "date_published", "published_at", "publish-date", "published-date",
    "shareaholic:article_published_time", "cxenseparse:recs:publishtime", "bt:pubdate",
    "datecreated", "date",
)
JSON_LD_KEYS = ("datePublished", "dateCreated")
# Years outside this range are page furniture (copyright lines, ids), not publish dates.
MIN_YEAR = 1990
# How far after the headline (characters of page text) a date is looked for; bylines sit
# right under the title. Before the headline sit "today is ..." header dates, so the window
# starts at the headline when it is found.
TEXT_WINDOW_CHARS = 3000
# Without a headline in the text, this much of the page's start is searched.
TEXT_HEAD_CHARS = 8000

_MONTHS = {name: number for number, names in enumerate(
    (("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
     ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
     ("oct", "october"), ("nov", "november"), ("dec", "december")), start=1) for name in names}
_MONTH_NAME = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_CLOCK = (r"(?P<h>\d{1,2})[:时](?P<mi>\d{2})(?:[:分](?P<s>\d{2})(?:\.\d+)?)?秒?"
          r"\s*(?P<ampm>[ap]\.?m\.?)?")
_TZ = r"\s*(?P<tz>Z|[+-]\d{2}:?\d{2}|UTC|GMT)?"
# Numeric dates: 2025-09-04, 2025/9/4, 2025.09.04, 2025年9月4日, each with an optional time.
_NUMERIC = re.compile(
    r"(?<!\d)(?P<y>(?:19|20)\d{2})\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})"
    r"(?!\d)\s*日?(?:[T\s]*" + _CLOCK + ")?" + _TZ, re.IGNORECASE)
_ENGLISH_CLOCK = r"(?:,?\s*(?:at\s+)?" + _CLOCK + ")?" + _TZ
# English month names: "September 4, 2025", "Sep. 4 2025".
_MONTH_FIRST = re.compile(
    r"\b" + _MONTH_NAME + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d{2})(?!\d)"
    + _ENGLISH_CLOCK, re.IGNORECASE)
# "4 September 2025".
_DAY_FIRST = re.compile(
    r"(?<!\d)(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH_NAME + r",?\s+(?P<y>(?:19|20)\d{2})(?!\d)"
    + _ENGLISH_CLOCK, re.IGNORECASE)
_PATTERNS = (_NUMERIC, _MONTH_FIRST, _DAY_FIRST)
_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")

def extract_publish_time(doc: Document) -> str | None:
    """The page's publish time as ISO 8601, or None when no source gives a valid date."""
    for value in _candidates(doc):
        normalized = normalize_date(value)
        if normalized:
            return normalized
    return date_in_text(doc)


def _candidates(doc: Document) -> list[str]:
    values = [doc.meta[key] for key in META_KEYS if doc.meta.get(key)]
    for item in doc.json_ld:
        values += [v for key in JSON_LD_KEYS if isinstance(v := item.get(key), str)]
    marked: list[etree._Element] = list(doc.root.iter("time"))
    if "datePublished" in doc.html:  # substring first: most pages have no such markup
        marked += [el for el in doc.root.iter()
                   if el.get("itemprop") == "datePublished"]
    for el in marked:
        values += [v for attr in ("datetime", "data-published", "data-timestamp", "content")
                   if (v := el.get(attr))]
    return values


def normalize_date(value: Any) -> str | None:
    """ISO 8601 for a date string in any format this module knows, else None.

    A timezone is kept only when the string states it; 10/13-digit Unix timestamps (some
    Chinese portals' meta tags) are UTC by definition.
    """
    if not isinstance(value, str):
        return None
    value = value.strip()
    if _EPOCH.match(value):
        seconds = int(value[:10])
        moment = datetime.fromtimestamp(seconds, tz=UTC)
        return _valid(moment.year, moment.month, moment.day, moment.hour, moment.minute,
                      moment.second, "+00:00")
    for pattern in _PATTERNS:
        match = pattern.search(value)
        if match:
            return _from_match(match)
    return None


def date_in_text(doc: Document) -> str | None:
    """The first valid date after the headline in the page text (before it: header dates)."""
    text = doc.body_text()
    start = _headline_offset(doc, text)
    window = text[start : start + TEXT_WINDOW_CHARS] if start >= 0 else text[:TEXT_HEAD_CHARS]
    best: tuple[int, str] | None = None
    for pattern in _PATTERNS:
        for match in pattern.finditer(window):
            if best is not None and match.start() >= best[0]:
                break
            normalized = _from_match(match)
            if normalized:
                best = (match.start(), normalized)
                break
    return best[1] if best else None


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
    month = _MONTHS[groups["mon"].lower()] if groups.get("mon") else int(groups["m"])
    hour = int(groups["h"]) if groups.get("h") else None
    if hour is not None and groups.get("ampm"):
        is_pm = groups["ampm"].lower().startswith("p")
        hour = hour % 12 + (12 if is_pm else 0)
    minute = int(groups["mi"]) if groups.get("mi") else None
    second = int(groups["s"]) if groups.get("s") else None
    return _valid(int(groups["y"]), month, int(groups["d"]), hour, minute, second,
                  _offset(groups.get("tz")) if hour is not None else None)


def _offset(tz: str | None) -> str | None:
    if not tz:
        return None
    tz = tz.upper()
    if tz in ("Z", "UTC", "GMT"):
        return "+00:00"
    return tz if ":" in tz else f"{tz[:3]}:{tz[3:]}"


def _valid(year: int, month: int, day: int, hour: int | None, minute: int | None,
           second: int | None, offset: str | None) -> str | None:
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
