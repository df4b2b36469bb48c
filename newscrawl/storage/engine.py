"""A SQLAlchemy engine for a news database URL: the dialect check and the connection set-up.

Every refusal is a one-line :class:`StorageError` naming the (masked) URL, raised before the
first connection where it can be (a malformed URL, an unsupported dialect, a missing SQLite
directory, a missing driver).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa

from newscrawl import defaults

from .errors import StorageError, describe, mask_url

DEFAULT_DATABASE_URL = defaults.NEWSCRAWL_DATABASE_URL
SUPPORTED_DIALECTS = ("sqlite", "postgresql")

# Seconds before a PostgreSQL connection attempt gives up; without it an unreachable host
# (packets dropped, not refused) blocks the crawl for minutes at start.
PG_CONNECT_TIMEOUT = 10


def engine_for(url: str) -> sa.Engine:
    """An engine for ``url`` (not yet connected), with the set-up its dialect needs."""
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
    return engine


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
