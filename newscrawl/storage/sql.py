"""SQLAlchemy Core storage for SQLite and PostgreSQL: batched, idempotent upserts by URL.

SQLite is the embedded default (``sqlite:///news.db``); PostgreSQL is selected by a
``postgresql+psycopg://`` URL. Both dialects support ``INSERT .. ON CONFLICT .. DO UPDATE``,
so a write is one statement per table per batch and crawling twice never duplicates.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from newscrawl import defaults

from .aliases import AliasStore, aliased_urls
from .compression import compress_html, decompress_html
from .errors import StorageError, describe, is_transient, mask_url
from .health import HealthStore
from .records import ArticleRecord
from .schema import EXTRACTED_COLUMNS, article_html, article_simhash, articles, metadata

logger = logging.getLogger(__name__)

DEFAULT_DATABASE_URL = defaults.NEWSCRAWL_DATABASE_URL
SUPPORTED_DIALECTS = ("sqlite", "postgresql")

# Seconds before a PostgreSQL connection attempt gives up; without it an unreachable host
# (packets dropped, not refused) blocks the crawl for minutes at start.
PG_CONNECT_TIMEOUT = 10
# Table creation attempts when parallel workers race on a fresh database, and the pause
# (times the attempt) between them; 5 covers the 2-3 CREATEs a competing worker runs.
CREATE_ATTEMPTS = 5
CREATE_RETRY_DELAY = 0.05
# pg_advisory_xact_lock key guarding table creation (any constant unique to newscrawl).
SCHEMA_LOCK_KEY = 0x6E657773  # "news"
# URLs per ``IN (...)`` query: far below SQLite's 32766-parameter limit, few round trips.
LOOKUP_CHUNK = 500


def utc(value: datetime | None, default: datetime) -> datetime:
    """Timezone-aware UTC; naive datetimes are taken as UTC already."""
    if value is None:
        return default
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


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
        self._article_upsert = _article_upsert(insert)
        self._html_upsert = _html_upsert(insert)
        statement = insert(article_simhash)
        self._simhash_upsert = statement.on_conflict_do_update(
            index_elements=[article_simhash.c.url],
            set_={"simhash": statement.excluded.simhash, "seen_at": statement.excluded.seen_at},
        )

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
                article_rows = [_article_row(record, now) for record in latest.values()]
                html_rows = [
                    _html_row(record, now)
                    for record in latest.values()
                    if self.keep_html and record.html is not None
                ]
                simhash_rows = [
                    {"url": _text(record.url), "simhash": _signed64(record.simhash), "seen_at": now}
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
            return [(url, value & _MASK64) for url, value in connection.execute(query)]

    def ping(self) -> None:
        with self._connect("connect") as connection:
            connection.execute(sa.select(1))

    def close(self) -> None:
        self.engine.dispose()

    # -- administration and re-extraction ----------------------------------------------

    def create_tables(self) -> None:
        """Create missing tables; safe when several crawler processes start at once.

        PostgreSQL serialises the creators on an advisory lock (two concurrent CREATE TABLE
        otherwise fail on pg_type's unique index). SQLite commits each CREATE on its own, so
        a loser of the race retries and then finds the tables.
        """
        for attempt in range(1, CREATE_ATTEMPTS + 1):
            try:
                with self.engine.begin() as connection:
                    if self.engine.dialect.name == "postgresql":
                        lock = sa.func.pg_advisory_xact_lock(SCHEMA_LOCK_KEY)
                        connection.execute(sa.select(lock))
                    metadata.create_all(connection)
                    _rename_legacy_columns(connection)
                    _add_missing_columns(connection)
                return
            except sa.exc.SQLAlchemyError as error:
                if attempt == CREATE_ATTEMPTS:
                    raise StorageError(
                        f"database {self.display_url}: cannot create tables: {describe(error)}"
                    ) from error
                time.sleep(CREATE_RETRY_DELAY * attempt)

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
                    k: _text(v) if isinstance(v, str) else v
                    for k, v in row.items()
                    if k in EXTRACTED_COLUMNS
                },
                "images": [_text(image) for image in row["images"]],
                "match_url": row["url"],
            }
            for row in updates
        ]
        now = datetime.now(UTC)
        simhash_rows = [
            {"url": _text(row["url"]), "simhash": _signed64(row["simhash"]), "seen_at": now}
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
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError as error:
        raise StorageError(f"bad database URL {mask_url(url)!r}: {error}") from None
    if parsed.get_backend_name() not in SUPPORTED_DIALECTS:
        raise StorageError(
            f"database {mask_url(parsed)}: unsupported database {parsed.get_backend_name()!r}"
            f" (use {' or '.join(SUPPORTED_DIALECTS)})"
        )
    _check_sqlite_directory(parsed)
    connect_args: dict[str, Any] = {}
    if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
        connect_args["connect_timeout"] = PG_CONNECT_TIMEOUT
    try:
        # pool_pre_ping: a connection dropped by a database restart is replaced instead of
        # failing the next batch, so the crawl recovers once the server is back.
        engine = sa.create_engine(parsed, pool_pre_ping=True, connect_args=connect_args)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError) as error:
        raise StorageError(f"database {mask_url(parsed)}: {describe(error)}") from None
    if parsed.get_backend_name() == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_on_connect)
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


# Columns renamed since a database could first be created: (table, old name, new name).
LEGACY_COLUMNS = (("article_html", "html_zlib", "html_compressed"),)


def _rename_legacy_columns(connection: sa.Connection) -> None:
    """Bring a database created by an older newscrawl up to the current column names (both
    dialects support ``ALTER TABLE .. RENAME COLUMN``; the stored bytes need no change)."""
    inspector = sa.inspect(connection)
    for table, old, new in LEGACY_COLUMNS:
        names = {column["name"] for column in inspector.get_columns(table)}
        if old in names and new not in names:
            logger.info(
                "Renaming column %(table)s.%(old)s to %(new)s",
                {"table": table, "old": old, "new": new},
            )
            connection.execute(sa.text(f"ALTER TABLE {table} RENAME COLUMN {old} TO {new}"))


# Columns added since a database could first be created: (table, column). Nullable text, so
# existing rows need no value.
ADDED_COLUMNS = (
    ("articles", "source"),
    ("articles", "modified_time"),
    ("site_health", "run"),
    ("articles", "editor"),
)


def _add_missing_columns(connection: sa.Connection) -> None:
    """Add to a database created by an older newscrawl the columns it lacks."""
    inspector = sa.inspect(connection)
    for table, column in ADDED_COLUMNS:
        names = {found["name"] for found in inspector.get_columns(table)}
        if column not in names:
            logger.info("Adding column %(table)s.%(column)s", {"table": table, "column": column})
            connection.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column} TEXT"))


def _check_sqlite_directory(url: sa.URL) -> None:
    """SQLite's own message for a missing directory is "unable to open database file"."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return
    if url.database.startswith("file:"):  # URI form; leave it to SQLite
        return
    directory = Path(url.database).expanduser().resolve().parent
    if not directory.is_dir():
        raise StorageError(f"database {mask_url(url)}: directory {directory} does not exist")


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")  # article_html rows go with their article
    cursor.close()


def _article_upsert(insert: Any) -> Any:
    statement = insert(articles)
    new = statement.excluded
    updates: dict[str, Any] = {name: new[name] for name in EXTRACTED_COLUMNS}
    updates.update(
        site=new.site,
        # A re-crawl through a sitemap has no anchor text; keep the one a list page gave.
        anchor_text=sa.func.coalesce(new.anchor_text, articles.c.anchor_text),
        last_seen=new.last_seen,
        fetch_count=articles.c.fetch_count + 1,
    )
    # A replayed spill record older than the stored row must not overwrite newer content.
    return statement.on_conflict_do_update(
        index_elements=[articles.c.url],
        set_=updates,
        where=new.last_seen >= articles.c.last_seen,
    )


def _html_upsert(insert: Any) -> Any:
    statement = insert(article_html)
    new = statement.excluded
    return statement.on_conflict_do_update(
        index_elements=[article_html.c.url],
        set_={
            name: new[name] for name in ("encoding", "html_compressed", "html_size", "fetched_at")
        },
        where=new.fetched_at >= article_html.c.fetched_at,
    )


_MASK64 = (1 << 64) - 1


def _signed64(value: int) -> int:
    """An unsigned 64-bit value as the signed BIGINT that holds the same bits."""
    return value - (1 << 64) if value >= 1 << 63 else value


def _text(value: str | None) -> str | None:
    """PostgreSQL rejects NUL in text (the whole batch would fail); it carries no content."""
    return value.replace("\x00", "") if value and "\x00" in value else value


def _article_row(record: ArticleRecord, now: datetime) -> dict[str, Any]:
    seen = utc(record.fetched_at, now)
    return {
        "url": _text(record.url),
        "site": _text(record.site),
        "title": _text(record.title),
        "anchor_text": _text(record.anchor_text),
        "content": _text(record.content),
        "content_html": _text(record.content_html),
        "publish_time": _text(record.publish_time),
        "author": _text(record.author),
        "editor": _text(record.editor),
        "source": _text(record.source),
        "modified_time": _text(record.modified_time),
        "images": [_text(image) for image in record.images],
        "lang": _text(record.lang),
        "method": _text(record.method),
        "content_hash": record.content_hash,
        "first_seen": seen,
        "last_seen": seen,
        "fetch_count": 1,
    }


def _html_row(record: ArticleRecord, now: datetime) -> dict[str, Any]:
    assert record.html is not None
    return {
        "url": _text(record.url),
        "encoding": _text(record.encoding),
        "html_compressed": compress_html(record.html),
        "html_size": len(record.html),
        "fetched_at": utc(record.fetched_at, now),
    }
