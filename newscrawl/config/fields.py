"""Converters for each sites.yaml field: raw YAML value -> typed value, or problems reported.

Each converter is ``convert(value, line, report) -> value | INVALID``. ``report(line, message)``
records one problem; a converter reports every problem it finds (each bad URL in a list, each
bad regex) rather than stopping at the first, because ``newscrawl sites check`` shows them all.
"""

from __future__ import annotations

import codecs
import difflib
import ipaddress
import re
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final
from urllib.parse import urlsplit

from newscrawl.method_names import ALIASES, METHODS, canonical_name

from .durations import format_duration, parse_duration
from .timezones import is_timezone
from .yaml_lines import LineList, LineMap

Report = Callable[[int, str], None]
Converter = Callable[[Any, int, Report], Any]


class _Invalid:
    """Marker for a value that failed conversion (its problems are already reported)."""

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Final = _Invalid()

# Names are used in ``-a only=a,b``, Redis keys and log lines: no spaces, commas or slashes.
# ``\w`` is Unicode-aware, so Chinese names are fine.
SITE_NAME = re.compile(r"[\w][\w.\-]*")
# A host name: dot-separated labels of letters, digits and inner hyphens (IDN letters allowed).
HOST_NAME = re.compile(r"(?!-)[\w-]{1,63}(?<!-)(?:\.(?!-)[\w-]{1,63}(?<!-))*", re.UNICODE)
# BCP 47-ish language tag: primary subtag plus optional region/script subtags (zh, en-GB, zh-Hans).
LANG_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
RULE_KEYS = ("allow", "deny")
# List-page hops beyond a handful already reach a whole site (pagination is bounded separately
# by NEWSCRAWL_MAX_LIST_PAGES); a huge value is a typo, not a plan.
MAX_DEPTH = 20
# A list page revisited less than once a year is not being watched for news.
MAX_RECRAWL_INTERVAL = 366 * 86400.0
_WHITESPACE = re.compile(r"\s")


def describe(value: Any) -> str:
    """``int 163`` / ``nothing (null)``: what the user wrote, for type errors."""
    if value is None:
        return "nothing (null)"
    kind = {LineMap: "mapping", LineList: "list"}.get(type(value), type(value).__name__)
    return f"{kind} {value!r}" if kind not in ("mapping", "list") else kind


def suggest(word: str, choices: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or an empty string."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _line_of(container: Any, index: int, default: int) -> int:
    return container.line_of(index) if isinstance(container, LineList) else default


def site_name(value: Any, line: int, report: Report) -> Any:
    if not isinstance(value, str):
        hint = " (quote it)" if isinstance(value, int | float) else ""
        report(line, f"expected a string, got {describe(value)}{hint}")
        return INVALID
    if not SITE_NAME.fullmatch(value):
        report(
            line,
            f"{value!r} is not a valid name: use letters, digits, '.', '-', '_' "
            "(no spaces, commas or slashes)",
        )
        return INVALID
    return value


def check_url(value: Any) -> str | None:
    """Why ``value`` is not an absolute http(s) URL, or None when it is one."""
    if not isinstance(value, str):
        return f"expected a URL string, got {describe(value)}"
    if _WHITESPACE.search(value):
        return f"{value!r} contains whitespace"
    parts = urlsplit(value)
    if parts.scheme.lower() not in ("http", "https"):
        return f"{value!r} is not an http(s) URL"
    try:
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        return f"{value!r} has an invalid port"
    if not parts.hostname or not (
        HOST_NAME.fullmatch(parts.hostname) or _is_ip_address(parts.hostname)
    ):
        return f"{value!r} has no valid host name"
    return None


def _is_ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def url_list(value: Any, line: int, report: Report) -> Any:
    if not isinstance(value, list):
        report(line, f"expected a list of URLs, got {describe(value)}")
        return INVALID
    urls: list[str] = []
    ok = True
    for index, item in enumerate(value):
        problem = check_url(item)
        if problem:
            report(_line_of(value, index, line), problem)
            ok = False
        else:
            urls.append(item)
    return tuple(urls) if ok else INVALID


def domain_list(value: Any, line: int, report: Report) -> Any:
    if not isinstance(value, list):
        report(line, f"expected a list of domain names, got {describe(value)}")
        return INVALID
    domains: list[str] = []
    ok = True
    for index, item in enumerate(value):
        if not isinstance(item, str) or not HOST_NAME.fullmatch(item):
            hint = " (a bare host such as example.com: no scheme, port or path)"
            report(_line_of(value, index, line), f"{describe(item)} is not a domain name{hint}")
            ok = False
        else:
            domains.append(item.lower())
    return tuple(domains) if ok else INVALID


def url_rules(value: Any, line: int, report: Report) -> Any:
    """``{allow: [regex..], deny: [regex..]}`` -> dict of compiled pattern tuples (keys present)."""
    if not isinstance(value, dict):
        report(line, f"expected a mapping with 'allow' and/or 'deny' lists, got {describe(value)}")
        return INVALID
    rules: dict[str, tuple[re.Pattern[str], ...]] = {}
    ok = True
    for key, patterns in value.items():
        key_line = value.line_of(key) if isinstance(value, LineMap) else line
        if key not in RULE_KEYS:
            report(
                key_line,
                f"unknown key {key!r}{suggest(str(key), list(RULE_KEYS))}; "
                "expected 'allow' or 'deny'",
            )
            ok = False
            continue
        if not isinstance(patterns, list):
            report(
                key_line, f"{key}: expected a list of regular expressions, got {describe(patterns)}"
            )
            ok = False
            continue
        compiled = []
        for index, pattern in enumerate(patterns):
            item_line = _line_of(patterns, index, key_line)
            if not isinstance(pattern, str):
                report(item_line, f"{key}: expected a regex string, got {describe(pattern)}")
                ok = False
                continue
            try:
                compiled.append(re.compile(pattern))
            except re.error as error:
                report(item_line, f"{key}: bad regex {pattern!r}: {error}")
                ok = False
        rules[key] = tuple(compiled)
    return rules if ok else INVALID


def depth(value: Any, line: int, report: Report) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        report(line, f"expected a whole number >= 0, got {describe(value)}")
        return INVALID
    if value < 0:
        report(line, f"must be >= 0, got {value}")
        return INVALID
    if value > MAX_DEPTH:
        report(line, f"must be at most {MAX_DEPTH}, got {_short(value)}")
        return INVALID
    return value


def lang(value: Any, line: int, report: Report) -> Any:
    if value is None:
        return None
    if not isinstance(value, str) or not LANG_TAG.fullmatch(value):
        report(line, f"expected a language code such as 'zh' or 'en-GB', got {describe(value)}")
        return INVALID
    return value


def timezone(value: Any, line: int, report: Report) -> Any:
    if value is None:
        return None
    if not isinstance(value, str) or not is_timezone(value):
        report(
            line,
            f"expected an IANA time zone such as 'Asia/Shanghai' or a UTC offset such "
            f"as '+08:00', got {describe(value)}",
        )
        return INVALID
    return value


# The earliest ``since`` a site may give: the year the extraction library's date stages start
# from (newscrawl.extraction.metadata.dates.MIN_YEAR; tests hold the two equal).
EARLIEST_SINCE_YEAR = 1990
_SINCE_TEXT = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")


def since(value: Any, line: int, report: Report) -> Any:
    """The day a site began publishing, from a year (``1998``), a month (``'1998-03'``) or
    a day (``1998-03-15``); a year or a month means its first day."""
    if value is None:
        return None
    found: date | None = None
    if isinstance(value, datetime):
        found = value.date()
    elif isinstance(value, date):
        found = value
    elif isinstance(value, int) and not isinstance(value, bool):
        found = _day(value, 1, 1)
    elif isinstance(value, str) and (match := _SINCE_TEXT.fullmatch(value.strip())):
        year, month, day = (int(part) if part else 1 for part in match.groups())
        found = _day(year, month, day)
    if found is None:
        report(
            line,
            f"expected the day the site began, as a year (1998), a month ('1998-03') or a "
            f"day (1998-03-15), got {describe(value)}",
        )
        return INVALID
    if found.year < EARLIEST_SINCE_YEAR or found > date.today():
        report(
            line,
            f"must lie between {EARLIEST_SINCE_YEAR} and today, got {found.isoformat()}",
        )
        return INVALID
    return found


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except (ValueError, OverflowError):
        return None


def encoding(value: Any, line: int, report: Report) -> Any:
    if value is None:
        return None
    if not isinstance(value, str):
        report(line, f"expected an encoding name such as 'gbk', got {describe(value)}")
        return INVALID
    try:
        codecs.lookup(value)
    except LookupError:
        report(line, f"unknown encoding {value!r} (Python has no codec of that name)")
        return INVALID
    return value


def method(value: Any, line: int, report: Report) -> Any:
    # Checked against the registry's names only: importing the method modules here would make
    # every config load pay for (and depend on) all extractors.
    if not isinstance(value, str):
        report(line, f"expected an extraction method name, got {describe(value)}")
        return INVALID
    name = canonical_name(value)
    if name not in METHODS:
        known = sorted(METHODS) + sorted(ALIASES)
        report(
            line,
            f"unknown method {value!r}{suggest(value.strip().lower(), known)}; "
            f"known: {', '.join(sorted(METHODS))}",
        )
        return INVALID
    return name


def interval(value: Any, line: int, report: Report) -> Any:
    try:
        seconds = parse_duration(value)
    except (TypeError, ValueError) as error:
        report(line, _short(str(error), 120))
        return INVALID
    if seconds > MAX_RECRAWL_INTERVAL:
        report(
            line,
            f"must be at most {format_duration(MAX_RECRAWL_INTERVAL)} (a year), "
            f"got {_short(value)}",
        )
        return INVALID
    return seconds


def _short(value: Any, limit: int = 40) -> str:
    """``value`` as written, cut so a 10,000-digit number cannot flood the error line."""
    text = str(value)
    return text if len(text) <= limit else f"{text[:limit]}..."


def flag(value: Any, line: int, report: Report) -> Any:
    if not isinstance(value, bool):
        report(line, f"expected true or false, got {describe(value)}")
        return INVALID
    return value


# Every key a site entry may have, with its converter, in documentation order.
CONVERTERS: dict[str, Converter] = {
    "name": site_name,
    "start_urls": url_list,
    "feeds": url_list,
    "sitemaps": url_list,
    "allowed_domains": domain_list,
    "article_url": url_rules,
    "list_url": url_rules,
    "max_depth": depth,
    "lang": lang,
    "timezone": timezone,
    "since": since,
    "encoding": encoding,
    "method": method,
    "recrawl_interval": interval,
    "enabled": flag,
}
# Keys that identify one site and so make no sense under ``defaults:``.
PER_SITE_ONLY = ("name", "start_urls")
