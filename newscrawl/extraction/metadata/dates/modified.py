"""The page's last-modified time: meta tags and JSON-LD, else an "Updated"/"更新时间" label
near the headline."""

from __future__ import annotations

import re
from datetime import datetime

from newscrawl.extraction.document import Document
from newscrawl.extraction.metadata.dates.forms import full_date, normalize_date, plausible
from newscrawl.extraction.metadata.dates.structured import json_ld_items
from newscrawl.extraction.metadata.dates.text import (
    LABEL_REACH_CHARS,
    LINE_CHARS,
    TEXT_WINDOW_CHARS,
    headline_offset,
)
from newscrawl.extraction.patterns import starting_with

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


def modified_time(doc: Document, fetched_at: datetime | None = None) -> str | None:
    """The last-modified time the page's meta tags or JSON-LD state, else the date an
    "Updated"/"更新时间" label gives near the headline."""
    values = [doc.meta[key] for key in MODIFIED_META_KEYS if doc.meta.get(key)]
    for item in json_ld_items(doc):
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
    start = headline_offset(doc, text)
    # From a line above the headline (where "Last updated:" often stands) to the byline.
    begin = max(start - LINE_CHARS, 0) if start >= 0 else 0
    window = text[begin : begin + TEXT_WINDOW_CHARS]
    if not _UPDATED_WORD.search(window):  # most pages: a plain scan, no lookbehind per place
        return None
    for label in _UPDATED_LABEL.finditer(window):
        found = full_date(window[label.end() : label.end() + LABEL_REACH_CHARS], fetched_at)
        if found:
            return found
    return None
