"""The record the crawler hands to storage, and its JSON form (used by the spill file)."""

from __future__ import annotations

import base64
import hashlib
import unicodedata
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any


@dataclass(slots=True)
class ArticleRecord:
    """One article as stored: extraction output plus crawl facts.

    ``content_hash`` is :func:`content_hash` of ``content``, computed by whoever makes the
    record (the crawler's extraction worker, re-extraction); storage refuses a record without.
    ``html`` is the raw response body, kept compressed in ``article_html`` when the storage
    was opened with ``keep_html=True``; ``encoding`` is the one the crawler saw (HTTP header),
    so re-extraction decodes the bytes the same way. ``fetched_at`` defaults to "now" on write.
    """

    url: str
    site: str
    title: str
    content: str
    anchor_text: str | None = None
    content_html: str = ""
    publish_time: str | None = None
    author: str | None = None
    editor: str | None = None  # who edited the story, "A, B"; kept apart from the writers
    source: str | None = None
    modified_time: str | None = None
    images: list[str] = field(default_factory=list)
    lang: str | None = None
    method: str = ""
    content_hash: str = ""
    html: bytes | None = None
    encoding: str | None = None
    fetched_at: datetime | None = None
    simhash: int | None = None  # unsigned 64-bit; stored for later near-duplicate checks

    def to_json_dict(self) -> dict[str, Any]:
        """JSON-safe dict: ``html`` as base64, ``fetched_at`` as ISO 8601."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["images"] = list(self.images)
        html = self.html
        data["html"] = base64.b64encode(html).decode("ascii") if html is not None else None
        data["fetched_at"] = self.fetched_at.isoformat() if self.fetched_at else None
        return data

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> ArticleRecord:
        """Inverse of :meth:`to_json_dict`; raises ``ValueError``/``TypeError`` naming the field."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(unknown)}")
        for name in ("url", "site", "title", "content"):
            if not isinstance(data.get(name), str):
                raise TypeError(f"field {name!r} must be a string")
        values = dict(data)
        html = values.get("html")
        if html is not None:
            try:
                values["html"] = base64.b64decode(html, validate=True)
            except (ValueError, TypeError) as error:
                raise ValueError(f"field 'html' is not base64: {error}") from None
        fetched_at = values.get("fetched_at")
        if fetched_at is not None:
            try:
                values["fetched_at"] = datetime.fromisoformat(fetched_at)
            except (ValueError, TypeError):
                raise ValueError(f"field 'fetched_at' is not ISO 8601: {fetched_at!r}") from None
        if not isinstance(values.get("images", []), list):
            raise TypeError("field 'images' must be a list")
        simhash = values.get("simhash")
        if simhash is not None and (
            not isinstance(simhash, int) or isinstance(simhash, bool) or not 0 <= simhash < 1 << 64
        ):
            raise TypeError("field 'simhash' must be an unsigned 64-bit integer")
        return cls(**values)


def normalise_content(text: str) -> str:
    """The form hashed for duplicate detection: NFKC, whitespace runs collapsed, case folded.

    Two copies of a story that differ only in spacing, line breaks, full-width vs half-width
    characters or letter case get the same hash.
    """
    # str.split() splits on the same Unicode whitespace as r"\s+", about 3x faster.
    # NUL is dropped too, as the database drops it from stored text.
    return " ".join(unicodedata.normalize("NFKC", text.replace("\x00", "")).split()).casefold()


def content_hash(text: str) -> str:
    """sha1 hex of :func:`normalise_content`; the ``articles.content_hash`` column."""
    return hashlib.sha1(normalise_content(text).encode("utf-8")).hexdigest()
