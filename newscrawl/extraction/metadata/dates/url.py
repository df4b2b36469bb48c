"""The ``url`` stage: a date in the page URL's path, and the year a path names."""

from __future__ import annotations

import re
from datetime import datetime

from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates.forms import valid

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
    return valid(
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
