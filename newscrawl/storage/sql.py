"""SQLAlchemy Core storage for SQLite and PostgreSQL: batched, idempotent upserts by URL.

SQLite is the embedded default (``sqlite:///news.db``); PostgreSQL is selected by a
``postgresql+psycopg://`` URL. Both dialects support ``INSERT .. ON CONFLICT .. DO UPDATE``,
so a write is one statement per table per batch and crawling twice never duplicates.

Beside this module: engine.py opens the engine for a URL, migrations.py brings the tables up
to date, upserts.py holds the write statements and rows.py the rows they take.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from .aliases import AliasStore, aliased_urls
from .compression import decompress_html
from .engine import DEFAULT_DATABASE_URL, SUPPORTED_DIALECTS, engine_for
from .errors import StorageError, describe, is_transient, mask_url
from .health import HealthStore
from .migrations import create_tables
from .records import ArticleRecord
from .rows import article_row, html_row, nul_free, simhash_row, unsigned64, utc
from .schema import EXTRACTED_COLUMNS, article_html, article_simhash, articles
from .upserts import article_upsert, html_upsert, simhash_upsert

__all__ = [
    "DEFAULT_DATABASE_URL",
    "LOOKUP_CHUNK",
    "SqlStorage",
    "StorageStats",
    "StoredPage",
    "open_storage",
]

logger = logging.getLogger(__name__)

# URLs per ``IN (...)`` query: far below SQLite's 32766-parameter limit, few round trips.
LOOKUP_CHUNK = 500


@dataclass(slots=True)
class StoredPage:
    """A stored article with its raw HTML, as ``newscrawl reextract`` needs it.

    ``html`` is None when the stored bytes cannot be decompressed; ``unreadable`` says why
    (naming the database and URL), so one damaged row does not end the whole run.
    """

    id: int
    url: str
    site: str
    anchor_text: str | None
    method: str
    encoding: str | None
    html: bytes | None
    unreadable: str | None = None
    # When the HTML was fetched (UTC): "昨天", "3小时前" on the page count back from it.
    fetched_at: datetime | None = None


@dataclass(slots=True)
class StorageStats:
    articles: int
    sites: int
    html_pages: int
    html_bytes: int
    html_compressed_bytes: int
    by_site: list[tuple[str, int]]
    by_method: list[tuple[str, int]]


class SqlStorage:
    """:class:`~newscrawl.storage.Storage` over a SQLAlchemy engine.

    ``keep_html=False`` stores no raw HTML (``article_html`` stays empty), which makes the
    database about 3x smaller (docs/storage.md) but rules out ``newscrawl reextract``.
    """

    def __init__(self, engine: sa.Engine, *, keep_html: bool = True) -> None:
        if engine.dialect.name not in SUPPORTED_DIALECTS:
            raise StorageError(
                f"database {mask_url(engine.url)}: unsupported dialect {engine.dialect.name!r}"
                f" (use {' or '.join(SUPPORTED_DIALECTS)})"
            )
        self.engine = engine
        self.keep_html = keep_html
        self.display_url = mask_url(engine.url)
        self.aliases = AliasStore(engine)
        self.health = HealthStore(engine)
        insert = postgresql.insert if engine.dialect.name == "postgresql" else sqlite.insert
        self._article_upsert = article_upsert(insert)
        self._html_upsert = html_upsert(insert)
        self._simhash_upsert = simhash_upsert(insert)

    # -- Storage protocol -------------------------------------------------------------

    def write(self, records: Sequence[ArticleRecord]) -> None:
        if not records:
            return
        now = datetime.now(UTC)
        unhashed = [record.url for record in records if not record.content_hash]
        if unhashed:  # the writer computes it (content_hash()); storage never guesses it
            raise ValueError(f"record(s) without content_hash: {', '.join(unhashed[:3])}")
        latest = {record.url: record for record in records}  # one row per URL; last one wins
        try:
            with self.engine.begin() as connection:
                # Never a row under an alias: its article is stored under the canonical URL
                # (an alias may be learned while its record waits in a batch or a spill file).
                for alias in aliased_urls(connection, latest):
                    del latest[alias]
                if not latest:
                    return
                article_rows = [article_row(record, now) for record in latest.values()]
                html_rows = [
                    html_row(record, now)
                    for record in latest.values()
                    if self.keep_html and record.html is not None
                ]
                simhash_rows = [
                    simhash_row(record.url, record.simhash, now)
                    for record in latest.values()
                    if record.simhash is not None
                ]
                connection.execute(self._article_upsert, article_rows)
                if html_rows:
                    connection.execute(self._html_upsert, html_rows)
                if simhash_rows:
                    connection.execute(self._simhash_upsert, simhash_rows)
        except sa.exc.SQLAlchemyError as error:
            # Drop pooled connections so a retry reconnects: an SQLite connection opened
            # while the file was read-only stays read-only, and a PostgreSQL one may be dead.
            self.engine.dispose()
            first = next(iter(latest), records[0].url)
            raise StorageError(
                f"cannot write {len(latest)} article(s) (first {first}) to {self.display_url}:"
                f" {describe(error)}",
                transient=is_transient(error),
            ) from error

    def known_urls(self, urls: Iterable[str]) -> set[str]:
        wanted = list(dict.fromkeys(urls))
        found: set[str] = set()
        with self._connect("look up URLs") as connection:
            for start in range(0, len(wanted), LOOKUP_CHUNK):
                chunk = wanted[start : start + LOOKUP_CHUNK]
                query = sa.select(articles.c.url).where(articles.c.url.in_(chunk))
                found.update(connection.scalars(query))
        return found

    def iter_urls(
        self,
        *,
        sites: Collection[str] | None = None,
        page_size: int = 5000,
    ) -> Iterator[str]:
        """Every stored article URL (of ``sites`` if given), in id order, a page at a time
        (keyset pagination: memory does not grow with the table)."""
        last_id = 0
        while True:
            query = (
                sa.select(articles.c.id, articles.c.url)
                .where(articles.c.id > last_id)
                .order_by(articles.c.id)
                .limit(page_size)
            )
            if sites is not None:
                query = query.where(articles.c.site.in_(list(sites)))
            with self._connect("list stored URLs") as connection:
                rows = connection.execute(query).all()
            if not rows:
                return
            yield from (row.url for row in rows)
            last_id = rows[-1].id

    def has_content_hash(self, content_hash: str) -> str | None:
        query = (
            sa.select(articles.c.url)
            .where(articles.c.content_hash == content_hash)
            .order_by(articles.c.id)
            .limit(1)
        )
        with self._connect("look up a content hash") as connection:
            return connection.scalar(query)

    def recent_simhashes(self, since: datetime, limit: int) -> list[tuple[str, int]]:
        query = (
            sa.select(article_simhash.c.url, article_simhash.c.simhash)
            .where(article_simhash.c.seen_at >= since)
            .order_by(article_simhash.c.seen_at.desc())
            .limit(limit)
        )
        with self._connect("read recent simhashes") as connection:
            return [(url, unsigned64(value)) for url, value in connection.execute(query)]

    def ping(self) -> None:
        with self._connect("connect") as connection:
            connection.execute(sa.select(1))

    def close(self) -> None:
        self.engine.dispose()

    # -- administration and re-extraction ----------------------------------------------

    def create_tables(self) -> None:
        """Create missing tables and columns (:func:`~newscrawl.storage.migrations.create_tables`);
        safe when several crawler processes start at once."""
        create_tables(self.engine, self.display_url)

    def iter_pages(
        self, *, site: str | None = None, limit: int | None = None, page_size: int = 200
    ) -> Iterator[StoredPage]:
        """Stored articles that have raw HTML, in id order, fetched ``page_size`` at a time.

        Keyset pagination (``id > last``) holds no cursor open between pages, so the caller
        may write to the same SQLite database while iterating.
        """
        last_id = 0
        remaining = limit
        while remaining is None or remaining > 0:
            size = page_size if remaining is None else min(page_size, remaining)
            query = (
                sa.select(
                    articles.c.id,
                    articles.c.url,
                    articles.c.site,
                    articles.c.anchor_text,
                    articles.c.method,
                    article_html.c.encoding,
                    article_html.c.html_compressed,
                    article_html.c.fetched_at,
                )
                .join(article_html, article_html.c.url == articles.c.url)
                .where(articles.c.id > last_id)
                .order_by(articles.c.id)
                .limit(size)
            )
            if site is not None:
                query = query.where(articles.c.site == site)
            with self._connect("read stored HTML") as connection:
                rows = connection.execute(query).all()
            if not rows:
                return
            for row in rows:
                html: bytes | None = None
                unreadable = None
                try:
                    html = decompress_html(row.html_compressed)
                except ValueError as error:
                    unreadable = f"{self.display_url}: stored HTML of {row.url}: {error}"
                yield StoredPage(
                    id=row.id,
                    url=row.url,
                    site=row.site,
                    anchor_text=row.anchor_text,
                    method=row.method,
                    encoding=row.encoding,
                    html=html,
                    unreadable=unreadable,
                    fetched_at=utc(row.fetched_at, default=row.fetched_at),  # NOT NULL column
                )
            last_id = rows[-1].id
            if remaining is not None:
                remaining -= len(rows)

    def update_extracted(self, updates: Sequence[dict[str, Any]]) -> None:
        """Overwrite the extracted columns of existing rows; each dict has ``url`` and all of
        :data:`~newscrawl.storage.schema.EXTRACTED_COLUMNS`, and may have ``simhash`` (of
        the new content). Without one, the stored simhash, which described the old content,
        is dropped: a near-duplicate check must not match text the article no longer has."""
        if not updates:
            return
        statement = (
            sa.update(articles)
            .where(articles.c.url == sa.bindparam("match_url"))
            .values({name: sa.bindparam(name) for name in EXTRACTED_COLUMNS})
        )
        rows = [
            {
                **{
                    k: nul_free(v) if isinstance(v, str) else v
                    for k, v in row.items()
                    if k in EXTRACTED_COLUMNS
                },
                "images": [nul_free(image) for image in row["images"]],
                "match_url": row["url"],
            }
            for row in updates
        ]
        now = datetime.now(UTC)
        simhash_rows = [
            simhash_row(row["url"], row["simhash"], now)
            for row in updates
            if row.get("simhash") is not None
        ]
        stale = [row["url"] for row in updates if row.get("simhash") is None]
        try:
            with self.engine.begin() as connection:
                connection.execute(statement, rows)
                if simhash_rows:
                    connection.execute(self._simhash_upsert, simhash_rows)
                if stale:
                    connection.execute(
                        sa.delete(article_simhash).where(article_simhash.c.url.in_(stale))
                    )
        except sa.exc.SQLAlchemyError as error:
            raise StorageError(
                f"cannot update {len(rows)} article(s) (first {updates[0]['url']}) in"
                f" {self.display_url}: {describe(error)}"
            ) from error

    def stats(self, *, top: int = 20) -> StorageStats:
        count = sa.func.count()
        with self._connect("read statistics") as connection:
            n_articles = connection.scalar(sa.select(count).select_from(articles)) or 0
            n_sites = connection.scalar(sa.select(sa.func.count(sa.distinct(articles.c.site))))
            html = connection.execute(
                sa.select(
                    count,
                    sa.func.coalesce(sa.func.sum(article_html.c.html_size), 0),
                    sa.func.coalesce(
                        sa.func.sum(sa.func.length(article_html.c.html_compressed)), 0
                    ),
                ).select_from(article_html)
            ).one()
            by_site = connection.execute(
                sa.select(articles.c.site, count)
                .group_by(articles.c.site)
                .order_by(count.desc(), articles.c.site)
                .limit(top)
            ).all()
            by_method = connection.execute(
                sa.select(articles.c.method, count)
                .group_by(articles.c.method)
                .order_by(count.desc(), articles.c.method)
            ).all()
        return StorageStats(
            articles=int(n_articles),
            sites=int(n_sites or 0),
            html_pages=int(html[0]),
            html_bytes=int(html[1]),
            html_compressed_bytes=int(html[2]),
            by_site=[(str(s), int(n)) for s, n in by_site],
            by_method=[(str(m), int(n)) for m, n in by_method],
        )

    def _connect(self, action: str) -> _Connection:
        return _Connection(self, action)


class _Connection:
    """``with`` block that turns any SQLAlchemy error into a one-line StorageError."""

    def __init__(self, storage: SqlStorage, action: str) -> None:
        self._storage = storage
        self._action = action
        self._connection: sa.Connection | None = None

    def __enter__(self) -> sa.Connection:
        try:
            self._connection = self._storage.engine.connect()
        except sa.exc.SQLAlchemyError as error:
            raise self._error(error) from error
        return self._connection

    def __exit__(self, kind: object, error: BaseException | None, traceback: object) -> None:
        assert self._connection is not None
        self._connection.close()
        if isinstance(error, sa.exc.SQLAlchemyError):
            raise self._error(error) from error

    def _error(self, error: BaseException) -> StorageError:
        return StorageError(
            f"database {self._storage.display_url}: cannot {self._action}: {describe(error)}"
        )


def open_storage(url: str = DEFAULT_DATABASE_URL, *, keep_html: bool = True) -> SqlStorage:
    """Open the news database at ``url``, create missing tables and check it answers.

    Raises :class:`StorageError` with one line naming the (masked) URL and what failed:
    a malformed URL, an unsupported dialect, a missing SQLite directory, or a server that
    refuses connections.
    """
    engine = engine_for(url)
    storage = SqlStorage(engine, keep_html=keep_html)
    try:
        storage.ping()
        storage.create_tables()
    except StorageError:
        engine.dispose()
        raise
    logger.info(
        "Opened news database %(url)s (keep_html=%(keep)s)",
        {"url": storage.display_url, "keep": keep_html},
    )
    return storage
