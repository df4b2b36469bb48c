"""The storage interface the crawl pipeline and the CLI code against."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from .records import ArticleRecord


class Storage(Protocol):
    """A news database. Every method raises :class:`StorageError` on a database failure."""

    def write(self, records: Sequence[ArticleRecord]) -> None:
        """Upsert ``records`` by URL in one transaction (all or nothing)."""

    def known_urls(self, urls: Iterable[str]) -> set[str]:
        """The subset of ``urls`` already stored."""

    def has_content_hash(self, content_hash: str) -> str | None:
        """URL of a stored article with this content hash, or ``None``."""

    def recent_simhashes(self, since: datetime, limit: int) -> list[tuple[str, int]]:
        """(URL, simhash) of the articles stored since ``since``, newest first, at most
        ``limit``."""

    def ping(self) -> None:
        """Check the database answers."""

    def close(self) -> None:
        """Release connections; the storage is unusable afterwards."""
