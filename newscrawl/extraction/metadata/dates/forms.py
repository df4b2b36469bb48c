"""How pages write dates, and their normalisation to ISO 8601: the numeric, English
month-name, dotted, clock-first and year-last patterns, :func:`normalize_date`,
:func:`plausible` and the search for the first full date of a text (:func:`full_date`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any

DATE_ONLY_CHARS = len("2025-09-04")
_HAS_OFFSET = re.compile(r"[+-]\d{2}:\d{2}$")
# A publish date may run ahead of the fetch time by time zones, never by more.
MAX_AHEAD = timedelta(days=1)
# Years outside this range are page furniture (copyright lines, ids), not publish dates.
MIN_YEAR = 1990


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
CLOCK = (
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
    r"(?!\d)\s*日?(?:[T\s]*" + CLOCK + ")?" + _TZ,
    re.IGNORECASE,
)
_ENGLISH_CLOCK = r"(?:,?\s*(?:at\s+)?" + CLOCK + ")?" + _TZ
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
    + CLOCK
    + _TZ
    + r"),?\s*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
    + _MONTH_NAME
    + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d{2})(?!\d)",
    re.IGNORECASE,
)
PATTERNS = (_NUMERIC, _MONTH_FIRST, _DAY_FIRST, _DOTTED, _CLOCK_FIRST)
# The patterns that need an English month name in the text.
_ENGLISH_MONTH_PATTERNS = (_MONTH_FIRST, _DAY_FIRST, _CLOCK_FIRST)
# Year-last slash dates: "9/17/2004 5:54:13 AM" (month first) and "17/9/2004" (day first).
# Only a part above 12 tells which is the day; "7/5/2005" is refused, not guessed.
YEAR_LAST = re.compile(
    r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>(?:19|20)\d{2})(?![\d/])" + _ENGLISH_CLOCK,
    re.IGNORECASE,
)


_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")
# Compact machine dates in meta values: "20240304", "202403041015", "20240304101500".
_COMPACT = re.compile(
    r"^(?P<y>(?:19|20)\d{2})(?P<m>\d{2})(?P<d>\d{2})(?:(?P<h>\d{2})(?P<mi>\d{2})(?P<s>\d{2})?)?$"
)


def plausible(iso: str, fetched_at: datetime | None) -> bool:
    """Not after the fetch time (plus a day) and not before :data:`MIN_YEAR`; a month
    ("1998-03") counts from its first day."""
    try:
        day = date.fromisoformat(iso[:10] if len(iso) > len("1998-03") else f"{iso[:7]}-01")
    except ValueError:
        return False
    latest = (fetched_at or datetime.now(UTC)) + MAX_AHEAD
    return day.year >= MIN_YEAR and day <= latest.date()


def full_date(
    window: str, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...] = PATTERNS
) -> str | None:
    found = full_date_at(window, fetched_at, patterns)
    return found[1] if found else None


def full_date_at(
    window: str, fetched_at: datetime | None, patterns: tuple[re.Pattern[str], ...] = PATTERNS
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
        for match in finditer(pattern, window):
            if best is not None and match.start() >= best[0]:
                break
            normalized = from_match(match)
            if normalized and plausible(normalized, fetched_at):
                best = (match.start(), normalized)
                break
    return best


def finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
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
        return from_match(compact)
    if _EPOCH.match(value):
        seconds = int(value[:10])
        moment = datetime.fromtimestamp(seconds, tz=UTC)
        return valid(
            moment.year,
            moment.month,
            moment.day,
            moment.hour,
            moment.minute,
            moment.second,
            "+00:00",
        )
    for pattern in PATTERNS:
        match = pattern.search(value)
        if match:
            return from_match(match)
    return None


def from_match(match: re.Match[str]) -> str | None:
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
    return valid(
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


def valid(
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
