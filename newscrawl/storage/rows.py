"""Records as the parameter rows of the upserts, and the value conversions they need."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .compression import compress_html
from .records import ArticleRecord

_MASK64 = (1 << 64) - 1


def utc(value: datetime | None, default: datetime) -> datetime:
    """Timezone-aware UTC; naive datetimes are taken as UTC already."""
    if value is None:
        return default
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def signed64(value: int) -> int:
    """An unsigned 64-bit value as the signed BIGINT that holds the same bits."""
    return value - (1 << 64) if value >= 1 << 63 else value


def unsigned64(value: int) -> int:
    """The unsigned 64-bit value a signed BIGINT from :func:`signed64` holds."""
    return value & _MASK64


def nul_free(value: str | None) -> str | None:
    """PostgreSQL rejects NUL in text (the whole batch would fail); it carries no content."""
    return value.replace("\x00", "") if value and "\x00" in value else value


def article_row(record: ArticleRecord, now: datetime) -> dict[str, Any]:
    seen = utc(record.fetched_at, now)
    return {
        "url": nul_free(record.url),
        "site": nul_free(record.site),
        "title": nul_free(record.title),
        "anchor_text": nul_free(record.anchor_text),
        "content": nul_free(record.content),
        "content_html": nul_free(record.content_html),
        "publish_time": nul_free(record.publish_time),
        "author": nul_free(record.author),
        "editor": nul_free(record.editor),
        "source": nul_free(record.source),
        "modified_time": nul_free(record.modified_time),
        "images": [nul_free(image) for image in record.images],
        "lang": nul_free(record.lang),
        "method": nul_free(record.method),
        "content_hash": record.content_hash,
        "first_seen": seen,
        "last_seen": seen,
        "fetch_count": 1,
    }


def html_row(record: ArticleRecord, now: datetime) -> dict[str, Any]:
    assert record.html is not None
    return {
        "url": nul_free(record.url),
        "encoding": nul_free(record.encoding),
        "html_compressed": compress_html(record.html),
        "html_size": len(record.html),
        "fetched_at": utc(record.fetched_at, now),
    }


def simhash_row(url: str, simhash: int, now: datetime) -> dict[str, Any]:
    return {"url": nul_free(url), "simhash": signed64(simhash), "seen_at": now}
