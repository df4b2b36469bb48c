"""A site's time zone: where its pages state local times without saying which zone.

The ``timezone`` field of a site is an IANA name (``Asia/Shanghai``) or a fixed UTC offset
(``+08:00``); without it, the zone follows the site's ``lang`` (:data:`BY_LANG`), and UTC
when the language says nothing about where the site is.
"""

from __future__ import annotations

import re
from datetime import timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Languages spoken mostly in one zone. English, Spanish, French... span the globe: UTC.
BY_LANG = {
    "zh": "Asia/Shanghai",
    "ja": "Asia/Tokyo",
    "ko": "Asia/Seoul",
    "vi": "Asia/Ho_Chi_Minh",
    "th": "Asia/Bangkok",
    "id": "Asia/Jakarta",
    "de": "Europe/Berlin",
    "it": "Europe/Rome",
    "pl": "Europe/Warsaw",
    "nl": "Europe/Amsterdam",
    "tr": "Europe/Istanbul",
    "ru": "Europe/Moscow",
}
DEFAULT = "UTC"
_OFFSET = re.compile(r"^([+-])(\d{2}):?(\d{2})$")


def site_timezone(timezone_field: str | None, lang: str | None) -> str:
    """The zone name to use for a site: its ``timezone`` field, else by ``lang``."""
    if timezone_field:
        return timezone_field
    return BY_LANG.get((lang or "").split("-")[0].lower(), DEFAULT)


def is_timezone(name: str) -> bool:
    try:
        zone_info(name)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=256)
def zone_info(name: str) -> tzinfo:
    """The tzinfo for an IANA name or a ``+08:00`` offset; ValueError naming it otherwise."""
    match = _OFFSET.match(name)
    if match:
        sign, hours, minutes = match.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes))
        if delta > timedelta(hours=14):
            raise ValueError(f"UTC offset {name!r} is beyond +-14:00")
        return timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"unknown time zone {name!r}") from error
