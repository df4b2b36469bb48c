"""Dates the text states only in part, for the text stage: a month-day (the year from the
URL or the fetch time), a relative time ("3小时前", "Yesterday at 5:03 PM", counted back from
the fetch time) and a month with no day ("1998年3月号")."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from newscrawl.extraction.metadata.dates.forms import CLOCK, MIN_YEAR, plausible, valid
from newscrawl.extraction.metadata.dates.url import url_year

# A month with no day: magazine issues and reports ("《北京之春》1998年3月号", "2003年5月").
_YEAR_MONTH = re.compile(r"(?<!\d)(?P<y>(?:19|20)\d{2})\s*年\s*(?P<m>1[0-2]|0?[1-9])\s*月(?!\s*\d)")


# "05-03 14:20" and "5月3日 14:20": the year comes from the URL or the fetch time. The dash
# form needs the clock, without it "05-03" is as likely a score or a range.
_MONTH_DAY = re.compile(
    r"(?<![\d\-/.年])(?:(?P<m>\d{1,2})月(?P<d>\d{1,2})日\s*(?:" + CLOCK + r")?"
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


def year_month(window: str, fetched_at: datetime | None) -> str | None:
    """The first year-month the text names, as ISO 8601 "1998-03" (no day is invented)."""
    for match in _YEAR_MONTH.finditer(window):
        found = f"{match.group('y')}-{int(match.group('m')):02d}"
        if int(match.group("y")) >= MIN_YEAR and plausible(found, fetched_at):
            return found
    return None


def month_day(window: str, url: str | None, fetched_at: datetime | None) -> tuple[int, str] | None:
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
        found = valid(year, month, day, *time_of_day)
        if found and plausible(found, fetched_at):
            return match.start(), found
        if found and fetched_at and not url_year(url):  # "12-30" fetched on 2 January
            found = valid(year - 1, month, day, *time_of_day)
            if found:
                return match.start(), found
    return None


def relative(window: str, fetched_at: datetime | None) -> tuple[int, str] | None:
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
